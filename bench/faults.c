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
#include <sched.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/resource.h>
#include <time.h>
#include <unistd.h>

#define FAULTS_PAGE 4096L

static volatile sig_atomic_t faults_go;

static void faults__on_usr1(int sig)
{
	(void)sig;
	faults_go = 1;
}

static int pin_to(int cpu)
{
	cpu_set_t set;

	CPU_ZERO(&set);
	CPU_SET(cpu, &set);
	return sched_setaffinity(0, sizeof(set), &set) ? -errno : 0;
}

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
	long pages = 4000, repeats = 1, faults;
	int cpu = -1, wait_go = 0, opt;
	unsigned long long cpu_ns;
	sigset_t usr1, old;

	while ((opt = getopt(argc, argv, "c:n:r:w")) != -1) {
		switch (opt) {
		case 'c':
			cpu = atoi(optarg);
			break;
		case 'n':
			pages = atol(optarg);
			break;
		case 'r':
			repeats = atol(optarg);
			break;
		case 'w':
			wait_go = 1;
			break;
		default:
			fprintf(stderr,
				"usage: faults [-c CPU] [-n PAGES] [-r REPEATS] [-w]\n");
			return 2;
		}
	}
	if (pages <= 0 || repeats <= 0) {
		fprintf(stderr, "faults: error: bad page or repeat count\n");
		return 2;
	}
	if (cpu >= 0 && pin_to(cpu)) {
		fprintf(stderr, "faults: error: cannot pin to CPU %d: %s\n",
			cpu, strerror(errno));
		return 1;
	}
	/* Block SIGUSR1 now so that none is lost before sigsuspend(). */
	signal(SIGUSR1, faults__on_usr1);
	sigemptyset(&usr1);
	sigaddset(&usr1, SIGUSR1);
	sigprocmask(SIG_BLOCK, &usr1, &old);
	if (wait_go) {
		printf("pid %d\n", (int)getpid());
		fflush(stdout);
		while (!faults_go)
			sigsuspend(&old);
	}
	/* Warm up: one run outside the results. */
	if (faults__run(pages, &cpu_ns, &faults))
		goto nomem;
	for (long r = 0; r < repeats; r++) {
		if (faults__run(pages, &cpu_ns, &faults))
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
	fprintf(stderr, "faults: error: cannot map %ld pages: %s\n", pages,
		strerror(errno));
	return 1;
}
