// SPDX-License-Identifier: (GPL-2.0-only OR BSD-2-Clause)
/*
 * The bperf leader: one per distinct event on the machine, shared by every
 * session counting that event.  On each context switch (and each time a
 * session syncs it with BPF_PROG_TEST_RUN on a CPU) it reads the event's
 * counter on this CPU, keeps the running total per CPU in prev_readings
 * (what CPU-scoped sessions read) and the delta since the last run in
 * diff_readings (what followers add up), then tail-calls the chain of
 * followers.  See the comment at the top of util/bpf_counter.c.
 */
#include "vmlinux.h"
#include <bpf/bpf_helpers.h>
#include "bperf.h"
#include "bperf_chain.bpf.h"

char LICENSE[] SEC("license") = "Dual BSD/GPL";

/*
 * The event this leader counts, set before load: it lives in the frozen
 * .rodata map of the program, where a session checks that an attr map
 * entry really leads to the leader of its own event.
 */
const volatile struct bperf_attr_key event_key = {};

struct {
	__uint(type, BPF_MAP_TYPE_PERF_EVENT_ARRAY);
	__uint(key_size, sizeof(__u32));
	__uint(value_size, sizeof(int));
	__uint(map_flags, BPF_F_PRESERVE_ELEMS);
} events SEC(".maps");

struct {
	__uint(type, BPF_MAP_TYPE_PERCPU_ARRAY);
	__uint(max_entries, 1);
	__type(key, __u32);
	__type(value, struct bperf_reading);
} prev_readings SEC(".maps");

SEC("raw_tp/sched_switch")
int on_switch(void *ctx)
{
	struct bperf_reading *prev, *diff;
	struct bpf_perf_event_value now;
	struct bperf_session *chain;
	__u32 zero = 0, len, i, *busy;

	/* A volatile read: keeps .rodata among the program's maps. */
	(void)event_key.type;
	busy = bpf_map_lookup_elem(&chain_busy, &zero);
	if (!busy || *busy)
		return 0;
	/* Taken before the read: a nested run must not see a half update. */
	*busy = 1;
	if (bpf_perf_event_read_value(&events, BPF_F_CURRENT_CPU, &now,
				      sizeof(now)))
		goto out;
	prev = bpf_map_lookup_elem(&prev_readings, &zero);
	diff = bpf_map_lookup_elem(&diff_readings, &zero);
	chain = bpf_map_lookup_elem(&sessions, &zero);
	if (!prev || !diff || !chain)
		goto out;
	diff->counter = now.counter - prev->counter;
	diff->enabled = now.enabled - prev->enabled;
	diff->running = now.running - prev->running;
	prev->counter = now.counter;
	prev->enabled = now.enabled;
	prev->running = now.running;

	len = chain->chain_len;
	/*
	 * An empty slot makes the tail call fall through to the next one;
	 * the last program of the chain clears busy.  Unrolled, every tail
	 * call has a constant slot, which the JIT turns into a direct jump
	 * (no retpoline on the hot path).
	 */
#pragma unroll
	for (i = 0; i < BPERF_MAX_FOLLOWERS; i++) {
		if (i < len)
			bpf_tail_call(ctx, &followers, i);
	}
out:
	*busy = 0;
	return 0;
}
