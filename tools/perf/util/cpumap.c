// SPDX-License-Identifier: GPL-2.0
/*
 * CPU and thread maps: what -C, -a, -p and -t turn into, and the sets the
 * counting backends open their events on.
 */
#include <ctype.h>
#include <dirent.h>
#include <errno.h>
#include <limits.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "cpumap.h"

/* Far above any real machine; keeps a typo from allocating gigabytes. */
#define CPU_MAP__LIMIT 65536

static void cpumap__err(char *err, size_t errlen, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));

static void cpumap__err(char *err, size_t errlen, const char *fmt, ...)
{
	va_list ap;

	if (!err || !errlen)
		return;
	va_start(ap, fmt);
	vsnprintf(err, errlen, fmt, ap);
	va_end(ap);
}

static int int_cmp(const void *a, const void *b)
{
	int x = *(const int *)a, y = *(const int *)b;

	return (x > y) - (x < y);
}

/* Sort and drop duplicates in place; returns the new count. */
static int ints__sort_unique(int *v, int nr)
{
	int out = 0;

	qsort(v, nr, sizeof(*v), int_cmp);
	for (int i = 0; i < nr; i++) {
		if (out && v[out - 1] == v[i])
			continue;
		v[out++] = v[i];
	}
	return out;
}

struct perf_cpu_map *cpu_map__new_from(const int *cpus, int nr)
{
	struct perf_cpu_map *map;

	map = malloc(sizeof(*map) + (size_t)nr * sizeof(map->map[0]));
	if (!map) {
		errno = ENOMEM;
		return NULL;
	}
	map->nr = nr;
	if (nr)
		memcpy(map->map, cpus, (size_t)nr * sizeof(map->map[0]));
	return map;
}

struct perf_cpu_map *cpu_map__new_any(void)
{
	int any = -1;

	return cpu_map__new_from(&any, 1);
}

void cpu_map__put(struct perf_cpu_map *map)
{
	free(map);
}

int cpu_map__idx(const struct perf_cpu_map *map, int cpu)
{
	for (int i = 0; map && i < map->nr; i++) {
		if (map->map[i] == cpu)
			return i;
	}
	return -1;
}

/*
 * Read one decimal CPU number at *pos.  Returns 0, or -EINVAL with the
 * reason in err.
 */
static int cpu_list__number(const char *list, const char **pos, int max_cpu,
			    int *cpu, char *err, size_t errlen)
{
	const char *p = *pos;
	unsigned long long val = 0;
	bool overflow = false;

	if (*p == '-') {
		cpumap__err(err, errlen, "negative CPU number at offset %d",
			    (int)(p - list));
		return -EINVAL;
	}
	if (!isdigit((unsigned char)*p)) {
		if (*p)
			cpumap__err(err, errlen, "unexpected '%c' at offset %d",
				    *p, (int)(p - list));
		else
			cpumap__err(err, errlen,
				    "missing CPU number at offset %d",
				    (int)(p - list));
		return -EINVAL;
	}
	for (; isdigit((unsigned char)*p); p++) {
		val = val * 10 + (*p - '0');
		if (val > INT_MAX)
			overflow = true;
	}
	if (overflow || val >= CPU_MAP__LIMIT) {
		cpumap__err(err, errlen, "cpu %.*s is too large",
			    (int)(p - *pos), *pos);
		return -EINVAL;
	}
	if (max_cpu > 0 && (int)val >= max_cpu) {
		cpumap__err(err, errlen, "cpu %llu out of range (max %d)", val,
			    max_cpu - 1);
		return -EINVAL;
	}
	*cpu = (int)val;
	*pos = p;
	return 0;
}

