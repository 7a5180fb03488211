/* SPDX-License-Identifier: GPL-2.0 */
#ifndef PERF_UTIL_COUNTER_H
#define PERF_UTIL_COUNTER_H

/*
 * Counting backends, chosen per event.  Every backend fills the same
 * evsel->counts ({value, enabled, running} per [cpu idx][thread idx],
 * cumulative since enable), so scaling and output never know which one
 * counted.
 *
 *   load     prepare counting on evsel->cpus x evsel->threads, disabled;
 *            -EOPNOTSUPP/-ENOENT: the machine cannot count this event
 *            (printed as <not supported>, the run goes on); other errors
 *            are fatal and the backend has printed nothing: the caller
 *            prints "perf: error: ..." from counter__strerror().
 *   enable   start counting (everything before this is excluded)
 *   disable  stop counting (the last partial time slice is included)
 *   read     refresh evsel->counts
 *   destroy  release everything; safe after a failed load
 */

#include <stdbool.h>
#include <stddef.h>

struct evsel;
struct target;

struct counter_ops {
	const char *name;
	int (*load)(struct evsel *evsel, struct target *target);
	int (*enable)(struct evsel *evsel);
	int (*disable)(struct evsel *evsel);
	int (*read)(struct evsel *evsel);
	int (*destroy)(struct evsel *evsel);
	/*
	 * Optional: describe this backend's load error; counter__strerror()
	 * uses it when set.
	 */
	void (*strerror)(const struct evsel *evsel, int err, char *msg,
			 size_t msglen, char *hint, size_t hintlen);
};

/* One perf_event per CPU or per thread for this session (util/counter.c). */
extern const struct counter_ops plain_counter_ops;
/* Shared leader/follower BPF counting (util/bpf_counter.c). */
extern const struct counter_ops bperf_counter_ops;

/*
 * Turn a load error into "what: why" and at most one hint, like perf's
 * evsel__open_strerror().  msg/hint are filled (hint may be empty).
 */
void counter__strerror(const struct evsel *evsel, int err, char *msg,
		       size_t msglen, char *hint, size_t hintlen);

#endif /* PERF_UTIL_COUNTER_H */
