/* SPDX-License-Identifier: GPL-2.0 */
#ifndef PERF_UTIL_COUNTER_CPUS_H
#define PERF_UTIL_COUNTER_CPUS_H

/*
 * Where each event counts.  Most count on the target's CPUs and threads
 * (the evlist's maps).  An event of a PMU with a cpumask in sysfs
 * (uncore, power, cstate, ...) counts on the CPUs of that mask,
 * system-wide, whatever the target, as perf counts it: such a PMU counts
 * for a package or a die, never for a task, and the kernel refuses it
 * per task.  With -C it counts on the mask's CPUs among those listed, as
 * newer perf does (perf 6.1 opened it on the listed CPUs, and counted a
 * package twice with two of its CPUs).
 */

#include <stdbool.h>

struct evlist;
struct evsel;

/* evsel counts on its PMU's cpumask (evsel->pmu_cpus). */
bool evsel__counts_on_cpumask(const struct evsel *evsel);

/*
 * Point evsel->cpus and ->threads where it counts: the evlist's maps, or
 * maps of its own (the mask's CPUs that the evlist's CPUs allow, any
 * thread).  Returns 0, 1 when the mask has none of the evlist's CPUs
 * (-C of other CPUs: nothing to open, <not counted> on the CPUs asked
 * for), or -ENOMEM.
 */
int evsel__set_counting_maps(struct evsel *evsel, struct evlist *evlist);

/*
 * Every event of the evlist, tool events aside, counts on a cpumask, and
 * there is one: perf counts such a workload system-wide.
 */
bool evlist__counts_on_cpumasks_only(const struct evlist *evlist);

/*
 * A group whose members count on different CPUs cannot be one perf_event
 * group: its members are counted apart, with one warning, as perf does.
 * Returns the number of groups split.
 */
int evlist__split_cpumask_groups(struct evlist *evlist);

#endif /* PERF_UTIL_COUNTER_CPUS_H */
