// SPDX-License-Identifier: GPL-2.0
/*
 * perf stat --serve without a network: the [ADDR:]PORT argument, the
 * format an Accept header gets, and the exposition of counts in both
 * formats against their exact text (per-CPU, global with a cgroup whose
 * name needs escaping, per-thread, <not supported>).
 */
#include <errno.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <cmocka.h>

#include "stat-scenario.h"
#include "util/cgroup.h"
#include "util/error.h"
#include "util/stat-serve.h"

static void test_split_addr(void **state)
{
	static const struct {
		const char *arg;
		const char *host;
		unsigned int port;
	} good[] = {
		{ "9100", "127.0.0.1", 9100 },
		{ "0", "127.0.0.1", 0 },
		{ "0.0.0.0:9100", "0.0.0.0", 9100 },
		{ ":9100", "", 9100 },
		{ "[::1]:65535", "::1", 65535 },
		{ "localhost:80", "localhost", 80 },
	};
	static const char *const bad[] = {
		"",	  "abc",	"65536", "-1",	 "+5",
		"9100x",  "127.0.0.1:", "[::1]", "[::1", "[]:80",
		"::1:80", "1.2.3.4:-1", ":",
	};
	struct perf_error err;
	char host[64];
	unsigned int port;

	for (size_t i = 0; i < sizeof(good) / sizeof(good[0]); i++) {
		port = 12345;
		assert_int_equal(stat_serve__split_addr(good[i].arg, host,
							sizeof(host), &port,
							&err),
				 0);
		assert_string_equal(host, good[i].host);
		assert_int_equal(port, good[i].port);
	}
	for (size_t i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
		assert_int_equal(stat_serve__split_addr(bad[i], host,
							sizeof(host), &port,
							&err),
				 -EINVAL);
		assert_non_null(strstr(err.msg, "bad --serve address"));
	}
	/* A host longer than the buffer is refused, not cut. */
	assert_int_equal(stat_serve__split_addr("abcdefgh:1", host, 8, &port,
						&err),
			 -EINVAL);
}

static void test_negotiate(void **state)
{
	static const struct {
		const char *accept;
		enum stat_serve_format fmt;
	} cases[] = {
		{ NULL, STAT_SERVE_OPENMETRICS },
		{ "", STAT_SERVE_OPENMETRICS },
		{ "*/*", STAT_SERVE_OPENMETRICS },
		/* Prometheus 2.42's scrape */
		{ "application/openmetrics-text;version=1.0.0,application/openmetrics-text;version=0.0.1;q=0.75,text/plain;version=0.0.4;q=0.5,*/*;q=0.1",
		  STAT_SERVE_OPENMETRICS },
		{ "text/plain;version=0.0.4", STAT_SERVE_TEXT_004 },
		{ "text/plain", STAT_SERVE_TEXT_004 },
		{ "TEXT/PLAIN; q=1", STAT_SERVE_TEXT_004 },
		{ "application/openmetrics-text;q=0.2, text/plain;q=0.9",
		  STAT_SERVE_TEXT_004 },
		{ "text/plain;q=0.5, application/openmetrics-text",
		  STAT_SERVE_OPENMETRICS },
		/* a tie goes to OpenMetrics */
		{ "text/plain, application/openmetrics-text",
		  STAT_SERVE_OPENMETRICS },
		{ "text/*", STAT_SERVE_TEXT_004 },
		{ "text/*;q=0.8, */*;q=0.9", STAT_SERVE_OPENMETRICS },
		{ "text/plain;q=0", STAT_SERVE_OPENMETRICS },
		{ "application/json", STAT_SERVE_OPENMETRICS },
		/* a prefix of a type is another type */
		{ "text/plainx", STAT_SERVE_OPENMETRICS },
	};

	for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		if (stat_serve__negotiate(cases[i].accept) != cases[i].fmt)
			fail_msg("Accept: %s",
				 cases[i].accept ? cases[i].accept : "(none)");
	}
	assert_string_equal(
		stat_serve__content_type(STAT_SERVE_OPENMETRICS),
		"application/openmetrics-text; version=1.0.0; charset=utf-8");
	assert_string_equal(stat_serve__content_type(STAT_SERVE_TEXT_004),
			    "text/plain; version=0.0.4; charset=utf-8");
}

