/* SPDX-License-Identifier: GPL-2.0 */
#ifndef PERF_UTIL_BPERF_PRIV_H
#define PERF_UTIL_BPERF_PRIV_H

/*
 * The modules of the bperf backend, for one another and the unit tests;
 * the rest of the tool knows only bpf_counter.h.  The design, with its
 * diagram, is in tools/perf/Documentation/bperf-design.md.
 *
 *   bperf-attr-map.c    this process's attr map, its lock and token
 *   bperf-leader.c      take, check, sync and read a leader
 *   bperf-leader-new.c  create a leader: load, events, hooks, publish
 *   bperf-fault.c       which fault hook a leader of page faults gets
 *   bperf-registry.c    the leader's session registry
 *   bperf-follower.c    a session's follower: its maps and index items
 *   bperf-list.c        perf bperf list
 *   bpf_counter.c       the backend: its counter_ops, reading and folding
 *   bperf-session.c     a session's membership of a leader: join (under
 *                       the lock), the -p and -t threads, leave
 *   bperf-group.c       a group's one leader, shared by its members
 *   bperf-cgroup.c      one follower for an event's cgroups, a slot each
 */

#include <limits.h>
#include <stdbool.h>
#include <stddef.h>
#include <sys/types.h>
#include <linux/types.h>

#include "util/bpf_skel/bperf.h"
#include "util/error.h"

struct perf_cpu_map;
struct perf_thread_map;

/* Errors are struct perf_error values (error.h); the hints, written once: */
#define BPERF_HINT_PRIVILEGES "bperf needs root, or CAP_BPF and CAP_PERFMON"
#define BPERF_HINT_TEST_RUN \
	"the kernel lacks BPF_PROG_TEST_RUN with BPF_F_TEST_RUN_ON_CPU for raw tracepoints (Linux 5.10+)"
#define BPERF_HINT_END_SESSION \
	"count it without --use-bpf, or end another session"

/* ---- bperf-attr-map.c ---- */

/*
 * What a leader counts: the attr map key, and the events it reads
 * together (one, or a group's members in order; see struct
 * bperf_attr_key for a group's key).
 */
struct bperf_events {
	struct bperf_attr_key key;
	__u32 nr_members;
	struct bperf_attr_key members[BPERF_MAX_GROUP_MEMBERS];
};

/* A single event: its key, as its only member. */
void bperf_events__single(struct bperf_events *ev,
			  const struct bperf_attr_key *key);
/* A group of ev->nr_members members (2..): its key from theirs. */
void bperf_events__group_key(struct bperf_events *ev);
/* Bit m set: member m counts context switches in the kernel too. */
__u32 bperf_events__switch_members(const struct bperf_events *ev);
/*
 * Bit m: member m counts while the kernel switches tasks (time, :u and
 * :k clocks too; hardware, raw and tracepoint events that count the
 * kernel: not the other software events, which the kernel counts before
 * or after), so that its delta of a switch waits for the switch to be
 * done (leader__switched).
 */
__u32 bperf_events__switched_members(const struct bperf_events *ev);
/* Bit m: member m counts page faults (page-faults, minor-, major-). */
__u32 bperf_events__fault_members(const struct bperf_events *ev);

/* ---- bperf-btf.c ---- */

/*
 * Does the BTF at path (the kernel's: /sys/kernel/btf/vmlinux) have the
 * BTF tracepoint name (sched_exit_tp, ...)?  1 or 0, -errno if it cannot
 * tell (no such file, not BTF).
 */
int bperf_btf__has_tracepoint(const char *path, const char *name);
/* Does the running kernel have it?  false where it cannot tell. */
bool bperf__kernel_has_tracepoint(const char *name);

/* ---- bperf-heap.c ---- */

/* Room made for libbpf's parse of the kernel's BTF (bperf-heap.c). */
struct bperf_heap {
	void *filler;
	bool on;
};

/* Before a leader is loaded: does nothing where it cannot help. */
void bperf_heap__prepare(struct bperf_heap *h);
/* After: malloc as it was, the room given back. */
void bperf_heap__release(struct bperf_heap *h);

