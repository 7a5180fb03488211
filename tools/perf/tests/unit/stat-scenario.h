/* SPDX-License-Identifier: GPL-2.0 */
#ifndef PERF_TESTS_UNIT_STAT_SCENARIO_H
#define PERF_TESTS_UNIT_STAT_SCENARIO_H

/*
 * perf stat output scenarios for the display tests: an evlist on fake
 * maps with counts filled in by hand, aggregated by util/stat.c and
 * rendered by evlist__print_counters() into a string.
 *
 * A named scenario is "<what>[-I]-<format>": what picks the events, maps
 * and aggregation from one table (stat-scenario.c), "-I" its interval
 * flavour, and the format letter is h (human), x (CSV ","), s (CSV ";")
 * or j (JSON).  STAT_TEST_DUMP=1 prints every rendered text on stderr;
 * STAT_TEST_RECORD=DIR also writes each checked text to DIR/<name>.txt
 * (the cases are still compared).
 */

#include <stddef.h>
#include <sys/types.h>
#include <time.h>
#include <linux/types.h>

#include "util/evsel.h"
#include "util/stat.h"
#include "util/target.h"

struct CMUnitTest;

/* One scenario: an evlist counting on the given maps, and its config. */
struct scenario {
	struct evlist *evlist;
	struct perf_cpu_map *cpus;
	struct perf_thread_map *threads;
	struct perf_stat_config config;
	struct target target;
	struct evsel *ev[8];
	int nr;
};

/* Maps from these CPUs and threads; a 'sleep 0.1' workload's config. */
void scenario__init(struct scenario *s, const int *cpus, int ncpus,
		    const pid_t *tids, int ntids);
/* Add an event with zeroed counts (clocks in msec, as parse-events does). */
struct evsel *scenario__event(struct scenario *s, __u32 type, __u64 config,
			      const char *name);
/* Set one reading of evsel. */
void scenario__count(struct evsel *evsel, int cpu_idx, int thread_idx,
		     __u64 val, __u64 ena, __u64 run);
/* Aggregate the counts (allocating the statistics the first time). */
void scenario__process(struct scenario *s);
/* Print into *text, appended at *len; ts: the -I timestamp or NULL. */
void scenario__render(struct scenario *s, const struct timespec *ts,
		      char **text, size_t *len);
void scenario__exit(struct scenario *s);

/* The text the named scenario renders (free it); fails on a bad name. */
char *scenario__run(const char *name);

/* What a named scenario must print, byte for byte. */
struct expected_text {
	const char *name;
	const char *text;
};

/*
 * Run one cmocka test per expected text, named after the scenario, then
 * the extra tests, all in the two-socket fake sysfs tree.  Returns what
 * cmocka returns (the number of failures).
 */
int scenario__run_tests(const struct expected_text *expected, size_t nr,
			const struct CMUnitTest *extra, size_t nr_extra);

#endif /* PERF_TESTS_UNIT_STAT_SCENARIO_H */
