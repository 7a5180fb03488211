/* SPDX-License-Identifier: GPL-2.0 */
#ifndef PERF_UTIL_DEBUG_H
#define PERF_UTIL_DEBUG_H

/*
 * Messages.  Library code reports failures by return value and, where the
 * reason needs words, by filling a caller's buffer; only the commands
 * (builtin-*.c) print the final "perf: error: ..." line, with pr_error().
 * pr_debug() appears with -v only; pr_warning() always (unless -q).
 */

extern int verbose;	/* -v count */
extern int quiet;	/* -q */

void pr_error(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
void pr_hint(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
void pr_warning(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
void pr_debug(const char *fmt, ...) __attribute__((format(printf, 1, 2)));

#endif /* PERF_UTIL_DEBUG_H */
