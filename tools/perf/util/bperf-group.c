// SPDX-License-Identifier: GPL-2.0
/*
 * bperf groups: a group given to bperf ({a,b,...}:b, up to
 * BPERF_MAX_GROUP_MEMBERS) gets one leader for all its members, taken by
 * the group leader's evsel; the other members take their rows of it.  A
 * group bperf cannot take is counted plain, said on one line; a weak
 * group the kernel refuses as one is split, each member alone.  See
 * "Groups" in tools/perf/Documentation/bperf-design.md.
 */
#include <errno.h>
#include <stdio.h>
#include <string.h>

#include "bpf_counter.h"
#include "bpf_counter_priv.h"
#include "bperf-priv.h"
#include "debug.h"
#include "evsel.h"
#include "target.h"

bool bperf__in_group(struct evsel *evsel)
{
	struct evsel *leader = evsel->leader;

	if (!leader)
		return false;
	if (leader != evsel && leader->nr_members <= 1 && evsel->weak_group)
		evsel->leader = evsel;
	return evsel->leader->nr_members > 1;
}

const char *bperf__group_refusal(const struct evsel *leader)
{
	const struct evlist *evlist = leader->evlist;
	struct evsel *member;
	int n = 0;

	if (leader->nr_members > BPERF_MAX_GROUP_MEMBERS)
		return "more members than the 8 one bperf leader reads together";
	if (leader->cgrp)
		return "bperf does not count groups per cgroup";
	if (!evlist)
		return "its members are not in the event list";
	evlist__for_each_group_member(evlist, leader, member) {
		if (member->tool_event)
			return "a tool event (duration_time, user_time, system_time) is perf's own, no bperf leader's";
		if (!member->use_bpf)
			return "not every member is counted with bperf (:b)";
		n++;
	}
	if (n != leader->nr_members)
		return "its members are not in the event list";
	return NULL;
}

/* The keys of the members of the group evsel leads, in ev. */
static void bperf__group_events(const struct evsel *evsel,
				struct bperf_events *ev)
{
	struct evsel *member;

	memset(ev, 0, sizeof(*ev));
	evlist__for_each_group_member(evsel->evlist, evsel, member) {
		if (ev->nr_members == BPERF_MAX_GROUP_MEMBERS)
			break; /* refused before: bperf__group_refusal */
		ev->members[ev->nr_members++] = member->bperf_key;
	}
	bperf_events__group_key(ev);
}

/*
 * The group leader's evsel: one bperf leader for the whole group (the
 * group was found one bperf can take before anything loaded:
 * bperf__group_refusal), or, where the kernel refuses its members as
 * one group or lacks one, -EAGAIN (counted plain, said on one line), or
 * a weak group split (each member alone, as perf splits one).
 */
static int bperf_evsel__group_leader(struct bperf_evsel *be,
				     struct evsel *evsel, struct target *target,
				     const char *path)
{
	struct bperf_events ev;
	char name[256];
	int err;

	evlist__group_name(evsel->evlist, evsel, name, sizeof(name));
	bperf__group_events(evsel, &ev);
	err = bperf_counter__new(evsel, &ev, 0, target, path, &be->counter,
				 &be->error);
	if (err == -BPERF_ERR_GROUP && evsel->weak_group) {
		/* perf's weak group: each member counts alone. */
		pr_debug("bperf: %s; splitting the weak group '%s'",
			 be->error.msg, name);
		memset(&be->error, 0, sizeof(be->error));
		evsel->nr_members = 1;
		err = bperf_counter__new(evsel, NULL, 0, target, path,
					 &be->counter, &be->error);
	} else if (err == -BPERF_ERR_GROUP || err == -EOPNOTSUPP) {
		pr_warning(
			"bperf: counting group '%s' without bperf: %s", name,
			err == -BPERF_ERR_GROUP ?
				"the kernel refuses its members as one group" :
				"a member is not supported on this machine");
		return -EAGAIN;
	}
	if (err)
		return err;
	be->nr_slots = be->counter->nr_slots;
	return 0;
}

int bperf_evsel__group(struct bperf_evsel *be, struct evsel *evsel,
		       const struct bperf_evsel *lb, struct target *target,
		       const char *path)
{
	struct evsel *leader = evsel->leader;

	if (leader == evsel)
		return bperf_evsel__group_leader(be, evsel, target, path);
	/* A member: its group leader's evsel decided for the group. */
	if (!lb || !lb->counter)
		return -EAGAIN;
	be->counter = lb->counter;
	be->counter->refcnt++;
	be->member = evsel->idx - leader->idx;
	if (be->member >= be->counter->events.nr_members)
		return perf_error__set(&be->error, -EINVAL,
				       "'%s' is not where its group says",
				       evsel->name);
	be->nr_slots = be->counter->nr_slots;
	return 0;
}
