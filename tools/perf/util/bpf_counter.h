/* SPDX-License-Identifier: GPL-2.0 */
#ifndef PERF_UTIL_BPF_COUNTER_H
#define PERF_UTIL_BPF_COUNTER_H

#include <stdbool.h>
#include <stdio.h>

struct evsel;
struct perf_error;

/* Where sessions find each other unless --attr-map says otherwise. */
#define BPERF_DEFAULT_ATTR_MAP "/sys/fs/bpf/bperf_attr_map"

/*
 * Print what is shared through the attr map at path right now: each
 * leader's event, its link, program and map ids, its sessions, and stale
 * or foreign entries; as a table or (json) one JSON object per line.
 * Returns 0, or a negative errno with the reason in err.
 */
int bperf__list(const char *path, bool json, FILE *out, struct perf_error *err);

/*
 * Why bperf cannot count the group that leader leads through one bperf
 * leader, from the parsed events alone (its size, a cgroup, a member not
 * given to bperf), or NULL when it can.  The kernel may still refuse the
 * members as one group when the leader loads: it is then counted plain.
 */
const char *bperf__group_refusal(const struct evsel *leader);

/*
 * Store the attr key of an event bperf counts (evsel->bperf_key), from
 * its attr as the backends are chosen: every later step of bperf reads it
 * there.
 */
void bperf__set_key(struct evsel *evsel);

#endif /* PERF_UTIL_BPF_COUNTER_H */
