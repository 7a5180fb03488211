// SPDX-License-Identifier: GPL-2.0
/*
 * Aggregation of evsel->counts into the units that perf stat prints, with
 * multiplex scaling, -I deltas and -r statistics.
 *
 *   evsel->counts [cpu idx][thread idx] = {val, ena, run}, cumulative
 *        |  -I: minus evsel->prev_counts (then prev_counts = counts)
 *        v
 *   per entry: scaled val = val * ena / run        (except AGGR_GLOBAL)
 *        |  summed into the entry's unit (CPU, thread, core, socket...)
 *        v
 *   AGGR_GLOBAL: the raw sums are scaled once, like perf does
 *        |  -r: each run's unit value feeds struct stats (Welford)
 *        v
 *   evsel->stats->units[], read by stat-display.c and stat-shadow.c
 *
 * The same units' raw sums, unscaled, for perf stat --serve
 * (evsel__unit_sums()).
 */
#include <errno.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cpumap.h"
#include "evsel.h"
#include "stat-priv.h"
#include "stat.h"
#include "thread_map.h"
#include "tool-events.h"
#include "topology.h"

void update_stats(struct stats *stats, double val)
{
	double delta;

	stats->n++;
	delta = val - stats->mean;
	stats->mean += delta / stats->n;
	stats->M2 += delta * (val - stats->mean);
}

double avg_stats(const struct stats *stats)
{
	return stats->mean;
}

/*
 * The standard deviation of the mean: sqrt(s^2 / n) with the sample
 * variance s^2 = M2 / (n - 1).
 */
double stddev_stats(const struct stats *stats)
{
	double variance;

	if (stats->n < 2)
		return 0.0;
	variance = stats->M2 / (stats->n - 1);
	return sqrt(variance / stats->n);
}

double rel_stddev_stats(double stddev, double avg)
{
	if (!avg)
		return 0.0;
	return 100.0 * stddev / avg;
}

static int cmp_int(int a, int b)
{
	return a < b ? -1 : a > b;
}

int aggr_id__cmp(const struct aggr_id *a, const struct aggr_id *b)
{
	int ret;

	if ((ret = cmp_int(a->node, b->node)) ||
	    (ret = cmp_int(a->socket, b->socket)) ||
	    (ret = cmp_int(a->die, b->die)) ||
	    (ret = cmp_int(a->cluster, b->cluster)) ||
	    (ret = cmp_int(a->cache_lvl, b->cache_lvl)) ||
	    (ret = cmp_int(a->cache, b->cache)) ||
	    (ret = cmp_int(a->core, b->core)) ||
	    (ret = cmp_int(a->cpu, b->cpu)))
		return ret;
	return cmp_int(a->thread_idx, b->thread_idx);
}

static void aggr_id__init(struct aggr_id *id)
{
	memset(id, 0, sizeof(*id));
	id->cpu = -1;
	id->tid = -1;
}

/* The unit a CPU belongs to under a topology mode. */
static void aggr_id__from_cpu(enum aggr_mode mode, int cache_level, int cpu,
			      struct aggr_id *id)
{
	struct cpu_topology topo = {
		.socket = -1,
		.die = -1,
		.cluster = -1,
		.core = -1,
		.node = -1,
		.cache_level = cache_level,
		.cache_id = -1,
	};

	aggr_id__init(id);
	if (cpu >= 0 && cpu__topology(cpu, cache_level, &topo)) {
		topo.socket = topo.die = topo.cluster = topo.core = -1;
		topo.node = topo.cache_id = -1;
	}
	switch (mode) {
	case AGGR_CORE:
		id->socket = topo.socket;
		id->die = topo.die;
		id->core = topo.core;
		break;
	case AGGR_SOCKET:
		id->socket = topo.socket;
		break;
	case AGGR_DIE:
		id->socket = topo.socket;
		id->die = topo.die;
		break;
	case AGGR_NODE:
		id->node = topo.node;
		break;
	case AGGR_CACHE:
		id->socket = topo.socket;
		id->die = topo.die;
		id->cache_lvl = topo.cache_level;
		id->cache = topo.cache_id;
		break;
	case AGGR_CLUSTER:
		id->socket = topo.socket;
		id->die = topo.die;
		id->cluster = topo.cluster;
		break;
	case AGGR_NONE:
		id->cpu = cpu;
		break;
	case AGGR_GLOBAL:
	case AGGR_THREAD:
	case AGGR_MAX:
	default:
		break;
	}
}

