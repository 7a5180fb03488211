// SPDX-License-Identifier: GPL-2.0
/*
 * A session's membership of one bperf leader (struct bperf_counter), and
 * the protocol under the attr map lock that makes and ends it: find the
 * live leader of the event or create one, register in its registry, start
 * the follower; later, once every event of the session is open, put the
 * -p and -t threads in the index; at the end, leave the index and the
 * registry, and unpublish the leader as its last session.  See
 * tools/perf/Documentation/bperf-design.md.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <bpf/bpf.h>

#include "bpf_counter_priv.h"
#include "bperf-priv.h"
#include "counter-cpus.h"
#include "counter.h"
#include "cpumap.h"
#include "debug.h"
#include "evsel.h"
#include "target.h"
#include "thread_map.h"

/* This process's bperf state. */
static struct bperf_process bperf_process = BPERF_PROCESS_INIT;
/* Followers whose threads go into the index once every event is open. */
static struct bperf_counter *bperf_pending_counters;

bool bperf__cpu_scoped(const struct evsel *evsel)
{
	return evsel->cpus->nr > 0 && evsel->cpus->map[0] >= 0;
}

/*
 * Under the lock: the live leader of bc->events, taken, or a new one.  A
 * leader with no live session is going away: replace it.
 */
static int bperf__find_leader(struct bperf_counter *bc, struct evsel *evsel,
			      struct bperf_session *reg, struct perf_error *e)
{
	struct bperf_attr_value value;
	int err = -ENOENT, live;

	if (!bpf_map_lookup_elem(bperf_process.attr_map_fd, &bc->events.key,
				 &value)) {
		err = leader__take(&bc->events, &value, &bc->leader);
		if (err == -EINVAL)
			pr_warning(
				"bperf: the attr map entry of '%s' points at something that is not a bperf leader; replacing it",
				bc->name);
		if (!err) {
			live = registry__reclaim(&bc->leader, reg);
			if (live > 0) {
				pr_debug(
					"bperf: joined leader of '%s' (link %u)",
					bc->name, bc->leader.link_id);
				return 0;
			}
			pr_debug(
				"bperf: leader of '%s' has no live session; replacing it",
				bc->name);
			leader__close(&bc->leader);
		}
	}
	bperf_process__sweep(&bperf_process);
	/* A PMU with a cpumask counts on its CPUs only, for every session. */
	err = leader__create(&bperf_process, &bc->events, bc->name,
			     evsel__counts_on_cpumask(evsel) ? evsel->pmu_cpus :
							       NULL,
			     &bc->leader, e);
	if (err)
		return err;
	err = registry__reclaim(&bc->leader, reg);
	if (err < 0)
		return perf_error__set(e, err, "bperf registry: %s",
				       strerror(-err));
	pr_debug("bperf: created leader of '%s' (link %u)", bc->name,
		 bc->leader.link_id);
	return 0;
}

/* What this session's follower of evsel counts. */
static void bperf__follower_config(const struct bperf_counter *bc,
				   const struct evsel *evsel,
				   const struct target *target,
				   struct bperf_follower_config *cfg)
{
	enum bperf_filter filter = bc->follower.filter;

	cfg->filter = filter;
	cfg->inherit = filter == BPERF_FILTER_TGID && target->inherit;
	/* A workload is counted from its exec, as perf's enable_on_exec. */
	cfg->exec_pid = filter == BPERF_FILTER_TGID &&
					target->workload_pid > 0 &&
					evsel->attr.enable_on_exec ?
				target->workload_pid :
				0;
}

/* Under the lock: this session's follower, live in the leader. */
static int bperf__start_follower(struct bperf_counter *bc, struct evsel *evsel,
				 struct target *target,
				 const struct bperf_session *entry,
				 struct perf_error *e)
{
	struct bperf_follower_config cfg;
	int err;

	bperf__follower_config(bc, evsel, target, &cfg);
	cfg.slot = entry->slot - 1;
	cfg.gen = entry->gen;
	cfg.first_count = entry->first_count;
	cfg.nr_members = bc->events.nr_members;
	err = follower__create(&bc->follower, &cfg, &bc->leader, e);
	if (!err && cfg.filter != BPERF_FILTER_CGROUP && !cfg.exec_pid) {
		/* Its threads go in once every event is open: see below. */
		bc->threads = evsel->threads;
		bc->next_pending = bperf_pending_counters;
		bperf_pending_counters = bc;
	}
	return err;
}

