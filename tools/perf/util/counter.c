// SPDX-License-Identifier: GPL-2.0
/*
 * Counting over an evlist, whatever the backend of each event: load
 * every event with the backend it asks for (bperf with --use-bpf or :b,
 * plain otherwise), then enable, disable, read and destroy them all
 * (perf stat, and the benchmarks through the same calls).  An event the
 * machine cannot count stays in the list, marked not supported.  Also
 * counter__strerror(), which words the load errors of every backend.
 */
#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <sys/resource.h>
#include <linux/perf_event.h>

#include "counter.h"
#include "debug.h"
#include "error.h"
#include "evsel.h"
#include "target.h"
#include "tracepoint.h"

/* What counter__strerror() words an error into (as perf stat always did). */
#define COUNTER_MSG_SIZE 512

/* Prepare one event and load it with its backend. */
static int evsel__load_counter(struct evsel *evsel, struct evlist *evlist,
			       struct target *target, bool enable_on_exec,
			       struct perf_error *err)
{
	bool task = target__has_task(target) && !target__has_cpu(target);
	const struct counter_ops *ops;
	char msg[COUNTER_MSG_SIZE], hint[COUNTER_MSG_SIZE];
	int ret;

	evsel->cpus = evlist->cpus;
	evsel->threads = evlist->threads;
	evsel->evlist = evlist;
	if (target->use_bpf)
		evsel->use_bpf = true;
	if (evsel->tool_event)
		evsel->use_bpf = false; /* never given to a leader */
	evsel->attr.read_format = PERF_FORMAT_TOTAL_TIME_ENABLED |
				  PERF_FORMAT_TOTAL_TIME_RUNNING;
	evsel->attr.disabled = 1;
	evsel->attr.inherit = task && target->inherit;
	evsel->attr.enable_on_exec = enable_on_exec;
	if (evsel->tool_event)
		ops = &tool_counter_ops;
	else
		ops = evsel->use_bpf ? &bperf_counter_ops : &plain_counter_ops;
	evsel->ops = ops;
	evsel->supported = true;
	evsel->open_errno = 0;

	ret = ops->load(evsel, target);
	if (ret == -EAGAIN && ops == &bperf_counter_ops) {
		/* A group bperf cannot take (it said why): count it plain. */
		evsel->use_bpf = false;
		evsel->ops = ops = &plain_counter_ops;
		ret = ops->load(evsel, target);
	}
	if (ret == -EOPNOTSUPP || ret == -ENOENT) {
		/* <not supported>: the run goes on without it. */
		ops->destroy(evsel);
		evsel->supported = false;
		if (!evsel->open_errno)
			evsel->open_errno = -ret;
		if (verbose) {
			counter__strerror(evsel, evsel->open_errno, msg,
					  sizeof(msg), hint, sizeof(hint));
			pr_debug("%s", msg);
		}
	} else if (ret) {
		counter__strerror(evsel, ret, msg, sizeof(msg), hint,
				  sizeof(hint));
		perf_error__set(err, ret, "%s", msg);
		perf_error__hint(err, "%s", hint);
		return ret;
	}
	if (evsel__alloc_counts(evsel))
		return perf_error__set(err, -ENOMEM, "%s: %s", evsel->name,
				       strerror(ENOMEM));
	return 0;
}

int evlist__load_counters(struct evlist *evlist, struct target *target,
			  bool enable_on_exec, struct perf_error *err)
{
	struct evsel *evsel;

	evlist__for_each_entry(evlist, evsel) {
		int ret = evsel__load_counter(evsel, evlist, target,
					      enable_on_exec, err);

		if (ret)
			return ret;
	}
	return 0;
}

enum counter_op { COUNTER_ENABLE, COUNTER_DISABLE, COUNTER_READ };

/*
 * Run one operation on every counting event (only those named name, when
 * given); stop at the first error.
 */
static int evlist__counters_do(struct evlist *evlist, enum counter_op op,
			       const char *name, struct perf_error *err)
{
	static const char *const what[] = { "enable", "disable", "read" };
	struct evsel *evsel;

	evlist__for_each_entry(evlist, evsel) {
		char msg[COUNTER_MSG_SIZE], hint[COUNTER_MSG_SIZE];
		int ret;

		if (!evsel->supported || !evsel->ops)
			continue;
		if (name && strcmp(evsel->name, name))
			continue;
		switch (op) {
		case COUNTER_ENABLE:
			ret = evsel->ops->enable(evsel);
			break;
		case COUNTER_DISABLE:
			ret = evsel->ops->disable(evsel);
			break;
		case COUNTER_READ:
		default:
			ret = evsel->ops->read(evsel);
			break;
		}
		if (!ret)
			continue;
		counter__strerror(evsel, ret, msg, sizeof(msg), hint,
				  sizeof(hint));
		perf_error__set(err, ret, "cannot %s %s", what[op], msg);
		perf_error__hint(err, "%s", hint);
		return ret;
	}
	return 0;
}