static void evsel_stat__release(struct evsel_stat *es)
{
	free(es->units);
	free(es->unit_of);
	es->units = NULL;
	es->unit_of = NULL;
	es->nr_units = 0;
}

static int stat_unit__cmp(const void *a, const void *b)
{
	const struct stat_unit *ua = a, *ub = b;

	return aggr_id__cmp(&ua->id, &ub->id);
}

/* The unit id of every [cpu idx][thread idx] entry of the maps. */
static void evsel_stat__entry_ids(const struct perf_stat_config *config,
				  const struct evsel_stat *es,
				  struct aggr_id *entry_id)
{
	const struct perf_cpu_map *cpus = es->cpus;
	const struct perf_thread_map *threads = es->threads;

	for (int ci = 0; ci < es->ncpus; ci++) {
		int cpu = cpus && cpus->nr > 0 ? cpus->map[ci] : -1;
		struct aggr_id cpu_id;

		aggr_id__from_cpu(es->mode, config->cache_level, cpu, &cpu_id);
		for (int ti = 0; ti < es->nthreads; ti++) {
			struct aggr_id *id = &entry_id[ci * es->nthreads + ti];

			*id = cpu_id;
			if (es->mode == AGGR_THREAD) {
				id->thread_idx = ti;
				id->tid = threads && threads->nr > 0 ?
						  threads->map[ti] :
						  -1;
			}
		}
	}
}

static int evsel_stat__unit_of(const struct evsel_stat *es,
			       const struct aggr_id *id)
{
	int u;

	for (u = 0; u < es->nr_units; u++)
		if (aggr_id__equal(&es->units[u].id, id))
			break;
	return u;
}

/* Distinct ids, sorted: the units, in the order they print in. */
static void evsel_stat__add_units(struct evsel_stat *es,
				  const struct aggr_id *entry_id)
{
	for (int e = 0; e < es->ncpus * es->nthreads; e++) {
		if (evsel_stat__unit_of(es, &entry_id[e]) == es->nr_units)
			es->units[es->nr_units++].id = entry_id[e];
	}
	qsort(es->units, es->nr_units, sizeof(*es->units), stat_unit__cmp);
}

/* Which unit each entry folds into, and how many CPUs each unit has. */
static void evsel_stat__map_entries(struct evsel_stat *es,
				    const struct aggr_id *entry_id)
{
	for (int ci = 0; ci < es->ncpus; ci++) {
		int last_unit = -1;

		for (int ti = 0; ti < es->nthreads; ti++) {
			int e = ci * es->nthreads + ti;
			int u = evsel_stat__unit_of(es, &entry_id[e]);

			es->unit_of[e] = u;
			/* A CPU counts once per unit, whatever its threads. */
			if (u != last_unit)
				es->units[u].nr_cpus++;
			last_unit = u;
		}
	}
	for (int u = 0; u < es->nr_units; u++)
		es->units[u].nr = es->units[u].nr_cpus;
}

/* Build the units of one evsel from its CPU and thread maps. */
static int evsel_stat__build(const struct perf_stat_config *config,
			     struct evsel *evsel, struct evsel_stat *es)
{
	const struct perf_cpu_map *cpus = evsel->cpus;
	const struct perf_thread_map *threads = evsel->threads;
	int ncpus = cpus && cpus->nr > 0 ? cpus->nr : 1;
	int nthreads = threads && threads->nr > 0 ? threads->nr : 1;
	struct aggr_id *entry_id;
	int err = -ENOMEM;

	evsel_stat__release(es);
	es->mode = config->aggr_mode;
	es->cache_level = config->cache_level;
	es->cpus = cpus;
	es->threads = threads;
	es->ncpus = ncpus;
	es->nthreads = nthreads;

