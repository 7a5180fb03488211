// SPDX-License-Identifier: GPL-2.0
/*
 * A bperf follower: one per task- or cgroup-scoped session and event (see
 * tools/perf/Documentation/bperf-design.md).  It is the session's range of the leader's
 * accumulation slots (counts) and the session's items in the leader's
 * index (process, thread or cgroup -> follower, generation, accumulation
 * slot); it has no program of its own.
 * A follower counts while the leader's follower_gen at its slot holds its
 * generation: removing it (or reclaiming a killed session's) turns every
 * item it left in the index, its children's included, dead at once.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <bpf/bpf.h>

#include "bperf-priv.h"
#include "thread_map.h"

bool index__item_live(int gen_fd, const struct bperf_item *item)
{
	__u32 slot = item->follower, gen;

	return !bpf_map_lookup_elem(gen_fd, &slot, &gen) && gen == item->gen;
}

/* Keep the live items of entry that do not belong to follower f. */
static void index__prune(struct bperf_index_entry *entry, int gen_fd,
			 const struct bperf_follower *f)
{
	__u32 n = 0;

	for (__u32 i = 0; i < entry->nr && i < BPERF_MAX_ITEMS; i++) {
		const struct bperf_item *item = &entry->items[i];

		if ((item->follower == (__u32)f->slot && item->gen == f->gen) ||
		    !index__item_live(gen_fd, item))
			continue;
		entry->items[n++] = *item;
	}
	entry->nr = n;
}

/*
 * Under the lock: add f's item for accum_slot to the entry at key of map
 * fd (the index, or the exec joins), without the dead items.
 */
static int follower__put_item(struct bperf_follower *f,
			      const struct bperf_leader *l, int fd,
			      const void *key, __u32 accum_slot,
			      struct perf_error *e)
{
	struct bperf_index_entry entry = {};
	struct bperf_item item = {
		.follower = f->slot,
		.gen = f->gen,
		.count = f->first_count + accum_slot * f->nr_members,
		.flags = f->flags,
	};

	if (!bpf_map_lookup_elem(fd, key, &entry))
		index__prune(&entry, l->fd[LEADER_GEN], f);
	if (entry.nr >= BPERF_MAX_ITEMS) {
		perf_error__set(
			e, -E2BIG,
			"%d bperf sessions already count one of these tasks or cgroups on this event, the most there can be",
			BPERF_MAX_ITEMS);
		perf_error__hint(e, "%s", BPERF_HINT_END_SESSION);
		return -E2BIG;
	}
	entry.items[entry.nr++] = item;
	/* The leader looks a process or thread up only once hinted. */
	if (fd == l->fd[LEADER_INDEX]) {
		const struct bperf_index_key *k = key;

		if (k->filter == BPERF_FILTER_TGID ||
		    k->filter == BPERF_FILTER_TID)
			l->hints[k->id % BPERF_INDEX_HINTS] = 1;
	}
	if (bpf_map_update_elem(fd, key, &entry, BPF_ANY))
		return perf_error__set(e, -errno,
				       "cannot fill the bperf index: %s",
				       strerror(errno));
	return 0;
}

/* Under the lock: take f's items out of the entry at key of map fd. */
static void follower__drop_items(struct bperf_follower *f,
				 const struct bperf_leader *l, int fd,
				 const void *key)
{
	struct bperf_index_entry entry;

	if (bpf_map_lookup_elem(fd, key, &entry))
		return;
	index__prune(&entry, l->fd[LEADER_GEN], f);
	if (entry.nr)
		bpf_map_update_elem(fd, key, &entry, BPF_EXIST);
	else
		bpf_map_delete_elem(fd, key);
}

/* Remember what f put in the index, to take it out again. */
static int follower__keep_key(struct bperf_follower *f,
			      const struct bperf_index_key *key, __u32 slot)
{
	if (f->nr_keys == f->max_keys) {
		int max = f->max_keys ? 2 * f->max_keys : 16;
		struct bperf_index_key *keys;
		__u32 *slots;

		keys = realloc(f->keys, max * sizeof(*keys));
		if (!keys)
			return -ENOMEM;
		f->keys = keys;
		slots = realloc(f->key_slots, max * sizeof(*slots));
		if (!slots)
			return -ENOMEM;
		f->key_slots = slots;
		f->max_keys = max;
	}
	f->keys[f->nr_keys] = *key;
	f->key_slots[f->nr_keys++] = slot;
	return 0;
}

