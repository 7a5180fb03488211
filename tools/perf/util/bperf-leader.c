// SPDX-License-Identifier: GPL-2.0
/*
 * bperf leaders: one per distinct event on the machine (see
 * tools/perf/Documentation/bperf-design.md).  Take the leader behind an
 * attr map entry, after checking that it really is one (link, program,
 * every map by name and shape, the event in its frozen .rodata); sync it
 * on a CPU and read what it holds (held-back exits, lost tasks, the
 * followers' counts).  One table of the leader's maps drives how its fds
 * are found, checked, duplicated and closed.  bperf-leader-new.c creates
 * a leader.
 */
#include <errno.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>
#include <sys/mman.h>
#include <linux/perf_event.h>

#include <bpf/bpf.h>
#include <bpf/libbpf.h>

#include "bperf-priv.h"
#include "cpumap.h"

#include "bperf_leader.skel.h"

#define BPERF_LEADER_PROG "on_switch"
#define BPERF_LEADER_TP "sched_switch"

/* max_entries of the maps with one entry per member: checked apart. */
#define PER_MEMBER 0xffffffffU

/* The leader's maps that a session holds, by name and shape. */
static const struct leader_map {
	enum bperf_leader_fd fd;
	const char *name;
	__u32 type, key_size, value_size, max_entries;
} leader_maps[] = {
	{ LEADER_PREV, "prev_readings", BPF_MAP_TYPE_PERCPU_ARRAY, 4,
	  sizeof(struct bperf_reading), PER_MEMBER },
	{ LEADER_DIFF, "diff_readings", BPF_MAP_TYPE_PERCPU_ARRAY, 4,
	  sizeof(struct bperf_reading), PER_MEMBER },
	{ LEADER_BUSY, "chain_busy", BPF_MAP_TYPE_PERCPU_ARRAY, 4, 4, 1 },
	{ LEADER_CPU_STATE, "cpu_state", BPF_MAP_TYPE_PERCPU_ARRAY, 4,
	  sizeof(struct bperf_cpu_state), PER_MEMBER },
	{ LEADER_SESSIONS, "sessions", BPF_MAP_TYPE_ARRAY, 4,
	  sizeof(struct bperf_session), REGISTRY_ENTRIES },
	{ LEADER_INDEX, "task_index", BPF_MAP_TYPE_HASH,
	  sizeof(struct bperf_index_key), sizeof(struct bperf_index_entry),
	  BPERF_INDEX_ENTRIES },
	{ LEADER_GEN, "follower_gen", BPF_MAP_TYPE_ARRAY, 4, 4,
	  BPERF_MAX_FOLLOWERS },
	/* Its size depends on the possible CPUs: leader__map_counts checks. */
	{ LEADER_COUNTS, "counts", BPF_MAP_TYPE_ARRAY, 4,
	  sizeof(struct bperf_reading), 0 },
	{ LEADER_EXEC_JOINS, "exec_joins", BPF_MAP_TYPE_HASH, 4,
	  sizeof(struct bperf_index_entry), BPERF_EXEC_JOINS },
	{ LEADER_HINTS, "index_hints", BPF_MAP_TYPE_ARRAY, 4, 8,
	  BPERF_INDEX_HINTS / 8 },
};

const char *const leader_hooks[BPERF_NR_HOOKS] = {
	[BPERF_HOOK_FORK] = "on_fork",
	[BPERF_HOOK_FREE] = "on_free",
	[BPERF_HOOK_EXIT] = "on_task",
	[BPERF_HOOK_EXEC] = "on_task",
	[BPERF_HOOK_TICK] = "on_task",
	[BPERF_HOOK_FAULT_USER] = "on_fault_user",
	[BPERF_HOOK_FAULT_KERNEL] = "on_fault_kernel",
	[BPERF_HOOK_SWITCHED] = "on_switched",
	[BPERF_HOOK_MM_SWITCHED] = "on_mm_switched",
	[BPERF_HOOK_EVENT] = "on_event",
};

