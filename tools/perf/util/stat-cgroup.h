/* SPDX-License-Identifier: GPL-2.0 */
#ifndef PERF_UTIL_STAT_CGROUP_H
#define PERF_UTIL_STAT_CGROUP_H

/*
 * Events counted per cgroup, as perf stat's -G/--cgroup and
 * --for-each-cgroup give them.  Both return 0, -EINVAL for arguments
 * that make no sense (a usage error), or another negative errno, with
 * err filled.
 */

struct evlist;
struct perf_error;

/* A -G argument and how many events were defined when it was given. */
struct cgroup_arg {
	const char *list; /* "cg1,cg2,..." */
	int nr_events;
};

/*
 * -G: the i-th cgroup of all the -G lists counts the i-th event; a list
 * of one cgroup counts every event defined before it, like perf.
 */
int evlist__apply_cgroups(struct evlist *evlist, const struct cgroup_arg *args,
			  int nr_args, struct perf_error *err);

/*
 * --for-each-cgroup: replace *evlist by a copy of its events for each
 * cgroup of the list, cgroup by cgroup.  An item with regex characters
 * stands for every cgroup whose name matches, as in perf.
 */
int evlist__expand_cgroups(struct evlist **evlist, const char *list,
			   struct perf_error *err);

#endif /* PERF_UTIL_STAT_CGROUP_H */
