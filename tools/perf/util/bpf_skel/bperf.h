/* SPDX-License-Identifier: (LGPL-2.1 OR BSD-2-Clause) */
#ifndef BPERF_H
#define BPERF_H

/*
 * Shared between the bperf BPF programs and user space
 * (util/bpf_counter.c): fixed-size types only.
 */

#ifndef __VMLINUX_H__
#include <linux/types.h>
#endif

/* Followers hang off the leader as a tail-call chain: the kernel allows 33
 * tail calls per run, the leader makes the first. */
#define BPERF_MAX_FOLLOWERS 32
/* Sessions (task-, CPU- or cgroup-scoped) that can share one leader. */
#define BPERF_MAX_SESSIONS 1024
/* Distinct events the attr map can hold. */
#define BPERF_ATTR_MAP_ENTRIES 4096
/* Cgroups one session can count per event through one follower. */
#define BPERF_MAX_CGROUP_SLOTS 1024
/* Deepest cgroup level a cgroup follower looks at. */
#define BPERF_MAX_CGROUP_LEVELS 32

/*
 * Attr map key: what decides what is counted.  Two sessions whose events
 * differ in anything else (read format, disabled, inherit, ...) share.
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
 * The leader's session registry, an array of BPERF_MAX_SESSIONS + 1.
 * Entry 0 is the chain header: chain_len is one past the highest follower
 * slot in use, so that the leader and the followers stop tail-calling
 * there.  Entries 1.. are sessions: a session is alive while its token (a
 * tiny map only that session holds) can still be found by id.
 */
struct bperf_session {
	__u32 token_id; /* 0: free entry */
	__u32 pid; /* the session's process, for display */
	__u32 slot; /* follower slot + 1; 0: CPU-scoped, no follower */
	__u32 chain_len; /* entry 0 only */
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
_Static_assert(sizeof(struct bperf_session) == 16, "session size");
#endif

#endif /* BPERF_H */
