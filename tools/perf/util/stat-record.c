// SPDX-License-Identifier: GPL-2.0
/*
 * Stat data written to a perf.data file or stream: the writer behind
 * perf stat record (see stat-record.h for the records and their order;
 * stat-file.c reads them back).
 */
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/utsname.h>
#include <unistd.h>

#include "cpumap.h"
#include "error.h"
#include "event-names.h"
#include "evsel.h"
#include "perf-data-pipe.h"
#include "perf-data.h"
#include "stat-record.h"
#include "thread_map.h"
#include "topology.h"

#ifndef PERF_VERSION
#define PERF_VERSION "0.0"
#endif

struct stat_record {
	int fd;
	bool pipe; /* -o -: a stream on stdout, no sections, no features */
	char *path;
	char **cmdline;
	int nr_cmdline;
	bool set_up;
	int nr_rounds;
	__u64 attrs_offset, attrs_size;
	__u64 data_offset, data_size;
	struct perf_data_buf event_desc; /* HEADER_EVENT_DESC, from setup */
};

static const struct {
	enum aggr_mode mode;
	__u64 file;
} stat_record__aggr_modes[] = {
	{ AGGR_NONE, PERF_FILE_AGGR_NONE },
	{ AGGR_GLOBAL, PERF_FILE_AGGR_GLOBAL },
	{ AGGR_SOCKET, PERF_FILE_AGGR_SOCKET },
	{ AGGR_DIE, PERF_FILE_AGGR_DIE },
	{ AGGR_CORE, PERF_FILE_AGGR_CORE },
	{ AGGR_THREAD, PERF_FILE_AGGR_THREAD },
	{ AGGR_NODE, PERF_FILE_AGGR_NODE },
};

#define NR_AGGR_MODES \
	(sizeof(stat_record__aggr_modes) / sizeof(stat_record__aggr_modes[0]))

/*
 * --per-cache and --per-cluster have no number that perf 6.1 knows (and
 * newer perf renumbered the modes): the file says per CPU, which the
 * per-CPU records allow any reader to aggregate again.
 */
__u64 aggr_mode__to_file(enum aggr_mode mode)
{
	for (size_t i = 0; i < NR_AGGR_MODES; i++) {
		if (stat_record__aggr_modes[i].mode == mode)
			return stat_record__aggr_modes[i].file;
	}
	return PERF_FILE_AGGR_NONE;
}

enum aggr_mode aggr_mode__from_file(__u64 val)
{
	for (size_t i = 0; i < NR_AGGR_MODES; i++) {
		if (stat_record__aggr_modes[i].file == val)
			return stat_record__aggr_modes[i].mode;
	}
	return AGGR_GLOBAL;
}

static __u64 stat_record__id(int evsel_idx, int entry)
{
	return ((__u64)(evsel_idx + 1) << 32) + (__u64)entry;
}

static int stat_record__write(struct stat_record *rec,
			      const struct perf_data_buf *b, bool data,
			      struct perf_error *err)
{
	size_t off = 0;

	if (b->err)
		return perf_error__set(err, b->err, "%s: %s", rec->path,
				       strerror(-b->err));
	while (off < b->len) {
		ssize_t n = write(rec->fd, b->p + off, b->len - off);

		if (n < 0 && errno == EINTR)
			continue;
		if (n <= 0)
			return perf_error__set(err, n ? -errno : -EIO,
					       "cannot write '%s': %s",
					       rec->path,
					       strerror(n ? errno : EIO));
		off += n;
	}
	if (data)
		rec->data_size += b->len;
	return 0;
}

static int stat_record__cmdline(struct stat_record *rec, int argc,
				const char **argv)
{
	char exe[PATH_MAX];
	ssize_t n = readlink("/proc/self/exe", exe, sizeof(exe) - 1);

	exe[n > 0 ? n : 0] = '\0';
	rec->cmdline = calloc(argc + 2, sizeof(char *));
	if (!rec->cmdline)
		return -ENOMEM;
	rec->cmdline[rec->nr_cmdline++] = strdup(n > 0 ? exe : "perf");
	for (int i = 0; i < argc; i++)
		rec->cmdline[rec->nr_cmdline++] = strdup(argv[i]);
	for (int i = 0; i < rec->nr_cmdline; i++) {
		if (!rec->cmdline[i])
			return -ENOMEM;
	}
	return 0;
}

