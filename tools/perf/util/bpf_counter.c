// SPDX-License-Identifier: GPL-2.0
/*
 * bperf: counting through shared BPF leaders and per-session followers.
 *
 * The design (leaders, followers, their maps and their lifetime, with a
 * diagram) is in tools/perf/Documentation/bperf-design.md.  This file is
 * the backend (struct counter_ops: load, enable, disable, read, destroy)
 * and joins the other bperf modules, listed at the top of bperf-priv.h.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <linux/perf_event.h>

#include <bpf/bpf.h>

#include "bpf_counter.h"
#include "bpf_counter_priv.h"
#include "bperf-priv.h"
#include "counter.h"
#include "cpumap.h"
#include "debug.h"
#include "evsel.h"
#include "target.h"

/* v += now - then */
static void bperf__fold_reading(struct perf_counts_values *v,
				const struct bperf_reading *now,
				const struct bperf_reading *then)
{
	struct bperf_reading d;

	bperf_reading__sub(&d, now, then);
	v->val += d.counter;
	v->ena += d.enabled;
	v->run += d.running;
}

/*
 * Fold raw per-CPU readings into evsel counts.  now and base are
 * [slot][nr_possible], nr_slots slots.  Per-CPU mode (CPU-scoped and
 * cgroup sessions): counts[i][0] is slot 0 on CPU cpus->map[i].  Per-task
 * mode: counts[0][t] is slot t summed over every CPU; a process counted as
 * a whole (-p without --per-thread) has one slot for all its threads, in
 * counts[0][0].
 */
void bperf__fold(struct perf_counts *counts, const struct perf_cpu_map *cpus,
		 int nr_possible, bool per_cpu, int nr_slots,
		 const struct bperf_reading *now,
		 const struct bperf_reading *base)
{
	struct perf_counts_values *v;

	perf_counts__reset(counts);
	if (per_cpu) {
		for (int i = 0; i < counts->ncpus && i < cpus->nr; i++) {
			int cpu = cpus->map[i];

			if (cpu < 0 || cpu >= nr_possible)
				continue;
			/* Each CPU has its own counts, reset above. */
			bperf__fold_reading(perf_counts(counts, i, 0),
					    &now[cpu], &base[cpu]);
		}
		return;
	}
	for (int t = 0; t < counts->nthreads && t < nr_slots; t++) {
		const struct bperf_reading *n = now + t * nr_possible;
		const struct bperf_reading *b = base + t * nr_possible;

		v = perf_counts(counts, 0, t);
		for (int cpu = 0; cpu < nr_possible; cpu++)
			bperf__fold_reading(v, &n[cpu], &b[cpu]);
	}
}

/*
 * Read the raw per-CPU readings of the evsel's slots into out:
 * [slot][member][CPU], every member of a group at once.
 */
static int bperf__read_raw(struct bperf_evsel *be, struct bperf_reading *out)
{
	struct bperf_counter *bc = be->counter;
	int nr_cpus = bperf__nr_possible();
	__u32 n = bc->events.nr_members;

	if (bc->has_follower) {
		/* [slot][member][CPU], as the leader adds to it. */
		size_t first = bc->follower.first_count + be->first_slot * n;

		memcpy(out, bc->leader.counts + first * nr_cpus,
		       (size_t)be->nr_slots * n * nr_cpus * sizeof(*out));
		return 0;
	}
	/* CPU-scoped: one slot, the leader's running totals per member. */
	for (__u32 i = 0; i < be->nr_slots * n; i++) {
		__u32 s = be->first_slot + i;

		if (bpf_map_lookup_elem(bc->leader.fd[LEADER_PREV], &s,
					out + i * nr_cpus))
			return perf_error__set(&be->error, -errno,
					       "cannot read bperf counts: %s",
					       strerror(errno));
	}
	return 0;
}

/*
 * A group member's readings from the group's raw ones: its counter, the
 * times of member 0 (the group leader), as perf's group reads give.
 */
