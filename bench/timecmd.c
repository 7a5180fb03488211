// SPDX-License-Identifier: GPL-2.0
/*
 * timecmd: run a command N times and print, per run, its wall time and the
 * CPU time it and its children used:
 *
 *   timecmd [-n N] [-g MS] [-o] -- CMD ARGS...
 *   -> "run I wall_ns W user_ns U sys_ns S status X" per run
 *
 * -g sleeps MS milliseconds between runs, outside the timing.  The
 * command's stdout and stderr go to /dev/null unless -o.  Timing a
 * fork+exec from here costs tens of microseconds, unlike a shell's date.
 */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

static unsigned long long now_ns(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec * 1000000000ULL + ts.tv_nsec;
}

static unsigned long long tv_ns(const struct timeval *tv)
{
	return tv->tv_sec * 1000000000ULL + tv->tv_usec * 1000ULL;
}

int main(int argc, char **argv)
{
	int runs = 1, keep_output = 0, gap_ms = 0, opt;

	while ((opt = getopt(argc, argv, "+n:g:o")) != -1) {
		switch (opt) {
		case 'n':
			runs = atoi(optarg);
			break;
		case 'g':
			gap_ms = atoi(optarg);
			break;
		case 'o':
			keep_output = 1;
			break;
		default:
			goto usage;
		}
	}
	if (optind < argc && !strcmp(argv[optind], "--"))
		optind++;
	if (optind >= argc || runs <= 0)
		goto usage;

	for (int i = 0; i < runs; i++) {
		unsigned long long start, wall;
		struct rusage ru;
		int status;
		pid_t pid;

		if (i && gap_ms > 0)
			usleep(gap_ms * 1000);
		start = now_ns();
		pid = fork();
		if (pid < 0) {
			perror("timecmd: error: fork");
			return 1;
		}
		if (pid == 0) {
			if (!keep_output) {
				int null = open("/dev/null", O_WRONLY);

				dup2(null, 1);
				dup2(null, 2);
			}
			execvp(argv[optind], argv + optind);
			_exit(127);
		}
		if (wait4(pid, &status, 0, &ru) < 0) {
			perror("timecmd: error: wait4");
			return 1;
		}
		wall = now_ns() - start;
		printf("run %d wall_ns %llu user_ns %llu sys_ns %llu status %d\n",
		       i, wall, tv_ns(&ru.ru_utime), tv_ns(&ru.ru_stime),
		       WIFEXITED(status) ? WEXITSTATUS(status) :
					   128 + WTERMSIG(status));
		fflush(stdout);
	}
	return 0;
usage:
	fprintf(stderr, "usage: timecmd [-n N] [-g MS] [-o] -- CMD ARGS...\n");
	return 2;
}
