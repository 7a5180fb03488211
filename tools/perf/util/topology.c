// SPDX-License-Identifier: GPL-2.0
/*
 * Where a CPU sits: socket, die, cluster, core, NUMA node and cache, read
 * from sysfs the way perf does for --per-socket/die/cluster/core/node/cache:
 *
 *   <root>/devices/system/cpu/cpuN/topology/{physical_package_id,die_id,
 *                                            cluster_id,core_id}
 *   <root>/devices/system/cpu/cpuN/cache/indexM/{level,type,id,
 *                                               shared_cpu_list}
 *   <root>/devices/system/node/nodeK/cpulist
 *
 * Results are cached per CPU and cache level: the aggregation code asks
 * for the same CPUs once per event.
 */
#include <ctype.h>
#include <dirent.h>
#include <errno.h>
#include <limits.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "topology.h"

#define TOPOLOGY_MAX_LEVEL 8

struct topology_cache_entry {
	bool valid;
	struct cpu_topology topo;
};

static char topology_root[1024] = "/sys";
/* Indexed by cpu * TOPOLOGY_MAX_LEVEL + cache_level. */
static struct topology_cache_entry *topology_cache;
static int topology_cache_nr_cpus;

static void topology__flush(void)
{
	free(topology_cache);
	topology_cache = NULL;
	topology_cache_nr_cpus = 0;
}

void topology__set_sysfs_root(const char *root)
{
	snprintf(topology_root, sizeof(topology_root), "%s",
		 root ? root : "/sys");
	topology__flush();
}

/* Read the first line of a sysfs file into buf.  0 or -errno. */
static int topology__read_line(const char *path, char *buf, size_t size)
{
	FILE *file = fopen(path, "r");
	size_t len;

	if (!file)
		return -errno;
	if (!fgets(buf, (int)size, file)) {
		fclose(file);
		return -EIO;
	}
	fclose(file);
	len = strlen(buf);
	while (len && isspace((unsigned char)buf[len - 1]))
		buf[--len] = '\0';
	return 0;
}

static int topology__read_int(const char *path, int *val)
{
	char buf[64], *end;
	long num;
	int err;

	err = topology__read_line(path, buf, sizeof(buf));
	if (err)
		return err;
	errno = 0;
	num = strtol(buf, &end, 10);
	if (errno || end == buf || num < INT_MIN || num > INT_MAX)
		return -EINVAL;
	*val = (int)num;
	return 0;
}

/* Integer from <root>/devices/system/cpu/cpuN/<rel>, or def. */
static int topology__cpu_int(int cpu, const char *rel, int def)
{
	char path[PATH_MAX];
	int val;

	snprintf(path, sizeof(path), "%s/devices/system/cpu/cpu%d/%s",
		 topology_root, cpu, rel);
	if (topology__read_int(path, &val))
		return def;
	return val;
}

/* Is cpu in a list such as "0-3,8,10-11"? */
static bool topology__list_has(const char *list, int cpu)
{
	const char *p = list;

	while (*p) {
		char *end;
		long first, last;

		first = strtol(p, &end, 10);
		if (end == p)
			return false;
		last = first;
		p = end;
		if (*p == '-') {
			last = strtol(p + 1, &end, 10);
			if (end == p + 1)
				return false;
			p = end;
		}
		if (cpu >= first && cpu <= last)
			return true;
		if (*p != ',')
			break;
		p++;
	}
	return false;
}

/* First CPU of a list such as "4-7,12", or -1. */
static int topology__list_first(const char *list)
{
	char *end;
	long first = strtol(list, &end, 10);

	return end == list ? -1 : (int)first;
}

static int topology__node(int cpu)
{
	char path[PATH_MAX], list[4096];
	struct dirent *ent;
	int node = 0;
	DIR *dir;

	snprintf(path, sizeof(path), "%s/devices/system/node", topology_root);
	dir = opendir(path);
	if (!dir)
		return 0;
	while ((ent = readdir(dir))) {
		char *end;
		long num;

		if (strncmp(ent->d_name, "node", 4) ||
		    !isdigit((unsigned char)ent->d_name[4]))
			continue;
		num = strtol(ent->d_name + 4, &end, 10);
		if (*end)
			continue;
		snprintf(path, sizeof(path),
			 "%s/devices/system/node/%s/cpulist", topology_root,
			 ent->d_name);
		if (topology__read_line(path, list, sizeof(list)))
			continue;
		if (topology__list_has(list, cpu)) {
			node = (int)num;
			break;
		}
	}
	closedir(dir);
	return node;
}

