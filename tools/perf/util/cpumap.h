/* SPDX-License-Identifier: GPL-2.0 */
#ifndef PERF_UTIL_CPUMAP_H
#define PERF_UTIL_CPUMAP_H

#include <stddef.h>
#include <sys/types.h>

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
 * unless max_cpu is 0.  Returns 0 and sets *out, or -EINVAL with a
 * human-readable reason in err (errlen bytes), or -ENOMEM.
 */
int cpu_map__parse(const char *list, int max_cpu, struct perf_cpu_map **out,
		   char *err, size_t errlen);
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

/* A set of thread ids; {-1} means "any thread" (CPU-wide counting). */
struct perf_thread_map {
	int nr;
	pid_t map[];
};

/*
 * From -t TID[,TID] (tids as given) or -p PID[,PID] (every thread in
 * /proc/PID/task of each pid).  Returns 0 and *out, -EINVAL (malformed
 * list, reason in err), -ESRCH (no such process, named in err), -ENOMEM.
 */
int thread_map__parse_tids(const char *list, struct perf_thread_map **out,
			   char *err, size_t errlen);
int thread_map__parse_pids(const char *list, struct perf_thread_map **out,
			   char *err, size_t errlen);
struct perf_thread_map *thread_map__new_any(void);
/* Every thread on the system (-a --per-thread).  NULL + errno on error. */
struct perf_thread_map *thread_map__new_all(void);
struct perf_thread_map *thread_map__new_from(const pid_t *tids, int nr);
void thread_map__put(struct perf_thread_map *map);
/* The command thread_map__comm() names tid with (a recorded file's). */
void thread_map__set_comm(pid_t tid, const char *comm);
/* "comm-tid" as --per-thread prints it, into buf. */
int thread_map__comm(const struct perf_thread_map *map, int idx, char *buf,
		     size_t size);

#endif /* PERF_UTIL_CPUMAP_H */
