// SPDX-License-Identifier: GPL-2.0
/*
 * A new bperf leader (see tools/perf/Documentation/bperf-design.md): load
 * it for the event, its maps sized and its .rodata set; open its events (a
 * group's members as one perf_event group per CPU) and install them before
 * it is attached; attach it and its hooks; publish it in the attr map.
 * Taking, checking and syncing a leader is bperf-leader.c's.
 */
#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/mman.h>
#include <sys/syscall.h>
#include <time.h>
#include <unistd.h>
#include <linux/perf_event.h>

#include <bpf/bpf.h>
#include <bpf/libbpf.h>

#include "bpf_counter_priv.h"
#include "bperf-priv.h"
#include "cpumap.h"
#include "debug.h"
#include "syscall-nr.h"
#include "tracepoint.h"

#include "bperf_leader.skel.h"

/* The kprobe PMU's type, or -1 where the kernel has no kprobes. */
static int kprobe__pmu_type(void)
{
	FILE *f = fopen(KPROBE_PMU_TYPE, "r");
	int type = -1;

	if (f) {
		if (fscanf(f, "%d", &type) != 1)
			type = -1;
		fclose(f);
	}
	return type;
}

/*
 * A link of prog on a kprobe at the entry of fn: the link holds the probe
 * (its perf event).  The link's fd, or a negative errno.
 */
static int kprobe__attach(int prog_fd, int type, const char *fn)
{
	struct perf_event_attr attr = {
		.size = sizeof(attr),
		.type = type,
		.config1 = (__u64)(unsigned long)fn,
	};
	int probe, link;

	probe = syscall(SYS_perf_event_open, &attr, -1, 0, -1,
			PERF_FLAG_FD_CLOEXEC);
	if (probe < 0)
		return -errno;
	link = bpf_link_create(prog_fd, probe, BPF_PERF_EVENT, NULL);
	if (link < 0)
		link = -errno;
	close(probe);
	return link;
}

/* Is err what perf_event_open says of an event this machine lacks? */
static bool leader__not_supported(int err, bool first)
{
	return err == -ENOENT || err == -EOPNOTSUPP || err == -ENODEV ||
	       err == -ENXIO || (err == -EINVAL && first);
}

/*
 * Open the events on every CPU of cpus (NULL: every online CPU) and
 * install them: member m of CPU c at m * nr_possible + c, a group's
 * members in member 0's group.
 * -EOPNOTSUPP: the machine cannot count a member; -EINVAL from a
 * member's open: the kernel refuses them as one group.
 */
