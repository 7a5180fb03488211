/* SPDX-License-Identifier: GPL-2.0 */
#ifndef PERF_TESTS_UNIT_PARSE_EVENTS_FIXTURE_H
#define PERF_TESTS_UNIT_PARSE_EVENTS_FIXTURE_H

/*
 * What the event parsing tests share: the fake sysfs PMU tree next to
 * the sources (tests/unit/sysfs), and checks of one parse_events() call.
 */

#include <linux/perf_event.h>
#include <linux/types.h>

struct evlist;

#define C(x) PERF_COUNT_HW_CACHE_##x
#define CACHE_CONFIG(type, op, result) \
	(C(type) | (C(op) << 8) | ((__u64)C(result) << 16))

/* cmocka group setup: the PMUs come from the fake tree, never the machine. */
int parse_fixture__setup(void **state);
int parse_fixture__teardown(void **state);

/* Parse str, which must succeed; the caller deletes the evlist. */
struct evlist *parse_ok(const char *str);
/* Parse one event and check type, config, name (and that it is alone). */
struct evlist *parse_one(const char *str, __u32 type, __u64 config,
			 const char *name);
void check_one(const char *str, __u32 type, __u64 config, const char *name);
/*
 * The call fails with ret and the one line "bad event '<str>' at offset
 * <idx>: <msg>..." in err, and adds nothing to the evlist.
 */
void check_error(const char *str, int ret, int idx, const char *msg);

#endif /* PERF_TESTS_UNIT_PARSE_EVENTS_FIXTURE_H */
