/* SPDX-License-Identifier: GPL-2.0 */
#ifndef PERF_UTIL_PERF_DATA_PIPE_H
#define PERF_UTIL_PERF_DATA_PIPE_H

/*
 * perf.data in pipe mode, as perf stat record -o - writes it and perf
 * stat report -i - reads it:
 *
 *   header         u64 magic "PERFILE2", u64 size (16)
 *   HEADER_ATTR    one per event: perf_event_attr (its own size), then
 *                  the event's u64 ids (the file's attrs section)
 *   records        EVENT_UPDATE (unit, scale, name, cpus), THREAD_MAP,
 *                  CPU_MAP, STAT_CONFIG, STAT..., STAT_ROUND, ... as in
 *                  a file's data section; HEADER_FEATURE records carry
 *                  what a file's feature sections would
 *
 * There is no size to check the records against: a stream is read one
 * record at a time, and one that ends inside a record is cut short.
 * Where the bytes come from (a pipe, a FIFO, a regular file holding a
 * stream, bytes in memory) makes no difference to the reader.
 */

#include <stdbool.h>
#include <stddef.h>
#include <linux/perf_event.h>
#include <linux/types.h>

#include "perf-data.h"

struct perf_error;

#define PERF_DATA_PIPE_HEADER_SIZE 16

/* The 16-byte header of a stream. */
void perf_data__put_pipe_header(struct perf_data_buf *b);
/* PERF_RECORD_HEADER_ATTR: attr (sizeof, as ours), then nr ids. */
void perf_data__put_header_attr(struct perf_data_buf *b,
				const struct perf_event_attr *attr,
				const __u64 *ids, int nr);
/*
 * Decode a HEADER_ATTR body into a (attr zero-extended or cut to ours,
 * ids allocated, no name).  Returns 0, -EINVAL or -ENOMEM.
 */
int perf_data__parse_header_attr(const void *body, size_t len,
				 struct perf_data_attr *a);

/* Do the size bytes at buf start with a stream's header? */
bool perf_data__is_pipe_header(const void *buf, size_t size);

/*
 * Read fd to its end into b, after the prefix bytes already read from
 * it.  Returns 0 or -errno (b is freed then).
 */
int perf_data__read_all(int fd, const void *prefix, size_t prefix_len,
			struct perf_data_buf *b);

/* The records of a stream, one at a time, from an fd or from memory. */
struct perf_data_stream {
	int fd; /* read from it (not closed here); -1: from mem */
	unsigned char *mem; /* owned: the stream's bytes, header included */
	size_t mem_len, mem_off;
	unsigned char *rec; /* the current record */
	const char *name; /* what the errors call the input */
};

/* After the header was read from fd; the stream does not close fd. */
int perf_data_stream__init_fd(struct perf_data_stream *s, int fd,
			      const char *name);
/* A copy of size bytes at buf, header included. */
int perf_data_stream__init_mem(struct perf_data_stream *s, const void *buf,
			       size_t size, const char *name);
/*
 * The next record: its header in *h, its body (h->size - 8 bytes) at
 * *body, valid until the next call.  Payloads that follow a record
 * outside its size (HEADER_TRACING_DATA, AUXTRACE) are skipped.
 * Returns 1, 0 at the end of the stream, or -EINVAL (cut short, a bad
 * size) or another -errno, with err filled.
 */
int perf_data_stream__next(struct perf_data_stream *s,
			   struct perf_event_header *h, const void **body,
			   struct perf_error *err);
void perf_data_stream__exit(struct perf_data_stream *s);

#endif /* PERF_UTIL_PERF_DATA_PIPE_H */