int stat_record__new(struct stat_record **out, const char *path, int argc,
		     const char **argv, struct perf_error *err)
{
	struct stat_record *rec = calloc(1, sizeof(*rec));
	struct stat st;
	int ret;

	*out = NULL;
	if (rec)
		rec->fd = -1;
	if (!rec || !(rec->path = strdup(path)) ||
	    stat_record__cmdline(rec, argc, argv)) {
		stat_record__delete(rec);
		return perf_error__set(err, -ENOMEM, "%s: %s", path,
				       strerror(ENOMEM));
	}
	if (!strcmp(path, "-")) {
		/* A copy of stdout: closing it at the end closes only it. */
		rec->pipe = true;
		rec->fd = fcntl(STDOUT_FILENO, F_DUPFD_CLOEXEC, 0);
		if (rec->fd < 0) {
			ret = -errno;
			stat_record__delete(rec);
			return perf_error__set(err, ret,
					       "cannot write to stdout: %s",
					       strerror(-ret));
		}
		*out = rec;
		return 0;
	}
	if (!stat(path, &st) && S_ISREG(st.st_mode) && st.st_size) {
		char old[PATH_MAX];

		snprintf(old, sizeof(old), "%s.old", path);
		if (rename(path, old)) {
			ret = -errno;
			stat_record__delete(rec);
			return perf_error__set(err, ret,
					       "cannot rename '%s' to '%s': %s",
					       path, old, strerror(-ret));
		}
	}
	rec->fd = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0600);
	if (rec->fd < 0) {
		ret = -errno;
		stat_record__delete(rec);
		return perf_error__set(err, ret, "cannot create '%s': %s", path,
				       strerror(-ret));
	}
	*out = rec;
	return 0;
}

/* One reading per CPU and thread that the event counts on. */
static int evsel__nr_entries(const struct evsel *evsel)
{
	return evsel->cpus->nr * evsel->threads->nr;
}

static void stat_record__put_ids(const struct evsel *evsel,
				 struct perf_data_buf *b)
{
	for (int e = 0; e < evsel__nr_entries(evsel); e++)
		perf_data_buf__put_u64(b, stat_record__id(evsel->idx, e));
}

/* The header placeholder, every event's ids, then the attrs. */
static void stat_record__put_attrs(struct stat_record *rec,
				   const struct evlist *evlist,
				   struct perf_data_buf *b)
{
	__u64 ids_offset = sizeof(struct perf_file_header);
	struct evsel *evsel;

	perf_data_buf__put(b, NULL, sizeof(struct perf_file_header));
	evlist__for_each_entry(evlist, evsel)
		stat_record__put_ids(evsel, b);
	rec->attrs_offset = b->len;
	evlist__for_each_entry(evlist, evsel) {
		struct perf_event_attr attr = evsel->attr;
		struct perf_file_section ids = {
			.offset = ids_offset,
			.size = (__u64)evsel__nr_entries(evsel) * sizeof(__u64),
		};

		attr.size = sizeof(attr);
		attr.sample_type |= PERF_SAMPLE_IDENTIFIER;
		perf_data_buf__put(b, &attr, sizeof(attr));
		perf_data_buf__put(b, &ids, sizeof(ids));
		ids_offset += ids.size;
	}
	rec->attrs_size = b->len - rec->attrs_offset;
	rec->data_offset = b->len;
}

/* Pipe mode: the stream's header, then a HEADER_ATTR per event. */
static void stat_record__put_header_attrs(const struct evlist *evlist,
					  struct perf_data_buf *b)
{
	struct evsel *evsel;

	perf_data__put_pipe_header(b);
	evlist__for_each_entry(evlist, evsel) {
		struct perf_data_buf ids = { 0 };
		struct perf_event_attr attr = evsel->attr;

		/* no sample_type: perf 6.1's script takes it for samples */
		attr.sample_type = 0;
		stat_record__put_ids(evsel, &ids);
		if (ids.err)
			b->err = ids.err;
		perf_data__put_header_attr(b, &attr, (const __u64 *)ids.p,
					   evsel__nr_entries(evsel));
		perf_data_buf__exit(&ids);
	}
}

