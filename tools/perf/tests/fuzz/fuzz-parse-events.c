// SPDX-License-Identifier: GPL-2.0
/*
 * libFuzzer target: parse_events() on arbitrary bytes, as given to -e.
 *
 * The input is cut at its first NUL (a C string is all perf ever sees).
 * Every parse must either succeed or fail with an error that names an
 * offset inside the string; the evlist and the error are freed each time
 * so that LeakSanitizer sees any leak on any path.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "util/evsel.h"
#include "util/parse-events.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct parse_events_error err = { 0 };
	struct evlist *evlist;
	char *str;
	size_t len;
	int ret;

	str = strndup((const char *)data, size);
	if (!str)
		return 0;
	len = strlen(str);
	evlist = evlist__new();
	if (!evlist) {
		free(str);
		return 0;
	}
	ret = parse_events(evlist, str, &err);
	if (ret == 0 && evlist->nr_entries == 0 && len > 0 &&
	    strspn(str, " \t") != len)
		abort(); /* success must add at least one event */
	if (ret < 0 && (err.idx < 0 || (size_t)err.idx > len))
		abort(); /* the error offset must lie inside the string */
	parse_events_error__exit(&err);
	evlist__delete(evlist);
	free(str);
	return 0;
}
