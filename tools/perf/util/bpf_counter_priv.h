/* SPDX-License-Identifier: GPL-2.0 */
#ifndef PERF_UTIL_BPF_COUNTER_PRIV_H
#define PERF_UTIL_BPF_COUNTER_PRIV_H

/*
 * The pure pieces of the bperf backend, exposed for the unit tests and the
 * bperf listing.  Not for the rest of the tool.
 */

#include <stdbool.h>
#include <stddef.h>
#include <linux/perf_event.h>

#include "util/bpf_skel/bperf.h"

struct perf_counts;
struct perf_cpu_map;

/* Reduce attr to what decides what is counted. */
void bperf__attr_key(const struct perf_event_attr *attr,
		     struct bperf_attr_key *key);
/* The attr the leader opens its per-CPU events with. */
void bperf__leader_attr(const struct bperf_attr_key *key,
			struct perf_event_attr *attr);
/* Raw per-CPU readings minus the enable snapshot, into evsel counts. */
void bperf__fold(struct perf_counts *counts, const struct perf_cpu_map *cpus,
		 int nr_possible, bool per_cpu, int nr_slots,
		 const struct bperf_reading *now,
		 const struct bperf_reading *base);

/* "cpu-clock:u", or the raw fields when the event has no generic name. */
void bperf__key_name(const struct bperf_attr_key *key, char *buf, size_t size);

#endif /* PERF_UTIL_BPF_COUNTER_PRIV_H */
