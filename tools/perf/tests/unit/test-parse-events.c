// SPDX-License-Identifier: GPL-2.0
/*
 * Event parsing of the generic events: hardware and software names and
 * their aliases, clocks in msec, hardware cache events, raw events,
 * modifiers, lists and groups, and perf stat's default events, checked
 * field by field.
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
#include "util/event-names.h"
#include "util/evsel.h"
#include "util/parse-events.h"
#include "util/pmu.h"

static void test_hardware(void **state)
{
	static const struct {
		const char *name;
		__u64 config;
	} events[] = {
		{ "cycles", PERF_COUNT_HW_CPU_CYCLES },
		{ "cpu-cycles", PERF_COUNT_HW_CPU_CYCLES },
		{ "instructions", PERF_COUNT_HW_INSTRUCTIONS },
		{ "ref-cycles", PERF_COUNT_HW_REF_CPU_CYCLES },
		{ "branches", PERF_COUNT_HW_BRANCH_INSTRUCTIONS },
		{ "branch-instructions", PERF_COUNT_HW_BRANCH_INSTRUCTIONS },
		{ "branch-misses", PERF_COUNT_HW_BRANCH_MISSES },
		{ "cache-references", PERF_COUNT_HW_CACHE_REFERENCES },
		{ "cache-misses", PERF_COUNT_HW_CACHE_MISSES },
		{ "bus-cycles", PERF_COUNT_HW_BUS_CYCLES },
		{ "stalled-cycles-frontend",
		  PERF_COUNT_HW_STALLED_CYCLES_FRONTEND },
		{ "idle-cycles-frontend",
		  PERF_COUNT_HW_STALLED_CYCLES_FRONTEND },
		{ "stalled-cycles-backend",
		  PERF_COUNT_HW_STALLED_CYCLES_BACKEND },
		{ "idle-cycles-backend", PERF_COUNT_HW_STALLED_CYCLES_BACKEND },
	};

	for (size_t i = 0; i < sizeof(events) / sizeof(events[0]); i++) {
		struct evlist *evlist =
			parse_one(events[i].name, PERF_TYPE_HARDWARE,
				  events[i].config, events[i].name);
		struct evsel *evsel = evlist->entries[0];

		assert_null(evsel->pmu_name);
		assert_string_equal(evsel->unit, "");
		assert_true(evsel->scale == 1.0);
		assert_false(evsel->attr.exclude_user);
		assert_false(evsel->attr.exclude_kernel);
		assert_false(evsel->attr.exclude_hv);
		assert_false(evsel->use_bpf);
		evlist__delete(evlist);
	}
}

static void test_software(void **state)
{
	static const struct {
		const char *name;
		__u64 config;
	} events[] = {
		{ "cpu-clock", PERF_COUNT_SW_CPU_CLOCK },
		{ "task-clock", PERF_COUNT_SW_TASK_CLOCK },
		{ "page-faults", PERF_COUNT_SW_PAGE_FAULTS },
		{ "faults", PERF_COUNT_SW_PAGE_FAULTS },
		{ "minor-faults", PERF_COUNT_SW_PAGE_FAULTS_MIN },
		{ "major-faults", PERF_COUNT_SW_PAGE_FAULTS_MAJ },
		{ "context-switches", PERF_COUNT_SW_CONTEXT_SWITCHES },
		{ "cs", PERF_COUNT_SW_CONTEXT_SWITCHES },
		{ "cpu-migrations", PERF_COUNT_SW_CPU_MIGRATIONS },
		{ "migrations", PERF_COUNT_SW_CPU_MIGRATIONS },
		{ "alignment-faults", PERF_COUNT_SW_ALIGNMENT_FAULTS },
		{ "emulation-faults", PERF_COUNT_SW_EMULATION_FAULTS },
		{ "dummy", PERF_COUNT_SW_DUMMY },
		{ "bpf-output", PERF_COUNT_SW_BPF_OUTPUT },
	};

	for (size_t i = 0; i < sizeof(events) / sizeof(events[0]); i++)
		check_one(events[i].name, PERF_TYPE_SOFTWARE, events[i].config,
			  events[i].name);
}

static void test_clock_units(void **state)
{
	struct evlist *evlist = parse_ok("task-clock,cpu-clock,cs");

	assert_int_equal(evlist->nr_entries, 3);
	assert_string_equal(evlist->entries[0]->unit, "msec");
	assert_true(evlist->entries[0]->scale == 1e-6);
	assert_string_equal(evlist->entries[1]->unit, "msec");
	assert_true(evlist->entries[1]->scale == 1e-6);
	assert_string_equal(evlist->entries[2]->unit, "");
	assert_true(evlist->entries[2]->scale == 1.0);
	for (int i = 0; i < 3; i++)
		assert_int_equal(evlist->entries[i]->idx, i);
	evlist__delete(evlist);
}

static void test_hw_cache(void **state)
{
	static const struct {
		const char *name;
		__u64 config;
	} events[] = {
		{ "L1-dcache-loads",
		  CACHE_CONFIG(L1D, OP_READ, RESULT_ACCESS) },
		{ "L1-dcache-load-misses",
		  CACHE_CONFIG(L1D, OP_READ, RESULT_MISS) },
		{ "L1-dcache-stores",
		  CACHE_CONFIG(L1D, OP_WRITE, RESULT_ACCESS) },
		{ "L1-dcache-store-misses",
		  CACHE_CONFIG(L1D, OP_WRITE, RESULT_MISS) },
		{ "L1-dcache-prefetch-misses",
		  CACHE_CONFIG(L1D, OP_PREFETCH, RESULT_MISS) },
		{ "L1-dcache", CACHE_CONFIG(L1D, OP_READ, RESULT_ACCESS) },
		{ "L1-icache-load-misses",
		  CACHE_CONFIG(L1I, OP_READ, RESULT_MISS) },
		{ "L1-icache-loads",
		  CACHE_CONFIG(L1I, OP_READ, RESULT_ACCESS) },
		{ "LLC-loads", CACHE_CONFIG(LL, OP_READ, RESULT_ACCESS) },
		{ "LLC-load-misses", CACHE_CONFIG(LL, OP_READ, RESULT_MISS) },
		{ "LLC-stores", CACHE_CONFIG(LL, OP_WRITE, RESULT_ACCESS) },
		{ "LLC-store-misses", CACHE_CONFIG(LL, OP_WRITE, RESULT_MISS) },
		{ "LLC-prefetches",
		  CACHE_CONFIG(LL, OP_PREFETCH, RESULT_ACCESS) },
		{ "dTLB-loads", CACHE_CONFIG(DTLB, OP_READ, RESULT_ACCESS) },
		{ "dTLB-load-misses",
		  CACHE_CONFIG(DTLB, OP_READ, RESULT_MISS) },
		{ "dTLB-store-misses",
		  CACHE_CONFIG(DTLB, OP_WRITE, RESULT_MISS) },
		{ "iTLB-loads", CACHE_CONFIG(ITLB, OP_READ, RESULT_ACCESS) },
		{ "iTLB-load-misses",
		  CACHE_CONFIG(ITLB, OP_READ, RESULT_MISS) },
		{ "branch-loads", CACHE_CONFIG(BPU, OP_READ, RESULT_ACCESS) },
		{ "branch-load-misses",
		  CACHE_CONFIG(BPU, OP_READ, RESULT_MISS) },
		{ "node-loads", CACHE_CONFIG(NODE, OP_READ, RESULT_ACCESS) },
		{ "node-load-misses",
		  CACHE_CONFIG(NODE, OP_READ, RESULT_MISS) },
		{ "node-stores", CACHE_CONFIG(NODE, OP_WRITE, RESULT_ACCESS) },
		/* perf's other spellings */
		{ "l1d-loads", CACHE_CONFIG(L1D, OP_READ, RESULT_ACCESS) },
		{ "L1-data-read-miss",
		  CACHE_CONFIG(L1D, OP_READ, RESULT_MISS) },
		{ "L2-misses", CACHE_CONFIG(LL, OP_READ, RESULT_MISS) },
		{ "LLC-misses-stores",
		  CACHE_CONFIG(LL, OP_WRITE, RESULT_MISS) },
		{ "d-tlb-speculative-read",
		  CACHE_CONFIG(DTLB, OP_PREFETCH, RESULT_ACCESS) },
		{ "Data-TLB-write-access",
		  CACHE_CONFIG(DTLB, OP_WRITE, RESULT_ACCESS) },
		{ "bpu-miss", CACHE_CONFIG(BPU, OP_READ, RESULT_MISS) },
	};

	for (size_t i = 0; i < sizeof(events) / sizeof(events[0]); i++)
		check_one(events[i].name, PERF_TYPE_HW_CACHE, events[i].config,
			  events[i].name);
}

