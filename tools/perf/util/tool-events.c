// SPDX-License-Identifier: GPL-2.0
/*
 * The tool events and their counting backend: duration_time, user_time
 * and system_time, computed in user space as perf computes them.
 *
 *   duration_time  wall-clock ns from enable to now (to disable once
 *                  disabled), in the first CPU and thread slot only
 *   user_time      CPU time in ns, user or system mode: of each counted
 *   system_time    thread (/proc/T/task/T/stat, plus the times of the
 *                  children it waited for when T leads its process), or
 *                  of each counted CPU (/proc/stat) when counting CPUs;
 *                  a reaped workload's from its wait4() rusage
 *
 * enabled and running are the wall time since enable, so they are never
 * scaled and a zero prints as 0, not <not counted>.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>
#include <linux/types.h>

#include "counter.h"
#include "cpumap.h"
#include "evsel.h"
#include "thread_map.h"
#include "tool-events.h"

static const char *const tool_event_names[TOOL_EVENT_MAX] = {
	[TOOL_EVENT_DURATION_TIME] = "duration_time",
	[TOOL_EVENT_USER_TIME] = "user_time",
	[TOOL_EVENT_SYSTEM_TIME] = "system_time",
};

enum tool_event tool_event__find(const char *name, size_t len)
{
	for (int ev = TOOL_EVENT_NONE + 1; ev < TOOL_EVENT_MAX; ev++) {
		if (strlen(tool_event_names[ev]) == len &&
		    !strncmp(tool_event_names[ev], name, len))
			return ev;
	}
	return TOOL_EVENT_NONE;
}

const char *tool_event__name(enum tool_event ev)
{
	return ev > TOOL_EVENT_NONE && ev < TOOL_EVENT_MAX ?
		       tool_event_names[ev] :
		       NULL;
}

/* The last workload reaped, and its rusage. */
static pid_t reaped_pid;
static struct rusage reaped_ru;

void tool_events__workload_reaped(pid_t pid, const struct rusage *ru)
{
	reaped_pid = pid;
	if (pid && ru)
		reaped_ru = *ru;
	else
		memset(&reaped_ru, 0, sizeof(reaped_ru));
}

struct tool_counter {
	int ncpus;
	int nthreads;
	bool cpu_wide; /* /proc/stat per CPU, not tasks */
	bool enabled;
	__u64 start_ns, stop_ns;
	/* per [cpu idx * nthreads + thread idx]: */
	bool *leads; /* the thread leads its process: add its children */
	__u64 *start; /* CPU time (ns) at enable */
	__u64 *last; /* last CPU time read (kept once the task is gone) */
};

static __u64 tool__now_ns(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (__u64)ts.tv_sec * 1000000000ULL + ts.tv_nsec;
}

static __u64 ticks_to_ns(unsigned long long ticks)
{
	long hz = sysconf(_SC_CLK_TCK);

	return (__u64)ticks * (1000000000ULL / (hz > 0 ? hz : 100));
}

static __u64 timeval_to_ns(const struct timeval *tv)
{
	return (__u64)tv->tv_sec * 1000000000ULL + (__u64)tv->tv_usec * 1000;
}

static bool tool__system(const struct evsel *evsel)
{
	return evsel->tool_event == TOOL_EVENT_SYSTEM_TIME;
}

/* Does tid lead its process (Tgid == tid in /proc/tid/status)? */
static bool tool__leads_process(pid_t tid)
{
	char path[64], line[256];
	bool leads = false;
	FILE *f;

	snprintf(path, sizeof(path), "/proc/%d/status", (int)tid);
	f = fopen(path, "re");
	if (!f)
		return false;
	while (fgets(line, sizeof(line), f)) {
		int tgid;

		if (sscanf(line, "Tgid: %d", &tgid) == 1) {
			leads = tgid == (int)tid;
			break;
		}
	}
	fclose(f);
	return leads;
}

/*
 * CPU time of thread tid in ns, user or system mode (fields 14 and 15 of
 * its stat; with children, 16 and 17 too).  0 or a negative errno.
 */
static int tool__thread_time(pid_t tid, bool system, bool children, __u64 *ns)
{
	unsigned long long utime, stime, cutime, cstime;
	char path[96], buf[1024];
	const char *p;
	size_t n;
	FILE *f;

	snprintf(path, sizeof(path), "/proc/%d/task/%d/stat", (int)tid,
		 (int)tid);
	f = fopen(path, "re");
	if (!f)
		return -errno;
	n = fread(buf, 1, sizeof(buf) - 1, f);
	fclose(f);
	buf[n] = '\0';
	/* the command name may hold anything: the fields follow its ')' */
	p = strrchr(buf, ')');
	if (!p ||
	    sscanf(p + 1,
		   " %*c %*d %*d %*d %*d %*d %*u %*u %*u %*u %*u %llu %llu %llu %llu",
		   &utime, &stime, &cutime, &cstime) != 4)
		return -EINVAL;
	if (!children)
		cutime = cstime = 0;
	*ns = ticks_to_ns(system ? stime + cstime : utime + cutime);
	return 0;
}