	entry_id = calloc((size_t)ncpus * nthreads, sizeof(*entry_id));
	es->unit_of = calloc((size_t)ncpus * nthreads, sizeof(*es->unit_of));
	es->units = calloc((size_t)ncpus * nthreads, sizeof(*es->units));
	if (!entry_id || !es->unit_of || !es->units)
		goto out;
	evsel_stat__entry_ids(config, es, entry_id);
	evsel_stat__add_units(es, entry_id);
	evsel_stat__map_entries(es, entry_id);
	err = 0;
out:
	free(entry_id);
	if (err)
		evsel_stat__release(es);
	return err;
}

int evsel__prepare_stats(const struct perf_stat_config *config,
			 struct evsel *evsel)
{
	struct evsel_stat *es = evsel->stats;

	if (!es) {
		es = calloc(1, sizeof(*es));
		if (!es)
			return -ENOMEM;
		evsel->stats = es;
	}
	if (es->units && es->mode == config->aggr_mode &&
	    es->cache_level == config->cache_level && es->cpus == evsel->cpus &&
	    es->threads == evsel->threads &&
	    es->ncpus == (evsel->cpus && evsel->cpus->nr > 0 ? evsel->cpus->nr :
							       1) &&
	    es->nthreads == (evsel->threads && evsel->threads->nr > 0 ?
				     evsel->threads->nr :
				     1))
		return 0;
	return evsel_stat__build(config, evsel, es);
}

int evsel__nr_units(const struct perf_stat_config *config, struct evsel *evsel)
{
	int err = evsel__prepare_stats(config, evsel);

	return err ? err : evsel->stats->nr_units;
}

void evsel__unit_sums(const struct evsel *evsel, struct stat_unit_sums *sums)
{
	const struct evsel_stat *es = evsel->stats;
	const struct perf_counts *counts = evsel->counts;
	int nr_entries = es->ncpus * es->nthreads;

	for (int u = 0; u < es->nr_units; u++)
		sums[u] = (struct stat_unit_sums){ .id = es->units[u].id };
	if (!counts || !evsel->supported)
		return;
	if (counts->ncpus * counts->nthreads < nr_entries)
		nr_entries = counts->ncpus * counts->nthreads;
	for (int e = 0; e < nr_entries; e++) {
		const struct perf_counts_values *v = &counts->values[e];
		struct stat_unit_sums *sum = &sums[es->unit_of[e]];

		sum->val += v->val;
		sum->ena += v->ena;
		sum->run += v->run;
	}
}

void aggr_id__thread(const struct evsel *evsel, const struct aggr_id *id,
		     char *comm, size_t size, int *tid)
{
	char *dash;

	*tid = id->tid;
	if (!evsel->threads ||
	    thread_map__comm(evsel->threads, id->thread_idx, comm, size) < 0 ||
	    !(dash = strrchr(comm, '-'))) {
		snprintf(comm, size, "unknown");
		return;
	}
	*dash = '\0';
	*tid = atoi(dash + 1);
}

struct stat_unit *evsel__find_unit(const struct evsel *evsel,
				   const struct aggr_id *id)
{
	const struct evsel_stat *es = evsel->stats;

	if (!es || !es->units)
		return NULL;
	for (int u = 0; u < es->nr_units; u++)
		if (aggr_id__equal(&es->units[u].id, id))
			return &es->units[u];
	return NULL;
}

int evlist__alloc_stats(struct perf_stat_config *config, struct evlist *evlist)
{
	struct evsel *evsel;

	config->interval_lines = 0;
	evlist__for_each_entry(evlist, evsel) {
		int err = evsel__prepare_stats(config, evsel);

		if (err) {
			evlist__free_stats(evlist);
			return err;
		}
	}
	return 0;
}

void evlist__free_stats(struct evlist *evlist)
{
	struct evsel *evsel;

	evlist__for_each_entry(evlist, evsel) {
		if (!evsel->stats)
			continue;
		evsel_stat__release(evsel->stats);
		free(evsel->stats);
		evsel->stats = NULL;
	}
}

