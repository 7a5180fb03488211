// SPDX-License-Identifier: GPL-2.0
/*
 * libFuzzer target: the -t and -p list parsers, thread_map__parse_tids()
 * and thread_map__parse_pids(), on arbitrary bytes.  -p reads /proc: the
 * pids that exist on the fuzzing machine (1, our own) make it go past the
 * syntax into /proc/PID/task.  A failure must leave a reason in err.
 */
#include <errno.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "util/error.h"
#include "util/thread_map.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct perf_thread_map *map;
	struct perf_error err;
	char *str;
	int ret, i;

	str = strndup((const char *)data, size);
	if (!str)
		return 0;

	map = NULL;
	err.msg[0] = '\0';
	ret = thread_map__parse_tids(str, &map, &err);
	if (ret == 0) {
		if (!map || map->nr < 1)
			abort();
		for (i = 0; i < map->nr; i++)
			if (map->map[i] <= 0)
				abort();
		thread_map__put(map);
	} else if (ret != -ENOMEM && err.msg[0] == '\0') {
		abort();
	}

	map = NULL;
	err.msg[0] = '\0';
	ret = thread_map__parse_pids(str, &map, &err);
	if (ret == 0) {
		if (!map || map->nr < 1)
			abort();
		thread_map__put(map);
	} else if (ret != -ENOMEM && err.msg[0] == '\0') {
		abort();
	}
	free(str);
	return 0;
}
