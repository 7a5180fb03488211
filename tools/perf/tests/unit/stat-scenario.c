// SPDX-License-Identifier: GPL-2.0
/*
 * The display tests' scenarios: one table names every kind of scenario
 * (its maps, aggregation and the function that fills its counts), and
 * scenario__run_tests() turns a table of expected texts into one cmocka
 * test each.  The counts were chosen to match runs of the distribution's
 * perf 6.1 on the same scenarios.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "fake-sysfs.h"
#include "stat-scenario.h"
#include "util/cgroup.h"
#include "util/cpumap.h"
#include "util/thread_map.h"

/* A thread that cannot exist: its comm reads "<unknown>". */
#define FAKE_TID 99999999

static const char *workload[] = { "sleep", "0.1" };

void scenario__init(struct scenario *s, const int *cpus, int ncpus,
		    const pid_t *tids, int ntids)
{
	memset(s, 0, sizeof(*s));
	s->evlist = evlist__new();
	s->cpus = cpu_map__new_from(cpus, ncpus);
	s->threads = thread_map__new_from(tids, ntids);
	s->config.aggr_mode = AGGR_GLOBAL;
	s->config.big_num = true;
	s->config.scale = true;
	s->config.run_count = 1;
	s->config.target = &s->target;
	s->config.argc = 2;
	s->config.argv = workload;
	s->config.walltime_ns = 100000000;
	s->config.ru_utime_s = 0.002265;
}

struct evsel *scenario__event(struct scenario *s, __u32 type, __u64 config,
			      const char *name)
{
	struct perf_event_attr attr = { .type = type, .config = config };
	struct evsel *evsel = evsel__new(&attr, name);

	assert_non_null(evsel);
	evsel->cpus = s->cpus;
	evsel->threads = s->threads;
	if (evsel__is_clock(evsel)) {
		free(evsel->unit);
		evsel->unit = strdup("msec");
		evsel->scale = 1e-6;
	}
	evsel->counts = perf_counts__new(s->cpus->nr, s->threads->nr);
	assert_int_equal(evlist__add(s->evlist, evsel), 0);
	s->ev[s->nr++] = evsel;
	return evsel;
}

void scenario__count(struct evsel *evsel, int cpu_idx, int thread_idx,
		     __u64 val, __u64 ena, __u64 run)
{
	struct perf_counts_values *v =
		perf_counts(evsel->counts, cpu_idx, thread_idx);

	v->val = val;
	v->ena = ena;
	v->run = run;
}

void scenario__render(struct scenario *s, const struct timespec *ts,
		      char **text, size_t *len)
{
	char *buf = NULL;
	size_t n = 0;

	s->config.output = open_memstream(&buf, &n);
	assert_non_null(s->config.output);
	evlist__print_counters(s->evlist, &s->config, ts);
	fclose(s->config.output);
	s->config.output = NULL;
	*text = realloc(*text, *len + n + 1);
	memcpy(*text + *len, buf, n + 1);
	*len += n;
	free(buf);
}

void scenario__process(struct scenario *s)
{
	if (!s->evlist->entries[0]->stats)
		assert_int_equal(evlist__alloc_stats(&s->config, s->evlist), 0);
	assert_int_equal(perf_stat__process_counters(&s->config, s->evlist), 0);
}

void scenario__exit(struct scenario *s)
{
	evlist__free_stats(s->evlist);
	evlist__delete(s->evlist);
	cpu_map__put(s->cpus);
	thread_map__put(s->threads);
}

