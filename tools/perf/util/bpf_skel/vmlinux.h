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

struct task_struct;

struct rq {
	u64 clock;
	struct task_struct *curr;
} __attribute__((preserve_access_index));

struct cfs_rq {
	struct rq *rq;
} __attribute__((preserve_access_index));

struct sched_entity {
	struct cfs_rq *cfs_rq;
} __attribute__((preserve_access_index));

struct sched_info {
	unsigned long long last_arrival;
} __attribute__((preserve_access_index));

struct mm_struct;

struct task_struct {
	unsigned int flags;
	int pid;
	int tgid;
	struct sched_entity se;
	struct sched_info sched_info;
	struct mm_struct *mm;
	struct mm_struct *active_mm;
} __attribute__((preserve_access_index));

#endif /* BPERF_VMLINUX_H */
