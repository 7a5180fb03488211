// SPDX-License-Identifier: GPL-2.0
/*
 * perf list: the events this machine can count, by kind, in perf's
 * format.  Hardware and cache events are listed only where
 * perf_event_open() accepts them, so a machine without a hardware PMU
 * lists none, as perf does.  With --raw-dump, only the names, each
 * followed by a space, for scripts to iterate over (as perf's own
 * tests do).
 */
#include <errno.h>
#include <fnmatch.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/syscall.h>
#include <unistd.h>
#include <linux/perf_event.h>

#include "builtin.h"
#include "util/debug.h"
#include "util/error.h"
#include "util/event-names.h"
#include "util/parse-options.h"
#include "util/pmu.h"
#include "util/tool-events.h"
#include "util/tracepoint.h"

enum list_kind {
	LIST_HW = 1 << 0,
	LIST_SW = 1 << 1,
	LIST_CACHE = 1 << 2,
	LIST_PMU = 1 << 3,
	LIST_RAW = 1 << 4,
	LIST_TP = 1 << 5,
	LIST_ALL = LIST_HW | LIST_SW | LIST_CACHE | LIST_PMU | LIST_RAW |
		   LIST_TP,
};

/* What the options ask for. */
static struct list_options {
	bool raw_dump; /* names only, "name " each */
} list_opts;

/* One printed line: what to type, and the kind in brackets. */
struct list_entry {
	char *name; /* "context-switches OR cs" */
	const char *kind;
};

struct list_section {
	struct list_entry *entries;
	int nr;
};

static const char list_usage[] =
	"Usage: perf list [<options>] [hw|sw|cache|pmu|tracepoint|event_glob]";

static int list__opt_help(const struct cmd_option *opt, const char *arg,
			  void *ctx, struct perf_error *err);

/* perf's description options: accepted, we have no descriptions. */
static int list__opt_described(const struct cmd_option *opt, const char *arg,
			       void *ctx, struct perf_error *err)
{
	return 0;
}

static const struct cmd_option list_options[] = {
	{ 'h', "help", NULL, false, "show this help", list__opt_help },
	{ 0, "raw-dump", NULL, false,
	  "print the event names only, space separated", cmd_option__set_true,
	  offsetof(struct list_options, raw_dump) },
	{ 'd', "desc", NULL, false, NULL, list__opt_described },
	{ 0, "no-desc", NULL, false, NULL, list__opt_described },
	{ 'v', "long-desc", NULL, false, NULL, list__opt_described },
	{ 0, "deprecated", NULL, false, NULL, list__opt_described },
	{ 0, "details", NULL, false, NULL, list__opt_described },
	CMD_OPTION_END,
};

static int list__opt_help(const struct cmd_option *opt, const char *arg,
			  void *ctx, struct perf_error *err)
{
	parse_options__usage(stdout, list_usage, list_options);
	fputs(" Lists the events this machine can count, to be used with\n"
	      " perf stat -e.  A filter word keeps one kind of event (hw, sw,\n"
	      " cache, pmu, tracepoint) or the events whose name matches a glob.\n",
	      stdout);
	return PARSE_OPTIONS_STOP;
}

static int section__add(struct list_section *section, const char *name,
			const char *kind)
{
	struct list_entry *entries;
	char *copy = strdup(name);

	if (!copy)
		return -ENOMEM;
	entries =
		realloc(section->entries, (section->nr + 1) * sizeof(*entries));
	if (!entries) {
		free(copy);
		return -ENOMEM;
	}
	section->entries = entries;
	entries[section->nr].name = copy;
	entries[section->nr].kind = kind;
	section->nr++;
	return 0;
}

static int entry__cmp(const void *a, const void *b)
{
	const struct list_entry *x = a, *y = b;

	return strcmp(x->name, y->name);
}

/* Print (sorted unless already in order) and empty the section. */
static void section__print_sorted(struct list_section *section, bool sort)
{
	if (section->nr && sort)
		qsort(section->entries, section->nr,
		      sizeof(section->entries[0]), entry__cmp);
	for (int i = 0; i < section->nr; i++) {
		if (list_opts.raw_dump)
			printf("%s ", section->entries[i].name);
		else
			printf("  %-50s [%s]\n", section->entries[i].name,
			       section->entries[i].kind);
		free(section->entries[i].name);
	}
	free(section->entries);
	section->entries = NULL;
	section->nr = 0;
}