/* HEADER_EVENT_DESC: each attr with its name and ids. */
static void stat_record__put_event_desc(const struct evlist *evlist,
					struct perf_data_buf *b)
{
	struct evsel *evsel;

	perf_data_buf__put_u32(b, evlist->nr_entries);
	perf_data_buf__put_u32(b, sizeof(struct perf_event_attr));
	evlist__for_each_entry(evlist, evsel) {
		struct perf_event_attr attr = evsel->attr;

		attr.size = sizeof(attr);
		perf_data_buf__put(b, &attr, sizeof(attr));
		perf_data_buf__put_u32(b, evsel__nr_entries(evsel));
		perf_data_buf__put_string(b, evsel->name);
		stat_record__put_ids(evsel, b);
	}
}

/*
 * What the attrs do not say of each event, as perf says it: unit, scale,
 * the CPUs of an event that counts on its own (a PMU's cpumask) and, in
 * a stream, the name.
 */
static void stat_record__put_event_updates(const struct stat_record *rec,
					   const struct evlist *evlist,
					   struct perf_data_buf *b)
{
	struct evsel *evsel;

	evlist__for_each_entry(evlist, evsel) {
		__u64 id = stat_record__id(evsel->idx, 0);

		if (evsel->unit && evsel->unit[0])
			perf_data__put_event_unit(b, id, evsel->unit);
		if (evsel->scale != 1.0)
			perf_data__put_event_scale(b, id, evsel->scale);
		if (evsel->own_cpus)
			perf_data__put_event_cpus(b, id, evsel->own_cpus->map,
						  evsel->own_cpus->nr);
		if (rec->pipe)
			perf_data__put_event_name(b, id, evsel->name);
	}
}

static void stat_record__put_maps(const struct evlist *evlist,
				  const struct perf_stat_config *config,
				  struct perf_data_buf *b)
{
	const struct perf_thread_map *threads = evlist->threads;
	__u64 terms[] = {
		PERF_STAT_CONFIG_TERM__AGGR_MODE,
		aggr_mode__to_file(config->aggr_mode),
		PERF_STAT_CONFIG_TERM__INTERVAL,
		config->interval,
		PERF_STAT_CONFIG_TERM__SCALE,
		config->scale,
	};
	char(*comms)[16] = calloc(threads->nr, sizeof(*comms));
	const char **comm_of = calloc(threads->nr, sizeof(*comm_of));

	for (int i = 0; comms && comm_of && i < threads->nr; i++) {
		char path[64];
		FILE *f;

		if (threads->map[i] <= 0)
			continue;
		snprintf(path, sizeof(path), "/proc/%d/comm",
			 (int)threads->map[i]);
		f = fopen(path, "re");
		if (f && fgets(comms[i], sizeof(comms[i]), f))
			comms[i][strcspn(comms[i], "\n")] = '\0';
		if (f)
			fclose(f);
		comm_of[i] = comms[i];
	}
	perf_data__put_thread_map(b, threads->map, comm_of, threads->nr);
	perf_data__put_cpu_map(b, evlist->cpus->map, evlist->cpus->nr);
	perf_data__put_stat_config(b, terms, 3);
	free(comm_of);
	free(comms);
}

int stat_record__setup(struct stat_record *rec, const struct evlist *evlist,
		       const struct perf_stat_config *config,
		       struct perf_error *err)
{
	struct perf_data_buf b = { 0 };
	int ret;

	if (rec->set_up)
		return 0;
	if (rec->pipe)
		stat_record__put_header_attrs(evlist, &b);
	else
		stat_record__put_attrs(rec, evlist, &b);
	ret = stat_record__write(rec, &b, false, err);
	perf_data_buf__exit(&b);
	if (ret)
		return ret;
	stat_record__put_event_updates(rec, evlist, &b);
	stat_record__put_maps(evlist, config, &b);
	ret = stat_record__write(rec, &b, true, err);
	perf_data_buf__exit(&b);
	if (ret)
		return ret;
	stat_record__put_event_desc(evlist, &rec->event_desc);
	rec->set_up = true;
	return 0;
}

int stat_record__counts(struct stat_record *rec, const struct evlist *evlist,
			enum perf_stat_round_type type, __u64 time_ns,
			struct perf_error *err)
{
	struct perf_data_buf b = { 0 };
	struct evsel *evsel;
	int ret;

