// SPDX-License-Identifier: GPL-2.0
/*
 * work: fixed workloads for the accuracy runs.
 *
 *   work spin ITERATIONS   burn the CPU for a fixed number of iterations
 *   work nap MICROSECONDS  sleep that long in a loop until killed: one
 *                          context switch per nap, for context-switches
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

static int work__spin(unsigned long long iterations)
{
	volatile unsigned long long x = 0;

	for (unsigned long long i = 0; i < iterations; i++)
		x += i ^ (x >> 3);
	return x == 42; /* never: keeps the loop */
}

static int work__nap(long usec)
{
	struct timespec ts = { .tv_sec = usec / 1000000,
			       .tv_nsec = (usec % 1000000) * 1000 };

	for (;;)
		nanosleep(&ts, NULL);
	return 0;
}

int main(int argc, char **argv)
{
	if (argc == 3 && !strcmp(argv[1], "spin"))
		return work__spin(strtoull(argv[2], NULL, 0));
	if (argc == 3 && !strcmp(argv[1], "nap"))
		return work__nap(atol(argv[2]));
	fprintf(stderr,
		"usage: work spin ITERATIONS | work nap MICROSECONDS\n");
	return 2;
}
