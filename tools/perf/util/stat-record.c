// SPDX-License-Identifier: GPL-2.0
/*
 * Stat data in perf.data files: the writer behind perf stat record and
 * the reader behind perf stat report and perf script (see
 * stat-record.h for the records and their order).
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
#include "perf-data.h"
#include "stat-record.h"
#include "topology.h"

#ifndef PERF_VERSION
#define PERF_VERSION "0.0"
#endif

/* CPU numbers and thread counts no real file comes near. */
#define STAT_FILE_MAX_CPU 4096
#define STAT_FILE_MAX_THREADS (1 << 22)
/* Readings in all: every event x CPU x thread (24 bytes each). */
#define STAT_FILE_MAX_COUNTS (1 << 22)

struct stat_file_id {
	__u64 id;
	int evsel;
};

struct stat_record {
	int fd;
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

/* Writer */

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

static int evlist__nr_entries_per_event(const struct evlist *evlist)
{
	return evlist->cpus->nr * evlist->threads->nr;
}

/* The header placeholder, every event's ids, then the attrs. */
static void stat_record__put_attrs(struct stat_record *rec,
				   const struct evlist *evlist,
				   struct perf_data_buf *b)
{
	int per_event = evlist__nr_entries_per_event(evlist);
	__u64 ids_offset = sizeof(struct perf_file_header);
	struct evsel *evsel;

	perf_data_buf__put(b, NULL, sizeof(struct perf_file_header));
	evlist__for_each_entry(evlist, evsel) {
		for (int e = 0; e < per_event; e++)
			perf_data_buf__put_u64(b,
					       stat_record__id(evsel->idx, e));
	}
	rec->attrs_offset = b->len;
	evlist__for_each_entry(evlist, evsel) {
		struct perf_event_attr attr = evsel->attr;
		struct perf_file_section ids = {
			.offset = ids_offset +
				  (__u64)evsel->idx * per_event * sizeof(__u64),
			.size = (__u64)per_event * sizeof(__u64),
		};

		attr.size = sizeof(attr);
		attr.sample_type |= PERF_SAMPLE_IDENTIFIER;
		perf_data_buf__put(b, &attr, sizeof(attr));
		perf_data_buf__put(b, &ids, sizeof(ids));
	}
	rec->attrs_size = b->len - rec->attrs_offset;
	rec->data_offset = b->len;
}

/* HEADER_EVENT_DESC: each attr with its name and ids. */
static void stat_record__put_event_desc(const struct evlist *evlist,
					struct perf_data_buf *b)
{
	int per_event = evlist__nr_entries_per_event(evlist);
	struct evsel *evsel;

	perf_data_buf__put_u32(b, evlist->nr_entries);
	perf_data_buf__put_u32(b, sizeof(struct perf_event_attr));
	evlist__for_each_entry(evlist, evsel) {
		struct perf_event_attr attr = evsel->attr;

		attr.size = sizeof(attr);
		perf_data_buf__put(b, &attr, sizeof(attr));
		perf_data_buf__put_u32(b, per_event);
		perf_data_buf__put_string(b, evsel->name);
		for (int e = 0; e < per_event; e++)
			perf_data_buf__put_u64(b,
					       stat_record__id(evsel->idx, e));
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
	struct evsel *evsel;

	evlist__for_each_entry(evlist, evsel) {
		__u64 id = stat_record__id(evsel->idx, 0);

		if (evsel->unit && evsel->unit[0])
			perf_data__put_event_unit(b, id, evsel->unit);
		if (evsel->scale != 1.0)
			perf_data__put_event_scale(b, id, evsel->scale);
	}
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
	stat_record__put_attrs(rec, evlist, &b);
	ret = stat_record__write(rec, &b, false, err);
	perf_data_buf__exit(&b);
	if (ret)
		return ret;
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
					(__u32)evlist->cpus->map[ci], ti,
					v->val, v->ena, v->run);
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

/* Reader */

static int stat_file__corrupt(struct stat_file *sf, struct perf_error *err,
			      const char *why)
{
	return perf_error__set(err, -EINVAL, "%s: corrupted perf.data file: %s",
			       sf->path, why);
}

static int stat_file_id__cmp(const void *a, const void *b)
{
	const struct stat_file_id *x = a, *y = b;

	return x->id < y->id ? -1 : x->id > y->id;
}

static struct evsel *stat_file__evsel_of(struct stat_file *sf, __u64 id)
{
	struct stat_file_id key = { .id = id }, *found;

