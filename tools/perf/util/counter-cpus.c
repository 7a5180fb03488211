// SPDX-License-Identifier: GPL-2.0
/*
 * Where each event counts: the target's CPUs and threads, or the CPUs of
 * its PMU's cpumask, system-wide (see counter-cpus.h); and the groups
 * that this splits.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "counter-cpus.h"
#include "cpumap.h"
#include "debug.h"
#include "evsel.h"
#include "thread_map.h"

bool evsel__counts_on_cpumask(const struct evsel *evsel)
{
	return evsel->pmu_cpus && !evsel->tool_event;
}

static bool cpu_map__is_any(const struct perf_cpu_map *map)
{
	return map->nr == 1 && map->map[0] == -1;
}

/* The CPUs of mask that asked allows: all of them if it is {-1}. */
static struct perf_cpu_map *
counter_cpus__allowed(const struct perf_cpu_map *mask,
		      const struct perf_cpu_map *asked)
{
	struct perf_cpu_map *map;
	int *cpus = calloc(mask->nr ? mask->nr : 1, sizeof(int));
	int nr = 0;

	if (!cpus)
		return NULL;
	for (int i = 0; i < mask->nr; i++) {
		if (cpu_map__is_any(asked) ||
		    cpu_map__idx(asked, mask->map[i]) >= 0)
			cpus[nr++] = mask->map[i];
	}
	map = cpu_map__new_from(cpus, nr);
	free(cpus);
	return map;
}

int evsel__set_counting_maps(struct evsel *evsel, struct evlist *evlist)
{
	char list[256];

	cpu_map__put(evsel->own_cpus);
	thread_map__put(evsel->own_threads);
	evsel->own_cpus = NULL;
	evsel->own_threads = NULL;
	evsel->cpus = evlist->cpus;
	evsel->threads = evlist->threads;
	if (!evsel__counts_on_cpumask(evsel))
		return 0;
	evsel->own_threads = thread_map__new_any();
	evsel->own_cpus = counter_cpus__allowed(evsel->pmu_cpus, evlist->cpus);
	if (!evsel->own_threads || !evsel->own_cpus)
		return -ENOMEM;
	evsel->threads = evsel->own_threads;
	if (evsel->own_cpus->nr) {
		evsel->cpus = evsel->own_cpus;
		return 0;
	}
	/* Nothing to count on: <not counted> on the CPUs asked for. */
	cpu_map__put(evsel->own_cpus);
	evsel->own_cpus = NULL;
	cpu_map__snprint(evsel->pmu_cpus, list, sizeof(list));
	pr_debug(
		"%s: its PMU counts on CPU %s only, none of the CPUs asked for",
		evsel->name, list);
	return 1;
}

bool evlist__counts_on_cpumasks_only(const struct evlist *evlist)
{
	struct evsel *evsel;
	int nr = 0;

	evlist__for_each_entry(evlist, evsel) {
		if (evsel->tool_event)
			continue;
		if (!evsel__counts_on_cpumask(evsel))
			return false;
		nr++;
	}
	return nr > 0;
}

static bool cpu_map__equal(const struct perf_cpu_map *a,
			   const struct perf_cpu_map *b)
{
	if (!a || !b)
		return a == b;
	return a->nr == b->nr && !memcmp(a->map, b->map, a->nr * sizeof(int));
}

/* The CPUs a member counts on, as far as grouping goes (NULL: the target's). */
static const struct perf_cpu_map *evsel__group_cpus(const struct evsel *evsel)
{
	return evsel__counts_on_cpumask(evsel) ? evsel->pmu_cpus : NULL;
}

int evlist__split_cpumask_groups(struct evlist *evlist)
{
	struct evsel *evsel, *member;
	int split = 0;

	evlist__for_each_entry(evlist, evsel) {
		bool same = true;
		char name[512];

		if (evsel->leader != evsel || evsel->nr_members < 2)
			continue;
		evlist__for_each_group_member(evlist, evsel, member) {
			if (!cpu_map__equal(evsel__group_cpus(member),
					    evsel__group_cpus(evsel)))
				same = false;
		}
		if (same)
			continue;
		evlist__group_name(evlist, evsel, name, sizeof(name));
		pr_warning(
			"grouped events count on different CPUs (a PMU's cpumask), counted apart: %s",
			name);
		evlist__for_each_group_member(evlist, evsel, member) {
			if (member != evsel) {
				member->leader = member;
				member->nr_members = 1;
			}
		}
		evsel->nr_members = 1;
		if (evlist->nr_groups)
			evlist->nr_groups--;
		split++;
	}
	return split;
}