	evlist__for_each_entry(evlist, evsel) {
		const struct perf_counts *counts = evsel->counts;

		if (!evsel->supported || !counts)
			continue;
		for (int ci = 0; ci < counts->ncpus; ci++) {
			for (int ti = 0; ti < counts->nthreads; ti++) {
				const struct perf_counts_values *v =
					&counts->values[ci * counts->nthreads +
							ti];

				perf_data__put_stat(
					&b,
					stat_record__id(evsel->idx,
							ci * counts->nthreads +
								ti),
					(__u32)evsel->cpus->map[ci], ti, v->val,
					v->ena, v->run);
			}
		}
	}
	perf_data__put_stat_round(&b, type, time_ns);
	ret = stat_record__write(rec, &b, true, err);
	perf_data_buf__exit(&b);
	if (!ret)
		rec->nr_rounds++;
	return ret;
}

/* The distinct sysfs CPU lists of one topology file, over every CPU. */
static void stat_record__put_cpu_lists(struct perf_data_buf *body, int nr_cpus,
				       const char *file, const char *old_file)
{
	char(*lists)[256] = calloc(nr_cpus ? nr_cpus : 1, sizeof(*lists));
	__u32 nr = 0;

	for (int cpu = 0; lists && cpu < nr_cpus; cpu++) {
		const char *names[] = { file, old_file };
		char path[128], list[256] = "";
		bool seen = false;

		for (int n = 0; n < 2 && !list[0]; n++) {
			FILE *f;

			snprintf(path, sizeof(path),
				 "/sys/devices/system/cpu/cpu%d/topology/%s",
				 cpu, names[n]);
			f = fopen(path, "re");
			if (f && !fgets(list, sizeof(list), f))
				list[0] = '\0';
			if (f)
				fclose(f);
			list[strcspn(list, "\n")] = '\0';
		}
		for (__u32 i = 0; list[0] && i < nr; i++)
			seen |= !strcmp(lists[i], list);
		if (list[0] && !seen)
			strcpy(lists[nr++], list);
	}
	perf_data_buf__put_u32(body, nr);
	for (__u32 i = 0; i < nr; i++)
		perf_data_buf__put_string(body, lists[i]);
	free(lists);
}

/*
 * HEADER_CPU_TOPOLOGY, which perf stat report needs for --per-core and
 * the like: package and core CPU lists, core and socket ids of every
 * CPU, then die lists and ids.
 */
static void stat_record__put_cpu_topology(struct perf_data_buf *body)
{
	int nr_cpus = cpu__max_cpu();
	struct cpu_topology *topo =
		calloc(nr_cpus > 0 ? nr_cpus : 1, sizeof(*topo));

	for (int cpu = 0; topo && cpu < nr_cpus; cpu++) {
		if (cpu__topology(cpu, 0, &topo[cpu]))
			topo[cpu].socket = topo[cpu].die = topo[cpu].core = -1;
	}
	stat_record__put_cpu_lists(body, nr_cpus, "package_cpus_list",
				   "core_siblings_list");
	stat_record__put_cpu_lists(body, nr_cpus, "core_cpus_list",
				   "thread_siblings_list");
	for (int cpu = 0; topo && cpu < nr_cpus; cpu++) {
		perf_data_buf__put_u32(body, topo[cpu].core);
		perf_data_buf__put_u32(body, topo[cpu].socket);
	}
	stat_record__put_cpu_lists(body, nr_cpus, "die_cpus_list",
				   "die_cpus_list");
	for (int cpu = 0; topo && cpu < nr_cpus; cpu++)
		perf_data_buf__put_u32(body, topo[cpu].die);
	if (!topo)
		body->err = -ENOMEM;
	free(topo);
}

/* The feature sections, in bit order, and the table before them. */
static void stat_record__put_features(struct stat_record *rec,
				      struct perf_data_buf *table,
				      struct perf_data_buf *body, __u64 *bits)
{
	static const int feats[] = {
		PERF_FEAT_HOSTNAME,   PERF_FEAT_OSRELEASE,    PERF_FEAT_VERSION,
		PERF_FEAT_ARCH,	      PERF_FEAT_NRCPUS,	      PERF_FEAT_CMDLINE,
		PERF_FEAT_EVENT_DESC, PERF_FEAT_CPU_TOPOLOGY, PERF_FEAT_STAT,
	};
	size_t nr = sizeof(feats) / sizeof(feats[0]);
	__u64 body_offset = rec->data_offset + rec->data_size +
			    nr * sizeof(struct perf_file_section);
	struct utsname uts;

