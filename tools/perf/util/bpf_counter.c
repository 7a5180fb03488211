// SPDX-License-Identifier: GPL-2.0
/*
 * bperf: counting through shared BPF leaders and per-session followers.
 *
 * Hardware counters are scarce and most sessions on a host count the same
 * few events.  bperf opens each distinct event once per CPU and lets any
 * number of perf stat sessions, each with its own target, share it:
 *
 *   session A: -a           session B: -p 42          session C: -- make
 *   (CPU-scoped: reads      follower B                follower C
 *    prev_readings only,    filter: tgid 42           filter: tgid of make
 *    no follower)           accum: per-CPU slots      + children (on_fork)
 *        |                        ^                         ^
 *        |                        | tail call               | tail call
 *        |                        |                         |
 *   leader "on_switch" (raw_tp sched_switch), one per distinct event:
 *     bpf_perf_event_read_value(events[this cpu])
 *     diff_readings = reading - prev_readings; prev_readings = reading
 *     tail-call followers[0..chain_len): each adds the delta to the
 *     accumulation slot of the task that just ran, if its filter has it
 *        |
 *   events: PERF_EVENT_ARRAY (BPF_F_PRESERVE_ELEMS), one counting perf
 *   event per CPU, opened system-wide once for every session
 *
 *   attr map (BPF hash pinned in bpffs, default /sys/fs/bpf/bperf_attr_map)
 *     struct bperf_attr_key {type, exclude bits, config, config1, config2}
 *       -> struct bperf_attr_value {leader link id, diff_readings map id}
 *
 * Maps of a leader (found from its link -> program -> map ids, by name
 * and shape, never trusted blindly):
 *   events         PERF_EVENT_ARRAY[possible CPUs]
 *   prev_readings  PERCPU_ARRAY[1]: running total per CPU
 *   diff_readings  PERCPU_ARRAY[1]: delta of the last switch per CPU
 *   followers      PROG_ARRAY[BPERF_MAX_FOLLOWERS]: the follower chain
 *   sessions       ARRAY[1 + BPERF_MAX_SESSIONS]: [0] chain header,
 *                  [1..] one entry per session: its token map id, pid and
 *                  follower slot
 *   chain_busy     PERCPU_ARRAY[1]: set while a chain runs on the CPU
 *   .rodata        the event key, frozen: which event the leader counts
 *
 * Followers are tail-called instead of attached as fexit programs so that
 * bperf works on kernels that refuse BPF trampolines.  A follower reuses
 * the leader's diff_readings, followers, sessions and chain_busy maps
 * (bpf_skel/bperf_chain.bpf.h) and owns a filter hash (tgid, tid or cgroup
 * id -> accumulation slot) and a per-CPU accumulation array.  Process
 * followers add new child processes on sched_process_fork and drop freed
 * ones on sched_process_free; one cgroup follower serves all the cgroups
 * of an event, walking the task's cgroup ancestors, and its session also
 * runs the leader on the tick so that a moved task changes cgroup within a
 * tick.  Sessions that only filter by CPU (-a, -C) need no follower: they
 * read prev_readings and cost nothing per context switch.
 *
 * Reading: a session triggers the leader on every CPU it reads with
 * BPF_PROG_TEST_RUN + BPF_F_TEST_RUN_ON_CPU, so the deltas of the running
 * tasks are folded in, then reads its maps.  It does the same on enable
 * (the snapshot it subtracts later, so nothing from before enable leaks
 * in) and on disable (so the last partial time slice is not lost).
 *
 * Lifetime: nothing but the attr map is pinned.  Every session holds fds
 * of the leader's link and maps; the kernel frees the leader, its maps and
 * perf events when the last session closes them, and empties the
 * followers PROG_ARRAY when its last user reference goes.  A session
 * SIGKILLed leaves its follower in the chain; every session that starts or
 * ends reclaims the slots of sessions whose token map can no longer be
 * found by id.  A leader whose registry holds no live session is treated
 * as stale and replaced.  All attr map lookups, leader creation and chain
 * changes happen under one flock() on a directory of our own next to the
 * attr map (<path>_lock), never on a BPF fd (they all share one inode).
 */
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <sys/statfs.h>
#include <sys/syscall.h>
#include <unistd.h>
#include <linux/capability.h>
#include <linux/magic.h>
#include <linux/perf_event.h>

#include <bpf/bpf.h>
#include <bpf/libbpf.h>

#include "bpf_counter.h"
#include "bpf_counter_priv.h"
#include "cgroup.h"
#include "counter.h"
#include "cpumap.h"
#include "debug.h"
#include "evsel.h"
#include "target.h"

#include "bperf_leader.skel.h"
#include "bperf_follower.skel.h"

#define BPERF_LEADER_PROG "on_switch"
#define BPERF_LEADER_TP "sched_switch"
#define BPERF_TICK_TP "hrtimer_expire_entry"
#define BPERF_FILTER_ENTRIES 16384

/* The leader's maps and link as this session holds them. */
struct bperf_leader {
	struct bperf_leader_bpf *skel; /* set when this session created it */
	int link_fd;
	int prog_fd;
	int prev_fd;
	int diff_fd;
	int followers_fd;
	int sessions_fd;
	int busy_fd;
	__u32 link_id;
};

/*
 * One session's membership of one leader: the leader's fds, the registry
 * entry and, unless CPU-scoped, the follower.  Usually one per evsel; the
 * evsels of one event for many cgroups share one (one follower, one
 * accumulation slot per cgroup).
 */
struct bperf_counter {
	struct bperf_attr_key key;
	struct bperf_leader leader;
	int session_idx; /* our entry in the leader's registry */
	struct bperf_follower_bpf *follower; /* NULL: CPU-scoped */
	int follower_slot;
	__u32 follower_prog_id;
	struct bpf_link *fork_link;
	struct bpf_link *free_link;
	struct bpf_link *exec_link;
	int tick_fd; /* cgroup counters: the leader also runs on the tick */
	enum bperf_filter filter_kind;
	int nr_slots; /* accumulation slots in the follower */
	int cgroup_slots_used; /* cgroup followers: slots handed out */
	struct perf_cpu_map *sync_cpus; /* CPUs to trigger the leader on */
	int refcnt;
	bool lost_warned;
	struct bperf_counter *next; /* cgroup followers of this process */
};

/* evsel->priv of a bperf event: its slots of a bperf_counter. */
struct bperf_evsel {
	struct bperf_counter *counter;
	int first_slot;
	int nr_slots;
	struct bperf_reading *base; /* [slot][possible cpu] at enable */
	struct bperf_reading *now; /* [slot][possible cpu] last read */
	bool enabled;
	bool frozen; /* disabled: now holds the final readings */
};

/* Cgroup followers of this process, to share by event. */
static struct bperf_counter *bperf_cgroup_counters;

/* What every bperf event of this process shares. */
static struct {
	char path[PATH_MAX];
	int attr_map_fd;
	int lock_fd;
	int token_fd;
	__u32 token_id;
	int nr_possible;
	int users;
} bperf_session = { .attr_map_fd = -1, .lock_fd = -1, .token_fd = -1 };

/* Last error of this backend, in words, for bperf__strerror(). */
static char bperf_errmsg[512];
static char bperf_errhint[256];

__attribute__((format(printf, 2, 3))) static int
bperf__fail(int err, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(bperf_errmsg, sizeof(bperf_errmsg), fmt, ap);
	va_end(ap);
	bperf_errhint[0] = '\0';
	return err;
}

static void bperf__hint(const char *hint)
{
	snprintf(bperf_errhint, sizeof(bperf_errhint), "%s", hint);
}

static int bperf__libbpf_print(enum libbpf_print_level level, const char *fmt,
			       va_list ap)
{
	if (!verbose || (level == LIBBPF_DEBUG && verbose < 2))
		return 0;
	return vfprintf(stderr, fmt, ap);
}

static void close_fd(int *fd)
{
	if (*fd >= 0)
		close(*fd);
	*fd = -1;
}

/* ---- attr key ---------------------------------------------------------- */

void bperf__attr_key(const struct perf_event_attr *attr,
		     struct bperf_attr_key *key)
{
	memset(key, 0, sizeof(*key));
	key->type = attr->type;
	key->config = attr->config;
	key->config1 = attr->config1;
	key->config2 = attr->config2;
	key->exclude = (attr->exclude_user ? BPERF_EXCLUDE_USER : 0) |
		       (attr->exclude_kernel ? BPERF_EXCLUDE_KERNEL : 0) |
		       (attr->exclude_hv ? BPERF_EXCLUDE_HV : 0) |
		       (attr->exclude_idle ? BPERF_EXCLUDE_IDLE : 0) |
		       (attr->exclude_host ? BPERF_EXCLUDE_HOST : 0) |
		       (attr->exclude_guest ? BPERF_EXCLUDE_GUEST : 0) |
		       (attr->exclude_callchain_kernel ?
				BPERF_EXCLUDE_CALLCHAIN_KERNEL :
				0) |
		       (attr->exclude_callchain_user ?
				BPERF_EXCLUDE_CALLCHAIN_USER :
				0);
}