/* task-clock, cycles (not supported), cpu-clock, context-switches, page-faults */
static void scenario__five(struct scenario *s)
{
	scenario__event(s, PERF_TYPE_SOFTWARE, PERF_COUNT_SW_TASK_CLOCK,
			"task-clock");
	scenario__event(s, PERF_TYPE_HARDWARE, PERF_COUNT_HW_CPU_CYCLES,
			"cycles")
		->supported = false;
	scenario__event(s, PERF_TYPE_SOFTWARE, PERF_COUNT_SW_CPU_CLOCK,
			"cpu-clock");
	scenario__event(s, PERF_TYPE_SOFTWARE, PERF_COUNT_SW_CONTEXT_SWITCHES,
			"context-switches");
	scenario__event(s, PERF_TYPE_SOFTWARE, PERF_COUNT_SW_PAGE_FAULTS,
			"page-faults");
}

/* The five events of a 'sleep 0.1' run. */
static void play_global(struct scenario *s, bool interval, char **text,
			size_t *len)
{
	scenario__five(s);
	scenario__count(s->ev[0], 0, 0, 1106957, 1106957, 1106957);
	scenario__count(s->ev[2], 0, 0, 1100000, 1106957, 1106957);
	scenario__count(s->ev[3], 0, 0, 1, 1106957, 1106957);
	scenario__count(s->ev[4], 0, 0, 75, 1106957, 1106957);
	scenario__process(s);
	scenario__render(s, NULL, text, len);
}

/* -I 100: three intervals, the second one idle. */
static void play_interval(struct scenario *s, bool interval, char **text,
			  size_t *len)
{
	static const __u64 v[3][4] = {
		{ 1418983, 1416911, 1, 75 },
		{ 1418983, 1416911, 1, 75 },
		{ 1485662, 1479355, 1, 75 },
	};
	static const __u64 r[3] = { 1418983, 1418983, 1485662 };
	static const struct timespec ts[3] = { { 0, 100210405 },
					       { 0, 200621334 },
					       { 0, 252486962 } };

	scenario__five(s);
	s->config.interval = 100;
	for (int k = 0; k < 3; k++) {
		for (int e = 0; e < 4; e++)
			scenario__count(s->ev[e < 1 ? 0 : e + 1], 0, 0, v[k][e],
					r[k], r[k]);
		scenario__process(s);
		scenario__render(s, &ts[k], text, len);
	}
}

/* -a with -A or --per-<topology>: every CPU counts a little differently. */
static void play_aggr(struct scenario *s, bool interval, char **text,
		      size_t *len)
{
	static const struct timespec ts[2] = { { 0, 100203867 },
					       { 0, 200549981 } };

	scenario__five(s);
	s->config.walltime_ns = 102513964;
	if (interval)
		s->config.interval = 100;
	for (int k = 0; k < (interval ? 2 : 1); k++) {
		for (int i = 0; i < s->cpus->nr; i++) {
			__u64 run = 102513964ULL * (k + 1) + i;

			scenario__count(s->ev[0], i, 0, run, run, run);
			scenario__count(s->ev[2], i, 0, run - 187, run, run);
			scenario__count(s->ev[3], i, 0, (29 + i) * (k + 1), run,
					run);
			scenario__count(s->ev[4], i, 0, (78 - 3 * i) * (k + 1),
					run, run);
		}
		scenario__process(s);
		scenario__render(s, interval ? &ts[k] : NULL, text, len);
	}
}

/* -p 4242 --per-thread: one thread, gone (its comm is unknown). */
static void play_thread(struct scenario *s, bool interval, char **text,
			size_t *len)
{
	static const struct timespec ts[3] = { { 0, 50103419 },
					       { 0, 100324934 },
					       { 0, 101511270 } };

	scenario__five(s);
	s->target.pid = "4242";
	s->config.argc = 0;
	if (interval)
		s->config.interval = 50;
	for (int k = 0; k < (interval ? 3 : 1); k++) {
		__u64 r = 15160000ULL * (k < 2 ? k + 1 : 2);

		scenario__count(s->ev[0], 0, 0, r, r, r);
		scenario__count(s->ev[2], 0, 0, r - 10000, r, r);
		scenario__count(s->ev[3], 0, 0, k < 2 ? 20 * (k + 1) : 40, r,
				r);
		scenario__count(s->ev[4], 0, 0, k < 2 ? 1051 * (k + 1) : 2102,
				r, r);
		scenario__process(s);
		scenario__render(s, interval ? &ts[k] : NULL, text, len);
	}
}

