// SPDX-License-Identifier: GPL-2.0
/*
 * Event strings to evsels, with perf's syntax:
 *
 *   list     := item (',' item)*
 *   item     := '{' event (',' event)* '}' [':' mods]  |  event
 *   event    := name [':' mods]                 generic, cache, raw, alias
 *             | sys ':' name [':' mods]         tracepoint(s), globs too
 *             | name '/' [term (',' term)*] '/' [mods]      PMU or generic
 *   term     := word ['=' value]                bare word means =1
 *   mods     := [ukhGHIpPSDeWb]*
 *
 * A name is, in this order: a generic hardware or software event
 * ("cycles", "cs"), a hardware cache event ("L1-dcache-load-misses"),
 * a raw event ("r01c2"), or an event alias of some sysfs PMU ("tsc").
 * Before '/' it is a PMU ("msr/tsc/", "cpu/event=0x3c,umask=0/") or a
 * generic event taking only name= ("cpu-clock/name=wall/").
 *
 * Nothing is appended to the evlist unless the whole string parses.
 */
#include <ctype.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "debug.h"
#include "error.h"
#include "event-names.h"
#include "evsel.h"
#include "parse-events-priv.h"
#include "parse-events.h"
#include "pmu.h"
#include "tool-events.h"

/*
 * A hardware cache name: cache[-op][-result] or cache[-result][-op].
 * Returns 1 when [name, end) is one (config in *config), 0 when it is not
 * a cache name at all, -EINVAL for a cache without that operation.
 */
static int parser__hw_cache(struct parser *ps, const char *name,
			    const char *end, __u64 *config)
{
	const char *s, *next;
	int type, op = -1, result = -1;

	type = hw_cache__match(HW_CACHE_TYPE, name, end, &s);
	if (type < 0)
		return 0;
	for (int i = 0; i < 2 && s < end; i++) {
		int m;

		if (op < 0) {
			m = hw_cache__match(HW_CACHE_OP, s, end, &next);
			if (m >= 0) {
				if (!hw_cache__has_op(type, m))
					return parser__error(
						ps, s, -EINVAL,
						"run 'perf list cache' for the cache events of this machine",
						"cache '%s' has no %s operation",
						hw_cache__word(HW_CACHE_TYPE,
							       type),
						hw_cache__word(HW_CACHE_OP, m));
				op = m;
				s = next;
				continue;
			}
		}
		if (result < 0) {
			m = hw_cache__match(HW_CACHE_RESULT, s, end, &next);
			if (m >= 0) {
				result = m;
				s = next;
				continue;
			}
		}
		return 0;
	}
	if (s < end)
		return 0;
	if (op < 0)
		op = PERF_COUNT_HW_CACHE_OP_READ;
	if (result < 0)
		result = PERF_COUNT_HW_CACHE_RESULT_ACCESS;
	*config = type | (op << 8) | ((__u64)result << 16);
	return 1;
}

/* rNNNN: hex digits only.  1 if it is one, 0 if not, -EINVAL overflow. */
static int parser__raw(struct parser *ps, const char *name, const char *end,
		       __u64 *config)
{
	const char *s = name + 1;
	__u64 value = 0;

	if (*name != 'r' || end - name < 2)
		return 0;
	for (const char *c = s; c < end; c++) {
		if (!isxdigit((unsigned char)*c))
			return 0;
	}
	for (const char *c = s; c < end; c++) {
		int digit = isdigit((unsigned char)*c) ?
				    *c - '0' :
				    tolower((unsigned char)*c) - 'a' + 10;

		if (value >> 60)
			return parser__error(
				ps, s, -EINVAL, NULL,
				"raw event value too big (at most 64 bits)");
		value = value << 4 | digit;
	}
	*config = value;
	return 1;
}

/* What NAME/.../ names: a generic event (*sym) or a PMU (*pmu). */
static int parser__slash_name(struct parser *ps, const char *start,
			      const char *name_end,
			      const struct event_symbol **sym,
			      struct perf_pmu **pmu)
{
	char pmu_name[256];

