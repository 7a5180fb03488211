// SPDX-License-Identifier: GPL-2.0
/* Errors as values (struct perf_error): filled by callees, printed once. */
#include <stdarg.h>
#include <stdio.h>

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
