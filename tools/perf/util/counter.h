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
 *            prints "perf: error: ..." from counter__error().
 *            -EAGAIN (bperf): it cannot count this event's group and
 *            said so on stderr; the caller counts the event plain.
 *   enable   start counting (everything before this is excluded)
 *   disable  stop counting (the last partial time slice is included)
 *   read     refresh evsel->counts
 *   destroy  release everything; safe after a failed load
 */

#include <stdbool.h>

struct evlist;
struct evsel;
struct perf_error;
struct target;

struct counter_ops {
	const char *name;
	int (*load)(struct evsel *evsel, struct target *target);
	int (*enable)(struct evsel *evsel);
	int (*disable)(struct evsel *evsel);
	int (*read)(struct evsel *evsel);
	int (*destroy)(struct evsel *evsel);
	/*
	 * Optional: word err, what one of the operations above returned,
	 * into e (message and hint), from what the backend knows of it;
	 * counter__error() asks this instead of wording it itself.
	 */
	void (*error)(const struct evsel *evsel, int err, struct perf_error *e);
};

/* One perf_event per CPU or per thread for this session (counter-plain.c). */
extern const struct counter_ops plain_counter_ops;
/* Shared leader/follower BPF counting (util/bpf_counter.c). */
extern const struct counter_ops bperf_counter_ops;
/*
 * After every event is loaded: bperf's -p and -t followers take their
 * threads (bperf-session.c).  Returns 0 or a negative errno, with err set.
 */
int bperf__start_tasks(struct perf_error *err);
/* duration_time, user_time, system_time in user space (tool-events.c). */
extern const struct counter_ops tool_counter_ops;

/*
 * Word err (a negative or positive errno) of evsel's backend into e as
 * "what: why" and at most one hint, like perf's evsel__open_strerror();
 * returns the negative errno.
 */
int counter__error(const struct evsel *evsel, int err, struct perf_error *e);

/*
 * The same operations over every event of an evlist (util/counter.c),
 * each returning 0 or the first negative errno with err filled.
 *
 * load: every event on evlist->cpus x evlist->threads, disabled, with
 * the backend it asks for (bperf if target->use_bpf or the event's own
 * :b, plain otherwise), counting children when the target is a task and
 * target->inherit; enable_on_exec: the workload's exec enables them.  An
 * event the machine cannot count is kept, not supported (-v says why).
 * The others skip unsupported events.  destroy: every event, even after
 * a failed load.
 */
int evlist__load_counters(struct evlist *evlist, struct target *target,
			  bool enable_on_exec, struct perf_error *err);
int evlist__enable_counters(struct evlist *evlist, struct perf_error *err);
int evlist__disable_counters(struct evlist *evlist, struct perf_error *err);
/* --control "enable NAME": only the events printed as name. */
int evlist__enable_counters_named(struct evlist *evlist, const char *name,
				  bool enable, struct perf_error *err);
int evlist__read_counters(struct evlist *evlist, struct perf_error *err);
void evlist__destroy_counters(struct evlist *evlist);

#endif /* PERF_UTIL_COUNTER_H */