void evlist__reset_stats(struct evlist *evlist)
{
	struct evsel *evsel;

	evlist__for_each_entry(evlist, evsel) {
		struct evsel_stat *es = evsel->stats;

		if (evsel->prev_counts)
			perf_counts__reset(evsel->prev_counts);
		if (!es)
			continue;
		for (int u = 0; u < es->nr_units; u++) {
			struct stat_unit *unit = &es->units[u];

			memset(unit->res, 0, sizeof(unit->res));
			unit->count = 0;
			unit->ena = unit->run = 0;
			unit->bad = false;
			unit->nr = unit->nr_cpus;
		}
	}
}

/*
 * perf's perf_counts_values__scale(): a count that never ran reads 0 and
 * is flagged; one that ran part of the time is extrapolated (truncated to
 * an integer, as perf does).
 */
static bool stat__scale(const struct perf_stat_config *config,
			struct perf_counts_values *count)
{
	if (!config->scale)
		return count->run != 0;
	if (count->run == 0) {
		count->val = 0;
		return false;
	}
	if (count->run < count->ena) {
		double scaled = (double)count->val * count->ena / count->run;

		/* Past 2^64 only from a damaged perf.data file: saturate. */
		count->val = scaled < 18446744073709551616.0 ? (__u64)scaled :
							       UINT64_MAX;
	}
	return true;
}

/* This reading, or since the previous interval (updating prev). */
static struct perf_counts_values stat__delta(struct perf_counts_values now,
					     struct perf_counts_values *prev)
{
	struct perf_counts_values delta = now;

	if (!prev)
		return delta;
	/* Counters restarted (a new -r run): take the reading whole. */
	if (now.val >= prev->val && now.ena >= prev->ena &&
	    now.run >= prev->run) {
		delta.val -= prev->val;
		delta.ena -= prev->ena;
		delta.run -= prev->run;
	}
	*prev = now;
	return delta;
}

/* -I: the readings of the previous interval, shaped like the counts. */
static int evsel__prepare_prev_counts(struct evsel *evsel)
{
	const struct perf_counts *counts = evsel->counts;

	if (evsel->prev_counts && evsel->prev_counts->ncpus == counts->ncpus &&
	    evsel->prev_counts->nthreads == counts->nthreads)
		return 0;
	perf_counts__delete(evsel->prev_counts);
	evsel->prev_counts = perf_counts__new(counts->ncpus, counts->nthreads);
	return evsel->prev_counts ? 0 : -ENOMEM;
}

/* Fold one entry's scaled reading into its unit (not AGGR_GLOBAL). */
static void stat_unit__add(const struct perf_stat_config *config,
			   const struct evsel_stat *es, struct stat_unit *unit,
			   struct perf_counts_values now, bool first_of_cpu)
{
	if (unit->bad)
		return;
	if (first_of_cpu)
		unit->nr++;
	if (!stat__scale(config, &now) || now.ena == 0) {
		/*
		 * Like perf: in a CPU aggregate one CPU that did not count
		 * spoils the whole unit, so that intervals stay consistent.
		 */
		if (es->mode != AGGR_THREAD &&
		    (es->mode != AGGR_NONE || es->nthreads == 1)) {
			unit->bad = true;
			unit->count = 0;
			unit->ena = unit->run = 0;
			return;
		}
	}
	unit->count += (double)now.val;
	unit->ena += now.ena;
	unit->run += now.run;
}

/* AGGR_GLOBAL: the raw sums, scaled once, as perf does. */
static void evsel_stat__set_global(const struct perf_stat_config *config,
				   struct evsel_stat *es,
				   struct perf_counts_values sum)
{
	struct stat_unit *unit = &es->units[0];

	unit->bad = !stat__scale(config, &sum);
	unit->count = (double)sum.val;
	unit->ena = sum.ena;
	unit->run = sum.run;
	unit->nr = unit->nr_cpus;
}

/* Every entry of this run or interval, folded into the units. */
static void evsel__fold_counts(const struct perf_stat_config *config,
			       struct evsel *evsel)
{
	const struct perf_counts *counts = evsel->counts;
	struct perf_counts_values sum = { 0 };
	struct evsel_stat *es = evsel->stats;