	found = bsearch(&key, sf->ids, sf->nr_ids, sizeof(key),
			stat_file_id__cmp);
	return found ? sf->evlist->entries[found->evsel] : NULL;
}

/* One evsel per attr, named as the file names it. */
static int stat_file__make_evlist(struct stat_file *sf)
{
	size_t nr_ids = 0;

	sf->evlist = evlist__new();
	if (!sf->evlist)
		return -ENOMEM;
	for (int i = 0; i < sf->data.nr_attrs; i++)
		nr_ids += sf->data.attrs[i].nr_ids;
	sf->ids = calloc(nr_ids ? nr_ids : 1, sizeof(*sf->ids));
	if (!sf->ids)
		return -ENOMEM;
	for (int i = 0; i < sf->data.nr_attrs; i++) {
		const struct perf_data_attr *a = &sf->data.attrs[i];
		char name[64];
		struct evsel *evsel;

		if (!a->name && event_name_of(a->attr.type, a->attr.config,
					      name, sizeof(name)))
			snprintf(name, sizeof(name), "%u/config=%#llx/",
				 a->attr.type,
				 (unsigned long long)a->attr.config);
		evsel = evsel__new(&a->attr, a->name ? a->name : name);
		if (!evsel)
			return -ENOMEM;
		if (evlist__add(sf->evlist, evsel)) {
			evsel__delete(evsel);
			return -ENOMEM;
		}
		/* Only a STAT record makes it supported. */
		evsel->supported = false;
		if (evsel__is_clock(evsel)) {
			free(evsel->unit);
			evsel->unit = strdup("msec");
			evsel->scale = 1e-6;
			if (!evsel->unit)
				return -ENOMEM;
		}
		for (__u32 k = 0; k < a->nr_ids; k++) {
			sf->ids[sf->nr_ids].id = a->ids[k];
			sf->ids[sf->nr_ids++].evsel = i;
		}
	}
	qsort(sf->ids, sf->nr_ids, sizeof(*sf->ids), stat_file_id__cmp);
	return 0;
}

static int stat_file__init(struct stat_file *sf, const char *name,
			   struct perf_error *err)
{
	sf->path = name;
	sf->aggr_mode = AGGR_GLOBAL;
	sf->scale = true;
	if (!perf_data__has_feat(&sf->data, PERF_FEAT_STAT))
		return perf_error__set(
			err, -ENODATA,
			"%s: no stat data: only files written by 'perf stat record' are supported",
			name);
	sf->cpus = cpu_map__new_any();
	sf->threads = thread_map__new_any();
	if (!sf->cpus || !sf->threads || stat_file__make_evlist(sf))
		return perf_error__set(err, -ENOMEM, "%s: %s", name,
				       strerror(ENOMEM));
	return 0;
}

int stat_file__open(struct stat_file *sf, const char *path,
		    struct perf_error *err)
{
	int ret;

