// SPDX-License-Identifier: GPL-2.0
/*
 * libFuzzer target: cpu_map__parse() on arbitrary bytes, as given to -C.
 *
 * A map that parses must be sorted without duplicates, hold only CPUs
 * below the limit, and print back (cpu_map__snprint) to a list that parses
 * to the same map.  A failure must leave a reason in err.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "util/cpumap.h"
#include "util/error.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static void check_map(const struct perf_cpu_map *map, int max_cpu)
{
	struct perf_cpu_map *again = NULL;
	struct perf_error err;
	char buf[8192];
	int i;

	for (i = 0; i < map->nr; i++) {
		if (map->map[i] < 0)
			abort();
		if (max_cpu && map->map[i] >= max_cpu)
			abort();
		if (i && map->map[i] <= map->map[i - 1])
			abort();
	}
	if (cpu_map__snprint(map, buf, sizeof(buf)) < 0 ||
	    strlen(buf) >= sizeof(buf) - 1)
		return; /* too long to round-trip here */
	if (cpu_map__parse(buf, max_cpu, &again, &err))
		abort();
	if (again->nr != map->nr ||
	    memcmp(again->map, map->map, map->nr * sizeof(int)))
		abort();
	cpu_map__put(again);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static const int limits[] = { 0, 2, 4096 };
	struct perf_cpu_map *map;
	struct perf_error err;
	char *str;
	size_t i;

	str = strndup((const char *)data, size);
	if (!str)
		return 0;
	for (i = 0; i < sizeof(limits) / sizeof(limits[0]); i++) {
		map = NULL;
		err.msg[0] = '\0';
		if (cpu_map__parse(str, limits[i], &map, &err) == 0) {
			if (!map)
				abort();
			/* max_cpu 0 allows any CPU: keep round-trips cheap */
			if (limits[i] || map->nr < 100000)
				check_map(map, limits[i]);
			cpu_map__put(map);
		} else if (err.msg[0] == '\0') {
			abort(); /* a failure must say why */
		}
	}
	free(str);
	return 0;
}
