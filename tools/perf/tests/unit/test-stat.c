// SPDX-License-Identifier: GPL-2.0
/*
 * Aggregation and statistics behind perf stat: Welford mean/variance,
 * multiplex scaling, per-CPU/thread/topology units, -I deltas and -r
 * averages.  Counts are filled in by hand; topology comes from the
 * two-socket fake sysfs tree (fake-sysfs.h).
 */
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "util/cpumap.h"
#include "util/evsel.h"
#include "util/stat-priv.h"
#include "util/stat.h"
#include "util/thread_map.h"
#include "fake-sysfs.h"

static void test_welford(void **state)
{
	static const double vals[] = { 2, 4, 4, 4, 5, 5, 7, 9 };
	struct stats st = { 0 };
	double sum = 0, sq = 0, mean, var;
	int n = sizeof(vals) / sizeof(vals[0]);

	assert_true(stddev_stats(&st) == 0);
	for (int i = 0; i < n; i++) {
		update_stats(&st, vals[i]);
		sum += vals[i];
	}
	mean = sum / n;
	for (int i = 0; i < n; i++)
		sq += (vals[i] - mean) * (vals[i] - mean);
	var = sq / (n - 1);
	assert_true(fabs(avg_stats(&st) - 5) < 1e-12);
	/* the deviation of the mean: sqrt(s^2 / n) */
	assert_true(fabs(stddev_stats(&st) - sqrt(var / n)) < 1e-12);
	assert_true(fabs(rel_stddev_stats(stddev_stats(&st), 5) -
			 100 * sqrt(var / n) / 5) < 1e-12);
	assert_true(rel_stddev_stats(1, 0) == 0);

	/* one sample has no spread */
	memset(&st, 0, sizeof(st));
	update_stats(&st, 42);
	assert_true(avg_stats(&st) == 42);
	assert_true(stddev_stats(&st) == 0);
}

struct fixture {
	struct evlist *evlist;
	struct perf_cpu_map *cpus;
	struct perf_thread_map *threads;
	struct perf_stat_config config;
};

static struct evsel *fixture__init(struct fixture *f, const int *cpus,
				   int ncpus, const pid_t *tids, int ntids,
				   enum aggr_mode mode)
{
	struct perf_event_attr attr = { .type = PERF_TYPE_SOFTWARE,
					.config = PERF_COUNT_SW_PAGE_FAULTS };
	struct evsel *evsel;

	memset(f, 0, sizeof(*f));
	f->evlist = evlist__new();
	f->cpus = cpu_map__new_from(cpus, ncpus);
	f->threads = thread_map__new_from(tids, ntids);
	f->config.aggr_mode = mode;
	f->config.scale = true;
	f->config.run_count = 1;
	evsel = evsel__new(&attr, "page-faults");
	evsel->cpus = f->cpus;
	evsel->threads = f->threads;
	evsel->counts = perf_counts__new(ncpus, ntids);
	assert_int_equal(evlist__add(f->evlist, evsel), 0);
	assert_int_equal(evlist__alloc_stats(&f->config, f->evlist), 0);
	return evsel;
}

static void fixture__exit(struct fixture *f)
{
	evlist__free_stats(f->evlist);
	assert_null(f->evlist->entries[0]->stats);
	evlist__delete(f->evlist);
	cpu_map__put(f->cpus);
	thread_map__put(f->threads);
}

static void set(struct evsel *evsel, int ci, int ti, __u64 val, __u64 ena,
		__u64 run)
{
	*perf_counts(evsel->counts, ci, ti) =
		(struct perf_counts_values){ val, ena, run };
}

static void unit_value(struct fixture *f, struct evsel *evsel, int u,
		       struct stat_value *val)
{
	assert_true(u < evsel->stats->nr_units);
	stat_unit__value(&f->config, &evsel->stats->units[u], val);
}

static const int any_cpu[] = { -1 };
static const int cpu0123[] = { 0, 1, 2, 3 };
static const pid_t any_thread[] = { -1 };

/* Global: raw sums, then one scaling by enabled/running (perf's way). */
static void test_global_scaling(void **state)
{
	static const pid_t tids[] = { 10, 11 };
	struct stat_value val;
	struct fixture f;
	struct evsel *evsel;

	evsel = fixture__init(&f, any_cpu, 1, tids, 2, AGGR_GLOBAL);
	set(evsel, 0, 0, 100, 200, 100);
	set(evsel, 0, 1, 101, 200, 200);
	assert_int_equal(perf_stat__process_counters(&f.config, f.evlist), 0);
	assert_int_equal(evsel->stats->nr_units, 1);
	unit_value(&f, evsel, 0, &val);
	assert_true(val.counted);
	assert_int_equal(val.ena, 400);
	assert_int_equal(val.run, 300);
	/* 201 * 400 / 300 = 268 (truncated like perf) */
	assert_true(val.count == 268);

	/* --no-scale keeps the raw sum */
	f.config.scale = false;
	assert_int_equal(perf_stat__process_counters(&f.config, f.evlist), 0);
	unit_value(&f, evsel, 0, &val);
	assert_true(val.count == 201);

	/* never ran: not counted */
	f.config.scale = true;
	set(evsel, 0, 0, 0, 200, 0);
	set(evsel, 0, 1, 0, 200, 0);
	assert_int_equal(perf_stat__process_counters(&f.config, f.evlist), 0);
	unit_value(&f, evsel, 0, &val);
	assert_false(val.counted);
	assert_true(val.count == 0);
	fixture__exit(&f);
}

