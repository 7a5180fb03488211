/* SPDX-License-Identifier: GPL-2.0 */
#ifndef PERF_UTIL_PARSE_EVENTS_H
#define PERF_UTIL_PARSE_EVENTS_H

#include <stdbool.h>
#include <stddef.h>
#include <linux/types.h>

struct evlist;

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

/* perf stat's default events when no -e is given. */
int evlist__add_default_events(struct evlist *evlist);

/*
 * The generic events perf knows by name (hardware and software), for
 * perf list: symbol, optional alias ("cs"), type and config.
 */
struct event_symbol {
	const char *symbol;
	const char *alias; /* NULL if none */
	__u32 type;
	__u64 config;
};
extern const struct event_symbol event_symbols[];
extern const int nr_event_symbols;

/*
 * perf's name of a hardware cache event ("L1-dcache-loads",
 * "LLC-load-misses") into buf; -EINVAL for combinations perf does not
 * accept (L1-icache-stores).  type/op/result are PERF_COUNT_HW_CACHE_*.
 */
int parse_events__hw_cache_name(int type, int op, int result, char *buf,
				size_t size);

#endif /* PERF_UTIL_PARSE_EVENTS_H */
