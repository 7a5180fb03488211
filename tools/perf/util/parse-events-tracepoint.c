// SPDX-License-Identifier: GPL-2.0
/*
 * Tracepoint events in event strings, as perf writes them:
 *
 *   sys:name[:mods]         one tracepoint ("sched:sched_switch")
 *   sysglob:nameglob[:mods] every tracepoint that both globs match
 *                           ("sched:*", "syscalls:sys_enter_*"), in
 *                           tracefs' directory order as perf adds them
 *
 * "cycles:u" stays an event with modifiers: NAME:WORD is a tracepoint
 * when NAME is a tracepoint system, either part is a glob, or WORD is no
 * modifier string and NAME no other event.  The event's id in tracefs is
 * its attr.config; events without one (ftrace's own) are never matched.
 */
#include <ctype.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "event-names.h"
#include "evsel.h"
#include "parse-events-priv.h"
#include "pmu.h"
#include "tool-events.h"
#include "tracepoint.h"

#define TP_NAME_MAX 256

static bool is_tp_char(char c)
{
	return is_name_char(c) || c == '*' || c == '?' || c == '[' || c == ']';
}

/* Is [s, end) an event of another kind, which may carry modifiers? */
static bool is_other_event(const char *s, const char *end)
{
	char name[TP_NAME_MAX];
	const char *next;
	bool raw = *s == 'r' && end - s > 1;

	if (event_symbol__find(s, end - s) || tool_event__find(s, end - s) ||
	    hw_cache__match(HW_CACHE_TYPE, s, end, &next) >= 0)
		return true;
	for (const char *c = s + 1; raw && c < end; c++)
		raw = isxdigit((unsigned char)*c);
	if (raw)
		return true;
	if ((size_t)(end - s) >= sizeof(name))
		return false;
	memcpy(name, s, end - s);
	name[end - s] = '\0';
	for (struct perf_pmu *pmu = perf_pmu__scan_all(); pmu; pmu = pmu->next)
		if (perf_pmu__find_alias(pmu, name))
			return true;
	return false;
}

/* Are [s, end) modifiers ("u", "ukpp") standing alone? */
static bool is_modifiers(const char *s, const char *end)
{
	struct modifier_state ms = { 0 };
	const char *bad;

	return modifier_state__apply(&ms, s, end - s, &bad) == 0;
}

struct tp_add {
	struct parser *ps;
	const char *mods;
	size_t mods_len;
	int nr;
};

static int tp_add(const char *sys, const char *name, __u64 id, void *data)
{
	struct tp_add *add = data;
	struct perf_event_attr attr = {
		.type = PERF_TYPE_TRACEPOINT,
		.config = id,
	};
	char *text;
	int err;

	if (asprintf(&text, "%s:%s%s%.*s", sys, name, add->mods ? ":" : "",
		     (int)add->mods_len, add->mods ? add->mods : "") < 0)
		return parser__nomem(add->ps);
	err = parser__new_evsel(add->ps, &attr, text, add->mods, add->mods_len,
				NULL);
	free(text);
	if (!err)
		add->nr++;
	return err;
}

int parser__tracepoint(struct parser *ps)
{
	const char *start = ps->p, *sys_end, *name, *p;
	char sys_buf[TP_NAME_MAX], name_buf[TP_NAME_MAX];
	struct tp_add add = { .ps = ps };
	bool glob;
	__u64 id;
	int err;

	for (p = start; is_tp_char(*p); p++)
		;
	if (*p != ':' || p == start)
		return 0;
	sys_end = p;
	name = p + 1;
	for (p = name; is_tp_char(*p); p++)
		;
	if (p == name)
		return 0;
	glob = tracepoint__is_glob(start, sys_end - start) ||
	       tracepoint__is_glob(name, p - name);
	if ((size_t)(sys_end - start) >= sizeof(sys_buf) ||
	    (size_t)(p - name) >= sizeof(name_buf)) {
		if (!glob)
			return 0;
		return parser__error(ps, start, -EINVAL, NULL,
				     "tracepoint name too long");
	}
	memcpy(sys_buf, start, sys_end - start);
	sys_buf[sys_end - start] = '\0';
	memcpy(name_buf, name, p - name);
	name_buf[p - name] = '\0';
	if (!glob && !tracepoint__has_system(sys_buf) &&
	    ((is_event_end(*p) && is_modifiers(name, p)) ||
	     is_other_event(start, sys_end)))
		return 0; /* NAME:mods */

	ps->p = p;
	if (*ps->p == ':') {
		ps->p++;
		err = parser__read_modifiers(ps, &add.mods, &add.mods_len);
		if (err)
			return err;
	} else if (!is_event_end(*ps->p)) {
		return parser__error(ps, ps->p, -EINVAL, NULL,
				     "unexpected '%c' after tracepoint '%s:%s'",
				     *ps->p, sys_buf, name_buf);
	}

	if (!tracepoint__events_dir() && errno == EACCES)
		return parser__error(
			ps, start, -EACCES,
			"tracefs is readable by root only: run as root",
			"cannot read tracepoint '%s:%s': %s", sys_buf, name_buf,
			strerror(EACCES));
	if (!tracepoint__events_dir())
		return parser__error(
			ps, start, -ENOENT,
			"mount it: mount -t tracefs nodev /sys/kernel/tracing",
			"tracepoint '%s:%s': tracefs is not mounted", sys_buf,
			name_buf);
	if (glob) {
		err = tracepoint__for_each(sys_buf, name_buf, false, tp_add,
					   &add);
		if (err > 0)
			err = 0;
		if (err == -ENOMEM)
			return parser__nomem(ps);
		if (err)
			return err;
		if (!add.nr)
			return parser__error(
				ps, start, -ENOENT,
				"run 'perf list tracepoint' for the tracepoints of this machine",
				"no tracepoint matches '%s:%s'", sys_buf,
				name_buf);
		return 1;
	}
	err = tracepoint__id(sys_buf, name_buf, &id);
	if (err == -ENOENT)
		return parser__error(
			ps, start, -ENOENT,
			"run 'perf list tracepoint' for the tracepoints of this machine",
			"unknown tracepoint '%s:%s'", sys_buf, name_buf);
	if (err)
		return parser__error(
			ps, start, err,
			err == -EACCES ?
				"tracefs is readable by root only: run as root" :
				NULL,
			"cannot read tracepoint '%s:%s': %s", sys_buf, name_buf,
			strerror(-err));
	err = tp_add(sys_buf, name_buf, id, &add);
	return err ? err : 1;
}
