// SPDX-License-Identifier: GPL-2.0
/*
 * Counting over an evlist, whatever the backend of each event: load
 * every event with the backend it asks for (bperf with --use-bpf or :b,
 * plain otherwise), then enable, disable, read and destroy them all
 * (perf stat, and the benchmarks through the same calls).  Each event
 * counts where counter-cpus.c says (the target's maps, or its PMU's
 * cpumask).  An event the machine cannot count stays in the list, marked
 * not supported.  Also counter__error(), which words the errors of
 * every backend.
 */
#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <sys/resource.h>
#include <linux/perf_event.h>

#include "bpf_counter.h"
#include "counter-cpus.h"
#include "counter.h"
#include "debug.h"
#include "error.h"
#include "evsel.h"
#include "target.h"
#include "tracepoint.h"

/* Does a member of the group that leader leads ask for bperf? */
static bool evlist__group_any_bpf(const struct evlist *evlist,
				  const struct evsel *leader)
{
	struct evsel *member;

	evlist__for_each_group_member(evlist, leader, member) {
		if (member->use_bpf)
			return true;
	}
	return false;
}

/* Count every member of the group that leader leads plain. */
static void evlist__group_plain(struct evlist *evlist,
				const struct evsel *leader)
{
	struct evsel *member;

	evlist__for_each_group_member(evlist, leader, member)
		member->use_bpf = false;
}

/* Prepare one event and load it with its backend. */
static int evsel__load_counter(struct evsel *evsel, struct evlist *evlist,
			       struct target *target, bool enable_on_exec,
			       struct perf_error *err)
{
	bool task = target__has_task(target) && !target__has_cpu(target);
	const struct counter_ops *ops;
	int ret;

	ret = evsel__set_counting_maps(evsel, evlist);
	if (ret < 0)
		return perf_error__set(err, ret, "%s: %s", evsel->name,
				       strerror(-ret));
	evsel->attr.read_format = PERF_FORMAT_TOTAL_TIME_ENABLED |
				  PERF_FORMAT_TOTAL_TIME_RUNNING;
	evsel->attr.disabled = 1;
	evsel->attr.inherit = task && target->inherit && !evsel->own_threads;
	/* An event on CPUs of its own is no task's: exec cannot enable it. */
	evsel->attr.enable_on_exec = enable_on_exec && !evsel->own_threads;
	evsel->supported = true;
	evsel->open_errno = 0;
	if (ret == 1) {
		/* None of the CPUs asked for is its PMU's: <not counted>. */
		evsel->ops = NULL;
		return evsel__alloc_counts(evsel) ?
			       perf_error__set(err, -ENOMEM, "%s: %s",
					       evsel->name, strerror(ENOMEM)) :
			       0;
	}
	if (evsel->tool_event)
		ops = &tool_counter_ops;
	else
		ops = evsel->use_bpf ? &bperf_counter_ops : &plain_counter_ops;
	evsel->ops = ops;

	ret = ops->load(evsel, target);
	if (ret == -EAGAIN && ops == &bperf_counter_ops) {
		/* The kernel refuses bperf the group (it said so): count it plain. */
		evlist__group_plain(evlist,
				    evsel->leader ? evsel->leader : evsel);
		evsel->ops = ops = &plain_counter_ops;
		ret = ops->load(evsel, target);
	}
	if (ret == -EOPNOTSUPP) {
		/* <not supported>: the run goes on without it. */
		ops->destroy(evsel);
		evsel->supported = false;
		if (!evsel->open_errno)
			evsel->open_errno = -ret;
		if (verbose) {
			struct perf_error why;

			counter__error(evsel, evsel->open_errno, &why);
			pr_debug("%s", why.msg);
		}
	} else if (ret) {
		return counter__error(evsel, ret, err);
	}
	if (evsel__alloc_counts(evsel))
		return perf_error__set(err, -ENOMEM, "%s: %s", evsel->name,
				       strerror(ENOMEM));
	return 0;
}

/*
 * Every event's backend, decided before any loads: bperf for --use-bpf
 * or :b (never a tool event), plain otherwise, and plain for every
 * member of a group that bperf cannot take as one, said on one line.
 * A load gives an event back (-EAGAIN) only where the kernel refuses
 * bperf a group: its members together, or one it lacks.
 */
