// SPDX-License-Identifier: GPL-2.0
/*
 * A leader's session registry: its "sessions" array.  Entry 0 is the
 * header (the filters of the live followers, which the leader reads on
 * every run, and the ids of the leader's hook links, which joining
 * sessions take); entries 1.. are sessions, each with its token map id
 * (alive while the token can be found), pid and, for a task- or
 * cgroup-scoped session, its follower: slot, generation and filter.  Pure
 * functions over a copy of the array decide; the others read and write
 * the leader's maps, under the attr map lock.
 */
#include <errno.h>
#include <string.h>
#include <unistd.h>

#include <bpf/bpf.h>

#include "bperf-priv.h"
#include "debug.h"

int registry__sweep(struct bperf_session *reg, bool (*alive)(__u32 token),
		    void (*dead)(const struct bperf_session *entry, void *arg),
		    void *arg)
{
	int live = 0;

	for (int i = 1; i < REGISTRY_ENTRIES; i++) {
		if (!reg[i].token_id)
			continue;
		if (alive(reg[i].token_id)) {
			live++;
			continue;
		}
		pr_debug("bperf: reclaiming the entry of dead session %u",
			 reg[i].pid);
		if (dead)
			dead(&reg[i], arg);
		memset(&reg[i], 0, sizeof(reg[i]));
	}
	return live;
}

__u32 registry__filters(const struct bperf_session *reg)
{
	__u32 filters = 0;

	for (int i = 1; i < REGISTRY_ENTRIES; i++) {
		if (reg[i].token_id && reg[i].slot && reg[i].filter < 32)
			filters |= 1U << reg[i].filter;
	}
	return filters;
}

int registry__free_slot(const struct bperf_session *reg)
{
	static bool held[BPERF_MAX_FOLLOWERS];

	memset(held, 0, sizeof(held));
	for (int i = 1; i < REGISTRY_ENTRIES; i++) {
		if (reg[i].token_id && reg[i].slot &&
		    reg[i].slot <= BPERF_MAX_FOLLOWERS)
			held[reg[i].slot - 1] = true;
	}
	for (int s = 0; s < BPERF_MAX_FOLLOWERS; s++) {
		if (!held[s])
			return s;
	}
	return -ENOSPC;
}

int registry__free_entry(const struct bperf_session *reg)
{
	for (int i = 1; i < REGISTRY_ENTRIES; i++) {
		if (!reg[i].token_id)
			return i;
	}
	return -ENOSPC;
}

__u32 registry__next_gen(__u32 gen)
{
	gen = (gen & ~BPERF_GEN_DEAD) + 1;
	return gen >= BPERF_GEN_DEAD ? 1 : gen;
}

int registry__alloc_counts(const struct bperf_session *reg, __u32 nr)
{
	static bool held[BPERF_COUNT_SLOTS];
	__u32 run = 0;

	memset(held, 0, sizeof(held));
	for (int i = 1; i < REGISTRY_ENTRIES; i++) {
		if (!reg[i].token_id || !reg[i].slot)
			continue;
		for (__u32 c = reg[i].first_count;
		     c < reg[i].first_count + reg[i].nr_counts &&
		     c < BPERF_COUNT_SLOTS;
		     c++)
			held[c] = true;
	}
	for (__u32 c = 0; c < BPERF_COUNT_SLOTS && nr; c++) {
		run = held[c] ? 0 : run + 1;
		if (run == nr)
			return c + 1 - nr;
	}
	return -ENOSPC;
}

int registry__read(int sessions_fd, struct bperf_session *reg)
{
	static __u32 keys[REGISTRY_ENTRIES];
	__u32 count = REGISTRY_ENTRIES, out_batch;

	/* One syscall for the whole table where the kernel has batches. */
	if (!bpf_map_lookup_batch(sessions_fd, NULL, &out_batch, keys, reg,
				  &count, NULL) ||
	    (errno == ENOENT && count == REGISTRY_ENTRIES))
		return 0;
	for (__u32 i = 0; i < REGISTRY_ENTRIES; i++) {
		if (bpf_map_lookup_elem(sessions_fd, &i, &reg[i]))
			return -errno;
	}
	return 0;
}

int registry__init(const struct bperf_leader *l, const __u32 *hook_link_ids)
{
	struct bperf_registry_header hdr = {};
	__u32 zero = 0;

	memcpy(hdr.hook_link_ids, hook_link_ids, sizeof(hdr.hook_link_ids));
	if (bpf_map_update_elem(l->fd[LEADER_SESSIONS], &zero, &hdr, BPF_ANY))
		return -errno;
	return 0;
}

/* A dead session's follower: the leader stops counting for it. */
static void registry__bury(const struct bperf_session *entry, void *arg)
{
	const struct bperf_leader *l = arg;
	__u32 slot = entry->slot - 1, dead = entry->gen | BPERF_GEN_DEAD;

	if (!entry->slot || entry->slot > BPERF_MAX_FOLLOWERS)
		return;
	bpf_map_update_elem(l->fd[LEADER_GEN], &slot, &dead, BPF_ANY);
}

int registry__reclaim(const struct bperf_leader *l, struct bperf_session *reg)
{
	static bool used[REGISTRY_ENTRIES];
	struct bperf_session empty = {};
	__u32 zero = 0;
	int live, err;

	err = registry__read(l->fd[LEADER_SESSIONS], reg);
	if (err)
		return err;
	for (int i = 0; i < REGISTRY_ENTRIES; i++)
		used[i] = reg[i].token_id != 0;
	live = registry__sweep(reg, bperf__token_alive, registry__bury,
			       (void *)l);
	for (__u32 i = 1; i < REGISTRY_ENTRIES; i++) {
		if (used[i] && !reg[i].token_id)
			bpf_map_update_elem(l->fd[LEADER_SESSIONS], &i, &empty,
					    BPF_ANY);
	}
	registry__header(reg)->filters = registry__filters(reg);
	if (bpf_map_update_elem(l->fd[LEADER_SESSIONS], &zero, &reg[0],
				BPF_ANY))
		return -errno;
	return live;
}

int registry__add(const struct bperf_leader *l, struct bperf_session *reg,
		  const struct bperf_session *entry)
{
	int i = registry__free_entry(reg);
	__u32 key = i, zero = 0;

	if (i < 0)
		return i;
	if (bpf_map_update_elem(l->fd[LEADER_SESSIONS], &key, entry, BPF_ANY))
		return -errno;
	reg[i] = *entry;
	registry__header(reg)->filters = registry__filters(reg);
	if (bpf_map_update_elem(l->fd[LEADER_SESSIONS], &zero, &reg[0],
				BPF_ANY))
		return -errno;
	return i;
}
