// SPDX-License-Identifier: GPL-2.0
/*
 * The plain counting backend: one perf_event per CPU (system-wide, -C,
 * cgroups) or per thread (-p, -t, a workload) for this session alone, as
 * perf stat has always counted.  A group's members are opened in their
 * leader's group on each CPU and thread, and follow its enable and
 * disable.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/syscall.h>
#include <unistd.h>
#include <linux/perf_event.h>

#include "cgroup.h"
#include "counter.h"
#include "cpumap.h"
#include "evsel.h"
#include "target.h"
#include "thread_map.h"

struct plain_counter {
	int ncpus;
	int nthreads;
	/* enable_on_exec: the kernel enables at exec, skip the first enable */
	bool enable_pending_exec;
	int fds[]; /* [cpu idx * nthreads + thread idx], -1 if not open */
};

static int *plain__fd(struct plain_counter *pc, int cpu_idx, int thread_idx)
{
	return &pc->fds[cpu_idx * pc->nthreads + thread_idx];
}

static int sys_perf_event_open(struct perf_event_attr *attr, pid_t pid, int cpu,
			       int group_fd, unsigned long flags)
{
	return (int)syscall(__NR_perf_event_open, attr, pid, cpu, group_fd,
			    flags);
}

static bool plain__is_hardware(const struct evsel *evsel)
{
	return evsel->attr.type == PERF_TYPE_HARDWARE ||
	       evsel->attr.type == PERF_TYPE_HW_CACHE ||
	       evsel->attr.type == PERF_TYPE_RAW;
}

/* Errors that mean "this machine cannot count this event". */
static bool plain__unsupported(const struct evsel *evsel, int err)
{
	return err == ENOENT || err == EOPNOTSUPP || err == ENODEV ||
	       (err == EINVAL && plain__is_hardware(evsel));
}

/* The leader's open fds, when the leader is counted here too. */
static struct plain_counter *plain__leader(const struct evsel *evsel)
{
	const struct evsel *leader = evsel->leader;

	if (!leader || leader == evsel || leader->ops != &plain_counter_ops ||
	    !leader->supported)
		return NULL;
	return leader->priv;
}

static int plain__destroy(struct evsel *evsel)
{
	struct plain_counter *pc = evsel->priv;

	if (!pc || evsel->ops != &plain_counter_ops)
		return 0;
	for (int i = 0; i < pc->ncpus * pc->nthreads; i++) {
		if (pc->fds[i] >= 0)
			close(pc->fds[i]);
	}
	free(pc);
	evsel->priv = NULL;
	return 0;
}

/*
 * As perf does: where the kernel refuses to count kernel mode to this user
 * (perf_event_paranoid 2), count user mode only and say so in the name
 * ("task-clock:u").  Returns true when attr was changed for a retry.
 */
static bool plain__fallback_user(struct evsel *evsel,
				 struct perf_event_attr *attr, int err)
{
	const char *sep;
	char *name;

	if ((err != EACCES && err != EPERM) || attr->exclude_kernel)
		return false;
	sep = strchr(evsel->name, '/') || strchr(evsel->name, ':') ? "" : ":";
	/* a tracepoint's name has a ':' of its own: sys:name:u */
	if (evsel->attr.type == PERF_TYPE_TRACEPOINT &&
	    strchr(evsel->name, ':') == strrchr(evsel->name, ':'))
		sep = ":";
	if (asprintf(&name, "%s%su", evsel->name, sep) < 0)
		return false;
	free(evsel->name);
	evsel->name = name;
	attr->exclude_kernel = evsel->attr.exclude_kernel = 1;
	attr->exclude_hv = evsel->attr.exclude_hv = 1;
	return true;
}

/* The fds of one event, all closed: -1. */
static struct plain_counter *plain_counter__new(int ncpus, int nthreads)
{
	struct plain_counter *pc;

	pc = calloc(1, sizeof(*pc) + (size_t)ncpus * nthreads * sizeof(int));
	if (!pc)
		return NULL;
	pc->ncpus = ncpus;
	pc->nthreads = nthreads;
	for (int i = 0; i < ncpus * nthreads; i++)
		pc->fds[i] = -1;
	return pc;
}

/*
 * Open attr on every CPU and thread (in the leader's group, where the
 * leader opened).  Returns 0 or the errno of the first failure.
 */
static int plain__open_all(struct evsel *evsel, struct perf_event_attr *attr,
			   struct plain_counter *leader, bool skip_gone)
{
	struct plain_counter *pc = evsel->priv;
	bool cpu_wide = evsel->threads->map[0] == -1;
	unsigned long flags = PERF_FLAG_FD_CLOEXEC;