static void evlist__choose_backends(struct evlist *evlist,
				    const struct target *target)
{
	struct evsel *evsel;

	evlist__for_each_entry(evlist, evsel) {
		evsel->evlist = evlist;
		if (target->use_bpf)
			evsel->use_bpf = true;
		if (evsel->tool_event)
			evsel->use_bpf = false; /* never given to a leader */
		if (evsel->use_bpf)
			bperf__set_key(evsel);
	}
	evlist__for_each_entry(evlist, evsel) {
		const char *refusal;
		char name[256];

		if (evsel->leader != evsel || evsel->nr_members <= 1 ||
		    !evlist__group_any_bpf(evlist, evsel))
			continue;
		refusal = bperf__group_refusal(evsel);
		if (!refusal)
			continue;
		evlist__group_name(evlist, evsel, name, sizeof(name));
		pr_warning("bperf: counting group '%s' without bperf: %s", name,
			   refusal);
		evlist__group_plain(evlist, evsel);
	}
}

int evlist__load_counters(struct evlist *evlist, struct target *target,
			  bool enable_on_exec, struct perf_error *err)
{
	struct evsel *evsel;

	evlist__split_cpumask_groups(evlist);
	evlist__choose_backends(evlist, target);
	evlist__for_each_entry(evlist, evsel) {
		int ret = evsel__load_counter(evsel, evlist, target,
					      enable_on_exec, err);

		if (ret)
			return ret;
	}
	return bperf__start_tasks(err);
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
		struct perf_error why;
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
		counter__error(evsel, ret, &why);
		perf_error__set(err, ret, "cannot %s %s", what[op], why.msg);
		perf_error__hint(err, "%s", why.hint);
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

/* An EMFILE's advice: the open file limit, and how to raise it. */
static void counter__hint_nofile(struct perf_error *e)
{
	struct rlimit rl;

	if (!getrlimit(RLIMIT_NOFILE, &rl) && rl.rlim_cur != RLIM_INFINITY)
		perf_error__hint(
			e,
			"one file is needed per event and CPU or thread: raise the limit of %llu with 'ulimit -n'",
			(unsigned long long)rl.rlim_cur);
	else
		perf_error__hint(e,
				 "raise the open file limit with 'ulimit -n'");
}

/* A tracepoint the kernel refused its --filter for. */
static int counter__filter_error(const struct evsel *evsel, int errnum,
				 struct perf_error *e)
{
	const char *dir = tracepoint__events_dir();

	perf_error__set(e, -errnum, "%s: cannot set filter '%s': %s",
			evsel->name, evsel->filter, strerror(errnum));
	perf_error__hint(e, "the fields a filter may test are in %s/%s/format",
			 dir ? dir : "<tracefs>/events", evsel->name);
	/* sys:name is the folder sys/name */
	if (strchr(e->hint, ':'))
		*strrchr(e->hint, ':') = '/';
	return -errnum;
}

int counter__error(const struct evsel *evsel, int err, struct perf_error *e)
{
	const char *name = evsel && evsel->name ? evsel->name : "event";
	bool bpf = evsel && evsel->use_bpf;
	int errnum = err < 0 ? -err : err;

	if (evsel && evsel->ops && evsel->ops->error) {
		evsel->ops->error(evsel, -errnum, e);
		return -errnum;
	}
	perf_error__set(e, -errnum, "%s: %s", name, strerror(errnum));
	switch (errnum) {
	case EACCES:
	case EPERM:
		if (bpf)
			perf_error__hint(
				e,
				"bperf needs root, or CAP_BPF with CAP_PERFMON");
		else
			perf_error__hint(
				e,
				"perf_event_paranoid is %d: lower /proc/sys/kernel/perf_event_paranoid or grant CAP_PERFMON",
				perf_event_paranoid());
		break;
	case EMFILE:
		counter__hint_nofile(e);
		break;
	case ESRCH:
		perf_error__set(e, -errnum, "%s: the counted task is gone (%s)",
				name, strerror(errnum));
		break;
	case ENOENT:
	case EOPNOTSUPP:
	case ENODEV:
		if (!bpf)
			perf_error__set(e, -errnum,
					"%s: not supported on this machine",
					name);
		break;
	case EBUSY:
		perf_error__hint(e, "another tool holds the PMU exclusively");
		break;
	case EINVAL:
		if (evsel && evsel->filter)
			return counter__filter_error(evsel, errnum, e);
		if (evsel && evsel->cgrp)
			perf_error__hint(
				e,
				"cgroup events need a CPU target (-a or -C)");
		break;
	default:
		break;
	}
	return -errnum;
}
