// SPDX-License-Identifier: GPL-2.0
/*
 * Events per cgroup for perf stat: -G hands the cgroups of its lists to
 * the events defined before it, --for-each-cgroup copies every event once
 * per cgroup (regex items expanded against the cgroup v2 tree).
 */
#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cgroup.h"
#include "cpumap.h"
#include "error.h"
#include "evsel.h"
#include "stat-cgroup.h"

/*
 * Open a cgroup by name for the events, into *cgrp.  Failing to open one
 * is a runtime error, never a usage one: never -EINVAL.
 */
static int stat_cgroup__open(const char *name, bool hint, struct cgroup **cgrp,
			     struct perf_error *err)
{
	const char *mnt;
	int errnum;

	*cgrp = cgroup__new(name);
	if (*cgrp)
		return 0;
	errnum = errno;
	perf_error__set(err, 0, "cannot open cgroup '%s': %s", name,
			strerror(errnum));
	if (hint && errnum == ENOENT) {
		mnt = cgroup__v2_mount();
		perf_error__hint(
			err,
			"cgroup names are relative to the cgroup v2 mount%s%s",
			mnt ? " " : "", mnt ?: "");
	}
	return errnum && errnum != EINVAL ? -errnum : -ENOENT;
}

static void evsel__set_cgroup(struct evsel *evsel, struct cgroup *cgrp)
{
	if (evsel->cgrp)
		cgroup__put(evsel->cgrp);
	evsel->cgrp = cgrp;
}

/* One -G list; *nr_cgroups counts the cgroups of all lists so far. */
static int evlist__apply_cgroup_arg(struct evlist *evlist,
				    const struct cgroup_arg *arg,
				    int *nr_cgroups, struct perf_error *err)
{
	const char *p = arg->list;

	if (!arg->nr_events)
		return perf_error__set(
			err, -EINVAL,
			"-G/--cgroup '%s': define events with -e before the cgroups",
			arg->list);
	for (;;) {
		size_t len = strcspn(p, ",");

		if (len) {
			char name[PATH_MAX];
			struct cgroup *cgrp;
			int ret;

			if (*nr_cgroups >= arg->nr_events)
				return perf_error__set(
					err, -EINVAL,
					"-G/--cgroup '%s': more cgroups than events",
					arg->list);
			snprintf(name, sizeof(name), "%.*s", (int)len, p);
			ret = stat_cgroup__open(name, true, &cgrp, err);
			if (ret)
				return ret;
			evsel__set_cgroup(evlist->entries[*nr_cgroups], cgrp);
		}
		(*nr_cgroups)++;
		if (!p[len])
			return 0;
		p += len + 1;
	}
}

int evlist__apply_cgroups(struct evlist *evlist, const struct cgroup_arg *args,
			  int nr_args, struct perf_error *err)
{
	int nr_cgroups = 0;

	for (int a = 0; a < nr_args; a++) {
		const struct cgroup_arg *arg = &args[a];
		struct cgroup *first;
		int ret;

		ret = evlist__apply_cgroup_arg(evlist, arg, &nr_cgroups, err);
		if (ret)
			return ret;
		/* One cgroup for everything defined so far. */
		first = evlist->entries[0]->cgrp;
		for (int i = 1; nr_cgroups == 1 && first && i < arg->nr_events;
		     i++)
			evsel__set_cgroup(evlist->entries[i],
					  cgroup__get(first));
	}
	return 0;
}

static struct evsel *stat_cgroup__copy_evsel(const struct evsel *orig)
{
	struct evsel *copy = evsel__new(&orig->attr, orig->name);

	if (!copy)
		return NULL;
	free(copy->unit);
	copy->unit = strdup(orig->unit ? orig->unit : "");
	if (orig->pmu_name)
		copy->pmu_name = strdup(orig->pmu_name);
	if (orig->pmu_cpus)
		copy->pmu_cpus = cpu_map__new_from(orig->pmu_cpus->map,
						   orig->pmu_cpus->nr);
	if (!copy->unit || (orig->pmu_name && !copy->pmu_name) ||
	    (orig->pmu_cpus && !copy->pmu_cpus)) {
		evsel__delete(copy);
		return NULL;
	}
	copy->scale = orig->scale;
	copy->grouped = orig->grouped;
	copy->use_bpf = orig->use_bpf;
	copy->uniquified = orig->uniquified;
	copy->nr_members = orig->nr_members;
	return copy;
}

/* Append a copy of every event of orig for the cgroup name to expanded. */
static int stat_cgroup__add_copies(struct evlist *orig, struct evlist *expanded,
				   const char *name, struct perf_error *err)
{
	int base = expanded->nr_entries;
	struct cgroup *cgrp;
	int ret;

	ret = stat_cgroup__open(name, false, &cgrp, err);
	if (ret)
		return ret;
	for (int i = 0; i < orig->nr_entries; i++) {
		const struct evsel *o = orig->entries[i];
		struct evsel *copy = stat_cgroup__copy_evsel(o);

		if (!copy || evlist__add(expanded, copy)) {
			evsel__delete(copy);
			cgroup__put(cgrp);
			return perf_error__set(err, -ENOMEM,
					       "--for-each-cgroup: %s",
					       strerror(ENOMEM));
		}
		copy->cgrp = cgroup__get(cgrp);
		copy->leader = expanded->entries[base + o->leader->idx];
	}
	cgroup__put(cgrp);
	return 0;
}

/* One item of the list: a cgroup, or a regex of cgroups. */
static int stat_cgroup__expand_item(struct evlist *orig,
				    struct evlist *expanded, const char *name,
				    int *nr_cgroups, struct perf_error *err)
{
	char **names;
	int nr, ret = 0;

	if (!cgroup__is_pattern(name)) {
		(*nr_cgroups)++;
		return stat_cgroup__add_copies(orig, expanded, name, err);
	}
	nr = cgroup__match(name, &names, err);
	if (nr < 0)
		return perf_error__prefix(err, nr, "--for-each-cgroup");
	for (int i = 0; i < nr; i++) {
		if (!ret)
			ret = stat_cgroup__add_copies(orig, expanded, names[i],
						      err);
		free(names[i]);
	}
	free(names);
	*nr_cgroups += nr;
	return ret;
}

int evlist__expand_cgroups(struct evlist **evlist, const char *list,
			   struct perf_error *err)
{
	struct evlist *orig = *evlist, *expanded;
	const char *p = list;
	int nr_cgroups = 0, ret = 0;

	expanded = evlist__new();
	if (!expanded)
		return perf_error__set(err, -ENOMEM, "--for-each-cgroup: %s",
				       strerror(ENOMEM));
	for (;;) {
		size_t len = strcspn(p, ",");
		char name[PATH_MAX];

		if (!len) {
			ret = perf_error__set(
				err, -EINVAL,
				"--for-each-cgroup '%s': empty cgroup name",
				list);
			break;
		}
		snprintf(name, sizeof(name), "%.*s", (int)len, p);
		ret = stat_cgroup__expand_item(orig, expanded, name,
					       &nr_cgroups, err);
		if (ret || !p[len])
			break;
		p += len + 1;
	}
	if (ret) {
		evlist__delete(expanded);
		return ret;
	}
	expanded->nr_groups = orig->nr_groups * nr_cgroups;
	evlist__delete(orig);
	*evlist = expanded;
	return 0;
}
