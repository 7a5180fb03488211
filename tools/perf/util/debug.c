// SPDX-License-Identifier: GPL-2.0
/*
 * The tool's messages on stderr: the one error line and its hint, warnings,
 * and -v debug output, each one line whatever it quotes.
 */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>

#include "debug.h"

int verbose;
int quiet;

/*
 * One line, whatever the message quotes from the user: control characters
 * (a newline in an event string, say) are written as escapes.
 */
static void vprint(const char *prefix, const char *fmt, va_list ap)
{
	char *msg = NULL;

	if (vasprintf(&msg, fmt, ap) < 0) {
		fprintf(stderr, "%s(out of memory)\n", prefix);
		return;
	}
	fputs(prefix, stderr);
	for (const unsigned char *c = (const unsigned char *)msg; *c; c++) {
		if (*c == '\n')
			fputs("\\n", stderr);
		else if (*c == '\r')
			fputs("\\r", stderr);
		else if (*c == '\t')
			fputs("\\t", stderr);
		else if (*c < 0x20 || *c == 0x7f)
			fprintf(stderr, "\\x%02x", *c);
		else
			fputc(*c, stderr);
	}
	fputc('\n', stderr);
	free(msg);
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
