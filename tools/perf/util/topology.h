/* SPDX-License-Identifier: GPL-2.0 */
#ifndef PERF_UTIL_TOPOLOGY_H
#define PERF_UTIL_TOPOLOGY_H

/* Where a CPU sits, from /sys/devices/system/cpu/cpuN/topology and cache. */
struct cpu_topology {
	int socket; /* physical_package_id */
	int die; /* die_id, 0 if absent */
	int cluster; /* cluster_id, 0 if absent */
	int core; /* core_id */
	int node; /* NUMA node from /sys/devices/system/node, 0 if none */
	int cache_level; /* level used for --per-cache (e.g. 3) */
	int cache_id; /* id of that cache (or its lowest shared CPU) */
};

/*
 * Fill topo for cpu.  cache_level 0 means the highest level present.
 * Returns 0 or a negative errno.
 */
int cpu__topology(int cpu, int cache_level, struct cpu_topology *topo);

/*
 * Read topology from root instead of "/sys" (tests use a fake tree).  NULL
 * restores "/sys".  Forgets every cached cpu__topology() result.
 */
void topology__set_sysfs_root(const char *root);

#endif /* PERF_UTIL_TOPOLOGY_H */
