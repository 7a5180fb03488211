// SPDX-License-Identifier: GPL-2.0
/*
 * perf script, for stat data only: every reading of a perf stat record
 * file or stream (util/stat-file.c), one line per event, CPU and thread
 * at each round, as perf script prints stat data (cumulative readings,
 * each interval's own in an interval file not aggregated globally, as
 * perf's stat code leaves them).  Sampled data (perf record) is refused
 * with one line: this perf has no perf record.
 */
#include <errno.h>
#include <inttypes.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "builtin.h"
#include "util/cpumap.h"
#include "util/debug.h"
#include "util/error.h"
#include "util/evsel.h"
#include "util/parse-options.h"
#include "util/stat-file.h"
#include "util/thread_map.h"

struct script {
	const char *input;
	bool header_printed;
	/* per evsel: the readings of the last round, for interval deltas */
	struct perf_counts **prev;
	int nr_prev;
};

static const char script_usage[] = "Usage: perf script [-i <file>|-]";

static int script__opt_help(const struct cmd_option *opt, const char *arg,
			    void *ctx, struct perf_error *err);

static const struct cmd_option script_options[] = {
	{ 'h', "help", NULL, false, "show this help", script__opt_help },
	{ 'i', "input", "<file>", false,
	  "input file name (default perf.data, '-': stdin)",
	  cmd_option__set_string, offsetof(struct script, input) },
	CMD_OPTION_END,
};

static int script__opt_help(const struct cmd_option *opt, const char *arg,
			    void *ctx, struct perf_error *err)
{
	parse_options__usage(stdout, script_usage, script_options);
	return PARSE_OPTIONS_STOP;
}

/*
 * perf prints what its stat code left in the counts: the cumulative
 * readings, except in the intervals of a file aggregated otherwise than
 * globally, where it has turned them into each interval's deltas.
 */
static bool script__deltas(const struct stat_file *sf)
{
	return sf->interval && sf->aggr_mode != AGGR_GLOBAL;
}

/* v less the last round's reading of its slot, which becomes v. */
static struct perf_counts_values
script__delta(struct script *script, const struct evsel *evsel, int ci, int ti)
{
	struct perf_counts_values v = *perf_counts(evsel->counts, ci, ti);
	struct perf_counts_values *last, delta;
	struct perf_counts **prev;

	if (evsel->idx >= script->nr_prev) {
		prev = realloc(script->prev, (evsel->idx + 1) * sizeof(*prev));
		if (!prev)
			return v;
		memset(prev + script->nr_prev, 0,
		       (evsel->idx + 1 - script->nr_prev) * sizeof(*prev));
		script->prev = prev;
		script->nr_prev = evsel->idx + 1;
	}
	if (!script->prev[evsel->idx])
		script->prev[evsel->idx] = perf_counts__new(
			evsel->counts->ncpus, evsel->counts->nthreads);
	if (!script->prev[evsel->idx] ||
	    script->prev[evsel->idx]->ncpus != evsel->counts->ncpus ||
	    script->prev[evsel->idx]->nthreads != evsel->counts->nthreads)
		return v;
	last = perf_counts(script->prev[evsel->idx], ci, ti);
	delta.val = v.val - last->val;
	delta.ena = v.ena - last->ena;
	delta.run = v.run - last->run;
	*last = v;
	return delta;
}

/* The readings of every event at this round. */
static int script__round(struct stat_file *sf, __u64 type, __u64 time_ns,
			 void *ctx)
{
	struct script *script = ctx;
	struct evsel *evsel;

	if (!script->header_printed) {
		printf("%3s %8s %15s %15s %15s %15s %s\n", "CPU", "THREAD",
		       "VAL", "ENA", "RUN", "TIME", "EVENT");
		script->header_printed = true;
	}
	evlist__for_each_entry(sf->evlist, evsel) {
		const struct perf_counts *counts = evsel->counts;

		for (int ti = 0; ti < counts->nthreads; ti++) {
			for (int ci = 0; ci < counts->ncpus; ci++) {
				struct perf_counts_values v =
					script__deltas(sf) ?
						script__delta(script, evsel, ci,
							      ti) :
						*perf_counts(evsel->counts, ci,
							     ti);

				printf("%3d %8d %15" PRIu64 " %15" PRIu64
				       " %15" PRIu64 " %15" PRIu64 " %s\n",
				       evsel->cpus->map[ci],
				       (int)evsel->threads->map[ti],
				       (uint64_t)v.val, (uint64_t)v.ena,
				       (uint64_t)v.run, (uint64_t)time_ns,
				       evsel->name);
			}
		}
	}
	/* A stream's rounds show as they come. */
	if (sf->pipe)
		fflush(stdout);
	return 0;
}

int cmd_script(int argc, const char **argv)
{
	struct script script = { .input = "perf.data" };
	struct perf_error err;
	struct stat_file sf;
	int ret;

	ret = parse_options__no_args(argc, argv, script_options, &script,
				     "perf script", script_usage);
	if (ret >= 0)
		return ret;
	ret = stat_file__open(&sf, script.input, &err);
	if (!ret)
		ret = stat_file__replay(&sf, script__round, &script, &err);
	fflush(stdout);
	if (ret == -ENODATA)
		pr_error(
			"%s: perf script supports only stat data, from 'perf stat record'",
			sf.path ? sf.path : script.input);
	else if (ret)
		perf_error__print(&err);
	for (int i = 0; i < script.nr_prev; i++)
		perf_counts__delete(script.prev[i]);
	free(script.prev);
	stat_file__close(&sf);
	return ret ? 1 : 0;
}
