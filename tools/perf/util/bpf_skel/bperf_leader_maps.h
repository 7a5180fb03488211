/* SPDX-License-Identifier: (GPL-2.0-only OR BSD-2-Clause) */
/*
 * The bperf leader's maps, and its lookups of the index (which followers
 * count a process, thread or cgroup) and of the tasks past their exit
 * hook.  Included once, by bperf_leader.bpf.c: one BPF object, whose
 * skeleton user space loads (bperf-leader-new.c) and whose maps other
 * sessions find by name (bperf-leader.c).
 */
#ifndef __BPERF_LEADER_MAPS_H
#define __BPERF_LEADER_MAPS_H

/* [member x nr_cpus + CPU]: member m's counting event on each CPU. */
struct {
	__uint(type, BPF_MAP_TYPE_PERF_EVENT_ARRAY);
	__uint(key_size, sizeof(__u32));
	__uint(value_size, sizeof(int));
	__uint(map_flags, BPF_F_PRESERVE_ELEMS);
} events SEC(".maps");

/*
 * Per member and CPU: the running total, what CPU-scoped sessions read.
 * This and diff_readings and cpu_state have nr_members entries.
 */
struct {
	__uint(type, BPF_MAP_TYPE_PERCPU_ARRAY);
	__uint(max_entries, 1);
	__type(key, __u32);
	__type(value, struct bperf_reading);
} prev_readings SEC(".maps");

/* Per member and CPU: the delta of the last run, as given out. */
struct {
	__uint(type, BPF_MAP_TYPE_PERCPU_ARRAY);
	__uint(max_entries, 1);
	__type(key, __u32);
	__type(value, struct bperf_reading);
} diff_readings SEC(".maps");

/*
 * Per CPU: set while the leader runs.  Cgroup sessions also run it from
 * the tick, which can interrupt a sync that a session runs on its own CPU:
 * the inner run is skipped rather than let it mix its delta into the outer
 * one.
 */
struct {
	__uint(type, BPF_MAP_TYPE_PERCPU_ARRAY);
	__uint(max_entries, 1);
	__type(key, __u32);
	__type(value, __u32);
} chain_busy SEC(".maps");

/* Per CPU: the task the leader last saw there, exits, lost tasks. */
struct {
	__uint(type, BPF_MAP_TYPE_PERCPU_ARRAY);
	__uint(max_entries, 1);
	__type(key, __u32);
	__type(value, struct bperf_cpu_state);
} cpu_state SEC(".maps");

/* The registry: entry 0 its header, 1.. the sessions (user space). */
struct {
	__uint(type, BPF_MAP_TYPE_ARRAY);
	__uint(max_entries, BPERF_MAX_SESSIONS + 1);
	__type(key, __u32);
	__type(value, struct bperf_session);
} sessions SEC(".maps");

/* Which followers count a process, thread or cgroup. */
struct {
	__uint(type, BPF_MAP_TYPE_HASH);
	__uint(max_entries, BPERF_INDEX_ENTRIES);
	__uint(map_flags, BPF_F_NO_PREALLOC);
	__type(key, struct bperf_index_key);
	__type(value, struct bperf_index_entry);
} task_index SEC(".maps");

/* Each follower's generation: an index item counts while it matches. */
struct {
	__uint(type, BPF_MAP_TYPE_ARRAY);
	__uint(max_entries, BPERF_MAX_FOLLOWERS);
	__type(key, __u32);
	__type(value, __u32);
} follower_gen SEC(".maps");

/*
 * The followers' accumulation slots, [slot][CPU], shared out in ranges
 * (the registry says whose); sessions read them mapped.  Sized before
 * load: BPERF_COUNT_SLOTS x possible CPUs.
 */
struct {
	__uint(type, BPF_MAP_TYPE_ARRAY);
	__uint(max_entries, 1);
	__uint(map_flags, BPF_F_MMAPABLE);
	__type(key, __u32);
	__type(value, struct bperf_reading);
} counts SEC(".maps");

