// SPDX-License-Identifier: GPL-2.0
/*
 * The event parser's state: where it is in the string, the first error
 * it met (offset, text, hint), and the evsels built so far, which reach
 * the evlist only once the whole string has parsed.
 */
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "evsel.h"
#include "parse-events-priv.h"
#include "parse-events.h"

int parser__error(struct parser *ps, const char *at, int ret, const char *help,
		  const char *fmt, ...)
{
	va_list ap;

	if (ps->failed)
		return ret;
	ps->failed = true;
	ps->err_idx = at ? (int)(at - ps->str) : 0;
	va_start(ap, fmt);
	vsnprintf(ps->why.msg, sizeof(ps->why.msg), fmt, ap);
	va_end(ap);
	snprintf(ps->why.hint, sizeof(ps->why.hint), "%s", help ? help : "");
	return ret;
}

int parser__nomem(struct parser *ps)
{
	return parser__error(ps, ps->p, -ENOMEM, NULL, "out of memory");
}

static int parser__add(struct parser *ps, struct evsel *evsel, const char *mods,
		       size_t mods_len)
{
	struct pending_evsel *pending;

	pending = realloc(ps->pending, (ps->nr_pending + 1) * sizeof(*pending));
	if (!pending) {
		evsel__delete(evsel);
		return parser__nomem(ps);
	}
	ps->pending = pending;
	pending[ps->nr_pending].evsel = evsel;
	pending[ps->nr_pending].mods = mods;
	pending[ps->nr_pending].mods_len = mods_len;
	ps->nr_pending++;
	return 0;
}

char *parser__text(const char *start, const char *end)
{
	return strndup(start, end - start);
}

int parser__new_evsel(struct parser *ps, const struct perf_event_attr *attr,
		      const char *name, const char *mods, size_t mods_len,
		      struct evsel **out)
{
	struct evsel *evsel = evsel__new(attr, name);
	int err;

	if (!evsel)
		return parser__nomem(ps);
	if (evsel__is_clock(evsel)) {
		char *unit = strdup("msec");

		if (!unit) {
			evsel__delete(evsel);
			return parser__nomem(ps);
		}
		free(evsel->unit);
		evsel->unit = unit;
		evsel->scale = 1e-6;
	}
	err = parser__add(ps, evsel, mods, mods_len);
	if (err)
		return err;
	if (out)
		*out = evsel;
	return 0;
}