/* User or system time of every CPU of cpus in ns, from /proc/stat. */
static int tool__cpu_times(const struct perf_cpu_map *cpus, bool system,
			   __u64 *ns)
{
	char line[512];
	FILE *f = fopen("/proc/stat", "re");

	if (!f)
		return -errno;
	while (fgets(line, sizeof(line), f)) {
		unsigned long long user, nice, sys;
		int cpu;

		if (sscanf(line, "cpu%d %llu %llu %llu", &cpu, &user, &nice,
			   &sys) != 4)
			continue;
		for (int c = 0; c < cpus->nr; c++) {
			if (cpus->map[c] == cpu)
				ns[c] = ticks_to_ns(system ? sys : user);
		}
	}
	fclose(f);
	return 0;
}

/* The CPU time of every slot now into tc->last (kept where gone). */
static int tool__read_times(struct evsel *evsel, struct tool_counter *tc)
{
	bool system = tool__system(evsel);

	if (tc->cpu_wide)
		return tool__cpu_times(evsel->cpus, system, tc->last);
	for (int t = 0; t < tc->nthreads; t++) {
		pid_t tid = evsel->threads->map[t];
		__u64 ns;

		if (reaped_pid && tid == reaped_pid) {
			const struct timeval *tv = system ?
							   &reaped_ru.ru_stime :
							   &reaped_ru.ru_utime;

			tc->last[t] = timeval_to_ns(tv);
			continue;
		}
		if (!tool__thread_time(tid, system, tc->leads[t], &ns))
			tc->last[t] = ns;
	}
	return 0;
}

static int tool__destroy(struct evsel *evsel)
{
	struct tool_counter *tc = evsel->priv;

	if (!tc || evsel->ops != &tool_counter_ops)
		return 0;
	free(tc->leads);
	free(tc->start);
	free(tc->last);
	free(tc);
	evsel->priv = NULL;
	return 0;
}

static int tool__load(struct evsel *evsel, struct target *target)
{
	struct tool_counter *tc;
	int n;

	(void)target;
	if (evsel->tool_event <= TOOL_EVENT_NONE ||
	    evsel->tool_event >= TOOL_EVENT_MAX)
		return -EINVAL;
	tc = calloc(1, sizeof(*tc));
	if (!tc)
		return -ENOMEM;
	evsel->priv = tc;
	evsel->ops = &tool_counter_ops;
	tc->ncpus = evsel->cpus->nr;
	tc->nthreads = evsel->threads->nr;
	tc->cpu_wide = evsel->threads->map[0] == -1;
	n = tc->cpu_wide ? tc->ncpus : tc->nthreads;
	tc->leads = calloc(n, sizeof(*tc->leads));
	tc->start = calloc(n, sizeof(*tc->start));
	tc->last = calloc(n, sizeof(*tc->last));
	if (!tc->leads || !tc->start || !tc->last) {
		tool__destroy(evsel);
		return -ENOMEM;
	}
	for (int t = 0; !tc->cpu_wide && t < n; t++)
		tc->leads[t] = tool__leads_process(evsel->threads->map[t]);
	return 0;
}

static int tool__enable(struct evsel *evsel)
{
	struct tool_counter *tc = evsel->priv;
	int n = tc->cpu_wide ? tc->ncpus : tc->nthreads;
	int err = 0;

	if (evsel->tool_event != TOOL_EVENT_DURATION_TIME) {
		err = tool__read_times(evsel, tc);
		memcpy(tc->start, tc->last, n * sizeof(*tc->start));
	}
	tc->start_ns = tool__now_ns();
	tc->enabled = true;
	return err;
}

static int tool__disable(struct evsel *evsel)
{
	struct tool_counter *tc = evsel->priv;

	if (!tc->enabled)
		return 0;
	tc->stop_ns = tool__now_ns();
	tc->enabled = false;
	if (evsel->tool_event == TOOL_EVENT_DURATION_TIME)
		return 0;
	return tool__read_times(evsel, tc);
}

static int tool__read(struct evsel *evsel)
{
	struct tool_counter *tc = evsel->priv;
	__u64 wall;
	int err;

	if (!tc || !evsel->counts)
		return 0;
	perf_counts__reset(evsel->counts);
	if (!tc->start_ns)
		return 0; /* never enabled: <not counted> */
	wall = (tc->enabled ? tool__now_ns() : tc->stop_ns) - tc->start_ns;
	if (evsel->tool_event == TOOL_EVENT_DURATION_TIME) {
		struct perf_counts_values *v = perf_counts(evsel->counts, 0, 0);

		v->val = v->ena = v->run = wall;
		return 0;
	}
	if (tc->enabled) {
		err = tool__read_times(evsel, tc);
		if (err)
			return err;
	}
	for (int i = 0; i < (tc->cpu_wide ? tc->ncpus : tc->nthreads); i++) {
		struct perf_counts_values *v =
			tc->cpu_wide ? perf_counts(evsel->counts, i, 0) :
				       perf_counts(evsel->counts, 0, i);

		v->val = tc->last[i] > tc->start[i] ?
				 tc->last[i] - tc->start[i] :
				 0;
		v->ena = v->run = wall;
	}
	return 0;
}

const struct counter_ops tool_counter_ops = {
	.name = "tool",
	.load = tool__load,
	.enable = tool__enable,
	.disable = tool__disable,
	.read = tool__read,
	.destroy = tool__destroy,
};
