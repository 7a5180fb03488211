/* SPDX-License-Identifier: GPL-2.0 */
/*
 * What the timed helpers of make bench (pingpong, faults) share: their
 * options, -c CPU (pin to it), -n COUNT (the work of a timed run), -r
 * REPEATS (timed runs) and -w (print what a session attaches to, then
 * wait for SIGUSR1 before the first timed run), and that wait.
 */
#ifndef BENCH_HELPER_H
#define BENCH_HELPER_H

#include <errno.h>
#include <sched.h>
#include <signal.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

struct bench_opts {
	int cpu; /* -1: not pinned */
	long count;
	long repeats;
	bool wait_go;
	sigset_t old_mask; /* the mask before SIGUSR1 was blocked */
};

static volatile sig_atomic_t bench_go;

static void bench__on_usr1(int sig)
{
	(void)sig;
	bench_go = 1;
}

/*
 * Parse the options into o (count and repeats keep their defaults unless
 * given), pin to -c's CPU and block SIGUSR1, so that none is lost before
 * bench__wait_go.  For the messages: name, and -n's argument (arg, as
 * "PAGES") and noun (as "page").  Returns 0, or the exit status after a
 * one-line error.
 */
static inline int bench__setup(struct bench_opts *o, int argc, char **argv,
			       const char *name, const char *arg,
			       const char *noun)
{
	sigset_t usr1;
	int opt;

	o->cpu = -1;
	o->wait_go = false;
	while ((opt = getopt(argc, argv, "c:n:r:w")) != -1) {
		switch (opt) {
		case 'c':
			o->cpu = atoi(optarg);
			break;
		case 'n':
			o->count = atol(optarg);
			break;
		case 'r':
			o->repeats = atol(optarg);
			break;
		case 'w':
			o->wait_go = true;
			break;
		default:
			fprintf(stderr,
				"usage: %s [-c CPU] [-n %s] [-r REPEATS] [-w]\n",
				name, arg);
			return 2;
		}
	}
	if (o->count <= 0 || o->repeats <= 0) {
		fprintf(stderr, "%s: error: bad %s or repeat count\n", name,
			noun);
		return 2;
	}
	if (o->cpu >= 0) {
		cpu_set_t set;

		CPU_ZERO(&set);
		CPU_SET(o->cpu, &set);
		if (sched_setaffinity(0, sizeof(set), &set)) {
			fprintf(stderr, "%s: error: cannot pin to CPU %d: %s\n",
				name, o->cpu, strerror(errno));
			return 1;
		}
	}
	signal(SIGUSR1, bench__on_usr1);
	sigemptyset(&usr1);
	sigaddset(&usr1, SIGUSR1);
	sigprocmask(SIG_BLOCK, &usr1, &o->old_mask);
	return 0;
}

/* -w: wait for SIGUSR1, once the caller has printed what to attach to. */
static inline void bench__wait_go(struct bench_opts *o)
{
	fflush(stdout);
	while (!bench_go)
		sigsuspend(&o->old_mask);
}

#endif /* BENCH_HELPER_H */
