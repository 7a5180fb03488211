/* SPDX-License-Identifier: (GPL-2.0-only OR BSD-2-Clause) */
#ifndef BPERF_CHAIN_BPF_H
#define BPERF_CHAIN_BPF_H

/*
 * The leader's maps that its followers use too: the leader creates them,
 * each follower is loaded with the leader's fds for them (so the shapes
 * here are the only ones there are).
 */

/* Per CPU: the delta of the leader's last run, what followers add up. */
struct {
	__uint(type, BPF_MAP_TYPE_PERCPU_ARRAY);
	__uint(max_entries, 1);
	__type(key, __u32);
	__type(value, struct bperf_reading);
} diff_readings SEC(".maps");

/*
 * Per CPU: set while the leader or its chain runs.  Cgroup sessions also
 * run the leader from the tick (hrtimer_expire_entry), which can interrupt
 * a sync that a session runs on its own CPU: the inner run is skipped
 * rather than let it mix its delta into the outer one.
 */
struct {
	__uint(type, BPF_MAP_TYPE_PERCPU_ARRAY);
	__uint(max_entries, 1);
	__type(key, __u32);
	__type(value, __u32);
} chain_busy SEC(".maps");

struct {
	__uint(type, BPF_MAP_TYPE_PROG_ARRAY);
	__uint(max_entries, BPERF_MAX_FOLLOWERS);
	__uint(key_size, sizeof(__u32));
	__uint(value_size, sizeof(__u32));
} followers SEC(".maps");

struct {
	__uint(type, BPF_MAP_TYPE_ARRAY);
	__uint(max_entries, BPERF_MAX_SESSIONS + 1);
	__type(key, __u32);
	__type(value, struct bperf_session);
} sessions SEC(".maps");

#endif /* BPERF_CHAIN_BPF_H */