/* ---- bperf-fault.c ---- */

struct perf_event_attr;

/* The fault hook (enum bperf_fault_hook) of a new leader of ev. */
__u32 bperf_fault__choose(const struct bperf_events *ev);
/* Is hook, from a leader's .rodata, one that a leader of ev can have? */
bool bperf_fault__valid(__u32 hook, const struct bperf_events *ev);
/* A fault member's event attr, for the hook. */
void bperf_fault__attr(__u32 hook, struct perf_event_attr *attr);
/* Run prog_fd on the samples of a fault member's event, for the hook. */
int bperf_fault__attach(__u32 hook, int event_fd, int prog_fd, int events_fd,
			struct perf_error *e);

/* What every bperf event of this process shares. */
struct bperf_process {
	char path[PATH_MAX]; /* the attr map */
	int attr_map_fd;
	int lock_fd; /* flock()ed directory <path>_lock */
	int token_fd; /* exists while this process lives */
	__u32 token_id;
	int nr_possible; /* possible CPUs */
	int users; /* bperf counters of this process that hold it */
};

#define BPERF_PROCESS_INIT                                        \
	{                                                         \
		.attr_map_fd = -1, .lock_fd = -1, .token_fd = -1, \
	}

/* Take (the first user opens) or release this process's bperf state. */
int bperf_process__get(struct bperf_process *p, const char *path,
		       struct perf_error *e);
void bperf_process__put(struct bperf_process *p);
/* The lock every attr map lookup, leader creation and chain change takes. */
int bperf_process__lock(struct bperf_process *p, struct perf_error *e);
void bperf_process__unlock(struct bperf_process *p);
/* Drop the attr map entries whose leader is gone. */
void bperf_process__sweep(struct bperf_process *p);

/* Is path on a bpffs?  0, or an error with a hint. */
int attr_map__check_fs(const char *path, struct perf_error *e);
/* The pinned attr map at path, checked; -ENOENT when there is none. */
int attr_map__open(const char *path, struct perf_error *e);

/* Is the session whose token map has this id still alive? */
bool bperf__token_alive(__u32 id);
int bperf__map_id(int fd, __u32 *id);
void bperf__close_fd(int *fd);

/* ---- bperf-leader.c ---- */

/* The leader's fds as a session holds them: one table drives them all. */
enum bperf_leader_fd {
	LEADER_LINK, /* sched_switch */
	LEADER_PROG, /* on_switch */
	LEADER_SYNC, /* on_task, which syncs run */
	LEADER_PREV, /* prev_readings: running totals per CPU */
	LEADER_DIFF, /* diff_readings */
	LEADER_BUSY, /* chain_busy */
	LEADER_CPU_STATE,
	LEADER_SESSIONS, /* the registry */
	LEADER_INDEX, /* task_index */
	LEADER_GEN, /* follower_gen */
	LEADER_COUNTS, /* the followers' accumulation slots */
	LEADER_EXEC_JOINS,
	LEADER_HINTS, /* index_hints */
	LEADER_HOOK_LINK, /* + enum bperf_hook */
	LEADER_NR_FDS = LEADER_HOOK_LINK + BPERF_NR_HOOKS,
};

struct bperf_leader {
	struct bperf_leader_bpf *skel; /* set when this session created it */
	int fd[LEADER_NR_FDS];
	__u32 link_id;
	struct bperf_events events; /* what it counts, from its .rodata */
	__u32 fault_hook; /* enum bperf_fault_hook, from its .rodata */
	__u32 switched_members; /* on_switched's members, from its .rodata */
	bool mm_switch_hook; /* on_mm_switched runs, from its .rodata */
	bool event_hook; /* on_event runs, from its .rodata */
	char event_tp[64]; /* the tracepoint it runs on (created leaders) */
	/* counts, mapped: [BPERF_COUNT_SLOTS][possible CPU] */
	const struct bperf_reading *counts;
	size_t counts_size;
	/* index_hints, mapped: one byte per pid modulo BPERF_INDEX_HINTS */
	volatile __u8 *hints;
};

