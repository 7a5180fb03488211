// SPDX-License-Identifier: GPL-2.0
/*
 * Event parsing: every syntax parse_events() accepts, checked field by
 * field, and every error with its offset.  PMU events use the fake sysfs
 * tree next to this file (tests/unit/sysfs), never the machine's.
 */
#include <errno.h>
#include <libgen.h>
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

#include "util/evsel.h"
#include "util/parse-events.h"
#include "util/pmu.h"

#define C(x) PERF_COUNT_HW_CACHE_##x
#define CACHE_CONFIG(type, op, result) \
	(C(type) | (C(op) << 8) | ((__u64)C(result) << 16))

/* The fake tree: next to the source, or found from the test binary. */
static int setup_sysfs(void **state)
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

static int teardown_sysfs(void **state)
{
	pmu__set_sysfs_root(NULL);
	return 0;
}

static struct evlist *parse_ok(const char *str)
{
	struct parse_events_error err = { 0 };
	struct evlist *evlist = evlist__new();
	int ret;

	assert_non_null(evlist);
	ret = parse_events(evlist, str, &err);
	if (ret)
		print_error("parse_events(\"%s\") = %d: %s at %d\n", str, ret,
			    err.str ? err.str : "?", err.idx);
	assert_int_equal(ret, 0);
	assert_null(err.str);
	parse_events_error__exit(&err);
	return evlist;
}

