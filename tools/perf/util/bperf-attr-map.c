// SPDX-License-Identifier: GPL-2.0
/*
 * This process's bperf state: the privileges bperf needs, the attr map
 * (pinned in bpffs, created by the first session, checked by every
 * other), the lock that serializes attr map lookups, leader creation and
 * chain changes (flock() on a directory of our own beside the map, never
 * on a BPF fd: every BPF fd shares one inode), and the token map whose
 * existence tells other sessions that this one is alive.  Also the attr
 * key: what of a perf_event_attr decides what is counted.
 */
#include <errno.h>
#include <fcntl.h>
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
#include "bperf-priv.h"
#include "debug.h"
#include "evsel.h"

#ifndef CAP_PERFMON
#define CAP_PERFMON 38
#endif
#ifndef CAP_BPF
#define CAP_BPF 39
#endif

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

void bperf__set_key(struct evsel *evsel)
{
	bperf__attr_key(&evsel->attr, &evsel->bperf_key);
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

void bperf__close_fd(int *fd)
{
	if (*fd >= 0)
		close(*fd);
	*fd = -1;
}

int bperf__map_id(int fd, __u32 *id)
{
	struct bpf_map_info info = {};
	__u32 len = sizeof(info);

	if (bpf_obj_get_info_by_fd(fd, &info, &len))
		return -errno;
	*id = info.id;
	return 0;
}

bool bperf__token_alive(__u32 id)
{
	int fd;

	if (!id)
		return false;
	fd = bpf_map_get_fd_by_id(id);
	if (fd >= 0) {
		close(fd);
		return true;
	}
	return errno != ENOENT;
}

static int bperf__libbpf_print(enum libbpf_print_level level, const char *fmt,
			       va_list ap)
{
	if (!verbose || (level == LIBBPF_DEBUG && verbose < 2))
		return 0;
	return vfprintf(stderr, fmt, ap);
}

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

int attr_map__check_fs(const char *path, struct perf_error *e)
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
	if (statfs(dir, &fs))
		return perf_error__set(e, -errno, "attr map directory '%s': %s",
				       dir, strerror(errno));
	if (fs.f_type != BPF_FS_MAGIC) {
		perf_error__set(
			e, -ENOTDIR,
			"attr map '%s' is not on a bpf filesystem (%s is not bpffs)",
			path, dir);
		if (!strncmp(dir, "/sys/fs/bpf", 11))
			perf_error__hint(
				e, "%s",
				"mount it: mount -t bpf bpf /sys/fs/bpf");
		else
			perf_error__hint(
				e, "%s",
				"pass --attr-map with a path under a bpffs mount such as /sys/fs/bpf");
		return -ENOTDIR;
	}
	return 0;
}

/* Check that fd is a map of the attr map's shape. */
static int attr_map__check(int fd, const char *path, struct perf_error *e)
{
	struct bpf_map_info info = {};
	__u32 len = sizeof(info);

	if (!fd_is_bpf(fd, "anon_inode:bpf-map"))
		return perf_error__set(
			e, -EINVAL,
			"'%s' is pinned but is not a bpf map; refusing to use it",
			path);
	if (bpf_obj_get_info_by_fd(fd, &info, &len))
		return perf_error__set(e, -errno, "attr map '%s': %s", path,
				       strerror(errno));
	if (info.type != BPF_MAP_TYPE_HASH ||
	    info.key_size != sizeof(struct bperf_attr_key) ||
	    info.value_size != sizeof(struct bperf_attr_value))
		return perf_error__set(
			e, -EINVAL,
			"'%s' is not a bperf attr map (type %u, key %u, value %u bytes; expected hash, %zu, %zu); refusing to use it",
			path, info.type, info.key_size, info.value_size,
			sizeof(struct bperf_attr_key),
			sizeof(struct bperf_attr_value));
	return 0;
}

int attr_map__open(const char *path, struct perf_error *e)
{
	struct stat st;
	int fd, err;

	if (lstat(path, &st)) {
		if (errno == ENOENT)
			return -ENOENT;
		return perf_error__set(e, -errno, "attr map '%s': %s", path,
				       strerror(errno));
	}
	if (S_ISLNK(st.st_mode))
		return perf_error__set(
			e, -EINVAL,
			"'%s' is a symbolic link, not a pinned bperf attr map; refusing to use it",
			path);
	if (S_ISDIR(st.st_mode))
		return perf_error__set(
			e, -EISDIR,
			"'%s' is a directory, not a bperf attr map; refusing to use it",
			path);
	fd = bpf_obj_get(path);
	if (fd < 0) {
		err = -errno;
		if (err == -EPERM || err == -EACCES) {
			perf_error__set(e, err,
					"no permission to open attr map '%s'",
					path);
			perf_error__hint(e, "%s", BPERF_HINT_PRIVILEGES);
			return err;
		}
		return perf_error__set(
			e, -EINVAL,
			"'%s' exists but is not a pinned bpf object (%s); refusing to use it",
			path, strerror(-err));
	}
	err = attr_map__check(fd, path, e);
	if (err) {
		close(fd);
		return err;
	}
	return fd;
}

