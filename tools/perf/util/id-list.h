/* SPDX-License-Identifier: GPL-2.0 */
#ifndef PERF_UTIL_ID_LIST_H
#define PERF_UTIL_ID_LIST_H

/*
 * Lists of ids (CPU numbers, thread ids) as the CPU and thread map
 * parsers collect them, and the one constructor of both maps.
 */

/* A growing list; { 0 } is an empty one. */
struct id_list {
	int *ids;
	int nr, alloc;
};

/* Append id.  0 or -ENOMEM. */
int id_list__add(struct id_list *l, int id);
/* Append id unless the list holds it already.  0 or -ENOMEM. */
int id_list__add_new(struct id_list *l, int id);
/* Sort the ids from index first on. */
void id_list__sort(struct id_list *l, int first);
/* Sort the whole list and drop its duplicates. */
void id_list__sort_unique(struct id_list *l);
void id_list__exit(struct id_list *l);

/*
 * What a CPU map and a thread map are (struct perf_cpu_map, struct
 * perf_thread_map, laid out alike): a count, then that many ids, in one
 * allocation.
 */
struct id_map {
	int nr;
	int map[];
};

/* A map of a copy of ids[0..nr).  NULL + errno ENOMEM on failure. */
struct id_map *id_map__new(const int *ids, int nr);
/* The map of one id, -1: "any CPU", "any thread". */
struct id_map *id_map__new_any(void);

#endif /* PERF_UTIL_ID_LIST_H */