static void bperf__member_readings(const struct bperf_evsel *be,
				   const struct bperf_reading *raw,
				   struct bperf_reading *out)
{
	int nr_cpus = bperf__nr_possible();
	__u32 n = be->counter->events.nr_members;

	for (int s = 0; s < be->nr_slots; s++) {
		const struct bperf_reading *lead =
			raw + (size_t)s * n * nr_cpus;
		const struct bperf_reading *mine = lead + be->member * nr_cpus;

		for (int cpu = 0; cpu < nr_cpus; cpu++) {
			out[s * nr_cpus + cpu].counter = mine[cpu].counter;
			out[s * nr_cpus + cpu].enabled = lead[cpu].enabled;
			out[s * nr_cpus + cpu].running = lead[cpu].running;
		}
	}
}

/*
 * Sync the leader and read the evsel's counts into out.  A group is
 * synced and read once, by member 0, whose evsel comes first in every
 * pass over the events; the others take their share of that reading.
 */
static int bperf__snapshot(struct bperf_evsel *be, struct bperf_reading *out)
{
	struct bperf_counter *bc = be->counter;
	int err;

	if (be->member == 0) {
		err = leader__sync(&bc->leader, bc->sync_cpus, &be->error);
		if (err)
			return err;
		if (bc->has_follower &&
		    !follower__live(&bc->follower, &bc->leader))
			return perf_error__set(
				&be->error, -ESTALE,
				"the bperf leader no longer counts for this session; counts would be wrong");
		err = bperf__read_raw(be, bc->group_raw ? bc->group_raw : out);
		if (err)
			return err;
	}
	if (bc->group_raw)
		bperf__member_readings(be, bc->group_raw, out);
	return 0;
}

/* Give back what load took; keep be and its error for strerror. */
static void bperf_evsel__release(struct bperf_evsel *be)
{
	if (be->counter && be->counter->follower.filter == BPERF_FILTER_CGROUP)
		bperf_cgroup__put(be->counter);
	else
		bperf_counter__put(be->counter);
	be->counter = NULL;
	free(be->base);
	free(be->now);
	be->base = be->now = NULL;
}

/* evsel's bperf_evsel, or NULL when bperf does not count it. */
static const struct bperf_evsel *bperf_evsel__of(const struct evsel *evsel)
{
	return evsel->ops == &bperf_counter_ops ? evsel->priv : NULL;
}

static int bperf_counter__load(struct evsel *evsel, struct target *target)
{
	const char *path = target->attr_map ? target->attr_map :
					      BPERF_DEFAULT_ATTR_MAP;
	struct bperf_evsel *be;
	size_t nr_readings;
	int err;

	be = calloc(1, sizeof(*be));
	if (!be)
		return -ENOMEM;
	evsel->priv = be;
	if (bperf__in_group(evsel)) {
		err = bperf_evsel__group(be, evsel,
					 bperf_evsel__of(evsel->leader), target,
					 path);
		if (err == -EAGAIN) {
			/* Counted plain: leave nothing of bperf behind. */
			free(be);
			evsel->priv = NULL;
			return err;
		}
		if (err)
			goto err_out;
	} else if (evsel->cgrp) {
		err = bperf_evsel__cgroup_slot(be, evsel, target, path);
		if (err)
			goto err_out;
	} else {
		err = bperf_counter__new(evsel, NULL, 0, target, path,
					 &be->counter, &be->error);
		if (err)
			goto err_out;
		be->nr_slots = be->counter->nr_slots;
	}
	nr_readings = (size_t)be->nr_slots * bperf__nr_possible();
	be->base = calloc(nr_readings, sizeof(*be->base));
	be->now = calloc(nr_readings, sizeof(*be->now));
	if (!be->base || !be->now || evsel__alloc_counts(evsel)) {
		err = perf_error__set(&be->error, -ENOMEM, "out of memory");
		goto err_out;
	}
	return 0;
err_out:
	bperf_evsel__release(be);
	return err;
}

