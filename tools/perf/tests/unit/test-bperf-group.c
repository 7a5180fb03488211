// SPDX-License-Identifier: GPL-2.0
/*
 * bperf groups' pure pieces: group keys, their names, switch and fault
 * members, and which fault hook a leader gets.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>
#include <linux/perf_event.h>

#include "util/bpf_counter_priv.h"
#include "util/bperf-priv.h"

static const struct bperf_attr_key cpu_clock = {
	.type = PERF_TYPE_SOFTWARE,
	.config = PERF_COUNT_SW_CPU_CLOCK,
};
static const struct bperf_attr_key task_clock = {
	.type = PERF_TYPE_SOFTWARE,
	.config = PERF_COUNT_SW_TASK_CLOCK,
};
static const struct bperf_attr_key switches = {
	.type = PERF_TYPE_SOFTWARE,
	.config = PERF_COUNT_SW_CONTEXT_SWITCHES,
};

static void group_of(struct bperf_events *ev, int n,
		     const struct bperf_attr_key *const *members)
{
	memset(ev, 0, sizeof(*ev));
	ev->nr_members = n;
	for (int m = 0; m < n; m++)
		ev->members[m] = *members[m];
	bperf_events__group_key(ev);
}

static void test_group_key_is_no_single_key(void **state)
{
	const struct bperf_attr_key *members[] = { &cpu_clock, &task_clock };
	struct bperf_events g, single;

	group_of(&g, 2, members);
	assert_int_equal(g.key.type, BPERF_GROUP_TYPE);
	assert_true(g.key.exclude & BPERF_EXCLUDE_GROUP);
	assert_int_equal((g.key.exclude >> BPERF_GROUP_MEMBERS_SHIFT) &
				 BPERF_GROUP_MEMBERS_MASK,
			 2);
	for (int m = 0; m < 2; m++) {
		bperf_events__single(&single, members[m]);
		assert_int_equal(single.nr_members, 1);
		assert_memory_equal(&single.key, members[m],
				    sizeof(single.key));
		assert_memory_not_equal(&single.key, &g.key, sizeof(g.key));
	}
}

static void test_group_key_follows_members_in_order(void **state)
{
	const struct bperf_attr_key *ab[] = { &cpu_clock, &task_clock };
	const struct bperf_attr_key *ba[] = { &task_clock, &cpu_clock };
	const struct bperf_attr_key *abc[] = { &cpu_clock, &task_clock,
					       &switches };
	struct bperf_events g1, g2, rev, three;

	group_of(&g1, 2, ab);
	group_of(&g2, 2, ab);
	group_of(&rev, 2, ba);
	group_of(&three, 3, abc);
	assert_memory_equal(&g1.key, &g2.key, sizeof(g1.key));
	assert_memory_not_equal(&g1.key, &rev.key, sizeof(g1.key));
	assert_memory_not_equal(&g1.key, &three.key, sizeof(g1.key));
	/* Modifiers make another member, so another group. */
	g2.members[1].exclude = BPERF_EXCLUDE_KERNEL;
	bperf_events__group_key(&g2);
	assert_memory_not_equal(&g1.key, &g2.key, sizeof(g1.key));
}

static void test_group_name(void **state)
{
	const struct bperf_attr_key *abc[] = { &cpu_clock, &task_clock,
					       &switches };
	struct bperf_events g, single;
	char buf[256];

	group_of(&g, 3, abc);
	bperf_events__name(&g, buf, sizeof(buf));
	assert_string_equal(buf, "{cpu-clock,task-clock,context-switches}");
	bperf_events__single(&single, &task_clock);
	bperf_events__name(&single, buf, sizeof(buf));
	assert_string_equal(buf, "task-clock");
	/* Truncated, never overrun. */
	bperf_events__name(&g, buf, 12);
	assert_true(strlen(buf) < 12);
}

static void test_switch_members(void **state)
{
	const struct bperf_attr_key *abc[] = { &cpu_clock, &switches,
					       &task_clock };
	struct bperf_events g;

	group_of(&g, 3, abc);
	assert_int_equal(bperf_events__switch_members(&g), 1U << 1);
	/* Switches in user mode only: none at the tracepoint. */
	g.members[1].exclude = BPERF_EXCLUDE_KERNEL;
	assert_int_equal(bperf_events__switch_members(&g), 0);
}

static void test_switched_members(void **state)
{
	static const struct bperf_attr_key cycles = {
		.type = PERF_TYPE_HARDWARE,
		.config = PERF_COUNT_HW_CPU_CYCLES,
	};
	const struct bperf_attr_key *mix[] = { &cpu_clock, &switches,
					       &task_clock, &cycles,
					       &cpu_clock };
	struct bperf_events g;
	__u32 want = (1U << 0) | (1U << 2) | (1U << 3) | (1U << 4);

	group_of(&g, 5, mix);
	assert_int_equal(bperf_events__switched_members(&g), want);
	/* A clock counts the switch whatever it excludes: cpu-clock:u. */
	g.members[4].exclude = BPERF_EXCLUDE_KERNEL;
	g.members[2].exclude = BPERF_EXCLUDE_USER;
	assert_int_equal(bperf_events__switched_members(&g), want);
	/* cycles:u counts nothing of it. */
	g.members[3].exclude = BPERF_EXCLUDE_KERNEL;
	assert_int_equal(bperf_events__switched_members(&g), want & ~(1U << 3));
}