/* -A: a unit per CPU, each scaled on its own. */
static void test_per_cpu(void **state)
{
	struct stat_value val;
	struct fixture f;
	struct evsel *evsel;

	evsel = fixture__init(&f, cpu0123, 4, any_thread, 1, AGGR_NONE);
	for (int i = 0; i < 4; i++)
		set(evsel, i, 0, 10 * (i + 1), 100, i == 2 ? 0 : 50);
	assert_int_equal(perf_stat__process_counters(&f.config, f.evlist), 0);
	assert_int_equal(evsel->stats->nr_units, 4);
	for (int i = 0; i < 4; i++) {
		assert_int_equal(evsel->stats->units[i].id.cpu, i);
		unit_value(&f, evsel, i, &val);
		assert_int_equal(val.counted, i != 2);
		if (i != 2)
			assert_true(val.count == 20 * (i + 1));
	}
	fixture__exit(&f);
}

/* Topology modes: units from sysfs, "aggregate-number" CPUs in each. */
static void test_per_topology(void **state)
{
	static const struct {
		enum aggr_mode mode;
		int nr_units;
		double first; /* units[0] count */
		int nr;
	} cases[] = {
		{ AGGR_SOCKET, 2, 1 + 2, 2 },
		{ AGGR_NODE, 2, 1 + 2, 2 },
		{ AGGR_CORE, 4, 1, 1 },
		{ AGGR_DIE, 2, 1 + 2, 2 },
	};

	for (size_t c = 0; c < sizeof(cases) / sizeof(cases[0]); c++) {
		struct stat_value val;
		struct fixture f;
		struct evsel *evsel;

		evsel = fixture__init(&f, cpu0123, 4, any_thread, 1,
				      cases[c].mode);
		for (int i = 0; i < 4; i++)
			set(evsel, i, 0, i + 1, 100, 100);
		assert_int_equal(
			perf_stat__process_counters(&f.config, f.evlist), 0);
		assert_int_equal(evsel->stats->nr_units, cases[c].nr_units);
		unit_value(&f, evsel, 0, &val);
		assert_true(val.count == cases[c].first);
		assert_int_equal(val.nr, cases[c].nr);
		assert_int_equal(val.run, 100 * cases[c].nr);
		fixture__exit(&f);
	}
}

/* One CPU of a socket that did not count spoils the socket (as perf). */
static void test_socket_with_idle_cpu(void **state)
{
	struct stat_value val;
	struct fixture f;
	struct evsel *evsel;

	evsel = fixture__init(&f, cpu0123, 4, any_thread, 1, AGGR_SOCKET);
	set(evsel, 0, 0, 5, 100, 0);
	set(evsel, 1, 0, 5, 100, 100);
	set(evsel, 2, 0, 5, 100, 100);
	set(evsel, 3, 0, 5, 100, 100);
	assert_int_equal(perf_stat__process_counters(&f.config, f.evlist), 0);
	unit_value(&f, evsel, 0, &val);
	assert_false(val.counted);
	assert_int_equal(val.nr, 1);
	unit_value(&f, evsel, 1, &val);
	assert_true(val.counted);
	assert_true(val.count == 10);
	assert_int_equal(val.nr, 2);
	fixture__exit(&f);
}

/* --per-thread: a unit per thread, summed over CPUs. */
static void test_per_thread(void **state)
{
	static const int cpus[] = { 0, 1 };
	static const pid_t tids[] = { 10, 11, 12 };
	struct stat_value val;
	struct fixture f;
	struct evsel *evsel;

	evsel = fixture__init(&f, cpus, 2, tids, 3, AGGR_THREAD);
	for (int c = 0; c < 2; c++)
		for (int t = 0; t < 3; t++)
			set(evsel, c, t, 10 * t + c, 100, 100);
	assert_int_equal(perf_stat__process_counters(&f.config, f.evlist), 0);
	assert_int_equal(evsel->stats->nr_units, 3);
	for (int t = 0; t < 3; t++) {
		assert_int_equal(evsel->stats->units[t].id.tid, tids[t]);
		assert_int_equal(evsel->stats->units[t].id.thread_idx, t);
		unit_value(&f, evsel, t, &val);
		assert_true(val.count == 20 * t + 1);
	}
	fixture__exit(&f);
}