void leader__init(struct bperf_leader *l);
void leader__close(struct bperf_leader *l);
/*
 * The leader behind an attr map entry, checked: 0, -ENOENT when it is
 * gone (stale), -EINVAL when the entry leads to something else.  It must
 * count ev->key and, unless ev->nr_members is 0 (any), the same members;
 * l->events says what it counts.
 */
int leader__take(const struct bperf_events *ev,
		 const struct bperf_attr_value *value, struct bperf_leader *l);
/* Run the leader on each of cpus, so that every delta is folded in. */
int leader__sync(const struct bperf_leader *l, const struct perf_cpu_map *cpus,
		 struct perf_error *e);
/*
 * Wait up to max_ms for the exits the leader holds back; true: none left.
 * A task's final switch follows its exit by microseconds, unless its CPU
 * is held up (a busy host's vCPU): 20 ms covers that and costs nothing
 * when no exit is held back.
 */
#define BPERF_EXIT_WAIT_MS 20
bool leader__wait_exits(const struct bperf_leader *l, int nr_possible,
			int max_ms);
/* New processes that could not join the leader's full index. */
__u64 leader__lost_tasks(const struct bperf_leader *l, int nr_possible);
/* Map the followers' accumulation slots, to read them. */
int leader__map_counts(struct bperf_leader *l, int nr_possible,
		       struct perf_error *e);

/* For bperf-leader-new.c: what creating a leader shares with taking one. */

/* The leader's hooks' programs (tp_btf or raw_tp: raw tracepoint links). */
extern const char *const leader_hooks[BPERF_NR_HOOKS];
/* The tracepoint of a hook whose program serves several (on_task). */
extern const char *const leader_hook_tps[BPERF_NR_HOOKS];
/*
 * The exit hook where the kernel has kprobes: on_exit_kprobe at the entry
 * of perf_event_exit_task, where perf stops a task's counters, on a perf
 * event link (see leader__exit_begins in the BPF program).
 */
#define EXIT_KPROBE_PROG "on_exit_kprobe"
#define EXIT_KPROBE_FN "perf_event_exit_task"
#define KPROBE_PMU_TYPE "/sys/bus/event_source/devices/kprobe/type"
/*
 * Does leader l have hook h?  The fault tracepoints only where it counts
 * faults through them (bperf-fault.c).
 */
bool leader__has_hook(const struct bperf_leader *l, int h);
/* Does l hold every fd of a leader, each hook it has included? */
bool leader__complete(const struct bperf_leader *l);
/* This session's fds of a new leader's maps, from its skeleton. */
void leader__dup_maps(struct bperf_leader *l);
/* Map the index hints, which sessions set before a pid enters the index. */
int leader__map_hints(struct bperf_leader *l);

/* ---- bperf-leader-new.c ---- */

/* leader__create: the kernel refuses a group's members as one group. */
#define BPERF_ERR_GROUP EXDEV

/*
 * Load, fill and attach a new leader (a group's members opened as one
 * perf_event group on each CPU of cpus, every online CPU if NULL: a PMU's
 * cpumask counts only there); publish it in the attr map.
 * -BPERF_ERR_GROUP: the kernel refuses the group's members as one group;
 * -EOPNOTSUPP: the machine cannot count one of the events.
 */
int leader__create(struct bperf_process *p, const struct bperf_events *ev,
		   const char *name, const struct perf_cpu_map *cpus,
		   struct bperf_leader *l, struct perf_error *e);

/* ---- bperf-registry.c ---- */

/*
 * The registry is an array of BPERF_MAX_SESSIONS + 1 struct bperf_session:
 * entry 0 is its header (struct bperf_registry_header), entries 1.. are
 * sessions.  The pure functions work on a copy of it; the others read and
 * write the leader's maps, under the process lock.
 */
#define REGISTRY_ENTRIES (BPERF_MAX_SESSIONS + 1)

static inline struct bperf_registry_header *
registry__header(struct bperf_session *reg)
{
	return (struct bperf_registry_header *)&reg[0];
}