static void test_hw_cache_names(void **state)
{
	char name[64];

	assert_int_equal(parse_events__hw_cache_name(C(L1D), C(OP_READ),
						     C(RESULT_ACCESS), name,
						     sizeof(name)),
			 0);
	assert_string_equal(name, "L1-dcache-loads");
	assert_int_equal(parse_events__hw_cache_name(C(LL), C(OP_WRITE),
						     C(RESULT_MISS), name,
						     sizeof(name)),
			 0);
	assert_string_equal(name, "LLC-store-misses");
	assert_int_equal(parse_events__hw_cache_name(C(L1I), C(OP_WRITE),
						     C(RESULT_MISS), name,
						     sizeof(name)),
			 -EINVAL);
	assert_int_equal(parse_events__hw_cache_name(C(ITLB), C(OP_PREFETCH),
						     C(RESULT_ACCESS), name,
						     sizeof(name)),
			 -EINVAL);
}

static void test_raw(void **state)
{
	check_one("r003c", PERF_TYPE_RAW, 0x3c, "r003c");
	check_one("r1a8", PERF_TYPE_RAW, 0x1a8, "r1a8");
	check_one("rABCDEF", PERF_TYPE_RAW, 0xabcdef, "rABCDEF");
	check_one("rffffffffffffffff", PERF_TYPE_RAW, ~0ULL,
		  "rffffffffffffffff");
	check_one("r0000000000000000001", PERF_TYPE_RAW, 1,
		  "r0000000000000000001");
	/* ref-cycles is a name, not r + hex */
	check_one("ref-cycles", PERF_TYPE_HARDWARE,
		  PERF_COUNT_HW_REF_CPU_CYCLES, "ref-cycles");
}