static int leader__open_events(struct bperf_leader_bpf *skel, __u32 fault_hook,
			       const struct bperf_events *ev, int nr_possible,
			       const struct perf_cpu_map *cpus,
			       const char *name, struct perf_error *e)
{
	int fault_prog = bpf_program__fd(skel->progs.on_fault_counted);
	struct perf_cpu_map *online =
		cpus ? cpu_map__new_from(cpus->map, cpus->nr) :
		       cpu_map__new_online();
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
			bperf_fault__attr(fault_hook, &attr);
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
		if (!err)
			err = bperf_fault__attach(fault_hook, fds[0],
						  fault_prog, events_fd, e);
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

/*
 * Does a new leader of ev, named name ("sys:tracepoint", modifiers after
 * it), get the event hook (on_event)?  A single tracepoint event whose
 * name is the tracepoint of its id, that the kernel has as a BTF
 * tracepoint, and not sched_switch, where the leader runs anyway.  A
 * syscalls:sys_enter_NAME event rides on sys_enter: the hook goes there,
 * for syscall NAME only (*syscall: its number + 1; 0 for the others).
 * syscalls:sys_exit_* get none: sys_exit does not pass the number.  The
 * tracepoint it attaches to in l->event_tp.
 */
static bool leader__wants_event_hook(struct bperf_leader *l,
				     const struct bperf_events *ev,
				     const char *name, __u32 *syscall)
{
	const char *colon = strchr(name, ':'), *end;
	char sys[64], tp[64];
	__u64 id;
	int nr;

	*syscall = 0;
	if (ev->nr_members != 1 || ev->key.type != PERF_TYPE_TRACEPOINT ||
	    !colon || colon - name >= (int)sizeof(sys))
		return false;
	end = strchrnul(colon + 1, ':');
	if (end - colon - 1 >= (int)sizeof(tp))
		return false;
	snprintf(sys, sizeof(sys), "%.*s", (int)(colon - name), name);
	snprintf(tp, sizeof(tp), "%.*s", (int)(end - colon - 1), colon + 1);
	if (!strcmp(tp, "sched_switch") || tracepoint__id(sys, tp, &id) ||
	    id != ev->key.config)
		return false;
	if (!strcmp(sys, "syscalls")) {
		if (strncmp(tp, "sys_enter_", 10))
			return false;
		nr = syscall__nr(tp + 10);
		if (nr < 0)
			return false;
		*syscall = nr + 1;
		strcpy(tp, "sys_enter");
	}
	snprintf(l->event_tp, sizeof(l->event_tp), "%s", tp);
	return bperf__kernel_has_tracepoint(l->event_tp);
}

/*
 * Attach the hooks of the leader this session created: the exit hook on
 * its kprobe when that program was loaded (leader__create).  The event
 * hook first: on a tracepoint that another hook shares
 * (sched_process_exit, task_rename), it ends an unreported switch's
 * delta before that hook's run.
 */
static int leader__attach_hooks(struct bperf_leader *l, struct perf_error *e)
{
	struct bpf_program *exit_kprobe = l->skel->progs.on_exit_kprobe;

	for (int i = 0; i < BPERF_NR_HOOKS; i++) {
		int h = (i + BPERF_HOOK_EVENT) % BPERF_NR_HOOKS;
		struct bpf_program *prog = bpf_object__find_program_by_name(
			l->skel->obj, leader_hooks[h]);
		const char *tp = h == BPERF_HOOK_EVENT ? l->event_tp :
							 leader_hook_tps[h];
		struct bpf_link *hook;
		int fd;

		if (!leader__has_hook(l, h))
			continue;
		if (h == BPERF_HOOK_EXIT &&
		    bpf_program__autoload(exit_kprobe)) {
			fd = kprobe__attach(bpf_program__fd(exit_kprobe),
					    kprobe__pmu_type(), EXIT_KPROBE_FN);
			if (fd < 0)
				return perf_error__set(
					e, fd,
					"cannot attach the bperf leader's exit hook to %s: %s",
					EXIT_KPROBE_FN, strerror(-fd));
			l->fd[LEADER_HOOK_LINK + h] = fd;
			continue;
		}
		if (!prog)
			hook = NULL;
		else if (tp)
			hook = bpf_program__attach_raw_tracepoint(prog, tp);
		else
			hook = bpf_program__attach(prog);
		if (!hook)
			return perf_error__set(
				e, -errno,
				"cannot attach the bperf leader's %s: %s",
				tp ? tp : leader_hooks[h], strerror(errno));
		/* Ours now: libbpf lets go of it without detaching. */
		l->fd[LEADER_HOOK_LINK + h] = bpf_link__fd(hook);
		bpf_link__disconnect(hook);
		bpf_link__destroy(hook);
	}
	return 0;
}

/* This session's fds of the leader it created, from its skeleton. */
static int leader__dup_fds(struct bperf_leader *l, struct bpf_link *link,
			   struct perf_error *e)
{
	struct bpf_link_info info = {};
	__u32 len = sizeof(info);
	int err;

	l->fd[LEADER_LINK] = dup(bpf_link__fd(link));
	l->fd[LEADER_PROG] = dup(bpf_program__fd(l->skel->progs.on_switch));
	l->fd[LEADER_SYNC] = dup(bpf_program__fd(l->skel->progs.on_task));
	err = leader__attach_hooks(l, e);
	if (err)
		return err;
	leader__dup_maps(l);
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

/*
 * The monotonic clock in ms: where a new leader's time goes, printed with
 * -v (make bench reports it).
 */
static double leader__ms(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec * 1e3 + ts.tv_nsec / 1e6;
}

/*
 * -v: what the verifier took for each program, from its own statistics
 * (log level 4, BPF_LOG_STATS: a few lines at the end of a load, nothing
 * of its walk), one buffer a program in the object's order.  The
 * verifier also writes there messages of paths it then drops, and fails
 * the load (ENOSPC) when they ever overflowed the buffer: 2 to 4 KB for
 * on_switch on 6.18.  So 1 MB each, mapped, of which only what it writes
 * is ever touched.
 */
#define LEADER_VLOG_SIZE (1 << 20)
#define LEADER_VLOG_LEVEL 4

struct leader_vlog {
	char (*buf)[LEADER_VLOG_SIZE];
	int nr;
};

static void leader__vlog_prepare(struct bperf_leader *l, struct leader_vlog *v)
{
	struct bpf_program *prog;
	int n = 0;

	v->buf = NULL;
	v->nr = 0;
	if (verbose <= 0)
		return;
	bpf_object__for_each_program(prog, l->skel->obj)
		n++;
	v->buf = mmap(NULL, n * sizeof(*v->buf), PROT_READ | PROT_WRITE,
		      MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	if (v->buf == MAP_FAILED) {
		v->buf = NULL;
		return;
	}
	v->nr = n;
	n = 0;
	bpf_object__for_each_program(prog, l->skel->obj) {
		if (bpf_program__autoload(prog) &&
		    !bpf_program__set_log_buf(prog, v->buf[n],
					      LEADER_VLOG_SIZE))
			bpf_program__set_log_level(prog, LEADER_VLOG_LEVEL);
		n++;
	}
}

/*
 * "verification MS: PROG MS, ...; " into out when every loaded program's
 * statistics gave a time, else "".  Lets go of the buffers.
 */
static void leader__vlog_format(struct bperf_leader *l, struct leader_vlog *v,
				char *out, size_t size)
{
	char progs[512] = "";
	struct bpf_program *prog;
	bool missing = false;
	size_t len = 0;
	double all = 0;
	int n = 0;

	out[0] = '\0';
	if (!v->buf)
		return;
	bpf_object__for_each_program(prog, l->skel->obj) {
		unsigned long long us;
		const char *at;

		if (n >= v->nr)
			break;
		v->buf[n][LEADER_VLOG_SIZE - 1] = '\0';
		at = strstr(v->buf[n++], "verification time ");
		bpf_program__set_log_buf(prog, NULL, 0);
		bpf_program__set_log_level(prog, 0);
		if (!bpf_program__autoload(prog))
			continue;
		if (!at ||
		    sscanf(at, "verification time %llu usec", &us) != 1) {
			missing = true;
			continue;
		}
		all += us / 1e3;
		if (len < sizeof(progs))
			len += snprintf(progs + len, sizeof(progs) - len,
					"%s%s %.1f", len ? ", " : "",
					bpf_program__name(prog), us / 1e3);
	}
	munmap(v->buf, v->nr * sizeof(*v->buf));
	v->buf = NULL;
	if (!missing && all > 0 && len < sizeof(progs))
		snprintf(out, size, "verification %.1f: %s; ", all, progs);
}

int leader__create(struct bperf_process *p, const struct bperf_events *ev,
		   const char *name, const struct perf_cpu_map *cpus,
		   struct bperf_leader *l, struct perf_error *e)
{
	struct bperf_attr_value value = {};
	struct leader_vlog vlog;
	char verified[640];
	struct bperf_heap heap;
	struct bpf_link *link;
	bool exit_kprobe;
	/* open, hooks chosen, loaded, events opened, attached and published */
	double t[6];
	__u32 syscall;
	int err;

	t[0] = leader__ms();
	bperf_heap__prepare(&heap);
	l->skel = bperf_leader_bpf__open();
	if (!l->skel) {
		err = -errno;
		bperf_heap__release(&heap);
		return perf_error__set(e, err,
				       "cannot open the bperf leader: %s",
				       strerror(-err));
	}
	t[1] = leader__ms();
	bpf_map__set_max_entries(l->skel->maps.events,
				 p->nr_possible * ev->nr_members);
	bpf_map__set_max_entries(l->skel->maps.prev_readings, ev->nr_members);
	bpf_map__set_max_entries(l->skel->maps.diff_readings, ev->nr_members);
	bpf_map__set_max_entries(l->skel->maps.cpu_state, ev->nr_members);
	l->skel->rodata->event_key = ev->key;
	l->skel->rodata->nr_cpus = p->nr_possible;
	l->skel->rodata->nr_members = ev->nr_members;
	l->skel->rodata->switch_members = bperf_events__switch_members(ev);
	l->fault_hook = bperf_fault__choose(ev);
	l->skel->rodata->fault_hook = l->fault_hook;
	if (l->fault_hook != BPERF_FAULT_HOOK_NONE)
		l->skel->rodata->fault_members =
			bperf_events__fault_members(ev);
	/* The exit hook: where perf stops a task's counters, if it can. */
	exit_kprobe = kprobe__pmu_type() >= 0;
	bpf_program__set_autoload(l->skel->progs.on_exit_kprobe, exit_kprobe);
	if (l->fault_hook != BPERF_FAULT_HOOK_TRACEPOINTS) {
		bpf_program__set_autoload(l->skel->progs.on_fault_user, false);
		bpf_program__set_autoload(l->skel->progs.on_fault_kernel,
					  false);
	}
	if (l->fault_hook != BPERF_FAULT_HOOK_EVENT)
		bpf_program__set_autoload(l->skel->progs.on_fault_counted,
					  false);
	/* Where a switch is done, if the kernel says (leader__switched). */
	if (bperf__kernel_has_tracepoint("sched_exit_tp"))
		l->switched_members = bperf_events__switched_members(ev);
	l->skel->rodata->switched_members = l->switched_members;
	bpf_program__set_autoload(l->skel->progs.on_switched,
				  l->switched_members != 0);
	/* And where its address space is loaded, on x86 (on_mm_switched). */
	l->mm_switch_hook = l->switched_members &&
			    bperf__kernel_has_tracepoint("tlb_flush");
	l->skel->rodata->mm_switch_hook = l->mm_switch_hook;
	bpf_program__set_autoload(l->skel->progs.on_mm_switched,
				  l->mm_switch_hook);
	/* And on the tracepoint it counts (on_event). */
	l->event_hook = leader__wants_event_hook(l, ev, name, &syscall);
	l->skel->rodata->event_hook = l->event_hook;
	l->skel->rodata->event_syscall = syscall;
	bpf_program__set_autoload(l->skel->progs.on_event, l->event_hook);
	memcpy((void *)l->skel->rodata->member_keys, ev->members,
	       ev->nr_members * sizeof(ev->members[0]));
	l->events = *ev;
	bpf_map__set_max_entries(l->skel->maps.counts,
				 BPERF_COUNT_SLOTS * p->nr_possible);
	leader__vlog_prepare(l, &vlog);
	t[2] = leader__ms();
	err = bperf_leader_bpf__load(l->skel);
	bperf_heap__release(&heap);
	t[3] = leader__ms();
	leader__vlog_format(l, &vlog, verified, sizeof(verified));
	if (err) {
		perf_error__set(e, err, "cannot load the bperf leader: %s",
				strerror(-err));
		if (err == -EPERM)
			perf_error__hint(e, "%s", BPERF_HINT_PRIVILEGES);
		goto err_out;
	}
	/* Events first: attached before, the leader would read ENOENT. */
	err = leader__open_events(l->skel, l->fault_hook, ev, p->nr_possible,
				  cpus, name, e);
	if (err)
		goto err_out;
	t[4] = leader__ms();
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
	t[5] = leader__ms();
	pr_debug(
		"bperf: made the leader of '%s' in %.1f ms: open %.1f, hooks chosen %.1f, load %.1f (%s%s), events %.1f, attach and publish %.1f",
		name, t[5] - t[0], t[1] - t[0], t[2] - t[1], t[3] - t[2],
		verified,
		verified[0] ? "the rest: the kernel's BTF, the maps, JIT" :
			      "the kernel's BTF, verification, maps",
		t[4] - t[3], t[5] - t[4]);
	return 0;
err_out:
	leader__close(l);
	return err;
}