/* -r 3: the mean and its deviation. */
static void play_repeat(struct scenario *s, bool interval, char **text,
			size_t *len)
{
	static const __u64 tc[3] = { 1100000, 1160000, 1220000 },
			   pf[3] = { 75, 76, 77 };
	static const double wall[3] = { 101700000, 101800000, 101910000 };

	scenario__five(s);
	s->config.run_count = 3;
	assert_int_equal(evlist__alloc_stats(&s->config, s->evlist), 0);
	for (int k = 0; k < 3; k++) {
		s->config.run_idx = k;
		scenario__count(s->ev[0], 0, 0, tc[k], tc[k], tc[k]);
		scenario__count(s->ev[2], 0, 0, tc[k] - 1000, tc[k], tc[k]);
		scenario__count(s->ev[3], 0, 0, 1, tc[k], tc[k]);
		scenario__count(s->ev[4], 0, 0, pf[k], tc[k], tc[k]);
		scenario__process(s);
		update_stats(&s->config.walltime_nsecs_stats, wall[k]);
	}
	scenario__render(s, NULL, text, len);
}

/* -G /: two events of the root cgroup, one CPU never ran the second. */
static void play_cgroup(struct scenario *s, bool interval, char **text,
			size_t *len)
{
	struct cgroup *cgrp = calloc(1, sizeof(*cgrp));

	cgrp->name = strdup("/");
	cgrp->fd = -1;
	cgrp->refcnt = 2;
	scenario__event(s, PERF_TYPE_SOFTWARE, PERF_COUNT_SW_CPU_CLOCK,
			"cpu-clock")
		->cgrp = cgrp;
	scenario__event(s, PERF_TYPE_SOFTWARE, PERF_COUNT_SW_CONTEXT_SWITCHES,
			"context-switches")
		->cgrp = cgrp;
	s->config.walltime_ns = 51922474;
	for (int i = 0; i < 4; i++) {
		scenario__count(s->ev[0], i, 0, 25960000, 32565684, 32565684);
		scenario__count(s->ev[1], i, 0, 8, 26071553,
				i == 3 ? 0 : 26071553);
	}
	scenario__process(s);
	scenario__render(s, NULL, text, len);
}

/* Hardware events with their metrics, multiplexed: running half the time. */
static void play_hw(struct scenario *s, bool interval, char **text, size_t *len)
{
	struct timespec ts = { 1, 1000 };

	scenario__event(s, PERF_TYPE_SOFTWARE, PERF_COUNT_SW_TASK_CLOCK,
			"task-clock");
	scenario__event(s, PERF_TYPE_HARDWARE, PERF_COUNT_HW_CPU_CYCLES,
			"cycles");
	scenario__event(s, PERF_TYPE_HARDWARE, PERF_COUNT_HW_INSTRUCTIONS,
			"instructions");
	scenario__event(s, PERF_TYPE_HARDWARE,
			PERF_COUNT_HW_BRANCH_INSTRUCTIONS, "branches");
	scenario__event(s, PERF_TYPE_HARDWARE, PERF_COUNT_HW_BRANCH_MISSES,
			"branch-misses");
	scenario__event(s, PERF_TYPE_HARDWARE,
			PERF_COUNT_HW_STALLED_CYCLES_FRONTEND,
			"stalled-cycles-frontend");
	scenario__event(s, PERF_TYPE_HW_CACHE, 0x10000,
			"L1-dcache-load-misses");
	if (interval)
		s->config.interval = 1000;
	s->config.walltime_ns = 1000000000;
	for (int i = 0; i < s->cpus->nr; i++) {
		scenario__count(s->ev[0], i, 0, 1000000000, 1000000000,
				1000000000);
		scenario__count(s->ev[1], i, 0, 3000000000ULL, 1000000000,
				500000000);
		scenario__count(s->ev[2], i, 0, 4000000000ULL, 1000000000,
				500000000);
		scenario__count(s->ev[3], i, 0, 800000000, 1000000000,
				500000000);
		scenario__count(s->ev[4], i, 0, 1000000, 1000000000, 500000000);
		scenario__count(s->ev[5], i, 0, 300000000, 1000000000,
				500000000);
		scenario__count(s->ev[6], i, 0, 3000000, 1000000000, 0);
	}
	scenario__process(s);
	scenario__render(s, interval ? &ts : NULL, text, len);
}

