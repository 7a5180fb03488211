// SPDX-License-Identifier: GPL-2.0
/*
 * Thread maps: what -p, -t and -a --per-thread turn into, the threads
 * the counting backends open their events for.  The command of each
 * thread is remembered when the map is made, so --per-thread can name
 * threads that exited since.
 */
#include <ctype.h>
#include <dirent.h>
#include <errno.h>
#include <limits.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "error.h"
#include "fs.h"
#include "id-list.h"
#include "thread_map.h"

_Static_assert(sizeof(pid_t) == sizeof(int) &&
		       sizeof(struct perf_thread_map) ==
			       sizeof(struct id_map) &&
		       offsetof(struct perf_thread_map, map) ==
			       offsetof(struct id_map, map),
	       "a thread map is an id map");

struct thread_comm {
	pid_t tid;
	char comm[32];
};

static struct thread_comm *thread_comms;
static int nr_thread_comms;

static int thread__read_comm(pid_t tid, char *buf, size_t size)
{
	char path[64];

	snprintf(path, sizeof(path), "/proc/%d/comm", (int)tid);
	return filename__read_line(path, buf, size);
}

static void thread_comm__remember(pid_t tid)
{
	struct thread_comm *grown;
	char comm[32];

	for (int i = 0; i < nr_thread_comms; i++) {
		if (thread_comms[i].tid == tid)
			return;
	}
	if (thread__read_comm(tid, comm, sizeof(comm)))
		return;
	grown = realloc(thread_comms,
			(nr_thread_comms + 1) * sizeof(*thread_comms));
	if (!grown)
		return;
	thread_comms = grown;
	thread_comms[nr_thread_comms].tid = tid;
	strcpy(thread_comms[nr_thread_comms].comm, comm);
	nr_thread_comms++;
}

void thread_map__set_comm(pid_t tid, const char *comm)
{
	struct thread_comm *grown;
	int i;

	for (i = 0; i < nr_thread_comms; i++) {
		if (thread_comms[i].tid == tid)
			break;
	}
	if (i == nr_thread_comms) {
		grown = realloc(thread_comms, (i + 1) * sizeof(*thread_comms));
		if (!grown)
			return;
		thread_comms = grown;
		thread_comms[i].tid = tid;
		nr_thread_comms++;
	}
	snprintf(thread_comms[i].comm, sizeof(thread_comms[i].comm), "%s",
		 comm);
}

struct perf_thread_map *thread_map__new_from(const pid_t *tids, int nr)
{
	return (struct perf_thread_map *)id_map__new(tids, nr);
}

struct perf_thread_map *thread_map__new_any(void)
{
	return (struct perf_thread_map *)id_map__new_any();
}

void thread_map__put(struct perf_thread_map *map)
{
	free(map);
}

/* Every thread of pid's process, sorted, appended to l. */
static int id_list__add_tasks(struct id_list *l, pid_t pid)
{
	struct dirent *d;
	char path[64];
	int first = l->nr, found = 0, ret = 0;
	DIR *dir;

	snprintf(path, sizeof(path), "/proc/%d/task", (int)pid);
	dir = opendir(path);
	if (!dir)
		return errno == ENOENT ? -ESRCH : -errno;
	while ((d = readdir(dir))) {
		char *end;
		long tid = strtol(d->d_name, &end, 10);

		if (*end || tid <= 0)
			continue;
		found++;
		ret = id_list__add_new(l, (pid_t)tid);
		if (ret)
			break;
	}
	closedir(dir);
	/* A pid given twice adds nothing new, yet it exists. */
	if (!ret && !found)
		ret = -ESRCH;
	if (!ret)
		id_list__sort(l, first);
	return ret;
}

bool thread__exists(pid_t tid)
{
	char path[64];
	struct stat st;

	snprintf(path, sizeof(path), "/proc/%d", (int)tid);
	return stat(path, &st) == 0;
}

/* The map of the threads in l, their commands remembered. */
static struct perf_thread_map *thread_map__new_list(const struct id_list *l)
{
	for (int i = 0; i < l->nr; i++)
		thread_comm__remember(l->ids[i]);
	return thread_map__new_from(l->ids, l->nr);
}

static int thread_map__parse(const char *list, bool whole_process,
			     struct perf_thread_map **out,
			     struct perf_error *err)
{
	const char *kind = whole_process ? "pid" : "thread id";
	struct id_list l = { 0 };
	const char *p = list;
	int ret = 0;

	*out = NULL;
	if (!list || !*list)
		return perf_error__set(err, -EINVAL, "empty %s list", kind);
	for (;;) {
		unsigned long long val = 0;
		const char *start = p;

		for (; isdigit((unsigned char)*p); p++) {
			val = val * 10 + (*p - '0');
			if (val > INT_MAX)
				break;
		}
		if (p == start || val == 0 || val > INT_MAX ||
		    (*p && *p != ',')) {
			int len = (int)strcspn(start, ",");

			ret = perf_error__set(err, -EINVAL, "invalid %s '%.*s'",
					      kind, len, start);
			goto out_free;
		}
		if (whole_process) {
			ret = id_list__add_tasks(&l, (pid_t)val);
		} else if (!thread__exists((pid_t)val)) {
			ret = -ESRCH;
		} else {
			ret = id_list__add_new(&l, (pid_t)val);
		}
		if (ret == -ESRCH)
			perf_error__set(err, ret, "%s %llu: no such %s",
					whole_process ? "pid" : "thread", val,
					whole_process ? "process" : "thread");
		if (ret)
			goto out_free;
		if (!*p)
			break;
		p++;
	}
	*out = thread_map__new_list(&l);
	if (!*out)
		ret = -ENOMEM;
out_free:
	id_list__exit(&l);
	return ret;
}

int thread_map__parse_tids(const char *list, struct perf_thread_map **out,
			   struct perf_error *err)
{
	return thread_map__parse(list, false, out, err);
}

int thread_map__parse_pids(const char *list, struct perf_thread_map **out,
			   struct perf_error *err)
{
	return thread_map__parse(list, true, out, err);
}

int thread_map__comm(const struct perf_thread_map *map, int idx, char *buf,
		     size_t size)
{
	char comm[32];
	pid_t tid;

	if (!map || idx < 0 || idx >= map->nr)
		return -EINVAL;
	tid = map->map[idx];
	if (tid < 0)
		return snprintf(buf, size, "%d", (int)tid);
	for (int i = 0; i < nr_thread_comms; i++) {
		if (thread_comms[i].tid == tid)
			return snprintf(buf, size, "%s-%d",
					thread_comms[i].comm, (int)tid);
	}
	if (thread__read_comm(tid, comm, sizeof(comm)))
		strcpy(comm, "<unknown>");
	return snprintf(buf, size, "%s-%d", comm, (int)tid);
}

struct perf_thread_map *thread_map__new_all(void)
{
	struct perf_thread_map *map;
	struct id_list l = { 0 };
	struct dirent *d;
	DIR *dir;
	int ret = 0;

	dir = opendir("/proc");
	if (!dir)
		return NULL;
	while (!ret && (d = readdir(dir))) {
		char *end;
		long pid = strtol(d->d_name, &end, 10);

		if (*end || pid <= 0)
			continue;
		ret = id_list__add_tasks(&l, (pid_t)pid);
		if (ret == -ESRCH) /* exited meanwhile */
			ret = 0;
	}
	closedir(dir);
	map = ret ? NULL : thread_map__new_list(&l);
	id_list__exit(&l);
	if (ret)
		errno = -ret;
	return map;
}
