// SPDX-License-Identifier: GPL-2.0
/* The pure pieces of the bperf backend: attr keys and read-side folding. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>
#include <cmocka.h>

#include "util/bpf_counter_priv.h"
#include "util/cpumap.h"
#include "util/evsel.h"

static void test_key_ignores_what_does_not_count(void **state)
{
	struct perf_event_attr a = {
		.type = PERF_TYPE_SOFTWARE,
		.config = PERF_COUNT_SW_TASK_CLOCK,
	};
	struct perf_event_attr b = a;
	struct bperf_attr_key ka, kb;

	b.read_format = PERF_FORMAT_TOTAL_TIME_ENABLED |
			PERF_FORMAT_TOTAL_TIME_RUNNING | PERF_FORMAT_ID;
	b.disabled = 1;
	b.inherit = 1;
	b.enable_on_exec = 1;
	b.sample_period = 1000;
	b.size = 64;
	bperf__attr_key(&a, &ka);
	bperf__attr_key(&b, &kb);
	assert_memory_equal(&ka, &kb, sizeof(ka));
	assert_int_equal(ka.type, PERF_TYPE_SOFTWARE);
	assert_int_equal(ka.config, PERF_COUNT_SW_TASK_CLOCK);
	assert_int_equal(ka.exclude, 0);
}

static void test_key_keeps_what_counts(void **state)
{
	struct perf_event_attr base = {
		.type = PERF_TYPE_RAW,
		.config = 0x3c,
	};
	struct perf_event_attr attr;
	struct bperf_attr_key k0, k;

	bperf__attr_key(&base, &k0);

	attr = base;
	attr.exclude_kernel = 1;
	bperf__attr_key(&attr, &k);
	assert_memory_not_equal(&k0, &k, sizeof(k));
	assert_int_equal(k.exclude, BPERF_EXCLUDE_KERNEL);

	attr = base;
	attr.config1 = 7;
	bperf__attr_key(&attr, &k);
	assert_memory_not_equal(&k0, &k, sizeof(k));

	attr = base;
	attr.config2 = 1;
	bperf__attr_key(&attr, &k);
	assert_memory_not_equal(&k0, &k, sizeof(k));

	attr = base;
	attr.type = PERF_TYPE_HARDWARE;
	bperf__attr_key(&attr, &k);
	assert_memory_not_equal(&k0, &k, sizeof(k));

	attr = base;
	attr.exclude_user = 1;
	attr.exclude_hv = 1;
	attr.exclude_idle = 1;
	attr.exclude_host = 1;
	attr.exclude_guest = 1;
	bperf__attr_key(&attr, &k);
	assert_int_equal(k.exclude, BPERF_EXCLUDE_USER | BPERF_EXCLUDE_HV |
					    BPERF_EXCLUDE_IDLE |
					    BPERF_EXCLUDE_HOST |
					    BPERF_EXCLUDE_GUEST);
}

static void test_leader_attr_round_trip(void **state)
{
	struct perf_event_attr attr = {
		.type = PERF_TYPE_HARDWARE,
		.config = PERF_COUNT_HW_CPU_CYCLES,
		.config1 = 3,
		.exclude_kernel = 1,
		.exclude_hv = 1,
		.disabled = 1,
	};
	struct perf_event_attr leader;
	struct bperf_attr_key k, k2;

	bperf__attr_key(&attr, &k);
	bperf__leader_attr(&k, &leader);
	assert_int_equal(leader.size, sizeof(leader));
	assert_int_equal(leader.disabled, 0);
	assert_int_equal(leader.inherit, 0);
	assert_int_equal(leader.exclude_kernel, 1);
	assert_int_equal(leader.exclude_user, 0);
	bperf__attr_key(&leader, &k2);
	assert_memory_equal(&k, &k2, sizeof(k));
}

static void test_key_name(void **state)
{
	struct bperf_attr_key k = { .type = PERF_TYPE_SOFTWARE,
				    .config = PERF_COUNT_SW_CPU_CLOCK };
	char buf[128];

	bperf__key_name(&k, buf, sizeof(buf));
	assert_string_equal(buf, "cpu-clock");
	k.exclude = BPERF_EXCLUDE_KERNEL | BPERF_EXCLUDE_HV;
	bperf__key_name(&k, buf, sizeof(buf));
	assert_string_equal(buf, "cpu-clock:u");
	k = (struct bperf_attr_key){ .type = 8, .config = 0x1 };
	bperf__key_name(&k, buf, sizeof(buf));
	assert_string_equal(buf, "type=8,config=0x1,config1=0,config2=0");
}

/* 4 possible CPUs, readings [slot][cpu]. */
#define NR_POSSIBLE 4

