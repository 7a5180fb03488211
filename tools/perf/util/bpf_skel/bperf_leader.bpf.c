// SPDX-License-Identifier: (GPL-2.0-only OR BSD-2-Clause)
/*
 * The bperf leader: one per distinct event on the machine, shared by every
 * session counting that event.  On each context switch (and each time a
 * session syncs it with BPF_PROG_TEST_RUN on a CPU) it reads the event's
 * counter on this CPU, keeps the running total per CPU in prev_readings
 * (what CPU-scoped sessions read), and gives the delta since its last run
 * to the followers that count the task switched out: it looks the task's
 * process, thread and cgroups up in its index, and adds the delta to the
 * accumulation slot of each follower it finds there.  A group's leader
 * reads every member of its perf_event group the same way, all in one
 * run, and gives each member the group leader's enabled and running
 * times.  Its hooks keep the
 * index and the attribution right across fork, exec, exit and free.  See
 * the design in tools/perf/Documentation/bperf-design.md.
 */
#include "vmlinux.h"
#include <linux/perf_event.h>
#include <bpf/bpf_helpers.h>
#include <bpf/bpf_tracing.h>
#include <bpf/bpf_core_read.h>
#include "bperf.h"

char LICENSE[] SEC("license") = "Dual BSD/GPL";

/*
 * The event this leader counts, set before load: it lives in the frozen
 * .rodata map of the program, where a session checks that an attr map
 * entry really leads to the leader of its own event.
 */
const volatile struct bperf_attr_key event_key = {};
/* Possible CPUs: counts is [slot][CPU]. */
const volatile __u32 nr_cpus = 1;
/*
 * The events read together: 1 for a single event, the group's size for a
 * group (its members' keys follow, compared by joining sessions).  A
 * constant the verifier sees, so a single event's member loops run once.
 */
const volatile __u32 nr_members = 1;
/* Bit m: member m counts context switches (see leader__run). */
const volatile __u32 switch_members = 0;
/*
 * Bit m: member m counts page faults, and a fault hook runs (see
 * leader__fault): in a delta that spans an unreported switch, the task
 * found on the CPU has none of them.
 */
const volatile __u32 fault_members = 0;
const volatile struct bperf_attr_key member_keys[BPERF_MAX_GROUP_MEMBERS] = {};
/*
 * enum bperf_fault_hook: which fault hook runs.  Last in .rodata, so that
 * the .rodata of a leader built before it is a prefix of this one.
 */
const volatile __u32 fault_hook = BPERF_FAULT_HOOK_NONE;
/*
 * Bit m: member m's delta of a switch waits for the switch to be done,
 * in on_switched (leader__switch_begins).  0 where the kernel has no
 * sched_exit_tp tracepoint.  Last in .rodata, as fault_hook.
 */
const volatile __u32 switched_members = 0;
/*
 * 1: on_mm_switched runs (x86's tlb_flush tracepoint), where a switch
 * into another address space has loaded it.  Last in .rodata, as
 * fault_hook.
 */
const volatile __u32 mm_switch_hook = 0;
/*
 * 1: on_event runs on the tracepoint this leader counts (a single
 * tracepoint event), right after the kernel counted it (see
 * on_event).  Last in .rodata, as fault_hook.
 */
const volatile __u32 event_hook = 0;
/*
 * A syscalls:sys_enter_* event's syscall number + 1, its event hook on
 * sys_enter (which every syscall fires); 0 for other tracepoints.  Last
 * in .rodata, as fault_hook.
 */
const volatile __u32 event_syscall = 0;

/*
 * Loops over the members are unrolled: each copy ends with a test of the
 * constant nr_members, so the verifier drops what a leader never runs
 * and checks a group's loop without taking it for an endless one.
 */
#define bperf_for_each_member(m)                                                 \
	_Pragma("clang loop unroll(full)") for ((m) = 0;                         \
						(m) < BPERF_MAX_GROUP_MEMBERS && \
						(m) < nr_members;                \
						(m)++)

#include "bperf_leader_maps.h"

/*
 * Is item i of an index entry the same follower's item in shared, the
 * entry of the task a switch left?  Processes of one workload have it at
 * the same place: a child's entry is a copy of its parent's (on_fork).
 */
static __always_inline bool item__shared(const struct bperf_item *item,
					 const struct bperf_index_entry *shared,
					 __u32 i)
{
	const struct bperf_item *other;

	if (i >= shared->nr || i >= BPERF_MAX_ITEMS)
		return false;
	other = &shared->items[i];
	return other->follower == item->follower && other->gen == item->gen &&
	       other->count == item->count && item__live(other);
}

/*
 * Add the delta to item's accumulation slot on this CPU: member 0's as
 * given, a group's other members' from diff_readings (rows item->count
 * + m), with member 0's times.
 */
static __always_inline void item__credit(const struct bperf_item *item,
					 __u32 cpu, __u64 counter,
					 __u64 enabled, __u64 running)
{
	struct bperf_reading *sum, *diff;
	__u32 m, slot;

	bperf_for_each_member(m) {
		slot = (item->count + m) * nr_cpus + cpu;
		sum = bpf_map_lookup_elem(&counts, &slot);
		if (!sum)
			continue;
		if (m) {
			diff = bpf_map_lookup_elem(&diff_readings,
						   &(__u32){ m });
			if (!diff)
				continue;
			sum->counter += diff->counter;
		} else {
			sum->counter += counter;
		}
		sum->enabled += enabled;
		sum->running += running;
	}
}

