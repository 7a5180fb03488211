// SPDX-License-Identifier: GPL-2.0
/*
 * bperf: counting through shared BPF leaders and per-session followers.
 *
 * Hardware counters are scarce and most sessions on a host count the same
 * few events.  bperf opens each distinct event once per CPU and lets any
 * number of perf stat sessions, each with its own target, share it:
 *
 *   session A: -a          session B: -p 42           session C: -- make
 *   (CPU-scoped: reads     follower B: items          follower C: items
 *    prev_readings, no     {tgid 42 -> B, slot 7}     {tgid of make -> C,
 *    follower)             in the index, slot 7       slot 9} + children
 *        |                 of counts                  (on_fork), slot 9
 *        |                        ^                         ^
 *        |                        | the task switched out, looked up once
 *   leader "on_switch" (tp_btf sched_switch), one per distinct event:
 *     bpf_perf_event_read_value(events[this cpu]) -> prev_readings
 *     delta since the last attribution on this CPU (cpu_state)
 *     task_index[tgid], [tid], [each cgroup]: for each live item, add the
 *     delta to counts[item slot][this cpu]
 *        |
 *   events: PERF_EVENT_ARRAY (BPF_F_PRESERVE_ELEMS), one counting perf
 *   event per CPU, opened system-wide once for every session
 *
 *   attr map (BPF hash pinned in bpffs, default /sys/fs/bpf/bperf_attr_map)
 *     struct bperf_attr_key {type, exclude bits, config, config1, config2}
 *       -> struct bperf_attr_value {leader link id, diff_readings map id}
 *     a group's key: {BPERF_GROUP_TYPE, BPERF_EXCLUDE_GROUP | members,
 *       two hashes of the members' keys}: never a single event's
 *
 * Maps of a leader (found from its link -> program -> map ids, by name
 * and shape, never trusted blindly):
 *   events         PERF_EVENT_ARRAY[members x possible CPUs]: member m
 *                  on CPU c at m * nr_cpus + c
 *   prev_readings  PERCPU_ARRAY[members]: running total per CPU
 *   diff_readings  PERCPU_ARRAY[members]: the delta last given out
 *   chain_busy     PERCPU_ARRAY[1]: set while the leader runs on the CPU
 *   cpu_state      PERCPU_ARRAY[members]: [0] the task the leader left on
 *                  the CPU, the reading attributed so far, an exit in
 *                  progress (and, held back, the reading at its hook);
 *                  [m] member m's attributed and exit readings
 *   sessions       ARRAY[1 + BPERF_MAX_SESSIONS]: the registry; [0] its
 *                  header (filters in use, the hooks' link ids), [1..]
 *                  one entry per session: token map id, pid, follower
 *   task_index     HASH {filter, tgid|tid|cgroup id} -> up to 32 items
 *                  {follower, generation, accumulation slot, inherit}
 *   follower_gen   ARRAY[BPERF_MAX_FOLLOWERS]: an item counts while its
 *                  generation is its follower's
 *   counts         ARRAY[BPERF_COUNT_SLOTS x CPUs], mmapable: the
 *                  followers' accumulation rows, read mapped; a group's
 *                  slot s of a follower is one row per member, member m
 *                  at row first_count + s x members + m (an item's count
 *                  is member 0's row)
 *   exec_joins     HASH pid -> items: workloads waiting for their exec
 *   index_hints    ARRAY of bytes [pid % BPERF_INDEX_HINTS], mmapable:
 *                  set (by the session or hook that adds a process or
 *                  thread to task_index) before it enters, never cleared;
 *                  the leader looks a task up only when hinted, since an
 *                  array lookup is inlined and a hash lookup is a call
 *   .rodata        frozen: the attr key, the member count and the
 *                  members' keys: what the leader counts
 *
 * Groups: a group ({a,b,...}, up to BPERF_MAX_GROUP_MEMBERS) has one
 * leader whose events are, per CPU, one perf_event group (member 0 the
 * group leader, opened disabled and enabled once its members joined).
 * Each run reads every member with bpf_perf_event_read_value and gives
 * each member member 0's enabled and running times, as the group is
 * scheduled as one; one index lookup then credits every member's delta
 * to the follower's rows.  nr_members is .rodata, a constant to the
 * verifier: a single event's member loops run once, as before groups.
 * In this process, member 0's evsel syncs and reads the whole group at
 * once, its other members take their rows of that reading.  A group
 * bperf cannot take is counted plain, said on one line; a weak group the
 * kernel refuses as one is split, each member alone.
 *
 * A follower is one session's view of one event: its range of counts and
 * its items in the index, no program of its own (upstream perf attaches a
 * program per session as fexit on the leader; the kernels bperf runs on
 * may refuse BPF trampolines, and a program per session made every switch
 * pay for every session).  A switch costs one index lookup per filter in
 * use, plus a few adds per session that counts the task switched out; a
 * session starting or ending writes maps, never code.  The leader's hooks,
 * attached once and held by every session: fork (a new process joins the
 * inheriting followers of its parent), free (it leaves the index), exit,
 * exec (a workload joins its followers from exec_joins) and the tick
 * (cgroup sessions: a task moved between cgroups counts for its new one
 * within a tick), and for a leader of page faults the two page fault
 * tracepoints (see "Missed switches").  Sessions that only filter by CPU
 * (-a, -C) need no follower: they read prev_readings, and with no
 * follower at all the leader gives nothing out.
 *
 * Which task a delta belongs to: the leader gives the delta since its
 * last attribution on a CPU to the task switched out (or, at a sync, the
 * task running), and remembers per CPU (cpu_state) the task it left
 * there.  Three things keep that equal to what perf's own task counters
 * count:
 *
 *  - Missed switches.  The kernel does not report every context switch
 *    through the sched_switch tracepoint (seen on the test VMs: about one
 *    switch in a hundred out of the machine agent's threads, also missing
 *    from ftrace).  The delta of the next run then covers other tasks'
 *    time too, and went whole to the task switched out: a session read a
 *    scheduler slice of someone else's (+1..3 %, now and then, when the
 *    counted tasks were preempted often).  The leader sees it (the task
 *    switched out is not the one it left on the CPU) and keeps only the
 *    time since the scheduler put that task on the CPU (runqueue clock -
 *    sched_info.last_arrival), the counter in proportion.  Away from a
 *    switch the runqueue clock is the event's enabled time plus an offset
 *    measured at switches (both run on local_clock).
 *  - Exits.  perf stops counting a task at perf_event_exit_task, right
 *    after the sched_process_exit tracepoint; the task still runs its
 *    exit (exit_mm, exit_files, ...) until its last switch, about 55 us
 *    for a short process.  The exit hook runs the leader for a counted
 *    task there; after that a task in do_exit counts for nobody.  A
 *    workload is counted from its exec on, from task_rename in
 *    begin_new_exec right after perf_event_exec, as enable_on_exec does.
 *    An exit hook that meets a missed switch leaves the delta to the
 *    task's final switch (fresh runqueue clock), with the readings of the
 *    exit hook kept (cpu_state's exit_at), so that the exit's own tail is
 *    still no one's: before, it went to the task, +4.5 % in 2 of 30 runs
 *    of an awk with a 3-million-entry array (exit_mm of a large address
 *    space), 0 of 70 after.  The final switch can come after the parent's
 *    wait4() returns: a session waits for such held-back exits
 *    (cpu_state's exiting, leader__wait_exits) before its last read.
 *  - Context switches: counted at the tracepoint, for the task switched
 *    out, as perf does, rather than in the next delta.
 *  The proportional split is exact for time, not for events that come
 *  in bursts: page faults were lost or made up (--control phases of
 *  10000 page faults read 9409..9997 in 3 of 24 runs under load; a
 *  workload's count 1 off in 4 of 200 runs beside a busy loop).  So a
 *  leader of page faults (x86) also runs on the page_fault_user and
 *  _kernel tracepoints, which come before the kernel counts the fault,
 *  when the task faulting is not the one it left on the CPU: the task's
 *  faults then never fall in a mixed delta, whose faults all go to the
 *  task before it (0 of 300 runs off after).  The check costs about 50
 *  ns a fault, machine-wide, while such a leader lives.
 *  What remains: bperf gives a task the context switch that puts it on the
 *  CPU (from the tracepoint to perf's sched-in), plain counting gives it
 *  to nobody: a few microseconds per switch-in, which shows only for tasks
 *  that run very little between switches.
 *
 * Cost: on_switch is a BTF tracepoint program, so the task switched out
 * comes as a BTF pointer whose tgid, pid and flags are plain loads; its
 * only helper call is the counter read.  Helper calls dominate a run: on
 * the test VMs (AMD, return thunks) one bpf_get_current_pid_tgid() cost
 * about 70 ns, as much as the rest of a task-scoped miss with its hash
 * lookup.  A BTF tracepoint cannot be test-run, so syncs run the same
 * leader code through on_tick (a raw tracepoint program) with BPERF_SYNC.
 *
 * Reading: a session triggers the leader on every CPU it reads with
 * BPF_PROG_TEST_RUN + BPF_F_TEST_RUN_ON_CPU of on_tick, so the deltas of
 * the running tasks are folded in, then reads its counts.  It does the same on enable
 * (the snapshot it subtracts later, so nothing from before enable leaks
 * in) and on disable (so the last partial time slice is not lost).
 *
 * Lifetime: nothing but the attr map is pinned.  Every session holds fds
 * of the leader's links and maps; the kernel frees the leader, its maps
 * and perf events when the last session closes them.  A session
 * SIGKILLed leaves its registry entry; every session that starts or ends
 * reclaims the entries of sessions whose token map can no longer be found
 * by id, and marks their followers' generations dead, which stops their
 * items (their children's included) at once.  A leader whose registry
 * holds no live session is treated as stale and replaced.  All attr map
 * lookups, leader creation and index changes from user space happen under
 * one flock() on a directory of our own next to the attr map
 * (<path>_lock), never on a BPF fd (they all share one inode).
 *
 * Where the pieces are: this file is the backend (struct counter_ops:
 * load, enable, disable, read, destroy) and joins the others, listed at
 * the top of bperf-priv.h: the attr map, lock and token
 * (bperf-attr-map.c), leaders (bperf-leader.c), the registry
 * (bperf-registry.c), followers (bperf-follower.c) and the listing
 * (bperf-list.c).  The BPF program is bpf_skel/bperf_leader.bpf.c.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <linux/perf_event.h>

#include <bpf/bpf.h>

#include "bpf_counter.h"
#include "bpf_counter_priv.h"
#include "bperf-priv.h"
#include "cgroup.h"
#include "counter.h"
#include "cpumap.h"
#include "debug.h"
#include "evsel.h"
#include "target.h"

/*
 * One session's membership of one leader: the leader's fds, the registry
 * entry and, unless CPU-scoped, the follower.  Usually one per evsel; the
 * evsels of one event for many cgroups share one (one follower, one
 * accumulation slot per cgroup).
 */