	if (evsel->cgrp)
		flags |= PERF_FLAG_PID_CGROUP;
	for (int c = 0; c < pc->ncpus; c++) {
		for (int t = 0; t < pc->nthreads; t++) {
			int cpu = evsel->cpus->map[c];
			pid_t pid = evsel->threads->map[t];
			int group_fd = leader ? *plain__fd(leader, c, t) : -1;
			int fd;

			if (evsel->cgrp)
				pid = evsel->cgrp->fd;
			if (leader && group_fd < 0)
				continue; /* the leader skipped this slot */
			fd = sys_perf_event_open(attr, pid, cpu, group_fd,
						 flags);
			if (fd < 0 && !c && !t && !cpu_wide &&
			    plain__fallback_user(evsel, attr, errno))
				fd = sys_perf_event_open(attr, pid, cpu,
							 group_fd, flags);
			if (fd < 0 && errno == ESRCH && skip_gone)
				continue;
			if (fd < 0)
				return errno;
			*plain__fd(pc, c, t) = fd;
		}
	}
	return 0;
}

/* --filter of a tracepoint on every fd: 0 or the kernel's errno. */
static int plain__set_filter(struct evsel *evsel)
{
	struct plain_counter *pc = evsel->priv;

	for (int i = 0; evsel->filter && i < pc->ncpus * pc->nthreads; i++) {
		if (pc->fds[i] >= 0 &&
		    ioctl(pc->fds[i], PERF_EVENT_IOC_SET_FILTER,
			  evsel->filter) < 0)
			return errno;
	}
	return 0;
}

static int plain__load(struct evsel *evsel, struct target *target)
{
	struct plain_counter *pc, *leader = plain__leader(evsel);
	bool member = evsel->leader && evsel->leader != evsel;
	/* -a --per-thread: threads may exit between listing and opening */
	bool skip_gone = target && target->per_thread && target->system_wide &&
			 !target->pid && !target->tid;
	struct perf_event_attr attr = evsel->attr;
	int err;

	/*
	 * A group cannot be scheduled without its leader; a weak group's
	 * member then counts alone, as perf splits a weak group it cannot
	 * count as one (cycles of {cycles,page-faults}:W not supported).
	 */
	if (member && !leader && evsel->leader->ops == &plain_counter_ops &&
	    !evsel->weak_group) {
		evsel->open_errno = evsel->leader->open_errno;
		return evsel->leader->open_errno ? -EOPNOTSUPP : -EINVAL;
	}

	err = evsel__alloc_counts(evsel);
	if (err)
		return err;
	pc = plain_counter__new(evsel->cpus->nr, evsel->threads->nr);
	if (!pc)
		return -ENOMEM;
	evsel->priv = pc;
	evsel->ops = &plain_counter_ops;

	attr.size = sizeof(attr);
	attr.read_format = PERF_FORMAT_TOTAL_TIME_ENABLED |
			   PERF_FORMAT_TOTAL_TIME_RUNNING;
	if (evsel->threads->map[0] == -1)
		attr.inherit = 0; /* counting a CPU, not a task */
	if (leader) {
		/* Members follow their leader's enable and disable. */
		attr.disabled = 0;
		attr.enable_on_exec = 0;
	} else {
		attr.disabled = 1;
	}
	pc->enable_pending_exec = attr.enable_on_exec;

	err = plain__open_all(evsel, &attr, leader, skip_gone);
	evsel->open_errno = err;
	if (!err) {
		err = plain__set_filter(evsel);
		if (!err)
			return 0;
		plain__destroy(evsel);
		return -err; /* a bad filter is an error, not unsupported */
	}
	plain__destroy(evsel);
	if (plain__unsupported(evsel, err))
		return -EOPNOTSUPP;
	return -err;
}

static int plain__ioctl_all(struct evsel *evsel, unsigned long request)
{
	struct plain_counter *pc = evsel->priv;

	if (!pc)
		return 0;
	for (int i = 0; i < pc->ncpus * pc->nthreads; i++) {
		if (pc->fds[i] >= 0 && ioctl(pc->fds[i], request, 0) < 0)
			return -errno;
	}
	return 0;
}

static int plain__enable(struct evsel *evsel)
{
	struct plain_counter *pc = evsel->priv;

	if (pc && pc->enable_pending_exec) {
		/* The kernel enables it when the workload execs. */
		pc->enable_pending_exec = false;
		return 0;
	}
	return plain__ioctl_all(evsel, PERF_EVENT_IOC_ENABLE);
}

static int plain__disable(struct evsel *evsel)
{
	return plain__ioctl_all(evsel, PERF_EVENT_IOC_DISABLE);
}

static int plain__read(struct evsel *evsel)
{
	struct plain_counter *pc = evsel->priv;

	if (!pc || !evsel->counts)
		return 0;
	for (int c = 0; c < pc->ncpus; c++) {
		for (int t = 0; t < pc->nthreads; t++) {
			struct perf_counts_values *v =
				perf_counts(evsel->counts, c, t);
			int fd = *plain__fd(pc, c, t);
			__u64 buf[3];
			ssize_t n;

			if (fd < 0) {
				memset(v, 0, sizeof(*v));
				continue;
			}
			n = read(fd, buf, sizeof(buf));
			if (n < 0)
				return -errno;
			if (n != sizeof(buf))
				return -EIO;
			v->val = buf[0];
			v->ena = buf[1];
			v->run = buf[2];
		}
	}
	return 0;
}

const struct counter_ops plain_counter_ops = {
	.name = "plain",
	.load = plain__load,
	.enable = plain__enable,
	.disable = plain__disable,
	.read = plain__read,
	.destroy = plain__destroy,
};