static void test_fault_members(void **state)
{
	static const struct bperf_attr_key faults = {
		.type = PERF_TYPE_SOFTWARE,
		.config = PERF_COUNT_SW_PAGE_FAULTS,
	};
	static const struct bperf_attr_key minor = {
		.type = PERF_TYPE_SOFTWARE,
		.config = PERF_COUNT_SW_PAGE_FAULTS_MIN,
	};
	static const struct bperf_attr_key major = {
		.type = PERF_TYPE_SOFTWARE,
		.config = PERF_COUNT_SW_PAGE_FAULTS_MAJ,
	};
	/* The hardware event of the same config number is no fault. */
	static const struct bperf_attr_key hw = {
		.type = PERF_TYPE_HARDWARE,
		.config = PERF_COUNT_SW_PAGE_FAULTS,
	};
	const struct bperf_attr_key *mix[] = {
		&task_clock, &faults, &hw, &minor, &major, &switches
	};
	struct bperf_events g;
	__u32 want = (1U << 1) | (1U << 3) | (1U << 4);

	group_of(&g, 6, mix);
	assert_int_equal(bperf_events__fault_members(&g), want);
	/* :u and :k faults are faults. */
	g.members[1].exclude = BPERF_EXCLUDE_KERNEL;
	assert_int_equal(bperf_events__fault_members(&g), want);
	bperf_events__single(&g, &task_clock);
	assert_int_equal(bperf_events__fault_members(&g), 0);
}

static const struct bperf_attr_key page_faults = {
	.type = PERF_TYPE_SOFTWARE,
	.config = PERF_COUNT_SW_PAGE_FAULTS,
};

/* The choices that do not depend on this kernel's BTF. */
static void test_fault_hook_choice(void **state)
{
	const struct bperf_attr_key *members[] = { &task_clock, &page_faults };
	struct bperf_events single, group, clock;

	bperf_events__single(&single, &page_faults);
	bperf_events__single(&clock, &task_clock);
	group_of(&group, 2, members);
	assert_int_equal(setenv("PERF_BPERF_FAULT_HOOK", "event", 1), 0);
	assert_int_equal(bperf_fault__choose(&single), BPERF_FAULT_HOOK_EVENT);
	/* The sample reads one event: a group gets no hook. */
	assert_int_equal(bperf_fault__choose(&group), BPERF_FAULT_HOOK_NONE);
	assert_int_equal(bperf_fault__choose(&clock), BPERF_FAULT_HOOK_NONE);
	assert_int_equal(setenv("PERF_BPERF_FAULT_HOOK", "none", 1), 0);
	assert_int_equal(bperf_fault__choose(&single), BPERF_FAULT_HOOK_NONE);
	assert_int_equal(unsetenv("PERF_BPERF_FAULT_HOOK"), 0);
	/* No faults, no hook, whatever the kernel has. */
	assert_int_equal(bperf_fault__choose(&clock), BPERF_FAULT_HOOK_NONE);
	assert_int_not_equal(bperf_fault__choose(&single),
			     BPERF_FAULT_HOOK_NONE);
}

/* What a session accepts in a leader's .rodata. */
static void test_fault_hook_valid(void **state)
{
	const struct bperf_attr_key *members[] = { &task_clock, &page_faults };
	struct bperf_events single, group, clock;

	bperf_events__single(&single, &page_faults);
	bperf_events__single(&clock, &task_clock);
	group_of(&group, 2, members);
	assert_true(bperf_fault__valid(BPERF_FAULT_HOOK_TRACEPOINTS, &single));
	assert_true(bperf_fault__valid(BPERF_FAULT_HOOK_TRACEPOINTS, &group));
	assert_true(bperf_fault__valid(BPERF_FAULT_HOOK_EVENT, &single));
	assert_true(bperf_fault__valid(BPERF_FAULT_HOOK_NONE, &group));
	assert_true(bperf_fault__valid(BPERF_FAULT_HOOK_NONE, &clock));
	/* Made so with PERF_BPERF_FAULT_HOOK=none. */
	assert_true(bperf_fault__valid(BPERF_FAULT_HOOK_NONE, &single));
	assert_false(bperf_fault__valid(BPERF_FAULT_HOOK_EVENT, &group));
	assert_false(bperf_fault__valid(BPERF_FAULT_HOOK_EVENT, &clock));
	assert_false(bperf_fault__valid(BPERF_FAULT_HOOK_TRACEPOINTS, &clock));
	assert_false(bperf_fault__valid(BPERF_FAULT_HOOK_EVENT + 1, &single));
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_group_key_is_no_single_key),
		cmocka_unit_test(test_group_key_follows_members_in_order),
		cmocka_unit_test(test_group_name),
		cmocka_unit_test(test_switch_members),
		cmocka_unit_test(test_switched_members),
		cmocka_unit_test(test_fault_members),
		cmocka_unit_test(test_fault_hook_choice),
		cmocka_unit_test(test_fault_hook_valid),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