static int attr_map__create(const char *path, struct perf_error *e)
{
	LIBBPF_OPTS(bpf_map_create_opts, opts);
	int fd, err;

	fd = bpf_map_create(BPF_MAP_TYPE_HASH, "bperf_attr_map",
			    sizeof(struct bperf_attr_key),
			    sizeof(struct bperf_attr_value),
			    BPERF_ATTR_MAP_ENTRIES, &opts);
	if (fd < 0) {
		err = perf_error__set(e, -errno,
				      "cannot create the bperf attr map: %s",
				      strerror(errno));
		if (err == -EPERM)
			perf_error__hint(e, "%s", BPERF_HINT_PRIVILEGES);
		return err;
	}
	if (bpf_obj_pin(fd, path)) {
		err = -errno;
		close(fd);
		return perf_error__set(e, err,
				       "cannot pin the attr map at '%s': %s",
				       path, strerror(-err));
	}
	/* Only root may read or change what sessions trust. */
	chmod(path, 0600);
	return fd;
}

/* flock() a directory of our own beside the attr map, never a BPF fd. */
static int attr_map__lock_open(const char *path, struct perf_error *e)
{
	char lock_path[PATH_MAX + 8];
	int fd;

	/* bpffs refuses names with a dot. */
	snprintf(lock_path, sizeof(lock_path), "%s_lock", path);
	if (mkdir(lock_path, 0700) && errno != EEXIST)
		return perf_error__set(e, -errno, "cannot create lock '%s': %s",
				       lock_path, strerror(errno));
	fd = open(lock_path, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
	if (fd < 0)
		return perf_error__set(e, -errno, "cannot open lock '%s': %s",
				       lock_path, strerror(errno));
	return fd;
}

int bperf_process__lock(struct bperf_process *p, struct perf_error *e)
{
	while (flock(p->lock_fd, LOCK_EX)) {
		if (errno != EINTR)
			return perf_error__set(e, -errno,
					       "cannot lock the attr map: %s",
					       strerror(errno));
	}
	return 0;
}

void bperf_process__unlock(struct bperf_process *p)
{
	flock(p->lock_fd, LOCK_UN);
}

static bool cap_has(const struct __user_cap_data_struct *caps, int cap)
{
	return caps[cap / 32].effective & (1U << (cap % 32));
}

/*
 * Say which privilege is missing before touching anything: root, or
 * CAP_BPF and CAP_PERFMON (CAP_SYS_ADMIN covers both).
 */
static int bperf__check_privileges(struct perf_error *e)
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
	perf_error__set(e, -EPERM, "bperf needs %s%s%s", bpf ? "" : "CAP_BPF",
			!bpf && !perfmon ? " and " : "",
			perfmon ? "" : "CAP_PERFMON");
	perf_error__hint(
		e, "%s",
		"run as root, or grant the capabilities (setcap, capsh); plain counting without --use-bpf needs neither");
	return -EPERM;
}

/* A path bperf can pin at: short enough, on bpffs, no dot in the name. */
static int attr_map__check_path(const char *path, struct perf_error *e)
{
	const char *name = strrchr(path, '/') ? strrchr(path, '/') + 1 : path;
	int err;

	if (strlen(path) >= PATH_MAX - 8 || !*path)
		return perf_error__set(e, -ENAMETOOLONG,
				       "bad attr map path '%s'", path);
	err = attr_map__check_fs(path, e);
	if (err)
		return err;
	if (strchr(name, '.'))
		return perf_error__set(
			e, -EINVAL,
			"bad attr map path '%s': bpffs names cannot contain '.'",
			path);
	return 0;
}

/* The attr map at path: opened, or created and pinned under the lock. */
static int bperf_process__open_map(struct bperf_process *p, const char *path,
				   struct perf_error *e)
{
	int fd, err;

	/* Refuse a foreign object before leaving anything behind. */
	fd = attr_map__open(path, e);
	if (fd < 0 && fd != -ENOENT)
		return fd;
	p->lock_fd = attr_map__lock_open(path, e);
	if (p->lock_fd < 0) {
		err = p->lock_fd;
		goto err_close;
	}
	if (fd < 0) {
		err = bperf_process__lock(p, e);
		if (err)
			goto err_close;
		fd = attr_map__open(path, e);
		if (fd == -ENOENT)
			fd = attr_map__create(path, e);
		bperf_process__unlock(p);
		if (fd < 0)
			return fd;
	}
	p->attr_map_fd = fd;
	return 0;
err_close:
	if (fd >= 0)
		close(fd);
	return err;
}

int bperf_process__get(struct bperf_process *p, const char *path,
		       struct perf_error *e)
{
	LIBBPF_OPTS(bpf_map_create_opts, opts);
	int err;