static void check_excludes(const char *str, int u, int k, int h, int H, int G,
			   int I, int precise)
{
	struct evlist *evlist = parse_ok(str);
	struct perf_event_attr *attr = &evlist->entries[0]->attr;

	if (attr->exclude_user != u || attr->exclude_kernel != k ||
	    attr->exclude_hv != h || attr->exclude_host != H ||
	    attr->exclude_guest != G || attr->exclude_idle != I ||
	    attr->precise_ip != precise)
		print_error("%s: u%d k%d h%d H%d G%d I%d p%d\n", str,
			    attr->exclude_user, attr->exclude_kernel,
			    attr->exclude_hv, attr->exclude_host,
			    attr->exclude_guest, attr->exclude_idle,
			    attr->precise_ip);
	assert_int_equal(attr->exclude_user, u);
	assert_int_equal(attr->exclude_kernel, k);
	assert_int_equal(attr->exclude_hv, h);
	assert_int_equal(attr->exclude_host, H);
	assert_int_equal(attr->exclude_guest, G);
	assert_int_equal(attr->exclude_idle, I);
	assert_int_equal(attr->precise_ip, precise);
	assert_string_equal(evlist->entries[0]->name, str);
	evlist__delete(evlist);
}

static void test_modifiers(void **state)
{
	/*                          u  k  h  H  G  I  p */
	check_excludes("cycles", 0, 0, 0, 0, 0, 0, 0);
	check_excludes("cycles:u", 0, 1, 1, 0, 1, 0, 0);
	check_excludes("cpu-clock:k", 1, 0, 1, 0, 0, 0, 0);
	check_excludes("cpu-clock:h", 1, 1, 0, 0, 0, 0, 0);
	check_excludes("cpu-clock:uk", 0, 0, 1, 0, 1, 0, 0);
	check_excludes("cpu-clock:ku", 0, 0, 1, 0, 1, 0, 0);
	check_excludes("cpu-clock:ukh", 0, 0, 0, 0, 1, 0, 0);
	check_excludes("cpu-clock:G", 0, 0, 0, 1, 0, 0, 0);
	check_excludes("cpu-clock:H", 0, 0, 0, 0, 1, 0, 0);
	check_excludes("cpu-clock:GH", 0, 0, 0, 0, 0, 0, 0);
	check_excludes("cpu-clock:I", 0, 0, 0, 0, 0, 1, 0);
	check_excludes("cycles:p", 0, 0, 0, 0, 1, 0, 1);
	check_excludes("cycles:pp", 0, 0, 0, 0, 1, 0, 2);
	check_excludes("cycles:ppp", 0, 0, 0, 0, 1, 0, 3);
	check_excludes("cycles:upp", 0, 1, 1, 0, 1, 0, 2);
	check_excludes("cycles:Gu", 0, 1, 1, 1, 0, 0, 0);
	check_excludes("r3c:k", 1, 0, 1, 0, 0, 0, 0);
	check_excludes("L1-dcache-loads:u", 0, 1, 1, 0, 1, 0, 0);
	check_excludes("cpu-clock:PSW", 0, 0, 0, 0, 0, 0, 0);
	/* an empty modifier is allowed, as in perf */
	check_excludes("cpu-clock:", 0, 0, 0, 0, 0, 0, 0);
}