const char *const leader_hook_tps[BPERF_NR_HOOKS] = {
	[BPERF_HOOK_EXIT] = "sched_process_exit",
	[BPERF_HOOK_EXEC] = "task_rename",
	[BPERF_HOOK_TICK] = "hrtimer_expire_entry",
};

/* The program a hook's link must run: by the kind of link it is. */
static const char *hook__prog(int h, __u32 link_type)
{
	if (link_type == BPF_LINK_TYPE_RAW_TRACEPOINT)
		return leader_hooks[h];
	if (link_type == BPF_LINK_TYPE_PERF_EVENT && h == BPERF_HOOK_EXIT)
		return EXIT_KPROBE_PROG;
	return NULL;
}

bool leader__has_hook(const struct bperf_leader *l, int h)
{
	if (h == BPERF_HOOK_SWITCHED)
		return l->switched_members != 0;
	if (h == BPERF_HOOK_MM_SWITCHED)
		return l->switched_members != 0 && l->mm_switch_hook;
	if (h == BPERF_HOOK_EVENT)
		return l->event_hook;
	if (h != BPERF_HOOK_FAULT_USER && h != BPERF_HOOK_FAULT_KERNEL)
		return true;
	return l->fault_hook == BPERF_FAULT_HOOK_TRACEPOINTS;
}

#define NR_LEADER_MAPS (sizeof(leader_maps) / sizeof(leader_maps[0]))

void leader__init(struct bperf_leader *l)
{
	l->skel = NULL;
	for (int i = 0; i < LEADER_NR_FDS; i++)
		l->fd[i] = -1;
	l->link_id = 0;
	l->fault_hook = BPERF_FAULT_HOOK_NONE;
	l->switched_members = 0;
	l->mm_switch_hook = false;
	l->event_hook = false;
	l->counts = NULL;
	l->hints = NULL;
}

void leader__close(struct bperf_leader *l)
{
	if (l->counts)
		munmap((void *)l->counts, l->counts_size);
	l->counts = NULL;
	if (l->hints)
		munmap((void *)l->hints, BPERF_INDEX_HINTS);
	l->hints = NULL;
	for (int i = 0; i < LEADER_NR_FDS; i++)
		bperf__close_fd(&l->fd[i]);
	bperf_leader_bpf__destroy(l->skel);
	l->skel = NULL;
}

bool leader__complete(const struct bperf_leader *l)
{
	for (int i = 0; i < LEADER_NR_FDS; i++) {
		if (l->fd[i] < 0 && (i < LEADER_HOOK_LINK ||
				     leader__has_hook(l, i - LEADER_HOOK_LINK)))
			return false;
	}
	return true;
}

void leader__dup_maps(struct bperf_leader *l)
{
	struct bpf_object *obj = l->skel->obj;

	for (size_t m = 0; m < NR_LEADER_MAPS; m++) {
		struct bpf_map *map =
			bpf_object__find_map_by_name(obj, leader_maps[m].name);

		if (map)
			l->fd[leader_maps[m].fd] = dup(bpf_map__fd(map));
	}
}

/* The leader's .rodata as this build writes it (event_key first). */
typedef struct bperf_leader_bpf__rodata leader_rodata;
_Static_assert(offsetof(leader_rodata, event_key) == 0, "rodata layout");

/* Where each part of .rodata ends: a leader built before it lacks it. */
#define RODATA_END(field) \
	(offsetof(leader_rodata, field) + sizeof(((leader_rodata *)0)->field))

/*
 * The fault hook of a leader whose .rodata is ro, size bytes: one built
 * before the choice had the tracepoints where it counted faults.
 */
