/* SPDX-License-Identifier: GPL-2.0 */
#ifndef PERF_UTIL_TARGET_H
#define PERF_UTIL_TARGET_H

/*
 * What a session counts (CPUs, processes, threads, a workload, cgroups),
 * whether that makes sense, and the CPU and thread maps it counts on.
 */

#include <stdbool.h>
#include <stddef.h>
#include <sys/types.h>

struct perf_cpu_map;
struct perf_error;
struct perf_thread_map;

/* What is counted: CPUs, processes, threads, a workload, cgroups. */
struct target {
	const char *cpu_list; /* -C */
	const char *pid; /* -p */
	const char *tid; /* -t */
	const char *cgroups; /* -G */
	bool system_wide; /* -a (also implied by -C) */
	bool per_thread; /* --per-thread */
	bool inherit; /* count children (not --no-inherit) */
	pid_t workload_pid; /* forked workload, 0 if none */
	bool use_bpf; /* --use-bpf for every event */
	const char *attr_map; /* --attr-map PATH */
};

static inline bool target__has_task(const struct target *t)
{
	return t->pid || t->tid || t->workload_pid;
}

static inline bool target__has_cpu(const struct target *t)
{
	return t->system_wide || t->cpu_list;
}

/*
 * Check that the options make sense together (e.g. -p with -a is a
 * conflict, -G needs -a or -C).  Returns 0 or -EINVAL with the one-line
 * reason in err (which may be NULL).
 */
int target__validate(const struct target *t, bool has_workload,
		     struct perf_error *err);

/*
 * The CPUs and threads t counts on: the listed tasks on any CPU (-p,
 * -t), every thread of the system (-a --per-thread), the CPUs (-a, -C)
 * whatever runs on them, or, for a workload, one thread to be filled in
 * with its pid.  Returns 0, -EINVAL for a bad list (a usage error) or
 * another negative errno, with err filled and nothing allocated.
 */
int target__create_maps(const struct target *t, struct perf_cpu_map **cpus,
			struct perf_thread_map **threads,
			struct perf_error *err);

#endif /* PERF_UTIL_TARGET_H */
