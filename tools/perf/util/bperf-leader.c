// SPDX-License-Identifier: GPL-2.0
/*
 * bperf leaders: one per distinct event on the machine (see the top of
 * bpf_counter.c).  Take the leader behind an attr map entry, after
 * checking that it really is one (link, program, every map by name and
 * shape, the event in its frozen .rodata); create one (events installed
 * before it is attached, then published in the attr map; a group's
 * members opened as one perf_event group per CPU); sync it on a CPU.  One table of the leader's maps drives how its fds are found,
 * checked, duplicated and closed.
 */
#include <errno.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/syscall.h>
#include <time.h>
#include <unistd.h>
#include <sys/mman.h>
#include <linux/perf_event.h>

#include <bpf/bpf.h>
#include <bpf/libbpf.h>

#include "bpf_counter_priv.h"
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

/* The leader's hooks' programs (tp_btf or raw_tp: raw tracepoint links). */
static const char *const leader_hooks[BPERF_NR_HOOKS] = {
	[BPERF_HOOK_FORK] = "on_fork",
	[BPERF_HOOK_FREE] = "on_free",
	[BPERF_HOOK_EXIT] = "on_exit",
	[BPERF_HOOK_EXEC] = "on_exec",
	[BPERF_HOOK_TICK] = "on_tick",
	[BPERF_HOOK_FAULT_USER] = "on_fault_user",
	[BPERF_HOOK_FAULT_KERNEL] = "on_fault_kernel",
};

/* Does leader l have hook h?  The fault hooks only where it counts faults. */
static bool leader__has_hook(const struct bperf_leader *l, int h)
{
	if (h != BPERF_HOOK_FAULT_USER && h != BPERF_HOOK_FAULT_KERNEL)
		return true;
	return bperf_events__fault_members(&l->events) != 0;
}

#define NR_LEADER_MAPS (sizeof(leader_maps) / sizeof(leader_maps[0]))