static __u32 leader__rodata_fault_hook(const leader_rodata *ro, __u32 size,
				       const struct bperf_events *ev)
{
	if (size >= RODATA_END(fault_hook))
		return ro->fault_hook;
	return bperf_events__fault_members(ev) ? BPERF_FAULT_HOOK_TRACEPOINTS :
						 BPERF_FAULT_HOOK_NONE;
}

/*
 * Is fd the frozen .rodata of a leader that counts ev->key (and, if
 * ev->nr_members, the same members)?  Then what it counts goes in
 * l->events, its fault hook in l->fault_hook.  A leader built before
 * groups has only the key: a single event.
 */
static bool leader__counts_events(int fd, const struct bpf_map_info *info,
				  const struct bperf_events *ev,
				  struct bperf_leader *l)
{
	struct bperf_events *out = &l->events;
	size_t len = strlen(info->name);
	const leader_rodata *ro;
	__u32 zero = 0;
	char *rodata;
	bool same;

	if (len < 7 || strcmp(info->name + len - 7, ".rodata") ||
	    info->type != BPF_MAP_TYPE_ARRAY || info->max_entries != 1 ||
	    info->value_size < sizeof(ev->key) ||
	    !(info->map_flags & BPF_F_RDONLY_PROG))
		return false;
	rodata = calloc(1, info->value_size > sizeof(*ro) ? info->value_size :
							    sizeof(*ro));
	if (!rodata)
		return false;
	ro = (const leader_rodata *)rodata;
	same = !bpf_map_lookup_elem(fd, &zero, rodata) &&
	       !memcmp(rodata, &ev->key, sizeof(ev->key));
	if (same && info->value_size < RODATA_END(member_keys)) {
		bperf_events__single(out, &ev->key);
	} else if (same) {
		memset(out, 0, sizeof(*out));
		out->key = ev->key;
		out->nr_members = ro->nr_members;
		same = out->nr_members >= 1 &&
		       out->nr_members <= BPERF_MAX_GROUP_MEMBERS;
		if (same)
			memcpy(out->members, (const void *)ro->member_keys,
			       out->nr_members * sizeof(out->members[0]));
	}
	if (same && ev->nr_members)
		same = out->nr_members == ev->nr_members &&
		       !memcmp(out->members, ev->members,
			       ev->nr_members * sizeof(ev->members[0]));
	if (same) {
		l->fault_hook =
			leader__rodata_fault_hook(ro, info->value_size, out);
		same = bperf_fault__valid(l->fault_hook, out);
		if (info->value_size >= RODATA_END(switched_members))
			l->switched_members = ro->switched_members;
		if (info->value_size >= RODATA_END(mm_switch_hook))
			l->mm_switch_hook = ro->mm_switch_hook != 0;
		if (info->value_size >= RODATA_END(event_hook))
			l->event_hook = ro->event_hook != 0;
		/* Only a single tracepoint event has it. */
		if (l->event_hook)
			same = out->nr_members == 1 &&
			       out->key.type == PERF_TYPE_TRACEPOINT;
	}
	free(rodata);
	return same;
}

/*
 * One map of the leader's program: keep its fd if it is one of ours, of
 * exactly our shape.  Returns 1 when kept, 0 when not ours, -EINVAL when a
 * map of one of our names has another shape or comes twice.
 */
static int leader__keep_map(struct bperf_leader *l, int fd,
			    const struct bpf_map_info *info)
{
	for (size_t m = 0; m < NR_LEADER_MAPS; m++) {
		const struct leader_map *s = &leader_maps[m];

		if (strcmp(info->name, s->name))
			continue;
		if (info->type != s->type || info->key_size != s->key_size ||
		    info->value_size != s->value_size ||
		    (s->max_entries && s->max_entries != PER_MEMBER &&
		     info->max_entries != s->max_entries))
			return -EINVAL;
		if (l->fd[s->fd] >= 0) {
			__u32 have;

			/* Hooks share the maps of on_switch, no others. */
			if (bperf__map_id(l->fd[s->fd], &have) ||
			    have != info->id)
				return -EINVAL;
			return 0;
		}
		l->fd[s->fd] = fd;
		return 1;
	}
	return 0;
}

