/* SPDX-License-Identifier: GPL-2.0 */
#ifndef PERF_UTIL_EVENT_NAMES_H
#define PERF_UTIL_EVENT_NAMES_H

/*
 * The names perf gives to events that need no PMU from sysfs: the
 * generic hardware and software events and the hardware cache events.
 * One table each, read both ways: by parse_events() (name to type and
 * config), and by perf list and event_name_of() (type and config to name).
 */

#include <stdbool.h>
#include <stddef.h>
#include <linux/types.h>

/* A generic event: symbol, optional alias ("cs"), type and config. */
struct event_symbol {
	const char *symbol;
	const char *alias; /* NULL if none */
	__u32 type;
	__u64 config;
	bool named_by_alias; /* perf prints the alias ("cycles") */
};
extern const struct event_symbol event_symbols[];
extern const int nr_event_symbols;

/* The generic event called [name, name + len) (symbol or alias), or NULL. */
const struct event_symbol *event_symbol__find(const char *name, size_t len);

/*
 * The name perf prints for the event of this type and config:
 * "cycles", "context-switches", "L1-dcache-load-misses".  Returns 0, or
 * -ENOENT when the tables have no name for it (raw and PMU events), or
 * -ERANGE when it does not fit in size bytes.
 */
int event_name_of(__u32 type, __u64 config, char *buf, size_t size);

/*
 * perf's name of a hardware cache event ("L1-dcache-loads",
 * "LLC-load-misses") into buf; -EINVAL for combinations perf does not
 * accept (L1-icache-stores).  type/op/result are PERF_COUNT_HW_CACHE_*.
 */
int parse_events__hw_cache_name(int type, int op, int result, char *buf,
				size_t size);

/* The three words of a hardware cache event's name. */
enum hw_cache_part {
	HW_CACHE_TYPE, /* L1-dcache, LLC, dTLB, ... */
	HW_CACHE_OP, /* load, store, prefetch */
	HW_CACHE_RESULT, /* refs, misses */
};

/*
 * The longest word of this part (any of its aliases) that is a whole
 * '-'-separated prefix of [s, end).  Returns its PERF_COUNT_HW_CACHE_*
 * index, with *next past it (and past its '-'), or -1.
 */
int hw_cache__match(enum hw_cache_part part, const char *s, const char *end,
		    const char **next);
/* The canonical word of this part for index idx ("L1-dcache", "load"). */
const char *hw_cache__word(enum hw_cache_part part, int idx);
/* Does perf accept this operation on this cache? */
bool hw_cache__has_op(int type, int op);

#endif /* PERF_UTIL_EVENT_NAMES_H */
