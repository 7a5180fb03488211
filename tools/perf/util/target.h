/* SPDX-License-Identifier: GPL-2.0 */
#ifndef PERF_UTIL_TARGET_H
#define PERF_UTIL_TARGET_H

#include <stdbool.h>
#include <stddef.h>
#include <sys/types.h>

/* What is counted: CPUs, processes, threads, a workload, cgroups. */
struct target {
	const char *cpu_list;	/* -C */
	const char *pid;	/* -p */
	const char *tid;	/* -t */
	const char *cgroups;	/* -G */
	bool system_wide;	/* -a (also implied by -C) */
	bool per_thread;	/* --per-thread */
	bool inherit;		/* count children (not --no-inherit) */
	pid_t workload_pid;	/* forked workload, 0 if none */
	bool use_bpf;		/* --use-bpf for every event */
	const char *attr_map;	/* --attr-map PATH */
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
 * reason in err.
 */
int target__validate(const struct target *t, bool has_workload, char *err,
		     size_t errlen);

#endif /* PERF_UTIL_TARGET_H */
