// SPDX-License-Identifier: GPL-2.0
/*
 * The event name tables: the generic hardware and software events with
 * their aliases, and the hardware cache matrix (cache x operation x
 * result) with the words perf accepts for each, looked up by name for
 * parse_events() and by type and config for event_name_of().
 */
#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <linux/perf_event.h>

#include "event-names.h"

#define HW(sym, al, cfg)                                         \
	{                                                        \
		sym, al, PERF_TYPE_HARDWARE, PERF_COUNT_HW_##cfg \
	}
/* perf prints this one by its alias: "cycles", not "cpu-cycles". */
#define HW_ALIAS(sym, al, cfg)                                         \
	{                                                              \
		sym, al, PERF_TYPE_HARDWARE, PERF_COUNT_HW_##cfg, true \
	}
#define SW(sym, al, cfg)                                         \
	{                                                        \
		sym, al, PERF_TYPE_SOFTWARE, PERF_COUNT_SW_##cfg \
	}

const struct event_symbol event_symbols[] = {
	HW_ALIAS("cpu-cycles", "cycles", CPU_CYCLES),
	HW("instructions", NULL, INSTRUCTIONS),
	HW("cache-references", NULL, CACHE_REFERENCES),
	HW("cache-misses", NULL, CACHE_MISSES),
	HW_ALIAS("branch-instructions", "branches", BRANCH_INSTRUCTIONS),
	HW("branch-misses", NULL, BRANCH_MISSES),
	HW("bus-cycles", NULL, BUS_CYCLES),
	HW("stalled-cycles-frontend", "idle-cycles-frontend",
	   STALLED_CYCLES_FRONTEND),
	HW("stalled-cycles-backend", "idle-cycles-backend",
	   STALLED_CYCLES_BACKEND),
	HW("ref-cycles", NULL, REF_CPU_CYCLES),
	SW("cpu-clock", NULL, CPU_CLOCK),
	SW("task-clock", NULL, TASK_CLOCK),
	SW("page-faults", "faults", PAGE_FAULTS),
	SW("context-switches", "cs", CONTEXT_SWITCHES),
	SW("cpu-migrations", "migrations", CPU_MIGRATIONS),
	SW("minor-faults", NULL, PAGE_FAULTS_MIN),
	SW("major-faults", NULL, PAGE_FAULTS_MAJ),
	SW("alignment-faults", NULL, ALIGNMENT_FAULTS),
	SW("emulation-faults", NULL, EMULATION_FAULTS),
	SW("dummy", NULL, DUMMY),
	SW("bpf-output", NULL, BPF_OUTPUT),
	SW("cgroup-switches", NULL, CGROUP_SWITCHES),
};

const int nr_event_symbols = sizeof(event_symbols) / sizeof(event_symbols[0]);

#define MAX_ALIASES 6

/* perf's names for the hardware cache matrix; the first is canonical. */
static const char *const hw_cache[PERF_COUNT_HW_CACHE_MAX][MAX_ALIASES] = {
	{ "L1-dcache", "l1-d", "l1d", "L1-data" },
	{ "L1-icache", "l1-i", "l1i", "L1-instruction" },
	{ "LLC", "L2" },
	{ "dTLB", "d-tlb", "Data-TLB" },
	{ "iTLB", "i-tlb", "Instruction-TLB" },
	{ "branch", "branches", "bpu", "btb", "bpc" },
	{ "node" },
};

static const char *const hw_cache_op[PERF_COUNT_HW_CACHE_OP_MAX][MAX_ALIASES] = {
	{ "load", "loads", "read" },
	{ "store", "stores", "write" },
	{ "prefetch", "prefetches", "speculative-read", "speculative-load" },
};

static const char
	*const hw_cache_result[PERF_COUNT_HW_CACHE_RESULT_MAX][MAX_ALIASES] = {
		{ "refs", "Reference", "ops", "access" },
		{ "misses", "miss" },
	};

#define CACHE_OP(x) (1U << PERF_COUNT_HW_CACHE_OP_##x)

