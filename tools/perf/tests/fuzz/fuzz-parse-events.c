// SPDX-License-Identifier: GPL-2.0
/*
 * libFuzzer target: parse_events() on arbitrary bytes, as given to -e.
 *
 * The input is cut at its first NUL (a C string is all perf ever sees).
 * Every parse must either succeed or fail with an error that names an
 * offset inside the string; the evlist and the error are freed each time
 * so that LeakSanitizer sees any leak on any path.
 *
 * Tracepoints come from a small events directory made here, not the
 * machine's tracefs: a glob of its 2000 tracepoints ("*:*" a thousand
 * times over) would take longer than libFuzzer's timeout.
 */
#define _XOPEN_SOURCE 700
#include <ftw.h>
#include <limits.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "util/error.h"
#include "util/evsel.h"
#include "util/parse-events.h"
#include "util/tracepoint.h"

int LLVMFuzzerInitialize(int *argc, char ***argv);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static char events_dir[] = "/tmp/perf-fuzz-tracefs.XXXXXX";

static int remove_one(const char *path, const struct stat *st, int flag,
		      struct FTW *ftw)
{
	(void)st;
	(void)flag;
	(void)ftw;
	return remove(path);
}

static void remove_events_dir(void)
{
	nftw(events_dir, remove_one, 16, FTW_DEPTH | FTW_PHYS);
}

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
	static const struct {
		const char *sys, *name;
		int id; /* 0: no id file */
	} events[] = {
		{ "sched", "sched_switch", 316 },
		{ "sched", "sched_wakeup", 317 },
		{ "syscalls", "sys_enter_execve", 700 },
		{ "ftrace", "bprint", 0 },
	};
	char path[PATH_MAX];

	(void)argc;
	(void)argv;
	if (!mkdtemp(events_dir))
		abort();
	atexit(remove_events_dir);
	for (size_t i = 0; i < sizeof(events) / sizeof(events[0]); i++) {
		FILE *f;

		snprintf(path, sizeof(path), "%s/%s", events_dir,
			 events[i].sys);
		mkdir(path, 0700);
		snprintf(path, sizeof(path), "%s/%s/%s", events_dir,
			 events[i].sys, events[i].name);
		mkdir(path, 0700);
		if (!events[i].id)
			continue;
		snprintf(path, sizeof(path), "%s/%s/%s/id", events_dir,
			 events[i].sys, events[i].name);
		f = fopen(path, "w");
		if (!f)
			abort();
		fprintf(f, "%d\n", events[i].id);
		fclose(f);
	}
	tracepoint__set_events_dir(events_dir);
	return 0;
}

/*
 * "bad event '<str>' at offset N: why", N within str (a line too long for
 * the message is not checked).
 */
static bool error__offset_inside(const struct perf_error *err, const char *str)
{
	static const char prefix[] = "bad event '", at[] = "' at offset ";
	size_t len = strlen(str), start = sizeof(prefix) - 1;
	const char *p = err->msg + start + len + sizeof(at) - 1;
	long idx;

	if (strncmp(err->msg, prefix, start))
		return false;
	if (start + len + sizeof(at) + 24 > sizeof(err->msg))
		return true;
	if (strncmp(err->msg + start, str, len) ||
	    strncmp(err->msg + start + len, at, sizeof(at) - 1))
		return false;
	idx = strtol(p, NULL, 10);
	return idx >= 0 && (size_t)idx <= len;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct perf_error err = { .msg = "" };
	struct evlist *evlist;
	char *str;
	size_t len;
	int ret;

	str = strndup((const char *)data, size);
	if (!str)
		return 0;
	len = strlen(str);
	evlist = evlist__new();
	if (!evlist) {
		free(str);
		return 0;
	}
	ret = parse_events(evlist, str, &err);
	if (ret == 0 && evlist->nr_entries == 0 && len > 0 &&
	    strspn(str, " \t") != len)
		abort(); /* success must add at least one event */
	if (ret < 0 && !error__offset_inside(&err, str))
		abort(); /* one error line, its offset inside the string */
	evlist__delete(evlist);
	free(str);
	return 0;
}
