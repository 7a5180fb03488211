// SPDX-License-Identifier: GPL-2.0
/*
 * Event parsing of tracepoints against a fake tracefs events directory
 * made here: sys:name, globs, modifiers, groups, events without an id,
 * NAME:mods that stay other events, and the errors.
 */
#include <errno.h>
#include <limits.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cmocka.h>

#include "parse-events-fixture.h"
#include "util/evsel.h"
#include "util/parse-events.h"
#include "util/tracepoint.h"

static char events_dir[PATH_MAX];

/* events/<sys>/<name>/ with an id file unless id is 0. */
static void add_event(const char *sys, const char *name, int id)
{
	char path[PATH_MAX + 64];
	FILE *f;

	snprintf(path, sizeof(path), "%s/%s", events_dir, sys);
	mkdir(path, 0755);
	snprintf(path, sizeof(path), "%s/%s/%s", events_dir, sys, name);
	assert_int_equal(mkdir(path, 0755), 0);
	if (!id)
		return;
	snprintf(path, sizeof(path), "%s/%s/%s/id", events_dir, sys, name);
	f = fopen(path, "w");
	assert_non_null(f);
	fprintf(f, "%d\n", id);
	fclose(f);
}

static int setup(void **state)
{
	char tmpl[] = "/tmp/perf-tracefs.XXXXXX";

	if (parse_fixture__setup(state) || !mkdtemp(tmpl))
		return -1;
	snprintf(events_dir, sizeof(events_dir), "%s", tmpl);
	add_event("sched", "sched_switch", 316);
	add_event("sched", "sched_wakeup", 317);
	add_event("sched", "sched_process_exec", 318);
	add_event("ftrace", "function", 1);
	add_event("ftrace", "bprint", 0); /* no id: never counted */
	add_event("syscalls", "sys_enter_execve", 700);
	add_event("syscalls", "sys_exit_execve", 701);
	tracepoint__set_events_dir(events_dir);
	return 0;
}

static int teardown(void **state)
{
	char cmd[PATH_MAX + 16];

	tracepoint__set_events_dir(NULL);
	snprintf(cmd, sizeof(cmd), "rm -rf '%s'", events_dir);
	if (system(cmd))
		return -1;
	return parse_fixture__teardown(state);
}

static void test_one(void **state)
{
	struct evlist *evlist = parse_one("sched:sched_switch",
					  PERF_TYPE_TRACEPOINT, 316,
					  "sched:sched_switch");

	(void)state;
	assert_string_equal(evlist->entries[0]->unit, "");
	assert_false(evlist->entries[0]->attr.exclude_kernel);
	evlist__delete(evlist);
	check_one("syscalls:sys_exit_execve", PERF_TYPE_TRACEPOINT, 701,
		  "syscalls:sys_exit_execve");
}

static void test_modifiers_and_groups(void **state)
{
	struct evlist *evlist;

	(void)state;
	evlist = parse_one("sched:sched_switch:u", PERF_TYPE_TRACEPOINT, 316,
			   "sched:sched_switch:u");
	assert_true(evlist->entries[0]->attr.exclude_kernel);
	assert_false(evlist->entries[0]->attr.exclude_user);
	evlist__delete(evlist);

	evlist = parse_ok("{sched:sched_switch,cs}:k,sched:sched_wakeup:b");
	assert_int_equal(evlist->nr_entries, 3);
	assert_true(evlist->entries[0]->grouped);
	assert_ptr_equal(evlist->entries[1]->leader, evlist->entries[0]);
	assert_true(evlist->entries[0]->attr.exclude_user);
	assert_true(evlist->entries[1]->attr.exclude_user);
	assert_int_equal(evlist->entries[1]->attr.type, PERF_TYPE_SOFTWARE);
	assert_string_equal(evlist->entries[2]->name, "sched:sched_wakeup:b");
	assert_true(evlist->entries[2]->use_bpf);
	evlist__delete(evlist);
}

/* Is name among the evsels, with this config? */
static bool has_event(struct evlist *evlist, const char *name, __u64 config)
{
	for (int i = 0; i < evlist->nr_entries; i++) {
		if (!strcmp(evlist->entries[i]->name, name))
			return evlist->entries[i]->attr.config == config &&
			       evlist->entries[i]->attr.type ==
				       PERF_TYPE_TRACEPOINT;
	}
	return false;
}

static void test_globs(void **state)
{
	struct evlist *evlist;

	(void)state;
	evlist = parse_ok("sched:*");
	assert_int_equal(evlist->nr_entries, 3);
	assert_true(has_event(evlist, "sched:sched_switch", 316));
	assert_true(has_event(evlist, "sched:sched_wakeup", 317));
	assert_true(has_event(evlist, "sched:sched_process_exec", 318));
	evlist__delete(evlist);

	evlist = parse_ok("sched:sched_[sw]*:u");
	assert_int_equal(evlist->nr_entries, 2);
	assert_true(has_event(evlist, "sched:sched_switch:u", 316));
	assert_true(evlist->entries[0]->attr.exclude_kernel);
	evlist__delete(evlist);

	/* events without an id are never matched */
	evlist = parse_ok("ftrace:*");
	assert_int_equal(evlist->nr_entries, 1);
	assert_true(has_event(evlist, "ftrace:function", 1));
	evlist__delete(evlist);

	evlist = parse_ok("sys*:sys_*_execve,task-clock");
	assert_int_equal(evlist->nr_entries, 3);
	assert_true(has_event(evlist, "syscalls:sys_enter_execve", 700));
	assert_true(has_event(evlist, "syscalls:sys_exit_execve", 701));
	evlist__delete(evlist);
}

static void test_not_tracepoints(void **state)
{
	(void)state;
	/* NAME:mods of other events stay what they were */
	check_one("cycles:u", PERF_TYPE_HARDWARE, PERF_COUNT_HW_CPU_CYCLES,
		  "cycles:u");
	check_one("cs:k", PERF_TYPE_SOFTWARE, PERF_COUNT_SW_CONTEXT_SWITCHES,
		  "cs:k");
	check_error("cycles:zz", -EINVAL, 7, "unknown modifier 'z'");
	check_error("L1-dcache-loads:zz", -EINVAL, 16, "unknown modifier 'z'");
	check_error("nope:u", -ENOENT, 0, "unknown event 'nope'");
}

static void test_errors(void **state)
{
	(void)state;
	check_error("sched:nope", -ENOENT, 0,
		    "unknown tracepoint 'sched:nope'");
	check_error("nope:sched_switch", -ENOENT, 0,
		    "unknown tracepoint 'nope:sched_switch'");
	check_error("cs,sched:nope*", -ENOENT, 3,
		    "no tracepoint matches 'sched:nope*'");
	check_error("ftrace:bprint", -ENOENT, 0,
		    "unknown tracepoint 'ftrace:bprint'");
	check_error("sched:sched_switch:zz", -EINVAL, 19,
		    "unknown modifier 'z'");
	check_error("sched:sched_switch/", -EINVAL, 18, "unexpected '/'");
	check_error("sched:..", -ENOENT, 0, "unknown tracepoint 'sched:..'");
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_one),
		cmocka_unit_test(test_modifiers_and_groups),
		cmocka_unit_test(test_globs),
		cmocka_unit_test(test_not_tracepoints),
		cmocka_unit_test(test_errors),
	};

	return cmocka_run_group_tests(tests, setup, teardown);
}