	if (p->users) {
		if (strcmp(path, p->path))
			return perf_error__set(e, -EINVAL,
					       "one session uses one attr map");
		p->users++;
		return 0;
	}
	libbpf_set_print(bperf__libbpf_print);
	err = bperf__check_privileges(e);
	if (!err)
		err = attr_map__check_path(path, e);
	if (err)
		return err;
	p->nr_possible = libbpf_num_possible_cpus();
	if (p->nr_possible <= 0)
		return perf_error__set(e, -EINVAL,
				       "cannot count possible CPUs");
	err = bperf_process__open_map(p, path, e);
	if (err)
		goto err_close;
	p->token_fd = bpf_map_create(BPF_MAP_TYPE_ARRAY, "bperf_token",
				     sizeof(__u32), sizeof(__u32), 1, &opts);
	if (p->token_fd < 0) {
		err = perf_error__set(e, -errno, "cannot create a bpf map: %s",
				      strerror(errno));
		goto err_close;
	}
	err = bperf__map_id(p->token_fd, &p->token_id);
	if (err) {
		perf_error__set(e, err, "bpf map info: %s", strerror(-err));
		goto err_close;
	}
	snprintf(p->path, sizeof(p->path), "%s", path);
	p->users = 1;
	return 0;

err_close:
	bperf__close_fd(&p->attr_map_fd);
	bperf__close_fd(&p->lock_fd);
	bperf__close_fd(&p->token_fd);
	return err;
}

void bperf_process__put(struct bperf_process *p)
{
	if (!p->users || --p->users)
		return;
	bperf__close_fd(&p->attr_map_fd);
	bperf__close_fd(&p->lock_fd);
	bperf__close_fd(&p->token_fd);
}

/*
 * Under the lock: drop the entries whose leader is gone (their last
 * session was killed), so that the attr map does not fill up with them.
 */
void bperf_process__sweep(struct bperf_process *p)
{
	struct bperf_attr_key key, next, *stale = NULL;
	struct bperf_attr_value value;
	int fd = p->attr_map_fd, nr = 0, cap = 0;
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

void bperf_events__single(struct bperf_events *ev,
			  const struct bperf_attr_key *key)
{
	memset(ev, 0, sizeof(*ev));
	ev->key = *key;
	ev->members[0] = *key;
	ev->nr_members = 1;
}

/* FNV-1a over the members' keys, from seed: one of a group key's hashes. */
static __u64 bperf_events__hash(const struct bperf_events *ev, __u64 seed)
{
	const unsigned char *p = (const unsigned char *)ev->members;
	size_t len = ev->nr_members * sizeof(ev->members[0]);
	__u64 h = seed;

	for (size_t i = 0; i < len; i++) {
		h ^= p[i];
		h *= 0x100000001b3ULL;
	}
	return h;
}

void bperf_events__group_key(struct bperf_events *ev)
{
	memset(&ev->key, 0, sizeof(ev->key));
	ev->key.type = BPERF_GROUP_TYPE;
	ev->key.exclude = BPERF_EXCLUDE_GROUP |
			  (ev->nr_members & BPERF_GROUP_MEMBERS_MASK)
				  << BPERF_GROUP_MEMBERS_SHIFT;
	/* Two hashes: a collision would only make two groups take turns. */
	ev->key.config = bperf_events__hash(ev, 0xcbf29ce484222325ULL);
	ev->key.config1 = bperf_events__hash(ev, 0x84222325cbf29ce4ULL);
}

__u32 bperf_events__fault_members(const struct bperf_events *ev)
{
	__u32 mask = 0;

	for (__u32 m = 0; m < ev->nr_members; m++) {
		const struct bperf_attr_key *k = &ev->members[m];

		if (k->type == PERF_TYPE_SOFTWARE &&
		    (k->config == PERF_COUNT_SW_PAGE_FAULTS ||
		     k->config == PERF_COUNT_SW_PAGE_FAULTS_MIN ||
		     k->config == PERF_COUNT_SW_PAGE_FAULTS_MAJ))
			mask |= 1U << m;
	}
	return mask;
}

__u32 bperf_events__switched_members(const struct bperf_events *ev)
{
	__u32 mask = 0;

	for (__u32 m = 0; m < ev->nr_members; m++) {
		const struct bperf_attr_key *k = &ev->members[m];
		bool clock = k->type == PERF_TYPE_SOFTWARE &&
			     (k->config == PERF_COUNT_SW_CPU_CLOCK ||
			      k->config == PERF_COUNT_SW_TASK_CLOCK);

		/*
		 * The kernel's clocks count all time whatever they exclude
		 * (exclude_kernel only filters their samples): a cpu-clock:u
		 * counts the switch as cpu-clock does.
		 */
		if ((k->exclude & BPERF_EXCLUDE_KERNEL) && !clock)
			continue;
		if (k->type != PERF_TYPE_SOFTWARE || clock)
			mask |= 1U << m;
	}
	return mask;
}

__u32 bperf_events__switch_members(const struct bperf_events *ev)
{
	__u32 mask = 0;

	for (__u32 m = 0; m < ev->nr_members; m++) {
		const struct bperf_attr_key *k = &ev->members[m];

		if (k->type == PERF_TYPE_SOFTWARE &&
		    k->config == PERF_COUNT_SW_CONTEXT_SWITCHES &&
		    !(k->exclude & BPERF_EXCLUDE_KERNEL))
			mask |= 1U << m;
	}
	return mask;
}