/*
 * Add the delta to the accumulation slot of every live follower in entry
 * (the index entry of the current task, its process or a cgroup).  A
 * global function: the verifier checks it once, not at every call, and
 * only a hit pays for the call.
 */
__noinline int leader__credit_entry(struct bperf_index_entry *entry,
				    __u64 counter, __u64 enabled, __u64 running)
{
	__u32 i, cpu = bpf_get_smp_processor_id();

	if (!entry)
		return 0;
	for (i = 0; i < BPERF_MAX_ITEMS && i < entry->nr; i++) {
		if (item__live(&entry->items[i]))
			item__credit(&entry->items[i], cpu, counter, enabled,
				     running);
	}
	return 0;
}

/*
 * The same, to the followers of entry that shared has too: the entry of
 * the task a switch left (leader__switched).
 */
__noinline int leader__credit_shared(struct bperf_index_entry *entry,
				     struct bperf_index_entry *shared,
				     __u64 counter, __u64 enabled,
				     __u64 running)
{
	__u32 i, cpu = bpf_get_smp_processor_id();

	if (!entry || !shared)
		return 0;
	for (i = 0; i < BPERF_MAX_ITEMS && i < entry->nr; i++) {
		if (item__live(&entry->items[i]) &&
		    item__shared(&entry->items[i], shared, i))
			item__credit(&entry->items[i], cpu, counter, enabled,
				     running);
	}
	return 0;
}

/* The current task counts for its cgroup and every ancestor. */
static __always_inline void
leader__credit_cgroups(const struct bperf_reading *diff)
{
	struct bperf_index_entry *entry;
	__u64 cgroup;
	__u32 i;

	for (i = 0; i < BPERF_MAX_CGROUP_LEVELS; i++) {
		cgroup = bpf_get_current_ancestor_cgroup_id(i);
		if (!cgroup)
			break;
		entry = index__find(BPERF_FILTER_CGROUP, cgroup);
		if (entry)
			leader__credit_entry(entry, diff->counter,
					     diff->enabled, diff->running);
	}
}

/*
 * Give diff to the followers of the current task: one lookup per filter
 * in use.  Past its exit hook (leader__exit: where perf's own task
 * counters stop, perf_event_exit_task), a task counts for nobody but in
 * the exit hook's own run (exit_run): what it runs after that (exit_mm,
 * exit_files, exit_notify, ... until its last switch, however often it is
 * preempted on the way) goes to no process or thread follower.  Before
 * its exit hook, a task in do_exit counts as any other: do_exit sets
 * PF_EXITING first thing, and a switch between the two (in Debian 12's
 * 6.1 and 6.12 the tracepoint hook came after exit_mm, which may sleep or
 * be preempted) closes a delta that holds everything the task ran since
 * it was put on the CPU: a whole busy loop, for a child that ran alone on
 * its CPU (see "Exits" in tools/perf/Documentation/bperf-design.md).
 */
static __always_inline void leader__credit(const struct bperf_reading *diff,
					   struct task_struct *task,
					   __u32 filters, bool exit_run)
{
	struct bperf_index_entry *entry;

	/*
	 * The task's ids and flags by direct loads from its BTF pointer: on
	 * this path a helper call would cost more than all the rest.
	 */
	if ((filters & BPERF_TASK_FILTERS) &&
	    (exit_run || !task__past_exit(task))) {
		if ((filters & (1 << BPERF_FILTER_TGID)) &&
		    index__may_hold(task->tgid)) {
			entry = index__find(BPERF_FILTER_TGID,
					    (__u32)task->tgid);
			if (entry)
				leader__credit_entry(entry, diff->counter,
						     diff->enabled,
						     diff->running);
		}
		if ((filters & (1 << BPERF_FILTER_TID)) &&
		    index__may_hold(task->pid)) {
			entry = index__find(BPERF_FILTER_TID, (__u32)task->pid);
			if (entry)
				leader__credit_entry(entry, diff->counter,
						     diff->enabled,
						     diff->running);
		}
	}
	if (filters & (1 << BPERF_FILTER_CGROUP))
		leader__credit_cgroups(diff);
}

/* The runqueue clock of the CPU that task runs on, as last updated. */
static __always_inline __u64 task__rq_clock(struct task_struct *task)
{
	if (!bpf_core_field_exists(task->se.cfs_rq->rq))
		return 0;
	return BPF_CORE_READ(task, se.cfs_rq, rq, clock);
}

/*
 * The runqueue clock now.  Fresh at a switch (the scheduler has just
 * updated it); otherwise it may be a tick old, so take the event's enabled
 * time, which runs on the same clock (local_clock), plus the offset
 * between them measured at a recent switch.  0: not known.
 */
static __always_inline __u64 leader__clock_now(struct bperf_cpu_state *cpu,
					       const struct bperf_reading *now,
					       struct task_struct *task,
					       bool at_switch)
{
	__u64 clock;

	if (!at_switch)
		return cpu->clock_base ? cpu->clock_base + now->enabled : 0;
	/* Measure the offset now and then: it stays put but may drift. */
	if (cpu->clock_base && ++cpu->clock_age < 64)
		return 0;
	clock = task__rq_clock(task);
	if (clock) {
		cpu->clock_base = clock - now->enabled;
		cpu->clock_age = 0;
	}
	return clock;
}

/*
 * The delta spans a switch that the kernel did not report through
 * sched_switch (see "Missed switches" in
 * tools/perf/Documentation/bperf-design.md): only its tail belongs to the
 * current task.  Keep that tail, the time
 * since the scheduler last put the task on the CPU (clock -
 * sched_info.last_arrival, both the runqueue's clock), and the counter in
 * proportion.  Without those fields the task keeps the whole delta.
 */
