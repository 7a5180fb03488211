/* SPDX-License-Identifier: (LGPL-2.1 OR BSD-2-Clause) */
#ifndef BPERF_H
#define BPERF_H

/*
 * Shared between the bperf leader (bperf_leader.bpf.c) and user space
 * (util/bpf_counter.c, util/bperf-*.c): fixed-size types only.
 */

#ifndef __VMLINUX_H__
#include <linux/types.h>
#endif

/* Task- and cgroup-scoped sessions (followers) of one leader. */
#define BPERF_MAX_FOLLOWERS 1024
/* Sessions (task-, CPU- or cgroup-scoped) that can share one leader. */
#define BPERF_MAX_SESSIONS 2048
/* Sessions that can count one process, thread or cgroup at once. */
#define BPERF_MAX_ITEMS 32
/* Processes, threads and cgroups the leader's index can hold. */
#define BPERF_INDEX_ENTRIES 65536
/*
 * Index hints: one byte per pid (modulo this), set before a process or
 * thread enters the index and never cleared while the leader lives, so
 * that the leader skips the index lookup of a task that no session
 * counts.  A power of 2.
 */
#define BPERF_INDEX_HINTS (1U << 18)
/* Counted tasks between their exit and their free. */
#define BPERF_EXITED_TASKS 4096
/* Workloads waiting for their exec. */
#define BPERF_EXEC_JOINS 1024
/*
 * Accumulation slots of one leader, shared out among its followers in
 * ranges (one per process counted as a whole, one per thread, one per
 * cgroup); each is a struct bperf_reading per possible CPU.
 */
#define BPERF_COUNT_SLOTS 8192
/* Distinct events the attr map can hold. */
#define BPERF_ATTR_MAP_ENTRIES 4096
/* Cgroups one session can count per event through one follower. */
#define BPERF_MAX_CGROUP_SLOTS 1024
/* Deepest cgroup level the leader looks at. */
#define BPERF_MAX_CGROUP_LEVELS 32
/* Members of one group a leader reads together. */
#define BPERF_MAX_GROUP_MEMBERS 8

/*
 * Attr map key: what decides what is counted.  Two sessions whose events
 * differ in anything else (read format, disabled, inherit, ...) share.
 * A group's key (BPERF_EXCLUDE_GROUP set, which no single event's key
 * has) is type BPERF_GROUP_TYPE, the member count in bits 16..23 of
 * exclude and two hashes of the members' keys, in order, in config and
 * config1; the members' keys themselves are in the leader's .rodata,
 * where a session compares them before it joins.
 */
struct bperf_attr_key {
	__u32 type;
	__u32 exclude; /* BPERF_EXCLUDE_* bits */
	__u64 config;
	__u64 config1;
	__u64 config2;
};

enum bperf_exclude {
	BPERF_EXCLUDE_USER = 1 << 0,
	BPERF_EXCLUDE_KERNEL = 1 << 1,
	BPERF_EXCLUDE_HV = 1 << 2,
	BPERF_EXCLUDE_IDLE = 1 << 3,
	BPERF_EXCLUDE_HOST = 1 << 4,
	BPERF_EXCLUDE_GUEST = 1 << 5,
	BPERF_EXCLUDE_CALLCHAIN_KERNEL = 1 << 6,
	BPERF_EXCLUDE_CALLCHAIN_USER = 1 << 7,
};

/* A group's key: type, and in exclude the flag and the member count. */
#define BPERF_GROUP_TYPE 0xffffffffU
#define BPERF_EXCLUDE_GROUP 0x80000000U
#define BPERF_GROUP_MEMBERS_SHIFT 16
#define BPERF_GROUP_MEMBERS_MASK 0xffU

/* Attr map value: the leader's raw_tp link and its diff_readings map. */
struct bperf_attr_value {
	__u32 link_id;
	__u32 diff_map_id;
};

/* Same layout as struct bpf_perf_event_value: counter, enabled, running. */
struct bperf_reading {
	__u64 counter;
	__u64 enabled;
	__u64 running;
};

/*
 * *d = *now - *then: the counter and both times, each wrapping alike.
 * The leader's and user space's one subtraction of readings.
 */
static inline __attribute__((always_inline)) void
bperf_reading__sub(struct bperf_reading *d, const struct bperf_reading *now,
		   const struct bperf_reading *then)
{
	d->counter = now->counter - then->counter;
	d->enabled = now->enabled - then->enabled;
	d->running = now->running - then->running;
}

/*
 * The leader's hooks besides sched_switch, each a link that every session
 * holds: new processes join the sessions of their parent (fork), leave
 * when freed (free), stop counting at exit (exit), a workload joins at its
 * exec (exec), and cgroup sessions run the leader on the tick (tick),
 * whose program is also the one that sessions test-run to sync a CPU.
 * The fault hooks (page_fault_user and _kernel, x86) only a leader of
 * page faults with BPERF_FAULT_HOOK_TRACEPOINTS has; others have link id
 * 0 for them.  The switch hooks (sched_exit_tp, and x86's tlb_flush: see
 * leader__switch_begins) only a leader whose kernel has them.  The event
 * hook (on_event, on the tracepoint the leader counts) only a leader of
 * one tracepoint event with event_hook set in its .rodata.
 */
enum bperf_hook {
	BPERF_HOOK_FORK,
	BPERF_HOOK_FREE,
	BPERF_HOOK_EXIT,
	BPERF_HOOK_EXEC,
	BPERF_HOOK_TICK,
	BPERF_HOOK_FAULT_USER,
	BPERF_HOOK_FAULT_KERNEL,
	BPERF_HOOK_SWITCHED,
	BPERF_HOOK_MM_SWITCHED,
	BPERF_HOOK_EVENT,
	BPERF_NR_HOOKS,
};

