/* SPDX-License-Identifier: GPL-2.0 */
#ifndef BPERF_VMLINUX_H
#define BPERF_VMLINUX_H

/*
 * The few kernel types the bperf programs touch, with
 * preserve_access_index so that libbpf relocates every field access
 * against the running kernel's BTF: the build does not depend on the
 * build machine's kernel.
 */

#include <linux/types.h>
#include <linux/bpf.h>

typedef __u8 u8;
typedef __u16 u16;
typedef __u32 u32;
typedef __s32 s32;
typedef __u64 u64;
typedef __s64 s64;
typedef _Bool bool;

enum {
	false = 0,
	true = 1,
};

struct task_struct {
	int pid;
	int tgid;
} __attribute__((preserve_access_index));

#endif /* BPERF_VMLINUX_H */
