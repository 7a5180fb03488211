// SPDX-License-Identifier: GPL-2.0
/*
 * faults: the cost of a page fault, as one process that writes one byte
 * to each page of fresh anonymous memory (no huge pages): every write is
 * a minor fault that allocates a page.
 *
 *   faults [-c CPU] [-n PAGES] [-r REPEATS] [-w]
 *
 * -w prints "pid PID" first and waits for SIGUSR1 before the first timed
 * run, so that counting sessions can attach to it.  Each of the REPEATS
 * timed runs writes PAGES pages and prints one line:
 * "ns_per_fault X faults F cpu_ns C", where C is the CPU time of the
 * writing loop (the thread's own clock) and F the faults it took
 * (getrusage), X = C / F.  Mapping and unmapping stay outside the clock.
 */
#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/resource.h>
#include <time.h>
#include <unistd.h>

#include "helper.h"

#define FAULTS_PAGE 4096L

static unsigned long long thread_ns(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
	return ts.tv_sec * 1000000000ULL + ts.tv_nsec;
}

static long minor_faults(void)
{
	struct rusage ru;

	if (getrusage(RUSAGE_THREAD, &ru))
		return -1;
	return ru.ru_minflt;
}

/* Write a byte to each of pages fresh pages; -1 if memory is short. */
static int faults__run(long pages, unsigned long long *cpu_ns, long *faults)
{
	size_t len = (size_t)pages * FAULTS_PAGE;
	unsigned long long start;
	volatile char *p;
	long before;

	p = mmap(NULL, len, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS,
		 -1, 0);
	if (p == MAP_FAILED)
		return -1;
	/* One 4 KB fault a page: what the hooks run on, whatever THP says. */
	madvise((void *)p, len, MADV_NOHUGEPAGE);
	before = minor_faults();
	start = thread_ns();
	for (long i = 0; i < pages; i++)
		p[i * FAULTS_PAGE] = 1;
	*cpu_ns = thread_ns() - start;
	*faults = minor_faults() - before;
	munmap((void *)p, len);
	return 0;
}

int main(int argc, char **argv)
{
	struct bench_opts o = { .count = 4000, .repeats = 1 };
	unsigned long long cpu_ns;
	long faults;
	int err;

	err = bench__setup(&o, argc, argv, "faults", "PAGES", "page");
	if (err)
		return err;
	if (o.wait_go) {
		printf("pid %d\n", (int)getpid());
		bench__wait_go(&o);
	}
	/* Warm up: one run outside the results. */
	if (faults__run(o.count, &cpu_ns, &faults))
		goto nomem;
	for (long r = 0; r < o.repeats; r++) {
		if (faults__run(o.count, &cpu_ns, &faults))
			goto nomem;
		if (faults <= 0) {
			fprintf(stderr,
				"faults: error: no page fault counted\n");
			return 1;
		}
		printf("ns_per_fault %.1f faults %ld cpu_ns %llu\n",
		       (double)cpu_ns / faults, faults, cpu_ns);
		fflush(stdout);
	}
	return 0;
nomem:
	fprintf(stderr, "faults: error: cannot map %ld pages: %s\n", o.count,
		strerror(errno));
	return 1;
}