/*
 * Enable: count from now on.  Enabled again after a disable (--control),
 * the counts go on from where the disable left them, as a perf event's
 * do: the base moves up by what the leader counted meanwhile, so only
 * this session's view pauses; the shared leader never stops.
 */
static int bperf_counter__enable(struct evsel *evsel)
{
	struct bperf_evsel *be = evsel->priv;
	size_t nr = (size_t)be->nr_slots * bperf__nr_possible();
	struct bperf_reading *snap;
	int err;

	if (be->enabled && !be->frozen)
		return 0;
	if (!be->enabled) {
		err = bperf__snapshot(be, be->base);
		if (err)
			return err;
		memcpy(be->now, be->base, nr * sizeof(*be->now));
	} else {
		snap = calloc(nr, sizeof(*snap));
		if (!snap)
			return -ENOMEM;
		err = bperf__snapshot(be, snap);
		if (err) {
			free(snap);
			return err;
		}
		for (size_t i = 0; i < nr; i++) {
			struct bperf_reading counted;

			/* What was counted before the disable stays counted. */
			bperf_reading__sub(&counted, &be->now[i], &be->base[i]);
			bperf_reading__sub(&be->base[i], &snap[i], &counted);
		}
		memcpy(be->now, snap, nr * sizeof(*be->now));
		free(snap);
	}
	be->enabled = true;
	be->frozen = false;
	evsel->counted = true;
	return 0;
}

static int bperf_counter__disable(struct evsel *evsel)
{
	struct bperf_evsel *be = evsel->priv;
	struct bperf_counter *bc = be->counter;
	__u64 lost;
	int err;

	if (!be->enabled || be->frozen)
		return 0;
	/*
	 * A counted task that just exited may not have had its last delta
	 * yet (leader__wait_exits): let it come first.  Seen once in 960
	 * workload sessions under load; the wait is one map read otherwise.
	 */
	if (bc->has_follower)
		leader__wait_exits(&bc->leader, bperf__nr_possible(),
				   BPERF_EXIT_WAIT_MS);
	err = bperf__snapshot(be, be->now);
	if (err)
		return err;
	be->frozen = true;
	lost = bc->has_follower && bc->follower.flags & BPERF_ITEM_INHERIT ?
		       leader__lost_tasks(&bc->leader, bperf__nr_possible()) :
		       0;
	if (lost && !bc->lost_warned) {
		/* Never count silently wrong. */
		pr_warning(
			"bperf: %llu new processes may not have been counted in '%s': the leader's index was full",
			(unsigned long long)lost, evsel->name);
		bc->lost_warned = true;
	}
	return 0;
}

static int bperf_counter__read(struct evsel *evsel)
{
	struct bperf_evsel *be = evsel->priv;
	int err;

	if (be->enabled && !be->frozen) {
		err = bperf__snapshot(be, be->now);
		if (err)
			return err;
	}
	bperf__fold(evsel->counts, evsel->cpus, bperf__nr_possible(),
		    bperf__cpu_scoped(evsel), be->nr_slots, be->now, be->base);
	return 0;
}

static int bperf_counter__destroy(struct evsel *evsel)
{
	struct bperf_evsel *be = evsel->priv;

	if (!be)
		return 0;
	bperf_evsel__release(be);
	free(be);
	evsel->priv = NULL;
	return 0;
}

static void bperf_counter__error(const struct evsel *evsel, int err,
				 struct perf_error *e)
{
	const struct bperf_evsel *be = evsel->priv;

	if (be && be->error.msg[0])
		perf_error__set(e, err, "bperf: %s", be->error.msg);
	else
		perf_error__set(e, err, "bperf: '%s': %s", evsel->name,
				strerror(-err));
	perf_error__hint(e, "%s", be ? be->error.hint : "");
}

const struct counter_ops bperf_counter_ops = {
	.name = "bperf",
	.load = bperf_counter__load,
	.enable = bperf_counter__enable,
	.disable = bperf_counter__disable,
	.read = bperf_counter__read,
	.destroy = bperf_counter__destroy,
	.error = bperf_counter__error,
};