	for (int ci = 0; ci < es->ncpus; ci++) {
		int last_unit = -1;

		for (int ti = 0; ti < es->nthreads; ti++) {
			struct perf_counts_values now = { 0 }, *prev = NULL;
			int u = es->unit_of[ci * es->nthreads + ti];
			bool first_of_cpu = u != last_unit;

			last_unit = u;
			if (counts && ci < counts->ncpus &&
			    ti < counts->nthreads) {
				now = *perf_counts(evsel->counts, ci, ti);
				if (config->interval)
					prev = perf_counts(evsel->prev_counts,
							   ci, ti);
			}
			now = stat__delta(now, prev);
			/*
			 * duration_time counts in its first slot only, as perf
			 * counts it on one CPU: the other slots are no part of
			 * a unit (--per-socket printed it <not counted>).
			 */
			if (evsel->tool_event == TOOL_EVENT_DURATION_TIME &&
			    (ci || ti))
				continue;
			if (es->mode != AGGR_GLOBAL) {
				stat_unit__add(config, es, &es->units[u], now,
					       first_of_cpu);
				continue;
			}
			sum.val += now.val;
			sum.ena += now.ena;
			sum.run += now.run;
		}
	}
	if (es->mode == AGGR_GLOBAL && es->nr_units)
		evsel_stat__set_global(config, es, sum);
}

static int evsel__process_counts(struct perf_stat_config *config,
				 struct evsel *evsel)
{
	bool interval = config->interval != 0;
	struct evsel_stat *es;
	int err;

	err = evsel__prepare_stats(config, evsel);
	if (err)
		return err;
	es = evsel->stats;
	if (interval && evsel->counts) {
		err = evsel__prepare_prev_counts(evsel);
		if (err)
			return err;
	}

	for (int u = 0; u < es->nr_units; u++) {
		struct stat_unit *unit = &es->units[u];

		unit->count = 0;
		unit->ena = unit->run = 0;
		unit->bad = false;
		unit->nr = 0;
	}
	evsel__fold_counts(config, evsel);
	for (int u = 0; u < es->nr_units; u++) {
		struct stat_unit *unit = &es->units[u];

		/* (duration_time's unit has its first CPU or none, as perf) */
		if (!unit->bad && unit->nr < unit->nr_cpus &&
		    evsel->tool_event != TOOL_EVENT_DURATION_TIME)
			unit->nr = unit->nr_cpus;
		if (config->run_count > 1 && !interval) {
			update_stats(&unit->res[0], unit->count);
			update_stats(&unit->res[1], (double)unit->ena);
			update_stats(&unit->res[2], (double)unit->run);
		}
	}
	return 0;
}

int perf_stat__process_counters(struct perf_stat_config *config,
				struct evlist *evlist)
{
	struct evsel *evsel;

	evlist__for_each_entry(evlist, evsel) {
		int err = evsel__process_counts(config, evsel);

		if (err)
			return err;
	}
	return 0;
}

void stat_unit__value(const struct perf_stat_config *config,
		      const struct stat_unit *unit, struct stat_value *val)
{
	memset(val, 0, sizeof(*val));
	val->nr = unit->nr;
	if (config->run_count > 1 && !config->interval && unit->res[0].n > 0) {
		val->count = avg_stats(&unit->res[0]);
		val->ena = (__u64)avg_stats(&unit->res[1]);
		val->run = (__u64)avg_stats(&unit->res[2]);
		val->stddev = stddev_stats(&unit->res[0]);
	} else {
		val->count = unit->count;
		val->ena = unit->ena;
		val->run = unit->run;
		if (unit->bad)
			val->ena = val->run = 0;
	}
	val->counted = val->run != 0 && val->ena != 0;
}

double stat__walltime_ns(const struct perf_stat_config *config)
{
	if (config->interval)
		return config->interval * 1000000.0;
	if (config->walltime_nsecs_stats.n > 0)
		return avg_stats(&config->walltime_nsecs_stats);
	return config->walltime_ns;
}