static __always_inline void leader__trim(struct bperf_reading *diff,
					 struct task_struct *task, __u64 clock)
{
	__u64 ran, arrival;

	if (!bpf_core_field_exists(task->sched_info.last_arrival) || !clock)
		return;
	arrival = BPF_CORE_READ(task, sched_info.last_arrival);
	ran = clock > arrival ? clock - arrival : 0;
	if (!diff->enabled || ran >= diff->enabled)
		return;
	diff->counter = diff->counter / diff->enabled * ran +
			diff->counter % diff->enabled * ran / diff->enabled;
	diff->running = diff->running > ran ? ran : diff->running;
	diff->enabled = ran;
}

/*
 * Member m's state on this CPU: member 0's is cpu, a group's others' in
 * cpu_state[m] (their attributed and exit readings).
 */
static __always_inline struct bperf_cpu_state *
member__state(struct bperf_cpu_state *cpu, __u32 m)
{
	return m ? bpf_map_lookup_elem(&cpu_state, &(__u32){ m }) : cpu;
}

/* Where member m's attributed reading lives on this CPU. */
static __always_inline struct bperf_reading *
member__attributed(struct bperf_cpu_state *cpu, __u32 m)
{
	struct bperf_cpu_state *st = member__state(cpu, m);

	return st ? &st->attributed : NULL;
}

/* Member m's reading of this run: lead for member 0. */
static __always_inline struct bperf_reading *
member__reading(struct bperf_reading *lead, __u32 m)
{
	return m ? bpf_map_lookup_elem(&prev_readings, &(__u32){ m }) : lead;
}

/*
 * The delta of every member since the last attribution on this CPU, for
 * the task that ran there, into diff_readings (member 0's: diff).  lead
 * is member 0's reading, whose times every member has.  Returns false
 * when it must wait: a switch went unreported and the runqueue clock is
 * not known yet to tell the task's share (the delta then stays for the
 * next switch, where nothing of it is lost).
 */
static __always_inline bool
leader__attribute(struct bperf_cpu_state *cpu, struct bperf_reading *diff,
		  struct bperf_reading *lead, __u64 current, __u64 next,
		  bool at_switch, bool at_fault, bool exit_run, bool counted,
		  bool at_event)
{
	struct task_struct *task = (struct task_struct *)current;
	bool mixed = cpu->task && cpu->task != current;
	__u64 clock = leader__clock_now(cpu, lead, task, at_switch);
	bool held = exit_run && cpu->exit_held;
	__u32 m;

	if (mixed && !clock && (at_switch || at_fault))
		clock = task__rq_clock(task);
	/*
	 * An exit is the task's last attribution: rather than an estimated
	 * clock, let its next switch (fresh clock) be the exit's run, with
	 * the readings of the exit hook (exit_at): what the task runs in
	 * between (exit_mm, ...: milliseconds for a large address space)
	 * is no one's, as when the exit is given at once.
	 */
	if (mixed && (!clock || (exit_run && !at_switch))) {
		if (exit_run && !cpu->exit_held) {
			bperf_for_each_member(m) {
				struct bperf_cpu_state *st;
				struct bperf_reading *now;

				now = member__reading(lead, m);
				st = member__state(cpu, m);
				if (now && st)
					st->exit_at = *now;
			}
			cpu->exit_held = 1;
		}
		return false;
	}
	/* The task's time ends at the exit hook: so does its clock. */
	if (held && mixed && clock) {
		__u64 tail = lead->enabled - cpu->exit_at.enabled;

		clock = clock > tail ? clock - tail : 0;
	}
	bperf_for_each_member(m) {
		struct bperf_reading *now, *out;
		struct bperf_cpu_state *st;

		now = member__reading(lead, m);
		st = member__state(cpu, m);
		out = m ? bpf_map_lookup_elem(&diff_readings, &(__u32){ m }) :
			  diff;
		if (!now || !st || !out)
			continue;
		bperf_reading__sub(out, held ? &st->exit_at : now,
				   &st->attributed);
		st->attributed = *now;
		/*
		 * Run by on_fault_counted: the reading already holds the
		 * fault that ran it, the current task's; it stays for the
		 * task's next delta.
		 */
		if (counted && !m && out->counter) {
			out->counter--;
			st->attributed.counter--;
		}
		/*
		 * The same times for every member: the same share each.
		 * Run by on_event: the event that ran it is the task's own,
		 * whatever its share of the rest (a count of 1 would round
		 * down to none).
		 */
		if (mixed && at_event && !m && out->counter) {
			out->counter--;
			leader__trim(out, task, clock);
			out->counter++;
		} else if (mixed) {
			leader__trim(out, task, clock);
		}
		/*
		 * Page faults come in bursts, which a share by time cuts
		 * down or makes up.  With the fault hooks, the task's own
		 * first fault on this CPU would have run the leader and ended
		 * the mix: the faults of a mixed delta are all the head's.
		 */
		if (mixed && (fault_members & (1U << m)))
			out->counter = 0;
	}
	cpu->exit_held = 0;
	cpu->task = next;
	return true;
}

/*
 * Read every member on this CPU into prev_readings, with member 0's
 * times (one perf_event group: scheduled together, as perf reads a
 * group).  A single event is read as it always was, by the current CPU.
 * Returns member 0's reading, or NULL when a read failed.
 */