void leader__init(struct bperf_leader *l)
{
	l->skel = NULL;
	for (int i = 0; i < LEADER_NR_FDS; i++)
		l->fd[i] = -1;
	l->link_id = 0;
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

static bool leader__complete(const struct bperf_leader *l)
{
	for (int i = 0; i < LEADER_NR_FDS; i++) {
		if (l->fd[i] < 0 && (i < LEADER_HOOK_LINK ||
				     leader__has_hook(l, i - LEADER_HOOK_LINK)))
			return false;
	}
	return true;
}

/* The leader's .rodata as this build writes it (event_key first). */
typedef struct bperf_leader_bpf__rodata leader_rodata;
_Static_assert(offsetof(leader_rodata, event_key) == 0, "rodata layout");

/*
 * Is fd the frozen .rodata of a leader that counts ev->key (and, if
 * ev->nr_members, the same members)?  Then what it counts goes in *out.
 * A leader built before groups has only the key: a single event.
 */
static bool leader__counts_events(int fd, const struct bpf_map_info *info,
				  const struct bperf_events *ev,
				  struct bperf_events *out)
{
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
	if (same && info->value_size < sizeof(*ro)) {
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
		if (ev && leader__counts_events(fd, &info, ev, &l->events))
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
 * the leader's index.  The exec hook's maps give the exec_joins map.
 */
static int leader__take_hooks(struct bperf_leader *l, __u32 index_id)
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
		bool uses_index = false;

		if (!leader__has_hook(l, h)) {
			if (hdr.hook_link_ids[h])
				return -EINVAL;
			continue;
		}
		*link = bpf_link_get_fd_by_id(hdr.hook_link_ids[h]);
		if (*link < 0)
			return -EINVAL;
		if (bpf_obj_get_info_by_fd(*link, &link_info, &len) ||
		    link_info.type != BPF_LINK_TYPE_RAW_TRACEPOINT)
			return -EINVAL;
		prog = bpf_prog_get_fd_by_id(link_info.prog_id);
		if (prog < 0)
			return -EINVAL;
		if (!prog_map_ids(prog, &prog_info, map_ids) &&
		    !strcmp(prog_info.name, leader_hooks[h])) {
			for (__u32 i = 0; i < prog_info.nr_map_ids; i++)
				uses_index |= map_ids[i] == index_id;
			err = uses_index ? 0 : -EINVAL;
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

/* Map the index hints, which sessions set before a pid enters the index. */
static int leader__map_hints(struct bperf_leader *l)
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
 * and its hooks must be ours, on_tick (which syncs run) a raw tracepoint
 * program.
 */
int leader__take(const struct bperf_events *ev,
		 const struct bperf_attr_value *value, struct bperf_leader *l)
{
	struct bpf_link_info link_info = {};
	struct bpf_prog_info prog_info;
	/* Zeroed: valgrind cannot see the kernel fill map_ids. */
	__u32 map_ids[16] = {}, len, diff_id = 0, index_id = 0;
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
	    leader__take_hooks(l, index_id) || !leader__complete(l))
		goto out;
	if (bperf__map_id(l->fd[LEADER_DIFF], &diff_id) ||
	    diff_id != value->diff_map_id || leader__map_hints(l))
		goto out;
	return 0;
out:
	leader__close(l);
	return -EINVAL;
}

/* Is err what perf_event_open says of an event this machine lacks? */
static bool leader__not_supported(int err, bool first)
{
	return err == -ENOENT || err == -EOPNOTSUPP || err == -ENODEV ||
	       err == -ENXIO || (err == -EINVAL && first);
}

/*
 * Open the events on every online CPU and install them: member m of CPU
 * c at m * nr_possible + c, a group's members in member 0's group.
 * -EOPNOTSUPP: the machine cannot count a member; -EINVAL from a
 * member's open: the kernel refuses them as one group.
 */
static int leader__open_events(struct bperf_leader_bpf *skel,
			       const struct bperf_events *ev, int nr_possible,
			       const char *name, struct perf_error *e)
{
	struct perf_cpu_map *online = cpu_map__new_online();
	int events_fd = bpf_map__fd(skel->maps.events);
	int fds[BPERF_MAX_GROUP_MEMBERS];
	struct perf_event_attr attr;
	int err = 0, opened = 0;

	if (!online)
		return perf_error__set(e, -errno,
				       "cannot read the online CPUs: %s",
				       strerror(errno));
	for (int i = 0; i < online->nr && !err; i++) {
		__u32 cpu = online->map[i], m;

		for (m = 0; m < ev->nr_members; m++) {
			bperf__leader_attr(&ev->members[m], &attr);
			/*
			 * A member joining a running group is not scheduled
			 * until the group is: enable the group leader last.
			 */
			attr.disabled = ev->nr_members > 1 && !m;
			fds[m] = syscall(SYS_perf_event_open, &attr, -1,
					 (int)cpu, m ? fds[0] : -1,
					 PERF_FLAG_FD_CLOEXEC);
			if (fds[m] < 0) {
				err = -errno;
				break;
			}
		}
		if (err && m && err == -EINVAL) {
			err = perf_error__set(
				e, -BPERF_ERR_GROUP,
				"the kernel refuses the members of '%s' as one group",
				name);
		} else if (err && leader__not_supported(err, !opened && !m)) {
			err = -EOPNOTSUPP;
		} else if (err) {
			perf_error__set(
				e, err,
				"cannot open '%s' on CPU %u for the bperf leader: %s",
				name, cpu, strerror(-err));
			if (err == -EACCES || err == -EPERM)
				perf_error__hint(e, "%s",
						 BPERF_HINT_PRIVILEGES);
		}
		if (!err && ev->nr_members > 1 &&
		    ioctl(fds[0], PERF_EVENT_IOC_ENABLE, 0))
			err = perf_error__set(
				e, -errno, "cannot enable '%s' on CPU %u: %s",
				name, cpu, strerror(errno));
		/* The map keeps each event (BPF_F_PRESERVE_ELEMS). */
		for (__u32 k = 0; !err && k < m; k++) {
			__u32 slot = k * nr_possible + cpu;

			if (bpf_map_update_elem(events_fd, &slot, &fds[k],
						BPF_ANY))
				err = perf_error__set(
					e, -errno,
					"cannot install '%s' in the leader: %s",
					name, strerror(errno));
		}
		for (__u32 k = 0; k < m; k++)
			close(fds[k]);
		opened++;
	}
	cpu_map__put(online);
	return err;
}

/* This session's fds of the leader it created, from its skeleton. */
static int leader__dup_fds(struct bperf_leader *l, struct bpf_link *link,
			   struct perf_error *e)
{
	struct bpf_object *obj = l->skel->obj;
	struct bpf_link_info info = {};
	__u32 len = sizeof(info);

	l->fd[LEADER_LINK] = dup(bpf_link__fd(link));
	l->fd[LEADER_PROG] = dup(bpf_program__fd(l->skel->progs.on_switch));
	l->fd[LEADER_SYNC] = dup(bpf_program__fd(l->skel->progs.on_tick));
	for (int h = 0; h < BPERF_NR_HOOKS; h++) {
		struct bpf_program *prog =
			bpf_object__find_program_by_name(obj, leader_hooks[h]);
		struct bpf_link *hook;

		if (!leader__has_hook(l, h))
			continue;
		hook = prog ? bpf_program__attach(prog) : NULL;
		if (!hook)
			return perf_error__set(
				e, -errno,
				"cannot attach the bperf leader's %s: %s",
				leader_hooks[h], strerror(errno));
		/* Ours now: libbpf lets go of it without detaching. */
		l->fd[LEADER_HOOK_LINK + h] = bpf_link__fd(hook);
		bpf_link__disconnect(hook);
		bpf_link__destroy(hook);
	}
	for (size_t m = 0; m < NR_LEADER_MAPS; m++) {
		struct bpf_map *map =
			bpf_object__find_map_by_name(obj, leader_maps[m].name);

		if (map)
			l->fd[leader_maps[m].fd] = dup(bpf_map__fd(map));
	}
	if (!leader__complete(l))
		return perf_error__set(e, -EMFILE, "dup: %s", strerror(EMFILE));
	if (bpf_obj_get_info_by_fd(l->fd[LEADER_LINK], &info, &len))
		return perf_error__set(e, -errno, "bpf link info: %s",
				       strerror(errno));
	l->link_id = info.id;
	return 0;
}

/* Name the hooks' links in the registry header, for joining sessions. */
static int leader__publish_hooks(struct bperf_leader *l, struct perf_error *e)
{
	__u32 ids[BPERF_NR_HOOKS];
	int err;

	for (int h = 0; h < BPERF_NR_HOOKS; h++) {
		struct bpf_link_info info = {};
		__u32 len = sizeof(info);

		ids[h] = 0;
		if (!leader__has_hook(l, h))
			continue;
		if (bpf_obj_get_info_by_fd(l->fd[LEADER_HOOK_LINK + h], &info,
					   &len))
			return perf_error__set(e, -errno, "bpf link info: %s",
					       strerror(errno));
		ids[h] = info.id;
	}
	err = registry__init(l, ids);
	if (err)
		return perf_error__set(e, err,
				       "cannot write the bperf registry: %s",
				       strerror(-err));
	return 0;
}

int leader__create(struct bperf_process *p, const struct bperf_events *ev,
		   const char *name, struct bperf_leader *l,
		   struct perf_error *e)
{
	struct bperf_attr_value value = {};
	struct bpf_link *link;
	int err;

	l->skel = bperf_leader_bpf__open();
	if (!l->skel)
		return perf_error__set(e, -errno,
				       "cannot open the bperf leader: %s",
				       strerror(errno));
	bpf_map__set_max_entries(l->skel->maps.events,
				 p->nr_possible * ev->nr_members);
	bpf_map__set_max_entries(l->skel->maps.prev_readings, ev->nr_members);
	bpf_map__set_max_entries(l->skel->maps.diff_readings, ev->nr_members);
	bpf_map__set_max_entries(l->skel->maps.cpu_state, ev->nr_members);
	l->skel->rodata->event_key = ev->key;
	l->skel->rodata->nr_cpus = p->nr_possible;
	l->skel->rodata->nr_members = ev->nr_members;
	l->skel->rodata->switch_members = bperf_events__switch_members(ev);
	l->skel->rodata->fault_members = bperf_events__fault_members(ev);
	if (!l->skel->rodata->fault_members) {
		bpf_program__set_autoload(l->skel->progs.on_fault_user, false);
		bpf_program__set_autoload(l->skel->progs.on_fault_kernel,
					  false);
	}
	memcpy((void *)l->skel->rodata->member_keys, ev->members,
	       ev->nr_members * sizeof(ev->members[0]));
	l->events = *ev;
	bpf_map__set_max_entries(l->skel->maps.counts,
				 BPERF_COUNT_SLOTS * p->nr_possible);
	err = bperf_leader_bpf__load(l->skel);
	if (err) {
		perf_error__set(e, err, "cannot load the bperf leader: %s",
				strerror(-err));
		if (err == -EPERM)
			perf_error__hint(e, "%s", BPERF_HINT_PRIVILEGES);
		goto err_out;
	}
	/* Events first: attached before, the leader would read ENOENT. */
	err = leader__open_events(l->skel, ev, p->nr_possible, name, e);
	if (err)
		goto err_out;
	link = bpf_program__attach_trace(l->skel->progs.on_switch);
	if (!link) {
		err = perf_error__set(
			e, -errno,
			"cannot attach the bperf leader to sched_switch: %s",
			strerror(errno));
		goto err_out;
	}
	l->skel->links.on_switch = link;
	err = leader__dup_fds(l, link, e);
	if (!err && leader__map_hints(l))
		err = perf_error__set(
			e, -errno,
			"cannot map the bperf leader's index hints: %s",
			strerror(errno));
	if (!err)
		err = leader__publish_hooks(l, e);
	if (err)
		goto err_out;
	value.link_id = l->link_id;
	err = bperf__map_id(l->fd[LEADER_DIFF], &value.diff_map_id);
	if (err) {
		perf_error__set(e, err, "bpf map info: %s", strerror(-err));
		goto err_out;
	}
	if (bpf_map_update_elem(p->attr_map_fd, &ev->key, &value, BPF_ANY)) {
		err = perf_error__set(e, -errno,
				      "cannot update the attr map: %s",
				      strerror(errno));
		if (errno == E2BIG)
			perf_error__hint(
				e, "%s",
				"the attr map is full: remove it (no session running) to start afresh");
		goto err_out;
	}
	return 0;
err_out:
	leader__close(l);
	return err;
}

int leader__sync(const struct bperf_leader *l, const struct perf_cpu_map *cpus,
		 struct perf_error *e)
{
	for (int i = 0; i < cpus->nr; i++) {
		/* on_tick's args: a sync, not a timer. */
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
