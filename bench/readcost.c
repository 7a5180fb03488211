// SPDX-License-Identifier: GPL-2.0
/*
 * readcost: what one read of every event costs, plain against bperf,
 * calling the counting backends (util/counter.h) directly.
 *
 *   readcost -b plain|bperf [-s cpu|task] [-m ATTR_MAP] [-n READS] -e EVENTS
 *
 * cpu: every online CPU (like -a); task: this process (like -p self).
 * Loads, enables, then times READS passes of ops->read() over every event
 * (a bperf read syncs the leader on each CPU first) and prints one line:
 * "events N backend B scope S reads R median_ns M p10_ns A p90_ns B
 * first_value V".
 */
#include <errno.h>
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "util/counter.h"
#include "util/cpumap.h"
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

static int readcost__maps(struct evlist *evlist, bool task,
			  struct target *target, char *pidbuf, size_t pidlen)
{
	struct perf_thread_map *threads;
	struct perf_cpu_map *cpus;
	struct evsel *evsel;
	char err[256];

	if (task) {
		snprintf(pidbuf, pidlen, "%d", (int)getpid());
		target->pid = pidbuf;
		target->inherit = true;
		cpus = cpu_map__new_any();
		if (thread_map__parse_pids(pidbuf, &threads, err, sizeof(err)))
			return -ESRCH;
	} else {
		target->system_wide = true;
		cpus = cpu_map__new_online();
		threads = thread_map__new_any();
	}
	if (!cpus || !threads)
		return -ENOMEM;
	evlist->cpus = cpus;
	evlist->threads = threads;
	evlist__for_each_entry(evlist, evsel) {
		evsel->cpus = cpus;
		evsel->threads = threads;
	}
	return 0;
}

int main(int argc, char **argv)
{
	const struct counter_ops *ops = NULL;
	const char *events = NULL, *attr_map = NULL;
	struct parse_events_error perr = {};
	struct target target = {};
	unsigned long long *samples;
	struct evlist *evlist;
	struct evsel *evsel;
	bool task = false;
	char pidbuf[32];
	int reads = 200, opt, err, nr = 0;

	while ((opt = getopt(argc, argv, "b:s:m:n:e:")) != -1) {
		switch (opt) {
		case 'b':
			ops = !strcmp(optarg, "bperf") ? &bperf_counter_ops :
			      !strcmp(optarg, "plain") ? &plain_counter_ops :
							 NULL;
			break;
		case 's':
			task = !strcmp(optarg, "task");
			break;
		case 'm':
			attr_map = optarg;
			break;
		case 'n':
			reads = atoi(optarg);
			break;
		case 'e':
			events = optarg;
			break;
		default:
			goto usage;
		}
	}
	if (!ops || !events || reads <= 0)
		goto usage;

	evlist = evlist__new();
	samples = calloc(reads, sizeof(*samples));
	if (!evlist || !samples)
		return 1;
	if (parse_events(evlist, events, &perr)) {
		fprintf(stderr, "readcost: error: bad events '%s': %s\n",
			events, perr.str ? perr.str : "?");
		return 2;
	}
	target.attr_map = attr_map;
	target.use_bpf = ops == &bperf_counter_ops;
	err = readcost__maps(evlist, task, &target, pidbuf, sizeof(pidbuf));
	if (err) {
		fprintf(stderr, "readcost: error: maps: %s\n", strerror(-err));
		return 1;
	}
	evlist__for_each_entry(evlist, evsel) {
		char msg[512] = "", hint[256] = "";

		evsel->ops = ops;
		evsel->use_bpf = target.use_bpf;
		err = ops->load(evsel, &target);
		if (err) {
			counter__strerror(evsel, err, msg, sizeof(msg), hint,
					  sizeof(hint));
			fprintf(stderr, "readcost: error: %s: %s\n",
				evsel->name, msg);
			return 1;
		}
		nr++;
	}
	evlist__for_each_entry(evlist, evsel) {
		err = ops->enable(evsel);
		if (err) {
			fprintf(stderr, "readcost: error: enable: %s\n",
				strerror(-err));
			return 1;
		}
	}
	for (int i = 0; i < reads; i++) {
		unsigned long long start = now_ns();

		evlist__for_each_entry(evlist, evsel) {
			err = ops->read(evsel);
			if (err) {
				fprintf(stderr, "readcost: error: read: %s\n",
					strerror(-err));
				return 1;
			}
		}
		samples[i] = now_ns() - start;
		usleep(1000); /* let the CPUs switch in between */
	}
	evlist__for_each_entry(evlist, evsel)
		ops->disable(evsel);
	evsel = evlist->entries[0];
	ops->read(evsel);
	qsort(samples, reads, sizeof(*samples), cmp_ull);
	printf("events %d backend %s scope %s reads %d median_ns %llu p10_ns %llu p90_ns %llu first_value %llu\n",
	       nr, ops->name, task ? "task" : "cpu", reads, samples[reads / 2],
	       samples[reads / 10], samples[reads * 9 / 10],
	       (unsigned long long)perf_counts(evsel->counts, 0, 0)->val);
	evlist__for_each_entry(evlist, evsel)
		ops->destroy(evsel);
	return 0;
usage:
	fprintf(stderr,
		"usage: readcost -b plain|bperf [-s cpu|task] [-m ATTR_MAP] [-n READS] -e EVENTS\n");
	return 2;
}
