// SPDX-License-Identifier: GPL-2.0
/*
 * syscall__nr(): the numbers of syscalls by name, as the C library's
 * <sys/syscall.h> has them (one is generated from <asm/unistd.h> at build
 * time, the other comes with libc), and -1 for names that are none.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <sys/syscall.h>
#include <cmocka.h>

#include "util/syscall-nr.h"

static void test_known(void **state)
{
	(void)state;
	assert_int_equal(syscall__nr("execve"), SYS_execve);
	assert_int_equal(syscall__nr("execveat"), SYS_execveat);
	assert_int_equal(syscall__nr("read"), SYS_read);
	assert_int_equal(syscall__nr("openat"), SYS_openat);
	assert_int_equal(syscall__nr("exit_group"), SYS_exit_group);
	/* An alias on arm64 (__NR3264_fstat): resolved, not skipped. */
	assert_int_equal(syscall__nr("fstat"), SYS_fstat);
}

static void test_unknown(void **state)
{
	(void)state;
	assert_int_equal(syscall__nr(""), -1);
	assert_int_equal(syscall__nr("exec"), -1); /* a prefix of one */
	assert_int_equal(syscall__nr("execve "), -1);
	assert_int_equal(syscall__nr("no_such_syscall"), -1);
	/* The tracepoint's name, not the syscall's. */
	assert_int_equal(syscall__nr("sys_enter_execve"), -1);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_known),
		cmocka_unit_test(test_unknown),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