/*
 * The cache used for --per-cache: the requested level (0: the highest
 * present), data or unified (an L1 instruction cache is skipped).  A CPU
 * without a cache directory (some VMs) has level and id -1, whatever the
 * level asked, and one with caches but none of that level the level
 * asked with id -1: perf's cpu__get_cache_details() and
 * aggr_cpu_id__cache() give the same, printed S0-D0-L-1-ID-1.
 */
static void topology__cache(int cpu, int want_level, struct cpu_topology *topo)
{
	int best_level = 0, best_id = -1;
	bool any = false;

	for (int idx = 0;; idx++) {
		char path[PATH_MAX], buf[4096];
		int level, id;

		snprintf(path, sizeof(path),
			 "%s/devices/system/cpu/cpu%d/cache/index%d/level",
			 topology_root, cpu, idx);
		if (topology__read_int(path, &level))
			break;
		any = true;

		snprintf(path, sizeof(path),
			 "%s/devices/system/cpu/cpu%d/cache/index%d/type",
			 topology_root, cpu, idx);
		if (!topology__read_line(path, buf, sizeof(buf)) &&
		    !strcmp(buf, "Instruction"))
			continue;
		if (want_level ? level != want_level : level <= best_level)
			continue;

		snprintf(path, sizeof(path),
			 "%s/devices/system/cpu/cpu%d/cache/index%d/id",
			 topology_root, cpu, idx);
		if (topology__read_int(path, &id)) {
			snprintf(
				path, sizeof(path),
				"%s/devices/system/cpu/cpu%d/cache/index%d/shared_cpu_list",
				topology_root, cpu, idx);
			id = topology__read_line(path, buf, sizeof(buf)) ?
				     cpu :
				     topology__list_first(buf);
		}
		best_level = level;
		best_id = id;
		if (want_level)
			break;
	}
	topo->cache_level = !any ? -1 : want_level ? want_level : best_level;
	topo->cache_id = best_id;
}

static int topology__read(int cpu, int cache_level, struct cpu_topology *topo)
{
	char path[PATH_MAX];
	struct stat st;

	snprintf(path, sizeof(path), "%s/devices/system/cpu/cpu%d",
		 topology_root, cpu);
	if (stat(path, &st))
		return -errno;
	if (!S_ISDIR(st.st_mode))
		return -ENOTDIR;

	topo->socket =
		topology__cpu_int(cpu, "topology/physical_package_id", -1);
	topo->die = topology__cpu_int(cpu, "topology/die_id", 0);
	topo->cluster = topology__cpu_int(cpu, "topology/cluster_id", 0);
	topo->core = topology__cpu_int(cpu, "topology/core_id", -1);
	topo->node = topology__node(cpu);
	topology__cache(cpu, cache_level, topo);
	return 0;
}

static struct topology_cache_entry *topology__slot(int cpu, int cache_level)
{
	if (cpu >= topology_cache_nr_cpus) {
		int nr = cpu + 1 > 2 * topology_cache_nr_cpus ?
				 cpu + 1 :
				 2 * topology_cache_nr_cpus;
		struct topology_cache_entry *grown;

		grown = realloc(topology_cache, (size_t)nr *
							TOPOLOGY_MAX_LEVEL *
							sizeof(*grown));
		if (!grown)
			return NULL;
		memset(grown + (size_t)topology_cache_nr_cpus *
				       TOPOLOGY_MAX_LEVEL,
		       0,
		       (size_t)(nr - topology_cache_nr_cpus) *
			       TOPOLOGY_MAX_LEVEL * sizeof(*grown));
		topology_cache = grown;
		topology_cache_nr_cpus = nr;
	}
	return &topology_cache[(size_t)cpu * TOPOLOGY_MAX_LEVEL + cache_level];
}

int cpu__topology(int cpu, int cache_level, struct cpu_topology *topo)
{
	struct topology_cache_entry *slot = NULL;
	int err;

	if (cpu < 0 || cache_level < 0)
		return -EINVAL;
	if (cache_level < TOPOLOGY_MAX_LEVEL)
		slot = topology__slot(cpu, cache_level);
	if (slot && slot->valid) {
		*topo = slot->topo;
		return 0;
	}
	err = topology__read(cpu, cache_level, topo);
	if (err)
		return err;
	if (slot) {
		slot->topo = *topo;
		slot->valid = true;
	}
	return 0;
}
