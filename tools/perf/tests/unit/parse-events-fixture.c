// SPDX-License-Identifier: GPL-2.0
/*
 * The event parsing tests' fixture: it points the PMU code at the fake
 * sysfs tree next to this file, and checks single parse_events() calls.
 */
#include <libgen.h>
#include <limits.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cmocka.h>

#include "parse-events-fixture.h"
#include "util/error.h"
#include "util/evsel.h"
#include "util/parse-events.h"
#include "util/pmu.h"

/* The fake tree: next to the source, or found from the test binary. */
int parse_fixture__setup(void **state)
{
	char path[PATH_MAX], exe[PATH_MAX], *dir;
	struct stat st;
	ssize_t len;

	snprintf(path, sizeof(path), "%s", __FILE__);
	dir = dirname(path);
	snprintf(exe, sizeof(exe), "%s/sysfs", dir);
	if (stat(exe, &st) == 0) {
		pmu__set_sysfs_root(exe);
		return 0;
	}
	len = readlink("/proc/self/exe", exe, sizeof(exe) - 1);
	if (len < 0)
		return -1;
	exe[len] = '\0';
	dir = dirname(exe); /* build/tests */
	snprintf(path, sizeof(path), "%s/../../tools/perf/tests/unit/sysfs",
		 dir);
	if (stat(path, &st))
		return -1;
	pmu__set_sysfs_root(path);
	return 0;
}

int parse_fixture__teardown(void **state)
{
	pmu__set_sysfs_root(NULL);
	return 0;
}

struct evlist *parse_ok(const char *str)
{
	struct perf_error err = { .msg = "" };
	struct evlist *evlist = evlist__new();
	int ret;

	assert_non_null(evlist);
	ret = parse_events(evlist, str, &err);
	if (ret)
		print_error("parse_events(\"%s\") = %d: %s\n", str, ret,
			    err.msg);
	assert_int_equal(ret, 0);
	assert_string_equal(err.msg, "");
	return evlist;
}

struct evlist *parse_one(const char *str, __u32 type, __u64 config,
			 const char *name)
{
	struct evlist *evlist = parse_ok(str);
	struct evsel *evsel;

	assert_int_equal(evlist->nr_entries, 1);
	evsel = evlist->entries[0];
	assert_int_equal(evsel->attr.type, type);
	assert_int_equal(evsel->attr.config, config);
	assert_string_equal(evsel->name, name);
	assert_ptr_equal(evsel->leader, evsel);
	assert_int_equal(evsel->nr_members, 1);
	assert_false(evsel->grouped);
	return evlist;
}

void check_one(const char *str, __u32 type, __u64 config, const char *name)
{
	evlist__delete(parse_one(str, type, config, name));
}

void check_error(const char *str, int ret, int idx, const char *msg)
{
	struct perf_error err = { .msg = "" };
	struct evlist *evlist = evlist__new();
	char want[512];
	int got;

	assert_non_null(evlist);
	snprintf(want, sizeof(want), "bad event '%s' at offset %d: %s", str,
		 idx, msg);
	got = parse_events(evlist, str, &err);
	if (got != ret || strncmp(err.msg, want, strlen(want)))
		print_error("parse_events(\"%s\") = %d, \"%s\"\n", str, got,
			    err.msg);
	assert_int_equal(got, ret);
	assert_true(strncmp(err.msg, want, strlen(want)) == 0);
	assert_null(strchr(err.msg, '\n'));
	/* nothing half-added */
	assert_int_equal(evlist->nr_entries, 0);
	assert_int_equal(evlist->nr_groups, 0);
	evlist__delete(evlist);
}