static int follower__add(struct bperf_follower *f, const struct bperf_leader *l,
			 const struct bperf_index_key *key, __u32 accum_slot,
			 struct perf_error *e)
{
	int err = follower__put_item(f, l, l->fd[LEADER_INDEX], key, accum_slot,
				     e);

	if (!err && follower__keep_key(f, key, accum_slot))
		err = perf_error__set(e, -ENOMEM, "out of memory");
	return err;
}

int follower__create(struct bperf_follower *f,
		     const struct bperf_follower_config *cfg,
		     const struct bperf_leader *l, struct perf_error *e)
{
	__u32 key = cfg->slot, gen = cfg->gen;

	memset(f, 0, sizeof(*f));
	f->filter = cfg->filter;
	f->slot = cfg->slot;
	f->gen = gen;
	f->first_count = cfg->first_count;
	f->nr_members = cfg->nr_members ? cfg->nr_members : 1;
	f->flags = cfg->inherit ? BPERF_ITEM_INHERIT : 0;
	if (bpf_map_update_elem(l->fd[LEADER_GEN], &key, &gen, BPF_ANY))
		return perf_error__set(
			e, -errno, "cannot hand the follower to the leader: %s",
			strerror(errno));
	if (cfg->exec_pid > 0) {
		__u32 pid = cfg->exec_pid;
		int err = follower__put_item(f, l, l->fd[LEADER_EXEC_JOINS],
					     &pid, 0, e);

		if (err)
			return err;
		f->exec_pid = cfg->exec_pid;
	}
	return 0;
}

/* The process of thread tid, or 0 when it is gone. */
static __u64 task_tgid(pid_t tid)
{
	char path[64], line[256];
	__u64 tgid = 0;
	FILE *file;

	snprintf(path, sizeof(path), "/proc/%d/status", tid);
	file = fopen(path, "r");
	if (!file)
		return 0;
	while (fgets(line, sizeof(line), file)) {
		if (!strncmp(line, "Tgid:", 5)) {
			tgid = strtoull(line + 5, NULL, 10);
			break;
		}
	}
	fclose(file);
	return tgid;
}

int follower__add_tasks(struct bperf_follower *f, const struct bperf_leader *l,
			const struct perf_thread_map *threads,
			struct perf_error *e)
{
	bool by_thread = f->filter == BPERF_FILTER_TID;

	for (int t = 0; t < threads->nr; t++) {
		struct bperf_index_key key = { .filter = f->filter };
		bool seen = false;
		int err;

		key.id = by_thread ? (__u64)threads->map[t] :
				     task_tgid(threads->map[t]);
		if (!key.id)
			continue; /* gone already */
		/* The threads of a process are one key. */
		for (int k = 0; k < f->nr_keys && !seen; k++)
			seen = f->keys[k].id == key.id;
		if (seen)
			continue;
		err = follower__add(f, l, &key, by_thread ? (__u32)t : 0, e);
		if (err)
			return err;
	}
	return 0;
}

bool follower__cgroup_slot(const struct bperf_follower *f, __u64 id,
			   __u32 *slot)
{
	for (int k = 0; k < f->nr_keys; k++) {
		if (f->keys[k].id == id) {
			*slot = f->key_slots[k];
			return true;
		}
	}
	return false;
}

int follower__add_cgroup(struct bperf_follower *f, const struct bperf_leader *l,
			 __u64 id, __u32 slot, struct perf_error *e)
{
	struct bperf_index_key key = { .filter = BPERF_FILTER_CGROUP,
				       .id = id };

	return follower__add(f, l, &key, slot, e);
}

bool follower__live(const struct bperf_follower *f,
		    const struct bperf_leader *l)
{
	struct bperf_item me = { .follower = f->slot, .gen = f->gen };

	return index__item_live(l->fd[LEADER_GEN], &me);
}

void follower__remove(struct bperf_follower *f, const struct bperf_leader *l)
{
	__u32 slot = f->slot, dead = f->gen | BPERF_GEN_DEAD;

	if (!f->gen || !follower__live(f, l))
		return;
	bpf_map_update_elem(l->fd[LEADER_GEN], &slot, &dead, BPF_ANY);
	if (f->exec_pid > 0) {
		__u32 pid = f->exec_pid;

		follower__drop_items(f, l, l->fd[LEADER_EXEC_JOINS], &pid);
	}
	/* Make room where it was; its children's items die with it. */
	for (int k = 0; k < f->nr_keys; k++)
		follower__drop_items(f, l, l->fd[LEADER_INDEX], &f->keys[k]);
}

void follower__destroy(struct bperf_follower *f)
{
	free(f->keys);
	free(f->key_slots);
	memset(f, 0, sizeof(*f));
}