static char *render(struct scenario *s, enum stat_serve_format fmt)
{
	size_t len = 0;
	char *text;

	if (!s->evlist->entries[0]->stats)
		assert_int_equal(evlist__alloc_stats(&s->config, s->evlist), 0);
	text = stat_serve__render(&s->config, s->evlist, fmt, &len);
	assert_non_null(text);
	assert_int_equal(strlen(text), len);
	return text;
}

/* -A on CPUs 0 and 2: a cpu label; cycles not supported. */
static void test_render_per_cpu(void **state)
{
	static const int cpus[] = { 0, 2 };
	static const pid_t any[] = { -1 };
	struct scenario s;
	struct evsel *clk;
	char *text;

	scenario__init(&s, cpus, 2, any, 1);
	s.config.aggr_mode = AGGR_NONE;
	clk = scenario__event(&s, PERF_TYPE_SOFTWARE, PERF_COUNT_SW_CPU_CLOCK,
			      "cpu-clock");
	scenario__event(&s, PERF_TYPE_HARDWARE, PERF_COUNT_HW_CPU_CYCLES,
			"cycles")
		->supported = false;
	scenario__count(clk, 0, 0, 1000000001, 1000000002, 1000000002);
	scenario__count(clk, 1, 0, 999, 2000000000, 500000000);

	text = render(&s, STAT_SERVE_OPENMETRICS);
	assert_string_equal(
		text,
		"# HELP perf_stat_count Events counted since perf stat started (not scaled; the clocks in ns)\n"
		"# TYPE perf_stat_count counter\n"
		"perf_stat_count_total{event=\"cpu-clock\",cpu=\"0\"} 1000000001\n"
		"perf_stat_count_total{event=\"cpu-clock\",cpu=\"2\"} 999\n"
		"# HELP perf_stat_enabled_seconds Time the event was enabled, summed over the CPUs of the series\n"
		"# TYPE perf_stat_enabled_seconds counter\n"
		"# UNIT perf_stat_enabled_seconds seconds\n"
		"perf_stat_enabled_seconds_total{event=\"cpu-clock\",cpu=\"0\"} 1.000000002\n"
		"perf_stat_enabled_seconds_total{event=\"cpu-clock\",cpu=\"2\"} 2.000000000\n"
		"# HELP perf_stat_running_seconds Time the event was counting, summed over the CPUs of the series\n"
		"# TYPE perf_stat_running_seconds counter\n"
		"# UNIT perf_stat_running_seconds seconds\n"
		"perf_stat_running_seconds_total{event=\"cpu-clock\",cpu=\"0\"} 1.000000002\n"
		"perf_stat_running_seconds_total{event=\"cpu-clock\",cpu=\"2\"} 0.500000000\n"
		"# HELP perf_stat_event_supported 1 if this machine counts the event, 0 if it is not supported\n"
		"# TYPE perf_stat_event_supported gauge\n"
		"perf_stat_event_supported{event=\"cpu-clock\"} 1\n"
		"perf_stat_event_supported{event=\"cycles\"} 0\n"
		"# EOF\n");
	free(text);

	text = render(&s, STAT_SERVE_TEXT_004);
	assert_string_equal(
		text,
		"# HELP perf_stat_count_total Events counted since perf stat started (not scaled; the clocks in ns)\n"
		"# TYPE perf_stat_count_total counter\n"
		"perf_stat_count_total{event=\"cpu-clock\",cpu=\"0\"} 1000000001\n"
		"perf_stat_count_total{event=\"cpu-clock\",cpu=\"2\"} 999\n"
		"# HELP perf_stat_enabled_seconds_total Time the event was enabled, summed over the CPUs of the series\n"
		"# TYPE perf_stat_enabled_seconds_total counter\n"
		"perf_stat_enabled_seconds_total{event=\"cpu-clock\",cpu=\"0\"} 1.000000002\n"
		"perf_stat_enabled_seconds_total{event=\"cpu-clock\",cpu=\"2\"} 2.000000000\n"
		"# HELP perf_stat_running_seconds_total Time the event was counting, summed over the CPUs of the series\n"
		"# TYPE perf_stat_running_seconds_total counter\n"
		"perf_stat_running_seconds_total{event=\"cpu-clock\",cpu=\"0\"} 1.000000002\n"
		"perf_stat_running_seconds_total{event=\"cpu-clock\",cpu=\"2\"} 0.500000000\n"
		"# HELP perf_stat_event_supported 1 if this machine counts the event, 0 if it is not supported\n"
		"# TYPE perf_stat_event_supported gauge\n"
		"perf_stat_event_supported{event=\"cpu-clock\"} 1\n"
		"perf_stat_event_supported{event=\"cycles\"} 0\n");
	free(text);
	scenario__exit(&s);
}