	*pmu = NULL;
	*sym = event_symbol__find(start, name_end - start);
	if (*sym)
		return 0;
	if ((size_t)(name_end - start) >= sizeof(pmu_name))
		return parser__error(ps, start, -ENOENT, NULL,
				     "unknown pmu '%.*s'",
				     (int)(name_end - start), start);
	memcpy(pmu_name, start, name_end - start);
	pmu_name[name_end - start] = '\0';
	*pmu = perf_pmu__find(pmu_name);
	if (!*pmu && errno == ENOMEM)
		return parser__nomem(ps);
	if (!*pmu)
		return parser__error(
			ps, start, -ENOENT,
			"run 'perf list pmu' for the PMU events of this machine",
			"unknown pmu '%s'", pmu_name);
	return 0;
}

/* cpu-clock/name=wall/: generic events take name= and period= only. */
static int parser__symbol_terms(struct parser *ps,
				const struct event_symbol *sym,
				const struct term *terms, int nr_terms,
				struct pmu_event *ev)
{
	ev->attr.type = sym->type;
	ev->attr.config = sym->config;
	for (int i = 0; i < nr_terms; i++) {
		int err;

		if (term__is(&terms[i], "name")) {
			err = parser__term_name(ps, &terms[i], &ev->name);
			if (err)
				return err;
			continue;
		}
		if (term__is(&terms[i], "period") &&
		    parser__term_number(ps, &terms[i],
					&ev->attr.sample_period) == 1)
			continue;
		return parser__error(ps, terms[i].at, -EINVAL,
				     "valid terms: name,period",
				     "unknown term '%.*s' for event '%s'",
				     (int)terms[i].name_len, terms[i].name,
				     sym->symbol);
	}
	return 0;
}

/* NAME/terms/mods, ps->p at the first '/'. */
static int parser__slash_event(struct parser *ps, const char *start,
			       const char *name_end)
{
	struct pmu_event ev = { .scale = 1.0 };
	const struct event_symbol *sym;
	struct perf_pmu *pmu;
	struct term *terms = NULL;
	const char *mods;
	size_t mods_len;
	char *text = NULL;
	int nr_terms, err;

	err = parser__slash_name(ps, start, name_end, &sym, &pmu);
	if (err)
		return err;
	err = parser__read_terms(ps, ps->p + 1, '/', &terms, &nr_terms);
	if (err)
		return err;
	ps->p++; /* the closing '/' */
	err = parser__read_modifiers(ps, &mods, &mods_len);
	if (err)
		goto out;
	text = parser__text(start, ps->p);
	if (!text) {
		err = parser__nomem(ps);
		goto out;
	}

	if (pmu) {
		err = parser__pmu_terms(ps, pmu, terms, nr_terms, &ev, NULL);
		if (!err)
			err = parser__add_pmu_event(ps, pmu, &ev, text, mods,
						    mods_len);
		goto out;
	}
	err = parser__symbol_terms(ps, sym, terms, nr_terms, &ev);
	if (!err)
		err = parser__new_evsel(ps, &ev.attr, ev.name ? ev.name : text,
					mods, mods_len, NULL);
out:
	free(ev.name);
	free(text);
	free(terms);
	return err;
}

/* A bare name that is an event alias of sysfs PMUs ("tsc"): one each. */
static int parser__alias_event(struct parser *ps, const char *start,
			       const char *name_end, const char *text,
			       const char *mods, size_t mods_len)
{
	struct term term = { .name = start,
			     .name_len = name_end - start,
			     .at = start };
	char name[256];
	int found = 0;

	if ((size_t)(name_end - start) >= sizeof(name))
		return 0;
	memcpy(name, start, name_end - start);
	name[name_end - start] = '\0';
	for (struct perf_pmu *pmu = perf_pmu__scan_all(); pmu;
	     pmu = pmu->next) {
		const struct perf_pmu_alias *alias;
		struct pmu_event ev = { .scale = 1.0 };
		int err;

		alias = perf_pmu__find_alias(pmu, name);
		if (!alias)
			continue;
		err = parser__pmu_alias(ps, pmu, alias, &term, &ev, NULL);
		if (!err)
			err = parser__add_pmu_event(ps, pmu, &ev, text, mods,
						    mods_len);
		free(ev.name);
		if (err)
			return err;
		found++;
	}
	return found;
}

