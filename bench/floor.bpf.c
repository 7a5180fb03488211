// SPDX-License-Identifier: (GPL-2.0-only OR BSD-2-Clause)
/*
 * The floor of any BPF counting scheme: a raw_tp program on sched_switch
 * that does nothing.  Whatever bperf costs above this is its own work.
 * And the same on page_fault_user (x86), the floor of a fault hook.
 */
#include <linux/bpf.h>
#include <bpf/bpf_helpers.h>

char LICENSE[] SEC("license") = "Dual BSD/GPL";

SEC("raw_tp/sched_switch")
int bench_floor(void *ctx)
{
	return 0;
}

SEC("raw_tp/page_fault_user")
int bench_floor_fault(void *ctx)
{
	return 0;
}