static void test_modifier_flags(void **state)
{
	struct evlist *evlist = parse_ok("cpu-clock:b,task-clock:ub,cs:D,"
					 "faults:e,cycles");

	assert_true(evlist->entries[0]->use_bpf);
	assert_false(evlist->entries[0]->attr.exclude_kernel);
	assert_true(evlist->entries[1]->use_bpf);
	assert_true(evlist->entries[1]->attr.exclude_kernel);
	assert_int_equal(evlist->entries[2]->attr.pinned, 1);
	assert_false(evlist->entries[2]->use_bpf);
	assert_int_equal(evlist->entries[3]->attr.exclusive, 1);
	assert_false(evlist->entries[4]->use_bpf);
	assert_string_equal(evlist->entries[1]->name, "task-clock:ub");
	evlist__delete(evlist);
}

static void test_list(void **state)
{
	struct evlist *evlist = parse_ok("cycles,instructions:u,msr/tsc/");

	assert_int_equal(evlist->nr_entries, 3);
	assert_int_equal(evlist->nr_groups, 0);
	assert_string_equal(evlist->entries[0]->name, "cycles");
	assert_string_equal(evlist->entries[1]->name, "instructions:u");
	assert_string_equal(evlist->entries[2]->name, "msr/tsc/");
	for (int i = 0; i < 3; i++) {
		assert_ptr_equal(evlist->entries[i]->leader,
				 evlist->entries[i]);
		assert_int_equal(evlist->entries[i]->idx, i);
	}
	/* a second -e appends */
	assert_int_equal(parse_events(evlist, "cs", NULL), 0);
	assert_int_equal(evlist->nr_entries, 4);
	assert_int_equal(evlist->entries[3]->idx, 3);
	evlist__delete(evlist);

	/* blanks around items, as perf allows */
	evlist = parse_ok("cpu-clock, task-clock");
	assert_int_equal(evlist->nr_entries, 2);
	assert_string_equal(evlist->entries[1]->name, "task-clock");
	evlist__delete(evlist);
}

