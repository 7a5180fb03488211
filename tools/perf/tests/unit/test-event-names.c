// SPDX-License-Identifier: GPL-2.0
/*
 * event_name_of(): the name perf prints for a type and config, from the
 * same tables parse_events() reads, so that every name it gives parses
 * back to the same event; and the names perf's evsel__hw_names and
 * evsel__sw_names print, which listings (perf bperf list) rely on.
 */
#include <errno.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include <cmocka.h>

#include "parse-events-fixture.h"
#include "util/event-names.h"
#include "util/evsel.h"
#include "util/parse-events.h"

static void check_name(__u32 type, __u64 config, const char *want)
{
	char buf[64];

	assert_int_equal(event_name_of(type, config, buf, sizeof(buf)), 0);
	assert_string_equal(buf, want);
}

/* perf's evsel__hw_names[] and evsel__sw_names[]. */
static void test_generic_names(void **state)
{
	static const struct {
		__u32 type;
		__u64 config;
		const char *name;
	} names[] = {
		{ PERF_TYPE_HARDWARE, PERF_COUNT_HW_CPU_CYCLES, "cycles" },
		{ PERF_TYPE_HARDWARE, PERF_COUNT_HW_INSTRUCTIONS,
		  "instructions" },
		{ PERF_TYPE_HARDWARE, PERF_COUNT_HW_CACHE_REFERENCES,
		  "cache-references" },
		{ PERF_TYPE_HARDWARE, PERF_COUNT_HW_CACHE_MISSES,
		  "cache-misses" },
		{ PERF_TYPE_HARDWARE, PERF_COUNT_HW_BRANCH_INSTRUCTIONS,
		  "branches" },
		{ PERF_TYPE_HARDWARE, PERF_COUNT_HW_BRANCH_MISSES,
		  "branch-misses" },
		{ PERF_TYPE_HARDWARE, PERF_COUNT_HW_BUS_CYCLES, "bus-cycles" },
		{ PERF_TYPE_HARDWARE, PERF_COUNT_HW_STALLED_CYCLES_FRONTEND,
		  "stalled-cycles-frontend" },
		{ PERF_TYPE_HARDWARE, PERF_COUNT_HW_STALLED_CYCLES_BACKEND,
		  "stalled-cycles-backend" },
		{ PERF_TYPE_HARDWARE, PERF_COUNT_HW_REF_CPU_CYCLES,
		  "ref-cycles" },
		{ PERF_TYPE_SOFTWARE, PERF_COUNT_SW_CPU_CLOCK, "cpu-clock" },
		{ PERF_TYPE_SOFTWARE, PERF_COUNT_SW_TASK_CLOCK, "task-clock" },
		{ PERF_TYPE_SOFTWARE, PERF_COUNT_SW_PAGE_FAULTS,
		  "page-faults" },
		{ PERF_TYPE_SOFTWARE, PERF_COUNT_SW_CONTEXT_SWITCHES,
		  "context-switches" },
		{ PERF_TYPE_SOFTWARE, PERF_COUNT_SW_CPU_MIGRATIONS,
		  "cpu-migrations" },
		{ PERF_TYPE_SOFTWARE, PERF_COUNT_SW_PAGE_FAULTS_MIN,
		  "minor-faults" },
		{ PERF_TYPE_SOFTWARE, PERF_COUNT_SW_PAGE_FAULTS_MAJ,
		  "major-faults" },
		{ PERF_TYPE_SOFTWARE, PERF_COUNT_SW_ALIGNMENT_FAULTS,
		  "alignment-faults" },
		{ PERF_TYPE_SOFTWARE, PERF_COUNT_SW_EMULATION_FAULTS,
		  "emulation-faults" },
		{ PERF_TYPE_SOFTWARE, PERF_COUNT_SW_DUMMY, "dummy" },
		{ PERF_TYPE_SOFTWARE, PERF_COUNT_SW_BPF_OUTPUT, "bpf-output" },
		{ PERF_TYPE_SOFTWARE, PERF_COUNT_SW_CGROUP_SWITCHES,
		  "cgroup-switches" },
	};

	for (size_t i = 0; i < sizeof(names) / sizeof(names[0]); i++)
		check_name(names[i].type, names[i].config, names[i].name);
}