/* The counting attr of the leader's per-CPU events, from the key alone. */
void bperf__leader_attr(const struct bperf_attr_key *key,
			struct perf_event_attr *attr)
{
	memset(attr, 0, sizeof(*attr));
	attr->size = sizeof(*attr);
	attr->type = key->type;
	attr->config = key->config;
	attr->config1 = key->config1;
	attr->config2 = key->config2;
	attr->exclude_user = !!(key->exclude & BPERF_EXCLUDE_USER);
	attr->exclude_kernel = !!(key->exclude & BPERF_EXCLUDE_KERNEL);
	attr->exclude_hv = !!(key->exclude & BPERF_EXCLUDE_HV);
	attr->exclude_idle = !!(key->exclude & BPERF_EXCLUDE_IDLE);
	attr->exclude_host = !!(key->exclude & BPERF_EXCLUDE_HOST);
	attr->exclude_guest = !!(key->exclude & BPERF_EXCLUDE_GUEST);
	attr->exclude_callchain_kernel =
		!!(key->exclude & BPERF_EXCLUDE_CALLCHAIN_KERNEL);
	attr->exclude_callchain_user =
		!!(key->exclude & BPERF_EXCLUDE_CALLCHAIN_USER);
	attr->read_format = PERF_FORMAT_TOTAL_TIME_ENABLED |
			    PERF_FORMAT_TOTAL_TIME_RUNNING;
}

/* ---- read-side aggregation --------------------------------------------- */

/*
 * Fold raw per-CPU readings into evsel counts.  now and base are
 * [slot][nr_possible], nr_slots slots.  Per-CPU mode (CPU-scoped and
 * cgroup sessions): counts[i][0] is slot 0 on CPU cpus->map[i].  Per-task
 * mode: counts[0][t] is slot t summed over every CPU; a process counted as
 * a whole (-p without --per-thread) has one slot for all its threads, in
 * counts[0][0].
 */
void bperf__fold(struct perf_counts *counts, const struct perf_cpu_map *cpus,
		 int nr_possible, bool per_cpu, int nr_slots,
		 const struct bperf_reading *now,
		 const struct bperf_reading *base)
{
	struct perf_counts_values *v;

	perf_counts__reset(counts);
	if (per_cpu) {
		for (int i = 0; i < counts->ncpus && i < cpus->nr; i++) {
			int cpu = cpus->map[i];

			if (cpu < 0 || cpu >= nr_possible)
				continue;
			v = perf_counts(counts, i, 0);
			v->val = now[cpu].counter - base[cpu].counter;
			v->ena = now[cpu].enabled - base[cpu].enabled;
			v->run = now[cpu].running - base[cpu].running;
		}
		return;
	}
	for (int t = 0; t < counts->nthreads && t < nr_slots; t++) {
		const struct bperf_reading *n = now + t * nr_possible;
		const struct bperf_reading *b = base + t * nr_possible;

		v = perf_counts(counts, 0, t);
		for (int cpu = 0; cpu < nr_possible; cpu++) {
			v->val += n[cpu].counter - b[cpu].counter;
			v->ena += n[cpu].enabled - b[cpu].enabled;
			v->run += n[cpu].running - b[cpu].running;
		}
	}
}

/* ---- attr map, lock, token --------------------------------------------- */

static bool fd_is_bpf(int fd, const char *kind)
{
	char link[64], target[64];
	ssize_t n;

	snprintf(link, sizeof(link), "/proc/self/fd/%d", fd);
	n = readlink(link, target, sizeof(target) - 1);
	if (n < 0)
		return false;
	target[n] = '\0';
	return !strcmp(target, kind);
}

static int bpf_fs_check(const char *path)
{
	char dir[PATH_MAX];
	struct statfs fs;
	char *slash;

	snprintf(dir, sizeof(dir), "%s", path);
	slash = strrchr(dir, '/');
	if (!slash)
		snprintf(dir, sizeof(dir), ".");
	else if (slash == dir)
		dir[1] = '\0';
	else
		*slash = '\0';
	if (statfs(dir, &fs)) {
		int err = -errno;

		bperf__fail(err, "attr map directory '%s': %s", dir,
			    strerror(errno));
		return err;
	}
	if (fs.f_type != BPF_FS_MAGIC) {
		bperf__fail(
			-ENOTDIR,
			"attr map '%s' is not on a bpf filesystem (%s is not bpffs)",
			path, dir);
		if (!strncmp(dir, "/sys/fs/bpf", 11))
			bperf__hint("mount it: mount -t bpf bpf /sys/fs/bpf");
		else
			bperf__hint(
				"pass --attr-map with a path under a bpffs mount such as /sys/fs/bpf");
		return -ENOTDIR;
	}
	return 0;
}

/* Check that fd is a map of the attr map's shape. */
static int attr_map__check(int fd, const char *path)
{
	struct bpf_map_info info = {};
	__u32 len = sizeof(info);

	if (!fd_is_bpf(fd, "anon_inode:bpf-map"))
		return bperf__fail(
			-EINVAL,
			"'%s' is pinned but is not a bpf map; refusing to use it",
			path);
	if (bpf_obj_get_info_by_fd(fd, &info, &len))
		return bperf__fail(-errno, "attr map '%s': %s", path,
				   strerror(errno));
	if (info.type != BPF_MAP_TYPE_HASH ||
	    info.key_size != sizeof(struct bperf_attr_key) ||
	    info.value_size != sizeof(struct bperf_attr_value))
		return bperf__fail(
			-EINVAL,
			"'%s' is not a bperf attr map (type %u, key %u, value %u bytes; expected hash, %zu, %zu); refusing to use it",
			path, info.type, info.key_size, info.value_size,
			sizeof(struct bperf_attr_key),
			sizeof(struct bperf_attr_value));
	return 0;
}

/* Open the pinned attr map, or NULL-equivalent -ENOENT when absent. */
static int attr_map__open(const char *path)
{
	struct stat st;
	int fd, err;

	if (lstat(path, &st)) {
		if (errno == ENOENT)
			return -ENOENT;
		return bperf__fail(-errno, "attr map '%s': %s", path,
				   strerror(errno));
	}
	if (S_ISLNK(st.st_mode))
		return bperf__fail(
			-EINVAL,
			"'%s' is a symbolic link, not a pinned bperf attr map; refusing to use it",
			path);
	if (S_ISDIR(st.st_mode))
		return bperf__fail(
			-EISDIR,
			"'%s' is a directory, not a bperf attr map; refusing to use it",
			path);
	fd = bpf_obj_get(path);
	if (fd < 0) {
		err = -errno;
		if (err == -EPERM || err == -EACCES) {
			bperf__fail(err, "no permission to open attr map '%s'",
				    path);
			bperf__hint(
				"bperf needs root, or CAP_BPF and CAP_PERFMON");
			return err;
		}
		return bperf__fail(
			-EINVAL,
			"'%s' exists but is not a pinned bpf object (%s); refusing to use it",
			path, strerror(-err));
	}
	err = attr_map__check(fd, path);
	if (err) {
		close(fd);
		return err;
	}
	return fd;
}

static int attr_map__create(const char *path)
{
	LIBBPF_OPTS(bpf_map_create_opts, opts);
	int fd, err;

	fd = bpf_map_create(BPF_MAP_TYPE_HASH, "bperf_attr_map",
			    sizeof(struct bperf_attr_key),
			    sizeof(struct bperf_attr_value),
			    BPERF_ATTR_MAP_ENTRIES, &opts);
	if (fd < 0) {
		err = -errno;
		bperf__fail(err, "cannot create the bperf attr map: %s",
			    strerror(errno));
		if (err == -EPERM)
			bperf__hint(
				"bperf needs root, or CAP_BPF and CAP_PERFMON");
		return err;
	}
	if (bpf_obj_pin(fd, path)) {
		err = -errno;
		close(fd);
		return bperf__fail(err, "cannot pin the attr map at '%s': %s",
				   path, strerror(-err));
	}
	/* Only root may read or change what sessions trust. */
	chmod(path, 0600);
	return fd;
}

