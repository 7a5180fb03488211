// SPDX-License-Identifier: GPL-2.0
/* Which target options go together. */
#include <errno.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>
#include <cmocka.h>

#include "util/error.h"
#include "util/target.h"

static void expect_ok(const struct target *t, bool workload)
{
	struct perf_error err = { .msg = "" };

	assert_int_equal(target__validate(t, workload, &err), 0);
	assert_string_equal(err.msg, "");
}

static void expect_conflict(const struct target *t, bool workload,
			    const char *why)
{
	struct perf_error err = { .msg = "" };

	assert_int_equal(target__validate(t, workload, &err), -EINVAL);
	assert_string_equal(err.msg, why);
	assert_string_equal(err.hint, "");
	assert_null(strchr(err.msg, '\n'));
}

static void test_valid(void **state)
{
	(void)state;
	expect_ok(&(struct target){ .system_wide = true }, false);
	expect_ok(&(struct target){ .system_wide = true }, true);
	expect_ok(&(struct target){ .cpu_list = "0-1" }, true);
	expect_ok(&(struct target){ .pid = "1" }, false);
	expect_ok(&(struct target){ .tid = "1" }, false);
	/* the workload only times a -p session */
	expect_ok(&(struct target){ .pid = "1" }, true);
	expect_ok(&(struct target){ 0 }, true);
	expect_ok(&(struct target){ .system_wide = true, .cpu_list = "0" },
		  false);
	expect_ok(&(struct target){ .cgroups = "a", .system_wide = true },
		  true);
	expect_ok(&(struct target){ .cgroups = "a,b", .cpu_list = "1" }, false);
	expect_ok(&(struct target){ .per_thread = true, .pid = "1" }, false);
	expect_ok(&(struct target){ .per_thread = true, .tid = "1" }, false);
	expect_ok(&(struct target){ .per_thread = true, .system_wide = true },
		  false);
}

static void test_task_and_cpu(void **state)
{
	(void)state;
	expect_conflict(&(struct target){ .pid = "1", .tid = "2" }, false,
			"-p/--pid and -t/--tid cannot be used together");
	expect_conflict(
		&(struct target){ .pid = "1", .system_wide = true }, false,
		"-p/-t cannot be used with -a/--all-cpus: count either tasks or CPUs");
	expect_conflict(
		&(struct target){ .tid = "1", .system_wide = true }, true,
		"-p/-t cannot be used with -a/--all-cpus: count either tasks or CPUs");
	expect_conflict(
		&(struct target){ .tid = "1", .cpu_list = "0" }, false,
		"-p/-t cannot be used with -C/--cpu: count either tasks or CPUs");
}

static void test_cgroups(void **state)
{
	(void)state;
	expect_conflict(&(struct target){ .cgroups = "a" }, true,
			"-G/--cgroup needs system-wide counting: add -a or -C");
	expect_conflict(&(struct target){ .cgroups = "a", .pid = "1" }, false,
			"-G/--cgroup needs system-wide counting: add -a or -C");
}

static void test_per_thread(void **state)
{
	(void)state;
	expect_conflict(&(struct target){ .per_thread = true }, true,
			"--per-thread needs -p, -t or -a (without -C)");
	expect_conflict(&(struct target){ .per_thread = true, .cpu_list = "0" },
			false, "--per-thread needs -p, -t or -a (without -C)");
}

static void test_no_buffer(void **state)
{
	(void)state;
	assert_int_equal(
		target__validate(&(struct target){ .pid = "1", .tid = "1" },
				 false, NULL),
		-EINVAL);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_valid),
		cmocka_unit_test(test_task_and_cpu),
		cmocka_unit_test(test_cgroups),
		cmocka_unit_test(test_per_thread),
		cmocka_unit_test(test_no_buffer),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