int evlist__enable_counters(struct evlist *evlist, struct perf_error *err)
{
	return evlist__counters_do(evlist, COUNTER_ENABLE, NULL, err);
}

int evlist__disable_counters(struct evlist *evlist, struct perf_error *err)
{
	return evlist__counters_do(evlist, COUNTER_DISABLE, NULL, err);
}

int evlist__enable_counters_named(struct evlist *evlist, const char *name,
				  bool enable, struct perf_error *err)
{
	return evlist__counters_do(
		evlist, enable ? COUNTER_ENABLE : COUNTER_DISABLE, name, err);
}

int evlist__read_counters(struct evlist *evlist, struct perf_error *err)
{
	return evlist__counters_do(evlist, COUNTER_READ, NULL, err);
}

void evlist__destroy_counters(struct evlist *evlist)
{
	struct evsel *evsel;

	evlist__for_each_entry(evlist, evsel) {
		if (evsel->ops)
			evsel->ops->destroy(evsel);
	}
}

static int perf_event_paranoid(void)
{
	FILE *f = fopen("/proc/sys/kernel/perf_event_paranoid", "re");
	int level = 2;

	if (f) {
		if (fscanf(f, "%d", &level) != 1)
			level = 2;
		fclose(f);
	}
	return level;
}

void counter__strerror(const struct evsel *evsel, int err, char *msg,
		       size_t msglen, char *hint, size_t hintlen)
{
	const char *name = evsel && evsel->name ? evsel->name : "event";
	bool bpf = evsel && evsel->use_bpf;
	struct rlimit rl;

	if (hint && hintlen)
		hint[0] = '\0';
	if (evsel && evsel->ops && evsel->ops->strerror) {
		evsel->ops->strerror(evsel, err < 0 ? err : -err, msg, msglen,
				     hint, hintlen);
		return;
	}
	if (err < 0)
		err = -err;

	switch (err) {
	case EACCES:
	case EPERM:
		snprintf(msg, msglen, "%s: %s", name, strerror(err));
		if (bpf)
			snprintf(
				hint, hintlen,
				"bperf needs root, or CAP_BPF with CAP_PERFMON");
		else
			snprintf(
				hint, hintlen,
				"perf_event_paranoid is %d: lower /proc/sys/kernel/perf_event_paranoid or grant CAP_PERFMON",
				perf_event_paranoid());
		break;
	case EMFILE:
		snprintf(msg, msglen, "%s: %s", name, strerror(err));
		if (!getrlimit(RLIMIT_NOFILE, &rl) &&
		    rl.rlim_cur != RLIM_INFINITY)
			snprintf(
				hint, hintlen,
				"one file is needed per event and CPU or thread: raise the limit of %llu with 'ulimit -n'",
				(unsigned long long)rl.rlim_cur);
		else
			snprintf(hint, hintlen,
				 "raise the open file limit with 'ulimit -n'");
		break;
	case ESRCH:
		snprintf(msg, msglen, "%s: the counted task is gone (%s)", name,
			 strerror(err));
		break;
	case ENOENT:
	case EOPNOTSUPP:
	case ENODEV:
		if (bpf) {
			snprintf(msg, msglen, "%s: %s", name, strerror(err));
			break;
		}
		snprintf(msg, msglen, "%s: not supported on this machine",
			 name);
		break;
	case EBUSY:
		snprintf(msg, msglen, "%s: %s", name, strerror(err));
		snprintf(hint, hintlen,
			 "another tool holds the PMU exclusively");
		break;
	case EINVAL:
		if (evsel && evsel->filter) {
			const char *dir = tracepoint__events_dir();

			snprintf(msg, msglen, "%s: cannot set filter '%s': %s",
				 name, evsel->filter, strerror(err));
			snprintf(
				hint, hintlen,
				"the fields a filter may test are in %s/%s/format",
				dir ? dir : "<tracefs>/events", name);
			if (strchr(hint, ':'))
				*strrchr(hint, ':') = '/';
			break;
		}
		snprintf(msg, msglen, "%s: %s", name, strerror(err));
		if (evsel && evsel->cgrp)
			snprintf(hint, hintlen,
				 "cgroup events need a CPU target (-a or -C)");
		break;
	default:
		snprintf(msg, msglen, "%s: %s", name, strerror(err));
		break;
	}
}