static __always_inline struct bperf_reading *leader__read(bool at_switch)
{
	struct bperf_reading *prev, *lead = NULL;
	struct bpf_perf_event_value now;
	__u32 m, this_cpu = 0;
	__u64 index;

	if (nr_members > 1)
		this_cpu = bpf_get_smp_processor_id();
	bperf_for_each_member(m) {
		index = m ? (__u64)m * nr_cpus + this_cpu : BPF_F_CURRENT_CPU;
		if (bpf_perf_event_read_value(&events, index, &now,
					      sizeof(now)))
			return NULL;
		prev = bpf_map_lookup_elem(&prev_readings, &(__u32){ m });
		if (!prev)
			return NULL;
		prev->counter = now.counter;
		prev->enabled = lead ? lead->enabled : now.enabled;
		prev->running = lead ? lead->running : now.running;
		/*
		 * The kernel counts a context switch right after this
		 * tracepoint (perf_event_task_sched_out), where perf's task
		 * counters give it to the task switched out: so do we, by
		 * counting it now.
		 */
		if ((switch_members & (1U << m)) && at_switch)
			prev->counter++;
		if (!lead)
			lead = prev;
	}
	return lead;
}

/*
 * Member 0's reading, a single event's, from the perf event whose sample
 * runs the program (on_fault_counted): the events map stays out of that
 * program, which the events themselves hold.
 */
static __always_inline struct bperf_reading *leader__read_sample(void *ctx)
{
	struct bpf_perf_event_value now;
	struct bperf_reading *prev;

	if (bpf_perf_prog_read_value(ctx, &now, sizeof(now)))
		return NULL;
	prev = bpf_map_lookup_elem(&prev_readings, &(__u32){ 0 });
	if (!prev)
		return NULL;
	prev->counter = now.counter;
	prev->enabled = now.enabled;
	prev->running = now.running;
	return prev;
}

/*
 * One run of the leader on this CPU for task, the current one (a BTF
 * pointer: its fields are plain loads): at a switch (next is the task
 * switched in) or not (a sync, a hook: the current task goes on).
 * counted (a constant at each call): run by on_fault_counted, whose
 * sample ctx gives the reading, with the fault that ran it counted.
 * at_event (a constant too): run by on_event, the reading holds the
 * event that ran it, the current task's.
 */
static __always_inline void leader__run_as(struct task_struct *task, __u64 next,
					   bool at_switch, bool at_fault,
					   bool counted, bool at_event,
					   void *ctx)
{
	__u64 current = (__u64)task;
	struct bperf_reading *lead, *diff, *now, *attributed;
	struct bperf_cpu_state *cpu;
	__u32 zero = 0, *busy, filters, m;
	bool exit_run;

	/* A volatile read: keeps .rodata among the program's maps. */
	(void)event_key.type;
	busy = bpf_map_lookup_elem(&chain_busy, &zero);
	if (!busy || *busy)
		return;
	/* Taken before the read: a nested run must not see a half update. */
	*busy = 1;
	lead = counted ? leader__read_sample(ctx) : leader__read(at_switch);
	diff = bpf_map_lookup_elem(&diff_readings, &zero);
	cpu = bpf_map_lookup_elem(&cpu_state, &zero);
	if (!lead || !diff || !cpu)
		goto out;
	/* A switch not done yet: this delta holds it, given as any. */
	cpu->switched_from = 0;
	exit_run = cpu->exiting == current;
	filters = leader__filters();
	if (!filters) {
		/* No follower: nothing to give, only keep track. */
		bperf_for_each_member(m) {
			now = member__reading(lead, m);
			attributed = member__attributed(cpu, m);
			if (now && attributed)
				*attributed = *now;
			if (counted && !m && attributed && attributed->counter)
				attributed->counter--;
		}
		cpu->task = next;
		cpu->exiting = 0;
		cpu->exit_held = 0;
	} else if (leader__attribute(cpu, diff, lead, current, next, at_switch,
				     at_fault, exit_run, counted, at_event)) {
		/* Given: an exit that waited for a switch is done too. */
		cpu->exiting = 0;
		leader__credit(diff, task, filters, exit_run);
	}
out:
	*busy = 0;
}

static __always_inline void leader__run(struct task_struct *task, __u64 next,
					bool at_switch, bool at_fault)
{
	leader__run_as(task, next, at_switch, at_fault, false, false, NULL);
}

/* cpu->switched_from: a switch not done yet, the tgid of the task it left. */
#define SWITCHED_PENDING (1ULL << 63)
#define SWITCHED_PREV_EXITED (1ULL << 62) /* that task is past its exit */
/* switch_split holds where the switch's own cost ended (on_mm_switched). */
#define SWITCHED_SPLIT (1ULL << 61)