static void section__print(struct list_section *section)
{
	section__print_sorted(section, true);
}

/*
 * Can this process count the event?  Opened for itself on any CPU, as
 * perf does; retried without the kernel where paranoia forbids it.
 */
static bool event__is_supported(__u32 type, __u64 config)
{
	struct perf_event_attr attr = {
		.size = sizeof(attr),
		.type = type,
		.config = config,
		.disabled = 1,
	};
	int fd;

	fd = syscall(SYS_perf_event_open, &attr, 0, -1, -1,
		     PERF_FLAG_FD_CLOEXEC);
	if (fd < 0 && (errno == EACCES || errno == EPERM)) {
		attr.exclude_kernel = 1;
		fd = syscall(SYS_perf_event_open, &attr, 0, -1, -1,
			     PERF_FLAG_FD_CLOEXEC);
	}
	if (fd < 0)
		return false;
	close(fd);
	return true;
}

static bool glob__match(const char *glob, const char *name)
{
	return !glob || (name && !fnmatch(glob, name, 0));
}

static int list__symbols(struct list_section *section, __u32 type,
			 const char *kind, const char *glob)
{
	for (int i = 0; i < nr_event_symbols; i++) {
		const struct event_symbol *sym = &event_symbols[i];
		char name[128];
		int err;

		if (sym->type != type)
			continue;
		if (!glob__match(glob, sym->symbol) &&
		    !(glob && glob__match(glob, sym->alias)))
			continue;
		if (!event__is_supported(sym->type, sym->config))
			continue;
		if (sym->alias && !list_opts.raw_dump)
			snprintf(name, sizeof(name), "%s OR %s", sym->symbol,
				 sym->alias);
		else
			snprintf(name, sizeof(name), "%s", sym->symbol);
		err = section__add(section, name, kind);
		if (err)
			return err;
	}
	return 0;
}

static int list__hw_cache(struct list_section *section, const char *glob)
{
	for (int type = 0; type < PERF_COUNT_HW_CACHE_MAX; type++) {
		for (int op = 0; op < PERF_COUNT_HW_CACHE_OP_MAX; op++) {
			for (int result = 0;
			     result < PERF_COUNT_HW_CACHE_RESULT_MAX;
			     result++) {
				__u64 config = type | (op << 8) |
					       ((__u64)result << 16);
				char name[64];
				int err;

				if (parse_events__hw_cache_name(type, op,
								result, name,
								sizeof(name)))
					continue;
				if (!glob__match(glob, name) ||
				    !event__is_supported(PERF_TYPE_HW_CACHE,
							 config))
					continue;
				err = section__add(section, name,
						   "Hardware cache event");
				if (err)
					return err;
			}
		}
	}
	return 0;
}

static int list__pmu_events(struct list_section *section, const char *glob)
{
	for (struct perf_pmu *pmu = perf_pmu__scan_all(); pmu;
	     pmu = pmu->next) {
		for (int i = 0; i < pmu->nr_aliases; i++) {
			const char *alias = pmu->aliases[i].name;
			char name[512];
			int err;

			snprintf(name, sizeof(name), "%s/%s/", pmu->name,
				 alias);
			if (glob && !glob__match(glob, name) &&
			    !glob__match(glob, alias) &&
			    !glob__match(glob, pmu->name))
				continue;
			err = section__add(section, name, "Kernel PMU event");
			if (err)
				return err;
		}
	}
	return 0;
}

/* The tool events, in perf's order (not sorted). */
static int list__tool_events(struct list_section *section, const char *glob)
{
	for (int ev = TOOL_EVENT_NONE + 1; ev < TOOL_EVENT_MAX; ev++) {
		const char *name = tool_event__name(ev);
		int err;

		if (!glob__match(glob, name))
			continue;
		err = section__add(section, name, "Tool event");
		if (err)
			return err;
	}
	return 0;
}

struct tp_list {
	struct list_section *section;
	const char *glob;
};

