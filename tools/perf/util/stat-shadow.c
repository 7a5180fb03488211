// SPDX-License-Identifier: GPL-2.0
/*
 * Derived metrics printed after a count ("shadow stats" in perf): each
 * one divides this event's value by the value of a related event in the
 * same aggregation unit, the same cgroup and the same privilege context
 * (:u, :k, ...), taken from the same evlist.
 *
 *   task-clock, cpu-clock     CPUs utilized  (clock / wall time)
 *   instructions              insn per cycle, stalled cycles per insn
 *   cycles                    GHz            (cycles / clock ns)
 *   branch-misses             of all branches
 *   cache-misses              of all cache refs
 *   L1-dcache-load-misses, L1-icache-load-misses, LLC-load-misses,
 *   dTLB-load-misses, iTLB-load-misses   of all ... accesses
 *   stalled-cycles-*          frontend/backend cycles idle
 *   anything else             K/M/G/sec      (count / clock seconds)
 */
#include <stdio.h>
#include <string.h>

#include "evsel.h"
#include "stat-priv.h"

enum stat_kind {
	KIND_OTHER,
	KIND_NSECS,
	KIND_CYCLES,
	KIND_INSTRUCTIONS,
	KIND_BRANCHES,
	KIND_BRANCH_MISSES,
	KIND_CACHEREFS,
	KIND_CACHE_MISSES,
	KIND_STALLED_FRONT,
	KIND_STALLED_BACK,
	KIND_L1_DCACHE,
	KIND_L1_DCACHE_MISSES,
	KIND_L1_ICACHE,
	KIND_L1_ICACHE_MISSES,
	KIND_LL_CACHE,
	KIND_LL_CACHE_MISSES,
	KIND_DTLB,
	KIND_DTLB_MISSES,
	KIND_ITLB,
	KIND_ITLB_MISSES,
};

#define HW_EVENT_MASK 0xffffffffULL

static __u64 hw_cache_config(int cache, int result)
{
	return (__u64)cache | (PERF_COUNT_HW_CACHE_OP_READ << 8) |
	       ((__u64)result << 16);
}

static enum stat_kind evsel__stat_kind(const struct evsel *evsel)
{
	__u64 config = evsel->attr.config & HW_EVENT_MASK;

	if (evsel__is_clock(evsel))
		return KIND_NSECS;
	if (evsel->attr.type == PERF_TYPE_HARDWARE) {
		switch (config) {
		case PERF_COUNT_HW_CPU_CYCLES:
			return KIND_CYCLES;
		case PERF_COUNT_HW_INSTRUCTIONS:
			return KIND_INSTRUCTIONS;
		case PERF_COUNT_HW_BRANCH_INSTRUCTIONS:
			return KIND_BRANCHES;
		case PERF_COUNT_HW_BRANCH_MISSES:
			return KIND_BRANCH_MISSES;
		case PERF_COUNT_HW_CACHE_REFERENCES:
			return KIND_CACHEREFS;
		case PERF_COUNT_HW_CACHE_MISSES:
			return KIND_CACHE_MISSES;
		case PERF_COUNT_HW_STALLED_CYCLES_FRONTEND:
			return KIND_STALLED_FRONT;
		case PERF_COUNT_HW_STALLED_CYCLES_BACKEND:
			return KIND_STALLED_BACK;
		default:
			return KIND_OTHER;
		}
	}
	if (evsel->attr.type == PERF_TYPE_HW_CACHE) {
		static const struct {
			int cache;
			enum stat_kind access, miss;
		} caches[] = {
			{ PERF_COUNT_HW_CACHE_L1D, KIND_L1_DCACHE,
			  KIND_L1_DCACHE_MISSES },
			{ PERF_COUNT_HW_CACHE_L1I, KIND_L1_ICACHE,
			  KIND_L1_ICACHE_MISSES },
			{ PERF_COUNT_HW_CACHE_LL, KIND_LL_CACHE,
			  KIND_LL_CACHE_MISSES },
			{ PERF_COUNT_HW_CACHE_DTLB, KIND_DTLB,
			  KIND_DTLB_MISSES },
			{ PERF_COUNT_HW_CACHE_ITLB, KIND_ITLB,
			  KIND_ITLB_MISSES },
		};

		for (size_t i = 0; i < sizeof(caches) / sizeof(caches[0]);
		     i++) {
			if (config ==
			    hw_cache_config(caches[i].cache,
					    PERF_COUNT_HW_CACHE_RESULT_ACCESS))
				return caches[i].access;
			if (config ==
			    hw_cache_config(caches[i].cache,
					    PERF_COUNT_HW_CACHE_RESULT_MISS))
				return caches[i].miss;
		}
	}
	return KIND_OTHER;
}

