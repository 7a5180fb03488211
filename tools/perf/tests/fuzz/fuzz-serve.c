// SPDX-License-Identifier: GPL-2.0
/*
 * libFuzzer target: what perf stat --serve parses from outside, on
 * arbitrary bytes: the [ADDR:]PORT argument (stat_serve__split_addr) and
 * a client's Accept header (stat_serve__negotiate).
 *
 * An address that parses has a port <= 65535 and a host that fits and is
 * a part of the argument; a failure must say why.  Any Accept header gets
 * one of the two formats.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "util/error.h"
#include "util/stat-serve.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static const size_t hostlens[] = { 1, 8, 256 };
	struct perf_error err;
	enum stat_serve_format fmt;
	char host[256];
	unsigned int port;
	char *str;

	str = strndup((const char *)data, size);
	if (!str)
		return 0;
	for (size_t i = 0; i < sizeof(hostlens) / sizeof(hostlens[0]); i++) {
		err.msg[0] = '\0';
		if (stat_serve__split_addr(str, host, hostlens[i], &port,
					   &err) == 0) {
			if (port > 65535 || strlen(host) >= hostlens[i])
				abort();
			/* The host is the argument's, or the default. */
			if (strcmp(host, "127.0.0.1") && !strstr(str, host))
				abort();
		} else if (!strstr(err.msg, "bad --serve address")) {
			abort();
		}
	}
	fmt = stat_serve__negotiate(str);
	if (fmt != STAT_SERVE_OPENMETRICS && fmt != STAT_SERVE_TEXT_004)
		abort();
	free(str);
	return 0;
}