/*
 * Index hints, [pid % BPERF_INDEX_HINTS] as bytes, 8 to an entry: not 0
 * when the pid may be in the index as a process or a thread (set before
 * it enters, by the session or the hook that puts it there; never
 * cleared: a pid that left costs a lookup, no more).  Its lookup is
 * inlined, the index's is a call.
 */
struct {
	__uint(type, BPF_MAP_TYPE_ARRAY);
	__uint(max_entries, BPERF_INDEX_HINTS / 8);
	__uint(map_flags, BPF_F_MMAPABLE);
	__type(key, __u32);
	__type(value, __u64);
} index_hints SEC(".maps");

/* Workloads (by pid) that join followers at their exec. */
struct {
	__uint(type, BPF_MAP_TYPE_HASH);
	__uint(max_entries, BPERF_EXEC_JOINS);
	__uint(map_flags, BPF_F_NO_PREALLOC);
	__type(key, __u32);
	__type(value, struct bperf_index_entry);
} exec_joins SEC(".maps");

/*
 * Counted tasks past their exit hook (by task_struct address), until
 * freed: what they run after it counts for nobody (see leader__credit).
 * Full, a task's exit tail counts as before its hook, no more.
 */
struct {
	__uint(type, BPF_MAP_TYPE_HASH);
	__uint(max_entries, BPERF_EXITED_TASKS);
	__type(key, __u64);
	__type(value, __u32);
} exited_tasks SEC(".maps");

/* Per CPU: room to build an index entry (too big for the stack). */
struct {
	__uint(type, BPF_MAP_TYPE_PERCPU_ARRAY);
	__uint(max_entries, 1);
	__type(key, __u32);
	__type(value, struct bperf_index_entry);
} scratch SEC(".maps");

/* The filters of the live followers, from the registry header. */
static __always_inline __u32 leader__filters(void)
{
	struct bperf_registry_header *hdr;
	__u32 zero = 0;

	hdr = bpf_map_lookup_elem(&sessions, &zero);
	return hdr ? hdr->filters : 0;
}

static __always_inline bool item__live(const struct bperf_item *item)
{
	__u32 follower = item->follower, *gen;

	gen = bpf_map_lookup_elem(&follower_gen, &follower);
	return gen && *gen == item->gen;
}

/* From include/linux/sched.h: the task is in do_exit. */
#define PF_EXITING 0x00000004
/* The filters of process and thread followers. */
#define BPERF_TASK_FILTERS ((1 << BPERF_FILTER_TGID) | (1 << BPERF_FILTER_TID))

/* The index entry of (filter, id), or NULL. */
static __always_inline struct bperf_index_entry *index__find(__u32 filter,
							     __u64 id)
{
	struct bperf_index_key key = { .filter = filter, .id = id };

	return bpf_map_lookup_elem(&task_index, &key);
}

/* The hint byte of pid. */
static __always_inline __u8 *index__hint(__u32 pid)
{
	__u32 word = (pid % BPERF_INDEX_HINTS) / 8;
	__u8 *bytes = bpf_map_lookup_elem(&index_hints, &word);

	return bytes ? &bytes[pid % 8] : NULL;
}

/* May pid be in the index as a process or a thread? */
static __always_inline bool index__may_hold(__u32 pid)
{
	__u8 *hint = index__hint(pid);

	return hint && *hint;
}

/* pid is about to enter the index. */
static __always_inline void index__will_hold(__u32 pid)
{
	__u8 *hint = index__hint(pid);

	if (hint)
		*hint = 1;
}

/*
 * Has the exit hook run for task?  Only a task in do_exit (PF_EXITING, a
 * plain load) can have: the others cost no lookup.
 */
static __always_inline bool task__past_exit(struct task_struct *task)
{
	__u64 key = (__u64)task;

	return (task->flags & PF_EXITING) &&
	       bpf_map_lookup_elem(&exited_tasks, &key);
}

#endif /* __BPERF_LEADER_MAPS_H */
