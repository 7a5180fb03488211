/* SPDX-License-Identifier: GPL-2.0 */
#ifndef PERF_UTIL_PARSE_EVENTS_PRIV_H
#define PERF_UTIL_PARSE_EVENTS_PRIV_H

/*
 * The event parser's pieces, shared by the parse-events*.c files only:
 *
 *   parse-events.c            the grammar: lists, groups, events
 *   parse-events-terms.c      pmu/term=value/ terms, sysfs PMU formats
 *   parse-events-modifiers.c  :ukhGHIpPSDeWb into exclude bits and flags
 *   parse-events-state.c      the parser's position, its first error and
 *                             the evsels built so far
 *   parse-events-tracepoint.c sys:name tracepoints and their globs
 *   event-names.c             the generic and cache event names
 */

#include <ctype.h>
#include <stdbool.h>
#include <stddef.h>
#include <string.h>
#include <linux/perf_event.h>
#include <linux/types.h>

#include "error.h"

struct evsel;
struct perf_pmu;
struct perf_pmu_alias;

/* An evsel parsed but not yet in the evlist, with its own modifiers. */
struct pending_evsel {
	struct evsel *evsel;
	const char *mods; /* into the event string, NULL if none */
	size_t mods_len;
};

struct parser {
	const char *str; /* the whole event string */
	const char *p; /* where we are */
	/* The first error met: its offset in str, its reason and hint. */
	bool failed;
	int err_idx;
	struct perf_error why;
	struct pending_evsel *pending;
	int nr_pending;
	int nr_groups;
};

static inline bool is_name_char(char c)
{
	return isalnum((unsigned char)c) || c == '_' || c == '-' || c == '.';
}

/* What may follow an event: the list goes on, ends, or has blanks. */
static inline bool is_event_end(char c)
{
	return c == '\0' || c == ',' || c == '}' || c == ' ' || c == '\t';
}

/* The parser state (parse-events-state.c). */

/*
 * Record the first error: its offset (at, in the event string), the text
 * and an optional hint.  Returns ret so callers can "return parser__error()".
 */
int parser__error(struct parser *ps, const char *at, int ret, const char *help,
		  const char *fmt, ...) __attribute__((format(printf, 5, 6)));
int parser__nomem(struct parser *ps);
/* "cpu-clock:u" as written: [start, end) of the event string. */
char *parser__text(const char *start, const char *end);
/* A new pending evsel (clocks in msec), *out set when out is not NULL. */
int parser__new_evsel(struct parser *ps, const struct perf_event_attr *attr,
		      const char *name, const char *mods, size_t mods_len,
		      struct evsel **out);

/* Modifiers (parse-events-modifiers.c). */

/* The exclude bits and flags modifiers build up, as perf computes them. */
struct modifier_state {
	int eu, ek, eh, eH, eG, eI;
	int exclude, exclude_GH;
	int precise;
	bool pinned, exclusive, use_bpf, weak;
};

/*
 * Apply one modifier string ("upp") on top of state, the way perf's
 * get_event_modifier() does.  Returns 0, or -EINVAL with *bad pointing at
 * the offending character.
 */
int modifier_state__apply(struct modifier_state *ms, const char *mods,
			  size_t len, const char **bad);
/* The error for the modifier at bad. */
int parser__modifier_error(struct parser *ps, const char *bad);
/* The modifiers at ps->p up to the end of the event, checked alone. */
int parser__read_modifiers(struct parser *ps, const char **mods, size_t *len);
/* Set each evsel from first on from its own and its group's modifiers. */
void parser__store_modifiers(struct parser *ps, int first, const char *gmods,
			     size_t gmods_len);

/* Terms (parse-events-terms.c). */

/* A term of pmu/.../ as written: name, and value if '=' was given. */
struct term {
	const char *name;
	size_t name_len;
	const char *value; /* NULL: bare term */
	size_t value_len;
	const char *at; /* for error offsets */
};

static inline bool term__is(const struct term *term, const char *name)
{
	return term->name_len == strlen(name) &&
	       !strncmp(term->name, name, term->name_len);
}

/* What pmu/.../ builds up: the attr plus name, unit and scale. */
struct pmu_event {
	struct perf_event_attr attr;
	char *name; /* name= */
	const char *unit; /* from an alias */
	double scale;
};

/*
 * Split "a=1,b,name=x" at s up to close ('/', or '\0' for an alias's
 * terms); ps->p ends at the close (not consumed).  *terms is allocated.
 */
int parser__read_terms(struct parser *ps, const char *s, char close,
		       struct term **terms, int *nr_terms);
/* A term's value as a number: 1 and *value, 0 if not a number, -EINVAL. */
int parser__term_number(struct parser *ps, const struct term *term,
			__u64 *value);
/* name=: the printed name, kept as written, into *name. */
int parser__term_name(struct parser *ps, const struct term *term, char **name);
/* Apply terms to ev in order; via_alias: these are an alias's own terms. */
int parser__pmu_terms(struct parser *ps, const struct perf_pmu *pmu,
		      const struct term *terms, int nr_terms,
		      struct pmu_event *ev, const struct term *via_alias);
/* Apply the terms of an event alias of pmu, named by term. */
int parser__pmu_alias(struct parser *ps, const struct perf_pmu *pmu,
		      const struct perf_pmu_alias *alias,
		      const struct term *term, struct pmu_event *ev,
		      const struct term *via_alias);
/* The pending evsel of ev on pmu, named name= or text. */
int parser__add_pmu_event(struct parser *ps, const struct perf_pmu *pmu,
			  struct pmu_event *ev, const char *text,
			  const char *mods, size_t mods_len);

/* Tracepoints (parse-events-tracepoint.c). */

/*
 * sys:name[:mods] or a glob of them at ps->p: 1 when it was one (its
 * evsels added), 0 when it is no tracepoint (ps->p unchanged), or a
 * negative errno with the error recorded.
 */
int parser__tracepoint(struct parser *ps);

#endif /* PERF_UTIL_PARSE_EVENTS_PRIV_H */
