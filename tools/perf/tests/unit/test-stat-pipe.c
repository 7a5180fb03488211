// SPDX-License-Identifier: GPL-2.0
/*
 * perf.data in pipe mode: the records perf stat record -o - writes,
 * against the bytes of perf 6.1's on the development VM; a stream
 * written and read back from memory and from a pipe; perf 6.1's stream
 * read; cut, sampled and foreign streams refused with a reason.
 */
#include <errno.h>
#include <fcntl.h>
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
#include "util/perf-data-pipe.h"
#include "util/perf-data.h"
#include "util/stat-file.h"
#include "util/stat-record.h"
#include "util/thread_map.h"

/*
 * perf 6.1: perf stat record -o - -e power/energy-pkg/ sleep 0.2, with
 * a fake power PMU (cpumask 0, scale 1e-9, unit Joules) made of the
 * software cpu-clock: HEADER_ATTR, EVENT_UPDATE unit, scale, cpus (a
 * RANGE 0-0) and name, THREAD_MAP, CPU_MAP (RANGE 0-1), STAT_CONFIG,
 * STAT on CPU 0, a kernel MMAP, STAT_ROUND.
 */
static const char perf61_stream[] =
	"50455246494c4532100000000000000040000000000090000100000080000000"
	"0000000000000000000000000000000000000000000000000300000000000000"
	"0300100000000000000000000000000000000000000000000000000000000000"
	"0000000000000000000000000000000000000000000000000000000000000000"
	"0000000000000000000000000000000000000000000000004846000000000000"
	"4e00000000003000000000000000000048460000000000004a6f756c65730000"
	"000000000000000000000000000000004e000000000030000100000000000000"
	"484600000000000095d626e80b2e113e00000000000000000000000000000000"
	"4e00000000002000030000000000000048460000000000000200000000000000"
	"4e0000000000400002000000000000004846000000000000706f7765722f656e"
	"657267792d706b672f0000000000000000000000000000000000000000000000"
	"49000000000028000100000000000000ffffffffffffffff0000000000000000"
	"00000000000000004a0000000000100002000000000001004b00000000004000"
	"0300000000000000000000000000000001000000000000000100000000000000"
	"0000000000000000020000000000000001000000000000004c00000000003000"
	"4846000000000000000000000000000034b2070c000000007ad2070c00000000"
	"7ad2070c000000000100000001004000ffffffff0000000000000081ffffffff"
	"887227010000000000000081ffffffff5b6b65726e656c2e6b616c6c73796d73"
	"5d5f7465787400004d000000000018000100000000000000d1db430c00000000";

static unsigned char *from_hex(const char *hex, size_t *size)
{
	size_t n = strlen(hex) / 2;
	unsigned char *buf = malloc(n);

	assert_non_null(buf);
	for (size_t i = 0; i < n; i++) {
		unsigned int byte;

		assert_int_equal(sscanf(hex + 2 * i, "%2x", &byte), 1);
		buf[i] = (unsigned char)byte;
	}
	*size = n;
	return buf;
}

static void expect_bytes(const struct perf_data_buf *b, const char *hex)
{
	char got[1024] = "";

	assert_int_equal(b->err, 0);
	assert_true(b->len * 2 < sizeof(got));
	for (size_t i = 0; i < b->len; i++)
		sprintf(got + 2 * i, "%02x", b->p[i]);
	assert_string_equal(got, hex);
}

/* The records only a stream has, as perf 6.1 wrote them. */
static void test_records_as_perf_writes_them(void **state)
{
	struct perf_data_buf b = { 0 };
	struct perf_data_attr a;
	size_t size;
	unsigned char *stream = from_hex(perf61_stream, &size);
	int cpu0 = 0;

	(void)state;
	perf_data__put_pipe_header(&b);
	expect_bytes(&b, "50455246494c45321000000000000000");
	perf_data_buf__exit(&b);

	/* the attr as read back is written back byte for byte */
	assert_int_equal(perf_data__parse_header_attr(stream + 24, 136, &a), 0);
	assert_int_equal(a.attr.type, PERF_TYPE_SOFTWARE);
	assert_int_equal(a.nr_ids, 1);
	assert_int_equal(a.ids[0], 0x4648);
	perf_data__put_header_attr(&b, &a.attr, a.ids, 1);
	assert_int_equal(b.len, 144);
	assert_memory_equal(b.p, stream + 16, 144);
	perf_data_buf__exit(&b);
	free(a.ids);

	perf_data__put_event_name(&b, 0x36d5, "cpu-clock");
	expect_bytes(&b, "4e00000000003800"
			 "0200000000000000"
			 "d536000000000000"
			 "6370752d636c6f636b000000000000000000000000000000"
			 "0000000000000000");
	perf_data_buf__exit(&b);

	/* perf 6.1 writes {0} as a range; the list is as good to it */
	perf_data__put_event_cpus(&b, 0x4648, &cpu0, 1);
	expect_bytes(&b, "4e00000000002000"
			 "0300000000000000"
			 "4846000000000000"
			 "0000010000000000");
	perf_data_buf__exit(&b);
	free(stream);
}