struct bperf_counter {
	struct bperf_events events; /* the attr map key, the members */
	char name[256]; /* "cycles", "{cycles,instructions}" */
	struct bperf_leader leader;
	int session_idx; /* our entry in the leader's registry */
	bool has_follower; /* false: CPU-scoped, reads the leader's totals */
	struct bperf_follower follower;
	int nr_slots; /* accumulation slots */
	int cgroup_slots_used; /* cgroup followers: slots handed out */
	struct perf_cpu_map *sync_cpus; /* CPUs to run the leader on */
	int refcnt;
	bool lost_warned;
	struct bperf_counter *next; /* cgroup counters of this process */
	/*
	 * A group's last raw readings, [slot][member][possible CPU], read
	 * at once by member 0's evsel for every member's.
	 */
	struct bperf_reading *group_raw;
};

/* evsel->priv of a bperf event: its slots of a bperf_counter. */
struct bperf_evsel {
	struct bperf_counter *counter;
	__u32 member; /* in the counter's group; 0 for a single event */
	int first_slot;
	int nr_slots;
	struct bperf_reading *base; /* [slot][possible cpu] at enable */
	struct bperf_reading *now; /* [slot][possible cpu] last read */
	bool enabled;
	bool frozen; /* disabled: now holds the final readings */
	struct perf_error error; /* why the last operation failed */
};