/* NAME[:mods], ps->p just past NAME. */
static int parser__named_event(struct parser *ps, const char *start,
			       const char *name_end)
{
	const struct event_symbol *sym;
	struct perf_event_attr attr = { 0 };
	enum tool_event tool;
	struct evsel *evsel;
	const char *mods = NULL;
	size_t mods_len = 0;
	char *text;
	int err;

	tool = tool_event__find(start, name_end - start);
	sym = tool ? NULL : event_symbol__find(start, name_end - start);
	if (tool) {
		attr.type = PERF_TYPE_TOOL;
		attr.config = tool;
	} else if (sym) {
		attr.type = sym->type;
		attr.config = sym->config;
	} else {
		err = parser__hw_cache(ps, start, name_end, &attr.config);
		if (err < 0)
			return err;
		if (err) {
			attr.type = PERF_TYPE_HW_CACHE;
		} else {
			err = parser__raw(ps, start, name_end, &attr.config);
			if (err < 0)
				return err;
			if (err)
				attr.type = PERF_TYPE_RAW;
		}
	}

	if (*ps->p == ':') {
		ps->p++;
		err = parser__read_modifiers(ps, &mods, &mods_len);
		if (err)
			return err;
	} else if (!is_event_end(*ps->p)) {
		return parser__error(ps, ps->p, -EINVAL, NULL,
				     "unexpected '%c' after event '%.*s'",
				     *ps->p, (int)(name_end - start), start);
	}

	text = parser__text(start, ps->p);
	if (!text)
		return parser__nomem(ps);
	if (tool) {
		err = parser__new_evsel(ps, &attr, text, mods, mods_len,
					&evsel);
		if (!err) {
			evsel->tool_event = tool;
			free(evsel->unit);
			evsel->unit = strdup("ns");
			if (!evsel->unit)
				err = parser__nomem(ps);
		}
	} else if (sym || attr.type) {
		err = parser__new_evsel(ps, &attr, text, mods, mods_len, NULL);
	} else {
		err = parser__alias_event(ps, start, name_end, text, mods,
					  mods_len);
		if (err == 0)
			err = parser__error(
				ps, start, -ENOENT,
				"run 'perf list' for the events of this machine",
				"unknown event '%.*s'", (int)(name_end - start),
				start);
		else if (err > 0)
			err = 0;
	}
	free(text);
	return err;
}

static int parser__event(struct parser *ps)
{
	const char *start = ps->p;
	int err = parser__tracepoint(ps);

	if (err)
		return err < 0 ? err : 0;

	while (is_name_char(*ps->p))
		ps->p++;
	if (ps->p == start) {
		if (is_event_end(*ps->p))
			return parser__error(ps, ps->p, -EINVAL, NULL,
					     "empty event");
		return parser__error(ps, ps->p, -EINVAL, NULL,
				     "unexpected '%c'", *ps->p);
	}
	if (*ps->p == '/')
		return parser__slash_event(ps, start, ps->p);
	return parser__named_event(ps, start, ps->p);
}

static void parser__skip_blanks(struct parser *ps)
{
	while (*ps->p == ' ' || *ps->p == '\t')
		ps->p++;
}

/*
 * {a,b,...}[:mods], ps->p at '{'.  The group's modifiers come back in
 * *gmods (NULL if none).
 */
