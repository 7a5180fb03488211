/* SPDX-License-Identifier: GPL-2.0 */
#ifndef PERF_UTIL_STAT_FILE_H
#define PERF_UTIL_STAT_FILE_H

/*
 * Stat data read back, for perf stat report and perf script: a perf.data
 * file or stream written by perf stat record (ours or upstream's; see
 * stat-record.h for the records and their order).
 *
 * A file is read whole and checked before anything is replayed; a
 * stream (pipe mode: "-" for stdin, a FIFO, or a regular file holding a
 * stream) is replayed as its records arrive, so that a live
 * "perf stat record -I ... -o - | perf stat report -i -" prints each
 * interval when it comes.  Its events are those of its HEADER_ATTR
 * records, named by EVENT_UPDATE, where a file has its attrs section and
 * HEADER_EVENT_DESC.
 */

#include <stdbool.h>
#include <stddef.h>
#include <linux/types.h>

#include "perf-data-pipe.h"
#include "perf-data.h"
#include "stat.h"

struct evlist;
struct perf_cpu_map;
struct perf_error;
struct perf_thread_map;
struct stat_file_id;

struct stat_file {
	struct perf_data data; /* a file's header and features; a stream's
				  attrs as they arrived */
	const char *path; /* what the errors call it ("<stdin>" for -) */
	bool pipe; /* a stream: records come from stream */
	struct perf_data_stream stream;
	int fd; /* the stream's fd when opened here, else -1 */
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
 * Open path ("-": standard input) and make the evlist.  A file without
 * stat data (no HEADER_STAT) is -ENODATA, with err saying so; a stream's
 * lack of stat data shows only when it is replayed.
 */
int stat_file__open(struct stat_file *sf, const char *path,
		    struct perf_error *err);
/* The same from bytes in memory, a file's or a stream's (the fuzz target). */
int stat_file__open_mem(struct stat_file *sf, const void *buf, size_t size,
			const char *name, struct perf_error *err);

/*
 * Replay the records: at each STAT_ROUND, evsel->counts hold the
 * cumulative readings of the round and fn is called; its non-zero
 * return stops the replay and is returned.  A stream that ends before
 * its first round, or that holds sampled data, is an error.
 */
typedef int (*stat_round_fn)(struct stat_file *sf, __u64 type, __u64 time_ns,
			     void *ctx);
int stat_file__replay(struct stat_file *sf, stat_round_fn fn, void *ctx,
		      struct perf_error *err);
void stat_file__close(struct stat_file *sf);

#endif /* PERF_UTIL_STAT_FILE_H */