/* perf's evsel_context(): events only relate within one context. */
static unsigned int evsel__context(const struct evsel *evsel)
{
	return evsel->attr.exclude_kernel | evsel->attr.exclude_user << 1 |
	       evsel->attr.exclude_hv << 2 | evsel->attr.exclude_host << 3 |
	       evsel->attr.exclude_idle << 4;
}

/*
 * How many events of a kind relate to evsel in unit id; their average
 * value in *avg (clocks in ns, others in their scaled unit).  With id
 * NULL: how many such events the evlist has at all (for column headers).
 */
static int stat__related(const struct perf_stat_config *config,
			 const struct evlist *evlist, const struct evsel *evsel,
			 enum stat_kind kind, const struct aggr_id *id,
			 double *avg)
{
	unsigned int ctx = evsel__context(evsel);
	double sum = 0;
	int n = 0;

	*avg = 0;
	for (int i = 0; i < evlist->nr_entries; i++) {
		const struct evsel *other = evlist->entries[i];
		const struct stat_unit *unit;
		struct stat_value val;

		if (!other->supported || other->cgrp != evsel->cgrp ||
		    evsel__context(other) != ctx ||
		    evsel__stat_kind(other) != kind)
			continue;
		if (!id) {
			n++;
			continue;
		}
		unit = evsel__find_unit(other, id);
		if (!unit)
			continue;
		stat_unit__value(config, unit, &val);
		sum += kind == KIND_NSECS ? val.count :
					    val.count * other->scale;
		n++;
	}
	if (n)
		*avg = sum / n;
	return n;
}

/* perf's convert_unit_double(): 1234567 -> 1.234567 'M'. */
static double stat__convert_unit(double value, char *unit)
{
	*unit = ' ';
	if (value > 1000.0) {
		value /= 1000.0;
		*unit = 'K';
	}
	if (value > 1000.0) {
		value /= 1000.0;
		*unit = 'M';
	}
	if (value > 1000.0) {
		value /= 1000.0;
		*unit = 'G';
	}
	return value;
}

/* One event's metrics in one unit: what every metric below needs. */
struct shadow {
	const struct perf_stat_config *config;
	const struct evlist *evlist;
	const struct evsel *evsel;
	const struct aggr_id *id; /* NULL: column headers only */
	double uval; /* the event's scaled value */
	struct metric_out *out;
};

/* How many events of a kind relate to this one; their average in *avg. */
static int shadow__related(const struct shadow *sh, enum stat_kind kind,
			   const struct aggr_id *id, double *avg)
{
	return stat__related(sh->config, sh->evlist, sh->evsel, kind, id, avg);
}

/* "x of all y": a miss event as a share of the event it is a miss of. */
static const struct shadow_ratio {
	enum stat_kind kind, base;
	const char *fmt, *unit;
} shadow_ratios[] = {
	{ KIND_BRANCH_MISSES, KIND_BRANCHES, "%7.2f%%", "of all branches" },
	{ KIND_L1_DCACHE_MISSES, KIND_L1_DCACHE, "%7.2f%%",
	  "of all L1-dcache accesses" },
	{ KIND_L1_ICACHE_MISSES, KIND_L1_ICACHE, "%7.2f%%",
	  "of all L1-icache accesses" },
	{ KIND_DTLB_MISSES, KIND_DTLB, "%7.2f%%",
	  "of all dTLB cache accesses" },
	{ KIND_ITLB_MISSES, KIND_ITLB, "%7.2f%%",
	  "of all iTLB cache accesses" },
	{ KIND_LL_CACHE_MISSES, KIND_LL_CACHE, "%7.2f%%",
	  "of all LL-cache accesses" },
	{ KIND_CACHE_MISSES, KIND_CACHEREFS, "%8.3f %%", "of all cache refs" },
};

/* The percentage, when the base event is counted. */
static void shadow__ratio(const struct shadow *sh,
			  const struct shadow_ratio *ratio)
{
	struct metric_out *out = sh->out;
	double total;

	if (out->blank || !shadow__related(sh, ratio->base, sh->id, &total)) {
		out->print_metric(out, NULL, ratio->unit, 0);
		return;
	}
	out->print_metric(out, ratio->fmt, ratio->unit,
			  total ? sh->uval / total * 100.0 : 0);
}