int cpu_map__parse(const char *list, int max_cpu, struct perf_cpu_map **out,
		   char *err, size_t errlen)
{
	const char *p = list;
	int *cpus = NULL, nr = 0, alloc = 0, ret;

	*out = NULL;
	if (!list || !*list) {
		cpumap__err(err, errlen, "empty CPU list");
		return -EINVAL;
	}
	for (;;) {
		int first, last;

		ret = cpu_list__number(list, &p, max_cpu, &first, err, errlen);
		if (ret)
			goto out_free;
		last = first;
		if (*p == '-') {
			p++;
			ret = cpu_list__number(list, &p, max_cpu, &last, err,
					       errlen);
			if (ret)
				goto out_free;
			if (last < first) {
				cpumap__err(err, errlen, "reversed range %d-%d",
					    first, last);
				ret = -EINVAL;
				goto out_free;
			}
		}
		if (nr + (last - first + 1) > alloc) {
			int *grown;

			alloc = nr + (last - first + 1) + 16;
			grown = realloc(cpus, (size_t)alloc * sizeof(*cpus));
			if (!grown) {
				ret = -ENOMEM;
				goto out_free;
			}
			cpus = grown;
		}
		for (int cpu = first; cpu <= last; cpu++)
			cpus[nr++] = cpu;
		if (*p == '\0' || (*p == '\n' && p[1] == '\0'))
			break;
		if (*p != ',') {
			cpumap__err(err, errlen, "unexpected '%c' at offset %d",
				    *p, (int)(p - list));
			ret = -EINVAL;
			goto out_free;
		}
		p++;
	}
	nr = ints__sort_unique(cpus, nr);
	*out = cpu_map__new_from(cpus, nr);
	ret = *out ? 0 : -ENOMEM;
out_free:
	free(cpus);
	return ret;
}

static int sysfs__read_line(const char *path, char *buf, size_t size)
{
	FILE *f = fopen(path, "re");
	int ret = 0;

	if (!f)
		return -errno;
	if (!fgets(buf, (int)size, f))
		ret = -EIO;
	fclose(f);
	if (!ret)
		buf[strcspn(buf, "\n")] = '\0';
	return ret;
}

static struct perf_cpu_map *cpu_map__read_sysfs(const char *path)
{
	struct perf_cpu_map *map;
	char buf[4096];
	int ret;

	ret = sysfs__read_line(path, buf, sizeof(buf));
	if (!ret)
		ret = cpu_map__parse(buf, 0, &map, NULL, 0);
	if (ret) {
		errno = -ret;
		return NULL;
	}
	return map;
}

struct perf_cpu_map *cpu_map__new_online(void)
{
	return cpu_map__read_sysfs("/sys/devices/system/cpu/online");
}

int cpu__max_cpu(void)
{
	static int max_cpu;
	struct perf_cpu_map *map;

	if (max_cpu)
		return max_cpu;
	map = cpu_map__read_sysfs("/sys/devices/system/cpu/possible");
	if (map && map->nr) {
		max_cpu = map->map[map->nr - 1] + 1;
	} else {
		long n = sysconf(_SC_NPROCESSORS_CONF);

		max_cpu = n > 0 ? (int)n : 1;
	}
	cpu_map__put(map);
	return max_cpu;
}

int cpu_map__snprint(const struct perf_cpu_map *map, char *buf, size_t size)
{
	size_t len = 0;
	int i = 0;

	if (size)
		buf[0] = '\0';
	while (map && i < map->nr) {
		int first = map->map[i], last = first, n;

		while (i + 1 < map->nr && map->map[i + 1] == last + 1 &&
		       last >= 0)
			last = map->map[++i];
		i++;
		if (first == last)
			n = snprintf(buf + len, len < size ? size - len : 0,
				     "%s%d", len ? "," : "", first);
		else
			n = snprintf(buf + len, len < size ? size - len : 0,
				     "%s%d-%d", len ? "," : "", first, last);
		if (n < 0)
			return -EINVAL;
		len += n;
		if (len >= size)
			len = size ? size - 1 : 0, size = 0;
	}
	return (int)len;
}

/*
 * Thread maps.  The command of each thread is remembered when the map is
 * made from -p/-t, so --per-thread can name threads that exited since.
 */

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
	return sysfs__read_line(path, buf, size);
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
	struct perf_thread_map *map;

	map = malloc(sizeof(*map) + (size_t)nr * sizeof(map->map[0]));
	if (!map) {
		errno = ENOMEM;
		return NULL;
	}
	map->nr = nr;
	if (nr)
		memcpy(map->map, tids, (size_t)nr * sizeof(map->map[0]));
	return map;
}

