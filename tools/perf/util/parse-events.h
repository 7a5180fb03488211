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

/*
 * Parse one -e argument ("cycles,{task-clock,cs}:u,msr/tsc/,r003c") and
 * append its events to evlist.  Returns 0, or -EINVAL (syntax or unknown
 * event), -ENOENT (unknown PMU or event) or -ENOMEM with err (which may
 * be NULL) filled with the one error line, naming the string and the
 * offset, and at most one hint:
 *
 *   bad event 'cycles:zz' at offset 7: unknown modifier 'z'
 */
int parse_events(struct evlist *evlist, const char *str,
		 struct perf_error *err);

/* perf stat's default events when no -e is given. */
int evlist__add_default_events(struct evlist *evlist);

#endif /* PERF_UTIL_PARSE_EVENTS_H */