/* Which operations each cache has, as perf accepts them. */
static const unsigned int hw_cache_ops[PERF_COUNT_HW_CACHE_MAX] = {
	[PERF_COUNT_HW_CACHE_L1D] = CACHE_OP(READ) | CACHE_OP(WRITE) |
				    CACHE_OP(PREFETCH),
	[PERF_COUNT_HW_CACHE_L1I] = CACHE_OP(READ) | CACHE_OP(PREFETCH),
	[PERF_COUNT_HW_CACHE_LL] = CACHE_OP(READ) | CACHE_OP(WRITE) |
				   CACHE_OP(PREFETCH),
	[PERF_COUNT_HW_CACHE_DTLB] = CACHE_OP(READ) | CACHE_OP(WRITE) |
				     CACHE_OP(PREFETCH),
	[PERF_COUNT_HW_CACHE_ITLB] = CACHE_OP(READ),
	[PERF_COUNT_HW_CACHE_BPU] = CACHE_OP(READ),
	[PERF_COUNT_HW_CACHE_NODE] = CACHE_OP(READ) | CACHE_OP(WRITE) |
				     CACHE_OP(PREFETCH),
};

/* Each part's words and how many rows it has. */
static const struct {
	const char *const (*words)[MAX_ALIASES];
	int nr;
} hw_cache_parts[] = {
	[HW_CACHE_TYPE] = { hw_cache, PERF_COUNT_HW_CACHE_MAX },
	[HW_CACHE_OP] = { hw_cache_op, PERF_COUNT_HW_CACHE_OP_MAX },
	[HW_CACHE_RESULT] = { hw_cache_result, PERF_COUNT_HW_CACHE_RESULT_MAX },
};

const struct event_symbol *event_symbol__find(const char *name, size_t len)
{
	for (int i = 0; i < nr_event_symbols; i++) {
		const struct event_symbol *sym = &event_symbols[i];

		if ((strlen(sym->symbol) == len &&
		     !strncmp(sym->symbol, name, len)) ||
		    (sym->alias && strlen(sym->alias) == len &&
		     !strncmp(sym->alias, name, len)))
			return sym;
	}
	return NULL;
}

int hw_cache__match(enum hw_cache_part part, const char *s, const char *end,
		    const char **next)
{
	const char *const(*names)[MAX_ALIASES] = hw_cache_parts[part].words;
	int best = -1;
	size_t best_len = 0;

	for (int i = 0; i < hw_cache_parts[part].nr; i++) {
		for (int j = 0; j < MAX_ALIASES && names[i][j]; j++) {
			size_t len = strlen(names[i][j]);

			if (len > (size_t)(end - s) ||
			    strncmp(s, names[i][j], len))
				continue;
			if (s + len != end && s[len] != '-')
				continue;
			if (len > best_len) {
				best = i;
				best_len = len;
			}
		}
	}
	if (best >= 0) {
		*next = s + best_len;
		if (*next != end)
			(*next)++;
	}
	return best;
}

const char *hw_cache__word(enum hw_cache_part part, int idx)
{
	if (idx < 0 || idx >= hw_cache_parts[part].nr)
		return NULL;
	return hw_cache_parts[part].words[idx][0];
}

bool hw_cache__has_op(int type, int op)
{
	return type >= 0 && type < PERF_COUNT_HW_CACHE_MAX && op >= 0 &&
	       op < PERF_COUNT_HW_CACHE_OP_MAX &&
	       (hw_cache_ops[type] & (1U << op));
}

int parse_events__hw_cache_name(int type, int op, int result, char *buf,
				size_t size)
{
	if (!hw_cache__has_op(type, op) || result < 0 ||
	    result >= PERF_COUNT_HW_CACHE_RESULT_MAX)
		return -EINVAL;
	if (result == PERF_COUNT_HW_CACHE_RESULT_ACCESS)
		snprintf(buf, size, "%s-%s", hw_cache[type][0],
			 hw_cache_op[op][1]);
	else
		snprintf(buf, size, "%s-%s-%s", hw_cache[type][0],
			 hw_cache_op[op][0], hw_cache_result[result][0]);
	return 0;
}

int event_name_of(__u32 type, __u64 config, char *buf, size_t size)
{
	char cache_name[64];
	const char *name = NULL;

	if (type == PERF_TYPE_HW_CACHE) {
		if (config >> 24 || parse_events__hw_cache_name(
					    config & 0xff, (config >> 8) & 0xff,
					    (config >> 16) & 0xff, cache_name,
					    sizeof(cache_name)))
			return -ENOENT;
		name = cache_name;
	}
	for (int i = 0; !name && i < nr_event_symbols; i++) {
		const struct event_symbol *sym = &event_symbols[i];

		if (sym->type == type && sym->config == config)
			name = sym->named_by_alias ? sym->alias : sym->symbol;
	}
	if (!name)
		return -ENOENT;
	if ((size_t)snprintf(buf, size, "%s", name) >= size)
		return -ERANGE;
	return 0;
}