static void test_cache_names(void **state)
{
	check_name(PERF_TYPE_HW_CACHE, CACHE_CONFIG(L1D, OP_READ, RESULT_MISS),
		   "L1-dcache-load-misses");
	check_name(PERF_TYPE_HW_CACHE,
		   CACHE_CONFIG(LL, OP_WRITE, RESULT_ACCESS), "LLC-stores");
	check_name(PERF_TYPE_HW_CACHE,
		   CACHE_CONFIG(DTLB, OP_PREFETCH, RESULT_MISS),
		   "dTLB-prefetch-misses");
	check_name(PERF_TYPE_HW_CACHE,
		   CACHE_CONFIG(BPU, OP_READ, RESULT_ACCESS), "branch-loads");
}

/* Every name it gives parses back to the same type and config. */
static void test_round_trip(void **state)
{
	for (int i = 0; i < nr_event_symbols; i++) {
		const struct event_symbol *sym = &event_symbols[i];
		char name[64];

		assert_int_equal(event_name_of(sym->type, sym->config, name,
					       sizeof(name)),
				 0);
		evlist__delete(parse_one(name, sym->type, sym->config, name));
	}
	for (int type = 0; type < PERF_COUNT_HW_CACHE_MAX; type++) {
		for (int op = 0; op < PERF_COUNT_HW_CACHE_OP_MAX; op++) {
			for (int res = 0; res < PERF_COUNT_HW_CACHE_RESULT_MAX;
			     res++) {
				__u64 config = type | op << 8 |
					       (__u64)res << 16;
				char name[64];

				if (event_name_of(PERF_TYPE_HW_CACHE, config,
						  name, sizeof(name)))
					continue;
				evlist__delete(parse_one(name,
							 PERF_TYPE_HW_CACHE,
							 config, name));
			}
		}
	}
}

static void test_no_name(void **state)
{
	char buf[64] = "untouched";

	/* no such generic event, or config bits a generic event lacks */
	assert_int_equal(event_name_of(PERF_TYPE_HARDWARE, 99, buf,
				       sizeof(buf)),
			 -ENOENT);
	assert_int_equal(event_name_of(PERF_TYPE_SOFTWARE,
				       1ULL << 32 | PERF_COUNT_SW_PAGE_FAULTS,
				       buf, sizeof(buf)),
			 -ENOENT);
	/* a cache operation perf does not accept, stray config bits */
	assert_int_equal(
		event_name_of(PERF_TYPE_HW_CACHE,
			      CACHE_CONFIG(L1I, OP_WRITE, RESULT_ACCESS), buf,
			      sizeof(buf)),
		-ENOENT);
	assert_int_equal(event_name_of(PERF_TYPE_HW_CACHE,
				       1ULL << 24 | CACHE_CONFIG(L1D, OP_READ,
								 RESULT_MISS),
				       buf, sizeof(buf)),
			 -ENOENT);
	/* raw and PMU events have no name of their own */
	assert_int_equal(event_name_of(PERF_TYPE_RAW, 0x1c2, buf, sizeof(buf)),
			 -ENOENT);
	assert_int_equal(event_name_of(10, 0, buf, sizeof(buf)), -ENOENT);
	assert_string_equal(buf, "untouched");
}

static void test_too_small(void **state)
{
	char buf[7];

	assert_int_equal(event_name_of(PERF_TYPE_HARDWARE,
				       PERF_COUNT_HW_CPU_CYCLES, buf,
				       sizeof(buf)),
			 0);
	assert_string_equal(buf, "cycles");
	assert_int_equal(event_name_of(PERF_TYPE_SOFTWARE,
				       PERF_COUNT_SW_TASK_CLOCK, buf,
				       sizeof(buf)),
			 -ERANGE);
	assert_int_equal(event_name_of(PERF_TYPE_SOFTWARE,
				       PERF_COUNT_SW_TASK_CLOCK, NULL, 0),
			 -ERANGE);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_generic_names),
		cmocka_unit_test(test_cache_names),
		cmocka_unit_test(test_round_trip),
		cmocka_unit_test(test_no_name),
		cmocka_unit_test(test_too_small),
	};

	return cmocka_run_group_tests(tests, parse_fixture__setup,
				      parse_fixture__teardown);
}
