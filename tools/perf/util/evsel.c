// SPDX-License-Identifier: GPL-2.0
/*
 * Events and event lists: an evsel's creation, name and counts buffers,
 * and the evlist that holds them in command-line order.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "evsel.h"
#include "cgroup.h"
#include "cpumap.h"
#include "thread_map.h"

struct perf_counts *perf_counts__new(int ncpus, int nthreads)
{
	struct perf_counts *counts;

	counts = calloc(1, sizeof(*counts) + (size_t)ncpus * nthreads *
						     sizeof(counts->values[0]));
	if (!counts)
		return NULL;
	counts->ncpus = ncpus;
	counts->nthreads = nthreads;
	return counts;
}

void perf_counts__delete(struct perf_counts *counts)
{
	free(counts);
}

void perf_counts__reset(struct perf_counts *counts)
{
	memset(counts->values, 0,
	       (size_t)counts->ncpus * counts->nthreads *
		       sizeof(counts->values[0]));
}

struct evsel *evsel__new(const struct perf_event_attr *attr, const char *name)
{
	struct evsel *evsel = calloc(1, sizeof(*evsel));

	if (!evsel)
		return NULL;
	evsel->attr = *attr;
	evsel->attr.size = sizeof(evsel->attr);
	evsel->leader = evsel;
	evsel->nr_members = 1;
	evsel->scale = 1.0;
	evsel->supported = true;
	evsel->unit = strdup("");
	if (!evsel->unit || evsel__set_name(evsel, name)) {
		evsel__delete(evsel);
		errno = ENOMEM;
		return NULL;
	}
	return evsel;
}

int evsel__alloc_counts(struct evsel *evsel)
{
	int ncpus = evsel->cpus->nr, nthreads = evsel->threads->nr;

	if (evsel->counts && (evsel->counts->ncpus != ncpus ||
			      evsel->counts->nthreads != nthreads)) {
		perf_counts__delete(evsel->counts);
		evsel->counts = NULL;
	}
	if (!evsel->counts)
		evsel->counts = perf_counts__new(ncpus, nthreads);
	if (!evsel->counts)
		return -ENOMEM;
	perf_counts__reset(evsel->counts);
	return 0;
}

void evsel__delete(struct evsel *evsel)
{
	if (!evsel)
		return;
	free(evsel->name);
	free(evsel->pmu_name);
	free(evsel->unit);
	free(evsel->filter);
	if (evsel->cgrp)
		cgroup__put(evsel->cgrp);
	cpu_map__put(evsel->pmu_cpus);
	cpu_map__put(evsel->own_cpus);
	thread_map__put(evsel->own_threads);
	perf_counts__delete(evsel->counts);
	perf_counts__delete(evsel->prev_counts);
	free(evsel);
}

int evsel__set_name(struct evsel *evsel, const char *name)
{
	char *copy = strdup(name ? name : "");

	if (!copy)
		return -ENOMEM;
	free(evsel->name);
	evsel->name = copy;
	return 0;
}

bool evsel__is_group_leader(const struct evsel *evsel)
{
	return evsel->leader == evsel;
}

void evlist__group_name(const struct evlist *evlist, const struct evsel *leader,
			char *buf, size_t size)
{
	size_t len = (size_t)snprintf(buf, size, "{");
	struct evsel *member;

	evlist__for_each_group_member(evlist, leader, member) {
		if (len >= size)
			break;
		len += (size_t)snprintf(buf + len, size - len, "%s%s",
					member == leader ? "" : ",",
					member->name);
	}
	if (len < size)
		snprintf(buf + len, size - len, "}");
}

bool evsel__match(const struct evsel *evsel, __u32 type, __u64 config)
{
	return evsel->attr.type == type && evsel->attr.config == config;
}

bool evsel__is_clock(const struct evsel *evsel)
{
	return evsel__match(evsel, PERF_TYPE_SOFTWARE,
			    PERF_COUNT_SW_TASK_CLOCK) ||
	       evsel__match(evsel, PERF_TYPE_SOFTWARE, PERF_COUNT_SW_CPU_CLOCK);
}

struct evlist *evlist__new(void)
{
	return calloc(1, sizeof(struct evlist));
}

void evlist__delete(struct evlist *evlist)
{
	if (!evlist)
		return;
	for (int i = 0; i < evlist->nr_entries; i++)
		evsel__delete(evlist->entries[i]);
	free(evlist->entries);
	free(evlist);
}

int evlist__add(struct evlist *evlist, struct evsel *evsel)
{
	struct evsel **entries;

	entries = realloc(evlist->entries,
			  (evlist->nr_entries + 1) * sizeof(*entries));
	if (!entries)
		return -ENOMEM;
	evlist->entries = entries;
	evsel->idx = evlist->nr_entries;
	entries[evlist->nr_entries++] = evsel;
	return 0;
}
