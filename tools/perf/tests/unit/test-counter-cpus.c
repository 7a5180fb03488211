// SPDX-License-Identifier: GPL-2.0
/*
 * Where events count: the target's maps, or the CPUs of their PMU's
 * cpumask, system-wide, whatever the target (a workload, -p, -a, -C);
 * a workload counted with such events only; groups split where their
 * members count on different CPUs.
 */
#include <errno.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include "util/counter-cpus.h"
#include "util/cpumap.h"
#include "util/evsel.h"
#include "util/thread_map.h"
#include "util/tool-events.h"

static struct evsel *new_evsel(struct evlist *evlist, const char *name,
			       const int *mask, int nr)
{
	struct perf_event_attr attr = { .type = PERF_TYPE_SOFTWARE };
	struct evsel *evsel = evsel__new(&attr, name);

	assert_non_null(evsel);
	if (mask) {
		evsel->pmu_cpus = cpu_map__new_from(mask, nr);
		assert_non_null(evsel->pmu_cpus);
	}
	assert_int_equal(evlist__add(evlist, evsel), 0);
	return evsel;
}

/* An evlist counting on cpus (NULL: a task, {-1}) and thread 42. */
static struct evlist *new_evlist(const int *cpus, int nr)
{
	struct evlist *evlist = evlist__new();

	assert_non_null(evlist);
	evlist->cpus = cpus ? cpu_map__new_from(cpus, nr) : cpu_map__new_any();
	evlist->threads = thread_map__new_from((pid_t[]){ 42 }, 1);
	assert_non_null(evlist->cpus);
	assert_non_null(evlist->threads);
	return evlist;
}

static void free_evlist(struct evlist *evlist)
{
	cpu_map__put(evlist->cpus);
	thread_map__put(evlist->threads);
	evlist->cpus = NULL;
	evlist->threads = NULL;
	evlist__delete(evlist);
}

static void expect_cpus(const struct perf_cpu_map *map, const int *cpus, int nr)
{
	assert_int_equal(map->nr, nr);
	for (int i = 0; i < nr; i++)
		assert_int_equal(map->map[i], cpus[i]);
}

static void test_task_target(void **state)
{
	struct evlist *evlist = new_evlist(NULL, 0);
	struct evsel *task = new_evsel(evlist, "task-clock", NULL, 0);
	struct evsel *power =
		new_evsel(evlist, "power/energy-pkg/", (int[]){ 0, 2 }, 2);

	(void)state;
	assert_false(evsel__counts_on_cpumask(task));
	assert_true(evsel__counts_on_cpumask(power));
	assert_int_equal(evsel__set_counting_maps(task, evlist), 0);
	assert_ptr_equal(task->cpus, evlist->cpus);
	assert_ptr_equal(task->threads, evlist->threads);
	assert_null(task->own_cpus);
	/* the mask's CPUs, any thread: system-wide, not task 42 */
	assert_int_equal(evsel__set_counting_maps(power, evlist), 0);
	expect_cpus(power->cpus, (int[]){ 0, 2 }, 2);
	assert_ptr_equal(power->cpus, power->own_cpus);
	assert_int_equal(power->threads->nr, 1);
	assert_int_equal(power->threads->map[0], -1);
	/* again, for the next -r run: the same, nothing leaked */
	assert_int_equal(evsel__set_counting_maps(power, evlist), 0);
	expect_cpus(power->cpus, (int[]){ 0, 2 }, 2);
	free_evlist(evlist);
}