/*
 * Where the switched-in task's count starts.  perf's own task counters
 * start a task in finish_task_switch (perf_event_task_sched_in), after
 * the switch of address space and stack, and stop it in
 * prepare_task_switch (perf_event_task_sched_out), right after this
 * tracepoint.  What the switch itself costs on the CPU goes to the task
 * switched in only where perf swaps the two tasks' counter contexts
 * instead (perf_event_context_sched_out: clones of one workload's, as
 * inherit makes them); else to no task counter at all.  The leader runs
 * at this tracepoint and gave it all to the task switched in.  Measured
 * with a debug leader that recorded every delta it gave, on a VM whose
 * address-space switch is slow: 3.3 us a switch into a process from
 * another one, so that a --no-inherit session of one end of a pipe
 * ping-pong read 50 % high, a busy child beside other processes 0.1 to
 * 3 % high, a fork and wait 6 to 7 us a child.
 *
 * So when the switch changes the address space, the delta from here to
 * the switch being done (on_switched) is given apart, by
 * leader__switched: to the process followers that counted the task
 * switched out as well, and to cgroups (perf switches cgroup counters in
 * perf_event_task_sched_out); to no other process or thread follower.
 * That alone would miss what runs between perf_event_task_sched_in and
 * on_switched (the end of finish_task_switch: the runqueue unlocked, an
 * interrupt that waited, a dead task's stack dropped): 0.5 to 0.8 us a
 * switch, 1.4 us out of idle, 1.1 to 1.7 us at one end of a pipe
 * ping-pong.  So where the kernel says when the new address space is
 * loaded (x86: switch_mm_irqs_off reports a TLB flush on task switch,
 * the costly part of the switch done), on_mm_switched keeps the reading
 * there, and the delta given apart ends at it: what follows, the
 * register switch and finish_task_switch, is the task's, as perf counts
 * most of it.  A switch that keeps the address space (a thread of
 * the same process, or out of idle or a kernel thread that borrowed it)
 * costs less than that (0.3 us): its delta stays the task's, as before.
 * Time, hardware, raw and tracepoint events alike (switched_members): a
 * cycles follower loses or keeps the cycles of the switch as time is.
 * The other software events are not counted in the switch itself: a
 * migration is, right after perf's sched-in, and stays the task's.  A
 * new process's first run, which returns through ret_from_fork, has
 * on_switched too (schedule_tail fires the tracepoint: on 6.18, in the
 * first run of 18 of 18 new tasks); a switch whose on_switched did not
 * run goes whole to the task at its next run.  Its caller has read
 * whether the address space changes (on_switch).
 */
static __always_inline void leader__switch_begins(struct task_struct *prev,
						  struct task_struct *next)
{
	struct bperf_cpu_state *cpu;
	__u32 zero = 0;

	cpu = bpf_map_lookup_elem(&cpu_state, &zero);
	if (!cpu || cpu->task != (__u64)next ||
	    !(leader__filters() & BPERF_TASK_FILTERS) ||
	    !(index__may_hold(next->tgid) || index__may_hold(next->pid)))
		return;
	cpu->switched_from = SWITCHED_PENDING | (__u32)prev->tgid;
	if (task__past_exit(prev))
		cpu->switched_from |= SWITCHED_PREV_EXITED;
}

/*
 * Give the delta of a switch that is done (see leader__switch_begins):
 * to a process follower of task only if the task the switch left (prev)
 * is one of its processes and counted still (not past its exit hook,
 * where perf removed its counters), to no thread follower (perf's
 * counters of two threads are never swapped: each has its own), to the
 * task's cgroups.
 */
static __always_inline void leader__switched(struct task_struct *task,
					     __u64 prev)
{
	__u32 prev_tgid = (__u32)prev;
	struct bperf_index_entry *entry, *shared = NULL;
	struct bperf_reading *lead, *diff;
	struct bperf_cpu_state *cpu;
	__u32 zero = 0, *busy, filters, m;

	busy = bpf_map_lookup_elem(&chain_busy, &zero);
	if (!busy || *busy)
		return;
	*busy = 1;
	/* Split where the address space was loaded: no read needed. */
	lead = (prev & SWITCHED_SPLIT) ? NULL : leader__read(false);
	diff = bpf_map_lookup_elem(&diff_readings, &zero);
	cpu = bpf_map_lookup_elem(&cpu_state, &zero);
	if ((!lead && !(prev & SWITCHED_SPLIT)) || !diff || !cpu)
		goto out;
	bperf_for_each_member(m) {
		struct bperf_reading *now, *out;
		struct bperf_cpu_state *st;

		st = member__state(cpu, m);
		if (!st)
			continue;
		now = lead ? member__reading(lead, m) : &st->switch_split;
		out = m ? bpf_map_lookup_elem(&diff_readings, &(__u32){ m }) :
			  diff;
		if (!now || !out)
			continue;
		bperf_reading__sub(out, now, &st->attributed);
		if (switched_members & (1U << m)) {
			st->attributed = *now;
		} else {
			/* Counted after perf's sched-in: the task's. */
			out->counter = 0;
			st->attributed.enabled = now->enabled;
			st->attributed.running = now->running;
		}
	}
	filters = leader__filters();
	if ((filters & (1 << BPERF_FILTER_TGID)) &&
	    index__may_hold(task->tgid) && !(prev & SWITCHED_PREV_EXITED)) {
		entry = index__find(BPERF_FILTER_TGID, (__u32)task->tgid);
		if (entry && prev_tgid != task->tgid)
			shared = index__find(BPERF_FILTER_TGID, prev_tgid);
		if (shared)
			leader__credit_shared(entry, shared, diff->counter,
					      diff->enabled, diff->running);
		else if (prev_tgid == task->tgid)
			leader__credit_entry(entry, diff->counter,
					     diff->enabled, diff->running);
	}
	if (filters & (1 << BPERF_FILTER_CGROUP))
		leader__credit_cgroups(diff);
out:
	*busy = 0;
}

/*
 * At sched_switch, prev is the current task.  A BTF tracepoint: its task
 * pointers come as BTF pointers, whose fields the leader reads without
 * a helper call (each call costs as much as a hash lookup, and more on
 * CPUs whose return thunks are slow).  Not test-runnable: syncs run the
 * same code through on_task.
 */
