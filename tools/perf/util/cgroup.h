/* SPDX-License-Identifier: GPL-2.0 */
#ifndef PERF_UTIL_CGROUP_H
#define PERF_UTIL_CGROUP_H

#include <linux/types.h>

/* A cgroup v2 directory named as perf names it (relative to the mount). */
struct cgroup {
	char *name;	/* "parent/child1", "/" for the root */
	char *path;	/* absolute path of its directory */
	int fd;		/* O_RDONLY directory fd, for PERF_FLAG_PID_CGROUP */
	__u64 id;	/* kernel cgroup id (the directory's inode number) */
	int refcnt;
};

/* Mount point of cgroup v2 from /proc/mounts, or NULL (errno ENOENT). */
const char *cgroup__v2_mount(void);
/* Open a cgroup by perf name.  NULL + errno (ENOENT: no such cgroup). */
struct cgroup *cgroup__new(const char *name);
struct cgroup *cgroup__get(struct cgroup *cgrp);
void cgroup__put(struct cgroup *cgrp);

#endif /* PERF_UTIL_CGROUP_H */
