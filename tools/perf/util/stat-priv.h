/* SPDX-License-Identifier: GPL-2.0 */
#ifndef PERF_UTIL_STAT_PRIV_H
#define PERF_UTIL_STAT_PRIV_H

/*
 * Shared between util/stat.c (aggregation), util/stat-shadow.c (derived
 * metrics) and the printers (util/stat-display*.c), and the unit tests
 * of them.  Nobody else includes it: what others read of the units is
 * in stat.h.
 *
 * Each evsel's counts ([cpu idx][thread idx]) fold into aggregation
 * units: one for AGGR_GLOBAL, one per CPU for AGGR_NONE, one per thread
 * for AGGR_THREAD, one per core/socket/die/node/cache/cluster otherwise.
 */

#include <stdbool.h>
#include <linux/types.h>

#include "stat.h"

struct evsel;
struct evlist;

struct stat_unit {
	struct aggr_id id;
	int nr_cpus; /* distinct CPUs folded into the unit */
	int nr; /* "aggregate-number" as perf prints it */
	double count; /* this run/interval, multiplex-scaled, unit-less */
	__u64 ena, run;
	bool bad; /* some CPU of the unit did not count */
	struct stats res[3]; /* -r: count, ena, run over the runs */
};

struct evsel_stat {
	enum aggr_mode mode;
	int cache_level;
	const struct perf_cpu_map *cpus;
	const struct perf_thread_map *threads;
	int ncpus, nthreads;
	int nr_units;
	struct stat_unit *units;
	int *unit_of; /* [cpu idx * nthreads + thread idx] -> unit */
};

/* What gets printed for one unit (averaged over the runs with -r). */
struct stat_value {
	double count; /* before evsel->scale */
	__u64 ena, run;
	int nr;
	bool counted; /* ran at all */
	double stddev; /* -r: standard deviation of the mean of count */
};

int aggr_id__cmp(const struct aggr_id *a, const struct aggr_id *b);
static inline bool aggr_id__equal(const struct aggr_id *a,
				  const struct aggr_id *b)
{
	return aggr_id__cmp(a, b) == 0;
}

/* The unit of evsel with this id, or NULL. */
struct stat_unit *evsel__find_unit(const struct evsel *evsel,
				   const struct aggr_id *id);
/* Make sure evsel->stats matches the evsel's maps and the mode. */
int evsel__prepare_stats(const struct perf_stat_config *config,
			 struct evsel *evsel);
void stat_unit__value(const struct perf_stat_config *config,
		      const struct stat_unit *unit, struct stat_value *val);

/* Walltime that "CPUs utilized" divides by, in ns. */
double stat__walltime_ns(const struct perf_stat_config *config);

/*
 * Derived metrics (util/stat-shadow.c).  A printer receives each metric
 * of an event as (fmt, unit, value); fmt NULL means "no value", unit NULL
 * "this event has no metric".  new_line starts a second metric line.
 */
struct metric_out {
	void (*print_metric)(struct metric_out *out, const char *fmt,
			     const char *unit, double val);
	void (*new_line)(struct metric_out *out);
	/*
	 * Emit every column the event can have even without a value
	 * (--metric-only rows and headers), blank: values unknown.
	 */
	bool force_columns;
	bool blank;
};

void stat__print_shadow_metrics(const struct perf_stat_config *config,
				const struct evlist *evlist,
				const struct evsel *evsel,
				const struct aggr_id *id, double uval,
				struct metric_out *out);

#endif /* PERF_UTIL_STAT_PRIV_H */
