/* SPDX-License-Identifier: GPL-2.0 */
#ifndef PERF_UTIL_EVSEL_H
#define PERF_UTIL_EVSEL_H

/*
 * An evsel is one event selected on the command line ("cpu-clock",
 * "msr/tsc/", "cycles:u", "{a,b}" members), an evlist the ordered list of
 * them.  Parsing fills attr, name, unit, scale and the group links; the
 * target code fills cpus and threads; a counting backend (struct
 * counter_ops, util/counter.h) fills counts; util/stat.c aggregates them
 * and util/stat-display.c prints them.
 */

#include <stdbool.h>
#include <stddef.h>
#include <linux/perf_event.h>
#include <linux/types.h>

#include "util/bpf_skel/bperf.h"

struct perf_cpu_map;
struct perf_thread_map;
struct counter_ops;
struct cgroup;
struct evsel_stat;

/* One reading: counter value, time enabled, time running (ns). */
struct perf_counts_values {
	__u64 val;
	__u64 ena;
	__u64 run;
};

/* Readings indexed by [cpu map index][thread map index]. */
struct perf_counts {
	int ncpus;
	int nthreads;
	struct perf_counts_values values[];
};

struct perf_counts *perf_counts__new(int ncpus, int nthreads);
void perf_counts__delete(struct perf_counts *counts);
void perf_counts__reset(struct perf_counts *counts);

static inline struct perf_counts_values *
perf_counts(struct perf_counts *counts, int cpu_idx, int thread_idx)
{
	return &counts->values[cpu_idx * counts->nthreads + thread_idx];
}

struct evsel {
	struct perf_event_attr attr;
	char *name; /* as printed: "cpu-clock", "msr/tsc/", "cycles:u" */
	char *pmu_name; /* "cpu", "software", "msr", ... (NULL: generic) */
	char *unit; /* "msec" for the clocks, sysfs .unit, else "" */
	double scale; /* multiply raw counts by this (1.0 default) */
	int idx; /* position in the evlist */

	/* Groups: every evsel points at its leader; a leader at itself. */
	struct evsel *leader;
	int nr_members; /* leader only: group size, 1 if alone */
	bool grouped; /* written inside {...} */
	bool weak_group; /* :W, split where the group cannot open */
	/* The evlist it is loaded from (evlist__load_counters). */
	struct evlist *evlist;

	bool use_bpf; /* counted by bperf: --use-bpf or :b */
	/* With use_bpf: its leader's key in the attr map, from its attr,
	 * set once with the backends (bperf__set_key). */
	struct bperf_attr_key bperf_key;
	int tool_event; /* enum tool_event (tool-events.h), 0: a perf event */
	char *filter; /* --filter of a tracepoint: PERF_EVENT_IOC_SET_FILTER */
	bool uniquified; /* name already carries the PMU (no-merge) */

	struct cgroup *cgrp; /* -G / --for-each-cgroup, NULL otherwise */

	/*
	 * Where to count: the evlist's maps (the target's), or own_cpus and
	 * own_threads where this event counts elsewhere (a PMU with a
	 * cpumask: its CPUs, system-wide).  Set when the counters load.
	 */
	struct perf_cpu_map *cpus;
	struct perf_thread_map *threads;
	/* The sysfs cpumask of its PMU (uncore, power...), NULL if none. */
	struct perf_cpu_map *pmu_cpus;
	/* Maps of its own, owned, NULL when it uses the evlist's. */
	struct perf_cpu_map *own_cpus;
	struct perf_thread_map *own_threads;

	/* Counting backend and its private state. */
	const struct counter_ops *ops;
	void *priv;

	bool supported; /* false: print <not supported> */
	bool counted; /* false while it never ran: <not counted> */
	int open_errno; /* why it is not supported */

	/* Cumulative readings since enable, filled by ops->read(). */
	struct perf_counts *counts;
	/* Readings at the previous interval, for -I deltas. */
	struct perf_counts *prev_counts;

	/* Aggregation and -r statistics, owned by util/stat.c. */
	struct evsel_stat *stats;
};

struct evlist {
	struct evsel **entries;
	int nr_entries;
	int nr_groups;
	struct perf_cpu_map *cpus; /* all CPUs counted on, or {-1} */
	struct perf_thread_map *threads; /* all threads counted, or {-1} */
};

struct evsel *evsel__new(const struct perf_event_attr *attr, const char *name);
/* Zeroed counts shaped evsel->cpus x evsel->threads; 0 or -ENOMEM. */
int evsel__alloc_counts(struct evsel *evsel);
void evsel__delete(struct evsel *evsel);
/* "cycles:u" etc.  Returns 0 or -ENOMEM. */
int evsel__set_name(struct evsel *evsel, const char *name);
bool evsel__is_group_leader(const struct evsel *evsel);
/* True for the software clocks counted in ns (task-clock, cpu-clock). */
bool evsel__is_clock(const struct evsel *evsel);
/* type/config match of a generic event: PERF_TYPE_*, PERF_COUNT_* */
bool evsel__match(const struct evsel *evsel, __u32 type, __u64 config);

struct evlist *evlist__new(void);
void evlist__delete(struct evlist *evlist);
int evlist__add(struct evlist *evlist, struct evsel *evsel);

#define evlist__for_each_entry(evlist, evsel)                                  \
	for (int __i = 0;                                                      \
	     __i < (evlist)->nr_entries && ((evsel) = (evlist)->entries[__i]); \
	     __i++)

/*
 * Each member of the group that leader leads, leader first: the evsels
 * that follow it in evlist and point at it (a group's are contiguous).
 */
#define evlist__for_each_group_member(evlist, lead, member)         \
	for (int __g = (lead)->idx;                                 \
	     __g < (evlist)->nr_entries &&                          \
	     ((member) = (evlist)->entries[__g])->leader == (lead); \
	     __g++)

/* The name of the group that leader leads, as written: "{a,b,c}". */
void evlist__group_name(const struct evlist *evlist, const struct evsel *leader,
			char *buf, size_t size);

#endif /* PERF_UTIL_EVSEL_H */