/* This process's bperf state, and its cgroup counters to share by event. */
static struct bperf_process bperf_process = BPERF_PROCESS_INIT;
static struct bperf_counter *bperf_cgroup_counters;

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
			v = perf_counts(counts, i, 0);
			v->val = now[cpu].counter - base[cpu].counter;
			v->ena = now[cpu].enabled - base[cpu].enabled;
			v->run = now[cpu].running - base[cpu].running;
		}
		return;
	}
	for (int t = 0; t < counts->nthreads && t < nr_slots; t++) {
		const struct bperf_reading *n = now + t * nr_possible;
		const struct bperf_reading *b = base + t * nr_possible;

		v = perf_counts(counts, 0, t);
		for (int cpu = 0; cpu < nr_possible; cpu++) {
			v->val += n[cpu].counter - b[cpu].counter;
			v->ena += n[cpu].enabled - b[cpu].enabled;
			v->run += n[cpu].running - b[cpu].running;
		}
	}
}

static bool evsel__cpu_scoped(const struct evsel *evsel)
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
	err = leader__create(&bperf_process, &bc->events, bc->name, &bc->leader,
			     e);
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
	if (!err && cfg.filter != BPERF_FILTER_CGROUP && !cfg.exec_pid)
		err = follower__add_tasks(&bc->follower, &bc->leader,
					  evsel->threads, e);
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