/*
 * How a leader of page faults runs on the fault of a task other than the
 * one it left on the CPU (see leader__fault), in its frozen .rodata:
 *
 * TRACEPOINTS  the page_fault_user and _kernel tracepoints (x86), which
 *              come before the kernel counts the fault: hook links
 * EVENT        its own event, opened to sample every fault, with
 *              on_fault_counted attached: it runs right after the kernel
 *              counted the fault, in that event (kernels without those
 *              tracepoints: arm64).  A single event only: the program
 *              reads the event that fired, never the events map
 * NONE         no fault member, or a group on a kernel without the
 *              tracepoints: a mixed delta's faults are split by time
 */
enum bperf_fault_hook {
	BPERF_FAULT_HOOK_NONE,
	BPERF_FAULT_HOOK_TRACEPOINTS,
	BPERF_FAULT_HOOK_EVENT,
};

/*
 * The first argument of a sync's test run of on_task, where the tick
 * passes its timer: no kernel pointer is 1.
 */
#define BPERF_SYNC 1

/*
 * The leader's session registry, an array of BPERF_MAX_SESSIONS + 1.
 * Entry 0 is the registry header (struct bperf_registry_header), entries
 * 1.. are sessions: a session is alive while its token (a tiny map only
 * that session holds) can still be found by id.
 */
struct bperf_session {
	__u32 token_id; /* 0: free entry */
	__u32 pid; /* the session's process, for display */
	__u32 slot; /* follower slot + 1; 0: CPU-scoped, no follower */
	__u32 gen; /* the follower's generation */
	__u32 filter; /* enum bperf_filter of the follower */
	__u32 first_count; /* its accumulation slots in the leader's counts */
	__u32 nr_counts;
	__u32 pad[5];
};

/* Entry 0 of the registry. */
struct bperf_registry_header {
	__u32 filters; /* 1 << enum bperf_filter of every live follower */
	__u32 hook_link_ids[BPERF_NR_HOOKS];
	__u32 pad[1];
};

/*
 * A follower's generation, in the leader's follower_gen array: a live one
 * (1..), or BPERF_GEN_DEAD with the last one, so that a slot handed out
 * again never matches the index items of its dead predecessor.
 */
#define BPERF_GEN_DEAD 0x80000000U

/*
 * The leader's index: which followers count a process, a thread or a
 * cgroup, and in which accumulation slot.  Looked up once per switch for
 * the task switched out, so a session that does not count it costs
 * nothing.
 */
struct bperf_index_key {
	__u32 filter; /* enum bperf_filter */
	__u32 pad;
	__u64 id; /* tgid, tid or cgroup id */
};

enum bperf_item_flags {
	BPERF_ITEM_INHERIT = 1 << 0, /* new child processes join too */
};

struct bperf_item {
	__u32 follower; /* slot in follower_gen */
	__u32 gen; /* counts while follower_gen[follower] == gen */
	__u32 count; /* accumulation slot in the leader's counts */
	__u32 flags; /* enum bperf_item_flags */
};

struct bperf_index_entry {
	__u32 nr;
	__u32 pad;
	struct bperf_item items[BPERF_MAX_ITEMS];
};

/*
 * Per CPU, kept by the leader: what it knows of the task on the CPU.
 * task: the task the CPU ran as of the leader's last run there (a
 * task_struct address).  exiting: set by the exit hook just before it
 * runs the leader for that task.  attributed: the event's
 * reading up to which deltas were given to followers.  lost_tasks: new
 * processes that could not join the full index.  clock_base: the
 * runqueue clock minus the event's enabled time, so that a run that is
 * not a switch can tell the runqueue clock now (0: not known yet);
 * clock_age: switches since it was last measured.  switched_from: a
 * switch whose delta waits for the switch to be done (the tgid of the
 * task it left, and flags: leader__switch_begins), switch_split the
 * reading where its cost ended, if known.  A group's leader keeps
 * one per member and CPU: entry [0] is all of the above for member 0,
 * entry [m] holds only member m's attributed and switch_split readings.
 */
struct bperf_cpu_state {
	__u64 task;
	__u64 exiting;
	struct bperf_reading attributed;
	__u64 lost_tasks;
	__u64 clock_base;
	__u64 clock_age;
	/* An exit held back for the task's final switch: the reading then. */
	struct bperf_reading exit_at;
	__u64 exit_held;
	__u64 switched_from;
	/* Where a switch's own cost ended: the reading then (on_mm_switched). */
	struct bperf_reading switch_split;
};

enum bperf_filter {
	BPERF_FILTER_TGID = 1, /* processes (-p, a workload) */
	BPERF_FILTER_TID = 2, /* threads (-t, --per-thread) */
	BPERF_FILTER_CGROUP = 3, /* cgroup v2 ids, with descendants */
};

#ifndef __bpf__
_Static_assert(sizeof(struct bperf_attr_key) == 32, "attr key size");
_Static_assert(sizeof(struct bperf_attr_value) == 8, "attr value size");
_Static_assert(sizeof(struct bperf_reading) == 24, "reading size");
_Static_assert(sizeof(struct bperf_session) == 48, "session size");
_Static_assert(sizeof(struct bperf_registry_header) ==
		       sizeof(struct bperf_session),
	       "registry header size");
_Static_assert(sizeof(struct bperf_cpu_state) == 128, "cpu state size");
_Static_assert(sizeof(struct bperf_index_key) == 16, "index key size");
_Static_assert(sizeof(struct bperf_index_entry) == 8 + 16 * BPERF_MAX_ITEMS,
	       "index entry size");
#endif

#endif /* BPERF_H */
