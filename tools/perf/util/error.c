// SPDX-License-Identifier: GPL-2.0
/* Errors as values (struct perf_error): filled by callees, printed once. */
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "debug.h"
#include "error.h"

int perf_error__set(struct perf_error *err, int ret, const char *fmt, ...)
{
	va_list ap;

	if (!err)
		return ret;
	va_start(ap, fmt);
	vsnprintf(err->msg, sizeof(err->msg), fmt, ap);
	va_end(ap);
	err->hint[0] = '\0';
	return ret;
}

int perf_error__prefix(struct perf_error *err, int ret, const char *fmt, ...)
{
	const size_t room = sizeof(err->msg) - 1;
	char what[sizeof(err->msg)];
	size_t len, why_len;
	va_list ap;

	if (!err)
		return ret;
	va_start(ap, fmt);
	vsnprintf(what, sizeof(what), fmt, ap);
	va_end(ap);
	/* "<what>: <why>", the end of why cut where it does not fit */
	len = strlen(what);
	if (len > room - 2)
		len = room - 2;
	why_len = strnlen(err->msg, room);
	if (why_len > room - 2 - len)
		why_len = room - 2 - len;
	memmove(err->msg + len + 2, err->msg, why_len);
	err->msg[len + 2 + why_len] = '\0';
	memcpy(err->msg, what, len);
	memcpy(err->msg + len, ": ", 2);
	return ret;
}

void perf_error__hint(struct perf_error *err, const char *fmt, ...)
{
	va_list ap;

	if (!err)
		return;
	va_start(ap, fmt);
	vsnprintf(err->hint, sizeof(err->hint), fmt, ap);
	va_end(ap);
}

void perf_error__print(const struct perf_error *err)
{
	pr_error("%s", err->msg);
	if (err->hint[0])
		pr_hint("%s", err->hint);
}