static int list__one_tracepoint(const char *sys, const char *name, __u64 id,
				void *data)
{
	struct tp_list *tl = data;
	char full[512];

	(void)id;
	snprintf(full, sizeof(full), "%s:%s", sys, name);
	if (tl->glob && !glob__match(tl->glob, full) &&
	    !glob__match(tl->glob, name))
		return 0;
	return section__add(tl->section, full, "Tracepoint event");
}

/*
 * The tracepoints with an id in tracefs; none
 * where tracefs is missing or unreadable, as perf lists them.
 */
static int list__tracepoints(struct list_section *section, const char *glob)
{
	struct tp_list tl = { .section = section, .glob = glob };
	int err;

	err = tracepoint__for_each("*", "*", true, list__one_tracepoint, &tl);

	return err == -ENOMEM || err > 0 ? err : 0;
}

static void list__raw(void)
{
	if (list_opts.raw_dump)
		return;
	printf("  %-50s [%s]\n", "rNNN", "Raw hardware event descriptor");
	printf("  %-50s [%s]\n", "cpu/t1=v1[,t2=v2,t3 ...]/modifier",
	       "Raw hardware event descriptor");
}

/* Print the kinds asked for, each filtered by glob (NULL: all). */
static int list__print(unsigned int kinds, const char *glob)
{
	struct list_section section = { 0 };
	int err = 0;

	if (kinds & LIST_HW) {
		err = list__symbols(&section, PERF_TYPE_HARDWARE,
				    "Hardware event", glob);
		section__print(&section);
	}
	if (!err && (kinds & LIST_SW)) {
		err = list__symbols(&section, PERF_TYPE_SOFTWARE,
				    "Software event", glob);
		section__print(&section);
		if (!err)
			err = list__tool_events(&section, glob);
		section__print_sorted(&section, false);
	}
	if (!err && (kinds & LIST_CACHE)) {
		err = list__hw_cache(&section, glob);
		section__print(&section);
	}
	if (!err && (kinds & LIST_PMU)) {
		err = list__pmu_events(&section, glob);
		section__print(&section);
	}
	if (!err && (kinds & LIST_RAW))
		list__raw();
	if (!err && (kinds & LIST_TP)) {
		err = list__tracepoints(&section, glob);
		/* sorted by "sys:name", as perf: fib6 before fib */
		section__print(&section);
	}
	return err;
}

static const struct {
	const char *word;
	unsigned int kinds;
} list_filters[] = {
	{ "hw", LIST_HW },
	{ "hardware", LIST_HW },
	{ "sw", LIST_SW },
	{ "software", LIST_SW },
	{ "cache", LIST_CACHE },
	{ "hwcache", LIST_CACHE },
	{ "pmu", LIST_PMU },
	{ "raw", LIST_RAW },
	{ "tracepoint", LIST_TP },
	/* kinds perf has and we do not count: list nothing */
	{ "sdt", 0 },
	{ "metric", 0 },
	{ "metricgroup", 0 },
};

int cmd_list(int argc, const char **argv)
{
	struct perf_error perr;
	int first, err;

	err = parse_options(argc, argv, list_options, &list_opts, &first,
			    &perr);
	if (err == PARSE_OPTIONS_STOP)
		return 0;
	if (err) {
		perf_error__print(&perr);
		pr_hint("usage: perf list [hw|sw|cache|pmu|event_glob]");
		return 2;
	}

	if (first >= argc) {
		if (!list_opts.raw_dump)
			printf("\nList of pre-defined events (to be used in -e or -M):\n\n");
		err = list__print(LIST_ALL, NULL);
	}
	for (int i = first; !err && i < argc; i++) {
		const char *arg = argv[i];
		bool keyword = false;

		for (size_t j = 0;
		     j < sizeof(list_filters) / sizeof(list_filters[0]); j++) {
			if (!strcmp(arg, list_filters[j].word)) {
				err = list__print(list_filters[j].kinds, NULL);
				keyword = true;
				break;
			}
		}
		if (!keyword)
			err = list__print(LIST_ALL & ~LIST_RAW, arg);
	}
	if (err) {
		pr_error("cannot list events: %s", strerror(-err));
		return 1;
	}
	return 0;
}