struct rounds {
	int nr;
	__u64 time[4];
	__u64 val[4][2];
};

static int collect_round(struct stat_file *sf, __u64 type, __u64 time_ns,
			 void *ctx)
{
	struct rounds *r = ctx;
	struct evsel *evsel;

	assert_true(r->nr < 4);
	r->time[r->nr] = time_ns;
	evlist__for_each_entry(sf->evlist, evsel)
		r->val[r->nr][evsel->idx] =
			perf_counts(evsel->counts, 0, 0)->val;
	r->nr++;
	return 0;
}

/* perf 6.1's stream: its event, unit, scale, cpumask and count. */
static void test_read_perf61_stream(void **state)
{
	struct rounds r = { 0 };
	struct perf_error err;
	struct stat_file sf;
	struct evsel *evsel;
	size_t size;
	unsigned char *stream = from_hex(perf61_stream, &size);

	(void)state;
	assert_int_equal(stat_file__open_mem(&sf, stream, size, "61", &err), 0);
	assert_true(sf.pipe);
	assert_int_equal(stat_file__replay(&sf, collect_round, &r, &err), 0);
	assert_int_equal(sf.evlist->nr_entries, 1);
	evsel = sf.evlist->entries[0];
	assert_string_equal(evsel->name, "power/energy-pkg/");
	assert_string_equal(evsel->unit, "Joules");
	assert_true(evsel->scale > 0.99e-9 && evsel->scale < 1.01e-9);
	/* its own CPU 0; the stream's CPU map is 0-1 */
	assert_int_equal(evsel->cpus->nr, 1);
	assert_int_equal(evsel->cpus->map[0], 0);
	assert_int_equal(sf.cpus->nr, 2);
	assert_int_equal(r.nr, 1);
	assert_int_equal(r.time[0], 205773777);
	assert_int_equal(r.val[0][0], 201830964);
	assert_true(evsel->supported);
	stat_file__close(&sf);
	free(stream);
}

/* Two events, the second with its own CPU 1 (a PMU's cpumask). */
static struct evlist *fake_evlist(void)
{
	struct perf_event_attr attr = { .type = PERF_TYPE_SOFTWARE };
	struct evlist *evlist = evlist__new();
	static const char *const names[] = { "task-clock", "power/energy/" };

