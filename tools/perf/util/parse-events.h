/* SPDX-License-Identifier: GPL-2.0 */
#ifndef PERF_UTIL_PARSE_EVENTS_H
#define PERF_UTIL_PARSE_EVENTS_H

/*
 * Event strings ("cycles:u,{task-clock,cs},msr/tsc/") into evsels, and
 * the one error line a string that does not parse gets.
 */

#include <stdbool.h>
#include <stddef.h>
#include <linux/types.h>

struct evlist;
struct perf_error;

/* Where parsing failed: offset into the string and why. */
struct parse_events_error {
	int idx; /* byte offset of the problem in the event string */
	char *str; /* what is wrong, e.g. "unknown event 'foo'" */
	char *help; /* optional hint, NULL if none */
};

/*
 * Parse one -e argument ("cycles,{task-clock,cs}:u,msr/tsc/,r003c") and
 * append its events to evlist.  Returns 0, -EINVAL (syntax or unknown
 * event; err filled), -ENOENT (unknown PMU or event; err filled), -ENOMEM.
 */
int parse_events(struct evlist *evlist, const char *str,
		 struct parse_events_error *err);
void parse_events_error__exit(struct parse_events_error *err);
/*
 * Print the one error line to stderr, naming the event string and the
 * offset:  perf: error: bad event 'cycles:zz' at offset 7: unknown
 * modifier 'z'  (followed by at most one "hint: ..." line from err->help).
 */
void parse_events_error__print(const struct parse_events_error *err,
			       const char *event);
/* The same line (and hint) as an error value; returns ret. */
int parse_events_error__describe(const struct parse_events_error *perr,
				 const char *event, int ret,
				 struct perf_error *err);

/* perf stat's default events when no -e is given. */
int evlist__add_default_events(struct evlist *evlist);

#endif /* PERF_UTIL_PARSE_EVENTS_H */
