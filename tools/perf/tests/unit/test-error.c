// SPDX-License-Identifier: GPL-2.0
/* Errors as values: set, a hint, and a caller's prefix, cut to fit. */
#include <errno.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>
#include <cmocka.h>

#include "util/error.h"

static void test_set_and_hint(void **state)
{
	struct perf_error err;

	(void)state;
	assert_int_equal(perf_error__set(&err, -EINVAL, "bad %s", "list"),
			 -EINVAL);
	assert_string_equal(err.msg, "bad list");
	assert_string_equal(err.hint, "");
	perf_error__hint(&err, "try %d", 2);
	assert_string_equal(err.hint, "try 2");
	/* a new message drops the last one's hint */
	perf_error__set(&err, -ENOENT, "gone");
	assert_string_equal(err.hint, "");
	/* no record: only the value */
	assert_int_equal(perf_error__set(NULL, -EIO, "x"), -EIO);
	assert_int_equal(perf_error__prefix(NULL, -EIO, "x"), -EIO);
}

static void test_prefix(void **state)
{
	struct perf_error err;

	(void)state;
	perf_error__set(&err, -EINVAL, "reversed range 3-1");
	perf_error__hint(&err, "ranges go up");
	assert_int_equal(perf_error__prefix(&err, -EINVAL, "bad CPU list '%s'",
					    "3-1"),
			 -EINVAL);
	assert_string_equal(err.msg, "bad CPU list '3-1': reversed range 3-1");
	assert_string_equal(err.hint, "ranges go up");
}

/* What does not fit is cut from the end: the prefix stays whole. */
static void test_prefix_cut(void **state)
{
	static struct perf_error err;
	char why[sizeof(err.msg)];
	size_t room = sizeof(err.msg) - 1;

	(void)state;
	memset(why, 'w', sizeof(why) - 1);
	why[sizeof(why) - 1] = '\0';
	perf_error__set(&err, -EINVAL, "%s", why);
	assert_int_equal(strlen(err.msg), room);
	perf_error__prefix(&err, -EINVAL, "what");
	assert_int_equal(strlen(err.msg), room);
	assert_true(strncmp(err.msg, "what: www", 9) == 0);

	/* a prefix longer than the room: cut, with the separator */
	perf_error__set(&err, -EINVAL, "why");
	perf_error__prefix(&err, -EINVAL, "%s", why);
	assert_int_equal(strlen(err.msg), room);
	assert_true(strcmp(err.msg + room - 2, ": ") == 0);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_set_and_hint),
		cmocka_unit_test(test_prefix),
		cmocka_unit_test(test_prefix_cut),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
