// SPDX-License-Identifier: GPL-2.0
/*
 * bperf leaders of page faults: which fault hook a new leader gets (enum
 * bperf_fault_hook in bpf_skel/bperf.h), decided from the running
 * kernel's BTF, never from its version: its page_fault_user and _kernel
 * tracepoints where it has them (x86), else the leader's own event
 * sampling every fault (arm64, and any kernel without them), for a single
 * event; a group there has none.  And the checks a session makes of a
 * leader's choice, created or taken.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>

#include <linux/perf_event.h>

#include <bpf/bpf.h>

#include "bperf-priv.h"

static bool kernel__has_fault_tracepoints(void)
{
	return bperf__kernel_has_tracepoint("page_fault_user") &&
	       bperf__kernel_has_tracepoint("page_fault_kernel");
}

__u32 bperf_fault__choose(const struct bperf_events *ev)
{
	/*
	 * For the tests: PERF_BPERF_FAULT_HOOK=event takes the hook of
	 * kernels without the tracepoints where they are (x86 tests that
	 * path too), =none no hook at all (what the hooks change).
	 */
	const char *force = getenv("PERF_BPERF_FAULT_HOOK");

	if (!bperf_events__fault_members(ev) ||
	    (force && !strcmp(force, "none")))
		return BPERF_FAULT_HOOK_NONE;
	if ((!force || strcmp(force, "event")) &&
	    kernel__has_fault_tracepoints())
		return BPERF_FAULT_HOOK_TRACEPOINTS;
	return ev->nr_members == 1 ? BPERF_FAULT_HOOK_EVENT :
				     BPERF_FAULT_HOOK_NONE;
}

bool bperf_fault__valid(__u32 hook, const struct bperf_events *ev)
{
	bool faults = bperf_events__fault_members(ev) != 0;

	switch (hook) {
	case BPERF_FAULT_HOOK_NONE: /* PERF_BPERF_FAULT_HOOK=none too */
		return true;
	case BPERF_FAULT_HOOK_TRACEPOINTS:
		return faults;
	case BPERF_FAULT_HOOK_EVENT:
		return faults && ev->nr_members == 1;
	default:
		return false;
	}
}

/*
 * The program on a leader's events must not hold the events map: each
 * event holds the program it runs, so the program, its maps and the
 * events would keep one another alive for good.
 */
static int fault_prog__check(int prog_fd, int events_fd, struct perf_error *e)
{
	struct bpf_prog_info info = {};
	__u32 ids[16] = {}, len = sizeof(info), events_id;

	info.nr_map_ids = 16;
	info.map_ids = (__u64)(unsigned long)ids;
	if (bpf_obj_get_info_by_fd(prog_fd, &info, &len) ||
	    bperf__map_id(events_fd, &events_id))
		return perf_error__set(e, -errno, "bpf prog info: %s",
				       strerror(errno));
	for (__u32 i = 0; i < info.nr_map_ids && i < 16; i++) {
		if (ids[i] == events_id)
			return perf_error__set(
				e, -EINVAL,
				"the bperf fault program uses the events it runs on: refusing to attach it");
	}
	return 0;
}

void bperf_fault__attr(__u32 hook, struct perf_event_attr *attr)
{
	if (hook != BPERF_FAULT_HOOK_EVENT)
		return;
	/* A sample of every fault, right after it is counted. */
	attr->sample_period = 1;
}

int bperf_fault__attach(__u32 hook, int event_fd, int prog_fd, int events_fd,
			struct perf_error *e)
{
	int err;

	if (hook != BPERF_FAULT_HOOK_EVENT)
		return 0;
	err = fault_prog__check(prog_fd, events_fd, e);
	if (err)
		return err;
	if (ioctl(event_fd, PERF_EVENT_IOC_SET_BPF, prog_fd))
		return perf_error__set(
			e, -errno,
			"cannot attach the bperf fault program to its event: %s",
			strerror(errno));
	return 0;
}
