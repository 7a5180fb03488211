// SPDX-License-Identifier: GPL-2.0
/*
 * pingpong: the cost of a context switch, as two processes pinned to one
 * CPU that bounce a byte through two pipes.  Every round trip is two
 * switches (parent -> child -> parent), so ns per switch = elapsed / 2N.
 *
 *   pingpong [-c CPU] [-n ROUNDS] [-r REPEATS] [-w]
 *
 * -w prints "pids PARENT CHILD" first and waits for SIGUSR1 before it
 * starts the clock, so that counting sessions can attach to both pids.
 * Each of the REPEATS timed runs of ROUNDS round trips prints one line:
 * "ns_per_switch X cpu_ns_per_switch C rounds N elapsed_ns E", where C
 * counts only the CPU time of the two processes (from schedstat): on a
 * busy machine it leaves out the time other tasks ran on that CPU.
 */
#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "helper.h"

static unsigned long long now_ns(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec * 1000000000ULL + ts.tv_nsec;
}

/* Time pid has run on a CPU (ns), from /proc/PID/schedstat; 0 if unknown. */
static unsigned long long run_ns(pid_t pid)
{
	unsigned long long ns = 0;
	char path[64];
	FILE *f;

	snprintf(path, sizeof(path), "/proc/%d/schedstat", (int)pid);
	f = fopen(path, "r");
	if (!f)
		return 0;
	if (fscanf(f, "%llu", &ns) != 1)
		ns = 0;
	fclose(f);
	return ns;
}

static int xfer(int rfd, int wfd, char *c)
{
	if (wfd >= 0 && write(wfd, c, 1) != 1)
		return -1;
	if (rfd >= 0 && read(rfd, c, 1) != 1)
		return -1;
	return 0;
}

int main(int argc, char **argv)
{
	struct bench_opts o = { .count = 100000, .repeats = 1 };
	unsigned long long start, elapsed, run_start, run;
	int to_child[2], to_parent[2], status, err;
	pid_t child;
	char c = 'x';

	err = bench__setup(&o, argc, argv, "pingpong", "ROUNDS", "round");
	if (err)
		return err;
	if (pipe(to_child) || pipe(to_parent)) {
		perror("pingpong: error: pipe");
		return 1;
	}
	child = fork();
	if (child < 0) {
		perror("pingpong: error: fork");
		return 1;
	}
	if (child == 0) {
		/* Echo until the parent closes its end (inherits the pin). */
		close(to_child[1]);
		close(to_parent[0]);
		while (read(to_child[0], &c, 1) == 1) {
			if (write(to_parent[1], &c, 1) != 1)
				_exit(1);
		}
		_exit(0);
	}
	close(to_child[0]);
	close(to_parent[1]);

	if (o.wait_go) {
		printf("pids %d %d\n", (int)getpid(), (int)child);
		bench__wait_go(&o);
	}
	/* Warm up: a few round trips outside the clock. */
	for (int i = 0; i < 1000; i++) {
		if (xfer(to_parent[0], to_child[1], &c))
			goto broken;
	}
	for (long r = 0; r < o.repeats; r++) {
		run_start = run_ns(getpid()) + run_ns(child);
		start = now_ns();
		for (long i = 0; i < o.count; i++) {
			if (xfer(to_parent[0], to_child[1], &c))
				goto broken;
		}
		elapsed = now_ns() - start;
		run = run_ns(getpid()) + run_ns(child) - run_start;
		printf("ns_per_switch %.1f cpu_ns_per_switch %.1f rounds %ld elapsed_ns %llu\n",
		       (double)elapsed / (2.0 * o.count),
		       (double)run / (2.0 * o.count), o.count, elapsed);
		fflush(stdout);
	}
	close(to_child[1]);
	waitpid(child, &status, 0);
	return 0;
broken:
	fprintf(stderr, "pingpong: error: pipe broke: %s\n", strerror(errno));
	kill(child, SIGKILL);
	return 1;
}
