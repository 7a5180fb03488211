/* SPDX-License-Identifier: GPL-2.0 */
#ifndef PERF_UTIL_TRACEPOINT_H
#define PERF_UTIL_TRACEPOINT_H

/*
 * The kernel's tracepoints as tracefs describes them: one directory per
 * event under <tracefs>/events/<system>/<event>/, whose "id" file is the
 * attr.config of a PERF_TYPE_TRACEPOINT event.  tracefs is
 * /sys/kernel/tracing, else /sys/kernel/debug/tracing, or the directory
 * $PERF_TRACEFS_EVENTS (tests) names.  An event without a readable id
 * (ftrace's own, or all of them to a user who may not read tracefs)
 * cannot be counted and is never listed or matched.
 */

#include <stdbool.h>
#include <stddef.h>
#include <linux/types.h>

/*
 * The events directory, or NULL with errno ENOENT (no tracefs) or EACCES
 * (tracefs is there, but this user may not read it).  tracefs is mounted
 * at /sys/kernel/tracing first if it is nowhere, as perf mounts it.
 */
const char *tracepoint__events_dir(void);
/* Point the code at another events directory (tests); NULL: the default. */
void tracepoint__set_events_dir(const char *dir);

/* Does the string hold a glob character (*, ?, [)? */
bool tracepoint__is_glob(const char *s, size_t len);
/* Is there a system of this name (a directory under events/)? */
bool tracepoint__has_system(const char *sys);

/*
 * The id of sys:name.  Returns 0 with *id set, -ENOENT when there is no
 * such event (or no system), -EACCES when its id cannot be read.
 */
int tracepoint__id(const char *sys, const char *name, __u64 *id);

/* "sys:name" of the event with this id into buf: 0, -ENOENT, -ERANGE. */
int tracepoint__name_of(__u64 id, char *buf, size_t size);

/*
 * Call fn for each event whose system matches sys_glob and name matches
 * name_glob (fnmatch globs, or plain names), skipping those without a
 * readable id: in directory order as perf does for globs, or sorted
 * (sorted: perf list).  Stops at fn's first non-zero return and returns
 * it; 0 when every call returned 0; a negative errno when the events
 * directory cannot be read.
 */
int tracepoint__for_each(const char *sys_glob, const char *name_glob,
			 bool sorted,
			 int (*fn)(const char *sys, const char *name, __u64 id,
				   void *data),
			 void *data);

#endif /* PERF_UTIL_TRACEPOINT_H */
