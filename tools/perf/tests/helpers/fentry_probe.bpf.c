// SPDX-License-Identifier: (GPL-2.0-only OR BSD-2-Clause)
/*
 * A BPF trampoline, for stat_bpf_trampolines (fentry-probe.c loads and
 * attaches it): an fentry program on vfs_read that counts its runs.  The
 * development VMs refuse it (EPERM); Debian's kernels take it.  bperf
 * itself never needs one.
 */
#include <linux/bpf.h>
#include <bpf/bpf_helpers.h>

char LICENSE[] SEC("license") = "Dual BSD/GPL";

__u64 runs = 0;

SEC("fentry/vfs_read")
int fentry_probe(void *ctx)
{
	__sync_fetch_and_add(&runs, 1);
	return 0;
}
