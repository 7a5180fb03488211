// SPDX-License-Identifier: GPL-2.0
#include <stdarg.h>
#include <stdio.h>

#include "debug.h"

int verbose;
int quiet;

static void vprint(const char *prefix, const char *fmt, va_list ap)
{
	fputs(prefix, stderr);
	vfprintf(stderr, fmt, ap);
	fputc('\n', stderr);
}

/* "perf: error: <what>: <why>", lowercase, no trailing period. */
void pr_error(const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vprint("perf: error: ", fmt, ap);
	va_end(ap);
}

/* At most one, right after pr_error(). */
void pr_hint(const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vprint("hint: ", fmt, ap);
	va_end(ap);
}

void pr_warning(const char *fmt, ...)
{
	va_list ap;

	if (quiet)
		return;
	va_start(ap, fmt);
	vprint("perf: warning: ", fmt, ap);
	va_end(ap);
}

void pr_debug(const char *fmt, ...)
{
	va_list ap;

	if (!verbose)
		return;
	va_start(ap, fmt);
	vprint("perf: debug: ", fmt, ap);
	va_end(ap);
}