/*
 * Read the raw per-CPU readings of the evsel's slots into out:
 * [slot][member][CPU], every member of a group at once.
 */
static int bperf__read_raw(struct bperf_evsel *be, struct bperf_reading *out)
{
	struct bperf_counter *bc = be->counter;
	int nr_cpus = bperf_process.nr_possible;
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
	int nr_cpus = bperf_process.nr_possible;
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

static void bperf_counter__put(struct bperf_counter *bc)
{
	struct bperf_counter **p;
	struct perf_error ignored;

	if (!bc || --bc->refcnt > 0)
		return;
	for (p = &bperf_cgroup_counters; *p; p = &(*p)->next) {
		if (*p == bc) {
			*p = bc->next;
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

/*
 * The slots of a cgroup follower: one for each cgroup evsel of the
 * session that will share it (bperf, the same event; see
 * bperf_evsel__cgroup_slot), not a fixed BPERF_MAX_CGROUP_SLOTS, which
 * let only BPERF_COUNT_SLOTS / BPERF_MAX_CGROUP_SLOTS cgroup sessions
 * share a leader.
 */
static int bperf__cgroup_slots(const struct evsel *evsel,
			       const struct target *target)
{
	struct bperf_attr_key key, other;
	const struct evsel *pos;
	int n = 0;

	if (!evsel->evlist)
		return BPERF_MAX_CGROUP_SLOTS;
	bperf__attr_key(&evsel->attr, &key);
	/*
	 * Every evsel counts on the evlist's CPUs; the later ones are not
	 * loaded yet, so their use_bpf is what --use-bpf will make it.
	 */
	evlist__for_each_entry(evsel->evlist, pos) {
		if (!pos->cgrp || pos->tool_event ||
		    !(pos->use_bpf || target->use_bpf))
			continue;
		bperf__attr_key(&pos->attr, &other);
		n += !memcmp(&key, &other, sizeof(key));
	}
	if (n < 1)
		return 1;
	return n > BPERF_MAX_CGROUP_SLOTS ? BPERF_MAX_CGROUP_SLOTS : n;
}

/* What bc filters by, its slots and the CPUs its reads sync. */
static void bperf_counter__scope(struct bperf_counter *bc,
				 const struct evsel *evsel,
				 const struct target *target)
{
	if (evsel->cgrp) {
		bc->has_follower = true;
		bc->follower.filter = BPERF_FILTER_CGROUP;
		bc->nr_slots = bperf__cgroup_slots(evsel, target);
		bc->sync_cpus =
			cpu_map__new_from(evsel->cpus->map, evsel->cpus->nr);
	} else if (evsel__cpu_scoped(evsel)) {
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

/*
 * Join the leader of evsel's event, or of the group ev (NULL: evsel
 * alone): a new bperf_counter in *out.
 */
static int bperf_counter__new(struct evsel *evsel,
			      const struct bperf_events *ev,
			      struct target *target, const char *path,
			      struct bperf_counter **out, struct perf_error *e)
{
	struct bperf_attr_key key;
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
		bperf__attr_key(&evsel->attr, &key);
		bperf_events__single(&bc->events, &key);
		snprintf(bc->name, sizeof(bc->name), "%s", evsel->name);
	}
	bperf_counter__scope(bc, evsel, target);
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
	if (bc->follower.filter == BPERF_FILTER_CGROUP) {
		bc->next = bperf_cgroup_counters;
		bperf_cgroup_counters = bc;
	}
	*out = bc;
	return 0;
err_out:
	bperf_counter__put(bc);
	return err;
}

/*
 * A cgroup evsel takes a slot of its event's cgroup follower in this
 * session, creating the follower for the first one.
 */
static int bperf_evsel__cgroup_slot(struct bperf_evsel *be, struct evsel *evsel,
				    struct target *target, const char *path)
{
	struct bperf_attr_key key;
	struct bperf_counter *bc;
	__u64 id = evsel->cgrp->id;
	__u32 slot;
	int err;

	bperf__attr_key(&evsel->attr, &key);
	for (bc = bperf_cgroup_counters; bc; bc = bc->next) {
		if (!memcmp(&bc->events.key, &key, sizeof(key)) &&
		    bc->sync_cpus->nr == evsel->cpus->nr &&
		    !memcmp(bc->sync_cpus->map, evsel->cpus->map,
			    evsel->cpus->nr * sizeof(int)))
			break;
	}
	if (bc) {
		bc->refcnt++;
	} else {
		err = bperf_counter__new(evsel, NULL, target, path, &bc,
					 &be->error);
		if (err)
			return err;
	}
	be->counter = bc;
	if (!follower__cgroup_slot(&bc->follower, id, &slot)) {
		if (bc->cgroup_slots_used >= bc->nr_slots)
			return perf_error__set(
				&be->error, -E2BIG,
				"more than %d cgroups for '%s' in one session",
				bc->nr_slots, evsel->name);
		slot = bc->cgroup_slots_used++;
		err = bperf_process__lock(&bperf_process, &be->error);
		if (err)
			return err;
		err = follower__add_cgroup(&bc->follower, &bc->leader, id, slot,
					   &be->error);
		bperf_process__unlock(&bperf_process);
		if (err)
			return err;
	}
	be->first_slot = slot;
	be->nr_slots = 1;
	return 0;
}

/* Give back what load took; keep be and its error for strerror. */
static void bperf_evsel__release(struct bperf_evsel *be)
{
	bperf_counter__put(be->counter);
	be->counter = NULL;
	free(be->base);
	free(be->now);
	be->base = be->now = NULL;
}

/*
 * Is evsel in a group of two or more?  A member of a weak group its
 * leader split counts alone from now on, as perf does.
 */
static bool bperf__in_group(struct evsel *evsel)
{
	struct evsel *leader = evsel->leader;

	if (!leader)
		return false;
	if (leader != evsel && leader->nr_members <= 1 && evsel->weak_group)
		evsel->leader = evsel;
	return evsel->leader->nr_members > 1;
}

/*
 * Why the group that evsel leads cannot be counted through one bperf
 * leader, or NULL when it can; its members' keys in ev.
 */
static const char *bperf__group_refusal(struct evsel *evsel,
					const struct target *target,
					struct bperf_events *ev)
{
	struct evlist *evlist = evsel->evlist;
	int n = evsel->nr_members;

	if (n > BPERF_MAX_GROUP_MEMBERS)
		return "more members than the 8 one bperf leader reads together";
	if (evsel->cgrp)
		return "bperf does not count groups per cgroup";
	if (!evlist || evsel->idx + n > evlist->nr_entries)
		return "its members are not in the event list";
	memset(ev, 0, sizeof(*ev));
	ev->nr_members = n;
	for (int m = 0; m < n; m++) {
		struct evsel *member = evlist->entries[evsel->idx + m];

		if (member->leader != evsel)
			return "its members are not in the event list";
		if (!target->use_bpf && !member->use_bpf)
			return "not every member is counted with bperf (:b)";
		bperf__attr_key(&member->attr, &ev->members[m]);
	}
	bperf_events__group_key(ev);
	return NULL;
}

/* The group's name as written: "{cpu-clock,task-clock}". */
static void bperf__group_name(const struct evsel *evsel, char *buf, size_t size)
{
	const struct evlist *evlist = evsel->evlist;
	size_t len = 0;

	buf[0] = '\0';
	for (int m = 0; m < evsel->nr_members && len + 2 < size; m++) {
		const struct evsel *member =
			evlist && evsel->idx + m < evlist->nr_entries ?
				evlist->entries[evsel->idx + m] :
				NULL;

		len += snprintf(buf + len, size - len, "%s%s", m ? "," : "{",
				member ? member->name : "?");
	}
	if (len + 2 <= size)
		snprintf(buf + len, size - len, "}");
}

/*
 * The group leader's evsel: one bperf leader for the whole group, or,
 * where bperf cannot take the group, -EAGAIN (counted plain, said on one
 * line), or a weak group split (each member alone, as perf splits one).
 */
static int bperf_evsel__group_leader(struct bperf_evsel *be,
				     struct evsel *evsel, struct target *target,
				     const char *path)
{
	const char *refusal;
	struct bperf_events ev;
	char name[256];
	int err;

	bperf__group_name(evsel, name, sizeof(name));
	refusal = bperf__group_refusal(evsel, target, &ev);
	if (refusal) {
		pr_warning("bperf: counting group '%s' without bperf: %s", name,
			   refusal);
		return -EAGAIN;
	}
	err = bperf_counter__new(evsel, &ev, target, path, &be->counter,
				 &be->error);
	if (err == -BPERF_ERR_GROUP && evsel->weak_group) {
		/* perf's weak group: each member counts alone. */
		pr_debug("bperf: %s; splitting the weak group '%s'",
			 be->error.msg, name);
		memset(&be->error, 0, sizeof(be->error));
		evsel->nr_members = 1;
		err = bperf_counter__new(evsel, NULL, target, path,
					 &be->counter, &be->error);
	} else if (err == -BPERF_ERR_GROUP || err == -EOPNOTSUPP ||
		   err == -ENOENT) {
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

/* Any evsel of a group of two or more. */
static int bperf_evsel__group(struct bperf_evsel *be, struct evsel *evsel,
			      struct target *target, const char *path)
{
	struct evsel *leader = evsel->leader;
	const struct bperf_evsel *lb = leader->priv;

	if (leader == evsel)
		return bperf_evsel__group_leader(be, evsel, target, path);
	/* A member: its group leader's evsel decided for the group. */
	if (leader->ops != &bperf_counter_ops || !lb || !lb->counter)
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
		err = bperf_evsel__group(be, evsel, target, path);
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
		err = bperf_counter__new(evsel, NULL, target, path,
					 &be->counter, &be->error);
		if (err)
			goto err_out;
		be->nr_slots = be->counter->nr_slots;
	}
	nr_readings = (size_t)be->nr_slots * bperf_process.nr_possible;
	be->base = calloc(nr_readings, sizeof(*be->base));
	be->now = calloc(nr_readings, sizeof(*be->now));
	if (!be->base || !be->now || evsel__alloc_counts(evsel)) {
		err = perf_error__set(&be->error, -ENOMEM, "out of memory");
		goto err_out;
	}
	return 0;
err_out:
	bperf_evsel__release(be);
	/* Only an event the machine cannot count is "not supported". */
	if (err == -ENOENT || err == -ENODEV)
		err = -ENXIO;
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
	size_t nr = (size_t)be->nr_slots * bperf_process.nr_possible;
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
			be->base[i].counter +=
				snap[i].counter - be->now[i].counter;
			be->base[i].enabled +=
				snap[i].enabled - be->now[i].enabled;
			be->base[i].running +=
				snap[i].running - be->now[i].running;
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
		leader__wait_exits(&bc->leader, bperf_process.nr_possible,
				   BPERF_EXIT_WAIT_MS);
	err = bperf__snapshot(be, be->now);
	if (err)
		return err;
	be->frozen = true;
	lost = bc->has_follower && bc->follower.flags & BPERF_ITEM_INHERIT ?
		       leader__lost_tasks(&bc->leader,
					  bperf_process.nr_possible) :
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
	bperf__fold(evsel->counts, evsel->cpus, bperf_process.nr_possible,
		    evsel__cpu_scoped(evsel), be->nr_slots, be->now, be->base);
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

static void bperf_counter__strerror(const struct evsel *evsel, int err,
				    char *msg, size_t msglen, char *hint,
				    size_t hintlen)
{
	const struct bperf_evsel *be = evsel->priv;

	if (be && be->error.msg[0])
		snprintf(msg, msglen, "bperf: %s", be->error.msg);
	else
		snprintf(msg, msglen, "bperf: '%s': %s", evsel->name,
			 strerror(-err));
	snprintf(hint, hintlen, "%s", be ? be->error.hint : "");
}

const struct counter_ops bperf_counter_ops = {
	.name = "bperf",
	.load = bperf_counter__load,
	.enable = bperf_counter__enable,
	.disable = bperf_counter__disable,
	.read = bperf_counter__read,
	.destroy = bperf_counter__destroy,
	.strerror = bperf_counter__strerror,
};