/*
 * Empty the entries whose session is dead (alive() says no), calling
 * dead() on each first; returns how many sessions are alive.
 */
int registry__sweep(struct bperf_session *reg, bool (*alive)(__u32 token),
		    void (*dead)(const struct bperf_session *entry, void *arg),
		    void *arg);
/* 1 << enum bperf_filter of every live follower. */
__u32 registry__filters(const struct bperf_session *reg);
/* A follower slot no session holds, or -ENOSPC. */
int registry__free_slot(const struct bperf_session *reg);
/* An empty session entry, or -ENOSPC. */
int registry__free_entry(const struct bperf_session *reg);
/* The generation after gen (a live or a dead one) for a slot. */
__u32 registry__next_gen(__u32 gen);
/* The first of nr accumulation slots that no live session holds. */
int registry__alloc_counts(const struct bperf_session *reg, __u32 nr);

int registry__read(int sessions_fd, struct bperf_session *reg);
/*
 * Reclaim the entries and followers of dead sessions and rewrite the
 * header's filters; returns the number of live sessions or a negative
 * errno.
 */
int registry__reclaim(const struct bperf_leader *l, struct bperf_session *reg);
/* Register a session; returns its entry index or a negative errno. */
int registry__add(const struct bperf_leader *l, struct bperf_session *reg,
		  const struct bperf_session *entry);
/* The header of a new leader: its hooks' links. */
int registry__init(const struct bperf_leader *l, const __u32 *hook_link_ids);

/* ---- bperf-follower.c ---- */

/*
 * A session's follower: its range of the leader's accumulation slots and
 * its items in the leader's index; no program of its own.
 */
struct bperf_follower_config {
	enum bperf_filter filter;
	int slot; /* in the leader's follower_gen */
	__u32 gen;
	__u32 first_count; /* its accumulation slots */
	bool inherit; /* new child processes join too */
	pid_t exec_pid; /* a workload, counted from its exec; or 0 */
	__u32 nr_members; /* rows per accumulation slot: a group's size */
};

struct bperf_follower {
	enum bperf_filter filter;
	int slot;
	__u32 gen;
	__u32 first_count;
	__u32 nr_members; /* slot s, member m: row first_count + s * n + m */
	__u32 flags; /* enum bperf_item_flags of its items */
	pid_t exec_pid;
	int nr_keys, max_keys; /* what it put in the index */
	struct bperf_index_key *keys;
	__u32 *key_slots;
};

/* Make the follower of cfg live in the leader. */
int follower__create(struct bperf_follower *f,
		     const struct bperf_follower_config *cfg,
		     const struct bperf_leader *l, struct perf_error *e);
/*
 * Count the threads of threads: each in its own slot (a thread filter),
 * or their processes in slot 0 (a process filter).
 */
int follower__add_tasks(struct bperf_follower *f, const struct bperf_leader *l,
			const struct perf_thread_map *threads,
			struct perf_error *e);
/* Count cgroup id in slot. */
int follower__add_cgroup(struct bperf_follower *f, const struct bperf_leader *l,
			 __u64 id, __u32 slot, struct perf_error *e);
/* The slot of cgroup id, if already counted. */
bool follower__cgroup_slot(const struct bperf_follower *f, __u64 id,
			   __u32 *slot);
/* Does the leader still count for it?  (A dying leader loses it.) */
bool follower__live(const struct bperf_follower *f,
		    const struct bperf_leader *l);
/* Under the lock: stop counting, take its items out of the index. */
void follower__remove(struct bperf_follower *f, const struct bperf_leader *l);
void follower__destroy(struct bperf_follower *f);

/* Index items, for the follower and the registry: live ones only. */
bool index__item_live(int gen_fd, const struct bperf_item *item);

/* ---- bperf-list.c ---- */

/* "{cpu-clock,task-clock}" for a group, else the event's name. */
void bperf_events__name(const struct bperf_events *ev, char *buf, size_t size);

/* ---- the backend's counters: bpf_counter.c and the three below ---- */

