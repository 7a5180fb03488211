// SPDX-License-Identifier: (GPL-2.0-only OR BSD-2-Clause)
/*
 * A bperf follower: one per session and event, tail-called by the leader
 * (or by the follower before it in the chain).  It takes the leader's
 * fresh delta from diff_readings, looks the task that just ran up in its
 * own filter (by process, thread or cgroup) and adds the delta into its
 * own per-CPU accumulation slot, then passes the context on down the
 * chain.  See the comment at the top of util/bpf_counter.c.
 */
#include "vmlinux.h"
#include <bpf/bpf_helpers.h>
#include <bpf/bpf_tracing.h>
#include <bpf/bpf_core_read.h>
#include "bperf.h"
#include "bperf_chain.bpf.h"

char LICENSE[] SEC("license") = "Dual BSD/GPL";

/* Set before load. */
const volatile __u32 filter_kind = BPERF_FILTER_TGID;
const volatile __u32 slot = 0; /* this follower's place in the chain */
/* A workload: counted from its exec on, like perf's enable_on_exec. */
const volatile __u32 exec_pid = 0;

/* This session's own maps; sizes set before load. */
struct {
	__uint(type, BPF_MAP_TYPE_HASH);
	__uint(max_entries, 1);
	__uint(map_flags, BPF_F_NO_PREALLOC);
	__type(key, __u64); /* tgid, tid or cgroup id */
	__type(value, __u32); /* accumulation slot */
} filter SEC(".maps");

struct {
	__uint(type, BPF_MAP_TYPE_PERCPU_ARRAY);
	__uint(max_entries, 1);
	__type(key, __u32);
	__type(value, struct bperf_reading);
} accum SEC(".maps");

/* The leader, for on_exec to run it once before the workload joins. */
struct {
	__uint(type, BPF_MAP_TYPE_PROG_ARRAY);
	__uint(max_entries, 1);
	__uint(key_size, sizeof(__u32));
	__uint(value_size, sizeof(__u32));
} leader_entry SEC(".maps");

/* Set by on_exec: the workload joins the filter after the leader's run. */
__u32 exec_pending = 0;

/* Children that could not join the filter because it was full. */
__u64 lost_tasks = 0;

static __always_inline void accum_add(__u64 key,
				      const struct bperf_reading *diff)
{
	struct bperf_reading *sum;
	__u32 *idx;

	idx = bpf_map_lookup_elem(&filter, &key);
	if (!idx)
		return;
	sum = bpf_map_lookup_elem(&accum, idx);
	if (!sum)
		return;
	sum->counter += diff->counter;
	sum->enabled += diff->enabled;
	sum->running += diff->running;
}

/* The workload exec'd: count it from now on. */
static __always_inline void exec_join(void)
{
	__u64 tgid = exec_pid;
	__u32 first_slot = 0;

	bpf_map_update_elem(&filter, &tgid, &first_slot, BPF_ANY);
	exec_pending = 0;
}

SEC("raw_tp")
int follow_switch(void *ctx)
{
	struct bperf_reading *diff;
	struct bperf_session *chain;
	__u32 zero = 0, len, i, *busy;
	__u64 id;

	diff = bpf_map_lookup_elem(&diff_readings, &zero);
	if (!diff)
		goto next;

	if (filter_kind == BPERF_FILTER_CGROUP) {
		/* The task counts for its cgroup and every ancestor. */
		for (i = 0; i < BPERF_MAX_CGROUP_LEVELS; i++) {
			id = bpf_get_current_ancestor_cgroup_id(i);
			if (!id)
				break;
			accum_add(id, diff);
		}
	} else {
		id = bpf_get_current_pid_tgid();
		accum_add(filter_kind == BPERF_FILTER_TGID ? id >> 32 :
							     (__u32)id,
			  diff);
	}

	if (exec_pending && (__u32)bpf_get_current_pid_tgid() == exec_pid)
		exec_join();

next:
	chain = bpf_map_lookup_elem(&sessions, &zero);
	if (chain) {
		len = chain->chain_len;
		/*
		 * slot is known at load, so each unrolled tail call has a
		 * constant slot: a direct jump, as in the leader.
		 */
#pragma unroll
		for (i = 1; i < BPERF_MAX_FOLLOWERS; i++) {
			if (slot + i < BPERF_MAX_FOLLOWERS && slot + i < len)
				bpf_tail_call(ctx, &followers, slot + i);
		}
	}
	/* The end of the chain: let the leader run again on this CPU. */
	busy = bpf_map_lookup_elem(&chain_busy, &zero);
	if (busy)
		*busy = 0;
	return 0;
}

/* A new process whose parent is counted is counted too (inherit). */
SEC("tp_btf/sched_process_fork")
int BPF_PROG(on_fork, struct task_struct *parent, struct task_struct *child)
{
	__u64 parent_tgid = BPF_CORE_READ(parent, tgid);
	__u64 child_tgid = BPF_CORE_READ(child, tgid);
	__u32 *idx;

	if (parent_tgid == child_tgid)
		return 0; /* a new thread: its tgid is already in */
	idx = bpf_map_lookup_elem(&filter, &parent_tgid);
	if (!idx)
		return 0;
	if (bpf_map_update_elem(&filter, &child_tgid, idx, BPF_NOEXIST) &&
	    !bpf_map_lookup_elem(&filter, &child_tgid))
		__sync_fetch_and_add(&lost_tasks, 1);
	return 0;
}

/*
 * A counted process is gone for good once its task is freed: drop it, so
 * that the filter of a long workload does not fill up with dead pids.
 */
SEC("tp_btf/sched_process_free")
int BPF_PROG(on_free, struct task_struct *task)
{
	__u64 tgid = BPF_CORE_READ(task, tgid);

	if (BPF_CORE_READ(task, pid) == tgid)
		bpf_map_delete_elem(&filter, &tgid);
	return 0;
}

/*
 * The workload execs: run the leader on this CPU first, so that what the
 * workload did before (perf's own code in the forked child) goes to no
 * one, and let this follower add the workload to its filter when the
 * chain reaches it.
 */
SEC("raw_tp/sched_process_exec")
int on_exec(void *ctx)
{
	if ((__u32)bpf_get_current_pid_tgid() != exec_pid || !exec_pid)
		return 0;
	exec_pending = 1;
	bpf_tail_call(ctx, &leader_entry, 0);
	/* The leader is gone: start counting now all the same. */
	exec_join();
	return 0;
}