	if (uname(&uts))
		memset(&uts, 0, sizeof(uts));
	for (size_t i = 0; i < nr; i++) {
		struct perf_file_section sec = { .offset = body_offset +
							   body->len };

		switch (feats[i]) {
		case PERF_FEAT_HOSTNAME:
			perf_data_buf__put_string(body, uts.nodename);
			break;
		case PERF_FEAT_OSRELEASE:
			perf_data_buf__put_string(body, uts.release);
			break;
		case PERF_FEAT_VERSION:
			perf_data_buf__put_string(body, PERF_VERSION);
			break;
		case PERF_FEAT_ARCH:
			perf_data_buf__put_string(body, uts.machine);
			break;
		case PERF_FEAT_NRCPUS:
			perf_data_buf__put_u32(body, cpu__max_cpu());
			perf_data_buf__put_u32(
				body, (__u32)sysconf(_SC_NPROCESSORS_ONLN));
			break;
		case PERF_FEAT_CMDLINE:
			perf_data_buf__put_u32(body, rec->nr_cmdline);
			for (int a = 0; a < rec->nr_cmdline; a++)
				perf_data_buf__put_string(body,
							  rec->cmdline[a]);
			break;
		case PERF_FEAT_EVENT_DESC:
			perf_data_buf__put(body, rec->event_desc.p,
					   rec->event_desc.len);
			if (rec->event_desc.err)
				body->err = rec->event_desc.err;
			break;
		case PERF_FEAT_CPU_TOPOLOGY:
			stat_record__put_cpu_topology(body);
			break;
		case PERF_FEAT_STAT: /* present, empty: "contains stat data" */
		default:
			break;
		}
		sec.size = body_offset + body->len - sec.offset;
		perf_data_buf__put(table, &sec, sizeof(sec));
		bits[feats[i] / 64] |= 1ULL << (feats[i] % 64);
	}
}

int stat_record__finish(struct stat_record *rec, struct perf_error *err)
{
	struct perf_data_buf table = { 0 }, body = { 0 };
	struct perf_file_header h = {
		.magic = PERF_DATA_MAGIC,
		.size = sizeof(h),
		.attr_size = sizeof(struct perf_event_attr) +
			     sizeof(struct perf_file_section),
	};
	int ret;

	if (rec->pipe) {
		/* A stream has no features: it ends with its last round. */
		ret = close(rec->fd) ? -errno : 0;
		rec->fd = -1;
		if (ret)
			return perf_error__set(err, ret,
					       "cannot write to stdout: %s",
					       strerror(-ret));
		return 0;
	}
	if (!rec->nr_rounds) {
		unlink(rec->path);
		return 0;
	}
	stat_record__put_features(rec, &table, &body, h.adds_features);
	ret = stat_record__write(rec, &table, false, err);
	if (!ret)
		ret = stat_record__write(rec, &body, false, err);
	perf_data_buf__exit(&table);
	perf_data_buf__exit(&body);
	if (ret)
		return ret;
	h.attrs.offset = rec->attrs_offset;
	h.attrs.size = rec->attrs_size;
	h.data.offset = rec->data_offset;
	h.data.size = rec->data_size;
	if (pwrite(rec->fd, &h, sizeof(h), 0) != sizeof(h) || close(rec->fd)) {
		ret = -errno;
		rec->fd = -1;
		return perf_error__set(err, ret, "cannot write '%s': %s",
				       rec->path, strerror(-ret));
	}
	rec->fd = -1;
	return 0;
}

void stat_record__delete(struct stat_record *rec)
{
	if (!rec)
		return;
	if (rec->fd >= 0)
		close(rec->fd);
	for (int i = 0; i < rec->nr_cmdline; i++)
		free(rec->cmdline[i]);
	free(rec->cmdline);
	perf_data_buf__exit(&rec->event_desc);
	free(rec->path);
	free(rec);
}
