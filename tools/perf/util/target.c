// SPDX-License-Identifier: GPL-2.0
/*
 * What is counted: which combinations of -a, -C, -p, -t, -G, --per-thread
 * and a workload make sense, and the CPU and thread maps they count on.
 */
#include <errno.h>
#include <stdio.h>
#include <string.h>

#include "cpumap.h"
#include "error.h"
#include "target.h"
#include "thread_map.h"

int target__validate(const struct target *t, bool has_workload,
		     struct perf_error *err)
{
	const char *why = NULL;

	if (t->pid && t->tid)
		why = "-p/--pid and -t/--tid cannot be used together";
	else if ((t->pid || t->tid) && t->cpu_list)
		why = "-p/-t cannot be used with -C/--cpu: count either tasks or CPUs";
	else if ((t->pid || t->tid) && t->system_wide)
		why = "-p/-t cannot be used with -a/--all-cpus: count either tasks or CPUs";
	else if (t->cgroups && !target__has_cpu(t))
		why = "-G/--cgroup needs system-wide counting: add -a or -C";
	else if (t->per_thread && !t->pid && !t->tid &&
		 (!t->system_wide || t->cpu_list))
		why = "--per-thread needs -p, -t or -a (without -C)";

	if (!why)
		return 0;
	return perf_error__set(err, -EINVAL, "%s", why);
}

/* A runtime failure's errno, never taken for a usage error (-EINVAL). */
static int target__runtime_error(int errnum)
{
	return errnum && errnum != EINVAL ? -errnum : -EIO;
}

/* -p or -t: the threads of the listed tasks, on any CPU. */
static int target__task_maps(const struct target *t,
			     struct perf_thread_map **threads,
			     struct perf_error *err)
{
	int ret;

	if (t->tid)
		ret = thread_map__parse_tids(t->tid, threads, err);
	else
		ret = thread_map__parse_pids(t->pid, threads, err);
	if (ret == -EINVAL)
		return perf_error__prefix(err, ret, "bad %s list '%s'",
					  t->tid ? "thread" : "pid",
					  t->tid ? t->tid : t->pid);
	if (ret == -ESRCH)
		return ret;
	return ret ? -ENOMEM : 0;
}

/* -a or -C: the CPUs, counted whatever runs on them. */
static int target__cpu_maps(const struct target *t, struct perf_cpu_map **cpus,
			    struct perf_error *err)
{
	int ret;

	if (!t->cpu_list) {
		*cpus = cpu_map__new_online();
		if (!*cpus)
			return perf_error__set(
				err, target__runtime_error(errno),
				"cannot read the online CPUs: %s",
				strerror(errno));
		return 0;
	}
	ret = cpu_map__parse(t->cpu_list, cpu__max_cpu(), cpus, err);
	if (ret == -EINVAL)
		return perf_error__prefix(err, ret, "bad CPU list '%s'",
					  t->cpu_list);
	return ret ? -ENOMEM : 0;
}

static int target__maps(const struct target *t, struct perf_cpu_map **cpus,
			struct perf_thread_map **threads,
			struct perf_error *err)
{
	int ret;

	if (t->pid || t->tid) {
		*cpus = cpu_map__new_any();
		if (!*cpus)
			return -ENOMEM;
		return target__task_maps(t, threads, err);
	}
	if (target__has_cpu(t) && t->per_thread) {
		/* -a --per-thread: every thread of the system, on any CPU. */
		*cpus = cpu_map__new_any();
		*threads = thread_map__new_all();
		if (!*cpus || !*threads)
			return perf_error__set(
				err, target__runtime_error(errno),
				"cannot list the threads in /proc: %s",
				strerror(errno));
		return 0;
	}
	if (target__has_cpu(t)) {
		ret = target__cpu_maps(t, cpus, err);
		if (ret)
			return ret;
		*threads = thread_map__new_any();
		return *threads ? 0 : -ENOMEM;
	}
	/* A workload: its pid is filled in once it is forked. */
	*cpus = cpu_map__new_any();
	*threads = thread_map__new_any();
	return *cpus && *threads ? 0 : -ENOMEM;
}

int target__create_maps(const struct target *t, struct perf_cpu_map **cpus,
			struct perf_thread_map **threads,
			struct perf_error *err)
{
	int ret;

	*cpus = NULL;
	*threads = NULL;
	ret = target__maps(t, cpus, threads, err);
	if (!ret)
		return 0;
	if (ret == -ENOMEM)
		perf_error__set(err, ret,
				"cannot set up the counting targets: %s",
				strerror(ENOMEM));
	cpu_map__put(*cpus);
	thread_map__put(*threads);
	*cpus = NULL;
	*threads = NULL;
	return ret;
}