	assert_non_null(evlist);
	evlist->cpus = cpu_map__new_any();
	evlist->threads = thread_map__new_from((pid_t[]){ 4242 }, 1);
	for (int i = 0; i < 2; i++) {
		struct evsel *evsel;

		attr.config = i ? PERF_COUNT_SW_CPU_CLOCK :
				  PERF_COUNT_SW_TASK_CLOCK;
		evsel = evsel__new(&attr, names[i]);
		assert_non_null(evsel);
		assert_int_equal(evlist__add(evlist, evsel), 0);
		evsel->cpus = evlist->cpus;
		evsel->threads = evlist->threads;
		if (i) {
			evsel->own_cpus = cpu_map__new_from((int[]){ 1 }, 1);
			evsel->own_threads = thread_map__new_any();
			evsel->cpus = evsel->own_cpus;
			evsel->threads = evsel->own_threads;
			free(evsel->unit);
			evsel->unit = strdup("Joules");
			evsel->scale = 1e-9;
		}
		assert_int_equal(evsel__alloc_counts(evsel), 0);
		perf_counts(evsel->counts, 0, 0)->val = 1000 * (i + 1);
		perf_counts(evsel->counts, 0, 0)->ena = 5000;
		perf_counts(evsel->counts, 0, 0)->run = 5000;
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

/* perf stat record -o -: the stream it writes on stdout, two rounds. */
static unsigned char *write_stream(size_t *size)
{
	const char *argv[] = { "stat", "record", "-o", "-" };
	struct perf_stat_config config = { .aggr_mode = AGGR_GLOBAL,
					   .interval = 100 };
	char path[] = "/tmp/test-stat-pipe-XXXXXX";
	struct evlist *evlist = fake_evlist();
	int fd = mkstemp(path), saved = dup(STDOUT_FILENO);
	struct stat_record *rec;
	struct perf_error err;
	unsigned char *buf = malloc(1 << 16);

	assert_true(fd >= 0 && saved >= 0 && buf);
	unlink(path);
	fflush(stdout);
	assert_int_equal(dup2(fd, STDOUT_FILENO), STDOUT_FILENO);
	assert_int_equal(stat_record__new(&rec, "-", 4, argv, &err), 0);
	assert_int_equal(stat_record__setup(rec, evlist, &config, &err), 0);
	assert_int_equal(stat_record__counts(rec, evlist,
					     PERF_STAT_ROUND_TYPE__INTERVAL,
					     100, &err),
			 0);
	perf_counts(evlist->entries[1]->counts, 0, 0)->val += 7;
	assert_int_equal(stat_record__counts(rec, evlist,
					     PERF_STAT_ROUND_TYPE__INTERVAL,
					     200, &err),
			 0);
	assert_int_equal(stat_record__finish(rec, &err), 0);
	stat_record__delete(rec);
	assert_int_equal(dup2(saved, STDOUT_FILENO), STDOUT_FILENO);
	close(saved);
	free_evlist(evlist);
	*size = pread(fd, buf, 1 << 16, 0);
	close(fd);
	assert_true(*size > PERF_DATA_PIPE_HEADER_SIZE);
	return buf;
}

static void check_read_back(struct stat_file *sf)
{
	struct rounds r = { 0 };
	struct perf_error err;
	struct evsel *power;

	assert_true(sf->pipe);
	assert_int_equal(stat_file__replay(sf, collect_round, &r, &err), 0);
	assert_int_equal(sf->evlist->nr_entries, 2);
	/* a stream names its events with EVENT_UPDATE */
	assert_string_equal(sf->evlist->entries[0]->name, "task-clock");
	power = sf->evlist->entries[1];
	assert_string_equal(power->name, "power/energy/");
	assert_string_equal(power->unit, "Joules");
	assert_int_equal(power->cpus->nr, 1);
	assert_int_equal(power->cpus->map[0], 1);
	assert_int_equal(power->threads->map[0], -1);
	assert_int_equal(sf->threads->map[0], 4242);
	assert_int_equal(sf->interval, 100);
	assert_int_equal(r.nr, 2);
	assert_int_equal(r.time[1], 200);
	assert_int_equal(r.val[0][0], 1000);
	assert_int_equal(r.val[0][1], 2000);
	assert_int_equal(r.val[1][1], 2007);
}

static void test_write_and_read_back(void **state)
{
	struct perf_error err;
	struct stat_file sf;
	size_t size;
	unsigned char *buf = write_stream(&size);

	(void)state;
	/* no file header, no features: the header, then records */
	assert_true(perf_data__is_pipe_header(buf, size));
	assert_int_equal(perf_data__u32(buf + 16), PERF_RECORD_HEADER_ATTR);
	assert_int_equal(stat_file__open_mem(&sf, buf, size, "mem", &err), 0);
	check_read_back(&sf);
	stat_file__close(&sf);
	free(buf);
}

/*
 * The stream on stdin, a pipe, as perf stat report -i - gets it; returns
 * the real stdin, for restore_stdin().
 */
static int stdin_from_pipe(const void *buf, size_t size)
{
	int fds[2], saved = dup(STDIN_FILENO);

	assert_true(saved >= 0);
	assert_int_equal(pipe(fds), 0);
	/* small enough for the pipe's buffer: written before it is read */
	assert_true(size < 65536);
	assert_int_equal(write(fds[1], buf, size), (ssize_t)size);
	close(fds[1]);
	assert_int_equal(dup2(fds[0], STDIN_FILENO), STDIN_FILENO);
	close(fds[0]);
	return saved;
}

static void restore_stdin(int saved)
{
	assert_int_equal(dup2(saved, STDIN_FILENO), STDIN_FILENO);
	close(saved);
}

static void test_read_from_a_pipe(void **state)
{
	struct perf_error err;
	struct stat_file sf;
	size_t size;
	unsigned char *buf = write_stream(&size);
	int saved = stdin_from_pipe(buf, size);

	(void)state;
	assert_int_equal(stat_file__open(&sf, "-", &err), 0);
	assert_string_equal(sf.path, "<stdin>");
	assert_true(sf.stream.fd == STDIN_FILENO);
	check_read_back(&sf);
	stat_file__close(&sf);
	restore_stdin(saved);

	/* cut inside a record: read up to there, then one reason */
	saved = stdin_from_pipe(buf, size - 3);
	assert_int_equal(stat_file__open(&sf, "-", &err), 0);
	assert_int_equal(stat_file__replay(&sf, collect_round,
					   &(struct rounds){ 0 }, &err),
			 -EINVAL);
	assert_string_equal(
		err.msg,
		"<stdin>: corrupted perf.data stream: a record is cut short");
	stat_file__close(&sf);
	restore_stdin(saved);

	/* a whole file down a pipe is read to its end, then as a file */
	saved = stdin_from_pipe("PERFILE2", 8);
	assert_int_equal(stat_file__open(&sf, "-", &err), -EINVAL);
	assert_false(sf.pipe);
	assert_string_equal(
		err.msg,
		"<stdin>: corrupted perf.data file: the header is cut short");
	stat_file__close(&sf);
	restore_stdin(saved);
	free(buf);
}

static int ignore_round(struct stat_file *sf, __u64 type, __u64 time_ns,
			void *ctx)
{
	return 0;
}

/*
 * Every prefix of a stream is refused with a reason (it ends in a
 * record or before its first round), and the whole stream is not.
 */
static void test_cut_streams(void **state)
{
	size_t size, refused = 0;
	unsigned char *buf = from_hex(perf61_stream, &size);

	(void)state;
	for (size_t len = 0; len <= size; len++) {
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
	assert_int_equal(refused, size);
	free(buf);
}

/* perf record's stream, and records whose sizes lie. */
static void test_foreign_streams(void **state)
{
	struct perf_data_buf b = { 0 };
	struct perf_event_header sample = { .type = PERF_DATA_RECORD_SAMPLE,
					    .size = 16 };
	struct perf_event_header tiny = { .type = PERF_RECORD_STAT, .size = 4 };
	struct perf_error err;
	struct stat_file sf;

	(void)state;
	perf_data__put_pipe_header(&b);
	perf_data_buf__put(&b, &sample, sizeof(sample));
	perf_data_buf__put_u64(&b, 0);
	assert_int_equal(stat_file__open_mem(&sf, b.p, b.len, "rec", &err), 0);
	assert_int_equal(stat_file__replay(&sf, ignore_round, NULL, &err),
			 -ENODATA);
	assert_string_equal(
		err.msg,
		"rec: no stat data: only files written by 'perf stat record' are supported");
	stat_file__close(&sf);
	perf_data_buf__exit(&b);

	perf_data__put_pipe_header(&b);
	perf_data_buf__put(&b, &tiny, sizeof(tiny));
	assert_int_equal(stat_file__open_mem(&sf, b.p, b.len, "tiny", &err), 0);
	assert_int_equal(stat_file__replay(&sf, ignore_round, NULL, &err),
			 -EINVAL);
	assert_string_equal(
		err.msg,
		"tiny: corrupted perf.data stream: a record has a bad size");
	stat_file__close(&sf);
	perf_data_buf__exit(&b);

	assert_int_equal(stat_file__open_mem(&sf, "", 0, "empty", &err),
			 -EINVAL);
	assert_string_equal(err.msg, "empty: empty, not a perf.data file");
	stat_file__close(&sf);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_records_as_perf_writes_them),
		cmocka_unit_test(test_read_perf61_stream),
		cmocka_unit_test(test_write_and_read_back),
		cmocka_unit_test(test_read_from_a_pipe),
		cmocka_unit_test(test_cut_streams),
		cmocka_unit_test(test_foreign_streams),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