	memset(sf, 0, sizeof(*sf));
	ret = perf_data__load(&sf->data, path, err);
	return ret ? ret : stat_file__init(sf, path, err);
}

int stat_file__open_mem(struct stat_file *sf, const void *buf, size_t size,
			const char *name, struct perf_error *err)
{
	int ret;

	memset(sf, 0, sizeof(*sf));
	ret = perf_data__parse(&sf->data, buf, size, name, err);
	return ret ? ret : stat_file__init(sf, name, err);
}

/* Point every evsel at the maps and size its counts to them. */
static int stat_file__set_maps(struct stat_file *sf, struct perf_error *err)
{
	struct evsel *evsel;

	if ((__u64)sf->cpus->nr * sf->threads->nr * sf->evlist->nr_entries >
	    STAT_FILE_MAX_COUNTS)
		return stat_file__corrupt(
			sf, err,
			"more events x CPUs x threads than any run counts");

	sf->evlist->cpus = sf->cpus;
	sf->evlist->threads = sf->threads;
	evlist__for_each_entry(sf->evlist, evsel) {
		evsel->cpus = sf->cpus;
		evsel->threads = sf->threads;
		if (evsel__alloc_counts(evsel))
			return -ENOMEM;
	}
	sf->maps_set = true;
	return 0;
}

static int stat_file__thread_map(struct stat_file *sf, const unsigned char *p,
				 size_t len, struct perf_error *err)
{
	struct perf_thread_map *map;
	__u64 nr;
	pid_t *pids;

	if (len < sizeof(__u64))
		return stat_file__corrupt(sf, err, "a bad thread map");
	nr = perf_data__u64(p);
	if (!nr || nr > STAT_FILE_MAX_THREADS || nr > (len - 8) / 24)
		return stat_file__corrupt(sf, err, "a bad thread map");
	pids = calloc(nr, sizeof(*pids));
	if (!pids)
		return -ENOMEM;
	for (__u64 i = 0; i < nr; i++) {
		char comm[17] = "";

		pids[i] = (pid_t)perf_data__u64(p + 8 + i * 24);
		memcpy(comm, p + 16 + i * 24, 16);
		if (comm[0] && pids[i] > 0)
			thread_map__set_comm(pids[i], comm);
	}
	map = thread_map__new_from(pids, (int)nr);
	free(pids);
	if (!map)
		return -ENOMEM;
	thread_map__put(sf->threads);
	sf->threads = map;
	return sf->maps_set ? stat_file__set_maps(sf, err) : 0;
}

static int stat_file__add_cpu(int *cpus, int *nr, int cpu)
{
	if (*nr >= STAT_FILE_MAX_CPU ||
	    (cpu != -1 && (cpu < 0 || cpu >= STAT_FILE_MAX_CPU)))
		return -EINVAL;
	cpus[(*nr)++] = cpu;
	return 0;
}

/* PERF_CPU_MAP__CPUS, __RANGE and __MASK, in perf 6.1's layout. */
static int stat_file__cpu_map(struct stat_file *sf, const unsigned char *p,
			      size_t len, struct perf_error *err)
{
	struct perf_cpu_map *map;
	int *cpus = calloc(STAT_FILE_MAX_CPU, sizeof(int));
	int nr = 0, ret = -EINVAL;
	__u16 type = len >= 2 ? perf_data__u16(p) : 0xffff;

	if (!cpus)
		return -ENOMEM;
	if (type == PERF_CPU_MAP__CPUS && len >= 4) {
		__u16 n = perf_data__u16(p + 2);

		ret = n && 4 + 2 * (size_t)n <= len ? 0 : -EINVAL;
		for (__u16 i = 0; !ret && i < n; i++) {
			__u16 cpu = perf_data__u16(p + 4 + 2 * i);

			ret = stat_file__add_cpu(cpus, &nr,
						 cpu == 0xffff ? -1 : cpu);
		}
	} else if (type == PERF_CPU_MAP__RANGE && len >= 8) {
		int first = perf_data__u16(p + 4), last = perf_data__u16(p + 6);

		ret = first <= last && last < STAT_FILE_MAX_CPU ? 0 : -EINVAL;
		if (!ret && p[2])
			ret = stat_file__add_cpu(cpus, &nr, -1);
		for (int cpu = first; !ret && cpu <= last; cpu++)
			ret = stat_file__add_cpu(cpus, &nr, cpu);
	} else if (type == PERF_CPU_MAP__MASK && len >= 6) {
		__u16 n = perf_data__u16(p + 2), word = perf_data__u16(p + 4);
		size_t start = word == 8 ? 10 : 6;

		ret = (word == 4 || word == 8) && n &&
				      start + (size_t)n * word <= len &&
				      (size_t)n * word * 8 <=
					      STAT_FILE_MAX_CPU ?
			      0 :
			      -EINVAL;
		for (int bit = 0; !ret && bit < n * word * 8; bit++) {
			if (p[start + bit / 8] >> (bit % 8) & 1)
				ret = stat_file__add_cpu(cpus, &nr, bit);
		}
		if (!ret && !nr)
			ret = -EINVAL;
	}
	if (ret) {
		free(cpus);
		return stat_file__corrupt(sf, err, "a bad CPU map");
	}
	map = cpu_map__new_from(cpus, nr);
	free(cpus);
	if (!map)
		return -ENOMEM;
	cpu_map__put(sf->cpus);
	sf->cpus = map;
	return sf->maps_set ? stat_file__set_maps(sf, err) : 0;
}

static int stat_file__config(struct stat_file *sf, const unsigned char *p,
			     size_t len, struct perf_error *err)
{
	__u64 nr = len >= 8 ? perf_data__u64(p) : ~0ULL;

	if (nr > (len - 8) / 16)
		return stat_file__corrupt(sf, err, "a bad stat config");
	for (__u64 i = 0; i < nr; i++) {
		__u64 tag = perf_data__u64(p + 8 + 16 * i);
		__u64 val = perf_data__u64(p + 16 + 16 * i);

		switch (tag) {
		case PERF_STAT_CONFIG_TERM__AGGR_MODE:
			sf->aggr_mode = aggr_mode__from_file(val);
			break;
		case PERF_STAT_CONFIG_TERM__INTERVAL:
			sf->interval = val > UINT_MAX ? UINT_MAX :
							(unsigned int)val;
			break;
		case PERF_STAT_CONFIG_TERM__SCALE:
			sf->scale = val != 0;
			break;
		default: /* newer terms: nothing we print depends on them */
			break;
		}
	}
	return 0;
}

static int stat_file__event_update(struct stat_file *sf, const unsigned char *p,
				   size_t len)
{
	struct evsel *evsel;
	char *unit;
	double scale;

	if (len < 16)
		return 0;
	evsel = stat_file__evsel_of(sf, perf_data__u64(p + 8));
	if (!evsel)
		return 0;
	switch (perf_data__u64(p)) {
	case PERF_EVENT_UPDATE__UNIT:
		unit = strndup((const char *)p + 16, len - 16);
		if (!unit)
			return -ENOMEM;
		free(evsel->unit);
		evsel->unit = unit;
		break;
	case PERF_EVENT_UPDATE__SCALE:
		if (len < 24)
			break;
		memcpy(&scale, p + 16, sizeof(scale));
		if (scale > 0)
			evsel->scale = scale;
		break;
	default:
		break;
	}
	return 0;
}

static int stat_file__stat(struct stat_file *sf, const unsigned char *p,
			   size_t len, struct perf_error *err)
{
	struct perf_counts_values *v;
	struct evsel *evsel;
	__u32 cpu, thread;
	int ci, ret;

	if (len <
	    sizeof(struct perf_record_stat) - sizeof(struct perf_event_header))
		return stat_file__corrupt(sf, err,
					  "a stat record is cut short");
	evsel = stat_file__evsel_of(sf, perf_data__u64(p));
	if (!evsel)
		return stat_file__corrupt(
			sf, err, "a stat record of an unknown event id");
	if (!sf->maps_set) {
		ret = stat_file__set_maps(sf, err);
		if (ret)
			return ret;
	}
	cpu = perf_data__u32(p + 8);
	thread = perf_data__u32(p + 12);
	ci = cpu_map__idx(sf->cpus, (int)cpu);
	/* Older perf wrote the index in the CPU map. */
	if (ci < 0 && cpu < (__u32)sf->cpus->nr)
		ci = (int)cpu;
	if (ci < 0 || thread >= (__u32)sf->threads->nr)
		return stat_file__corrupt(
			sf, err, "a stat record outside the CPU or thread map");
	v = perf_counts(evsel->counts, ci, (int)thread);
	v->val = perf_data__u64(p + 16);
	v->ena = perf_data__u64(p + 24);
	v->run = perf_data__u64(p + 32);
	evsel->supported = true;
	evsel->counted = true;
	return 0;
}

struct stat_file_replay {
	struct stat_file *sf;
	stat_round_fn fn;
	void *ctx;
};

static int stat_file__record(const struct perf_event_header *h,
			     const void *body, size_t len, void *ctx,
			     struct perf_error *err)
{
	struct stat_file_replay *r = ctx;
	struct stat_file *sf = r->sf;
	const unsigned char *p = body;
	int ret = 0;