/*
 * -p and -t: put the threads of every follower of this session in the
 * index, now that every event of the session is open (the last step of
 * evlist__load_counters).  A follower counts its process's children from
 * the moment its process is in the index; a plain event from its
 * perf_event_open.  Put in at join, a process that forked while the
 * session's later events were still opening (a leader's creation takes
 * tens of milliseconds, and a plain open of a task that is forking and
 * exec'ing waited 10 to 15 ms on the 2-CPU test VM) had those children,
 * and all they forked, counted by bperf and never by plain counting:
 * twice plain's page faults for a shell script's start-up.  Now the
 * events of one session differ only by the children forked within this
 * step, after the last open.
 */
int bperf__start_tasks(struct perf_error *e)
{
	struct bperf_counter *bc;
	struct perf_error why;
	int err;

	if (!bperf_pending_counters)
		return 0;
	err = bperf_process__lock(&bperf_process, e);
	if (err)
		return err;
	while ((bc = bperf_pending_counters) && !err) {
		bperf_pending_counters = bc->next_pending;
		bc->next_pending = NULL;
		memset(&why, 0, sizeof(why));
		err = follower__add_tasks(&bc->follower, &bc->leader,
					  bc->threads, &why);
		if (err) {
			perf_error__set(e, err, "bperf: %s", why.msg);
			if (why.hint[0])
				perf_error__hint(e, "%s", why.hint);
		}
	}
	bperf_process__unlock(&bperf_process);
	return err;
}

/*
 * Under the lock: find or create the leader of bc->events, register this
 * session, start its follower.
 */
static int bperf__join(struct bperf_counter *bc, struct evsel *evsel,
		       struct target *target, struct perf_error *e)
{
	struct bperf_session *reg, entry = {
		.token_id = bperf_process.token_id,
		.pid = getpid(),
	};
	int err, slot = -1, nr_counts;
	__u32 gen = 0;

	reg = calloc(REGISTRY_ENTRIES, sizeof(*reg));
	if (!reg)
		return perf_error__set(e, -ENOMEM, "out of memory");
	err = bperf__find_leader(bc, evsel, reg, e);
	if (err)
		goto out;
	if (bc->has_follower) {
		slot = registry__free_slot(reg);
		if (slot < 0) {
			err = perf_error__set(
				e, -E2BIG,
				"'%s' already has %d task- and cgroup-scoped bperf sessions, the most one leader can have",
				bc->name, BPERF_MAX_FOLLOWERS);
			perf_error__hint(e, "%s", BPERF_HINT_END_SESSION);
			goto out;
		}
		/* A group's slot is a row per member. */
		nr_counts = bc->nr_slots * bc->events.nr_members;
		err = registry__alloc_counts(reg, nr_counts);
		if (err < 0) {
			err = perf_error__set(
				e, -E2BIG,
				"'%s': the bperf leader has no %d accumulation slots left of %d",
				bc->name, nr_counts, BPERF_COUNT_SLOTS);
			perf_error__hint(e, "%s", BPERF_HINT_END_SESSION);
			goto out;
		}
		entry.first_count = err;
		entry.nr_counts = nr_counts;
		bpf_map_lookup_elem(bc->leader.fd[LEADER_GEN], &(__u32){ slot },
				    &gen);
		entry.gen = registry__next_gen(gen);
		entry.slot = slot + 1;
		entry.filter = bc->follower.filter;
		err = 0;
	}
	bc->session_idx = registry__add(&bc->leader, reg, &entry);
	if (bc->session_idx < 0) {
		err = perf_error__set(e, -E2BIG,
				      "'%s' already has %d bperf sessions",
				      bc->name, BPERF_MAX_SESSIONS);
		goto out;
	}
	if (bc->has_follower)
		err = bperf__start_follower(bc, evsel, target, &entry, e);
	if (!err)
		err = leader__map_counts(&bc->leader, bperf_process.nr_possible,
					 e);
out:
	free(reg);
	return err;
}

/* Under the lock: leave the index and the registry. */
static void bperf__leave(struct bperf_counter *bc)
{
	struct bperf_session empty = {}, *reg;
	struct bperf_attr_value value;
	__u32 idx;
	int live;

	if (bc->leader.fd[LEADER_SESSIONS] < 0)
		return;
	if (bc->has_follower)
		follower__remove(&bc->follower, &bc->leader);
	if (bc->session_idx > 0) {
		idx = bc->session_idx;
		bpf_map_update_elem(bc->leader.fd[LEADER_SESSIONS], &idx,
				    &empty, BPF_ANY);
	}
	reg = calloc(REGISTRY_ENTRIES, sizeof(*reg));
	if (!reg)
		return;
	live = registry__reclaim(&bc->leader, reg);
	free(reg);
	/* The last one out unpublishes the leader; the kernel frees it. */
	if (live == 0 &&
	    !bpf_map_lookup_elem(bperf_process.attr_map_fd, &bc->events.key,
				 &value) &&
	    value.link_id == bc->leader.link_id)
		bpf_map_delete_elem(bperf_process.attr_map_fd, &bc->events.key);
}