static void test_groups(void **state)
{
	struct evlist *evlist = parse_ok("cs,{cpu-clock,task-clock:k,faults}:u,"
					 "{msr/tsc/,msr/aperf/},{cycles}");
	struct evsel **e = evlist->entries;

	assert_int_equal(evlist->nr_entries, 7);
	assert_int_equal(evlist->nr_groups, 3);

	assert_false(e[0]->grouped);
	assert_ptr_equal(e[0]->leader, e[0]);

	for (int i = 1; i <= 3; i++) {
		assert_true(e[i]->grouped);
		assert_ptr_equal(e[i]->leader, e[1]);
	}
	assert_int_equal(e[1]->nr_members, 3);
	assert_true(evsel__is_group_leader(e[1]));
	assert_false(evsel__is_group_leader(e[2]));
	/* the group's :u on top of each member's own modifiers */
	assert_int_equal(e[1]->attr.exclude_kernel, 1);
	assert_int_equal(e[1]->attr.exclude_user, 0);
	assert_int_equal(e[1]->attr.exclude_hv, 1);
	assert_int_equal(e[2]->attr.exclude_kernel, 0); /* k then u */
	assert_int_equal(e[2]->attr.exclude_user, 0);
	assert_int_equal(e[2]->attr.exclude_hv, 1);
	assert_int_equal(e[3]->attr.exclude_kernel, 1);
	/* members keep their names, as perf prints them */
	assert_string_equal(e[1]->name, "cpu-clock");
	assert_string_equal(e[2]->name, "task-clock:k");

	assert_ptr_equal(e[4]->leader, e[4]);
	assert_ptr_equal(e[5]->leader, e[4]);
	assert_int_equal(e[4]->nr_members, 2);
	assert_int_equal(e[4]->attr.exclude_kernel, 0);
	assert_string_equal(e[5]->name, "msr/aperf/");

	assert_true(e[6]->grouped);
	assert_int_equal(e[6]->nr_members, 1);
	evlist__delete(evlist);

	evlist = parse_ok("{cpu-clock,task-clock}:b");
	assert_true(evlist->entries[0]->use_bpf);
	assert_true(evlist->entries[1]->use_bpf);
	evlist__delete(evlist);
}

static void test_default_events(void **state)
{
	static const char *const names[] = {
		"task-clock",  "context-switches", "cpu-migrations",
		"page-faults", "cycles",	   "instructions",
		"branches",    "branch-misses",
	};
	struct evlist *evlist = evlist__new();

	assert_int_equal(evlist__add_default_events(evlist), 0);
	assert_int_equal(evlist->nr_entries, 8);
	for (int i = 0; i < 8; i++) {
		assert_string_equal(evlist->entries[i]->name, names[i]);
		assert_false(evlist->entries[i]->grouped);
	}
	assert_true(evsel__match(evlist->entries[0], PERF_TYPE_SOFTWARE,
				 PERF_COUNT_SW_TASK_CLOCK));
	assert_string_equal(evlist->entries[0]->unit, "msec");
	assert_true(evsel__match(evlist->entries[4], PERF_TYPE_HARDWARE,
				 PERF_COUNT_HW_CPU_CYCLES));
	evlist__delete(evlist);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_hardware),
		cmocka_unit_test(test_software),
		cmocka_unit_test(test_clock_units),
		cmocka_unit_test(test_hw_cache),
		cmocka_unit_test(test_hw_cache_names),
		cmocka_unit_test(test_raw),
		cmocka_unit_test(test_modifiers),
		cmocka_unit_test(test_modifier_flags),
		cmocka_unit_test(test_list),
		cmocka_unit_test(test_groups),
		cmocka_unit_test(test_default_events),
	};

	return cmocka_run_group_tests(tests, parse_fixture__setup,
				      parse_fixture__teardown);
}