SEC("tp_btf/sched_switch")
int BPF_PROG(on_switch, bool preempt, struct task_struct *prev,
	     struct task_struct *next)
{
	/*
	 * Whether the CPU switches address space (context_switch), read
	 * before the run.  Each load of a pointer field through a trusted
	 * BTF pointer has the verifier search the kernel's BTF by name a
	 * few times (btf_nested_type_is_trusted, in 6.18 a linear
	 * search of its 126,000 types), on every path that reaches
	 * the load: after the run's branches it took on_switch 19 ms to
	 * load on the AMD test VM, here one path reaches it: 7.5 ms.
	 */
	bool mm_switch = switched_members && next->mm &&
			 next->mm != prev->active_mm;

	/* Opaque to the compiler, or it makes two copies of the run. */
	barrier_var(mm_switch);
	leader__run(prev, (__u64)next, true, false);
	if (mm_switch)
		leader__switch_begins(prev, next);
	return 0;
}

/*
 * The switch is done: the next task runs, past perf_event_task_sched_in
 * (sched_exit_tp comes at the end of __schedule, once context_switch has
 * returned in the task switched in), and at the end of schedule_tail in
 * a new task's first run, which returns through ret_from_fork.
 */
SEC("tp_btf/sched_exit_tp")
int BPF_PROG(on_switched, bool is_switch)
{
	struct task_struct *task = bpf_get_current_task_btf();
	struct bperf_cpu_state *cpu;
	__u32 zero = 0;
	__u64 prev;

	cpu = bpf_map_lookup_elem(&cpu_state, &zero);
	if (!is_switch || !cpu || !cpu->switched_from)
		return 0;
	prev = cpu->switched_from;
	cpu->switched_from = 0;
	if (cpu->task == (__u64)task && !cpu->exiting && !cpu->exit_held)
		leader__switched(task, prev);
	return 0;
}

/*
 * x86: switch_mm_irqs_off has loaded the address space of a switch
 * (TLB_FLUSH_ON_TASK_SWITCH, in every switch of address space, still in
 * the task switched out): keep the reading, where the switch's delta
 * given apart ends (leader__switch_begins).  The first such report after
 * the sched_switch of a pending switch is its own: interrupts stay off
 * in between.
 */
#define BPERF_TLB_FLUSH_ON_TASK_SWITCH 0 /* enum tlb_flush_reason */
SEC("tp_btf/tlb_flush")
int BPF_PROG(on_mm_switched, int reason, unsigned long pages)
{
	struct bperf_reading *lead, *now;
	struct bperf_cpu_state *cpu, *st;
	__u32 zero = 0, *busy, m;

	if (reason != BPERF_TLB_FLUSH_ON_TASK_SWITCH || !mm_switch_hook)
		return 0;
	cpu = bpf_map_lookup_elem(&cpu_state, &zero);
	if (!cpu || !(cpu->switched_from & SWITCHED_PENDING) ||
	    (cpu->switched_from & SWITCHED_SPLIT))
		return 0;
	busy = bpf_map_lookup_elem(&chain_busy, &zero);
	if (!busy || *busy)
		return 0;
	*busy = 1;
	lead = leader__read(false);
	if (!lead)
		goto out;
	bperf_for_each_member(m) {
		now = member__reading(lead, m);
		st = member__state(cpu, m);
		if (now && st)
			st->switch_split = *now;
	}
	cpu->switched_from |= SWITCHED_SPLIT;
out:
	*busy = 0;
	return 0;
}

/* Is the current task in the index, as a process or a thread? */
static __always_inline bool leader__counts_current(void)
{
	__u32 filters = leader__filters();
	__u64 id = bpf_get_current_pid_tgid();
	struct bperf_index_key key = {};

	if (filters & (1 << BPERF_FILTER_TGID)) {
		key.filter = BPERF_FILTER_TGID;
		key.id = id >> 32;
		if (bpf_map_lookup_elem(&task_index, &key))
			return true;
	}
	if (filters & (1 << BPERF_FILTER_TID)) {
		key.filter = BPERF_FILTER_TID;
		key.id = (__u32)id;
		if (bpf_map_lookup_elem(&task_index, &key))
			return true;
	}
	return false;
}

/*
 * A counted task exits: run the leader once more for it, and mark it, so
 * that what it runs after this counts for nobody, as perf's task counters
 * stop at perf_event_exit_task.  The leader hooks that function itself
 * where the kernel has kprobes (on_exit_kprobe): the sched_process_exit
 * tracepoint (on_task, where there are none) comes right before it since
 * Linux 6.16, but after exit_mm in Debian 12's 6.1 and 6.12, where
 * perf_event_exit_task already moved before exit_mm: a task that unmaps a
 * large address space there would count milliseconds that perf does not.
 *
 * Before the run: is the exiting task counted?  If so it is marked as
 * exiting, which the run that gives it its last delta clears.
 */
static __always_inline bool leader__exit_begins(struct task_struct *task)
{
	struct bperf_cpu_state *cpu;
	__u32 zero = 0;

	if (!leader__counts_current())
		return false;
	cpu = bpf_map_lookup_elem(&cpu_state, &zero);
	if (!cpu)
		return false;
	cpu->exiting = (__u64)task;
	return true;
}

/* After its last delta: from here on the task counts for nobody. */
static __always_inline void leader__exit_ends(struct task_struct *task)
{
	bpf_map_update_elem(&exited_tasks, &(__u64){ (__u64)task },
			    &(__u32){ 1 }, BPF_ANY);
}

SEC("kprobe/perf_event_exit_task")
int on_exit_kprobe(void *ctx)
{
	struct task_struct *task = bpf_get_current_task_btf();

	if (leader__exit_begins(task)) {
		leader__run(task, (__u64)task, false, false);
		leader__exit_ends(task);
	}
	return 0;
}

