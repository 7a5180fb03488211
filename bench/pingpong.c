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
#include <sched.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

static volatile sig_atomic_t pingpong_go;

static void pingpong__on_usr1(int sig)
{
	(void)sig;
	pingpong_go = 1;
}

static int pin_to(int cpu)
{
	cpu_set_t set;

	CPU_ZERO(&set);
	CPU_SET(cpu, &set);
	return sched_setaffinity(0, sizeof(set), &set) ? -errno : 0;
}

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
	long rounds = 100000, repeats = 1;
	int cpu = -1, wait_go = 0, opt, to_child[2], to_parent[2];
	unsigned long long start, elapsed, run_start, run;
	sigset_t usr1, old;
	pid_t child;
	char c = 'x';
	int status;

	while ((opt = getopt(argc, argv, "c:n:r:w")) != -1) {
		switch (opt) {
		case 'c':
			cpu = atoi(optarg);
			break;
		case 'n':
			rounds = atol(optarg);
			break;
		case 'r':
			repeats = atol(optarg);
			break;
		case 'w':
			wait_go = 1;
			break;
		default:
			fprintf(stderr,
				"usage: pingpong [-c CPU] [-n ROUNDS] [-r REPEATS] [-w]\n");
			return 2;
		}
	}
	if (rounds <= 0 || repeats <= 0) {
		fprintf(stderr, "pingpong: error: bad round or repeat count\n");
		return 2;
	}
	if (cpu >= 0 && pin_to(cpu)) {
		fprintf(stderr, "pingpong: error: cannot pin to CPU %d: %s\n",
			cpu, strerror(errno));
		return 1;
	}
	/* Block SIGUSR1 now so that none is lost before sigsuspend(). */
	signal(SIGUSR1, pingpong__on_usr1);
	sigemptyset(&usr1);
	sigaddset(&usr1, SIGUSR1);
	sigprocmask(SIG_BLOCK, &usr1, &old);

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

	if (wait_go) {
		printf("pids %d %d\n", (int)getpid(), (int)child);
		fflush(stdout);
		while (!pingpong_go)
			sigsuspend(&old);
	}
	/* Warm up: a few round trips outside the clock. */
	for (int i = 0; i < 1000; i++) {
		if (xfer(to_parent[0], to_child[1], &c))
			goto broken;
	}
	for (long r = 0; r < repeats; r++) {
		run_start = run_ns(getpid()) + run_ns(child);
		start = now_ns();
		for (long i = 0; i < rounds; i++) {
			if (xfer(to_parent[0], to_child[1], &c))
				goto broken;
		}
		elapsed = now_ns() - start;
		run = run_ns(getpid()) + run_ns(child) - run_start;
		printf("ns_per_switch %.1f cpu_ns_per_switch %.1f rounds %ld elapsed_ns %llu\n",
		       (double)elapsed / (2.0 * rounds),
		       (double)run / (2.0 * rounds), rounds, elapsed);
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
