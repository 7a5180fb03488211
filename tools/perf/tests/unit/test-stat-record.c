// SPDX-License-Identifier: GPL-2.0
/*
 * perf.data stat records: the bytes of each record against what perf
 * 6.1's perf stat record wrote on the development VM, a file written
 * and read back, and truncated or damaged files refused with a reason.
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

#include "util/cpumap.h"
#include "util/error.h"
#include "util/evsel.h"
#include "util/perf-data.h"
#include "util/stat-file.h"
#include "util/stat-record.h"
#include "util/thread_map.h"

static void expect_bytes(const struct perf_data_buf *b, const char *hex)
{
	char got[1024] = "";

	assert_int_equal(b->err, 0);
	assert_true(b->len * 2 < sizeof(got));
	for (size_t i = 0; i < b->len; i++)
		sprintf(got + 2 * i, "%02x", b->p[i]);
	assert_string_equal(got, hex);
}

/* Each record as `perf stat record` (perf 6.1) wrote it (xxd of a file). */
static void test_records_as_perf_writes_them(void **state)
{
	struct perf_data_buf b = { 0 };
	__u64 terms[] = { 0, 1, 1, 0, 2, 1 };
	int any = -1, pid = 11549;

	(void)state;
	perf_data__put_cpu_map(&b, &any, 1);
	expect_bytes(&b, "4a00000000001000"
			 "00000100ffff0000");
	perf_data_buf__exit(&b);

	perf_data__put_thread_map(&b, &pid, NULL, 1);
	expect_bytes(&b, "4900000000002800"
			 "0100000000000000"
			 "1d2d000000000000"
			 "00000000000000000000000000000000");
	perf_data_buf__exit(&b);

	perf_data__put_stat_config(&b, terms, 3);
	expect_bytes(&b, "4b00000000004000"
			 "0300000000000000"
			 "00000000000000000100000000000000"
			 "01000000000000000000000000000000"
			 "02000000000000000100000000000000");
	perf_data_buf__exit(&b);

	perf_data__put_event_unit(&b, 0x2944d, "msec");
	expect_bytes(&b, "4e00000000003000"
			 "0000000000000000"
			 "4d94020000000000"
			 "6d73656300000000"
			 "00000000000000000000000000000000");
	perf_data_buf__exit(&b);

	perf_data__put_event_scale(&b, 0x2944d, 1e-6);
	expect_bytes(&b, "4e00000000003000"
			 "0100000000000000"
			 "4d94020000000000"
			 "8dedb5a0f7c6b03e"
			 "00000000000000000000000000000000");
	perf_data_buf__exit(&b);

	perf_data__put_stat(&b, 0x2944d, (__u32)-1, 0, 0x7549b, 0x75e09,
			    0x75e09);
	expect_bytes(&b, "4c00000000003000"
			 "4d94020000000000"
			 "ffffffff00000000"
			 "9b54070000000000"
			 "095e070000000000"
			 "095e070000000000");
	perf_data_buf__exit(&b);

	perf_data__put_stat_round(&b, PERF_STAT_ROUND_TYPE__FINAL, 0xea291);
	expect_bytes(&b, "4d00000000001800"
			 "0100000000000000"
			 "91a20e0000000000");
	perf_data_buf__exit(&b);
}

static void test_header_string(void **state)
{
	struct perf_data_buf b = { 0 };

	(void)state;
	perf_data_buf__put_string(&b, "stat");
	assert_int_equal(b.len, 4 + 64);
	assert_int_equal(perf_data__u32(b.p), 64);
	assert_string_equal((char *)b.p + 4, "stat");
	perf_data_buf__exit(&b);
}

static void test_aggr_modes(void **state)
{
	static const enum aggr_mode modes[] = {
		AGGR_NONE, AGGR_GLOBAL, AGGR_SOCKET, AGGR_DIE,
		AGGR_CORE, AGGR_THREAD, AGGR_NODE,
	};

	(void)state;
	for (size_t i = 0; i < sizeof(modes) / sizeof(modes[0]); i++)
		assert_int_equal(
			aggr_mode__from_file(aggr_mode__to_file(modes[i])),
			modes[i]);
	/* perf's numbers, which files carry */
	assert_int_equal(aggr_mode__to_file(AGGR_GLOBAL), 1);
	assert_int_equal(aggr_mode__to_file(AGGR_THREAD), 5);
	assert_int_equal(aggr_mode__to_file(AGGR_NODE), 7);
	/* no number in perf 6.1: per CPU, which any reader can aggregate */
	assert_int_equal(aggr_mode__to_file(AGGR_CACHE), 0);
	assert_int_equal(aggr_mode__from_file(6), AGGR_GLOBAL); /* unset */
}