struct perf_thread_map *thread_map__new_any(void)
{
	pid_t any = -1;

	return thread_map__new_from(&any, 1);
}

void thread_map__put(struct perf_thread_map *map)
{
	free(map);
}

struct pid_list {
	pid_t *v;
	int nr, alloc;
};

static int pid_list__add(struct pid_list *l, pid_t pid)
{
	for (int i = 0; i < l->nr; i++) {
		if (l->v[i] == pid)
			return 0;
	}
	if (l->nr == l->alloc) {
		int alloc = l->alloc ? 2 * l->alloc : 16;
		pid_t *grown = realloc(l->v, alloc * sizeof(*grown));

		if (!grown)
			return -ENOMEM;
		l->v = grown;
		l->alloc = alloc;
	}
	l->v[l->nr++] = pid;
	return 0;
}

static int pid_cmp(const void *a, const void *b)
{
	pid_t x = *(const pid_t *)a, y = *(const pid_t *)b;

	return (x > y) - (x < y);
}

/* Every thread of pid's process, sorted, appended to l. */
static int pid_list__add_tasks(struct pid_list *l, pid_t pid)
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
		ret = pid_list__add(l, (pid_t)tid);
		if (ret)
			break;
	}
	closedir(dir);
	/* A pid given twice adds nothing new, yet it exists. */
	if (!ret && !found)
		ret = -ESRCH;
	if (!ret)
		qsort(l->v + first, l->nr - first, sizeof(pid_t), pid_cmp);
	return ret;
}

static bool thread__exists(pid_t tid)
{
	char path[64];
	struct stat st;

	snprintf(path, sizeof(path), "/proc/%d", (int)tid);
	return stat(path, &st) == 0;
}

static int thread_map__parse(const char *list, bool whole_process,
			     struct perf_thread_map **out, char *err,
			     size_t errlen)
{
	const char *kind = whole_process ? "pid" : "thread id";
	struct pid_list l = { 0 };
	const char *p = list;
	int ret = 0;

	*out = NULL;
	if (!list || !*list) {
		cpumap__err(err, errlen, "empty %s list", kind);
		return -EINVAL;
	}
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

			cpumap__err(err, errlen, "invalid %s '%.*s'", kind, len,
				    start);
			ret = -EINVAL;
			goto out_free;
		}
		if (whole_process) {
			ret = pid_list__add_tasks(&l, (pid_t)val);
		} else if (!thread__exists((pid_t)val)) {
			ret = -ESRCH;
		} else {
			ret = pid_list__add(&l, (pid_t)val);
		}
		if (ret == -ESRCH)
			cpumap__err(err, errlen, "%s %llu: no such %s",
				    whole_process ? "pid" : "thread", val,
				    whole_process ? "process" : "thread");
		if (ret)
			goto out_free;
		if (!*p)
			break;
		p++;
	}
	for (int i = 0; i < l.nr; i++)
		thread_comm__remember(l.v[i]);
	*out = thread_map__new_from(l.v, l.nr);
	if (!*out)
		ret = -ENOMEM;
out_free:
	free(l.v);
	return ret;
}

int thread_map__parse_tids(const char *list, struct perf_thread_map **out,
			   char *err, size_t errlen)
{
	return thread_map__parse(list, false, out, err, errlen);
}

int thread_map__parse_pids(const char *list, struct perf_thread_map **out,
			   char *err, size_t errlen)
{
	return thread_map__parse(list, true, out, err, errlen);
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
	struct pid_list l = { 0 };
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
		ret = pid_list__add_tasks(&l, (pid_t)pid);
		if (ret == -ESRCH) /* exited meanwhile */
			ret = 0;
	}
	closedir(dir);
	if (ret) {
		free(l.v);
		errno = -ret;
		return NULL;
	}
	for (int i = 0; i < l.nr; i++)
		thread_comm__remember(l.v[i]);
	map = thread_map__new_from(l.v, l.nr);
	free(l.v);
	return map;
}