/* The per-member maps have one entry per member the leader counts. */
static int leader__check_members(const struct bperf_leader *l)
{
	for (size_t m = 0; m < NR_LEADER_MAPS; m++) {
		struct bpf_map_info info = {};
		__u32 len = sizeof(info);

		if (leader_maps[m].max_entries != PER_MEMBER)
			continue;
		if (bpf_obj_get_info_by_fd(l->fd[leader_maps[m].fd], &info,
					   &len) ||
		    info.max_entries != l->events.nr_members)
			return -EINVAL;
	}
	return 0;
}

/*
 * Walk the maps of a leader's program: ours, and, with ev (on_switch),
 * its events and what it counts.
 */
static int leader__take_maps(struct bperf_leader *l, const __u32 *map_ids,
			     __u32 nr, const struct bperf_events *ev)
{
	bool have_events = false, have_key = false;

	for (__u32 i = 0; i < nr; i++) {
		struct bpf_map_info info = {};
		__u32 len = sizeof(info);
		int fd, kept;

		fd = bpf_map_get_fd_by_id(map_ids[i]);
		if (fd < 0)
			return -EINVAL;
		if (bpf_obj_get_info_by_fd(fd, &info, &len)) {
			close(fd);
			return -EINVAL;
		}
		if (!strcmp(info.name, "events") &&
		    info.type == BPF_MAP_TYPE_PERF_EVENT_ARRAY &&
		    (info.map_flags & BPF_F_PRESERVE_ELEMS))
			have_events = true;
		if (ev && leader__counts_events(fd, &info, ev, l))
			have_key = true;
		kept = leader__keep_map(l, fd, &info);
		if (kept <= 0)
			close(fd);
		if (kept < 0)
			return kept;
	}
	return !ev || (have_events && have_key) ? 0 : -EINVAL;
}

/* The maps of prog, by id: up to 16. */
static int prog_map_ids(int prog_fd, struct bpf_prog_info *info, __u32 *map_ids)
{
	__u32 len = sizeof(*info);

	memset(info, 0, sizeof(*info));
	info->nr_map_ids = 16;
	info->map_ids = (__u64)(unsigned long)map_ids;
	if (bpf_obj_get_info_by_fd(prog_fd, info, &len) ||
	    info->nr_map_ids > 16)
		return -EINVAL;
	return 0;
}

/*
 * Take the leader's hook links named in its registry header: each must be
 * a link of the expected kind to a program of the expected name that uses
 * the leader's index (on_mm_switched, which keeps only a reading: its
 * cpu_state).  The exec hook's maps give the exec_joins map.
 */
static int leader__take_hooks(struct bperf_leader *l, __u32 index_id,
			      __u32 state_id)
{
	struct bperf_registry_header hdr = {};
	__u32 zero = 0;

	if (bpf_map_lookup_elem(l->fd[LEADER_SESSIONS], &zero, &hdr))
		return -EINVAL;
	for (int h = 0; h < BPERF_NR_HOOKS; h++) {
		struct bpf_link_info link_info = {};
		struct bpf_prog_info prog_info;
		__u32 map_ids[16] = {}, len = sizeof(link_info);
		int *link = &l->fd[LEADER_HOOK_LINK + h], prog, err = -EINVAL;
		__u32 ours = h == BPERF_HOOK_MM_SWITCHED ? state_id : index_id;
		bool uses_ours = false;
		const char *name;

		if (!leader__has_hook(l, h)) {
			if (hdr.hook_link_ids[h])
				return -EINVAL;
			continue;
		}
		*link = bpf_link_get_fd_by_id(hdr.hook_link_ids[h]);
		if (*link < 0)
			return -EINVAL;
		if (bpf_obj_get_info_by_fd(*link, &link_info, &len))
			return -EINVAL;
		name = hook__prog(h, link_info.type);
		prog = name ? bpf_prog_get_fd_by_id(link_info.prog_id) : -1;
		if (prog < 0)
			return -EINVAL;
		if (!prog_map_ids(prog, &prog_info, map_ids) &&
		    !strcmp(prog_info.name, name)) {
			for (__u32 i = 0; i < prog_info.nr_map_ids; i++)
				uses_ours |= map_ids[i] == ours;
			err = uses_ours ? 0 : -EINVAL;
			if (!err && h == BPERF_HOOK_EXEC)
				err = leader__take_maps(
					l, map_ids, prog_info.nr_map_ids, NULL);
		}
		if (!err && h == BPERF_HOOK_TICK &&
		    prog_info.type == BPF_PROG_TYPE_RAW_TRACEPOINT) {
			l->fd[LEADER_SYNC] = prog;
			continue;
		}
		close(prog);
		if (err)
			return err;
	}
	return 0;
}