/* Parse one event and check type, config, name. */
static struct evlist *parse_one(const char *str, __u32 type, __u64 config,
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

static void check_one(const char *str, __u32 type, __u64 config,
		      const char *name)
{
	evlist__delete(parse_one(str, type, config, name));
}

/* The call fails with ret, err->idx and an err->str starting with msg. */
static void check_error(const char *str, int ret, int idx, const char *msg)
{
	struct parse_events_error err = { 0 };
	struct evlist *evlist = evlist__new();
	int got;

	assert_non_null(evlist);
	got = parse_events(evlist, str, &err);
	if (got != ret || !err.str || strncmp(err.str, msg, strlen(msg)) ||
	    err.idx != idx)
		print_error("parse_events(\"%s\") = %d, \"%s\" at %d\n", str,
			    got, err.str ? err.str : "(null)", err.idx);
	assert_int_equal(got, ret);
	assert_non_null(err.str);
	assert_true(strncmp(err.str, msg, strlen(msg)) == 0);
	assert_int_equal(err.idx, idx);
	/* nothing half-added */
	assert_int_equal(evlist->nr_entries, 0);
	assert_int_equal(evlist->nr_groups, 0);
	parse_events_error__exit(&err);
	assert_null(err.str);
	evlist__delete(evlist);
}

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

static void test_pmu_alias(void **state)
{
	struct evlist *evlist;
	struct evsel *evsel;

	evlist = parse_one("msr/tsc/", 10, 0, "msr/tsc/");
	assert_string_equal(evlist->entries[0]->pmu_name, "msr");
	evlist__delete(evlist);

	check_one("msr/aperf/", 10, 1, "msr/aperf/");
	check_one("msr/SMI/", 10, 4, "msr/SMI/"); /* case-insensitive */
	check_one("msr/event=smi/", 10, 4, "msr/event=smi/");
	check_one("msr/event=0x1ff/", 10, 0x1ff, "msr/event=0x1ff/");
	check_one("msr//", 10, 0, "msr//");

	evlist = parse_one("msr/tsc/u", 10, 0, "msr/tsc/u");
	assert_int_equal(evlist->entries[0]->attr.exclude_kernel, 1);
	assert_int_equal(evlist->entries[0]->attr.exclude_hv, 1);
	evlist__delete(evlist);

	evlist = parse_one("msr/tsc/b", 10, 0, "msr/tsc/b");
	assert_true(evlist->entries[0]->use_bpf);
	evlist__delete(evlist);

	/* an alias with a unit and scale */
	evlist = parse_one("power/energy-pkg/", 9, 2, "power/energy-pkg/");
	evsel = evlist->entries[0];
	assert_string_equal(evsel->unit, "Joules");
	assert_true(evsel->scale == 2.3283064365386962890625e-10);
	assert_string_equal(evsel->pmu_name, "power");
	evlist__delete(evlist);

	/* a scale without a unit */
	evlist =
		parse_one("cpu/topdown-slots/", 4, 0x400, "cpu/topdown-slots/");
	assert_string_equal(evlist->entries[0]->unit, "");
	assert_true(evlist->entries[0]->scale == 4.0);
	evlist__delete(evlist);

	/* alias terms spread over config and config1 */
	evlist = parse_one("cpu/mem-loads/", 4, 0x1cd, "cpu/mem-loads/");
	assert_int_equal(evlist->entries[0]->attr.config1, 3);
	evlist__delete(evlist);

	/* later terms override the alias's */
	evlist = parse_one("cpu/mem-loads,ldlat=50,umask=2/", 4, 0x2cd,
			   "cpu/mem-loads,ldlat=50,umask=2/");
	assert_int_equal(evlist->entries[0]->attr.config1, 50);
	evlist__delete(evlist);
}

static void test_pmu_bare_alias(void **state)
{
	struct evlist *evlist;

	/* a bare alias name finds its PMU */
	evlist = parse_one("tsc", 10, 0, "tsc");
	assert_string_equal(evlist->entries[0]->pmu_name, "msr");
	evlist__delete(evlist);

	evlist = parse_one("energy-pkg:u", 9, 2, "energy-pkg:u");
	assert_string_equal(evlist->entries[0]->unit, "Joules");
	assert_int_equal(evlist->entries[0]->attr.exclude_kernel, 1);
	evlist__delete(evlist);

	/* one evsel per PMU that has it */
	evlist = parse_ok("cas_count_read");
	assert_int_equal(evlist->nr_entries, 2);
	assert_string_equal(evlist->entries[0]->pmu_name, "uncore_imc_0");
	assert_string_equal(evlist->entries[1]->pmu_name, "uncore_imc_1");
	for (int i = 0; i < 2; i++) {
		assert_int_equal(evlist->entries[i]->attr.type, 20 + i);
		assert_int_equal(evlist->entries[i]->attr.config, 0x304);
		assert_string_equal(evlist->entries[i]->name, "cas_count_read");
		assert_string_equal(evlist->entries[i]->unit, "MiB");
		assert_true(evlist->entries[i]->scale == 6.103515625e-5);
	}
	evlist__delete(evlist);
}

static void test_pmu_terms(void **state)
{
	struct evlist *evlist;
	struct evsel *evsel;

	check_one("cpu/event=0x3c,umask=0/", 4, 0x3c,
		  "cpu/event=0x3c,umask=0/");
	check_one("cpu/event=0x3c/", 4, 0x3c, "cpu/event=0x3c/");
	check_one("cpu/event=0xc0,umask=0x01/", 4, 0x1c0,
		  "cpu/event=0xc0,umask=0x01/");
	check_one("cpu/event=60,umask=010/", 4, 0x83c,
		  "cpu/event=60,umask=010/");
	/* a bare format term means =1 */
	check_one("cpu/event=0x3c,edge,inv/", 4, 0x3c | 1 << 18 | 1 << 23,
		  "cpu/event=0x3c,edge,inv/");
	check_one("cpu/event=0x3c,any=1,cmask=0xff/", 4,
		  0x3c | 1 << 21 | 0xffULL << 24,
		  "cpu/event=0x3c,any=1,cmask=0xff/");
	/* config terms set whole fields */
	evlist = parse_one("cpu/config=0x1234,config1=5,config2=0x7/", 4,
			   0x1234, "cpu/config=0x1234,config1=5,config2=0x7/");
	evsel = evlist->entries[0];
	assert_int_equal(evsel->attr.config1, 5);
	assert_int_equal(evsel->attr.config2, 7);
	assert_string_equal(evsel->pmu_name, "cpu");
	evlist__delete(evlist);

	/* a split format: 0-3 then 8-11 of config2 */
	evlist = parse_one("cpu/split=0xab/", 4, 0, "cpu/split=0xab/");
	assert_int_equal(evlist->entries[0]->attr.config2, 0xa0b);
	evlist__delete(evlist);

	evlist = parse_one("cpu/ldlat=0xffff/", 4, 0, "cpu/ldlat=0xffff/");
	assert_int_equal(evlist->entries[0]->attr.config1, 0xffff);
	evlist__delete(evlist);

	/* name= sets the printed name */
	evlist = parse_one("cpu/event=0x3c,name=my_cycles/u", 4, 0x3c,
			   "my_cycles");
	assert_int_equal(evlist->entries[0]->attr.exclude_kernel, 1);
	evlist__delete(evlist);
	check_one("msr/tsc,name=foo/", 10, 0, "foo");

	/* a later term overrides an earlier one */
	check_one("cpu/event=0x3c,event=0x10/", 4, 0x10,
		  "cpu/event=0x3c,event=0x10/");

	/* the software PMU takes config= */
	check_one("software/config=1/", 1, 1, "software/config=1/");
}

static void test_symbol_terms(void **state)
{
	struct evlist *evlist;

	evlist = parse_one("cpu-clock/name=wall/", PERF_TYPE_SOFTWARE,
			   PERF_COUNT_SW_CPU_CLOCK, "wall");
	assert_string_equal(evlist->entries[0]->unit, "msec");
	assert_null(evlist->entries[0]->pmu_name);
	evlist__delete(evlist);

	evlist = parse_one("cpu-clock/name=x/b", PERF_TYPE_SOFTWARE,
			   PERF_COUNT_SW_CPU_CLOCK, "x");
	assert_true(evlist->entries[0]->use_bpf);
	evlist__delete(evlist);

	check_one("cycles/period=1000/", PERF_TYPE_HARDWARE,
		  PERF_COUNT_HW_CPU_CYCLES, "cycles/period=1000/");
}

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
	struct parse_events_error err = { 0 };
	struct evlist *evlist = evlist__new();
	char buf[512] = "";
	FILE *f;
	int saved, fd;

	assert_int_equal(parse_events(evlist, "cycles:zz", &err), -EINVAL);
	assert_non_null(err.help);

	/* capture stderr */
	f = tmpfile();
	assert_non_null(f);
	fflush(stderr);
	saved = dup(2);
	fd = fileno(f);
	dup2(fd, 2);
	parse_events_error__print(&err, "cycles:zz");
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
	parse_events_error__exit(&err);
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

static void test_pmu_format_parse(void **state)
{
	enum perf_pmu_format_field field;
	__u64 bits;

	assert_int_equal(perf_pmu_format__parse("config:0-7,21", &field, &bits),
			 0);
	assert_int_equal(field, PERF_PMU_FORMAT_CONFIG);
	assert_int_equal(bits, 0xff | 1 << 21);
	assert_int_equal(
		perf_pmu_format__parse("config1:0-15\n", &field, &bits), 0);
	assert_int_equal(field, PERF_PMU_FORMAT_CONFIG1);
	assert_int_equal(bits, 0xffff);
	assert_int_equal(perf_pmu_format__parse("config2:63", &field, &bits),
			 0);
	assert_int_equal(field, PERF_PMU_FORMAT_CONFIG2);
	assert_int_equal(bits, 1ULL << 63);
	assert_int_equal(perf_pmu_format__parse("config:0-63", &field, &bits),
			 0);
	assert_int_equal(bits, ~0ULL);
	assert_int_equal(perf_pmu_format__parse("config3:0", &field, &bits),
			 -EINVAL);
	assert_int_equal(perf_pmu_format__parse("config:7-0", &field, &bits),
			 -EINVAL);
	assert_int_equal(perf_pmu_format__parse("config:64", &field, &bits),
			 -EINVAL);
	assert_int_equal(perf_pmu_format__parse("config:", &field, &bits),
			 -EINVAL);
}

static void test_pmu_format_apply(void **state)
{
	struct perf_pmu_format format = { .bits = 0xff | 1 << 21 };
	__u64 config = ~0ULL;

	assert_int_equal(perf_pmu_format__width(&format), 9);
	assert_int_equal(perf_pmu_format__apply(&format, 0x1ab, &config), 0);
	assert_int_equal(config,
			 (~0ULL & ~(0xffULL | 1 << 21)) | 0xab | 1 << 21);
	config = 0;
	assert_int_equal(perf_pmu_format__apply(&format, 0xab, &config), 0);
	assert_int_equal(config, 0xab);
	assert_int_equal(perf_pmu_format__apply(&format, 0x200, &config),
			 -ERANGE);
	assert_int_equal(config, 0xab); /* untouched */
}

static void test_pmu_find(void **state)
{
	struct perf_pmu *pmu = perf_pmu__find("msr"), *all;
	int n = 0;

	assert_non_null(pmu);
	assert_int_equal(pmu->type, 10);
	assert_int_equal(pmu->nr_aliases, 3);
	/* sorted */
	assert_string_equal(pmu->aliases[0].name, "aperf");
	assert_string_equal(pmu->aliases[2].name, "tsc");
	assert_non_null(perf_pmu__find_alias(pmu, "TSC"));
	assert_null(perf_pmu__find_alias(pmu, "tsc.unit"));
	assert_non_null(perf_pmu__find_format(pmu, "event"));
	assert_null(perf_pmu__find("nope"));
	assert_int_equal(errno, ENOENT);
	assert_null(perf_pmu__find("../msr"));

	all = perf_pmu__scan_all();
	for (struct perf_pmu *p = all; p; p = p->next) {
		if (p->next)
			assert_true(strcmp(p->name, p->next->name) < 0);
		n++;
	}
	assert_int_equal(n, 7);
	assert_ptr_equal(perf_pmu__find("msr"), pmu); /* cached */
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
		cmocka_unit_test(test_pmu_alias),
		cmocka_unit_test(test_pmu_bare_alias),
		cmocka_unit_test(test_pmu_terms),
		cmocka_unit_test(test_symbol_terms),
		cmocka_unit_test(test_errors),
		cmocka_unit_test(test_error_print),
		cmocka_unit_test(test_default_events),
		cmocka_unit_test(test_pmu_format_parse),
		cmocka_unit_test(test_pmu_format_apply),
		cmocka_unit_test(test_pmu_find),
	};

	return cmocka_run_group_tests(tests, setup_sysfs, teardown_sysfs);
}
