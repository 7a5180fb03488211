// SPDX-License-Identifier: GPL-2.0
/*
 * perf stat record and perf stat report: a perf stat run that also
 * writes its counts to a perf.data file (util/stat-record.c), and the
 * counts of such a file printed again in any of perf stat's formats.
 *
 *   perf stat record [-o FILE|-] [stat options] [--] [command]
 *   perf stat report [-i FILE|-] [-x SEP | -j] [-A | --per-*] [-o FILE]
 *
 * "-" is pipe mode: a stream on stdout, read from stdin.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "builtin-stat.h"
#include "util/cpumap.h"
#include "util/debug.h"
#include "util/error.h"
#include "util/evsel.h"
#include "util/parse-options.h"
#include "util/stat-file.h"
#include "util/stat-record.h"
#include "util/stat.h"
#include "util/target.h"
#include "util/thread_map.h"

#define STAT_RECORD_DEFAULT_PATH "perf.data"

bool stat__is_subcommand(const char *arg, const char *name)
{
	size_t len = strlen(arg);

	/* perf takes any prefix of three letters or more */
	return len > 2 && !strncmp(arg, name, len);
}

int stat__subcommand_after_options(struct stat_session *s, int argc,
				   const char **argv)
{
	int at = (int)(s->argv - argv), nr = 0, ret;
	const char **report_argv;

	/* "--" before it: a command of that name, to count */
	if (at < 1 || at >= argc || !strcmp(argv[at - 1], "--"))
		return -1;
	if (stat__is_subcommand(argv[at], "record")) {
		s->record_mode = true;
		return stat__parse_options(s, s->argc, s->argv);
	}
	if (!stat__is_subcommand(argv[at], "report"))
		return -1;
	report_argv = calloc(argc + 1, sizeof(*report_argv));
	if (!report_argv) {
		pr_error("perf stat report: %s", strerror(ENOMEM));
		return 1;
	}
	report_argv[nr++] = argv[at];
	for (int i = 1; i < argc; i++) {
		if (i != at)
			report_argv[nr++] = argv[i];
	}
	ret = cmd_stat_report(nr, report_argv);
	free(report_argv);
	return ret;
}

int stat__record_open(struct stat_session *s)
{
	const char *path = s->output_name ? s->output_name :
					    STAT_RECORD_DEFAULT_PATH;
	struct perf_error err;

	if (s->append) {
		pr_error("--append cannot be used with perf stat record");
		return 2;
	}
	/* perf refuses it too: its report would take the runs as intervals */
	if (s->forever || s->config.run_count > 1) {
		pr_error("-r/--repeat cannot be used with perf stat record");
		return 2;
	}
	if (stat_record__new(&s->record, path, s->cmd_argc, s->cmd_argv,
			     &err)) {
		perf_error__print(&err);
		return 1;
	}
	/* -o named the perf.data file: the counts print on stderr. */
	s->output_name = NULL;
	/* To a pipe, as perf: none, the reader on its other side prints. */
	if (!strcmp(path, "-"))
		s->config.quiet = true;
	return -1;
}

int stat__record_counts(struct stat_session *s, bool final, __u64 time_ns)
{
	struct perf_error err;
	int ret;

	ret = stat_record__setup(s->record, s->evlist, &s->config, &err);
	if (!ret)
		ret = stat_record__counts(
			s->record, s->evlist,
			final ? PERF_STAT_ROUND_TYPE__FINAL :
				PERF_STAT_ROUND_TYPE__INTERVAL,
			time_ns, &err);
	if (ret)
		perf_error__print(&err);
	return ret;
}

int stat__record_finish(struct stat_session *s, int status)
{
	struct perf_error err;

	if (!s->record)
		return status;
	if (stat_record__finish(s->record, &err)) {
		perf_error__print(&err);
		status = 1;
	}
	stat_record__delete(s->record);
	s->record = NULL;
	return status;
}

/* perf stat report */

