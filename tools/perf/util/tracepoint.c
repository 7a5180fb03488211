// SPDX-License-Identifier: GPL-2.0
/*
 * Tracepoints from tracefs: where tracefs is, the id of sys:name, and
 * the events that sys:name globs ("sched:*", "syscalls:sys_enter_*")
 * match.  Only the parser (parse-events-tracepoint.c), perf list and a
 * new bperf leader (its event hook: bperf-leader-new.c) use it.
 */
#include <dirent.h>
#include <errno.h>
#include <fnmatch.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mount.h>
#include <sys/stat.h>

#include "tracepoint.h"

static const char *events_dir_override;

void tracepoint__set_events_dir(const char *dir)
{
	events_dir_override = dir;
}

static bool is_dir(const char *path)
{
	struct stat st;

	return !stat(path, &st) && S_ISDIR(st.st_mode);
}

/* Where tracefs is mounted already; NULL with errno ENOENT or EACCES. */
static const char *tracepoint__find_events_dir(void)
{
	static const char *const dirs[] = {
		"/sys/kernel/tracing/events",
		"/sys/kernel/debug/tracing/events",
	};
	int err = ENOENT;

	for (size_t i = 0; i < sizeof(dirs) / sizeof(dirs[0]); i++) {
		struct stat st;

		if (!stat(dirs[i], &st) && S_ISDIR(st.st_mode))
			return dirs[i];
		if (errno == EACCES)
			err = EACCES; /* there, but root's only */
	}
	errno = err;
	return NULL;
}

/*
 * tracefs is not mounted on a fresh machine without systemd: mount it
 * where the kernel made room for it, as perf does (tracing_path_mount()),
 * once per process.  Without the privilege it stays unmounted.
 */
const char *tracepoint__events_dir(void)
{
	static bool mount_tried;
	const char *env = getenv("PERF_TRACEFS_EVENTS");
	const char *dir;

	if (events_dir_override)
		return events_dir_override;
	if (env && *env)
		return env;
	dir = tracepoint__find_events_dir();
	if (dir || errno != ENOENT || mount_tried)
		return dir;
	mount_tried = true;
	if (mount("nodev", "/sys/kernel/tracing", "tracefs", 0, NULL)) {
		errno = ENOENT;
		return NULL;
	}
	return tracepoint__find_events_dir();
}

bool tracepoint__is_glob(const char *s, size_t len)
{
	for (size_t i = 0; i < len && s[i]; i++) {
		if (s[i] == '*' || s[i] == '?' || s[i] == '[')
			return true;
	}
	return false;
}

/* A name that is a path component of its own, not "." or "..". */
static bool is_plain_name(const char *s)
{
	return *s && !strchr(s, '/') && strcmp(s, ".") && strcmp(s, "..");
}

bool tracepoint__has_system(const char *sys)
{
	const char *dir = tracepoint__events_dir();
	char path[PATH_MAX];

	if (!dir || !is_plain_name(sys))
		return false;
	if (snprintf(path, sizeof(path), "%s/%s", dir, sys) >=
	    (int)sizeof(path))
		return false;
	return is_dir(path);
}

static int read_id(const char *dir, const char *sys, const char *name,
		   __u64 *id)
{
	char path[PATH_MAX];
	unsigned long long v;
	FILE *f;
	int ret;

	if (!is_plain_name(sys) || !is_plain_name(name))
		return -ENOENT;
	if (snprintf(path, sizeof(path), "%s/%s/%s/id", dir, sys, name) >=
	    (int)sizeof(path))
		return -ENOENT;
	f = fopen(path, "re");
	if (!f) {
		ret = -errno;
		/* an event without an id is not one perf counts */
		return ret == -ENOTDIR ? -ENOENT : ret;
	}
	ret = fscanf(f, "%llu", &v) == 1 ? 0 : -EINVAL;
	fclose(f);
	if (!ret)
		*id = v;
	return ret;
}

int tracepoint__id(const char *sys, const char *name, __u64 *id)
{
	const char *dir = tracepoint__events_dir();

	if (!dir)
		return -ENOENT;
	return read_id(dir, sys, name, id);
}

static int cmp_names(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

static void free_names(char **names, int nr)
{
	for (int i = 0; i < nr; i++)
		free(names[i]);
	free(names);
}

/* The names in path, directories only, sorted or in directory order. */
static int list_dirs(const char *path, bool sorted, char ***names, int *nr)
{
	struct dirent *d;
	char **v = NULL;
	int n = 0, ret = 0;
	DIR *dir;

	*names = NULL;
	*nr = 0;
	dir = opendir(path);
	if (!dir)
		return -errno;
	while ((d = readdir(dir))) {
		char sub[PATH_MAX];
		char **nv;

		if (d->d_name[0] == '.')
			continue;
		if (d->d_type != DT_DIR && d->d_type != DT_UNKNOWN)
			continue;
		if (d->d_type == DT_UNKNOWN &&
		    (snprintf(sub, sizeof(sub), "%s/%s", path, d->d_name) >=
			     (int)sizeof(sub) ||
		     !is_dir(sub)))
			continue;
		nv = realloc(v, (n + 1) * sizeof(*v));
		if (!nv) {
			ret = -ENOMEM;
			break;
		}
		v = nv;
		v[n] = strdup(d->d_name);
		if (!v[n]) {
			ret = -ENOMEM;
			break;
		}
		n++;
	}
	closedir(dir);
	if (ret) {
		free_names(v, n);
		return ret;
	}
	if (sorted && n > 1)
		qsort(v, n, sizeof(*v), cmp_names);
	*names = v;
	*nr = n;
	return 0;
}

int tracepoint__for_each(const char *sys_glob, const char *name_glob,
			 bool sorted,
			 int (*fn)(const char *sys, const char *name, __u64 id,
				   void *data),
			 void *data)
{
	const char *dir = tracepoint__events_dir();
	char **systems, path[PATH_MAX];
	int nr_systems, ret;

	if (!dir)
		return -ENOENT;
	ret = list_dirs(dir, sorted, &systems, &nr_systems);
	if (ret)
		return ret;
	for (int s = 0; !ret && s < nr_systems; s++) {
		char **events;
		int nr_events;

		if (fnmatch(sys_glob, systems[s], 0))
			continue;
		if (snprintf(path, sizeof(path), "%s/%s", dir, systems[s]) >=
		    (int)sizeof(path))
			continue;
		if (list_dirs(path, sorted, &events, &nr_events))
			continue; /* an unreadable system: none of its events */
		for (int e = 0; !ret && e < nr_events; e++) {
			__u64 id;

			if (fnmatch(name_glob, events[e], 0) ||
			    read_id(dir, systems[s], events[e], &id))
				continue;
			ret = fn(systems[s], events[e], id, data);
		}
		free_names(events, nr_events);
	}
	free_names(systems, nr_systems);
	return ret;
}

struct name_of {
	__u64 id;
	char *buf;
	size_t size;
};

static int name_of_one(const char *sys, const char *name, __u64 id, void *data)
{
	struct name_of *no = data;

	if (id != no->id)
		return 0;
	if (snprintf(no->buf, no->size, "%s:%s", sys, name) >= (int)no->size)
		return -ERANGE;
	return 1;
}

int tracepoint__name_of(__u64 id, char *buf, size_t size)
{
	struct name_of no = { .id = id, .buf = buf, .size = size };
	int ret = tracepoint__for_each("*", "*", false, name_of_one, &no);

	if (ret == 1)
		return 0;
	return ret < 0 ? ret : -ENOENT;
}
