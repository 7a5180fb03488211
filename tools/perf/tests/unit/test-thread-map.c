// SPDX-License-Identifier: GPL-2.0
/* Thread lists (-p, -t): parsing, their errors, and naming threads. */
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

#include "util/error.h"
#include "util/thread_map.h"

static void test_thread_maps(void **state)
{
	struct perf_thread_map *map = NULL;
	struct perf_error err;
	char buf[64], self[32];

	(void)state;
	snprintf(self, sizeof(self), "%d", (int)getpid());
	assert_int_equal(thread_map__parse_pids(self, &map, &err), 0);
	assert_true(map->nr >= 1);
	assert_int_equal(map->map[0], getpid());
	assert_true(thread_map__comm(map, 0, buf, sizeof(buf)) > 0);
	assert_non_null(strstr(buf, self));
	assert_int_equal(buf[strlen(buf) - strlen(self) - 1], '-');
	thread_map__put(map);

	assert_int_equal(thread_map__parse_tids(self, &map, &err), 0);
	assert_int_equal(map->nr, 1);
	thread_map__put(map);

	assert_int_equal(thread_map__parse_tids("abc", &map, &err), -EINVAL);
	assert_string_equal(err.msg, "invalid thread id 'abc'");
	assert_int_equal(thread_map__parse_pids("", &map, &err), -EINVAL);
	assert_int_equal(thread_map__parse_pids("2147483647", &map, &err),
			 -ESRCH);
	assert_string_equal(err.msg, "pid 2147483647: no such process");
	assert_int_equal(thread_map__parse_tids("2147483647", &map, &err),
			 -ESRCH);
}

/* A tid given twice counts once; the order of the list is kept. */
static void test_tid_list(void **state)
{
	struct perf_thread_map *map = NULL;
	struct perf_error err;
	char list[64];
	pid_t self = getpid();

	(void)state;
	snprintf(list, sizeof(list), "%d,1,%d", (int)self, (int)self);
	assert_int_equal(thread_map__parse_tids(list, &map, &err), 0);
	assert_int_equal(map->nr, 2);
	assert_int_equal(map->map[0], self);
	assert_int_equal(map->map[1], 1);
	thread_map__put(map);

	map = thread_map__new_any();
	assert_non_null(map);
	assert_int_equal(map->nr, 1);
	assert_int_equal(map->map[0], -1);
	thread_map__put(map);

	assert_true(thread__exists(self));
	assert_false(thread__exists(2147483647));
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_thread_maps),
		cmocka_unit_test(test_tid_list),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