void bperf_counter__put(struct bperf_counter *bc)
{
	struct bperf_counter **p;
	struct perf_error ignored;

	if (!bc || --bc->refcnt > 0)
		return;
	for (p = &bperf_pending_counters; *p; p = &(*p)->next_pending) {
		if (*p == bc) {
			*p = bc->next_pending;
			break;
		}
	}
	if (bc->leader.fd[LEADER_SESSIONS] >= 0 &&
	    !bperf_process__lock(&bperf_process, &ignored)) {
		bperf__leave(bc);
		bperf_process__unlock(&bperf_process);
	}
	if (bc->has_follower)
		follower__destroy(&bc->follower);
	leader__close(&bc->leader);
	cpu_map__put(bc->sync_cpus);
	free(bc->group_raw);
	free(bc);
	bperf_process__put(&bperf_process);
}

/* What bc filters by, its slots and the CPUs its reads sync. */
static void bperf_counter__scope(struct bperf_counter *bc,
				 const struct evsel *evsel,
				 const struct target *target,
				 int nr_cgroup_slots)
{
	if (evsel->cgrp) {
		bc->has_follower = true;
		bc->follower.filter = BPERF_FILTER_CGROUP;
		bc->nr_slots = nr_cgroup_slots;
		bc->sync_cpus =
			cpu_map__new_from(evsel->cpus->map, evsel->cpus->nr);
	} else if (bperf__cpu_scoped(evsel)) {
		bc->nr_slots = 1;
		bc->sync_cpus =
			cpu_map__new_from(evsel->cpus->map, evsel->cpus->nr);
	} else {
		bc->has_follower = true;
		bc->follower.filter = (target->tid || target->per_thread) ?
					      BPERF_FILTER_TID :
					      BPERF_FILTER_TGID;
		bc->nr_slots = bc->follower.filter == BPERF_FILTER_TID ?
				       evsel->threads->nr :
				       1;
		bc->sync_cpus = cpu_map__new_online();
	}
}

int bperf_counter__new(struct evsel *evsel, const struct bperf_events *ev,
		       int nr_cgroup_slots, struct target *target,
		       const char *path, struct bperf_counter **out,
		       struct perf_error *e)
{
	struct bperf_counter *bc;
	int err;

	bc = calloc(1, sizeof(*bc));
	if (!bc)
		return perf_error__set(e, -ENOMEM, "out of memory");
	leader__init(&bc->leader);
	bc->session_idx = -1;
	bc->refcnt = 1;
	err = bperf_process__get(&bperf_process, path, e);
	if (err) {
		free(bc);
		return err;
	}
	if (ev) {
		bc->events = *ev;
		bperf_events__name(ev, bc->name, sizeof(bc->name));
	} else {
		bperf_events__single(&bc->events, &evsel->bperf_key);
		snprintf(bc->name, sizeof(bc->name), "%s", evsel->name);
	}
	bperf_counter__scope(bc, evsel, target, nr_cgroup_slots);
	if (bc->events.nr_members > 1) {
		bc->group_raw =
			calloc((size_t)bc->nr_slots * bc->events.nr_members *
				       bperf_process.nr_possible,
			       sizeof(*bc->group_raw));
		if (!bc->group_raw) {
			err = perf_error__set(e, -ENOMEM, "out of memory");
			goto err_out;
		}
	}
	err = bc->sync_cpus ? bperf_process__lock(&bperf_process, e) :
			      perf_error__set(e, -ENOMEM, "out of memory");
	if (err)
		goto err_out;
	err = bperf__join(bc, evsel, target, e);
	bperf_process__unlock(&bperf_process);
	/* Fail now, not at enable, where the kernel cannot sync a CPU. */
	if (!err)
		err = leader__sync(&bc->leader, bc->sync_cpus, e);
	if (err)
		goto err_out;
	*out = bc;
	return 0;
err_out:
	bperf_counter__put(bc);
	return err;
}

int bperf_counter__add_cgroup(struct bperf_counter *bc, __u64 id, __u32 slot,
			      struct perf_error *e)
{
	int err = bperf_process__lock(&bperf_process, e);

	if (err)
		return err;
	err = follower__add_cgroup(&bc->follower, &bc->leader, id, slot, e);
	bperf_process__unlock(&bperf_process);
	return err;
}

int bperf__nr_possible(void)
{
	return bperf_process.nr_possible;
}
