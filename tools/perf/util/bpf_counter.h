/* SPDX-License-Identifier: GPL-2.0 */
#ifndef PERF_UTIL_BPF_COUNTER_H
#define PERF_UTIL_BPF_COUNTER_H

#include <stdbool.h>
#include <stdio.h>

/* Where sessions find each other unless --attr-map says otherwise. */
#define BPERF_DEFAULT_ATTR_MAP "/sys/fs/bpf/bperf_attr_map"

/*
 * Print what is shared through the attr map at path right now: each
 * leader's event, its link, program and map ids, its sessions, and stale
 * or foreign entries; as a table or (json) one JSON object per line.
 * Returns 0, or a negative errno with the reason in err.
 */
int bperf__list(const char *path, bool json, FILE *out, char *err,
		size_t errlen);

#endif /* PERF_UTIL_BPF_COUNTER_H */