static void test_cpu_targets(void **state)
{
	struct evlist *all = new_evlist((int[]){ 0, 1, 2, 3 }, 4);
	struct evlist *some = new_evlist((int[]){ 1, 2 }, 2);
	struct evlist *none = new_evlist((int[]){ 1, 3 }, 2);
	struct evsel *a = new_evsel(all, "unc", (int[]){ 0, 2 }, 2);
	struct evsel *s = new_evsel(some, "unc", (int[]){ 0, 2 }, 2);
	struct evsel *n = new_evsel(none, "unc", (int[]){ 0, 2 }, 2);

	(void)state;
	/* -a: the mask */
	assert_int_equal(evsel__set_counting_maps(a, all), 0);
	expect_cpus(a->cpus, (int[]){ 0, 2 }, 2);
	/* -C 1,2: its CPUs among them */
	assert_int_equal(evsel__set_counting_maps(s, some), 0);
	expect_cpus(s->cpus, (int[]){ 2 }, 1);
	/* -C 1,3: none; nothing to open, <not counted> on CPUs 1 and 3 */
	assert_int_equal(evsel__set_counting_maps(n, none), 1);
	assert_ptr_equal(n->cpus, none->cpus);
	assert_null(n->own_cpus);
	assert_int_equal(n->threads->map[0], -1);
	free_evlist(all);
	free_evlist(some);
	free_evlist(none);
}

static void test_cpumasks_only(void **state)
{
	struct evlist *evlist = new_evlist(NULL, 0);
	struct evsel *duration;

	(void)state;
	assert_false(evlist__counts_on_cpumasks_only(evlist));
	new_evsel(evlist, "power/energy-pkg/", (int[]){ 0 }, 1);
	assert_true(evlist__counts_on_cpumasks_only(evlist));
	/* tool events count in user space, wherever the target is */
	duration = new_evsel(evlist, "duration_time", NULL, 0);
	duration->tool_event = TOOL_EVENT_DURATION_TIME;
	assert_true(evlist__counts_on_cpumasks_only(evlist));
	new_evsel(evlist, "task-clock", NULL, 0);
	assert_false(evlist__counts_on_cpumasks_only(evlist));
	free_evlist(evlist);

	evlist = new_evlist(NULL, 0);
	duration = new_evsel(evlist, "duration_time", NULL, 0);
	duration->tool_event = TOOL_EVENT_DURATION_TIME;
	assert_false(evlist__counts_on_cpumasks_only(evlist));
	free_evlist(evlist);
}

/* Make evlist->entries[first..first+n) one group. */
static void group(struct evlist *evlist, int first, int n)
{
	for (int i = first; i < first + n; i++) {
		evlist->entries[i]->leader = evlist->entries[first];
		evlist->entries[i]->grouped = true;
	}
	evlist->entries[first]->nr_members = n;
	evlist->nr_groups++;
}

static void test_split_groups(void **state)
{
	struct evlist *evlist = new_evlist(NULL, 0);

	(void)state;
	/* {power,task-clock} {unc0,unc1} {task-clock,cpu-clock} {power,unc} */
	new_evsel(evlist, "power", (int[]){ 0 }, 1);
	new_evsel(evlist, "task-clock", NULL, 0);
	new_evsel(evlist, "unc0", (int[]){ 0, 2 }, 2);
	new_evsel(evlist, "unc1", (int[]){ 0, 2 }, 2);
	new_evsel(evlist, "task-clock", NULL, 0);
	new_evsel(evlist, "cpu-clock", NULL, 0);
	new_evsel(evlist, "power", (int[]){ 0 }, 1);
	new_evsel(evlist, "unc", (int[]){ 0, 2 }, 2);
	for (int g = 0; g < 4; g++)
		group(evlist, 2 * g, 2);
	assert_int_equal(evlist__split_cpumask_groups(evlist), 2);
	assert_int_equal(evlist->nr_groups, 2);
	for (int g = 0; g < 4; g++) {
		struct evsel *leader = evlist->entries[2 * g];
		struct evsel *member = evlist->entries[2 * g + 1];
		bool kept = g == 1 || g == 2;

		assert_ptr_equal(leader->leader, leader);
		assert_int_equal(leader->nr_members, kept ? 2 : 1);
		assert_ptr_equal(member->leader, kept ? leader : member);
	}
	/* nothing more to split */
	assert_int_equal(evlist__split_cpumask_groups(evlist), 0);
	free_evlist(evlist);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_task_target),
		cmocka_unit_test(test_cpu_targets),
		cmocka_unit_test(test_cpumasks_only),
		cmocka_unit_test(test_split_groups),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