/* flock() a directory of our own beside the attr map, never a BPF fd. */
static int bperf__lock_open(const char *path)
{
	char lock_path[PATH_MAX + 8];
	int fd;

	/* bpffs refuses names with a dot. */
	snprintf(lock_path, sizeof(lock_path), "%s_lock", path);
	if (mkdir(lock_path, 0700) && errno != EEXIST)
		return bperf__fail(-errno, "cannot create lock '%s': %s",
				   lock_path, strerror(errno));
	fd = open(lock_path, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
	if (fd < 0)
		return bperf__fail(-errno, "cannot open lock '%s': %s",
				   lock_path, strerror(errno));
	return fd;
}

static int bperf__lock(void)
{
	while (flock(bperf_session.lock_fd, LOCK_EX)) {
		if (errno != EINTR)
			return bperf__fail(-errno,
					   "cannot lock the attr map: %s",
					   strerror(errno));
	}
	return 0;
}

static void bperf__unlock(void)
{
	flock(bperf_session.lock_fd, LOCK_UN);
}

static int map_id_of(int fd, __u32 *id)
{
	struct bpf_map_info info = {};
	__u32 len = sizeof(info);

	if (bpf_obj_get_info_by_fd(fd, &info, &len))
		return -errno;
	*id = info.id;
	return 0;
}

#ifndef CAP_PERFMON
#define CAP_PERFMON 38
#endif
#ifndef CAP_BPF
#define CAP_BPF 39
#endif

static bool cap_has(const struct __user_cap_data_struct *caps, int cap)
{
	return caps[cap / 32].effective & (1U << (cap % 32));
}

/*
 * Say which privilege is missing before touching anything: root, or
 * CAP_BPF and CAP_PERFMON (CAP_SYS_ADMIN covers both).
 */
static int bperf__check_privileges(void)
{
	struct __user_cap_header_struct hdr = {
		.version = _LINUX_CAPABILITY_VERSION_3,
	};
	struct __user_cap_data_struct caps[_LINUX_CAPABILITY_U32S_3] = {};
	bool bpf, perfmon;

	if (syscall(SYS_capget, &hdr, caps))
		return 0; /* let the kernel decide */
	bpf = cap_has(caps, CAP_BPF) || cap_has(caps, CAP_SYS_ADMIN);
	perfmon = cap_has(caps, CAP_PERFMON) || cap_has(caps, CAP_SYS_ADMIN);
	if (bpf && perfmon)
		return 0;
	bperf__fail(-EPERM, "bperf needs %s%s%s", bpf ? "" : "CAP_BPF",
		    !bpf && !perfmon ? " and " : "",
		    perfmon ? "" : "CAP_PERFMON");
	bperf__hint(
		"run as root, or grant the capabilities (setcap, capsh); plain counting without --use-bpf needs neither");
	return -EPERM;
}

/*
 * Once per process: the attr map, its lock, and the token whose existence
 * says this session is alive.
 */
static int bperf__session_get(const char *path)
{
	LIBBPF_OPTS(bpf_map_create_opts, opts);
	int fd, err;

	if (bperf_session.users) {
		if (strcmp(path, bperf_session.path))
			return bperf__fail(-EINVAL,
					   "one session uses one attr map");
		bperf_session.users++;
		return 0;
	}
	libbpf_set_print(bperf__libbpf_print);
	err = bperf__check_privileges();
	if (err)
		return err;
	if (strlen(path) >= sizeof(bperf_session.path) - 8 || !*path)
		return bperf__fail(-ENAMETOOLONG, "bad attr map path '%s'",
				   path);
	err = bpf_fs_check(path);
	if (err)
		return err;
	if (strchr(strrchr(path, '/') ? strrchr(path, '/') + 1 : path, '.')) {
		bperf__fail(
			-EINVAL,
			"bad attr map path '%s': bpffs names cannot contain '.'",
			path);
		return -EINVAL;
	}
	bperf_session.nr_possible = libbpf_num_possible_cpus();
	if (bperf_session.nr_possible <= 0)
		return bperf__fail(-EINVAL, "cannot count possible CPUs");

	/* Refuse a foreign object before leaving anything behind. */
	fd = attr_map__open(path);
	if (fd < 0 && fd != -ENOENT)
		return fd;

	bperf_session.lock_fd = bperf__lock_open(path);
	if (bperf_session.lock_fd < 0) {
		err = bperf_session.lock_fd;
		goto err_close;
	}
	if (fd < 0) {
		err = bperf__lock();
		if (err)
			goto err_close;
		fd = attr_map__open(path);
		if (fd == -ENOENT)
			fd = attr_map__create(path);
		bperf__unlock();
		if (fd < 0) {
			err = fd;
			goto err_close;
		}
	}
	bperf_session.attr_map_fd = fd;

	bperf_session.token_fd = bpf_map_create(BPF_MAP_TYPE_ARRAY,
						"bperf_token", sizeof(__u32),
						sizeof(__u32), 1, &opts);
	if (bperf_session.token_fd < 0) {
		err = bperf__fail(-errno, "cannot create a bpf map: %s",
				  strerror(errno));
		goto err_close;
	}
	err = map_id_of(bperf_session.token_fd, &bperf_session.token_id);
	if (err) {
		bperf__fail(err, "bpf map info: %s", strerror(-err));
		goto err_close;
	}
	snprintf(bperf_session.path, sizeof(bperf_session.path), "%s", path);
	bperf_session.users = 1;
	return 0;

err_close:
	close_fd(&bperf_session.attr_map_fd);
	if (fd >= 0 && fd != bperf_session.attr_map_fd)
		close(fd);
	close_fd(&bperf_session.lock_fd);
	close_fd(&bperf_session.token_fd);
	return err;
}

static void bperf__session_put(void)
{
	if (!bperf_session.users || --bperf_session.users)
		return;
	close_fd(&bperf_session.attr_map_fd);
	close_fd(&bperf_session.lock_fd);
	close_fd(&bperf_session.token_fd);
}

static bool token_alive(__u32 id)
{
	int fd;

	if (!id)
		return false;
	if (id == bperf_session.token_id)
		return true;
	fd = bpf_map_get_fd_by_id(id);
	if (fd >= 0) {
		close(fd);
		return true;
	}
	return errno != ENOENT;
}

/* ---- leader ------------------------------------------------------------- */

static void leader__close(struct bperf_leader *leader)
{
	close_fd(&leader->link_fd);
	close_fd(&leader->prog_fd);
	close_fd(&leader->prev_fd);
	close_fd(&leader->diff_fd);
	close_fd(&leader->followers_fd);
	close_fd(&leader->sessions_fd);
	close_fd(&leader->busy_fd);
	bperf_leader_bpf__destroy(leader->skel);
	leader->skel = NULL;
}

struct leader_map_shape {
	const char *name;
	__u32 type, key_size, value_size, max_entries;
	size_t fd_offset; /* where to keep its fd in struct bperf_leader */
};

static const struct leader_map_shape leader_maps[] = {
	{ "prev_readings", BPF_MAP_TYPE_PERCPU_ARRAY, 4,
	  sizeof(struct bperf_reading), 1,
	  offsetof(struct bperf_leader, prev_fd) },
	{ "diff_readings", BPF_MAP_TYPE_PERCPU_ARRAY, 4,
	  sizeof(struct bperf_reading), 1,
	  offsetof(struct bperf_leader, diff_fd) },
	{ "followers", BPF_MAP_TYPE_PROG_ARRAY, 4, 4, BPERF_MAX_FOLLOWERS,
	  offsetof(struct bperf_leader, followers_fd) },
	{ "chain_busy", BPF_MAP_TYPE_PERCPU_ARRAY, 4, 4, 1,
	  offsetof(struct bperf_leader, busy_fd) },
	{ "sessions", BPF_MAP_TYPE_ARRAY, 4, sizeof(struct bperf_session),
	  BPERF_MAX_SESSIONS + 1, offsetof(struct bperf_leader, sessions_fd) },
};

/* Is fd the frozen .rodata of a leader that counts the event of key? */
static bool leader__counts_key(int fd, const struct bpf_map_info *info,
			       const struct bperf_attr_key *key)
{
	size_t len = strlen(info->name);
	__u32 zero = 0;
	char *rodata;
	bool same;

	if (len < 7 || strcmp(info->name + len - 7, ".rodata") ||
	    info->type != BPF_MAP_TYPE_ARRAY || info->max_entries != 1 ||
	    info->value_size < sizeof(*key) ||
	    !(info->map_flags & BPF_F_RDONLY_PROG))
		return false;
	rodata = calloc(1, info->value_size);
	if (!rodata)
		return false;
	same = !bpf_map_lookup_elem(fd, &zero, rodata) &&
	       !memcmp(rodata, key, sizeof(*key));
	free(rodata);
	return same;
}

/*
 * Take the leader behind an attr map entry: its link must be a raw
 * tracepoint link on sched_switch of a program named on_switch whose maps
 * have exactly our shapes, diff_readings being the entry's map, and whose
 * frozen .rodata says it counts the entry's event.  Returns 0,
 * -ENOENT when the link is gone (stale), -EINVAL when the entry points at
 * something that is not our leader.
 */
static int leader__take(const struct bperf_attr_key *key,
			const struct bperf_attr_value *value,
			struct bperf_leader *leader)
{
	struct bpf_link_info link_info = {};
	struct bpf_prog_info prog_info = {};
	__u32 map_ids[16], len, diff_id = 0;
	char tp_name[32] = "";
	bool have_events = false, have_key = false;
	int fd, err = -EINVAL;

	leader->link_fd = bpf_link_get_fd_by_id(value->link_id);
	if (leader->link_fd < 0)
		return errno == ENOENT ? -ENOENT : -errno;
	leader->link_id = value->link_id;

	len = sizeof(link_info);
	link_info.raw_tracepoint.tp_name = (__u64)(unsigned long)tp_name;
	link_info.raw_tracepoint.tp_name_len = sizeof(tp_name);
	if (bpf_obj_get_info_by_fd(leader->link_fd, &link_info, &len) ||
	    link_info.type != BPF_LINK_TYPE_RAW_TRACEPOINT ||
	    strcmp(tp_name, BPERF_LEADER_TP))
		goto out;

	leader->prog_fd = bpf_prog_get_fd_by_id(link_info.prog_id);
	if (leader->prog_fd < 0)
		goto out;
	len = sizeof(prog_info);
	prog_info.nr_map_ids = 16;
	prog_info.map_ids = (__u64)(unsigned long)map_ids;
	if (bpf_obj_get_info_by_fd(leader->prog_fd, &prog_info, &len) ||
	    prog_info.type != BPF_PROG_TYPE_RAW_TRACEPOINT ||
	    strcmp(prog_info.name, BPERF_LEADER_PROG) ||
	    prog_info.nr_map_ids > 16)
		goto out;

	for (__u32 i = 0; i < prog_info.nr_map_ids; i++) {
		struct bpf_map_info map_info = {};
		bool used = false;

		len = sizeof(map_info);
		fd = bpf_map_get_fd_by_id(map_ids[i]);
		if (fd < 0)
			goto out;
		if (bpf_obj_get_info_by_fd(fd, &map_info, &len)) {
			close(fd);
			goto out;
		}
		if (!strcmp(map_info.name, "events") &&
		    map_info.type == BPF_MAP_TYPE_PERF_EVENT_ARRAY &&
		    (map_info.map_flags & BPF_F_PRESERVE_ELEMS))
			have_events = true;
		if (leader__counts_key(fd, &map_info, key))
			have_key = true;
		for (size_t m = 0;
		     m < sizeof(leader_maps) / sizeof(leader_maps[0]); m++) {
			const struct leader_map_shape *s = &leader_maps[m];
			int *slot = (int *)((char *)leader + s->fd_offset);

			if (strcmp(map_info.name, s->name))
				continue;
			if (map_info.type != s->type ||
			    map_info.key_size != s->key_size ||
			    map_info.value_size != s->value_size ||
			    map_info.max_entries != s->max_entries ||
			    *slot >= 0) {
				close(fd);
				goto out;
			}
			*slot = fd;
			used = true;
		}
		if (!used)
			close(fd);
	}
	if (!have_events || !have_key || leader->prev_fd < 0 ||
	    leader->diff_fd < 0 || leader->followers_fd < 0 ||
	    leader->sessions_fd < 0 || leader->busy_fd < 0)
		goto out;
	if (map_id_of(leader->diff_fd, &diff_id) ||
	    diff_id != value->diff_map_id)
		goto out;
	return 0;
out:
	leader__close(leader);
	return err;
}

static int leader__open_events(struct bperf_leader_bpf *skel,
			       const struct bperf_attr_key *key,
			       const char *name)
{
	struct perf_cpu_map *online = cpu_map__new_online();
	struct perf_event_attr attr;
	int events_fd = bpf_map__fd(skel->maps.events);
	int err = 0, opened = 0;

	if (!online)
		return bperf__fail(-errno, "cannot read the online CPUs: %s",
				   strerror(errno));
	bperf__leader_attr(key, &attr);
	for (int i = 0; i < online->nr; i++) {
		__u32 cpu = online->map[i];
		int fd;

		fd = syscall(SYS_perf_event_open, &attr, -1, (int)cpu, -1,
			     PERF_FLAG_FD_CLOEXEC);
		if (fd < 0) {
			err = -errno;
			if (err == -ENOENT || err == -EOPNOTSUPP ||
			    err == -ENODEV || err == -ENXIO ||
			    (err == -EINVAL && !opened))
				err = -EOPNOTSUPP;
			else
				bperf__fail(
					err,
					"cannot open '%s' on CPU %u for the bperf leader: %s",
					name, cpu, strerror(-err));
			if (err == -EACCES || err == -EPERM)
				bperf__hint(
					"bperf needs root, or CAP_PERFMON and CAP_BPF");
			break;
		}
		/* The map keeps the event (BPF_F_PRESERVE_ELEMS). */
		if (bpf_map_update_elem(events_fd, &cpu, &fd, BPF_ANY)) {
			err = bperf__fail(
				-errno, "cannot install '%s' in the leader: %s",
				name, strerror(errno));
			close(fd);
			break;
		}
		close(fd);
		opened++;
	}
	cpu_map__put(online);
	return err;
}

/*
 * Under the lock: drop the entries whose leader is gone (their last
 * session was killed), so that the attr map does not fill up with them.
 */
static void attr_map__sweep(void)
{
	struct bperf_attr_key key, next, *stale = NULL;
	int fd = bperf_session.attr_map_fd, nr = 0, cap = 0;
	struct bperf_attr_value value;
	bool first = true;

	while (!bpf_map_get_next_key(fd, first ? NULL : &key, &next)) {
		int link_fd;

		first = false;
		key = next;
		if (bpf_map_lookup_elem(fd, &key, &value))
			continue;
		link_fd = bpf_link_get_fd_by_id(value.link_id);
		if (link_fd >= 0) {
			close(link_fd);
			continue;
		}
		if (errno != ENOENT)
			continue;
		if (nr == cap) {
			struct bperf_attr_key *more;

			cap = cap ? 2 * cap : 16;
			more = realloc(stale, cap * sizeof(*stale));
			if (!more)
				break;
			stale = more;
		}
		stale[nr++] = key;
	}
	for (int i = 0; i < nr; i++)
		bpf_map_delete_elem(fd, &stale[i]);
	free(stale);
}

/* Load, fill and attach a new leader, and publish it in the attr map. */
static int leader__create(const struct bperf_attr_key *key, const char *name,
			  struct bperf_leader *leader)
{
	struct bperf_attr_value value = {};
	struct bpf_link_info info = {};
	__u32 len = sizeof(info);
	struct bperf_leader_bpf *skel;
	struct bpf_link *link;
	int err;

	skel = bperf_leader_bpf__open();
	if (!skel)
		return bperf__fail(-errno, "cannot open the bperf leader: %s",
				   strerror(errno));
	leader->skel = skel;
	bpf_map__set_max_entries(skel->maps.events, bperf_session.nr_possible);
	skel->rodata->event_key = *key;
	err = bperf_leader_bpf__load(skel);
	if (err) {
		bperf__fail(err, "cannot load the bperf leader: %s",
			    strerror(-err));
		if (err == -EPERM)
			bperf__hint(
				"bperf needs root, or CAP_BPF and CAP_PERFMON");
		goto err_out;
	}
	/* Events first: attached before, the leader would read ENOENT. */
	err = leader__open_events(skel, key, name);
	if (err)
		goto err_out;
	link = bpf_program__attach_raw_tracepoint(skel->progs.on_switch,
						  BPERF_LEADER_TP);
	if (!link) {
		err = bperf__fail(
			-errno,
			"cannot attach the bperf leader to sched_switch: %s",
			strerror(errno));
		goto err_out;
	}
	skel->links.on_switch = link;

	leader->link_fd = dup(bpf_link__fd(link));
	leader->prog_fd = dup(bpf_program__fd(skel->progs.on_switch));
	leader->prev_fd = dup(bpf_map__fd(skel->maps.prev_readings));
	leader->diff_fd = dup(bpf_map__fd(skel->maps.diff_readings));
	leader->followers_fd = dup(bpf_map__fd(skel->maps.followers));
	leader->sessions_fd = dup(bpf_map__fd(skel->maps.sessions));
	leader->busy_fd = dup(bpf_map__fd(skel->maps.chain_busy));
	if (leader->link_fd < 0 || leader->prog_fd < 0 || leader->prev_fd < 0 ||
	    leader->diff_fd < 0 || leader->followers_fd < 0 ||
	    leader->sessions_fd < 0 || leader->busy_fd < 0) {
		err = bperf__fail(-errno, "dup: %s", strerror(errno));
		goto err_out;
	}
	if (bpf_obj_get_info_by_fd(leader->link_fd, &info, &len)) {
		err = bperf__fail(-errno, "bpf link info: %s", strerror(errno));
		goto err_out;
	}
	leader->link_id = info.id;
	value.link_id = info.id;
	err = map_id_of(leader->diff_fd, &value.diff_map_id);
	if (err) {
		bperf__fail(err, "bpf map info: %s", strerror(-err));
		goto err_out;
	}
	if (bpf_map_update_elem(bperf_session.attr_map_fd, key, &value,
				BPF_ANY)) {
		err = bperf__fail(-errno, "cannot update the attr map: %s",
				  strerror(errno));
		if (errno == E2BIG)
			bperf__hint(
				"the attr map is full: remove it (no session running) to start afresh");
		goto err_out;
	}
	return 0;
err_out:
	leader__close(leader);
	return err;
}

/* ---- registry and chain (under the lock) -------------------------------- */

static int registry__read(int sessions_fd, struct bperf_session *reg)
{
	static __u32 keys[BPERF_MAX_SESSIONS + 1];
	__u32 count = BPERF_MAX_SESSIONS + 1, out_batch;

	/* One syscall for the whole table where the kernel has batches. */
	if (!bpf_map_lookup_batch(sessions_fd, NULL, &out_batch, keys, reg,
				  &count, NULL) ||
	    (errno == ENOENT && count == BPERF_MAX_SESSIONS + 1))
		return 0;
	for (__u32 i = 0; i <= BPERF_MAX_SESSIONS; i++) {
		if (bpf_map_lookup_elem(sessions_fd, &i, &reg[i]))
			return -errno;
	}
	return 0;
}

/*
 * Drop the sessions whose token is gone and their followers, remove chain
 * slots nobody live owns, and rewrite the chain length.  Returns the number
 * of live sessions (this process's included), or a negative errno.
 */
static int registry__reclaim(struct bperf_leader *leader,
			     struct bperf_session *reg)
{
	bool owned[BPERF_MAX_FOLLOWERS] = {};
	struct bperf_session empty = {}, header = {};
	__u32 zero = 0;
	int live = 0, err;

	err = registry__read(leader->sessions_fd, reg);
	if (err)
		return err;
	for (__u32 i = 1; i <= BPERF_MAX_SESSIONS; i++) {
		if (!reg[i].token_id)
			continue;
		if (!token_alive(reg[i].token_id)) {
			pr_debug(
				"bperf: reclaiming the entry of dead session %u",
				reg[i].pid);
			if (reg[i].slot) {
				__u32 s = reg[i].slot - 1;

				bpf_map_delete_elem(leader->followers_fd, &s);
			}
			bpf_map_update_elem(leader->sessions_fd, &i, &empty,
					    BPF_ANY);
			reg[i] = empty;
			continue;
		}
		live++;
		if (reg[i].slot && reg[i].slot <= BPERF_MAX_FOLLOWERS)
			owned[reg[i].slot - 1] = true;
	}
	for (__u32 s = 0; s < BPERF_MAX_FOLLOWERS; s++) {
		__u32 prog_id;

		if (owned[s]) {
			header.chain_len = s + 1;
			continue;
		}
		if (!bpf_map_lookup_elem(leader->followers_fd, &s, &prog_id))
			bpf_map_delete_elem(leader->followers_fd, &s);
	}
	reg[0].chain_len = header.chain_len;
	if (bpf_map_update_elem(leader->sessions_fd, &zero, &header, BPF_ANY))
		return -errno;
	return live;
}

static int registry__add(struct bperf_leader *leader,
			 const struct bperf_session *reg, int slot)
{
	struct bperf_session entry = {
		.token_id = bperf_session.token_id,
		.pid = getpid(),
		.slot = slot >= 0 ? slot + 1 : 0,
	};

	for (__u32 i = 1; i <= BPERF_MAX_SESSIONS; i++) {
		if (reg[i].token_id)
			continue;
		if (bpf_map_update_elem(leader->sessions_fd, &i, &entry,
					BPF_ANY))
			return -errno;
		return i;
	}
	return -ENOSPC;
}

static int chain__free_slot(const struct bperf_session *reg)
{
	bool used[BPERF_MAX_FOLLOWERS] = {};

	for (int i = 1; i <= BPERF_MAX_SESSIONS; i++) {
		if (reg[i].token_id && reg[i].slot)
			used[reg[i].slot - 1] = true;
	}
	for (int s = 0; s < BPERF_MAX_FOLLOWERS; s++) {
		if (!used[s])
			return s;
	}
	return -ENOSPC;
}

static int chain__set_len(struct bperf_leader *leader, __u32 len)
{
	struct bperf_session header = { .chain_len = len };
	__u32 zero = 0;

	if (bpf_map_update_elem(leader->sessions_fd, &zero, &header, BPF_ANY))
		return -errno;
	return 0;
}

/* ---- follower ------------------------------------------------------------ */

static int follower__load(struct bperf_counter *bc, struct evsel *evsel,
			  struct target *target)
{
	struct bperf_follower_bpf *skel;
	int err, filter_fd;
	__u32 one_slot = 0;
	bool inherit, from_exec;

	skel = bperf_follower_bpf__open();
	if (!skel)
		return bperf__fail(-errno, "cannot open the bperf follower: %s",
				   strerror(errno));
	bc->follower = skel;
	skel->rodata->filter_kind = bc->filter_kind;
	skel->rodata->slot = bc->follower_slot;
	if (bpf_map__reuse_fd(skel->maps.diff_readings, bc->leader.diff_fd) ||
	    bpf_map__reuse_fd(skel->maps.followers, bc->leader.followers_fd) ||
	    bpf_map__reuse_fd(skel->maps.sessions, bc->leader.sessions_fd) ||
	    bpf_map__reuse_fd(skel->maps.chain_busy, bc->leader.busy_fd))
		return bperf__fail(-errno, "cannot share the leader's maps: %s",
				   strerror(errno));
	bpf_map__set_max_entries(skel->maps.filter, BPERF_FILTER_ENTRIES);
	bpf_map__set_max_entries(skel->maps.accum, bc->nr_slots);
	inherit = bc->filter_kind == BPERF_FILTER_TGID && target->inherit;
	bpf_program__set_autoload(skel->progs.on_fork, inherit);
	bpf_program__set_autoload(skel->progs.on_free, inherit);
	/* A workload is counted from its exec, as perf's enable_on_exec. */
	from_exec = bc->filter_kind == BPERF_FILTER_TGID &&
		    target->workload_pid > 0 && evsel->attr.enable_on_exec;
	bpf_program__set_autoload(skel->progs.on_exec, from_exec);
	if (from_exec)
		skel->rodata->exec_pid = target->workload_pid;
	err = bperf_follower_bpf__load(skel);
	if (err) {
		bperf__fail(err, "cannot load the bperf follower: %s",
			    strerror(-err));
		if (err == -EPERM)
			bperf__hint(
				"bperf needs root, or CAP_BPF and CAP_PERFMON");
		return err;
	}

	filter_fd = bpf_map__fd(skel->maps.filter);
	for (int t = 0; bc->filter_kind != BPERF_FILTER_CGROUP && !from_exec &&
			t < evsel->threads->nr;
	     t++) {
		__u64 id = evsel->threads->map[t];
		__u32 idx = bc->filter_kind == BPERF_FILTER_TID ? (__u32)t :
								  one_slot;

		if (bc->filter_kind == BPERF_FILTER_TGID && target->pid) {
			/* -p: count the thread's whole process. */
			char path[64], line[256];
			FILE *f;

			snprintf(path, sizeof(path), "/proc/%llu/status",
				 (unsigned long long)id);
			f = fopen(path, "r");
			if (!f)
				continue; /* gone already */
			while (fgets(line, sizeof(line), f)) {
				if (!strncmp(line, "Tgid:", 5)) {
					id = strtoull(line + 5, NULL, 10);
					break;
				}
			}
			fclose(f);
		}
		if (bpf_map_update_elem(filter_fd, &id, &idx, BPF_ANY))
			return bperf__fail(
				-errno, "cannot fill the follower filter: %s",
				strerror(errno));
	}
	if (from_exec) {
		int leader_fd = bc->leader.prog_fd;
		__u32 zero = 0;

		if (bpf_map_update_elem(bpf_map__fd(skel->maps.leader_entry),
					&zero, &leader_fd, BPF_ANY))
			return bperf__fail(
				-errno,
				"cannot hand the leader to the exec hook: %s",
				strerror(errno));
		bc->exec_link = bpf_program__attach_raw_tracepoint(
			skel->progs.on_exec, "sched_process_exec");
		if (!bc->exec_link)
			return bperf__fail(
				-errno,
				"cannot attach to sched_process_exec: %s",
				strerror(errno));
	}
	if (inherit) {
		bc->free_link = bpf_program__attach(skel->progs.on_free);
		bc->fork_link = bpf_program__attach(skel->progs.on_fork);
		if (!bc->fork_link || !bc->free_link)
			return bperf__fail(
				-errno,
				"cannot follow new processes (tp_btf/sched_process_fork): %s",
				strerror(errno));
	}
	return 0;
}

static int follower__install(struct bperf_counter *bc)
{
	struct bpf_prog_info info = {};
	__u32 len = sizeof(info), s = bc->follower_slot;
	int prog_fd = bpf_program__fd(bc->follower->progs.follow_switch);

	if (bpf_map_update_elem(bc->leader.followers_fd, &s, &prog_fd, BPF_ANY))
		return bperf__fail(
			-errno, "cannot chain the follower to the leader: %s",
			strerror(errno));
	if (bpf_obj_get_info_by_fd(prog_fd, &info, &len))
		return bperf__fail(-errno, "bpf prog info: %s",
				   strerror(errno));
	bc->follower_prog_id = info.id;
	return 0;
}

/* Is our follower still in the chain?  (A dying leader loses it.) */
static bool follower__chained(struct bperf_counter *bc)
{
	__u32 s = bc->follower_slot, id;

	if (!bc->follower)
		return true;
	return !bpf_map_lookup_elem(bc->leader.followers_fd, &s, &id) &&
	       id == bc->follower_prog_id;
}

/* ---- the backend ---------------------------------------------------------- */

static bool evsel__cpu_scoped(const struct evsel *evsel)
{
	return evsel->cpus->nr > 0 && evsel->cpus->map[0] >= 0;
}

/*
 * Under the lock: find or create the leader of bc->key, register this
 * session, chain its follower.  Returns 0 or a negative errno.
 */
static int bperf__join(struct bperf_counter *bc, struct evsel *evsel,
		       struct target *target)
{
	struct bperf_session *reg;
	struct bperf_attr_value value;
	int err, live = 0;
	bool created = false;

	reg = calloc(BPERF_MAX_SESSIONS + 1, sizeof(*reg));
	if (!reg)
		return bperf__fail(-ENOMEM, "out of memory");

	if (!bpf_map_lookup_elem(bperf_session.attr_map_fd, &bc->key, &value)) {
		err = leader__take(&bc->key, &value, &bc->leader);
		if (err == -EINVAL)
			pr_warning(
				"bperf: the attr map entry of '%s' points at something that is not a bperf leader; replacing it",
				evsel->name);
		if (!err) {
			live = registry__reclaim(&bc->leader, reg);
			if (live <= 0) {
				/* Nobody holds it: it is going away. */
				pr_debug(
					"bperf: leader of '%s' has no live session; replacing it",
					evsel->name);
				leader__close(&bc->leader);
				err = -ENOENT;
			}
		}
	} else {
		err = -ENOENT;
	}
	if (err) {
		attr_map__sweep();
		err = leader__create(&bc->key, evsel->name, &bc->leader);
		if (err)
			goto out;
		created = true;
		err = registry__reclaim(&bc->leader, reg);
		if (err < 0) {
			bperf__fail(err, "bperf registry: %s", strerror(-err));
			goto out;
		}
	}
	pr_debug("bperf: %s leader of '%s' (link %u)",
		 created ? "created" : "joined", evsel->name,
		 bc->leader.link_id);

	bc->follower_slot = -1;
	if (bc->filter_kind) {
		bc->follower_slot = chain__free_slot(reg);
		if (bc->follower_slot < 0) {
			err = bperf__fail(
				-E2BIG,
				"'%s' already has %d task-scoped bperf sessions, the most one leader can chain",
				evsel->name, BPERF_MAX_FOLLOWERS);
			bperf__hint(
				"count this event without --use-bpf, or end another session");
			goto out;
		}
	}
	bc->session_idx = registry__add(&bc->leader, reg, bc->follower_slot);
	if (bc->session_idx < 0) {
		err = bperf__fail(-E2BIG, "'%s' already has %d bperf sessions",
				  evsel->name, BPERF_MAX_SESSIONS);
		goto out;
	}
	if (bc->filter_kind) {
		err = follower__load(bc, evsel, target);
		if (err)
			goto out;
		err = follower__install(bc);
		if (err)
			goto out;
		if ((__u32)bc->follower_slot + 1 > reg[0].chain_len)
			err = chain__set_len(&bc->leader,
					     bc->follower_slot + 1);
		if (err) {
			bperf__fail(err, "bperf chain: %s", strerror(-err));
			goto out;
		}
	}
	err = 0;
out:
	free(reg);
	return err;
}

/* Under the lock: leave the chain and the registry. */
static void bperf__leave(struct bperf_counter *bc)
{
	struct bperf_session empty = {}, *reg;
	struct bperf_attr_value value;
	__u32 idx;
	int live;

	if (bc->leader.sessions_fd < 0)
		return;
	if (bc->follower && bc->follower_prog_id && follower__chained(bc)) {
		idx = bc->follower_slot;
		bpf_map_delete_elem(bc->leader.followers_fd, &idx);
	}
	if (bc->session_idx > 0) {
		idx = bc->session_idx;
		bpf_map_update_elem(bc->leader.sessions_fd, &idx, &empty,
				    BPF_ANY);
	}
	reg = calloc(BPERF_MAX_SESSIONS + 1, sizeof(*reg));
	if (!reg)
		return;
	live = registry__reclaim(&bc->leader, reg);
	free(reg);
	/* The last one out unpublishes the leader; the kernel frees it. */
	if (live == 0 &&
	    !bpf_map_lookup_elem(bperf_session.attr_map_fd, &bc->key, &value) &&
	    value.link_id == bc->leader.link_id)
		bpf_map_delete_elem(bperf_session.attr_map_fd, &bc->key);
}

static int bperf__sync(struct bperf_counter *bc)
{
	for (int i = 0; i < bc->sync_cpus->nr; i++) {
		LIBBPF_OPTS(bpf_test_run_opts, opts,
			    .flags = BPF_F_TEST_RUN_ON_CPU,
			    .cpu = bc->sync_cpus->map[i]);

		if (bpf_prog_test_run_opts(bc->leader.prog_fd, &opts)) {
			int err = -errno;

			if (err == -ENXIO || err == -ENODEV)
				continue; /* CPU went offline */
			bperf__fail(
				err,
				"cannot sync the bperf leader on CPU %d: %s",
				bc->sync_cpus->map[i], strerror(-err));
			if (err == -EINVAL)
				bperf__hint(
					"the kernel lacks BPF_PROG_TEST_RUN with BPF_F_TEST_RUN_ON_CPU for raw tracepoints (Linux 5.10+)");
			return err;
		}
	}
	return 0;
}

/* Read the raw per-CPU readings of the evsel's slots into out. */
static int bperf__read_raw(struct bperf_evsel *be, struct bperf_reading *out)
{
	struct bperf_counter *bc = be->counter;
	int fd = bc->follower ? bpf_map__fd(bc->follower->maps.accum) :
				bc->leader.prev_fd;

	for (int i = 0; i < be->nr_slots; i++) {
		__u32 s = be->first_slot + i;

		if (bpf_map_lookup_elem(fd, &s,
					out + i * bperf_session.nr_possible))
			return bperf__fail(-errno,
					   "cannot read bperf counts: %s",
					   strerror(errno));
	}
	return 0;
}

static int bperf__snapshot(struct bperf_evsel *be, struct bperf_reading *out)
{
	int err = bperf__sync(be->counter);

	if (err)
		return err;
	if (!follower__chained(be->counter))
		return bperf__fail(
			-ESTALE,
			"the bperf follower was removed from its leader's chain; counts would be wrong");
	return bperf__read_raw(be, out);
}

static void bperf_counter__put(struct bperf_counter *bc)
{
	struct bperf_counter **p;

	if (!bc || --bc->refcnt > 0)
		return;
	for (p = &bperf_cgroup_counters; *p; p = &(*p)->next) {
		if (*p == bc) {
			*p = bc->next;
			break;
		}
	}
	if (bc->leader.sessions_fd >= 0 && !bperf__lock()) {
		bperf__leave(bc);
		bperf__unlock();
	}
	bpf_link__destroy(bc->fork_link);
	bpf_link__destroy(bc->free_link);
	bpf_link__destroy(bc->exec_link);
	close_fd(&bc->tick_fd);
	bperf_follower_bpf__destroy(bc->follower);
	leader__close(&bc->leader);
	cpu_map__put(bc->sync_cpus);
	free(bc);
	bperf__session_put();
}

/* Join the leader of evsel's event: a new bperf_counter, or NULL + errno. */
static struct bperf_counter *
bperf_counter__new(struct evsel *evsel, struct target *target, const char *path)
{
	struct bperf_counter *bc;
	int err;

	bc = calloc(1, sizeof(*bc));
	if (!bc) {
		errno = -bperf__fail(-ENOMEM, "out of memory");
		return NULL;
	}
	bc->leader = (struct bperf_leader){ .link_fd = -1,
					    .prog_fd = -1,
					    .prev_fd = -1,
					    .diff_fd = -1,
					    .followers_fd = -1,
					    .sessions_fd = -1,
					    .busy_fd = -1 };
	bc->session_idx = -1;
	bc->tick_fd = -1;
	bc->refcnt = 1;
	err = bperf__session_get(path);
	if (err) {
		free(bc);
		errno = -err;
		return NULL;
	}
	bperf__attr_key(&evsel->attr, &bc->key);
	if (evsel->cgrp) {
		bc->filter_kind = BPERF_FILTER_CGROUP;
		bc->nr_slots = BPERF_MAX_CGROUP_SLOTS;
		bc->sync_cpus =
			cpu_map__new_from(evsel->cpus->map, evsel->cpus->nr);
	} else if (evsel__cpu_scoped(evsel)) {
		bc->nr_slots = 1;
		bc->sync_cpus =
			cpu_map__new_from(evsel->cpus->map, evsel->cpus->nr);
	} else {
		bc->filter_kind = (target->tid || target->per_thread) ?
					  BPERF_FILTER_TID :
					  BPERF_FILTER_TGID;
		bc->nr_slots = bc->filter_kind == BPERF_FILTER_TID ?
				       evsel->threads->nr :
				       1;
		bc->sync_cpus = cpu_map__new_online();
	}
	if (!bc->sync_cpus) {
		err = bperf__fail(-ENOMEM, "out of memory");
		goto err_out;
	}
	err = bperf__lock();
	if (err)
		goto err_out;
	err = bperf__join(bc, evsel, target);
	bperf__unlock();
	if (err)
		goto err_out;
	/* Fail now, not at enable, where the kernel cannot sync a CPU. */
	err = bperf__sync(bc);
	if (err)
		goto err_out;
	if (bc->filter_kind == BPERF_FILTER_CGROUP) {
		/*
		 * A task moved to another cgroup counts for the new one from
		 * its next leader run; a busy task may not be switched out for
		 * long, so run the leader on every tick too while this
		 * session lives.
		 */
		bc->tick_fd = bpf_raw_tracepoint_open(BPERF_TICK_TP,
						      bc->leader.prog_fd);
		if (bc->tick_fd < 0) {
			err = bperf__fail(
				-errno,
				"cannot attach the bperf leader to %s: %s",
				BPERF_TICK_TP, strerror(errno));
			goto err_out;
		}
		bc->next = bperf_cgroup_counters;
		bperf_cgroup_counters = bc;
	}
	return bc;
err_out:
	bperf_counter__put(bc);
	errno = -err;
	return NULL;
}

/*
 * A cgroup evsel takes a slot of its event's cgroup follower in this
 * session, creating the follower for the first one.
 */
static int bperf_evsel__cgroup_slot(struct bperf_evsel *be, struct evsel *evsel,
				    struct target *target, const char *path)
{
	struct bperf_attr_key key;
	struct bperf_counter *bc;
	__u64 id = evsel->cgrp->id;
	__u32 slot;
	int filter_fd;

	bperf__attr_key(&evsel->attr, &key);
	for (bc = bperf_cgroup_counters; bc; bc = bc->next) {
		if (!memcmp(&bc->key, &key, sizeof(key)) &&
		    bc->sync_cpus->nr == evsel->cpus->nr &&
		    !memcmp(bc->sync_cpus->map, evsel->cpus->map,
			    evsel->cpus->nr * sizeof(int)))
			break;
	}
	if (bc) {
		bc->refcnt++;
	} else {
		bc = bperf_counter__new(evsel, target, path);
		if (!bc)
			return -errno;
	}
	be->counter = bc;
	filter_fd = bpf_map__fd(bc->follower->maps.filter);
	if (bpf_map_lookup_elem(filter_fd, &id, &slot)) {
		if (bc->cgroup_slots_used >= bc->nr_slots)
			return bperf__fail(
				-E2BIG,
				"more than %d cgroups for '%s' in one session",
				bc->nr_slots, evsel->name);
		slot = bc->cgroup_slots_used++;
		if (bpf_map_update_elem(filter_fd, &id, &slot, BPF_NOEXIST))
			return bperf__fail(-errno,
					   "cannot fill the cgroup filter: %s",
					   strerror(errno));
	}
	be->first_slot = slot;
	be->nr_slots = 1;
	return 0;
}

static int bperf_counter__destroy(struct evsel *evsel);

static int bperf_counter__load(struct evsel *evsel, struct target *target)
{
	const char *path = target->attr_map ? target->attr_map :
					      BPERF_DEFAULT_ATTR_MAP;
	struct bperf_evsel *be;
	size_t nr_readings;
	int err;

	be = calloc(1, sizeof(*be));
	if (!be)
		return bperf__fail(-ENOMEM, "out of memory");
	evsel->priv = be;
	bperf_errmsg[0] = '\0';
	if (evsel->cgrp) {
		err = bperf_evsel__cgroup_slot(be, evsel, target, path);
		if (err)
			goto err_out;
	} else {
		be->counter = bperf_counter__new(evsel, target, path);
		if (!be->counter) {
			err = -errno;
			goto err_out;
		}
		be->nr_slots = be->counter->nr_slots;
	}
	nr_readings = (size_t)be->nr_slots * bperf_session.nr_possible;
	be->base = calloc(nr_readings, sizeof(*be->base));
	be->now = calloc(nr_readings, sizeof(*be->now));
	if (!be->base || !be->now || evsel__alloc_counts(evsel)) {
		err = bperf__fail(-ENOMEM, "out of memory");
		goto err_out;
	}
	return 0;
err_out:
	bperf_counter__destroy(evsel);
	/* Only an event the machine cannot count is "not supported". */
	if (err == -ENOENT || err == -ENODEV)
		err = -ENXIO;
	return err;
}

static int bperf_counter__enable(struct evsel *evsel)
{
	struct bperf_evsel *be = evsel->priv;
	int err;

	err = bperf__snapshot(be, be->base);
	if (err)
		return err;
	memcpy(be->now, be->base,
	       (size_t)be->nr_slots * bperf_session.nr_possible *
		       sizeof(*be->now));
	be->enabled = true;
	be->frozen = false;
	evsel->counted = true;
	return 0;
}

static int bperf_counter__disable(struct evsel *evsel)
{
	struct bperf_evsel *be = evsel->priv;
	struct bperf_counter *bc;
	int err;

	if (!be->enabled || be->frozen)
		return 0;
	err = bperf__snapshot(be, be->now);
	if (err)
		return err;
	be->frozen = true;
	bc = be->counter;
	if (bc->follower && bc->follower->bss->lost_tasks && !bc->lost_warned) {
		/* Never count silently wrong. */
		pr_warning(
			"bperf: %llu new processes of the workload were not counted in '%s': the follower's filter was full",
			(unsigned long long)bc->follower->bss->lost_tasks,
			evsel->name);
		bc->lost_warned = true;
	}
	return 0;
}

static int bperf_counter__read(struct evsel *evsel)
{
	struct bperf_evsel *be = evsel->priv;
	int err;

	if (be->enabled && !be->frozen) {
		err = bperf__snapshot(be, be->now);
		if (err)
			return err;
	}
	bperf__fold(evsel->counts, evsel->cpus, bperf_session.nr_possible,
		    evsel__cpu_scoped(evsel), be->nr_slots, be->now, be->base);
	return 0;
}

static int bperf_counter__destroy(struct evsel *evsel)
{
	struct bperf_evsel *be = evsel->priv;

	if (!be)
		return 0;
	bperf_counter__put(be->counter);
	free(be->base);
	free(be->now);
	free(be);
	evsel->priv = NULL;
	return 0;
}

static void bperf_counter__strerror(const struct evsel *evsel, int err,
				    char *msg, size_t msglen, char *hint,
				    size_t hintlen)
{
	if (bperf_errmsg[0])
		snprintf(msg, msglen, "bperf: %s", bperf_errmsg);
	else
		snprintf(msg, msglen, "bperf: '%s': %s", evsel->name,
			 strerror(-err));
	snprintf(hint, hintlen, "%s", bperf_errhint);
}

const struct counter_ops bperf_counter_ops = {
	.name = "bperf",
	.load = bperf_counter__load,
	.enable = bperf_counter__enable,
	.disable = bperf_counter__disable,
	.read = bperf_counter__read,
	.destroy = bperf_counter__destroy,
	.strerror = bperf_counter__strerror,
};

/* ---- what is shared right now --------------------------------------------- */

static const char *const bperf_hw_names[] = {
	[PERF_COUNT_HW_CPU_CYCLES] = "cycles",
	[PERF_COUNT_HW_INSTRUCTIONS] = "instructions",
	[PERF_COUNT_HW_CACHE_REFERENCES] = "cache-references",
	[PERF_COUNT_HW_CACHE_MISSES] = "cache-misses",
	[PERF_COUNT_HW_BRANCH_INSTRUCTIONS] = "branches",
	[PERF_COUNT_HW_BRANCH_MISSES] = "branch-misses",
	[PERF_COUNT_HW_BUS_CYCLES] = "bus-cycles",
	[PERF_COUNT_HW_STALLED_CYCLES_FRONTEND] = "stalled-cycles-frontend",
	[PERF_COUNT_HW_STALLED_CYCLES_BACKEND] = "stalled-cycles-backend",
	[PERF_COUNT_HW_REF_CPU_CYCLES] = "ref-cycles",
};

static const char *const bperf_sw_names[] = {
	[PERF_COUNT_SW_CPU_CLOCK] = "cpu-clock",
	[PERF_COUNT_SW_TASK_CLOCK] = "task-clock",
	[PERF_COUNT_SW_PAGE_FAULTS] = "page-faults",
	[PERF_COUNT_SW_CONTEXT_SWITCHES] = "context-switches",
	[PERF_COUNT_SW_CPU_MIGRATIONS] = "cpu-migrations",
	[PERF_COUNT_SW_PAGE_FAULTS_MIN] = "minor-faults",
	[PERF_COUNT_SW_PAGE_FAULTS_MAJ] = "major-faults",
	[PERF_COUNT_SW_ALIGNMENT_FAULTS] = "alignment-faults",
	[PERF_COUNT_SW_EMULATION_FAULTS] = "emulation-faults",
};

/* A readable name for an attr key: "cpu-clock:u", "type=8,config=0x1". */
void bperf__key_name(const struct bperf_attr_key *key, char *buf, size_t size)
{
	const char *name = NULL;
	char mods[8] = "";
	size_t n = 0;

	if (key->type == PERF_TYPE_HARDWARE && !key->config1 && !key->config2 &&
	    key->config < sizeof(bperf_hw_names) / sizeof(bperf_hw_names[0]))
		name = bperf_hw_names[key->config];
	else if (key->type == PERF_TYPE_SOFTWARE && !key->config1 &&
		 !key->config2 &&
		 key->config <
			 sizeof(bperf_sw_names) / sizeof(bperf_sw_names[0]))
		name = bperf_sw_names[key->config];
	if ((key->exclude & (BPERF_EXCLUDE_KERNEL | BPERF_EXCLUDE_USER)) ==
	    BPERF_EXCLUDE_KERNEL)
		mods[n++] = 'u';
	else if ((key->exclude & (BPERF_EXCLUDE_KERNEL | BPERF_EXCLUDE_USER)) ==
		 BPERF_EXCLUDE_USER)
		mods[n++] = 'k';
	mods[n] = '\0';
	if (name)
		snprintf(buf, size, "%s%s%s", name, n ? ":" : "", mods);
	else
		snprintf(buf, size,
			 "type=%u,config=%#llx,config1=%#llx,config2=%#llx%s%s",
			 key->type, (unsigned long long)key->config,
			 (unsigned long long)key->config1,
			 (unsigned long long)key->config2, n ? ":" : "", mods);
}

struct bperf_leader_state {
	const char *state; /* live, dying, stale, foreign */
	__u32 prog_id;
	int sessions;
	int followers;
	char pids[256];
};

static void bperf__leader_state(const struct bperf_attr_key *key,
				const struct bperf_attr_value *value,
				struct bperf_session *reg,
				struct bperf_leader_state *st)
{
	struct bperf_leader leader = { .link_fd = -1,
				       .prog_fd = -1,
				       .prev_fd = -1,
				       .diff_fd = -1,
				       .followers_fd = -1,
				       .sessions_fd = -1,
				       .busy_fd = -1 };
	struct bpf_prog_info info = {};
	__u32 len = sizeof(info);
	size_t n = 0;
	int err;

	memset(st, 0, sizeof(*st));
	err = leader__take(key, value, &leader);
	if (err) {
		st->state = err == -ENOENT ? "stale" : "foreign";
		return;
	}
	if (!bpf_obj_get_info_by_fd(leader.prog_fd, &info, &len))
		st->prog_id = info.id;
	if (registry__read(leader.sessions_fd, reg)) {
		st->state = "unreadable";
		goto out;
	}
	for (int i = 1; i <= BPERF_MAX_SESSIONS; i++) {
		if (!token_alive(reg[i].token_id))
			continue;
		st->sessions++;
		if (reg[i].slot)
			st->followers++;
		if (n < sizeof(st->pids) - 16)
			n += snprintf(st->pids + n, sizeof(st->pids) - n,
				      "%s%u", n ? "," : "", reg[i].pid);
	}
	st->state = st->sessions ? "live" : "dying";
out:
	leader__close(&leader);
}

int bperf__list(const char *path, bool json, FILE *out, char *err,
		size_t errlen)
{
	struct bperf_attr_key key, next;
	struct bperf_session *reg;
	int fd, ret = 0, nr = 0;
	bool first = true;

	bperf_errmsg[0] = '\0';
	ret = bpf_fs_check(path);
	if (!ret) {
		fd = attr_map__open(path);
		if (fd == -ENOENT) {
			if (!json)
				fprintf(out,
					"no bperf attr map at %s: nothing is shared\n",
					path);
			return 0;
		}
		ret = fd < 0 ? fd : 0;
	}
	if (ret) {
		snprintf(err, errlen, "%s", bperf_errmsg);
		return ret;
	}
	reg = calloc(BPERF_MAX_SESSIONS + 1, sizeof(*reg));
	if (!reg) {
		close(fd);
		snprintf(err, errlen, "out of memory");
		return -ENOMEM;
	}
	if (!json)
		fprintf(out, "%-28s %8s %8s %8s %8s %9s  %-7s %s\n", "EVENT",
			"LINK", "PROG", "DIFFMAP", "SESSIONS", "FOLLOWERS",
			"STATE", "PIDS");
	while (!bpf_map_get_next_key(fd, first ? NULL : &key, &next)) {
		struct bperf_attr_value value;
		struct bperf_leader_state st;
		char name[128];

		first = false;
		key = next;
		if (bpf_map_lookup_elem(fd, &key, &value))
			continue;
		bperf__leader_state(&key, &value, reg, &st);
		bperf__key_name(&key, name, sizeof(name));
		nr++;
		if (json)
			fprintf(out,
				"{\"event\": \"%s\", \"type\": %u, \"config\": %llu, \"config1\": %llu, \"config2\": %llu, \"exclude\": %u, \"link_id\": %u, \"prog_id\": %u, \"diff_map_id\": %u, \"sessions\": %d, \"followers\": %d, \"pids\": [%s], \"state\": \"%s\"}\n",
				name, key.type, (unsigned long long)key.config,
				(unsigned long long)key.config1,
				(unsigned long long)key.config2, key.exclude,
				value.link_id, st.prog_id, value.diff_map_id,
				st.sessions, st.followers, st.pids, st.state);
		else
			fprintf(out, "%-28s %8u %8u %8u %8d %9d  %-7s %s\n",
				name, value.link_id, st.prog_id,
				value.diff_map_id, st.sessions, st.followers,
				st.state, st.pids[0] ? st.pids : "-");
	}
	if (!json && !nr)
		fprintf(out, "(no leaders)\n");
	free(reg);
	close(fd);
	return 0;
}