/* instructions: insn per cycle, then stalled cycles per insn. */
static void shadow__instructions(const struct shadow *sh)
{
	struct metric_out *out = sh->out;
	double total, total2;
	int n, n2;

	n = shadow__related(sh, KIND_CYCLES, sh->id, &total);
	if (!out->blank && n && total)
		out->print_metric(out, "%7.2f ", "insn per cycle",
				  sh->uval / total);
	else
		out->print_metric(out, NULL, "insn per cycle", 0);

	n = shadow__related(sh, KIND_STALLED_FRONT, sh->id, &total);
	n2 = shadow__related(sh, KIND_STALLED_BACK, sh->id, &total2);
	if (total2 > total)
		total = total2;
	if (!out->blank && (n || n2) && total && sh->uval) {
		out->new_line(out);
		out->print_metric(out, "%7.2f ", "stalled cycles per insn",
				  total / sh->uval);
	} else if (out->force_columns &&
		   (shadow__related(sh, KIND_STALLED_FRONT, NULL, &total) ||
		    shadow__related(sh, KIND_STALLED_BACK, NULL, &total))) {
		/* --metric-only keeps its columns in place. */
		out->new_line(out);
		out->print_metric(out, NULL, "stalled cycles per insn", 0);
	}
}

/* stalled-cycles-*: the share of cycles idle. */
static void shadow__stalled(const struct shadow *sh, enum stat_kind kind)
{
	const char *unit = kind == KIND_STALLED_FRONT ? "frontend cycles idle" :
							"backend cycles idle";
	struct metric_out *out = sh->out;
	double total;

	if (out->blank) {
		out->print_metric(out, NULL, unit, 0);
		return;
	}
	shadow__related(sh, KIND_CYCLES, sh->id, &total);
	out->print_metric(out, "%7.2f%%", unit,
			  total ? sh->uval / total * 100.0 : 0);
}

/* cycles: GHz over the clock events' time. */
static void shadow__cycles(const struct shadow *sh)
{
	struct metric_out *out = sh->out;
	double total;

	shadow__related(sh, KIND_NSECS, sh->id, &total);
	if (!out->blank && total)
		out->print_metric(out, "%8.3f", "GHz", sh->uval / total);
	else
		out->print_metric(out, NULL, "GHz", 0);
}

/* task-clock, cpu-clock: CPUs utilized over the wall time. */
static void shadow__clock(const struct shadow *sh)
{
	double walltime = stat__walltime_ns(sh->config);
	struct metric_out *out = sh->out;

	if (!out->blank && walltime && sh->evsel->scale)
		out->print_metric(out, "%8.3f", "CPUs utilized",
				  sh->uval / (walltime * sh->evsel->scale));
	else
		out->print_metric(out, NULL, "CPUs utilized", 0);
}

/* Any other event: a rate per second of clock time, if a clock counts. */
static void shadow__rate(const struct shadow *sh)
{
	struct metric_out *out = sh->out;
	char prefix = ' ', unit[16] = "/sec";
	double total, ratio = 0;

	if (!shadow__related(sh, KIND_NSECS, sh->id, &total)) {
		out->print_metric(out, NULL, NULL, 0);
		return;
	}
	if (out->blank) {
		out->print_metric(out, NULL, unit, 0);
		return;
	}
	if (total)
		ratio = stat__convert_unit(1e9 * sh->uval / total, &prefix);
	if (prefix != ' ')
		snprintf(unit, sizeof(unit), "%c/sec", prefix);
	out->print_metric(out, "%8.3f", unit, ratio);
}

void stat__print_shadow_metrics(const struct perf_stat_config *config,
				const struct evlist *evlist,
				const struct evsel *evsel,
				const struct aggr_id *id, double uval,
				struct metric_out *out)
{
	const struct shadow sh = {
		.config = config,
		.evlist = evlist,
		.evsel = evsel,
		.id = id,
		.uval = uval,
		.out = out,
	};
	enum stat_kind kind = evsel__stat_kind(evsel);

	for (size_t i = 0; i < sizeof(shadow_ratios) / sizeof(shadow_ratios[0]);
	     i++) {
		if (shadow_ratios[i].kind == kind) {
			shadow__ratio(&sh, &shadow_ratios[i]);
			return;
		}
	}
	switch (kind) {
	case KIND_INSTRUCTIONS:
		shadow__instructions(&sh);
		break;
	case KIND_STALLED_FRONT:
	case KIND_STALLED_BACK:
		shadow__stalled(&sh, kind);
		break;
	case KIND_CYCLES:
		shadow__cycles(&sh);
		break;
	case KIND_NSECS:
		shadow__clock(&sh);
		break;
	default:
		shadow__rate(&sh);
		break;
	}
}
