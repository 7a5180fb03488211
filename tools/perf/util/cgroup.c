// SPDX-License-Identifier: GPL-2.0
/*
 * cgroup v2 directories for -G and --for-each-cgroup.  Names are relative
 * to the cgroup2 mount found in /proc/mounts ("/" is the root); one open
 * object per name, shared by every event that counts in it.
 */
#include <errno.h>
#include <fcntl.h>
#include <ftw.h>
#include <regex.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/statfs.h>
#include <linux/magic.h>
#include <unistd.h>

#include "cgroup.h"
#include "error.h"

static char cgroup2_mount[4096];

/* Undo the octal escapes (\040 for a space) of /proc/mounts fields. */
static void mounts__unescape(char *s)
{
	char *out = s;

	while (*s) {
		if (s[0] == '\\' && s[1] >= '0' && s[1] <= '3' && s[2] >= '0' &&
		    s[2] <= '7' && s[3] >= '0' && s[3] <= '7') {
			*out++ = (char)((s[1] - '0') * 64 + (s[2] - '0') * 8 +
					(s[3] - '0'));
			s += 4;
		} else {
			*out++ = *s++;
		}
	}
	*out = '\0';
}

const char *cgroup__v2_mount(void)
{
	char line[8192];
	FILE *f;

	if (cgroup2_mount[0])
		return cgroup2_mount;
	f = fopen("/proc/mounts", "re");
	if (!f)
		return NULL;
	while (fgets(line, sizeof(line), f)) {
		char dir[4096], type[64];

		if (sscanf(line, "%*s %4095s %63s", dir, type) != 2)
			continue;
		if (strcmp(type, "cgroup2"))
			continue;
		mounts__unescape(dir);
		snprintf(cgroup2_mount, sizeof(cgroup2_mount), "%s", dir);
		break;
	}
	fclose(f);
	if (!cgroup2_mount[0]) {
		errno = ENOENT;
		return NULL;
	}
	return cgroup2_mount;
}

/* Every cgroup open now, so that one name is opened once. */
struct cgroup_node {
	struct cgroup *cgrp;
	struct cgroup_node *next;
};

static struct cgroup_node *open_cgroups;

struct cgroup *cgroup__new(const char *name)
{
	const char *mnt = cgroup__v2_mount(), *rel = name;
	struct cgroup_node *node;
	struct cgroup *cgrp;
	struct statfs fs;
	struct stat st;
	int err;

	if (!mnt)
		return NULL;
	if (!name || !*name) {
		errno = EINVAL;
		return NULL;
	}
	for (node = open_cgroups; node; node = node->next) {
		if (!strcmp(node->cgrp->name, name))
			return cgroup__get(node->cgrp);
	}
	while (*rel == '/')
		rel++;