/* One event name on two uncore PMUs: merged into one line, or not. */
static void play_merge(struct scenario *s, bool interval, char **text,
		       size_t *len)
{
	struct perf_event_attr attr = { .type = 15, .config = 1 };
	struct evsel *a, *b, *c;

	a = scenario__event(s, PERF_TYPE_SOFTWARE, PERF_COUNT_SW_TASK_CLOCK,
			    "task-clock");
	b = scenario__event(s, 15, 1, "unc_clk");
	c = scenario__event(s, 16, 1, "unc_clk");
	b->pmu_name = strdup("uncore_imc_0");
	c->pmu_name = strdup("uncore_imc_1");
	c->attr = attr;
	scenario__count(a, 0, 0, 1000000, 1000000, 1000000);
	scenario__count(b, 0, 0, 1500, 1000000, 1000000);
	scenario__count(c, 0, 0, 2500, 1000000, 1000000);
	scenario__process(s);
	scenario__render(s, NULL, text, len);
}

enum scenario_maps {
	MAPS_TASK, /* a workload: any CPU, one task */
	MAPS_GONE_THREAD, /* -p: any CPU, a thread that does not exist */
	MAPS_CPU01, /* -C 0,1 */
	MAPS_CPU0123, /* -a on the fake two-socket machine */
};

/* A kind of scenario: the first whose prefix starts the name is used. */
static const struct scenario_kind {
	const char *prefix;
	enum scenario_maps maps;
	void (*play)(struct scenario *s, bool interval, char **text,
		     size_t *len);
	enum aggr_mode aggr_mode;
	int cache_level;
	bool metric_only;
	bool no_merge;
} scenario_kinds[] = {
	{ "global", MAPS_TASK, play_global },
	{ "repeat", MAPS_TASK, play_repeat },
	{ "interval-", MAPS_TASK, play_interval },
	{ "multiplex", MAPS_TASK, play_hw },
	{ "merge", MAPS_TASK, play_merge },
	{ "nomerge", MAPS_TASK, play_merge, .no_merge = true },
	{ "thread", MAPS_GONE_THREAD, play_thread, AGGR_THREAD },
	{ "cpu01", MAPS_CPU01, play_aggr, AGGR_NONE },
	{ "core", MAPS_CPU0123, play_aggr, AGGR_CORE },
	{ "socket", MAPS_CPU0123, play_aggr, AGGR_SOCKET },
	{ "die", MAPS_CPU0123, play_aggr, AGGR_DIE },
	{ "node", MAPS_CPU0123, play_aggr, AGGR_NODE },
	{ "cache", MAPS_CPU0123, play_aggr, AGGR_CACHE },
	{ "l2cache", MAPS_CPU0123, play_aggr, AGGR_CACHE, 2 },
	{ "cluster", MAPS_CPU0123, play_aggr, AGGR_CLUSTER },
	{ "cgroup-A", MAPS_CPU0123, play_cgroup, AGGR_NONE },
	{ "cgroup", MAPS_CPU0123, play_cgroup },
	{ "hw", MAPS_CPU0123, play_hw },
	{ "metric-only-A", MAPS_CPU0123, play_hw, AGGR_NONE,
	  .metric_only = true },
	{ "metric-only-socket", MAPS_CPU0123, play_hw, AGGR_SOCKET,
	  .metric_only = true },
	{ "metric-only", MAPS_CPU0123, play_hw, .metric_only = true },
};

