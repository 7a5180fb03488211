/* SPDX-License-Identifier: GPL-2.0 */
#ifndef PERF_UTIL_PERF_DATA_H
#define PERF_UTIL_PERF_DATA_H

/*
 * The perf.data file layout, as perf record and perf stat record write
 * it (little endian, "PERFILE2"):
 *
 *   file header   magic, sizes, the attrs and data sections, the
 *                 feature bitmap
 *   ids           u64 ids of each event (the attrs point here)
 *   attrs         one perf_event_attr + ids section per event
 *   data          records: perf_event_header + body, 8-byte sizes
 *   features      one {offset, size} per feature bit set, in bit
 *                 order, then their contents
 *
 * In pipe mode (perf stat record -o -) there are no sections: a 16-byte
 * header (magic, size 16), then records only, the attrs among them as
 * PERF_RECORD_HEADER_ATTR (perf-data-pipe.c).
 *
 * Encoding appends to a growable buffer (struct perf_data_buf); decoding
 * works on a copy of the whole file in memory (struct perf_data) and
 * checks every offset and size against it, so a truncated or corrupted
 * file is an error, never a read out of bounds.
 */

#include <stdbool.h>
#include <stddef.h>
#include <linux/perf_event.h>
#include <linux/types.h>

struct perf_error;

#define PERF_DATA_MAGIC 0x32454c4946524550ULL /* "PERFILE2" */
#define PERF_DATA_MAGIC_SWAPPED 0x50455246494c4532ULL /* big endian */

/* Records that only perf tools write (after the kernel's types). */
enum perf_user_record_type {
	PERF_RECORD_HEADER_ATTR = 64,
	PERF_RECORD_HEADER_TRACING_DATA = 66,
	PERF_RECORD_AUXTRACE = 71,
	PERF_RECORD_THREAD_MAP = 73,
	PERF_RECORD_CPU_MAP = 74,
	PERF_RECORD_STAT_CONFIG = 75,
	PERF_RECORD_STAT = 76,
	PERF_RECORD_STAT_ROUND = 77,
	PERF_RECORD_EVENT_UPDATE = 78,
	PERF_RECORD_HEADER_FEATURE = 80,
};

/* The kernel's sampled-data record: never in stat data. */
#define PERF_DATA_RECORD_SAMPLE 9

/* Feature bits (header.c's HEADER_*): the ones written or read here. */
enum perf_data_feature {
	PERF_FEAT_HOSTNAME = 3,
	PERF_FEAT_OSRELEASE = 4,
	PERF_FEAT_VERSION = 5,
	PERF_FEAT_ARCH = 6,
	PERF_FEAT_NRCPUS = 7,
	PERF_FEAT_CMDLINE = 11,
	PERF_FEAT_EVENT_DESC = 12,
	PERF_FEAT_CPU_TOPOLOGY = 13,
	PERF_FEAT_STAT = 19,
	PERF_FEAT_BITS = 256,
};

/* PERF_RECORD_STAT_CONFIG terms, and perf's aggr_mode numbers in it. */
enum perf_stat_config_term {
	PERF_STAT_CONFIG_TERM__AGGR_MODE = 0,
	PERF_STAT_CONFIG_TERM__INTERVAL = 1,
	PERF_STAT_CONFIG_TERM__SCALE = 2,
};

enum perf_file_aggr_mode {
	PERF_FILE_AGGR_NONE = 0,
	PERF_FILE_AGGR_GLOBAL = 1,
	PERF_FILE_AGGR_SOCKET = 2,
	PERF_FILE_AGGR_DIE = 3,
	PERF_FILE_AGGR_CORE = 4,
	PERF_FILE_AGGR_THREAD = 5,
	PERF_FILE_AGGR_UNSET = 6,
	PERF_FILE_AGGR_NODE = 7,
};

enum perf_stat_round_type {
	PERF_STAT_ROUND_TYPE__INTERVAL = 0,
	PERF_STAT_ROUND_TYPE__FINAL = 1,
};

/* PERF_RECORD_CPU_MAP encodings, and PERF_RECORD_EVENT_UPDATE types. */
enum {
	PERF_CPU_MAP__CPUS = 0,
	PERF_CPU_MAP__MASK = 1,
	PERF_CPU_MAP__RANGE = 2
};
enum {
	PERF_EVENT_UPDATE__UNIT = 0,
	PERF_EVENT_UPDATE__SCALE = 1,
	PERF_EVENT_UPDATE__NAME = 2,
	PERF_EVENT_UPDATE__CPUS = 3,
};

struct perf_file_section {
	__u64 offset;
	__u64 size;
};

struct perf_file_header {
	__u64 magic;
	__u64 size; /* of this header */
	__u64 attr_size; /* of one attrs entry: attr + ids section */
	struct perf_file_section attrs;
	struct perf_file_section data;
	struct perf_file_section event_types; /* unused */
	__u64 adds_features[PERF_FEAT_BITS / 64];
};

_Static_assert(sizeof(struct perf_file_header) == 104,
	       "perf_file_header is 104 bytes in every perf");

