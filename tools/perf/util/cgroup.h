/* SPDX-License-Identifier: GPL-2.0 */
#ifndef PERF_UTIL_CGROUP_H
#define PERF_UTIL_CGROUP_H

#include <stdbool.h>
#include <stddef.h>
#include <linux/types.h>

struct perf_error;

/* A cgroup v2 directory named as perf names it (relative to the mount). */
struct cgroup {
	char *name; /* "parent/child1", "/" for the root */
	char *path; /* absolute path of its directory */
	int fd; /* O_RDONLY directory fd, for PERF_FLAG_PID_CGROUP */
	__u64 id; /* kernel cgroup id (the directory's inode number) */
	int refcnt;
};

/* Mount point of cgroup v2 from /proc/mounts, or NULL (errno ENOENT). */
const char *cgroup__v2_mount(void);
/* Open a cgroup by perf name.  NULL + errno (ENOENT: no such cgroup). */
struct cgroup *cgroup__new(const char *name);
struct cgroup *cgroup__get(struct cgroup *cgrp);
void cgroup__put(struct cgroup *cgrp);

/* Is this --for-each-cgroup item a regex (as perf: any of {}[]()|*+?^$)? */
bool cgroup__is_pattern(const char *str);
/*
 * The cgroups under the v2 mount whose names (relative to it, "/" for the
 * root) match the extended regex pattern, in the order of a walk of the
 * tree.  Returns the number found (>= 0) with *names allocated (free each
 * and the array), or a negative errno with the reason in err.
 */
int cgroup__match(const char *pattern, char ***names, struct perf_error *err);

#endif /* PERF_UTIL_CGROUP_H */