	switch (h->type) {
	case PERF_RECORD_THREAD_MAP:
		ret = stat_file__thread_map(sf, p, len, err);
		break;
	case PERF_RECORD_CPU_MAP:
		ret = stat_file__cpu_map(sf, p, len, err);
		break;
	case PERF_RECORD_STAT_CONFIG:
		ret = stat_file__config(sf, p, len, err);
		break;
	case PERF_RECORD_EVENT_UPDATE:
		ret = stat_file__event_update(sf, p, len);
		break;
	case PERF_RECORD_STAT:
		ret = stat_file__stat(sf, p, len, err);
		break;
	case PERF_RECORD_STAT_ROUND:
		if (len < 16)
			return stat_file__corrupt(sf, err,
						  "a stat round is cut short");
		if (!sf->maps_set)
			ret = stat_file__set_maps(sf, err);
		if (!ret) {
			sf->nr_rounds++;
			ret = r->fn(sf, perf_data__u64(p),
				    perf_data__u64(p + 8), r->ctx);
		}
		break;
	default: /* mmaps and the like: nothing to do with counts */
		break;
	}
	if (ret == -ENOMEM)
		return perf_error__set(err, ret, "%s: %s", sf->path,
				       strerror(ENOMEM));
	return ret;
}

int stat_file__replay(struct stat_file *sf, stat_round_fn fn, void *ctx,
		      struct perf_error *err)
{
	struct stat_file_replay r = { .sf = sf, .fn = fn, .ctx = ctx };

	return perf_data__for_each_record(&sf->data, stat_file__record, &r,
					  sf->path, err);
}

void stat_file__close(struct stat_file *sf)
{
	if (sf->evlist) {
		sf->evlist->cpus = NULL;
		sf->evlist->threads = NULL;
		evlist__delete(sf->evlist);
	}
	cpu_map__put(sf->cpus);
	thread_map__put(sf->threads);
	free(sf->ids);
	perf_data__exit(&sf->data);
	memset(sf, 0, sizeof(*sf));
}
