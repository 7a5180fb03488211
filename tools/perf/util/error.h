/* SPDX-License-Identifier: GPL-2.0 */
#ifndef PERF_UTIL_ERROR_H
#define PERF_UTIL_ERROR_H

/*
 * An error as a value: the callee fills one of these and returns a
 * negative errno; the command prints it once, as
 *
 *   perf: error: <msg>
 *   hint: <hint>            (only when there is one)
 */

#include <limits.h>

struct perf_error {
	char msg[PATH_MAX + 256]; /* "what: why", lowercase, no period */
	char hint[512]; /* "" or one line of advice */
};

/* Set the message (and no hint); returns ret, for "return ...set()". */
int perf_error__set(struct perf_error *err, int ret, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));
/*
 * Put "<what>: " before the message a callee set (its hint stays), for
 * the caller that knows what was being done; returns ret.
 */
int perf_error__prefix(struct perf_error *err, int ret, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));
/* Add the hint to the message set last. */
void perf_error__hint(struct perf_error *err, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));
/* For the commands: print it with pr_error() and pr_hint(). */
void perf_error__print(const struct perf_error *err);

#endif /* PERF_UTIL_ERROR_H */