static void test_fold_per_cpu(void **state)
{
	struct bperf_reading base[NR_POSSIBLE] = {
		[1] = { 100, 1000, 1000 },
		[3] = { 50, 500, 250 },
	};
	struct bperf_reading now[NR_POSSIBLE] = {
		[0] = { 999, 999, 999 }, /* not counted: not in -C */
		[1] = { 150, 3000, 3000 },
		[3] = { 80, 1500, 750 },
	};
	int cpus_list[] = { 1, 3 };
	struct perf_cpu_map *cpus = cpu_map__new_from(cpus_list, 2);
	struct perf_counts *counts = perf_counts__new(2, 1);

	assert_non_null(cpus);
	assert_non_null(counts);
	bperf__fold(counts, cpus, NR_POSSIBLE, true, 1, now, base);
	assert_int_equal(perf_counts(counts, 0, 0)->val, 50);
	assert_int_equal(perf_counts(counts, 0, 0)->ena, 2000);
	assert_int_equal(perf_counts(counts, 0, 0)->run, 2000);
	assert_int_equal(perf_counts(counts, 1, 0)->val, 30);
	assert_int_equal(perf_counts(counts, 1, 0)->ena, 1000);
	assert_int_equal(perf_counts(counts, 1, 0)->run, 500);
	perf_counts__delete(counts);
	cpu_map__put(cpus);
}

static void test_fold_per_task(void **state)
{
	/* Two slots (threads), summed over every CPU. */
	struct bperf_reading base[2 * NR_POSSIBLE] = {
		[0] = { 10, 10, 10 },
		[NR_POSSIBLE + 2] = { 5, 5, 5 },
	};
	struct bperf_reading now[2 * NR_POSSIBLE] = {
		[0] = { 20, 30, 30 },
		[1] = { 7, 7, 7 },
		[NR_POSSIBLE + 2] = { 105, 205, 105 },
		[NR_POSSIBLE + 3] = { 1, 1, 1 },
	};
	int any = -1;
	struct perf_cpu_map *cpus = cpu_map__new_from(&any, 1);
	struct perf_counts *counts = perf_counts__new(1, 2);

	bperf__fold(counts, cpus, NR_POSSIBLE, false, 2, now, base);
	assert_int_equal(perf_counts(counts, 0, 0)->val, 17);
	assert_int_equal(perf_counts(counts, 0, 0)->ena, 27);
	assert_int_equal(perf_counts(counts, 0, 1)->val, 101);
	assert_int_equal(perf_counts(counts, 0, 1)->ena, 201);
	assert_int_equal(perf_counts(counts, 0, 1)->run, 101);
	perf_counts__delete(counts);
	cpu_map__put(cpus);
}

static void test_fold_counter_wrap(void **state)
{
	/* u64 arithmetic: a counter that wrapped still gives the delta. */
	struct bperf_reading base[1] = { { UINT64_MAX - 4, 0, 0 } };
	struct bperf_reading now[1] = { { 5, 10, 10 } };
	int any = -1;
	struct perf_cpu_map *cpus = cpu_map__new_from(&any, 1);
	struct perf_counts *counts = perf_counts__new(1, 1);

	bperf__fold(counts, cpus, 1, false, 1, now, base);
	assert_int_equal(perf_counts(counts, 0, 0)->val, 10);
	perf_counts__delete(counts);
	cpu_map__put(cpus);
}

static void test_fold_process_as_a_whole(void **state)
{
	/* -p of a process with 3 threads: one slot, read into thread 0. */
	struct bperf_reading base[NR_POSSIBLE] = { [0] = { 1, 1, 1 } };
	struct bperf_reading now[NR_POSSIBLE] = {
		[0] = { 11, 21, 21 }, [3] = { 5, 5, 5 }
	};
	int any = -1;
	struct perf_cpu_map *cpus = cpu_map__new_from(&any, 1);
	struct perf_counts *counts = perf_counts__new(1, 3);

	bperf__fold(counts, cpus, NR_POSSIBLE, false, 1, now, base);
	assert_int_equal(perf_counts(counts, 0, 0)->val, 15);
	assert_int_equal(perf_counts(counts, 0, 0)->ena, 25);
	assert_int_equal(perf_counts(counts, 0, 1)->val, 0);
	assert_int_equal(perf_counts(counts, 0, 2)->val, 0);
	perf_counts__delete(counts);
	cpu_map__put(cpus);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_key_ignores_what_does_not_count),
		cmocka_unit_test(test_key_keeps_what_counts),
		cmocka_unit_test(test_leader_attr_round_trip),
		cmocka_unit_test(test_key_name),
		cmocka_unit_test(test_fold_per_cpu),
		cmocka_unit_test(test_fold_per_task),
		cmocka_unit_test(test_fold_counter_wrap),
		cmocka_unit_test(test_fold_process_as_a_whole),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
