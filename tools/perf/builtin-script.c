// SPDX-License-Identifier: GPL-2.0
/*
 * perf script, for stat data only: every reading of a perf stat record
 * file (util/stat-record.c), one line per event, CPU and thread at each
 * round, as perf script prints stat data.  Sampled data (perf record) is
 * refused with one line: this perf has no perf record.
 */
#include <errno.h>
#include <inttypes.h>
#include <stddef.h>
#include <stdio.h>

#include "builtin.h"
#include "util/cpumap.h"
#include "util/debug.h"
#include "util/error.h"
#include "util/evsel.h"
#include "util/parse-options.h"
#include "util/stat-record.h"

struct script {
	const char *input;
	bool header_printed;
};

static const char script_usage[] = "Usage: perf script [-i <file>]";

static int script__opt_help(const struct cmd_option *opt, const char *arg,
			    void *ctx, struct perf_error *err);

static const struct cmd_option script_options[] = {
	{ 'h', "help", NULL, false, "show this help", script__opt_help },
	{ 'i', "input", "<file>", false, "input file name (default perf.data)",
	  cmd_option__set_string, offsetof(struct script, input) },
	CMD_OPTION_END,
};

static int script__opt_help(const struct cmd_option *opt, const char *arg,
			    void *ctx, struct perf_error *err)
{
	parse_options__usage(stdout, script_usage, script_options);
	return PARSE_OPTIONS_STOP;
}

/* The cumulative readings of every event at this round. */
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
				const struct perf_counts_values *v =
					perf_counts(evsel->counts, ci, ti);

				printf("%3d %8d %15" PRIu64 " %15" PRIu64
				       " %15" PRIu64 " %15" PRIu64 " %s\n",
				       sf->cpus->map[ci],
				       (int)sf->threads->map[ti],
				       (uint64_t)v->val, (uint64_t)v->ena,
				       (uint64_t)v->run, (uint64_t)time_ns,
				       evsel->name);
			}
		}
	}
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
	if (ret == -ENODATA) {
		pr_error(
			"%s: perf script supports only stat data, from 'perf stat record'",
			script.input);
	} else if (ret) {
		perf_error__print(&err);
	} else {
		ret = stat_file__replay(&sf, script__round, &script, &err);
		if (ret)
			perf_error__print(&err);
	}
	fflush(stdout);
	stat_file__close(&sf);
	return ret ? 1 : 0;
}