static int parser__group(struct parser *ps, const char **gmods,
			 size_t *gmods_len)
{
	const char *open = ps->p, *bad = NULL;
	int first = ps->nr_pending, err;
	struct evsel *leader;

	*gmods = NULL;
	*gmods_len = 0;
	ps->p++;
	for (;;) {
		parser__skip_blanks(ps);
		if (*ps->p == '{')
			return parser__error(ps, ps->p, -EINVAL, NULL,
					     "nested groups are not supported");
		err = parser__event(ps);
		if (err)
			return err;
		parser__skip_blanks(ps);
		if (*ps->p == ',') {
			ps->p++;
			continue;
		}
		if (*ps->p == '}')
			break;
		return parser__error(ps, open, -EINVAL, NULL,
				     "unbalanced braces: missing '}'");
	}
	ps->p++;
	if (*ps->p == ':') {
		ps->p++;
		err = parser__read_modifiers(ps, gmods, gmods_len);
		if (err)
			return err;
	}

	leader = ps->pending[first].evsel;
	for (int i = first; i < ps->nr_pending; i++) {
		struct pending_evsel *pe = &ps->pending[i];
		struct modifier_state ms = { 0 };

		pe->evsel->leader = leader;
		pe->evsel->grouped = true;
		/* the group's modifiers apply on top of the member's own */
		if (pe->mods && *gmods) {
			modifier_state__apply(&ms, pe->mods, pe->mods_len,
					      &bad);
			if (modifier_state__apply(&ms, *gmods, *gmods_len,
						  &bad))
				return parser__modifier_error(ps, bad);
		}
	}
	leader->nr_members = ps->nr_pending - first;
	ps->nr_groups++;
	return 0;
}

static int parser__list(struct parser *ps)
{
	for (;;) {
		int first = ps->nr_pending, err;
		const char *gmods = NULL;
		size_t gmods_len = 0;

		parser__skip_blanks(ps);
		if (*ps->p == '{')
			err = parser__group(ps, &gmods, &gmods_len);
		else
			err = parser__event(ps);
		if (err)
			return err;
		parser__store_modifiers(ps, first, gmods, gmods_len);

		parser__skip_blanks(ps);
		if (*ps->p == '\0')
			return 0;
		if (*ps->p == ',') {
			ps->p++;
			continue;
		}
		if (*ps->p == '}')
			return parser__error(
				ps, ps->p, -EINVAL, NULL,
				"unbalanced braces: unexpected '}'");
		return parser__error(ps, ps->p, -EINVAL, NULL,
				     "unexpected '%c'", *ps->p);
	}
}

/* The one error line of a string that did not parse, and its hint. */
static int parser__describe(const struct parser *ps, int ret,
			    struct perf_error *err)
{
	perf_error__set(err, ret, "bad event '%s' at offset %d: %s", ps->str,
			ps->err_idx,
			ps->failed ? ps->why.msg : "cannot parse it");
	if (ps->failed && ps->why.hint[0])
		perf_error__hint(err, "%s", ps->why.hint);
	return ret;
}

int parse_events(struct evlist *evlist, const char *str, struct perf_error *err)
{
	struct parser ps = { .str = str, .p = str };
	int ret;

	ret = parser__list(&ps);
	if (!ret) {
		for (int i = 0; i < ps.nr_pending; i++) {
			ret = evlist__add(evlist, ps.pending[i].evsel);
			if (ret) {
				/* undo: leave the evlist as it was */
				for (int j = 0; j < i; j++)
					evlist->entries[--evlist->nr_entries] =
						NULL;
				parser__error(&ps, str, ret, NULL,
					      "out of memory");
				break;
			}
		}
	}
	if (ret) {
		for (int i = 0; i < ps.nr_pending; i++)
			evsel__delete(ps.pending[i].evsel);
		parser__describe(&ps, ret, err);
	} else {
		evlist->nr_groups += ps.nr_groups;
	}
	free(ps.pending);
	return ret;
}

int evlist__add_default_events(struct evlist *evlist)
{
	static const char *const defaults =
		"task-clock,context-switches,cpu-migrations,page-faults";
	static const char *const defaults_hw =
		"cycles,instructions,branches,branch-misses";
	struct perf_pmu *cpu;
	int ret;

	ret = parse_events(evlist, defaults, NULL);
	/* perf adds these only where the core PMU names them */
	cpu = perf_pmu__find("cpu");
	if (!ret && cpu && perf_pmu__find_alias(cpu, "stalled-cycles-frontend"))
		ret = parse_events(evlist, "stalled-cycles-frontend", NULL);
	if (!ret && cpu && perf_pmu__find_alias(cpu, "stalled-cycles-backend"))
		ret = parse_events(evlist, "stalled-cycles-backend", NULL);
	if (!ret)
		ret = parse_events(evlist, defaults_hw, NULL);
	return ret;
}
