// SPDX-License-Identifier: GPL-2.0
/*
 * CPU maps: what -C and -a turn into, the CPUs the counting backends
 * open their events on, and the machine's online and possible CPUs.
 */
#include <ctype.h>
#include <errno.h>
#include <limits.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

#include "cpumap.h"
#include "error.h"
#include "fs.h"
#include "id-list.h"

_Static_assert(sizeof(struct perf_cpu_map) == sizeof(struct id_map) &&
		       offsetof(struct perf_cpu_map, map) ==
			       offsetof(struct id_map, map),
	       "a CPU map is an id map");

/* Far above any real machine; keeps a typo from allocating gigabytes. */
#define CPU_MAP__LIMIT 65536

struct perf_cpu_map *cpu_map__new_from(const int *cpus, int nr)
{
	return (struct perf_cpu_map *)id_map__new(cpus, nr);
}

struct perf_cpu_map *cpu_map__new_any(void)
{
	return (struct perf_cpu_map *)id_map__new_any();
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
			    int *cpu, struct perf_error *err)
{
	const char *p = *pos;
	unsigned long long val = 0;
	bool overflow = false;

	if (*p == '-') {
		return perf_error__set(err, -EINVAL,
				       "negative CPU number at offset %d",
				       (int)(p - list));
	}
	if (!isdigit((unsigned char)*p) && *p)
		return perf_error__set(err, -EINVAL,
				       "unexpected '%c' at offset %d", *p,
				       (int)(p - list));
	if (!isdigit((unsigned char)*p))
		return perf_error__set(err, -EINVAL,
				       "missing CPU number at offset %d",
				       (int)(p - list));
	for (; isdigit((unsigned char)*p); p++) {
		val = val * 10 + (*p - '0');
		if (val > INT_MAX)
			overflow = true;
	}
	if (overflow || val >= CPU_MAP__LIMIT) {
		return perf_error__set(err, -EINVAL, "cpu %.*s is too large",
				       (int)(p - *pos), *pos);
	}
	if (max_cpu > 0 && (int)val >= max_cpu)
		return perf_error__set(err, -EINVAL,
				       "cpu %llu out of range (max %d)", val,
				       max_cpu - 1);
	*cpu = (int)val;
	*pos = p;
	return 0;
}

int cpu_map__parse(const char *list, int max_cpu, struct perf_cpu_map **out,
		   struct perf_error *err)
{
	struct id_list cpus = { 0 };
	const char *p = list;
	int ret;

	*out = NULL;
	if (!list || !*list)
		return perf_error__set(err, -EINVAL, "empty CPU list");
	for (;;) {
		int first, last;

		ret = cpu_list__number(list, &p, max_cpu, &first, err);
		if (ret)
			goto out_free;
		last = first;
		if (*p == '-') {
			p++;
			ret = cpu_list__number(list, &p, max_cpu, &last, err);
			if (ret)
				goto out_free;
			if (last < first) {
				ret = perf_error__set(err, -EINVAL,
						      "reversed range %d-%d",
						      first, last);
				goto out_free;
			}
		}
		for (int cpu = first; !ret && cpu <= last; cpu++)
			ret = id_list__add(&cpus, cpu);
		if (ret)
			goto out_free;
		if (*p == '\0' || (*p == '\n' && p[1] == '\0'))
			break;
		if (*p != ',') {
			ret = perf_error__set(err, -EINVAL,
					      "unexpected '%c' at offset %d",
					      *p, (int)(p - list));
			goto out_free;
		}
		p++;
	}
	id_list__sort_unique(&cpus);
	*out = cpu_map__new_from(cpus.ids, cpus.nr);
	ret = *out ? 0 : -ENOMEM;
out_free:
	id_list__exit(&cpus);
	return ret;
}

static struct perf_cpu_map *cpu_map__read_sysfs(const char *path)
{
	struct perf_cpu_map *map;
	char buf[4096];
	int ret;

	ret = filename__read_line(path, buf, sizeof(buf));
	if (!ret)
		ret = cpu_map__parse(buf, 0, &map, NULL);
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