int leader__map_hints(struct bperf_leader *l)
{
	void *hints = mmap(NULL, BPERF_INDEX_HINTS, PROT_READ | PROT_WRITE,
			   MAP_SHARED, l->fd[LEADER_HINTS], 0);

	if (hints == MAP_FAILED)
		return -errno;
	l->hints = hints;
	return 0;
}

/*
 * Take the leader behind an attr map entry: its link must be a raw
 * tracepoint link on sched_switch of a BTF tracepoint program named
 * on_switch whose maps have exactly our shapes, diff_readings being the
 * entry's map, and whose frozen .rodata says it counts the entry's event;
 * and its hooks must be ours, on_task (which syncs run) a raw tracepoint
 * program.
 */
int leader__take(const struct bperf_events *ev,
		 const struct bperf_attr_value *value, struct bperf_leader *l)
{
	struct bpf_link_info link_info = {};
	struct bpf_prog_info prog_info;
	/* Zeroed: valgrind cannot see the kernel fill map_ids. */
	__u32 map_ids[16] = {}, len, diff_id = 0, index_id = 0, state_id = 0;
	char tp_name[32] = "";
	int *link = &l->fd[LEADER_LINK], *prog = &l->fd[LEADER_PROG];

	*link = bpf_link_get_fd_by_id(value->link_id);
	if (*link < 0)
		return errno == ENOENT ? -ENOENT : -errno;
	l->link_id = value->link_id;

	len = sizeof(link_info);
	link_info.raw_tracepoint.tp_name = (__u64)(unsigned long)tp_name;
	link_info.raw_tracepoint.tp_name_len = sizeof(tp_name);
	if (bpf_obj_get_info_by_fd(*link, &link_info, &len) ||
	    link_info.type != BPF_LINK_TYPE_RAW_TRACEPOINT ||
	    strcmp(tp_name, BPERF_LEADER_TP))
		goto out;

	*prog = bpf_prog_get_fd_by_id(link_info.prog_id);
	if (*prog < 0 || prog_map_ids(*prog, &prog_info, map_ids) ||
	    prog_info.type != BPF_PROG_TYPE_TRACING ||
	    strcmp(prog_info.name, BPERF_LEADER_PROG))
		goto out;
	if (leader__take_maps(l, map_ids, prog_info.nr_map_ids, ev) ||
	    leader__check_members(l) ||
	    bperf__map_id(l->fd[LEADER_INDEX], &index_id) ||
	    bperf__map_id(l->fd[LEADER_CPU_STATE], &state_id) ||
	    leader__take_hooks(l, index_id, state_id) || !leader__complete(l))
		goto out;
	if (bperf__map_id(l->fd[LEADER_DIFF], &diff_id) ||
	    diff_id != value->diff_map_id || leader__map_hints(l))
		goto out;
	return 0;
out:
	leader__close(l);
	return -EINVAL;
}

