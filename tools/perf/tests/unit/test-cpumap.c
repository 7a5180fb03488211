// SPDX-License-Identifier: GPL-2.0
/* CPU list parsing, its error messages, and formatting back. */
#include <errno.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <cmocka.h>

#include "util/cpumap.h"
#include "util/error.h"

static void expect_cpus(const char *list, int max_cpu, const int *cpus, int nr)
{
	struct perf_cpu_map *map = NULL;
	struct perf_error err;

	assert_int_equal(cpu_map__parse(list, max_cpu, &map, &err), 0);
	assert_non_null(map);
	assert_int_equal(map->nr, nr);
	for (int i = 0; i < nr; i++)
		assert_int_equal(map->map[i], cpus[i]);
	cpu_map__put(map);
}

static void expect_error(const char *list, int max_cpu, const char *why)
{
	struct perf_cpu_map *map = (struct perf_cpu_map *)1;
	struct perf_error err;

	assert_int_equal(cpu_map__parse(list, max_cpu, &map, &err), -EINVAL);
	assert_null(map);
	assert_string_equal(err.msg, why);
	assert_string_equal(err.hint, "");
}

static void test_single_and_ranges(void **state)
{
	(void)state;
	expect_cpus("0", 0, (int[]){ 0 }, 1);
	expect_cpus("0-3", 0, (int[]){ 0, 1, 2, 3 }, 4);
	expect_cpus("0-3,6", 0, (int[]){ 0, 1, 2, 3, 6 }, 5);
	expect_cpus("8-9,0", 0, (int[]){ 0, 8, 9 }, 3);
	expect_cpus("5-5", 0, (int[]){ 5 }, 1);
	/* sysfs files end in a newline */
	expect_cpus("0-1\n", 0, (int[]){ 0, 1 }, 2);
}

static void test_duplicates_merge(void **state)
{
	(void)state;
	expect_cpus("1,1,0-2,2", 0, (int[]){ 0, 1, 2 }, 3);
	expect_cpus("3,2,1", 4, (int[]){ 1, 2, 3 }, 3);
}

static void test_errors(void **state)
{
	(void)state;
	expect_error("", 0, "empty CPU list");
	expect_error(NULL, 0, "empty CPU list");
	expect_error("abc", 0, "unexpected 'a' at offset 0");
	expect_error("0,x", 0, "unexpected 'x' at offset 2");
	expect_error("0;1", 0, "unexpected ';' at offset 1");
	expect_error("1 ", 0, "unexpected ' ' at offset 1");
	expect_error("0,,1", 0, "unexpected ',' at offset 2");
	expect_error("0,", 0, "missing CPU number at offset 2");
	expect_error("2-", 0, "missing CPU number at offset 2");
	expect_error("3-1", 0, "reversed range 3-1");
	expect_error("-1", 0, "negative CPU number at offset 0");
	expect_error("0--1", 0, "negative CPU number at offset 2");
	expect_error("99999999999", 0, "cpu 99999999999 is too large");
	expect_error("70000", 0, "cpu 70000 is too large");
	expect_error("9", 2, "cpu 9 out of range (max 1)");
	expect_error("0-2", 2, "cpu 2 out of range (max 1)");
}

static void expect_round_trip(const char *list, const char *printed)
{
	struct perf_cpu_map *map = NULL;
	char buf[64];

	assert_int_equal(cpu_map__parse(list, 0, &map, NULL), 0);
	assert_int_equal(cpu_map__snprint(map, buf, sizeof(buf)),
			 (int)strlen(printed));
	assert_string_equal(buf, printed);
	cpu_map__put(map);
}

static void test_snprint(void **state)
{
	struct perf_cpu_map *any = cpu_map__new_any();
	struct perf_cpu_map *map;
	char small[4];

	(void)state;
	expect_round_trip("0-3,6", "0-3,6");
	expect_round_trip("6,0,1,2,3", "0-3,6");
	expect_round_trip("0,2,4", "0,2,4");
	expect_round_trip("1-2,4-5,7", "1-2,4-5,7");
	expect_round_trip("0", "0");

	assert_int_equal(cpu_map__snprint(any, small, sizeof(small)), 2);
	assert_string_equal(small, "-1");
	cpu_map__put(any);

	/* Truncated output stays terminated. */
	assert_int_equal(cpu_map__parse("0,2,4,6,8", 0, &map, NULL), 0);
	cpu_map__snprint(map, small, sizeof(small));
	assert_true(strlen(small) < sizeof(small));
	assert_memory_equal(small, "0,2", 3);
	cpu_map__put(map);
}

static void test_idx_and_sysfs(void **state)
{
	struct perf_cpu_map *online = cpu_map__new_online();
	struct perf_cpu_map *map = cpu_map__new_from((int[]){ 2, 5, 7 }, 3);

	(void)state;
	assert_int_equal(cpu_map__idx(map, 5), 1);
	assert_int_equal(cpu_map__idx(map, 3), -1);
	cpu_map__put(map);

	assert_non_null(online);
	assert_true(online->nr >= 1);
	assert_true(cpu__max_cpu() > online->map[online->nr - 1]);
	cpu_map__put(online);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_single_and_ranges),
		cmocka_unit_test(test_duplicates_merge),
		cmocka_unit_test(test_errors),
		cmocka_unit_test(test_snprint),
		cmocka_unit_test(test_idx_and_sysfs),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
