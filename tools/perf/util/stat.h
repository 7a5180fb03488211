/* SPDX-License-Identifier: GPL-2.0 */
#ifndef PERF_UTIL_STAT_H
#define PERF_UTIL_STAT_H

/*
 * Aggregation of evsel->counts into what is printed, -r statistics, and
 * the configuration every printer reads.  Owned by util/stat.c; printed by
 * util/stat-display.c.
 */

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>
#include <time.h>
#include <sys/types.h>
#include <linux/types.h>

struct evlist;
struct evsel;
struct target;

enum aggr_mode {
	AGGR_GLOBAL, /* default: one total per event */
	AGGR_NONE, /* -A/--no-aggr: per CPU */
	AGGR_THREAD, /* --per-thread */
	AGGR_CORE, /* --per-core */
	AGGR_SOCKET, /* --per-socket */
	AGGR_DIE, /* --per-die */
	AGGR_NODE, /* --per-node */
	AGGR_CACHE, /* --per-cache[=L1..L3], default the last level */
	AGGR_CLUSTER, /* --per-cluster */
	AGGR_MAX,
};

/* Running mean and variance (Welford), for -r and the elapsed time. */
struct stats {
	double n, mean, M2;
};

void update_stats(struct stats *stats, double val);
double avg_stats(const struct stats *stats);
double stddev_stats(const struct stats *stats);
/* 100 * stddev of the mean / mean, as "( +- x% )" prints it. */
double rel_stddev_stats(double stddev, double avg);

struct perf_stat_config {
	enum aggr_mode aggr_mode;
	int cache_level; /* --per-cache=L<n>, 0: last level */
	bool json_output; /* -j */
	const char *csv_sep; /* -x SEP, NULL for human output */
	bool metric_only; /* --metric-only */
	bool no_merge; /* --no-merge */
	bool big_num; /* thousands separators (default on) */
	bool scale; /* scale multiplexed counts (default) */
	bool quiet; /* -q: print nothing but errors */
	int verbose; /* -v */
	unsigned int interval; /* -I MS, 0 if off */
	unsigned int interval_count; /* --interval-count */
	bool interval_clear; /* --interval-clear */
	bool summary; /* --summary: the whole run's totals after -I */
	bool no_csv_summary; /* --no-csv-summary: no "summary" CSV column */
	bool summary_line; /* printing the --summary now */
	bool walltime_run_table; /* --table: every run's elapsed time */
	double *walltime_run; /* [run_count] ns, with --table */
	int run_count; /* -r N (1 default) */
	int run_idx; /* which run is being processed */
	FILE *output; /* stderr (as perf), or -o FILE */

	/* Filled by builtin-stat before printing. */
	double walltime_ns; /* elapsed of this run */
	struct stats walltime_nsecs_stats; /* over -r runs */
	double ru_utime_s, ru_stime_s; /* children's rusage (workload) */
	struct stats ru_utime_stats, ru_stime_stats;
	const struct target *target;
	bool no_rusage; /* perf stat report: no user and sys times to print */
	int argc; /* workload command, for the header */
	const char **argv;

	/* Printer state: -I lines since the column header (every 25). */
	int interval_lines;
};

/*
 * Allocate evsel->stats for every evsel of the list; the next -I output
 * starts with its column header.
 */
int evlist__alloc_stats(struct perf_stat_config *config, struct evlist *evlist);
void evlist__free_stats(struct evlist *evlist);
/* Forget -r accumulation (start of a new repeat series). */
void evlist__reset_stats(struct evlist *evlist);

/*
 * Aggregate each evsel->counts per config->aggr_mode (for -I: the delta
 * since evsel->prev_counts, which is then updated), scale by
 * enabled/running, and, for -r, add this run to the per-event statistics.
 */
int perf_stat__process_counters(struct perf_stat_config *config,
				struct evlist *evlist);

/*
 * Who an aggregation unit is (a CPU, a thread, a core, a socket...);
 * only the fields of the aggregation mode are set.
 */
struct aggr_id {
	int node;
	int socket;
	int die;
	int cluster;
	int cache_lvl;
	int cache;
	int core;
	int cpu; /* AGGR_NONE: the CPU, -1 for "any CPU" */
	int thread_idx; /* AGGR_THREAD: index in evsel->threads */
	pid_t tid; /* AGGR_THREAD: the thread id */
};

/* "comm-tid" of a --per-thread unit split into its comm and tid. */
void aggr_id__thread(const struct evsel *evsel, const struct aggr_id *id,
		     char *comm, size_t size, int *tid);

/* One unit's raw sums: the counts folded into it, not scaled. */
struct stat_unit_sums {
	struct aggr_id id;
	__u64 val, ena, run;
};

/*
 * The units of evsel in config's aggregation mode, for those who publish
 * the counts rather than print them (perf stat --serve): their number,
 * or a negative errno.  evsel__unit_sums() then fills that many, in the
 * order they print in (sums of zero for an event not supported).
 */
int evsel__nr_units(const struct perf_stat_config *config, struct evsel *evsel);
void evsel__unit_sums(const struct evsel *evsel, struct stat_unit_sums *sums);

/*
 * Print everything in the configured format: the header, one line (or
 * JSON object) per event and aggregation unit with its derived metric,
 * and the elapsed/user/sys footer.  ts is the interval timestamp (time
 * since the start) in -I mode, NULL otherwise.
 */
void evlist__print_counters(struct evlist *evlist,
			    struct perf_stat_config *config,
			    const struct timespec *ts);

#endif /* PERF_UTIL_STAT_H */
