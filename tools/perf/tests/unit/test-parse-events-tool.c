// SPDX-License-Identifier: GPL-2.0
/*
 * Event parsing of the tool events (duration_time, user_time,
 * system_time): their names, unit and modifiers, and that nothing else
 * takes them for a perf event.
 */
#include <errno.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include "parse-events-fixture.h"
#include "util/evsel.h"
#include "util/parse-events.h"
#include "util/tool-events.h"

static void test_tool_names(void **state)
{
	static const struct {
		const char *name;
		enum tool_event ev;
	} events[] = {
		{ "duration_time", TOOL_EVENT_DURATION_TIME },
		{ "user_time", TOOL_EVENT_USER_TIME },
		{ "system_time", TOOL_EVENT_SYSTEM_TIME },
	};

	(void)state;
	for (size_t i = 0; i < sizeof(events) / sizeof(events[0]); i++) {
		struct evlist *evlist = parse_one(events[i].name,
						  PERF_TYPE_TOOL, events[i].ev,
						  events[i].name);
		struct evsel *evsel = evlist->entries[0];

		assert_int_equal(evsel->tool_event, events[i].ev);
		assert_string_equal(evsel->unit, "ns");
		assert_true(evsel->scale == 1.0);
		assert_string_equal(tool_event__name(events[i].ev),
				    events[i].name);
		evlist__delete(evlist);
	}
	assert_int_equal(tool_event__find("duration_tim", 12), TOOL_EVENT_NONE);
	assert_null(tool_event__name(TOOL_EVENT_NONE));
	assert_null(tool_event__name(TOOL_EVENT_MAX));
}

static void test_tool_modifiers_and_lists(void **state)
{
	struct evlist *evlist = parse_ok(
		"duration_time:b,{user_time,task-clock},system_time:u");

	(void)state;
	assert_int_equal(evlist->nr_entries, 4);
	assert_string_equal(evlist->entries[0]->name, "duration_time:b");
	assert_true(evlist->entries[0]->use_bpf);
	assert_int_equal(evlist->entries[1]->tool_event, TOOL_EVENT_USER_TIME);
	assert_true(evlist->entries[1]->grouped);
	assert_int_equal(evlist->entries[2]->tool_event, TOOL_EVENT_NONE);
	assert_int_equal(evlist->entries[3]->tool_event,
			 TOOL_EVENT_SYSTEM_TIME);
	assert_true(evlist->entries[3]->attr.exclude_kernel);
	evlist__delete(evlist);

	check_error("duration_time:q", -EINVAL, 14, "unknown modifier 'q'");
	check_error("duration_times", -ENOENT, 0, "unknown event");
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_tool_names),
		cmocka_unit_test(test_tool_modifiers_and_lists),
	};

	return cmocka_run_group_tests(tests, parse_fixture__setup,
				      parse_fixture__teardown);
}