/* -I: the delta since the previous interval, enabled/running included. */
static void test_interval_delta(void **state)
{
	struct stat_value val;
	struct fixture f;
	struct evsel *evsel;

	evsel = fixture__init(&f, any_cpu, 1, any_thread, 1, AGGR_GLOBAL);
	f.config.interval = 100;
	set(evsel, 0, 0, 100, 1000, 1000);
	assert_int_equal(perf_stat__process_counters(&f.config, f.evlist), 0);
	unit_value(&f, evsel, 0, &val);
	assert_true(val.count == 100);
	assert_non_null(evsel->prev_counts);

	set(evsel, 0, 0, 150, 2000, 1500);
	assert_int_equal(perf_stat__process_counters(&f.config, f.evlist), 0);
	unit_value(&f, evsel, 0, &val);
	/* 50 counted while running 500 of 1000 ns */
	assert_true(val.count == 100);
	assert_int_equal(val.ena, 1000);
	assert_int_equal(val.run, 500);

	/* nothing ran in this interval */
	assert_int_equal(perf_stat__process_counters(&f.config, f.evlist), 0);
	unit_value(&f, evsel, 0, &val);
	assert_false(val.counted);
	fixture__exit(&f);
}

/* -r: the mean of the runs and the deviation of that mean. */
static void test_repeat(void **state)
{
	static const __u64 runs[] = { 90, 100, 110 };
	struct stat_value val;
	struct fixture f;
	struct evsel *evsel;

	evsel = fixture__init(&f, any_cpu, 1, any_thread, 1, AGGR_GLOBAL);
	f.config.run_count = 3;
	for (int r = 0; r < 3; r++) {
		f.config.run_idx = r;
		set(evsel, 0, 0, runs[r], 1000, 1000);
		assert_int_equal(
			perf_stat__process_counters(&f.config, f.evlist), 0);
	}
	unit_value(&f, evsel, 0, &val);
	assert_true(val.count == 100);
	assert_int_equal(val.run, 1000);
	assert_true(fabs(val.stddev - sqrt(100.0 / 3)) < 1e-9);

	evlist__reset_stats(f.evlist);
	set(evsel, 0, 0, 7, 1000, 1000);
	assert_int_equal(perf_stat__process_counters(&f.config, f.evlist), 0);
	unit_value(&f, evsel, 0, &val);
	assert_true(val.count == 7);
	assert_true(val.stddev == 0);
	fixture__exit(&f);
}

/* Maps set (or changed) after alloc_stats are picked up. */
static void test_late_maps(void **state)
{
	struct perf_event_attr attr = { .type = PERF_TYPE_SOFTWARE };
	struct perf_stat_config config = { .aggr_mode = AGGR_NONE,
					   .scale = true,
					   .run_count = 1 };
	struct evlist *evlist = evlist__new();
	struct evsel *evsel = evsel__new(&attr, "cpu-clock");
	struct perf_cpu_map *cpus = cpu_map__new_from(cpu0123, 2);
	struct perf_thread_map *threads = thread_map__new_from(any_thread, 1);

	assert_int_equal(evlist__add(evlist, evsel), 0);
	assert_int_equal(evlist__alloc_stats(&config, evlist), 0);
	evsel->cpus = cpus;
	evsel->threads = threads;
	evsel->counts = perf_counts__new(2, 1);
	*perf_counts(evsel->counts, 1, 0) =
		(struct perf_counts_values){ 3, 1, 1 };
	assert_int_equal(perf_stat__process_counters(&config, evlist), 0);
	assert_int_equal(evsel->stats->nr_units, 2);
	assert_true(evsel->stats->units[1].count == 3);
	/* a not supported event without counts still aggregates */
	perf_counts__delete(evsel->counts);
	evsel->counts = NULL;
	assert_int_equal(perf_stat__process_counters(&config, evlist), 0);
	assert_true(evsel->stats->units[1].count == 0);
	evlist__free_stats(evlist);
	evlist__delete(evlist);
	cpu_map__put(cpus);
	thread_map__put(threads);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_welford),
		cmocka_unit_test(test_global_scaling),
		cmocka_unit_test(test_per_cpu),
		cmocka_unit_test(test_per_topology),
		cmocka_unit_test(test_socket_with_idle_cpu),
		cmocka_unit_test(test_per_thread),
		cmocka_unit_test(test_interval_delta),
		cmocka_unit_test(test_repeat),
		cmocka_unit_test(test_late_maps),
	};

	return cmocka_run_group_tests(tests, fake_sysfs__setup_two_sockets,
				      fake_sysfs__teardown);
}
