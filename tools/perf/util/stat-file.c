// SPDX-License-Identifier: GPL-2.0
/*
 * Stat data read back from a perf.data file or stream, for perf stat
 * report and perf script: the events, the maps and the configuration,
 * then each round's counts replayed (see stat-file.h).
 */
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "cpumap.h"
#include "error.h"
#include "event-names.h"
#include "evsel.h"
#include "perf-data-pipe.h"
#include "stat-file.h"
#include "stat-record.h"
#include "thread_map.h"

/* CPU numbers and thread counts no real file comes near. */
#define STAT_FILE_MAX_CPU 4096
#define STAT_FILE_MAX_THREADS (1 << 22)
/* Readings in all: every event x CPU x thread (24 bytes each). */
#define STAT_FILE_MAX_COUNTS (1 << 22)
/* Events a stream may describe. */
#define STAT_FILE_MAX_EVENTS 65536

struct stat_file_id {
	__u64 id;
	int evsel;
};

static int stat_file__corrupt(struct stat_file *sf, struct perf_error *err,
			      const char *why)
{
	return perf_error__set(err, -EINVAL, "%s: corrupted perf.data %s: %s",
			       sf->path, sf->pipe ? "stream" : "file", why);
}

static int stat_file__no_data(const char *name, struct perf_error *err)
{
	return perf_error__set(
		err, -ENODATA,
		"%s: no stat data: only files written by 'perf stat record' are supported",
		name);
}

static int stat_file_id__cmp(const void *a, const void *b)
{
	const struct stat_file_id *x = a, *y = b;

	return x->id < y->id ? -1 : x->id > y->id;
}

static struct evsel *stat_file__evsel_of(struct stat_file *sf, __u64 id)
{
	struct stat_file_id key = { .id = id }, *found;

	if (!sf->nr_ids)
		return NULL;
	found = bsearch(&key, sf->ids, sf->nr_ids, sizeof(key),
			stat_file_id__cmp);
	return found ? sf->evlist->entries[found->evsel] : NULL;
}