struct stat_report {
	const char *input;
	const char *output_name;
	int aggr; /* an option's mode, -1: the file's */
	int big_num_opt;
	bool json_output;
	const char *csv_sep;
	bool settled; /* config set from the file, stats allocated */
	struct perf_stat_config config;
	struct target target; /* none: the header names the command line */
};

static const char stat_report_usage[] = "Usage: perf stat report [<options>]";

static int stat_report__opt_aggr(const struct cmd_option *opt, const char *arg,
				 void *ctx, struct perf_error *err)
{
	struct stat_report *r = ctx;

	r->aggr = opt->value;
	return 0;
}

static int stat_report__opt_help(const struct cmd_option *opt, const char *arg,
				 void *ctx, struct perf_error *err);

#define REPORT_FIELD(field) offsetof(struct stat_report, field)
#define REPORT_AGGR(s, l, help, mode)                                   \
	{                                                               \
		s, l, NULL, false, help, stat_report__opt_aggr, 0, mode \
	}

static const struct cmd_option stat_report_options[] = {
	REPORT_AGGR('A', "no-aggr", "disable CPU count aggregation", AGGR_NONE),
	{ 'h', "help", NULL, false, "show this help", stat_report__opt_help },
	{ 'i', "input", "<file>", false,
	  "input file name (default perf.data, '-': stdin)",
	  cmd_option__set_string, REPORT_FIELD(input) },
	{ 'j', "json-output", NULL, false, "print counts in JSON format",
	  cmd_option__set_true, REPORT_FIELD(json_output) },
	{ 'o', "output", "<file>", false, "output file name",
	  cmd_option__set_string, REPORT_FIELD(output_name) },
	{ 'x', "field-separator", "<separator>", false,
	  "print counts with custom separator", cmd_option__set_string,
	  REPORT_FIELD(csv_sep) },
	{ 0, "no-big-num", NULL, false,
	  "print large numbers without thousands' separators",
	  cmd_option__set_int, REPORT_FIELD(big_num_opt), 0 },
	REPORT_AGGR(0, "per-cluster", "aggregate counts per cluster instance",
		    AGGR_CLUSTER),
	REPORT_AGGR(0, "per-cache", "aggregate counts per last level cache",
		    AGGR_CACHE),
	REPORT_AGGR(0, "per-core",
		    "aggregate counts per physical processor core", AGGR_CORE),
	REPORT_AGGR(0, "per-die", "aggregate counts per processor die",
		    AGGR_DIE),
	REPORT_AGGR(0, "per-node", "aggregate counts per numa node", AGGR_NODE),
	REPORT_AGGR(0, "per-socket", "aggregate counts per processor socket",
		    AGGR_SOCKET),
	REPORT_AGGR(0, "per-thread", "aggregate counts per thread",
		    AGGR_THREAD),
	CMD_OPTION_END,
};

static int stat_report__opt_help(const struct cmd_option *opt, const char *arg,
				 void *ctx, struct perf_error *err)
{
	parse_options__usage(stdout, stat_report_usage, stat_report_options);
	return PARSE_OPTIONS_STOP;
}

static bool cpu_map__is_any(const struct perf_cpu_map *map)
{
	return map->nr == 1 && map->map[0] == -1;
}

/*
 * At the first round the file's maps and configuration are known: the
 * aggregation asked for must fit what the file holds.
 */
static int stat_report__settle(struct stat_report *r, struct stat_file *sf)
{
	struct perf_stat_config *c = &r->config;
	bool per_cpu = !cpu_map__is_any(sf->cpus);
	bool per_thread = sf->threads->nr > 1 || sf->threads->map[0] != -1;
	int ret;

	c->interval = sf->interval;
	c->scale = sf->scale;
	if (r->aggr < 0) {
		c->aggr_mode = sf->aggr_mode;
		if ((c->aggr_mode != AGGR_GLOBAL &&
		     c->aggr_mode != AGGR_THREAD && !per_cpu) ||
		    (c->aggr_mode == AGGR_THREAD && !per_thread))
			c->aggr_mode = AGGR_GLOBAL;
	} else {
		c->aggr_mode = r->aggr;
		if (c->aggr_mode == AGGR_THREAD ?
			    !per_thread :
			    c->aggr_mode != AGGR_GLOBAL && !per_cpu) {
			pr_error(
				"%s: the file has no per-%s counts for this aggregation",
				sf->path,
				c->aggr_mode == AGGR_THREAD ? "thread" : "CPU");
			pr_hint("record with -a or -C for per-CPU counts, with --per-thread for per-thread counts");
			return -ECANCELED;
		}
	}
	ret = evlist__alloc_stats(c, sf->evlist);
	if (ret) {
		pr_error("cannot allocate the statistics: %s", strerror(-ret));
		return -ECANCELED;
	}
	r->settled = true;
	return 0;
}

