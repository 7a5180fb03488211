// SPDX-License-Identifier: GPL-2.0
/*
 * readcost: what one read of every event costs, plain against bperf,
 * through the counter driver perf stat uses (util/counter.h).
 *
 *   readcost -b plain|bperf [-s cpu|task] [-m ATTR_MAP] [-n READS] -e EVENTS
 *
 * cpu: every online CPU (like -a); task: this process (like -p self).
 * Loads, enables, then times READS passes of evlist__read_counters() (a
 * bperf read syncs the leader on each CPU first) and prints one line:
 * "events N backend B scope S reads R median_ns M p10_ns A p90_ns B
 * first_value V".
 */
#include <errno.h>
#include <getopt.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "util/counter.h"
#include "util/error.h"
#include "util/evsel.h"
#include "util/parse-events.h"
#include "util/target.h"

static unsigned long long now_ns(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec * 1000000000ULL + ts.tv_nsec;
}

static int cmp_ull(const void *a, const void *b)
{
	unsigned long long x = *(const unsigned long long *)a;
	unsigned long long y = *(const unsigned long long *)b;

	return x < y ? -1 : x > y;
}

/* cpu: every online CPU, like -a; task: this process, like -p self. */
static int readcost__maps(struct evlist *evlist, bool task,
			  struct target *target, char *pidbuf, size_t pidlen)
{
	struct perf_error err;

	if (task) {
		snprintf(pidbuf, pidlen, "%d", (int)getpid());
		target->pid = pidbuf;
		target->inherit = true;
	} else {
		target->system_wide = true;
	}
	if (target__create_maps(target, &evlist->cpus, &evlist->threads,
				&err)) {
		fprintf(stderr, "readcost: error: %s\n", err.msg);
		return 1;
	}
	return 0;
}

static void readcost__usage(void)
{
	fprintf(stderr,
		"usage: readcost -b plain|bperf [-s cpu|task] [-m ATTR_MAP] [-n READS] -e EVENTS\n");
}

/* Load and enable every event; each one must count. */
static int readcost__start(struct evlist *evlist, struct target *target)
{
	struct perf_error err;
	struct evsel *evsel;

	if (evlist__load_counters(evlist, target, false, &err) ||
	    evlist__enable_counters(evlist, &err)) {
		fprintf(stderr, "readcost: error: %s\n", err.msg);
		return 1;
	}
	evlist__for_each_entry(evlist, evsel) {
		if (!evsel->supported) {
			fprintf(stderr, "readcost: error: %s: not supported\n",
				evsel->name);
			return 1;
		}
	}
	return 0;
}

/* READS passes of one read of every event, each timed. */
static int readcost__time_reads(struct evlist *evlist,
				unsigned long long *samples, int reads)
{
	struct perf_error err;

	for (int i = 0; i < reads; i++) {
		unsigned long long start = now_ns();

		if (evlist__read_counters(evlist, &err)) {
			fprintf(stderr, "readcost: error: %s\n", err.msg);
			return 1;
		}
		samples[i] = now_ns() - start;
		usleep(1000); /* let the CPUs switch in between */
	}
	return 0;
}

int main(int argc, char **argv)
{
	const char *events = NULL, *backend = NULL;
	struct target target = {};
	unsigned long long *samples;
	struct perf_error err;
	struct evlist *evlist;
	bool task = false;
	char pidbuf[32];
	int reads = 200, opt;

	while ((opt = getopt(argc, argv, "b:s:m:n:e:")) != -1) {
		switch (opt) {
		case 'b':
			backend = optarg;
			break;
		case 's':
			task = !strcmp(optarg, "task");
			break;
		case 'm':
			target.attr_map = optarg;
			break;
		case 'n':
			reads = atoi(optarg);
			break;
		case 'e':
			events = optarg;
			break;
		default:
			readcost__usage();
			return 2;
		}
	}
	if (!backend ||
	    (strcmp(backend, "plain") && strcmp(backend, "bperf")) || !events ||
	    reads <= 0) {
		readcost__usage();
		return 2;
	}

	evlist = evlist__new();
	samples = calloc(reads, sizeof(*samples));
	if (!evlist || !samples)
		return 1;
	if (parse_events(evlist, events, &err)) {
		fprintf(stderr, "readcost: error: %s\n", err.msg);
		return 2;
	}
	target.use_bpf = !strcmp(backend, "bperf");
	if (readcost__maps(evlist, task, &target, pidbuf, sizeof(pidbuf)) ||
	    readcost__start(evlist, &target) ||
	    readcost__time_reads(evlist, samples, reads))
		return 1;
	evlist__disable_counters(evlist, &err);
	evlist__read_counters(evlist, &err);
	qsort(samples, reads, sizeof(*samples), cmp_ull);
	printf("events %d backend %s scope %s reads %d median_ns %llu p10_ns %llu p90_ns %llu first_value %llu\n",
	       evlist->nr_entries, backend, task ? "task" : "cpu", reads,
	       samples[reads / 2], samples[reads / 10], samples[reads * 9 / 10],
	       (unsigned long long)perf_counts(evlist->entries[0]->counts, 0, 0)
		       ->val);
	evlist__destroy_counters(evlist);
	return 0;
}
