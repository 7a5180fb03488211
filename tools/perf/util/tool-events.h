/* SPDX-License-Identifier: GPL-2.0 */
#ifndef PERF_UTIL_TOOL_EVENTS_H
#define PERF_UTIL_TOOL_EVENTS_H

/*
 * The events perf computes in user space instead of asking the kernel:
 * duration_time (wall-clock ns since counting started), user_time and
 * system_time (CPU time in ns of the counted tasks, or of the counted
 * CPUs when counting CPUs).  They have a counting backend of their own,
 * tool_counter_ops, whatever --use-bpf or :b say: no leader counts them.
 */

#include <stddef.h>
#include <sys/resource.h>
#include <sys/types.h>

enum tool_event {
	TOOL_EVENT_NONE = 0, /* a perf event */
	TOOL_EVENT_DURATION_TIME,
	TOOL_EVENT_USER_TIME,
	TOOL_EVENT_SYSTEM_TIME,
	TOOL_EVENT_MAX,
};

/* attr.type of a tool event: no PMU has it, the kernel never sees it. */
#define PERF_TYPE_TOOL 0xfffffffeU

/* The tool event called [name, name + len), or TOOL_EVENT_NONE. */
enum tool_event tool_event__find(const char *name, size_t len);
/* "duration_time", ...; NULL for TOOL_EVENT_NONE. */
const char *tool_event__name(enum tool_event ev);

/*
 * The workload pid was reaped with this rusage: from now on its
 * user_time and system_time are the rusage's (its /proc/PID/stat is
 * gone), as perf does.  pid 0 forgets it.
 */
void tool_events__workload_reaped(pid_t pid, const struct rusage *ru);

#endif /* PERF_UTIL_TOOL_EVENTS_H */
