/* SPDX-License-Identifier: GPL-2.0 */
#ifndef PERF_UTIL_CPUMAP_H
#define PERF_UTIL_CPUMAP_H

#include <stddef.h>

struct perf_error;

/*
 * A sorted set of CPU numbers.  A map of one entry -1 ("any CPU") is what
 * per-task counting opens on.
 */
struct perf_cpu_map {
	int nr;
	int map[];
};

/*
 * Parse a CPU list such as "0-3,6,8-9".  Ranges, commas, duplicates are
 * merged and sorted.  CPUs must be < max_cpu (the number of possible CPUs)
 * unless max_cpu is 0.  Returns 0 and sets *out, or -EINVAL with the
 * reason in err ("reversed range 3-1"; err may be NULL), or -ENOMEM.
 */
int cpu_map__parse(const char *list, int max_cpu, struct perf_cpu_map **out,
		   struct perf_error *err);
/* Online CPUs from /sys/devices/system/cpu/online.  NULL + errno on error. */
struct perf_cpu_map *cpu_map__new_online(void);
/* The one-entry map {-1}. */
struct perf_cpu_map *cpu_map__new_any(void);
struct perf_cpu_map *cpu_map__new_from(const int *cpus, int nr);
void cpu_map__put(struct perf_cpu_map *map);
/* Index of cpu in map, or -1. */
int cpu_map__idx(const struct perf_cpu_map *map, int cpu);
/* Number of possible CPUs (/sys/devices/system/cpu/possible, max + 1). */
int cpu__max_cpu(void);
/* Format a map back as "0-3,6" into buf. */
int cpu_map__snprint(const struct perf_cpu_map *map, char *buf, size_t size);

#endif /* PERF_UTIL_CPUMAP_H */