/* The evsel of attr a (named as the file names it), and its ids. */
static int stat_file__add_event(struct stat_file *sf,
				const struct perf_data_attr *a)
{
	struct stat_file_id *ids;
	struct evsel *evsel;
	char name[64];

	if (!a->name &&
	    event_name_of(a->attr.type, a->attr.config, name, sizeof(name)))
		snprintf(name, sizeof(name), "%u/config=%#llx/", a->attr.type,
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
	ids = realloc(sf->ids, (sf->nr_ids + a->nr_ids + 1) * sizeof(*ids));
	if (!ids)
		return -ENOMEM;
	sf->ids = ids;
	for (__u32 k = 0; k < a->nr_ids; k++) {
		sf->ids[sf->nr_ids].id = a->ids[k];
		sf->ids[sf->nr_ids++].evsel = evsel->idx;
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
	if (!sf->pipe && !perf_data__has_feat(&sf->data, PERF_FEAT_STAT))
		return stat_file__no_data(name, err);
	sf->cpus = cpu_map__new_any();
	sf->threads = thread_map__new_any();
	sf->evlist = evlist__new();
	if (!sf->cpus || !sf->threads || !sf->evlist)
		goto nomem;
	for (int i = 0; i < sf->data.nr_attrs; i++) {
		if (stat_file__add_event(sf, &sf->data.attrs[i]))
			goto nomem;
	}
	return 0;
nomem:
	return perf_error__set(err, -ENOMEM, "%s: %s", name, strerror(ENOMEM));
}

/* Bytes in memory: a whole file, or a stream replayed from memory. */
static int stat_file__open_bytes(struct stat_file *sf, const void *buf,
				 size_t size, const char *name,
				 struct perf_error *err)
{
	int ret;

	if (!size)
		return perf_error__set(err, -EINVAL,
				       "%s: empty, not a perf.data file", name);
	if (perf_data__is_pipe_header(buf, size)) {
		sf->pipe = true;
		ret = perf_data_stream__init_mem(&sf->stream, buf, size, name);
		if (ret)
			return perf_error__set(err, ret, "%s: %s", name,
					       strerror(-ret));
	} else {
		ret = perf_data__parse(&sf->data, buf, size, name, err);
		if (ret)
			return ret;
	}
	return stat_file__init(sf, name, err);
}

int stat_file__open_mem(struct stat_file *sf, const void *buf, size_t size,
			const char *name, struct perf_error *err)
{
	memset(sf, 0, sizeof(*sf));
	sf->fd = -1;
	sf->stream.fd = -1;
	return stat_file__open_bytes(sf, buf, size, name, err);
}

/* Read exactly n bytes unless the input ends first: the count, or -errno. */
static ssize_t stat_file__read_head(int fd, unsigned char *buf, size_t n)
{
	size_t got = 0;

	while (got < n) {
		ssize_t r = read(fd, buf + got, n - got);

		if (r < 0 && errno == EINTR)
			continue;
		if (r < 0)
			return -errno;
		if (!r)
			break;
		got += r;
	}
	return (ssize_t)got;
}

/*
 * fd is a pipe, a FIFO or a terminal: a stream is replayed as it comes;
 * a whole file sent down a pipe is read to its end first.
 */
static int stat_file__open_stream(struct stat_file *sf, int fd,
				  const char *name, struct perf_error *err)
{
	unsigned char head[PERF_DATA_PIPE_HEADER_SIZE];
	struct perf_data_buf b;
	ssize_t n = stat_file__read_head(fd, head, sizeof(head));
	int ret;

	if (n < 0)
		return perf_error__set(err, (int)n, "cannot read '%s': %s",
				       name, strerror((int)-n));
	if (perf_data__is_pipe_header(head, n)) {
		sf->pipe = true;
		ret = perf_data_stream__init_fd(&sf->stream, fd, name);
		if (ret)
			return perf_error__set(err, ret, "%s: %s", name,
					       strerror(-ret));
		return stat_file__init(sf, name, err);
	}
	ret = perf_data__read_all(fd, head, n, &b);
	if (ret)
		return perf_error__set(err, ret, "cannot read '%s': %s", name,
				       strerror(-ret));
	ret = stat_file__open_bytes(sf, b.p, b.len, name, err);
	perf_data_buf__exit(&b);
	return ret;
}

int stat_file__open(struct stat_file *sf, const char *path,
		    struct perf_error *err)
{
	bool is_stdin = !strcmp(path, "-");
	struct perf_data_buf b;
	struct stat st;
	int fd, ret;

	memset(sf, 0, sizeof(*sf));
	sf->fd = -1;
	sf->stream.fd = -1;
	if (is_stdin)
		path = "<stdin>";
	sf->path = path;
	fd = is_stdin ? STDIN_FILENO : open(path, O_RDONLY | O_CLOEXEC);
	if (fd < 0)
		return perf_error__set(err, -errno, "cannot open '%s': %s",
				       path, strerror(errno));
	if (!is_stdin)
		sf->fd = fd;
	if (fstat(fd, &st))
		return perf_error__set(err, -errno, "cannot read '%s': %s",
				       path, strerror(errno));
	if (S_ISFIFO(st.st_mode) || S_ISCHR(st.st_mode) || S_ISSOCK(st.st_mode))
		return stat_file__open_stream(sf, fd, path, err);
	if (!S_ISREG(st.st_mode))
		return perf_error__set(
			err, -EINVAL,
			"%s: not a perf.data file (not a regular file or a pipe)",
			path);
	ret = perf_data__read_all(fd, NULL, 0, &b);
	if (ret)
		return perf_error__set(err, ret, "cannot read '%s': %s", path,
				       strerror(-ret));
	ret = stat_file__open_bytes(sf, b.p, b.len, path, err);
	perf_data_buf__exit(&b);
	return ret;
}

/* Point every evsel at its maps and size its counts to them. */
static int stat_file__set_maps(struct stat_file *sf, struct perf_error *err)
{
	__u64 total = 0;
	struct evsel *evsel;

	evlist__for_each_entry(sf->evlist, evsel) {
		evsel->cpus = evsel->own_cpus ? evsel->own_cpus : sf->cpus;
		evsel->threads = evsel->own_threads ? evsel->own_threads :
						      sf->threads;
		total += (__u64)evsel->cpus->nr * evsel->threads->nr;
	}
	if (total > STAT_FILE_MAX_COUNTS)
		return stat_file__corrupt(
			sf, err,
			"more events x CPUs x threads than any run counts");
	sf->evlist->cpus = sf->cpus;
	sf->evlist->threads = sf->threads;
	evlist__for_each_entry(sf->evlist, evsel) {
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

/* A CPU map's data (CPU_MAP, EVENT_UPDATE__CPUS): a new map, or NULL. */
static struct perf_cpu_map *stat_file__decode_cpus(struct stat_file *sf,
						   const void *p, size_t len,
						   int *ret,
						   struct perf_error *err)
{
	int *cpus = calloc(STAT_FILE_MAX_CPU, sizeof(int));
	struct perf_cpu_map *map = NULL;
	int nr;

	*ret = -ENOMEM;
	if (!cpus)
		return NULL;
	nr = perf_data__decode_cpu_map(p, len, cpus, STAT_FILE_MAX_CPU);
	if (nr < 0)
		*ret = stat_file__corrupt(sf, err, "a bad CPU map");
	else
		map = cpu_map__new_from(cpus, nr);
	free(cpus);
	if (map)
		*ret = 0;
	return map;
}

static int stat_file__cpu_map(struct stat_file *sf, const unsigned char *p,
			      size_t len, struct perf_error *err)
{
	int ret;
	struct perf_cpu_map *map =
		stat_file__decode_cpus(sf, p, len, &ret, err);

	if (!map)
		return ret;
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

/* EVENT_UPDATE__CPUS: evsel counts on these CPUs, system-wide. */
static int stat_file__event_cpus(struct stat_file *sf, struct evsel *evsel,
				 const unsigned char *p, size_t len,
				 struct perf_error *err)
{
	int ret;
	struct perf_cpu_map *map =
		stat_file__decode_cpus(sf, p, len, &ret, err);

	if (!map)
		return ret;
	cpu_map__put(evsel->own_cpus);
	evsel->own_cpus = map;
	if (!evsel->own_threads)
		evsel->own_threads = thread_map__new_any();
	if (!evsel->own_threads)
		return -ENOMEM;
	return sf->maps_set ? stat_file__set_maps(sf, err) : 0;
}

/* EVENT_UPDATE__UNIT, __NAME: replace *field, unless the name is "". */
static int stat_file__event_text(char **field, bool may_be_empty,
				 const unsigned char *p, size_t len)
{
	char *text = strndup((const char *)p, len);

	if (!text)
		return -ENOMEM;
	if (!*text && !may_be_empty) {
		free(text);
		return 0;
	}
	free(*field);
	*field = text;
	return 0;
}

static int stat_file__event_update(struct stat_file *sf, const unsigned char *p,
				   size_t len, struct perf_error *err)
{
	struct evsel *evsel;
	double scale;

	if (len < 16)
		return 0;
	evsel = stat_file__evsel_of(sf, perf_data__u64(p + 8));
	if (!evsel)
		return 0;
	switch (perf_data__u64(p)) {
	case PERF_EVENT_UPDATE__UNIT:
		return stat_file__event_text(&evsel->unit, true, p + 16,
					     len - 16);
	case PERF_EVENT_UPDATE__NAME:
		return stat_file__event_text(&evsel->name, false, p + 16,
					     len - 16);
	case PERF_EVENT_UPDATE__SCALE:
		if (len < 24)
			break;
		memcpy(&scale, p + 16, sizeof(scale));
		if (scale > 0)
			evsel->scale = scale;
		break;
	case PERF_EVENT_UPDATE__CPUS:
		return stat_file__event_cpus(sf, evsel, p + 16, len - 16, err);
	default:
		break;
	}
	return 0;
}

/* PERF_RECORD_HEADER_ATTR: one more event, before any counts. */
static int stat_file__header_attr(struct stat_file *sf, const void *p,
				  size_t len, struct perf_error *err)
{
	struct perf_data_attr a, *attrs;
	int ret;

	if (sf->maps_set)
		return stat_file__corrupt(sf, err,
					  "an event is described after counts");
	if (sf->data.nr_attrs >= STAT_FILE_MAX_EVENTS)
		return stat_file__corrupt(sf, err, "too many events");
	ret = perf_data__parse_header_attr(p, len, &a);
	if (ret == -EINVAL)
		return stat_file__corrupt(sf, err, "a bad event attr");
	if (ret)
		return ret;
	attrs = realloc(sf->data.attrs,
			(sf->data.nr_attrs + 1) * sizeof(*attrs));
	if (!attrs) {
		free(a.ids);
		return -ENOMEM;
	}
	sf->data.attrs = attrs;
	attrs[sf->data.nr_attrs++] = a;
	return stat_file__add_event(sf, &a);
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
	ci = cpu_map__idx(evsel->cpus, (int)cpu);
	/* Older perf wrote the index in the CPU map. */
	if (ci < 0 && cpu < (__u32)evsel->cpus->nr)
		ci = (int)cpu;
	if (ci < 0 || thread >= (__u32)evsel->threads->nr)
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

static int stat_file__round(struct stat_file_replay *r, const unsigned char *p,
			    size_t len, struct perf_error *err)
{
	struct stat_file *sf = r->sf;
	int ret = 0;

	if (len < 16)
		return stat_file__corrupt(sf, err, "a stat round is cut short");
	if (!sf->maps_set)
		ret = stat_file__set_maps(sf, err);
	if (ret)
		return ret;
	sf->nr_rounds++;
	return r->fn(sf, perf_data__u64(p), perf_data__u64(p + 8), r->ctx);
}

static int stat_file__record(const struct perf_event_header *h,
			     const void *body, size_t len, void *ctx,
			     struct perf_error *err)
{
	struct stat_file_replay *r = ctx;
	struct stat_file *sf = r->sf;
	const unsigned char *p = body;
	int ret = 0;

	switch (h->type) {
	case PERF_RECORD_HEADER_ATTR:
		ret = stat_file__header_attr(sf, p, len, err);
		break;
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
		ret = stat_file__event_update(sf, p, len, err);
		break;
	case PERF_RECORD_STAT:
		ret = stat_file__stat(sf, p, len, err);
		break;
	case PERF_RECORD_STAT_ROUND:
		ret = stat_file__round(r, p, len, err);
		break;
	case PERF_DATA_RECORD_SAMPLE: /* perf record's: no stat data here */
		if (sf->pipe)
			return stat_file__no_data(sf->path, err);
		break;
	default: /* mmaps, features and the like: nothing to do with counts */
		break;
	}
	if (ret == -ENOMEM)
		return perf_error__set(err, ret, "%s: %s", sf->path,
				       strerror(ENOMEM));
	return ret;
}

static int stat_file__replay_stream(struct stat_file *sf,
				    struct stat_file_replay *r,
				    struct perf_error *err)
{
	struct perf_event_header h;
	const void *body;
	int ret;

	while ((ret = perf_data_stream__next(&sf->stream, &h, &body, err)) >
	       0) {
		ret = stat_file__record(&h, body, h.size - sizeof(h), r, err);
		if (ret)
			return ret;
	}
	if (!ret && !sf->nr_rounds)
		return stat_file__corrupt(
			sf, err, "it ends before its first stat round");
	return ret;
}

int stat_file__replay(struct stat_file *sf, stat_round_fn fn, void *ctx,
		      struct perf_error *err)
{
	struct stat_file_replay r = { .sf = sf, .fn = fn, .ctx = ctx };

	if (sf->pipe)
		return stat_file__replay_stream(sf, &r, err);
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
	perf_data_stream__exit(&sf->stream);
	if (sf->fd >= 0)
		close(sf->fd);
	memset(sf, 0, sizeof(*sf));
	sf->fd = -1;
}
