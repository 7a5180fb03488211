// SPDX-License-Identifier: GPL-2.0
/*
 * Every event string parse_events() refuses, with the offset and the
 * reason it reports, and the one error line (plus hint) it prints as.
 */
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

#include "parse-events-fixture.h"
#include "util/error.h"
#include "util/evsel.h"
#include "util/parse-events.h"
#include "util/pmu.h"

static void test_errors(void **state)
{
	check_error("foo", -ENOENT, 0, "unknown event 'foo'");
	check_error("cycles,foo", -ENOENT, 7, "unknown event 'foo'");
	check_error("cycles,Cycles", -ENOENT, 7, "unknown event 'Cycles'");
	check_error("l1-dcache-loads", -ENOENT, 0, "unknown event");
	check_error("L1-dcache-loadz", -ENOENT, 0, "unknown event");
	check_error("L1-dcache-load-load", -ENOENT, 0, "unknown event");
	check_error("r0x10", -ENOENT, 0, "unknown event 'r0x10'");
	check_error("rzz", -ENOENT, 0, "unknown event 'rzz'");
	check_error("L1-icache-stores", -EINVAL, 10,
		    "cache 'L1-icache' has no store operation");
	check_error("iTLB-prefetches", -EINVAL, 5,
		    "cache 'iTLB' has no prefetch operation");

	check_error("cycles:zz", -EINVAL, 7, "unknown modifier 'z'");
	check_error("cycles:uz", -EINVAL, 8, "unknown modifier 'z'");
	check_error("cpu-clock:pppp", -EINVAL, 13, "too many 'p' modifiers");
	check_error("{cpu-clock:pp,task-clock}:pp", -EINVAL, 27,
		    "too many 'p' modifiers");
	check_error("msr/tsc/:u", -EINVAL, 8, "unknown modifier ':'");
	check_error("msr/tsc/x", -EINVAL, 8, "unknown modifier 'x'");

	check_error("xyz/abc/", -ENOENT, 0, "unknown pmu 'xyz'");
	check_error("cycles,xyz/event=1/", -ENOENT, 7, "unknown pmu 'xyz'");
	check_error("msr/foo/", -EINVAL, 4, "unknown term 'foo' for pmu 'msr'");
	check_error("msr/tsc,foo=1/", -EINVAL, 8,
		    "unknown term 'foo' for pmu 'msr'");
	check_error("msr/event=nope/", -ENOENT, 10,
		    "unknown event 'nope' for pmu 'msr'");
	check_error("cpu/umask=abc/", -EINVAL, 10, "bad value 'abc'");
	check_error("cpu/cycles-ct/", -EINVAL, 4, "bad event 'cycles-ct'");
	check_error("cpu-clock/foo=1/", -EINVAL, 10,
		    "unknown term 'foo' for event 'cpu-clock'");
	check_error("msr/tsc", -EINVAL, 7, "missing '/'");
	check_error("msr/", -EINVAL, 4, "missing '/'");
	check_error("nopmu/", -ENOENT, 0, "unknown pmu 'nopmu'");
	check_error("nopmu/tsc", -ENOENT, 0, "unknown pmu 'nopmu'");
	check_error("msr/tsc,/", -EINVAL, 8, "empty term");
	check_error("msr/event=/", -EINVAL, 10, "missing value");
	check_error("msr/name/", -EINVAL, 4, "missing value for term 'name'");

	check_error(
		"cpu/event=0x100/", -EINVAL, 10,
		"value 0x100 too big for term 'event' of pmu 'cpu' (at most 0xff)");
	check_error("cpu/split=0x100/", -EINVAL, 10, "value 0x100 too big");
	check_error("cpu/edge=2/", -EINVAL, 9, "value 0x2 too big");
	check_error("msr/event=0x10000000000000000/", -EINVAL, 10,
		    "value too big");
	check_error("msr/config=99999999999999999999/", -EINVAL, 11,
		    "value too big");
	check_error("r10000000000000000", -EINVAL, 1,
		    "raw event value too big");

	check_error("", -EINVAL, 0, "empty event");
	check_error("cycles,", -EINVAL, 7, "empty event");
	check_error("cycles,,instructions", -EINVAL, 7, "empty event");
	check_error(",cycles", -EINVAL, 0, "empty event");
	check_error("{}", -EINVAL, 1, "empty event");
	check_error("{cycles", -EINVAL, 0, "unbalanced braces: missing '}'");
	check_error("cycles,{cycles,cs", -EINVAL, 7,
		    "unbalanced braces: missing '}'");
	check_error("cycles}", -EINVAL, 6, "unbalanced braces: unexpected '}'");
	check_error("{cycles}}", -EINVAL, 8,
		    "unbalanced braces: unexpected '}'");
	check_error("{cycles,{cs}}", -EINVAL, 8, "nested groups");
	check_error("cycles;cs", -EINVAL, 6, "unexpected ';'");
	check_error("{cycles}cs", -EINVAL, 8, "unexpected 'c'");
	check_error("cycles cs", -EINVAL, 7, "unexpected 'c'");
	check_error("cycles/name=x/,foo", -ENOENT, 15, "unknown event 'foo'");
}

static void test_error_print(void **state)
{
	struct perf_error err = { .msg = "" };
	struct evlist *evlist = evlist__new();
	char buf[512] = "";
	FILE *f;
	int saved, fd;

	assert_int_equal(parse_events(evlist, "cycles:zz", &err), -EINVAL);
	assert_true(err.hint[0] != '\0');

	/* capture stderr */
	f = tmpfile();
	assert_non_null(f);
	fflush(stderr);
	saved = dup(2);
	fd = fileno(f);
	dup2(fd, 2);
	perf_error__print(&err);
	fflush(stderr);
	dup2(saved, 2);
	close(saved);
	rewind(f);
	assert_true(fread(buf, 1, sizeof(buf) - 1, f) > 0);
	fclose(f);

	assert_true(strncmp(buf,
			    "perf: error: bad event 'cycles:zz' at offset 7: "
			    "unknown modifier 'z'\nhint: ",
			    strlen("perf: error: bad event 'cycles:zz' at "
				   "offset 7: unknown modifier 'z'\nhint: ")) ==
		    0);
	/* two lines at most */
	{
		int lines = 0;

		for (char *c = buf; *c; c++)
			lines += *c == '\n';
		assert_int_equal(lines, 2);
	}
	evlist__delete(evlist);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_errors),
		cmocka_unit_test(test_error_print),
	};

	return cmocka_run_group_tests(tests, parse_fixture__setup,
				      parse_fixture__teardown);
}