/* Two events on CPUs 0 and 1, counted by hand. */
static struct evlist *fake_evlist(void)
{
	struct perf_event_attr attr = { .type = PERF_TYPE_SOFTWARE };
	struct evlist *evlist = evlist__new();
	static const char *const names[] = { "cpu-clock", "context-switches" };
	static const __u64 configs[] = { PERF_COUNT_SW_CPU_CLOCK,
					 PERF_COUNT_SW_CONTEXT_SWITCHES };

	assert_non_null(evlist);
	evlist->cpus = cpu_map__new_from((int[]){ 0, 1 }, 2);
	evlist->threads = thread_map__new_any();
	for (int i = 0; i < 2; i++) {
		struct evsel *evsel;

		attr.config = configs[i];
		evsel = evsel__new(&attr, names[i]);
		assert_non_null(evsel);
		assert_int_equal(evlist__add(evlist, evsel), 0);
		evsel->cpus = evlist->cpus;
		evsel->threads = evlist->threads;
		assert_int_equal(evsel__alloc_counts(evsel), 0);
		for (int c = 0; c < 2; c++) {
			struct perf_counts_values *v =
				perf_counts(evsel->counts, c, 0);

			v->val = 1000 * (i + 1) + c;
			v->ena = 5000 + c;
			v->run = 4000 + c;
		}
	}
	return evlist;
}

static void free_evlist(struct evlist *evlist)
{
	cpu_map__put(evlist->cpus);
	thread_map__put(evlist->threads);
	evlist->cpus = NULL;
	evlist->threads = NULL;
	evlist__delete(evlist);
}

struct rounds {
	int nr;
	__u64 type[4], time[4];
	__u64 val[4][2][2]; /* [round][evsel][cpu] */
};

static int collect_round(struct stat_file *sf, __u64 type, __u64 time_ns,
			 void *ctx)
{
	struct rounds *r = ctx;
	struct evsel *evsel;

	assert_true(r->nr < 4);
	r->type[r->nr] = type;
	r->time[r->nr] = time_ns;
	evlist__for_each_entry(sf->evlist, evsel) {
		for (int c = 0; c < 2; c++)
			r->val[r->nr][evsel->idx][c] =
				perf_counts(evsel->counts, c, 0)->val;
	}
	r->nr++;
	return 0;
}

static char *write_file(struct perf_stat_config *config, size_t *size)
{
	static char path[] = "/tmp/test-stat-record-XXXXXX";
	const char *argv[] = { "stat", "record", "-a", "--", "sleep", "1" };
	struct evlist *evlist = fake_evlist();
	struct stat_record *rec;
	struct perf_error err;
	char *buf;
	FILE *f;
	int fd;

	strcpy(path, "/tmp/test-stat-record-XXXXXX");
	fd = mkstemp(path);
	assert_true(fd >= 0);
	close(fd);
	assert_int_equal(stat_record__new(&rec, path, 6, argv, &err), 0);
	assert_int_equal(stat_record__setup(rec, evlist, config, &err), 0);
	assert_int_equal(stat_record__counts(rec, evlist,
					     PERF_STAT_ROUND_TYPE__INTERVAL,
					     100, &err),
			 0);
	perf_counts(evlist->entries[1]->counts, 1, 0)->val += 7;
	assert_int_equal(stat_record__counts(rec, evlist,
					     PERF_STAT_ROUND_TYPE__FINAL, 200,
					     &err),
			 0);
	assert_int_equal(stat_record__finish(rec, &err), 0);
	stat_record__delete(rec);
	free_evlist(evlist);

	f = fopen(path, "r");
	assert_non_null(f);
	buf = malloc(1 << 16);
	*size = fread(buf, 1, 1 << 16, f);
	fclose(f);
	unlink(path);
	/* the path.old rotation was not needed: mkstemp's file was empty */
	assert_true(*size > sizeof(struct perf_file_header));
	return buf;
}

