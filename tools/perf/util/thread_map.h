/* SPDX-License-Identifier: GPL-2.0 */
#ifndef PERF_UTIL_THREAD_MAP_H
#define PERF_UTIL_THREAD_MAP_H

#include <stdbool.h>
#include <stddef.h>
#include <sys/types.h>

struct perf_error;

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
			   struct perf_error *err);
int thread_map__parse_pids(const char *list, struct perf_thread_map **out,
			   struct perf_error *err);
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
/* Does the task tid still exist (in /proc)? */
bool thread__exists(pid_t tid);

#endif /* PERF_UTIL_THREAD_MAP_H */
