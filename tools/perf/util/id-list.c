// SPDX-License-Identifier: GPL-2.0
/*
 * Lists of ids (CPU numbers, thread ids) and the one constructor of the
 * CPU and thread maps made from them.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "id-list.h"

int id_list__add(struct id_list *l, int id)
{
	if (l->nr == l->alloc) {
		int alloc = l->alloc ? 2 * l->alloc : 16;
		int *grown = realloc(l->ids, (size_t)alloc * sizeof(*grown));

		if (!grown)
			return -ENOMEM;
		l->ids = grown;
		l->alloc = alloc;
	}
	l->ids[l->nr++] = id;
	return 0;
}

int id_list__add_new(struct id_list *l, int id)
{
	for (int i = 0; i < l->nr; i++) {
		if (l->ids[i] == id)
			return 0;
	}
	return id_list__add(l, id);
}

static int id__cmp(const void *a, const void *b)
{
	int x = *(const int *)a, y = *(const int *)b;

	return (x > y) - (x < y);
}

void id_list__sort(struct id_list *l, int first)
{
	if (l->nr > first)
		qsort(l->ids + first, l->nr - first, sizeof(*l->ids), id__cmp);
}

void id_list__sort_unique(struct id_list *l)
{
	int nr = 0;

	id_list__sort(l, 0);
	for (int i = 0; i < l->nr; i++) {
		if (nr && l->ids[nr - 1] == l->ids[i])
			continue;
		l->ids[nr++] = l->ids[i];
	}
	l->nr = nr;
}

void id_list__exit(struct id_list *l)
{
	free(l->ids);
	*l = (struct id_list){ 0 };
}

struct id_map *id_map__new(const int *ids, int nr)
{
	struct id_map *map;

	map = malloc(sizeof(*map) + (size_t)nr * sizeof(map->map[0]));
	if (!map) {
		errno = ENOMEM;
		return NULL;
	}
	map->nr = nr;
	if (nr)
		memcpy(map->map, ids, (size_t)nr * sizeof(map->map[0]));
	return map;
}

struct id_map *id_map__new_any(void)
{
	int any = -1;

	return id_map__new(&any, 1);
}
