/* SPDX-License-Identifier: GPL-2.0 */
#ifndef PERF_UTIL_STAT_RECORD_H
#define PERF_UTIL_STAT_RECORD_H

/*
 * perf stat record / perf stat report / perf script: counts in a
 * perf.data file or stream, as upstream perf writes and reads them.
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
 * In pipe mode (-o -, perf-data-pipe.h) the attrs are HEADER_ATTR records
 * at the start of the stream, EVENT_UPDATE names the events, and there
 * are no features, as perf stat record -o - writes it.
 *
 * STAT values are cumulative since enable, whichever backend counted
 * them; a reader takes -I deltas itself.  The evsel of a STAT is found
 * by its id, its CPU by number in the event's CPU map (the CPU map, or
 * an EVENT_UPDATE__CPUS of its own), its thread by index.  The reader is
 * stat-file.h.
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
 * Create path for writing ("-": a stream on stdout); an existing
 * non-empty file is first renamed to path.old, as perf does.
 * argc/argv: the perf stat command line, kept in HEADER_CMDLINE after
 * the perf executable.
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
 * never got a round is removed instead (the run failed).  A stream is
 * only closed.
 */
int stat_record__finish(struct stat_record *rec, struct perf_error *err);
void stat_record__delete(struct stat_record *rec);

/* perf's aggr_mode numbers in STAT_CONFIG, both ways. */
__u64 aggr_mode__to_file(enum aggr_mode mode);
enum aggr_mode aggr_mode__from_file(__u64 val);

#endif /* PERF_UTIL_STAT_RECORD_H */