/*
 * A workload execs: run the leader first, so that what it ran before
 * (perf's own code in the forked child) goes to nobody, then let it join
 * its follower.  Attached to task_rename, which exec fires from
 * begin_new_exec right after perf_event_exec, where plain counting starts
 * (enable_on_exec); sched_process_exec comes only once the new image is
 * loaded, and the page faults of loading it would go to nobody.
 */
static __always_inline void leader__exec_joins(void)
{
	__u32 pid = bpf_get_current_pid_tgid() >> 32;
	struct bperf_index_key key = { .filter = BPERF_FILTER_TGID, .id = pid };
	struct bperf_index_entry *join;

	join = bpf_map_lookup_elem(&exec_joins, &pid);
	if (!join)
		return;
	index__will_hold(pid);
	bpf_map_update_elem(&task_index, &key, join, BPF_ANY);
	bpf_map_delete_elem(&exec_joins, &pid);
}

/*
 * Did the leader leave another task than task on this CPU (a switch the
 * kernel did not report)?  The event and fault hooks run only then.
 */
static __always_inline bool cpu__left_another(struct task_struct *task)
{
	struct bperf_cpu_state *cpu;
	__u32 zero = 0;

	cpu = bpf_map_lookup_elem(&cpu_state, &zero);
	return cpu && cpu->task && cpu->task != (__u64)task;
}

/*
 * The kernel does not report every switch through sched_switch (see
 * "Missed switches" in tools/perf/Documentation/bperf-design.md): the
 * task found on the CPU may not be the one the leader left there, and the
 * delta since mixes both.  Time splits at the task's arrival
 * (leader__trim), page faults cannot: so a leader that counts them runs
 * on each fault of a task that is not the one it left on the CPU.  The
 * mixed delta then holds none of the task's faults, and what the task
 * faults afterwards is its own.  Attached only to such leaders: the check costs every page
 * fault on the machine.  Two hooks (enum bperf_fault_hook):
 *
 *  - the page_fault_user/_kernel tracepoints (x86), before the kernel
 *    counts the fault (the tracepoint comes first in handle_page_fault);
 *  - where the kernel has no such tracepoint (arm64: the fault path,
 *    el0_da -> do_mem_abort -> do_translation_fault -> do_page_fault, is
 *    noinstr or on the kprobe blacklist, and handle_mm_fault comes after
 *    perf_sw_event(PAGE_FAULTS)), the leader's own event, opened to
 *    sample every fault, runs on_fault_counted right after adding the
 *    fault to its count (perf_swevent_event: the count, then the
 *    overflow): the reading holds exactly that one fault of the task,
 *    which leader__attribute keeps for it.  min-/major-faults fire from
 *    mm_account_fault, at the end of handle_mm_fault: the same holds.
 */
static __always_inline void leader__fault(bool counted, void *ctx)
{
	struct task_struct *task = bpf_get_current_task_btf();

	if (!cpu__left_another(task))
		return;
	if (counted)
		leader__run_as(task, (__u64)task, false, true, true, false,
			       ctx);
	else
		leader__run(task, (__u64)task, false, true);
}

SEC("tp_btf/page_fault_user")
int BPF_PROG(on_fault_user, unsigned long address, struct pt_regs *regs,
	     unsigned long error_code)
{
	leader__fault(false, NULL);
	return 0;
}

SEC("tp_btf/page_fault_kernel")
int BPF_PROG(on_fault_kernel, unsigned long address, struct pt_regs *regs,
	     unsigned long error_code)
{
	leader__fault(false, NULL);
	return 0;
}

/*
 * The sample of the leader's own page-fault event, every fault
 * (BPERF_FAULT_HOOK_EVENT).  Returns 0: the sample goes no further.
 */
SEC("perf_event")
int on_fault_counted(void *ctx)
{
	leader__fault(true, ctx);
	return 0;
}

/*
 * Is task the one its CPU runs?  Not while the kernel switches it out:
 * from sched_switch to the switch of stacks the current task is still
 * the one switched out, but the runqueue's is the next one.  Kernels
 * whose BTF lacks the field: taken as yes.
 */
static __always_inline bool task__is_rq_curr(struct task_struct *task)
{
	if (!bpf_core_field_exists(task->se.cfs_rq->rq->curr))
		return true;
	return BPF_CORE_READ(task, se.cfs_rq, rq, curr) == task;
}

/*
 * A leader of one tracepoint (not sched_switch, where the leader runs
 * anyway) runs on that tracepoint when the task that fires it is not the
 * one it left on the CPU, as the fault hooks do for page faults: the
 * kernel counted the event just before (perf's probe of the tracepoint
 * was registered when the leader's events were opened, before this
 * program was attached, and a tracepoint calls its probes in that
 * order), so the delta of this run ends with the event, which
 * leader__attribute gives whole to the task that fired it.  Without it,
 * the event went into a delta that spans an unreported switch, cut by
 * time: a child's sched_process_exec or _exit, a count of 1, rounded
 * down to none (stat_tracepoint's glob, 4 runs of 200 on an AMD machine
 * beside two busy loops).  Not in the middle of a switch (tlb_flush and
 * the FPU's tracepoints fire there, the leader having left the next task
 * on the CPU already): that is no unreported switch.  A syscall's event
 * (syscalls:sys_enter_*) rides on sys_enter, whose probe counts it: the
 * hook is there too, and runs for that syscall only (its second
 * argument, the syscall's number).
 */