/*
 * One session's membership of one leader: the leader's fds, the registry
 * entry and, unless CPU-scoped, the follower.  Usually one per evsel; the
 * evsels of one event for many cgroups share one (one follower, one
 * accumulation slot per cgroup).
 */
struct bperf_counter {
	struct bperf_events events; /* the attr map key, the members */
	char name[256]; /* "cycles", "{cycles,instructions}" */
	struct bperf_leader leader;
	int session_idx; /* our entry in the leader's registry */
	bool has_follower; /* false: CPU-scoped, reads the leader's totals */
	struct bperf_follower follower;
	int nr_slots; /* accumulation slots */
	int cgroup_slots_used; /* cgroup followers: slots handed out */
	struct perf_cpu_map *sync_cpus; /* CPUs to run the leader on */
	int refcnt;
	bool lost_warned;
	struct bperf_counter *next; /* cgroup counters of this process */
	/* -p, -t: the threads to count, put in the index by bperf__start_tasks */
	const struct perf_thread_map *threads;
	struct bperf_counter *next_pending; /* whose threads wait for that */
	/*
	 * A group's last raw readings, [slot][member][possible CPU], read
	 * at once by member 0's evsel for every member's.
	 */
	struct bperf_reading *group_raw;
};

/* evsel->priv of a bperf event: its slots of a bperf_counter. */
struct bperf_evsel {
	struct bperf_counter *counter;
	__u32 member; /* in the counter's group; 0 for a single event */
	int first_slot;
	int nr_slots;
	struct bperf_reading *base; /* [slot][possible cpu] at enable */
	struct bperf_reading *now; /* [slot][possible cpu] last read */
	bool enabled;
	bool frozen; /* disabled: now holds the final readings */
	struct perf_error error; /* why the last operation failed */
};

/* ---- bperf-session.c ---- */

struct evsel;
struct target;

/*
 * Join the leader of evsel's event, or of the group ev (NULL: evsel
 * alone): a new bperf_counter in *out.  A cgroup evsel's follower gets
 * nr_cgroup_slots accumulation slots; other evsels ignore it.
 */
int bperf_counter__new(struct evsel *evsel, const struct bperf_events *ev,
		       int nr_cgroup_slots, struct target *target,
		       const char *path, struct bperf_counter **out,
		       struct perf_error *e);
/* Drop a reference; the last one leaves the leader and frees bc. */
void bperf_counter__put(struct bperf_counter *bc);
/* Under the lock: count cgroup id in slot of bc's follower. */
int bperf_counter__add_cgroup(struct bperf_counter *bc, __u64 id, __u32 slot,
			      struct perf_error *e);
/* Possible CPUs: a slot holds one reading for each. */
int bperf__nr_possible(void);
/* Does evsel count on CPUs (-a, -C, cgroups) rather than per task? */
bool bperf__cpu_scoped(const struct evsel *evsel);

/* ---- bperf-group.c ---- */

/*
 * Is evsel in a group of two or more?  A member of a weak group its
 * leader split counts alone from now on, as perf does.
 */
bool bperf__in_group(struct evsel *evsel);
/*
 * Any evsel of such a group: the group leader's takes one bperf leader
 * for the whole group, a member its rows of it (lb: the group leader's
 * bperf_evsel, NULL where bperf does not count it).  -EAGAIN: count
 * evsel plain.
 */
int bperf_evsel__group(struct bperf_evsel *be, struct evsel *evsel,
		       const struct bperf_evsel *lb, struct target *target,
		       const char *path);

/* ---- bperf-cgroup.c ---- */

/*
 * A cgroup evsel takes a slot of its event's cgroup follower in this
 * session, creating the follower for the first one.
 */
int bperf_evsel__cgroup_slot(struct bperf_evsel *be, struct evsel *evsel,
			     struct target *target, const char *path);
/* bperf_counter__put() of a cgroup counter; the last takes it off the list. */
void bperf_cgroup__put(struct bperf_counter *bc);

#endif /* PERF_UTIL_BPERF_PRIV_H */
