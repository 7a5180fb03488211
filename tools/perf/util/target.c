// SPDX-License-Identifier: GPL-2.0
/* Which combinations of -a, -C, -p, -t, -G, --per-thread and a workload make sense. */
#include <errno.h>
#include <stdio.h>

#include "target.h"

int target__validate(const struct target *t, bool has_workload, char *err,
		     size_t errlen)
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
	if (err && errlen)
		snprintf(err, errlen, "%s", why);
	return -EINVAL;
}