SEC("raw_tp")
int on_event(void *ctx)
{
	struct task_struct *task = bpf_get_current_task_btf();

	if (!event_hook ||
	    (event_syscall && ((__u64 *)ctx)[1] != event_syscall - 1))
		return 0;
	if (!cpu__left_another(task) || !task__is_rq_curr(task))
		return 0;
	leader__run_as(task, (__u64)task, false, true, false, true, NULL);
	return 0;
}

/*
 * on_task runs the leader for the current task outside a switch, for
 * four callers, told apart by its ctx (a raw tracepoint's arguments):
 *
 *  - a sync: a session test-runs it on a CPU, with BPERF_SYNC for the
 *    first argument (never a kernel pointer), to bring that CPU's deltas
 *    to the followers;
 *  - hrtimer_expire_entry (the hrtimer, not the task: TASK_HOOK_TICK),
 *    for cgroup sessions: a task moved to another cgroup counts for the
 *    new one from the leader's next run, and a busy task may not be
 *    switched out for long, so the leader runs on the tick as well;
 *  - sched_process_exit of the current task (PF_EXITING), where the
 *    kernel has no kprobes (leader__exit_begins);
 *  - task_rename of the current task, as it execs (leader__exec_joins).
 *
 * One program, so that the verifier checks the leader's run once for the
 * three hooks and the syncs, not once for each (9 ms each, most of what
 * creating a leader cost): the run has one call site, and what each
 * caller does around it is decided again after it, from the ctx.
 */
enum task_hook {
	TASK_HOOK_SYNC,
	TASK_HOOK_TICK,
	TASK_HOOK_EXIT,
	TASK_HOOK_EXEC
};

static __always_inline enum task_hook task_hook__of(void *ctx,
						    struct task_struct *task)
{
	__u64 *args = ctx;

	if (args[0] == BPERF_SYNC)
		return TASK_HOOK_SYNC;
	if (args[0] != (__u64)task)
		return TASK_HOOK_TICK; /* or a rename of another task */
	return task->flags & PF_EXITING ? TASK_HOOK_EXIT : TASK_HOOK_EXEC;
}

static __always_inline bool task_hook__runs(void *ctx, struct task_struct *task)
{
	__u32 pid;

	switch (task_hook__of(ctx, task)) {
	case TASK_HOOK_SYNC:
		return true;
	case TASK_HOOK_TICK:
		return leader__filters() & (1 << BPERF_FILTER_CGROUP);
	case TASK_HOOK_EXIT:
		return leader__exit_begins(task);
	default:
		pid = bpf_get_current_pid_tgid() >> 32;
		return bpf_map_lookup_elem(&exec_joins, &pid);
	}
}

SEC("raw_tp")
int on_task(void *ctx)
{
	struct task_struct *task = bpf_get_current_task_btf();

	if (!task_hook__runs(ctx, task))
		return 0;
	leader__run(task, (__u64)task, false, false);
	switch (task_hook__of(ctx, task)) {
	case TASK_HOOK_EXIT:
		leader__exit_ends(task);
		break;
	case TASK_HOOK_EXEC:
		leader__exec_joins();
		break;
	default:
		break;
	}
	return 0;
}

/*
 * A new process joins the followers of its parent that inherit: a copy of
 * the parent's entry, where the items of the others count no more (no
 * follower has generation 0).
 */
SEC("tp_btf/sched_process_fork")
int BPF_PROG(on_fork, struct task_struct *parent, struct task_struct *child)
{
	struct bperf_index_key key = { .filter = BPERF_FILTER_TGID };
	struct bperf_index_entry *entry, *fresh;
	struct bperf_cpu_state *cpu;
	__u32 zero = 0, i;

	if (!(leader__filters() & (1 << BPERF_FILTER_TGID)))
		return 0;
	key.id = BPF_CORE_READ(parent, tgid);
	if (key.id == (__u64)BPF_CORE_READ(child, tgid))
		return 0; /* a new thread: its process is in already */
	entry = bpf_map_lookup_elem(&task_index, &key);
	fresh = bpf_map_lookup_elem(&scratch, &zero);
	if (!entry || !fresh)
		return 0;
	*fresh = *entry;
	for (i = 0; i < BPERF_MAX_ITEMS; i++) {
		if (!(fresh->items[i].flags & BPERF_ITEM_INHERIT))
			fresh->items[i].gen = 0;
	}
	key.id = BPF_CORE_READ(child, tgid);
	index__will_hold(key.id);
	if (bpf_map_update_elem(&task_index, &key, fresh, BPF_ANY)) {
		cpu = bpf_map_lookup_elem(&cpu_state, &zero);
		if (cpu)
			cpu->lost_tasks++;
	}
	return 0;
}

/*
 * A process or thread is gone for good once its task is freed: drop it,
 * so that the index of a long workload does not fill up with dead pids.
 */
SEC("tp_btf/sched_process_free")
int BPF_PROG(on_free, struct task_struct *task)
{
	struct bperf_index_key key = { .filter = BPERF_FILTER_TID };
	__u32 filters = leader__filters();

	bpf_map_delete_elem(&exited_tasks, &(__u64){ (__u64)task });
	key.id = BPF_CORE_READ(task, pid);
	if (filters & (1 << BPERF_FILTER_TID))
		bpf_map_delete_elem(&task_index, &key);
	if ((filters & (1 << BPERF_FILTER_TGID)) &&
	    key.id == (__u64)BPF_CORE_READ(task, tgid)) {
		key.filter = BPERF_FILTER_TGID;
		bpf_map_delete_elem(&task_index, &key);
	}
	return 0;
}
