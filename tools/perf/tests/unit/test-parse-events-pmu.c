// SPDX-License-Identifier: GPL-2.0
/*
 * Event parsing against sysfs PMUs: pmu/term=value/ with the PMU's format
 * and events, bare event aliases, terms of generic events, and the PMU
 * code underneath (format strings, applying a value, finding a PMU), all
 * on the fake sysfs tree next to this file (tests/unit/sysfs).
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
#include "util/cpumap.h"
#include "util/evsel.h"
#include "util/parse-events.h"
#include "util/pmu.h"

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

/*
 * A PMU's cpumask: its events count there whatever the target (power
 * "0", uncore_imc_0 "0,2"); a PMU without one, or with a file that is
 * no CPU list, has none.
 */
static void test_pmu_cpumask(void **state)
{
	struct evlist *evlist;
	struct evsel *evsel;

	assert_non_null(perf_pmu__find("power")->cpus);
	assert_int_equal(perf_pmu__find("power")->cpus->nr, 1);
	assert_null(perf_pmu__find("msr")->cpus);
	assert_null(perf_pmu__find("cpu")->cpus);
	assert_null(perf_pmu__find("uncore_imc_1")->cpus);

	evlist = parse_one("power/energy-pkg/", 9, 2, "power/energy-pkg/");
	evsel = evlist->entries[0];
	assert_non_null(evsel->pmu_cpus);
	assert_int_equal(evsel->pmu_cpus->nr, 1);
	assert_int_equal(evsel->pmu_cpus->map[0], 0);
	/* a copy: the evsel outlives the PMU cache */
	assert_ptr_not_equal(evsel->pmu_cpus, perf_pmu__find("power")->cpus);
	evlist__delete(evlist);

	evlist = parse_ok("cas_count_read,msr/tsc/,cpu-clock");
	assert_int_equal(evlist->nr_entries, 4);
	evsel = evlist->entries[0];
	assert_int_equal(evsel->pmu_cpus->nr, 2);
	assert_int_equal(evsel->pmu_cpus->map[1], 2);
	assert_null(evlist->entries[1]->pmu_cpus); /* uncore_imc_1: bad file */
	assert_null(evlist->entries[2]->pmu_cpus);
	assert_null(evlist->entries[3]->pmu_cpus);
	evlist__delete(evlist);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_pmu_cpumask),
		cmocka_unit_test(test_pmu_alias),
		cmocka_unit_test(test_pmu_bare_alias),
		cmocka_unit_test(test_pmu_terms),
		cmocka_unit_test(test_symbol_terms),
		cmocka_unit_test(test_pmu_format_parse),
		cmocka_unit_test(test_pmu_format_apply),
		cmocka_unit_test(test_pmu_find),
	};

	return cmocka_run_group_tests(tests, parse_fixture__setup,
				      parse_fixture__teardown);
}