static int stat_report__round(struct stat_file *sf, __u64 type, __u64 time_ns,
			      void *ctx)
{
	struct stat_report *r = ctx;
	struct perf_stat_config *c = &r->config;
	struct timespec ts = {
		.tv_sec = time_ns / 1000000000ULL,
		.tv_nsec = time_ns % 1000000000ULL,
	};
	int ret;

	if (!r->settled) {
		ret = stat_report__settle(r, sf);
		if (ret)
			return ret;
	}
	c->walltime_ns = (double)time_ns;
	ret = perf_stat__process_counters(c, sf->evlist);
	if (ret) {
		pr_error("cannot aggregate the counts: %s", strerror(-ret));
		return -ECANCELED;
	}
	/* A -I file's rounds are intervals, a plain file's final. */
	evlist__print_counters(
		sf->evlist, c,
		type == PERF_STAT_ROUND_TYPE__INTERVAL && c->interval ? &ts :
									NULL);
	return 0;
}

static int stat_report__parse(struct stat_report *r, int argc,
			      const char **argv)
{
	int ret;

	ret = parse_options__no_args(argc, argv, stat_report_options, r,
				     "perf stat report", stat_report_usage);
	if (ret >= 0)
		return ret;
	if (r->csv_sep && r->json_output) {
		pr_error(
			"-x/--field-separator and -j/--json-output cannot be used together");
		return 2;
	}
	r->config.csv_sep = r->csv_sep;
	r->config.json_output = r->json_output;
	r->config.big_num = r->big_num_opt >= 0 ?
				    r->big_num_opt :
				    !r->csv_sep && !r->json_output;
	return -1;
}

int cmd_stat_report(int argc, const char **argv)
{
	struct stat_report r = {
		.input = STAT_RECORD_DEFAULT_PATH,
		.aggr = -1,
		.big_num_opt = -1,
		.config = {
			.aggr_mode = AGGR_GLOBAL,
			.scale = true,
			.run_count = 1,
			.no_rusage = true,
		},
	};
	struct stat_file sf;
	struct perf_error err;
	FILE *out = NULL;
	int ret;

	ret = stat_report__parse(&r, argc, argv);
	if (ret >= 0)
		return ret;
	if (stat_file__open(&sf, r.input, &err)) {
		perf_error__print(&err);
		stat_file__close(&sf);
		return 1;
	}
	if (r.output_name) {
		out = fopen(r.output_name, "we");
		if (!out) {
			pr_error("cannot open output file '%s': %s",
				 r.output_name, strerror(errno));
			stat_file__close(&sf);
			return 1;
		}
	}
	r.config.output = out ? out : stderr; /* as perf: on stderr */
	r.config.target = &r.target;
	r.config.argc = sf.data.nr_cmdline;
	r.config.argv = (const char **)sf.data.cmdline;
	ret = stat_file__replay(&sf, stat_report__round, &r, &err);
	if (ret && ret != -ECANCELED)
		perf_error__print(&err);
	else if (!ret && !sf.nr_rounds) {
		pr_error("%s: no counts: the file has no stat round", r.input);
		ret = -ENODATA;
	}
	if (out)
		fclose(out);
	evlist__free_stats(sf.evlist);
	stat_file__close(&sf);
	return ret ? 1 : 0;
}