/* PERF_RECORD_STAT: one reading of one event id on one CPU and thread. */
struct perf_record_stat {
	struct perf_event_header header;
	__u64 id;
	__u32 cpu; /* the CPU number, (u32)-1 for any CPU */
	__u32 thread; /* index in the thread map */
	__u64 val, ena, run;
};

_Static_assert(sizeof(struct perf_record_stat) == 48, "PERF_RECORD_STAT");

/* A growable byte buffer; err is set (-ENOMEM) once an append failed. */
struct perf_data_buf {
	unsigned char *p;
	size_t len, cap;
	int err;
};

void perf_data_buf__put(struct perf_data_buf *b, const void *src, size_t n);
void perf_data_buf__put_u16(struct perf_data_buf *b, __u16 v);
void perf_data_buf__put_u32(struct perf_data_buf *b, __u32 v);
void perf_data_buf__put_u64(struct perf_data_buf *b, __u64 v);
/* Zero bytes up to the next multiple of align. */
void perf_data_buf__pad(struct perf_data_buf *b, size_t align);
/* A header string: u32 length (64-byte aligned, with the NUL), bytes. */
void perf_data_buf__put_string(struct perf_data_buf *b, const char *s);
void perf_data_buf__exit(struct perf_data_buf *b);

/* Records: header + body, padded to 8 bytes, appended to b. */
void perf_data__put_stat(struct perf_data_buf *b, __u64 id, __u32 cpu,
			 __u32 thread, __u64 val, __u64 ena, __u64 run);
void perf_data__put_stat_round(struct perf_data_buf *b, __u64 type,
			       __u64 time_ns);
/* terms: nr {tag, val} pairs */
void perf_data__put_stat_config(struct perf_data_buf *b, const __u64 *terms,
				int nr);
/* comms[i] may be NULL. */
void perf_data__put_thread_map(struct perf_data_buf *b, const int *pids,
			       const char *const *comms, int nr);
/* The CPU list (-1: any CPU), as a PERF_CPU_MAP__CPUS list. */
void perf_data__put_cpu_map(struct perf_data_buf *b, const int *cpus, int nr);
/* EVENT_UPDATE records of the event whose first id is id. */
void perf_data__put_event_unit(struct perf_data_buf *b, __u64 id,
			       const char *unit);
void perf_data__put_event_scale(struct perf_data_buf *b, __u64 id,
				double scale);
/* Its name (pipe mode: there is no HEADER_EVENT_DESC). */
void perf_data__put_event_name(struct perf_data_buf *b, __u64 id,
			       const char *name);
/* The CPUs it counts on, when not the CPU map's (a PMU's cpumask). */
void perf_data__put_event_cpus(struct perf_data_buf *b, __u64 id,
			       const int *cpus, int nr);

/*
 * Decode a CPU map as CPU_MAP and EVENT_UPDATE__CPUS carry it (CPUS,
 * RANGE or MASK, in perf 6.1's layout) into cpus (max entries, -1 for
 * "any CPU"), CPU numbers below max.  Returns the number of CPUs, or
 * -EINVAL for a bad or empty map.
 */
int perf_data__decode_cpu_map(const void *p, size_t len, int *cpus, int max);

/* One event of the attrs section, with what the features say of it. */
struct perf_data_attr {
	struct perf_event_attr attr; /* zero-extended or cut to ours */
	__u64 *ids;
	__u32 nr_ids;
	char *name; /* from HEADER_EVENT_DESC, or NULL */
};

/* A perf.data file read into memory and checked. */
struct perf_data {
	unsigned char *buf;
	size_t size;
	struct perf_file_header header;
	struct perf_data_attr *attrs;
	int nr_attrs;
	char **cmdline; /* HEADER_CMDLINE, NULL if absent */
	int nr_cmdline;
	__u32 nr_cpus_avail, nr_cpus_online; /* HEADER_NRCPUS, 0 if absent */
};

/*
 * Check the header, the attrs and ids, and read the features above from
 * size bytes at buf (copied).  name is what the errors call the file.
 * Returns 0, -EINVAL (not a perf.data file, or corrupted: err says
 * which), -EPROTONOSUPPORT (big endian), or -ENOMEM.
 */
int perf_data__parse(struct perf_data *pd, const void *buf, size_t size,
		     const char *name, struct perf_error *err);
bool perf_data__has_feat(const struct perf_data *pd, int feat);
void perf_data__exit(struct perf_data *pd);

/*
 * Call fn for every record of the data section, in order, with its
 * header and body (len bytes after the header, 8-byte aligned).  A
 * record that does not fit, or a size under 8, is -EINVAL.  Stops at the
 * first non-zero return of fn and returns it.
 */
typedef int (*perf_data_record_fn)(const struct perf_event_header *header,
				   const void *body, size_t len, void *ctx,
				   struct perf_error *err);
int perf_data__for_each_record(const struct perf_data *pd,
			       perf_data_record_fn fn, void *ctx,
			       const char *name, struct perf_error *err);

/* Read a little-endian value at p (any alignment). */
__u16 perf_data__u16(const void *p);
__u32 perf_data__u32(const void *p);
__u64 perf_data__u64(const void *p);

#endif /* PERF_UTIL_PERF_DATA_H */
