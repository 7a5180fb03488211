// SPDX-License-Identifier: GPL-2.0
/*
 * bperf per cgroup (-G, --for-each-cgroup): the cgroup evsels of one
 * event in this session share one bperf_counter, with one follower and
 * one accumulation slot per cgroup, rather than a follower each.
 */
#include <errno.h>
#include <string.h>

#include "bpf_counter_priv.h"
#include "bperf-priv.h"
#include "cgroup.h"
#include "cpumap.h"
#include "evsel.h"
#include "target.h"

/* This process's cgroup counters, to share by event. */
static struct bperf_counter *bperf_cgroup_counters;

/*
 * The slots of a cgroup follower: one for each cgroup evsel of the
 * session that will share it (bperf, the same event; see
 * bperf_evsel__cgroup_slot), not a fixed BPERF_MAX_CGROUP_SLOTS, which
 * let only BPERF_COUNT_SLOTS / BPERF_MAX_CGROUP_SLOTS cgroup sessions
 * share a leader.
 */
static int bperf__cgroup_slots(const struct evsel *evsel)
{
	const struct evsel *pos;
	int n = 0;

	if (!evsel->evlist)
		return BPERF_MAX_CGROUP_SLOTS;
	/* Every evsel counts on the evlist's CPUs; each backend is chosen. */
	evlist__for_each_entry(evsel->evlist, pos) {
		if (!pos->cgrp || !pos->use_bpf)
			continue;
		n += !memcmp(&evsel->bperf_key, &pos->bperf_key,
			     sizeof(pos->bperf_key));
	}
	if (n < 1)
		return 1;
	return n > BPERF_MAX_CGROUP_SLOTS ? BPERF_MAX_CGROUP_SLOTS : n;
}

int bperf_evsel__cgroup_slot(struct bperf_evsel *be, struct evsel *evsel,
			     struct target *target, const char *path)
{
	struct bperf_counter *bc;
	__u64 id = evsel->cgrp->id;
	__u32 slot;
	int err;

	for (bc = bperf_cgroup_counters; bc; bc = bc->next) {
		if (!memcmp(&bc->events.key, &evsel->bperf_key,
			    sizeof(evsel->bperf_key)) &&
		    bc->sync_cpus->nr == evsel->cpus->nr &&
		    !memcmp(bc->sync_cpus->map, evsel->cpus->map,
			    evsel->cpus->nr * sizeof(int)))
			break;
	}
	if (bc) {
		bc->refcnt++;
	} else {
		err = bperf_counter__new(evsel, NULL,
					 bperf__cgroup_slots(evsel), target,
					 path, &bc, &be->error);
		if (err)
			return err;
		bc->next = bperf_cgroup_counters;
		bperf_cgroup_counters = bc;
	}
	be->counter = bc;
	if (!follower__cgroup_slot(&bc->follower, id, &slot)) {
		if (bc->cgroup_slots_used >= bc->nr_slots)
			return perf_error__set(
				&be->error, -E2BIG,
				"more than %d cgroups for '%s' in one session",
				bc->nr_slots, evsel->name);
		slot = bc->cgroup_slots_used++;
		err = bperf_counter__add_cgroup(bc, id, slot, &be->error);
		if (err)
			return err;
	}
	be->first_slot = slot;
	be->nr_slots = 1;
	return 0;
}

void bperf_cgroup__put(struct bperf_counter *bc)
{
	struct bperf_counter **p;

	if (bc->refcnt == 1) {
		for (p = &bperf_cgroup_counters; *p; p = &(*p)->next) {
			if (*p == bc) {
				*p = bc->next;
				break;
			}
		}
	}
	bperf_counter__put(bc);
}