int leader__sync(const struct bperf_leader *l, const struct perf_cpu_map *cpus,
		 struct perf_error *e)
{
	for (int i = 0; i < cpus->nr; i++) {
		/* on_task's args: a sync, not a timer. */
		__u64 args[2] = { BPERF_SYNC };
		LIBBPF_OPTS(bpf_test_run_opts, opts, .ctx_in = args,
			    .ctx_size_in = sizeof(args),
			    .flags = BPF_F_TEST_RUN_ON_CPU,
			    .cpu = cpus->map[i]);
		int err;

		if (!bpf_prog_test_run_opts(l->fd[LEADER_SYNC], &opts))
			continue;
		err = -errno;
		if (err == -ENXIO || err == -ENODEV)
			continue; /* CPU went offline */
		perf_error__set(e, err,
				"cannot sync the bperf leader on CPU %d: %s",
				cpus->map[i], strerror(-err));
		if (err == -EINVAL)
			perf_error__hint(e, "%s", BPERF_HINT_TEST_RUN);
		return err;
	}
	return 0;
}

__u64 leader__lost_tasks(const struct bperf_leader *l, int nr_possible)
{
	struct bperf_cpu_state *cpus = calloc(nr_possible, sizeof(*cpus));
	__u32 zero = 0;
	__u64 lost = 0;

	if (!cpus)
		return 0;
	if (!bpf_map_lookup_elem(l->fd[LEADER_CPU_STATE], &zero, cpus)) {
		for (int i = 0; i < nr_possible; i++)
			lost += cpus[i].lost_tasks;
	}
	free(cpus);
	return lost;
}

/*
 * Wait, at most max_ms, until no CPU holds back an exit (cpu_state's
 * exiting: an exit hook that met an unreported switch leaves the task's
 * last delta to its final switch, in do_task_dead).  The parent's wait4()
 * can return between the two, and a session reading then would miss that
 * delta for good.  Returns true if none is left.
 */
bool leader__wait_exits(const struct bperf_leader *l, int nr_possible,
			int max_ms)
{
	struct bperf_cpu_state *cpus = calloc(nr_possible, sizeof(*cpus));
	const struct timespec step = { .tv_nsec = 50 * 1000 };
	__u32 zero = 0;
	bool done = false;

	if (!cpus)
		return false;
	for (int i = 0; i <= max_ms * 20 && !done; i++) {
		if (i)
			nanosleep(&step, NULL);
		if (bpf_map_lookup_elem(l->fd[LEADER_CPU_STATE], &zero, cpus))
			break;
		done = true;
		for (int c = 0; c < nr_possible; c++)
			done = done && !cpus[c].exiting;
	}
	free(cpus);
	return done;
}

int leader__map_counts(struct bperf_leader *l, int nr_possible,
		       struct perf_error *e)
{
	struct bpf_map_info info = {};
	__u32 len = sizeof(info);
	void *counts;

	if (bpf_obj_get_info_by_fd(l->fd[LEADER_COUNTS], &info, &len))
		return perf_error__set(e, -errno, "bpf map info: %s",
				       strerror(errno));
	if (info.max_entries != (__u32)BPERF_COUNT_SLOTS * nr_possible ||
	    !(info.map_flags & BPF_F_MMAPABLE))
		return perf_error__set(
			e, -EINVAL,
			"the bperf leader's counts have another shape (%u entries); refusing to use it",
			info.max_entries);
	l->counts_size = (size_t)info.max_entries * sizeof(*l->counts);
	l->counts_size = (l->counts_size + getpagesize() - 1) / getpagesize() *
			 getpagesize();
	counts = mmap(NULL, l->counts_size, PROT_READ, MAP_SHARED,
		      l->fd[LEADER_COUNTS], 0);
	if (counts == MAP_FAILED)
		return perf_error__set(
			e, -errno, "cannot map the bperf leader's counts: %s",
			strerror(errno));
	l->counts = counts;
	return 0;
}
