// SPDX-License-Identifier: GPL-2.0
/* The bperf registry's pure functions, over an array like the leader's. */
#include <errno.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include "util/bperf-priv.h"

/* Tokens 100.. are dead, every other is alive. */
static bool alive(__u32 token)
{
	return token < 100;
}

struct buried {
	int nr;
	__u32 slots[8];
};

static void bury(const struct bperf_session *entry, void *arg)
{
	struct buried *b = arg;

	b->slots[b->nr++] = entry->slot;
}

static struct bperf_session *registry_new(void)
{
	struct bperf_session *reg = calloc(REGISTRY_ENTRIES, sizeof(*reg));

	assert_non_null(reg);
	return reg;
}

static void test_empty(void **state)
{
	struct bperf_session *reg = registry_new();
	struct buried b = {};

	assert_int_equal(registry__sweep(reg, alive, bury, &b), 0);
	assert_int_equal(b.nr, 0);
	assert_int_equal(registry__filters(reg), 0);
	assert_int_equal(registry__free_slot(reg), 0);
	assert_int_equal(registry__free_entry(reg), 1);
	free(reg);
}

static void test_sweep_buries_dead_sessions(void **state)
{
	struct bperf_session *reg = registry_new();
	struct buried b = {};

	reg[1] = (struct bperf_session){ .token_id = 7, .pid = 1 };
	reg[2] = (struct bperf_session){ .token_id = 101, .slot = 3 };
	reg[5] = (struct bperf_session){ .token_id = 8, .slot = 1 };
	reg[9] = (struct bperf_session){ .token_id = 102 };
	assert_int_equal(registry__sweep(reg, alive, bury, &b), 2);
	assert_int_equal(b.nr, 2);
	assert_int_equal(b.slots[0], 3);
	assert_int_equal(b.slots[1], 0);
	assert_int_equal(reg[2].token_id, 0);
	assert_int_equal(reg[9].token_id, 0);
	assert_int_equal(reg[1].token_id, 7);
	assert_int_equal(reg[5].token_id, 8);
	assert_int_equal(registry__free_entry(reg), 2);
	free(reg);
}

static void test_filters_and_free_slot(void **state)
{
	struct bperf_session *reg = registry_new();

	reg[1] = (struct bperf_session){ .token_id = 1,
					 .slot = 1,
					 .filter = BPERF_FILTER_TGID };
	reg[2] = (struct bperf_session){ .token_id = 2,
					 .slot = 3,
					 .filter = BPERF_FILTER_CGROUP };
	/* CPU-scoped: no follower, no filter. */
	reg[3] = (struct bperf_session){ .token_id = 3,
					 .filter = BPERF_FILTER_TID };
	/* A free entry's leftovers count for nothing. */
	reg[4] =
		(struct bperf_session){ .slot = 2, .filter = BPERF_FILTER_TID };
	assert_int_equal(registry__filters(reg),
			 (1 << BPERF_FILTER_TGID) | (1 << BPERF_FILTER_CGROUP));
	assert_int_equal(registry__free_slot(reg), 1);
	free(reg);
}

static void test_full(void **state)
{
	struct bperf_session *reg = registry_new();

	for (int i = 1; i <= BPERF_MAX_FOLLOWERS; i++)
		reg[i] = (struct bperf_session){ .token_id = i, .slot = i };
	assert_int_equal(registry__free_slot(reg), -ENOSPC);
	for (int i = 1; i < REGISTRY_ENTRIES; i++)
		reg[i].token_id = i;
	assert_int_equal(registry__free_entry(reg), -ENOSPC);
	free(reg);
}

static void test_generations_never_repeat(void **state)
{
	assert_int_equal(registry__next_gen(0), 1);
	assert_int_equal(registry__next_gen(1), 2);
	/* A dead follower's slot goes on from its last generation. */
	assert_int_equal(registry__next_gen(5 | BPERF_GEN_DEAD), 6);
	assert_int_equal(registry__next_gen(BPERF_GEN_DEAD - 1), 1);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_empty),
		cmocka_unit_test(test_sweep_buries_dead_sessions),
		cmocka_unit_test(test_filters_and_free_slot),
		cmocka_unit_test(test_full),
		cmocka_unit_test(test_generations_never_repeat),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