/* Global: the CPUs summed; a cgroup label with \, " and a newline. */
static void test_render_cgroup(void **state)
{
	static const int cpus[] = { 0, 1 };
	static const pid_t any[] = { -1 };
	struct cgroup cg = { .name = (char *)"a\\b\"c\nd", .refcnt = 1 };
	struct scenario s;
	struct evsel *ev;
	char *text;

	scenario__init(&s, cpus, 2, any, 1);
	ev = scenario__event(&s, PERF_TYPE_SOFTWARE,
			     PERF_COUNT_SW_CONTEXT_SWITCHES,
			     "context-switches");
	ev->cgrp = &cg;
	scenario__count(ev, 0, 0, 10, 100, 100);
	scenario__count(ev, 1, 0, 32, 200, 150);

	text = render(&s, STAT_SERVE_OPENMETRICS);
	assert_non_null(strstr(
		text,
		"\nperf_stat_count_total{event=\"context-switches\",cgroup=\"a\\\\b\\\"c\\nd\"} 42\n"));
	assert_non_null(strstr(
		text,
		"\nperf_stat_enabled_seconds_total{event=\"context-switches\",cgroup=\"a\\\\b\\\"c\\nd\"} 0.000000300\n"));
	assert_non_null(strstr(
		text,
		"\nperf_stat_running_seconds_total{event=\"context-switches\",cgroup=\"a\\\\b\\\"c\\nd\"} 0.000000250\n"));
	assert_non_null(strstr(
		text,
		"\nperf_stat_event_supported{event=\"context-switches\",cgroup=\"a\\\\b\\\"c\\nd\"} 1\n"));
	free(text);
	ev->cgrp = NULL; /* not ours to put */
	scenario__exit(&s);
}

/* --per-thread: tid and comm labels, one series per thread. */
static void test_render_per_thread(void **state)
{
	static const int any_cpu[] = { -1 };
	const pid_t tids[] = { getpid(), 99999999 };
	struct scenario s;
	struct evsel *ev;
	char *text, want[256];

	scenario__init(&s, any_cpu, 1, tids, 2);
	s.config.aggr_mode = AGGR_THREAD;
	ev = scenario__event(&s, PERF_TYPE_SOFTWARE, PERF_COUNT_SW_TASK_CLOCK,
			     "task-clock");
	scenario__count(ev, 0, 0, 5, 5, 5);
	scenario__count(ev, 0, 1, 7, 7, 7);

	text = render(&s, STAT_SERVE_TEXT_004);
	snprintf(
		want, sizeof(want),
		"\nperf_stat_count_total{event=\"task-clock\",tid=\"%d\",comm=\"test-stat-serve\"} 5\n",
		(int)getpid());
	assert_non_null(strstr(text, want));
	assert_non_null(strstr(
		text,
		"\nperf_stat_count_total{event=\"task-clock\",tid=\"99999999\",comm=\"<unknown>\"} 7\n"));
	free(text);
	scenario__exit(&s);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_split_addr),
		cmocka_unit_test(test_negotiate),
		cmocka_unit_test(test_render_per_cpu),
		cmocka_unit_test(test_render_cgroup),
		cmocka_unit_test(test_render_per_thread),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