static void scenario__init_maps(struct scenario *s, enum scenario_maps maps)
{
	static const int any_cpu[] = { -1 }, cpu01[] = { 0, 1 },
			 cpu0123[] = { 0, 1, 2, 3 };
	static const pid_t any_thread[] = { -1 }, task[] = { 1234 },
			   gone_thread[] = { FAKE_TID };

	switch (maps) {
	case MAPS_TASK:
		scenario__init(s, any_cpu, 1, task, 1);
		break;
	case MAPS_GONE_THREAD:
		scenario__init(s, any_cpu, 1, gone_thread, 1);
		break;
	case MAPS_CPU01:
		scenario__init(s, cpu01, 2, any_thread, 1);
		s->target.system_wide = true;
		break;
	case MAPS_CPU0123:
	default:
		scenario__init(s, cpu0123, 4, any_thread, 1);
		s->target.system_wide = true;
		break;
	}
}

static void scenario__format(struct scenario *s, char fmt)
{
	if (fmt == 'x')
		s->config.csv_sep = ",";
	else if (fmt == 's')
		s->config.csv_sep = ";";
	else if (fmt == 'j')
		s->config.json_output = true;
}

char *scenario__run(const char *name)
{
	const struct scenario_kind *kind = NULL;
	struct scenario s;
	char *text = NULL;
	size_t len = 0;

	for (size_t i = 0;
	     !kind && i < sizeof(scenario_kinds) / sizeof(scenario_kinds[0]);
	     i++) {
		const char *prefix = scenario_kinds[i].prefix;

		if (!strncmp(name, prefix, strlen(prefix)))
			kind = &scenario_kinds[i];
	}
	if (!kind)
		fail_msg("unknown scenario %s", name);
	scenario__init_maps(&s, kind->maps);
	scenario__format(&s, name[strlen(name) - 1]);
	s.config.aggr_mode = kind->aggr_mode;
	s.config.cache_level = kind->cache_level;
	s.config.metric_only = kind->metric_only;
	s.config.no_merge = kind->no_merge;
	kind->play(&s, strstr(name, "-I") != NULL, &text, &len);
	scenario__exit(&s);
	if (getenv("STAT_TEST_DUMP"))
		fprintf(stderr, "---- %s\n%s----\n", name, text);
	return text;
}

static void scenario__check(void **state)
{
	const struct expected_text *expected = *state;
	char *text = scenario__run(expected->name);
	const char *dir = getenv("STAT_TEST_RECORD");

	/*
	 * Recording writes the text for a new golden copy, and the case is
	 * still compared: a STAT_TEST_RECORD left in the environment must
	 * not turn every text case into a pass.
	 */
	if (dir) {
		char path[512];
		FILE *file;

		snprintf(path, sizeof(path), "%s/%s.txt", dir, expected->name);
		file = fopen(path, "w");
		if (!file || fputs(text, file) < 0 || fclose(file))
			fail_msg("STAT_TEST_RECORD: cannot write %s", path);
	}
	assert_string_equal(text, expected->text);
	free(text);
}

int scenario__run_tests(const struct expected_text *expected, size_t nr,
			const struct CMUnitTest *extra, size_t nr_extra)
{
	struct CMUnitTest *tests = calloc(nr + nr_extra, sizeof(*tests));
	int failed;

	if (!tests)
		return 1;
	for (size_t i = 0; i < nr; i++) {
		tests[i].name = expected[i].name;
		tests[i].test_func = scenario__check;
		tests[i].initial_state = (void *)&expected[i];
	}
	for (size_t i = 0; i < nr_extra; i++)
		tests[nr + i] = extra[i];
	failed = _cmocka_run_group_tests("tests", tests, nr + nr_extra,
					 fake_sysfs__setup_two_sockets,
					 fake_sysfs__teardown);
	free(tests);
	return failed;
}
