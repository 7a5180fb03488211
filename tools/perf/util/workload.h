/* SPDX-License-Identifier: GPL-2.0 */
#ifndef PERF_UTIL_WORKLOAD_H
#define PERF_UTIL_WORKLOAD_H

/*
 * The command perf stat runs and counts ("perf stat -- cmd args"):
 * forked first and parked, so that the counters can be set up on its
 * pid, then let go to exec, reaped, and its exit status passed on.
 */

#include <signal.h>
#include <stdbool.h>
#include <sys/resource.h>
#include <sys/types.h>

struct workload {
	pid_t pid; /* 0: none forked */
	int go_fd; /* write one byte: exec now */
	int err_fd; /* EOF: exec succeeded; an int: exec's errno */
	int status; /* from wait4() */
	bool exited;
	bool stopped; /* ended by perf (--timeout, ...): exit status 0 */
	struct rusage ru;
};

/*
 * Fork argv[0] (found in $PATH) and park it.  The child runs with
 * child_mask and the default handlers of the signals perf stat catches
 * (SIGCHLD, SIGINT, SIGTERM, SIGHUP).  Returns 0 or a negative errno.
 */
int workload__prepare(struct workload *wl, const char **argv,
		      const sigset_t *child_mask);
/* Let it exec.  Returns 0, or the negative errno of a failed exec. */
int workload__start(struct workload *wl);
/* Has it exited?  Waits for it when block; fills status and ru. */
bool workload__reap(struct workload *wl, bool block);
/* Ask it to end (SIGTERM); its exit status is then 0, as perf does. */
void workload__stop(struct workload *wl);
/* A workload that never ran: EOF on its pipe makes it exit, reaped. */
void workload__abandon(struct workload *wl);
/* Its exit status as perf stat's: 128 + signal if a signal killed it. */
int workload__exit_status(const struct workload *wl);

#endif /* PERF_UTIL_WORKLOAD_H */
