/* SPDX-License-Identifier: GPL-2.0 */
#ifndef PERF_UTIL_STAT_RECORD_H
#define PERF_UTIL_STAT_RECORD_H

/*
 * perf stat record / perf stat report / perf script: counts in a
 * perf.data file, as upstream perf writes and reads them.
 *
 *   writer (stat_record)            file                 reader (stat_file)
 *   setup, once counters load  ->  attrs + ids,       ->  one evsel per attr,
 *                                  EVENT_UPDATE,          named by EVENT_DESC
 *                                  THREAD_MAP, CPU_MAP,   maps, aggr mode,
 *                                  STAT_CONFIG            interval, scale
 *   each read (-I interval or  ->  STAT per event, CPU ->  evsel->counts,
 *   the end of the run)            and thread, then       then the round
 *                                  STAT_ROUND             callback prints
 *   finish                     ->  features: cmdline,
 *                                  nrcpus, event desc, stat, ...
 *
 * STAT values are cumulative since enable, whichever backend counted
 * them; a reader takes -I deltas itself.  The evsel of a STAT is found
 * by its id, its CPU by number in the CPU map, its thread by index.
 */

#include <linux/types.h>

#include "perf-data.h"
#include "stat.h"

struct evlist;
struct perf_cpu_map;
struct perf_error;
struct perf_thread_map;
struct stat_record;

/*
 * Create path for writing; an existing non-empty file is first renamed
 * to path.old, as perf does.  argc/argv: the perf stat command line,
 * kept in HEADER_CMDLINE after the perf executable.
 */
int stat_record__new(struct stat_record **out, const char *path, int argc,
		     const char **argv, struct perf_error *err);
/*
 * The events and what they count on, once the counters are loaded (the
 * first call writes; later ones, for -r, do nothing).
 */
int stat_record__setup(struct stat_record *rec, const struct evlist *evlist,
		       const struct perf_stat_config *config,
		       struct perf_error *err);
/* Every supported event's counts, then a round of this type and time. */
int stat_record__counts(struct stat_record *rec, const struct evlist *evlist,
			enum perf_stat_round_type type, __u64 time_ns,
			struct perf_error *err);
/*
 * Write the features and the final header and close.  A record that
 * never got a round is removed instead (the run failed).
 */
int stat_record__finish(struct stat_record *rec, struct perf_error *err);
void stat_record__delete(struct stat_record *rec);

/* perf's aggr_mode numbers in STAT_CONFIG, both ways. */
__u64 aggr_mode__to_file(enum aggr_mode mode);
enum aggr_mode aggr_mode__from_file(__u64 val);

/* A stat file read back: its events, maps and configuration. */
struct stat_file {
	struct perf_data data;
	const char *path;
	struct evlist *evlist;
	struct perf_cpu_map *cpus; /* from CPU_MAP, else {-1} */
	struct perf_thread_map *threads; /* from THREAD_MAP, else {-1} */
	bool maps_set; /* evsels point at the maps, counts allocated */
	enum aggr_mode aggr_mode;
	unsigned int interval; /* ms, 0: no -I */
	bool scale;
	int nr_rounds;
	/* id -> evsel index, sorted by id */
	struct stat_file_id *ids;
	int nr_ids;
};

/*
 * Read path (perf_data__load) and make the evlist.  A file without
 * stat data (no HEADER_STAT) is -ENODATA, with err saying so.
 */
int stat_file__open(struct stat_file *sf, const char *path,
		    struct perf_error *err);
/* The same from bytes in memory (the fuzz target). */
int stat_file__open_mem(struct stat_file *sf, const void *buf, size_t size,
			const char *name, struct perf_error *err);

/*
 * Replay the records: at each STAT_ROUND, evsel->counts hold the
 * cumulative readings of the round and fn is called; its non-zero
 * return stops the replay and is returned.
 */
typedef int (*stat_round_fn)(struct stat_file *sf, __u64 type, __u64 time_ns,
			     void *ctx);
int stat_file__replay(struct stat_file *sf, stat_round_fn fn, void *ctx,
		      struct perf_error *err);
void stat_file__close(struct stat_file *sf);

#endif /* PERF_UTIL_STAT_RECORD_H */
