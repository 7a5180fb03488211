// SPDX-License-Identifier: GPL-2.0
/*
 * The shape of perf stat's machine-readable output in every scenario:
 * how many fields each CSV line has and which keys, in which order, each
 * JSON object has, as scripts parsing perf's output expect them.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "fake-sysfs.h"
#include "stat-scenario.h"

/* Fields of a CSV line (separators + 1). */
static int csv_fields(const char *line, const char *sep)
{
	int n = 1;

	for (const char *p = strstr(line, sep); p; p = strstr(p + 1, sep))
		n++;
	return n;
}

/*
 * perf's CSV line: value, unit, event, run, pcnt, metric, metric unit,
 * with the aggregation columns first, "noise%" with -r and the cgroup.
 */
static void check_csv_fields(const char *name, const char *sep, int fields)
{
	char *text = scenario__run(name), *save = NULL;

	for (char *line = strtok_r(text, "\n", &save); line;
	     line = strtok_r(NULL, "\n", &save)) {
		if (csv_fields(line, sep) != fields)
			fail_msg("%s: %d fields, want %d: %s", name,
				 csv_fields(line, sep), fields, line);
	}
	free(text);
}

static void test_csv_field_counts(void **state)
{
	check_csv_fields("global-x", ",", 7);
	check_csv_fields("global-s", ";", 7);
	check_csv_fields("interval-x", ",", 8);
	check_csv_fields("cpu01-x", ",", 8);
	check_csv_fields("cpu01-I-x", ",", 9);
	check_csv_fields("thread-x", ",", 8);
	check_csv_fields("core-x", ",", 9);
	check_csv_fields("socket-x", ",", 9);
	check_csv_fields("die-x", ",", 9);
	check_csv_fields("node-x", ",", 9);
	check_csv_fields("cache-x", ",", 9);
	check_csv_fields("cluster-x", ",", 9);
	check_csv_fields("repeat-x", ",", 8);
	check_csv_fields("cgroup-x", ",", 8);
	check_csv_fields("cgroup-A-x", ",", 9);
	check_csv_fields("hw-x", ",", 7);
}

/* The keys of a flat JSON object, in order, joined by ",". */
static void json_keys(const char *line, char *keys, size_t size)
{
	const char *p = line;
	size_t len = 0;

	keys[0] = '\0';
	assert_int_equal(*p, '{');
	p++;
	while (*p && *p != '}') {
		const char *end;

		while (*p == ' ' || *p == ',')
			p++;
		assert_int_equal(*p, '"');
		end = strchr(p + 1, '"');
		assert_non_null(end);
		len += snprintf(keys + len, size - len, "%s%.*s",
				len ? "," : "", (int)(end - p - 1), p + 1);
		p = end + 1;
		assert_true(!strncmp(p, " : ", 3));
		p += 3;
		if (*p == '"') {
			p = strchr(p + 1, '"');
			assert_non_null(p);
			p++;
		} else {
			while (*p && *p != ',' && *p != '}')
				p++;
		}
	}
	assert_int_equal(*p, '}');
	assert_int_equal(p[1], '\0');
}

static void check_json_keys(const char *name, const char *want)
{
	char *text = scenario__run(name), *save = NULL, keys[1024];

	for (char *line = strtok_r(text, "\n", &save); line;
	     line = strtok_r(NULL, "\n", &save)) {
		json_keys(line, keys, sizeof(keys));
		if (strcmp(keys, want))
			fail_msg("%s: keys %s, want %s", name, keys, want);
	}
	free(text);
}

#define JSON_COUNTER                                                        \
	"counter-value,unit,event,event-runtime,pcnt-running,metric-value," \
	"metric-unit"

static void test_json_keys(void **state)
{
	check_json_keys("global-j", JSON_COUNTER);
	check_json_keys("interval-j", "interval," JSON_COUNTER);
	check_json_keys("cpu01-j", "cpu," JSON_COUNTER);
	check_json_keys("cpu01-I-j", "interval,cpu," JSON_COUNTER);
	check_json_keys("thread-j", "thread," JSON_COUNTER);
	check_json_keys("core-j", "core,aggregate-number," JSON_COUNTER);
	check_json_keys("socket-j", "socket,aggregate-number," JSON_COUNTER);
	check_json_keys("die-j", "die,aggregate-number," JSON_COUNTER);
	check_json_keys("node-j", "node,aggregate-number," JSON_COUNTER);
	check_json_keys("cache-j", "cache,aggregate-number," JSON_COUNTER);
	check_json_keys("cluster-j", "cluster,aggregate-number," JSON_COUNTER);
	check_json_keys("repeat-j",
			"counter-value,unit,event,variance,event-runtime,"
			"pcnt-running,metric-value,metric-unit");
	check_json_keys("cgroup-j",
			"counter-value,unit,event,cgroup,event-runtime,"
			"pcnt-running,metric-value,metric-unit");
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_csv_field_counts),
		cmocka_unit_test(test_json_keys),
	};

	return cmocka_run_group_tests(tests, fake_sysfs__setup_two_sockets,
				      fake_sysfs__teardown);
}