static void test_write_and_read_back(void **state)
{
	struct perf_stat_config config = {
		.aggr_mode = AGGR_NONE,
		.interval = 100,
		.scale = true,
	};
	struct rounds r = { 0 };
	struct perf_error err;
	struct stat_file sf;
	size_t size;
	char *buf = write_file(&config, &size);

	(void)state;
	assert_int_equal(stat_file__open_mem(&sf, buf, size, "mem", &err), 0);
	assert_int_equal(sf.data.nr_attrs, 2);
	assert_string_equal(sf.evlist->entries[0]->name, "cpu-clock");
	assert_string_equal(sf.evlist->entries[0]->unit, "msec");
	assert_string_equal(sf.evlist->entries[1]->name, "context-switches");
	assert_int_equal(sf.data.nr_cmdline, 7); /* the executable + argv */
	assert_string_equal(sf.data.cmdline[1], "stat");
	assert_string_equal(sf.data.cmdline[6], "1");
	assert_int_equal(stat_file__replay(&sf, collect_round, &r, &err), 0);
	assert_int_equal(sf.aggr_mode, AGGR_NONE);
	assert_int_equal(sf.interval, 100);
	assert_int_equal(sf.cpus->nr, 2);
	assert_int_equal(sf.cpus->map[1], 1);
	assert_int_equal(r.nr, 2);
	assert_int_equal(r.type[0], PERF_STAT_ROUND_TYPE__INTERVAL);
	assert_int_equal(r.time[1], 200);
	assert_int_equal(r.val[0][0][0], 1000);
	assert_int_equal(r.val[0][1][1], 2001);
	assert_int_equal(r.val[1][1][1], 2008);
	assert_int_equal(perf_counts(sf.evlist->entries[0]->counts, 1, 0)->ena,
			 5001);
	assert_true(sf.evlist->entries[1]->supported);
	stat_file__close(&sf);
	free(buf);
}

static int ignore_round(struct stat_file *sf, __u64 type, __u64 time_ns,
			void *ctx)
{
	return 0;
}

/* Every prefix of a good file is an error with a reason, never a crash. */
static void test_truncated_files(void **state)
{
	struct perf_stat_config config = { .aggr_mode = AGGR_GLOBAL };
	size_t size, refused = 0;
	char *buf = write_file(&config, &size);

	(void)state;
	for (size_t len = 0; len < size; len++) {
		struct perf_error err = { "", "" };
		struct stat_file sf;
		int ret = stat_file__open_mem(&sf, buf, len, "cut", &err);

		if (!ret)
			ret = stat_file__replay(&sf, ignore_round, NULL, &err);
		stat_file__close(&sf);
		if (ret) {
			assert_true(err.msg[0] != '\0');
			refused++;
		}
	}
	/* the features come last: each cut in them or before is refused */
	assert_int_equal(refused, size);
	free(buf);
}

static void test_foreign_files(void **state)
{
	struct perf_stat_config config = { .aggr_mode = AGGR_GLOBAL };
	struct perf_error err;
	struct stat_file sf;
	size_t size;
	char *buf = write_file(&config, &size);
	__u64 swapped = PERF_DATA_MAGIC_SWAPPED;

	(void)state;
	assert_int_equal(stat_file__open_mem(&sf, "#!/bin/sh\n", 10, "sh",
					     &err),
			 -EINVAL);
	assert_string_equal(err.msg,
			    "sh: not a perf.data file (no PERFILE2 magic)");
	stat_file__close(&sf);

	memcpy(buf, &swapped, sizeof(swapped));
	assert_int_equal(stat_file__open_mem(&sf, buf, size, "be", &err),
			 -EPROTONOSUPPORT);
	stat_file__close(&sf);

	/* a perf.data file without the stat feature: perf record's */
	memcpy(buf, &(__u64){ PERF_DATA_MAGIC }, sizeof(__u64));
	((struct perf_file_header *)buf)->adds_features[0] &=
		~(1ULL << PERF_FEAT_STAT);
	assert_int_equal(stat_file__open_mem(&sf, buf, size, "rec", &err),
			 -ENODATA);
	stat_file__close(&sf);

	/* an attr size that no perf writes */
	((struct perf_file_header *)buf)->attr_size = 3;
	assert_int_equal(stat_file__open_mem(&sf, buf, size, "bad", &err),
			 -EINVAL);
	assert_string_equal(err.msg,
			    "bad: corrupted perf.data file: bad attr size");
	stat_file__close(&sf);
	free(buf);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_records_as_perf_writes_them),
		cmocka_unit_test(test_header_string),
		cmocka_unit_test(test_aggr_modes),
		cmocka_unit_test(test_write_and_read_back),
		cmocka_unit_test(test_truncated_files),
		cmocka_unit_test(test_foreign_files),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