	cgrp = calloc(1, sizeof(*cgrp));
	node = calloc(1, sizeof(*node));
	if (!cgrp || !node)
		goto out_nomem;
	cgrp->fd = -1;
	cgrp->name = strdup(name);
	if (!cgrp->name ||
	    asprintf(&cgrp->path, "%s%s%s", mnt, *rel ? "/" : "", rel) < 0) {
		cgrp->path = NULL;
		goto out_nomem;
	}
	cgrp->fd = open(cgrp->path, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
	if (cgrp->fd < 0 || fstat(cgrp->fd, &st) < 0 ||
	    fstatfs(cgrp->fd, &fs) < 0) {
		err = errno == ENOTDIR ? ENOENT : errno;
		goto out_free;
	}
	/* "../.." must not lead out of the cgroup v2 hierarchy. */
	if (fs.f_type != CGROUP2_SUPER_MAGIC) {
		err = ENOENT;
		goto out_free;
	}
	cgrp->id = st.st_ino;
	cgrp->refcnt = 1;
	node->cgrp = cgrp;
	node->next = open_cgroups;
	open_cgroups = node;
	return cgrp;

out_nomem:
	err = ENOMEM;
out_free:
	if (cgrp) {
		if (cgrp->fd >= 0)
			close(cgrp->fd);
		free(cgrp->name);
		free(cgrp->path);
	}
	free(cgrp);
	free(node);
	errno = err;
	return NULL;
}

struct cgroup *cgroup__get(struct cgroup *cgrp)
{
	if (cgrp)
		cgrp->refcnt++;
	return cgrp;
}

void cgroup__put(struct cgroup *cgrp)
{
	struct cgroup_node **pp;

	if (!cgrp || --cgrp->refcnt > 0)
		return;
	for (pp = &open_cgroups; *pp; pp = &(*pp)->next) {
		if ((*pp)->cgrp == cgrp) {
			struct cgroup_node *dead = *pp;

			*pp = dead->next;
			free(dead);
			break;
		}
	}
	if (cgrp->fd >= 0)
		close(cgrp->fd);
	free(cgrp->name);
	free(cgrp->path);
	free(cgrp);
}

bool cgroup__is_pattern(const char *str)
{
	return strpbrk(str, "{}[]()|*+?^$") != NULL;
}

/* nftw() takes no argument: the walk's state. */
static struct {
	regex_t re;
	size_t mnt_len;
	char **names;
	int nr, alloc;
	int err;
} cgroup_walk;

static int cgroup__walk_one(const char *path, const struct stat *st, int type,
			    struct FTW *ftw)
{
	const char *name = path + cgroup_walk.mnt_len;
	char *copy;

	(void)st;
	(void)ftw;
	if (type != FTW_D)
		return 0;
	while (*name == '/')
		name++;
	if (!*name)
		name = "/";
	if (regexec(&cgroup_walk.re, name, 0, NULL, 0))
		return 0;
	if (cgroup_walk.nr == cgroup_walk.alloc) {
		int alloc = cgroup_walk.alloc ? 2 * cgroup_walk.alloc : 16;
		char **grown =
			realloc(cgroup_walk.names, alloc * sizeof(*grown));

		if (!grown) {
			cgroup_walk.err = -ENOMEM;
			return 1;
		}
		cgroup_walk.names = grown;
		cgroup_walk.alloc = alloc;
	}
	copy = strdup(name);
	if (!copy) {
		cgroup_walk.err = -ENOMEM;
		return 1;
	}
	cgroup_walk.names[cgroup_walk.nr++] = copy;
	return 0;
}

int cgroup__match(const char *pattern, char ***names, struct perf_error *err)
{
	const char *mnt = cgroup__v2_mount();
	int ret;

	*names = NULL;
	if (!mnt)
		return perf_error__set(err, -ENOENT,
				       "cgroup v2 is not mounted");
	memset(&cgroup_walk, 0, sizeof(cgroup_walk));
	ret = regcomp(&cgroup_walk.re, pattern, REG_EXTENDED | REG_NOSUB);
	if (ret) {
		char why[128];

		regerror(ret, &cgroup_walk.re, why, sizeof(why));
		return perf_error__set(err, -EINVAL,
				       "bad cgroup pattern '%s': %s", pattern,
				       why);
	}
	cgroup_walk.mnt_len = strlen(mnt);
	if (nftw(mnt, cgroup__walk_one, 16, FTW_PHYS) < 0 && !cgroup_walk.err)
		cgroup_walk.err = -errno;
	regfree(&cgroup_walk.re);
	if (cgroup_walk.err) {
		for (int i = 0; i < cgroup_walk.nr; i++)
			free(cgroup_walk.names[i]);
		free(cgroup_walk.names);
		return perf_error__set(err, cgroup_walk.err,
				       "cannot walk %s: %s", mnt,
				       strerror(-cgroup_walk.err));
	}
	if (!cgroup_walk.nr) {
		free(cgroup_walk.names);
		return perf_error__set(err, -ENOENT,
				       "no cgroup under %s matches '%s'", mnt,
				       pattern);
	}
	*names = cgroup_walk.names;
	return cgroup_walk.nr;
}
