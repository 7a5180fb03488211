// SPDX-License-Identifier: GPL-2.0
/*
 * perf stat's options: one table (stat_options[]) of short name, long
 * name, value, help and handler drives both the parsing and --help
 * (util/parse-options.c); the handlers fill struct stat_session, and
 * stat__check_options() refuses the combinations that make no sense.
 */
#include <errno.h>
#include <limits.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "builtin-stat.h"
#include "util/bpf_counter.h"
#include "util/counter-cpus.h"
#include "util/debug.h"
#include "util/error.h"
#include "util/evsel.h"
#include "util/parse-events.h"
#include "util/parse-options.h"
#include "util/stat-cgroup.h"
#include "util/stat-serve.h"

#define STAT_MIN_INTERVAL_MS 10
#define STAT_MIN_TIMEOUT_MS 10

/* A non-negative decimal number that fits an int. */
static int stat__parse_uint(const char *s, int *out)
{
	char *end;
	long val;

	if (!s || !*s || *s == '-' || *s == '+')
		return -EINVAL;
	errno = 0;
	val = strtol(s, &end, 10);
	if (errno || *end || val < 0 || val > INT_MAX)
		return -EINVAL;
	*out = (int)val;
	return 0;
}

/* Milliseconds, at least min: -I and --timeout. */
static int stat__parse_ms(const char *arg, const char *what,
			  const char *min_what, int min, int *ms,
			  struct perf_error *err)
{
	if (stat__parse_uint(arg, ms))
		return perf_error__set(err, -EINVAL,
				       "bad %s '%s': expected milliseconds",
				       what, arg);
	if (*ms < min)
		return perf_error__set(err, -EINVAL,
				       "bad %s '%s': %s must be >= %dms", what,
				       arg, min_what, min);
	return 0;
}

static int stat__opt_delay(const struct cmd_option *opt, const char *arg,
			   void *ctx, struct perf_error *err)
{
	struct stat_session *s = ctx;

	if (!strcmp(arg, "-1"))
		s->delay_ms = -1;
	else if (stat__parse_uint(arg, &s->delay_ms))
		return perf_error__set(
			err, -EINVAL,
			"bad delay '%s': expected milliseconds or -1", arg);
	return 0;
}

static int stat__opt_event(const struct cmd_option *opt, const char *arg,
			   void *ctx, struct perf_error *err)
{
	struct stat_session *s = ctx;
	int start = s->evlist->nr_entries;
	int ret;

	ret = parse_events(s->evlist, arg, err);
	if (!ret)
		s->last_event_start = start;
	if (ret == -ENOMEM)
		return perf_error__set(err, ret, "%s: %s", arg,
				       strerror(ENOMEM));
	/* An event that does not parse is a usage error. */
	return ret ? -EINVAL : 0;
}

/*
 * --filter: for every tracepoint of the last -e, as perf does; a second
 * --filter adds to the first ("(a) && (b)").
 */
static int stat__opt_filter(const struct cmd_option *opt, const char *arg,
			    void *ctx, struct perf_error *err)
{
	struct stat_session *s = ctx;
	struct evlist *evlist = s->evlist;

	if (evlist->nr_entries == 0)
		return perf_error__set(
			err, -EINVAL,
			"--filter '%s': it must follow a -e tracepoint event",
			arg);
	for (int i = s->last_event_start; i < evlist->nr_entries; i++) {
		struct evsel *evsel = evlist->entries[i];

		if (evsel->attr.type != PERF_TYPE_TRACEPOINT)
			return perf_error__set(
				err, -EINVAL,
				"--filter '%s': '%s' is not a tracepoint: only tracepoint events take a filter",
				arg, evsel->name);
	}
	for (int i = s->last_event_start; i < evlist->nr_entries; i++) {
		struct evsel *evsel = evlist->entries[i];
		char *filter;
		int n;

		if (evsel->filter)
			n = asprintf(&filter, "(%s) && (%s)", evsel->filter,
				     arg);
		else
			n = asprintf(&filter, "%s", arg);
		if (n < 0)
			return perf_error__set(err, -ENOMEM, "--filter: %s",
					       strerror(ENOMEM));
		free(evsel->filter);
		evsel->filter = filter;
	}
	return 0;
}

/* -G: its cgroups go to the events defined so far. */
static int stat__opt_cgroup(const struct cmd_option *opt, const char *arg,
			    void *ctx, struct perf_error *err)
{
	struct stat_session *s = ctx;
	struct cgroup_arg *grown;

	grown = realloc(s->cgroup_args,
			(s->nr_cgroup_args + 1) * sizeof(*grown));
	if (!grown)
		return perf_error__set(err, -ENOMEM, "-G: %s",
				       strerror(ENOMEM));
	s->cgroup_args = grown;
	grown[s->nr_cgroup_args].list = arg;
	grown[s->nr_cgroup_args].nr_events = s->evlist->nr_entries;
	s->nr_cgroup_args++;
	s->target.cgroups = arg;
	return 0;
}

static int stat__opt_help(const struct cmd_option *opt, const char *arg,
			  void *ctx, struct perf_error *err);

static int stat__opt_interval(const struct cmd_option *opt, const char *arg,
			      void *ctx, struct perf_error *err)
{
	struct stat_session *s = ctx;
	int ms, ret;

	ret = stat__parse_ms(arg, "interval", "print interval",
			     STAT_MIN_INTERVAL_MS, &ms, err);
	if (!ret)
		s->config.interval = ms;
	return ret;
}

static int stat__opt_quiet(const struct cmd_option *opt, const char *arg,
			   void *ctx, struct perf_error *err)
{
	struct stat_session *s = ctx;

	s->config.quiet = true;
	quiet = 1;
	return 0;
}

static int stat__opt_repeat(const struct cmd_option *opt, const char *arg,
			    void *ctx, struct perf_error *err)
{
	struct stat_session *s = ctx;
	int runs;

	if (stat__parse_uint(arg, &runs))
		return perf_error__set(
			err, -EINVAL,
			"bad repeat count '%s': expected a number >= 0", arg);
	s->forever = runs == 0;
	s->config.run_count = runs ? runs : 1;
	return 0;
}

static int stat__opt_verbose(const struct cmd_option *opt, const char *arg,
			     void *ctx, struct perf_error *err)
{
	struct stat_session *s = ctx;

	verbose++;
	s->config.verbose++;
	return 0;
}

static int stat__opt_interval_count(const struct cmd_option *opt,
				    const char *arg, void *ctx,
				    struct perf_error *err)
{
	struct stat_session *s = ctx;
	int count;

	if (stat__parse_uint(arg, &count) || !count)
		return perf_error__set(
			err, -EINVAL,
			"bad interval count '%s': expected a number > 0", arg);
	s->config.interval_count = count;
	return 0;
}

/* -A and --per-<unit>: the aggregation mode is the option's value. */
static int stat__opt_aggr(const struct cmd_option *opt, const char *arg,
			  void *ctx, struct perf_error *err)
{
	struct stat_session *s = ctx;

	s->config.aggr_mode = opt->value;
	if (opt->value == AGGR_THREAD)
		s->target.per_thread = true;
	return 0;
}

/* --per-cache[=L2]: "L2", "l3" or "2"; the last level by default. */
static int stat__opt_per_cache(const struct cmd_option *opt, const char *arg,
			       void *ctx, struct perf_error *err)
{
	struct stat_session *s = ctx;
	const char *level = arg;

	s->config.cache_level = 0;
	if (level && (*level == 'L' || *level == 'l'))
		level++;
	if (level && (stat__parse_uint(level, &s->config.cache_level) ||
		      s->config.cache_level < 1 || s->config.cache_level > 4))
		return perf_error__set(
			err, -EINVAL, "bad cache level '%s': expected L1 to L4",
			arg);
	return stat__opt_aggr(opt, arg, ctx, err);
}

static int stat__opt_timeout(const struct cmd_option *opt, const char *arg,
			     void *ctx, struct perf_error *err)
{
	struct stat_session *s = ctx;

	return stat__parse_ms(arg, "timeout", "timeout", STAT_MIN_TIMEOUT_MS,
			      &s->timeout_ms, err);
}

/* -d, -dd, -ddd: each one adds a set of detailed events. */
static int stat__opt_detailed(const struct cmd_option *opt, const char *arg,
			      void *ctx, struct perf_error *err)
{
	struct stat_session *s = ctx;

	s->detailed++;
	return 0;
}

static int stat__opt_log_fd(const struct cmd_option *opt, const char *arg,
			    void *ctx, struct perf_error *err)
{
	struct stat_session *s = ctx;

	if (stat__parse_uint(arg, &s->log_fd) || !s->log_fd)
		return perf_error__set(
			err, -EINVAL,
			"bad --log-fd '%s': expected a file descriptor > 0",
			arg);
	return 0;
}

/* perf's options that need what this perf does not have, and why. */
static const struct {
	const char *long_name;
	const char *why;
} stat_unsupported[] = {
	{ "metrics",
	  "needs perf's JSON metric tables, which this perf does not have" },
	{ "topdown",
	  "needs perf's topdown metric tables and a PMU with topdown events" },
	{ "td-level",
	  "needs perf's topdown metric tables and a PMU with topdown events" },
	{ "transaction",
	  "needs the CPU's transaction (TSX) events and perf's metric tables" },
	{ "smi-cost",
	  "needs the msr/smi/ counter with freeze_on_smi, which this perf does not set up" },
	{ "iostat",
	  "needs the platform's I/O PMU tables, which this perf does not have" },
	{ "pfm-events", "this perf is built without libpfm4" },
	{ "cputype",
	  "hybrid CPUs (core and atom PMUs) are not supported by this perf" },
	{ "hybrid-merge",
	  "hybrid CPUs (core and atom PMUs) are not supported by this perf" },
	{ "record-tpebs",
	  "needs retire latency sampling with perf record, which this perf does not have" },
	{ "bpf-prog",
	  "counting for a BPF program needs fentry/fexit programs, which this perf does not load" },
};

static int stat__opt_unsupported(const struct cmd_option *opt, const char *arg,
				 void *ctx, struct perf_error *err)
{
	const char *why = "not supported by this perf";
	char name[64];

	for (size_t i = 0;
	     i < sizeof(stat_unsupported) / sizeof(stat_unsupported[0]); i++)
		if (!strcmp(stat_unsupported[i].long_name, opt->long_name))
			why = stat_unsupported[i].why;
	if (opt->short_name)
		snprintf(name, sizeof(name), "-%c/--%s", opt->short_name,
			 opt->long_name);
	else
		snprintf(name, sizeof(name), "--%s", opt->long_name);
	return perf_error__set(err, -EINVAL, "%s is not supported: %s", name,
			       why);
}

#define STAT_FIELD(field) offsetof(struct stat_session, field)
#define STAT_FLAG(s, l, help, field)                           \
	{                                                      \
		s, l, NULL, false, help, cmd_option__set_true, \
			STAT_FIELD(field)                      \
	}
#define STAT_STRING(s, l, arg, help, field)                     \
	{                                                       \
		s, l, arg, false, help, cmd_option__set_string, \
			STAT_FIELD(field)                       \
	}
#define STAT_UNSUPPORTED(s, l, arg, help)                           \
	{                                                           \
		s, l, arg, false, help, stat__opt_unsupported, 0, 0 \
	}
#define STAT_AGGR(s, l, help, mode)                              \
	{                                                        \
		s, l, NULL, false, help, stat__opt_aggr, 0, mode \
	}

static const struct cmd_option stat_options[] = {
	STAT_FLAG('a', "all-cpus", "system-wide collection from all CPUs",
		  target.system_wide),
	STAT_AGGR('A', "no-aggr", "disable CPU count aggregation", AGGR_NONE),
	STAT_UNSUPPORTED('b', "bpf-prog", "<bpf-prog-id>",
			 "stat events on existing bpf program id"),
	{ 'B', "big-num", NULL, false,
	  "print large numbers with thousands' separators", cmd_option__set_int,
	  STAT_FIELD(big_num_opt), 1 },
	STAT_FLAG('c', "scale",
		  "Use --no-scale to disable counter scaling for multiplexing",
		  config.scale),
	STAT_STRING('C', "cpu", "<cpu>",
		    "list of cpus to monitor in system-wide", target.cpu_list),
	{ 'D', "delay", "<n>", false,
	  "ms to wait before starting measurement after program start (-1: start with events disabled)",
	  stat__opt_delay },
	{ 'd', "detailed", NULL, false, "detailed run - start a lot of events",
	  stat__opt_detailed },
	{ 'e', "event", "<event>", false,
	  "event selector. use 'perf list' to list available events",
	  stat__opt_event },
	{ 0, "filter", "<filter>", false, "event filter", stat__opt_filter },
	{ 'G', "cgroup", "<name>", false, "monitor event in cgroup name only",
	  stat__opt_cgroup },
	{ 'h', "help", NULL, false, "show this help", stat__opt_help },
	{ 'I', "interval-print", "<n>", false,
	  "print counts at regular interval in ms (overhead is possible for values <= 100ms)",
	  stat__opt_interval },
	{ 'i', "no-inherit", NULL, false, "child tasks do not inherit counters",
	  cmd_option__set_false, STAT_FIELD(target.inherit) },
	STAT_UNSUPPORTED(
		'M', "metrics", "<metric/metric group list>",
		"monitor specified metrics or metric groups (separated by ,)"),
	STAT_FLAG('j', "json-output", "print counts in JSON format",
		  config.json_output),
	STAT_FLAG('g', "group", "put the counters into a counter group", group),
	STAT_FLAG('n', "null", "null run - dont start any counters", null_run),
	STAT_STRING('o', "output", "<file>", "output file name", output_name),
	STAT_STRING('p', "pid", "<pid>", "stat events on existing process id",
		    target.pid),
	{ 'q', "quiet", NULL, false,
	  "don't print any output, messages or warnings", stat__opt_quiet },
	{ 'r', "repeat", "<n>", false,
	  "repeat command and print average + stddev (max: 100, forever: 0)",
	  stat__opt_repeat },
	STAT_FLAG('S', "sync", "call sync() before starting a run", sync),
	STAT_STRING('t', "tid", "<tid>", "stat events on existing thread id",
		    target.tid),
	STAT_UNSUPPORTED('T', "transaction", NULL,
			 "hardware transaction statistics"),
	{ 'v', "verbose", NULL, false,
	  "be more verbose (show counter open errors, etc)",
	  stat__opt_verbose },
	STAT_STRING('x', "field-separator", "<separator>",
		    "print counts with custom separator", config.csv_sep),
	STAT_FLAG(0, "all-kernel",
		  "Configure all used events to run in kernel space.",
		  all_kernel),
	STAT_FLAG(0, "all-user",
		  "Configure all used events to run in user space.", all_user),
	STAT_FLAG(0, "append", "append to the output file", append),
	STAT_STRING(0, "attr-map", "<path>",
		    "bperf attr map (default " BPERF_DEFAULT_ATTR_MAP ")",
		    target.attr_map),
	STAT_STRING(0, "bpf-attr-map", "<path>", "alias of --attr-map",
		    target.attr_map),
	STAT_FLAG(0, "bpf-counters", "alias of --use-bpf", target.use_bpf),
	STAT_STRING(
		0, "control",
		"<fd:ctl-fd[,ack-fd] or fifo:ctl-fifo[,ack-fifo]>",
		"Listen on ctl-fd descriptor for command to control measurement ('enable': enable events, 'disable': disable events). Optionally send control command completion ('ack\\n') to ack-fd descriptor. Alternatively, ctl-fifo / ack-fifo will be opened and used as ctl-fd / ack-fd.",
		control_arg),
	STAT_UNSUPPORTED(
		0, "cputype", "<hybrid cpu type>",
		"Only enable events on applying cpu with this type for hybrid platform (e.g. core or atom)"),
	STAT_STRING(0, "for-each-cgroup", "<name>",
		    "expand events for each cgroup", for_each_cgroup),
	STAT_UNSUPPORTED(0, "hybrid-merge", NULL,
			 "Merge identical named hybrid events"),
	STAT_FLAG(0, "interval-clear", "clear screen in between new interval",
		  config.interval_clear),
	{ 0, "interval-count", "<n>", false,
	  "print counts for fixed number of times", stat__opt_interval_count },
	{ 0, "iostat", "<default>", true,
	  "measure I/O performance metrics provided by arch/platform",
	  stat__opt_unsupported },
	{ 0, "log-fd", "<n>", false, "log output to fd, instead of stderr",
	  stat__opt_log_fd },
	STAT_FLAG(0, "metric-no-group",
		  "don't group metric events, impacts multiplexing", accepted),
	STAT_FLAG(0, "metric-no-merge",
		  "don't try to share events between metrics in a group",
		  accepted),
	STAT_FLAG(0, "metric-no-threshold",
		  "disable adding events for the metric threshold calculation",
		  accepted),
	STAT_FLAG(0, "metric-only",
		  "Only print computed metrics. No raw values",
		  config.metric_only),
	{ 0, "no-big-num", NULL, false,
	  "print large numbers without thousands' separators",
	  cmd_option__set_int, STAT_FIELD(big_num_opt), 0 },
	STAT_FLAG(0, "no-merge", "Do not merge identical named events",
		  config.no_merge),
	STAT_FLAG(0, "no-csv-summary",
		  "don't print 'summary' for CSV summary output",
		  config.no_csv_summary),
	{ 0, "no-scale", NULL, false, "do not scale multiplexed counts",
	  cmd_option__set_false, STAT_FIELD(config.scale) },
	{ 0, "per-cache", "<cache level>", true,
	  "aggregate counts per cache instance with cache level",
	  stat__opt_per_cache, 0, AGGR_CACHE },
	STAT_AGGR(0, "per-cluster", "aggregate counts per cluster instance",
		  AGGR_CLUSTER),
	STAT_AGGR(0, "per-core", "aggregate counts per physical processor core",
		  AGGR_CORE),
	STAT_AGGR(0, "per-die", "aggregate counts per processor die", AGGR_DIE),
	STAT_AGGR(0, "per-node", "aggregate counts per numa node", AGGR_NODE),
	STAT_AGGR(0, "per-socket", "aggregate counts per processor socket",
		  AGGR_SOCKET),
	STAT_AGGR(0, "per-thread", "aggregate counts per thread", AGGR_THREAD),
	/* percore event terms are accepted and change nothing (parse-events) */
	STAT_FLAG(
		0, "percore-show-thread",
		"Use with 'percore' event qualifier to show the event counts of one hardware thread by sum up total hardware threads of same physical core",
		accepted),
	STAT_UNSUPPORTED(0, "pfm-events", "<event>", "libpfm4 event selector"),
	STAT_STRING(0, "post", "<command>",
		    "command to run after to the measured command", post_cmd),
	STAT_STRING(0, "pre", "<command>",
		    "command to run prior to the measured command", pre_cmd),
	STAT_UNSUPPORTED(
		0, "record-tpebs", NULL,
		"enable recording for tpebs when retire_latency required"),
	STAT_UNSUPPORTED(0, "smi-cost", NULL, "measure SMI cost"),
	STAT_FLAG(0, "summary", "print summary for interval mode",
		  config.summary),
	STAT_FLAG(0, "table",
		  "display details about each run (only with -r option)",
		  config.walltime_run_table),
	STAT_UNSUPPORTED(
		0, "td-level", "<n>",
		"Set the metrics level for the top-down statistics (0: max level)"),
	STAT_STRING(
		0, "serve", "<[addr:]port>",
		"serve the counts to Prometheus at http://addr:port/metrics (addr 127.0.0.1 by default) until SIGINT/SIGTERM",
		serve_addr),
	{ 0, "timeout", "<n>", false,
	  "stop workload and print counts after a timeout period in ms (>= 10ms)",
	  stat__opt_timeout },
	STAT_UNSUPPORTED(0, "topdown", NULL, "measure top-down statistics"),
	STAT_FLAG(0, "use-bpf",
		  "share counters with other sessions through bperf",
		  target.use_bpf),
	CMD_OPTION_END,
};

static int stat__opt_help(const struct cmd_option *opt, const char *arg,
			  void *ctx, struct perf_error *err)
{
	parse_options__usage(stdout, "Usage: perf stat [<options>] [<command>]",
			     stat_options);
	return PARSE_OPTIONS_STOP;
}

int stat__parse_options(struct stat_session *s, int argc, const char **argv)
{
	struct perf_error err;
	int ret, nr_parsed;

	ret = parse_options(argc, argv, stat_options, s, &nr_parsed, &err);
	if (ret == PARSE_OPTIONS_STOP)
		return 0;
	if (ret) {
		perf_error__print(&err);
		return ret == -EINVAL ? 2 : 1;
	}
	s->argc = argc - nr_parsed;
	s->argv = argv + nr_parsed;
	return -1;
}

/*
 * A leader's counters are shared by every session of its event, and its
 * key (type, config, exclude bits) holds no filter: a filtered
 * tracepoint is never given to bperf.
 */
static int stat__check_filters(struct stat_session *s)
{
	struct evsel *evsel;

	evlist__for_each_entry(s->evlist, evsel) {
		if (evsel->filter && (s->target.use_bpf || evsel->use_bpf)) {
			pr_error(
				"--filter: %s is counted by bperf, whose shared counters cannot be filtered per session",
				evsel->name);
			pr_hint("count it without --use-bpf and the :b modifier");
			return -EINVAL;
		}
	}
	return 0;
}

int stat__check_options(struct stat_session *s)
{
	struct target *t = &s->target;
	struct perf_error err;

	if (stat__check_filters(s))
		return 2;
	if (s->config.csv_sep && s->config.json_output) {
		pr_error(
			"-x/--field-separator and -j/--json-output cannot be used together");
		return 2;
	}
	if (s->big_num_opt == 1 &&
	    (s->config.csv_sep || s->config.json_output)) {
		pr_error("-B/--big-num cannot be used with -x or -j");
		return 2;
	}
	if (s->big_num_opt >= 0)
		s->config.big_num = s->big_num_opt;
	else
		s->config.big_num = !s->config.csv_sep &&
				    !s->config.json_output;
	if (s->nr_cgroup_args && s->for_each_cgroup) {
		pr_error(
			"-G/--cgroup and --for-each-cgroup cannot be used together");
		return 2;
	}
	if (s->for_each_cgroup)
		t->cgroups = s->for_each_cgroup;
	if (s->all_user && s->all_kernel) {
		pr_error("--all-user and --all-kernel cannot be used together");
		return 2;
	}
	if (s->config.walltime_run_table &&
	    (s->forever || s->config.run_count <= 1)) {
		pr_error("--table needs -r/--repeat with more than one run");
		return 2;
	}
	if (s->log_fd && s->output_name) {
		pr_error("--log-fd and -o/--output cannot be used together");
		return 2;
	}
	if (s->config.interval_count && !s->config.interval) {
		pr_error("--interval-count needs -I/--interval-print");
		return 2;
	}
	if (s->config.interval && s->forever) {
		pr_error("-I/--interval-print cannot be used with -r 0");
		return 2;
	}
	if (s->serve_addr) {
		struct perf_error perr;
		char host[256];
		unsigned int port;

		if (s->forever || s->config.run_count > 1) {
			pr_error("--serve cannot be used with -r");
			return 2;
		}
		if (stat_serve__split_addr(s->serve_addr, host, sizeof(host),
					   &port, &perr)) {
			perf_error__print(&perr);
			return 2;
		}
	}
	/* -D -1 (start disabled, for --control) needs no command. */
	if (s->delay_ms > 0 && !s->argc) {
		pr_error("-D/--delay needs a command to run");
		return 2;
	}
	/*
	 * A command counted with events of PMUs with a cpumask only: they
	 * count system-wide, and so does perf, as if -a were given (the
	 * header says 'system wide', -A and --per-* apply).
	 */
	if (s->argc && !t->pid && !t->tid && !target__has_cpu(t) &&
	    !s->detailed && s->config.aggr_mode != AGGR_THREAD &&
	    evlist__counts_on_cpumasks_only(s->evlist))
		t->system_wide = true;
	/* No target and no command: count the whole system, as perf does. */
	if (!s->argc && !t->pid && !t->tid && !target__has_cpu(t))
		t->system_wide = true;
	if (target__validate(t, s->argc > 0, &err)) {
		perf_error__print(&err);
		return 2;
	}
	switch (s->config.aggr_mode) {
	case AGGR_GLOBAL:
	case AGGR_THREAD:
		break;
	default:
		if (!target__has_cpu(t) || target__has_task(t)) {
			pr_error(
				"-A and --per-core/socket/die/node/cache/cluster need system-wide counting: add -a or -C");
			return 2;
		}
	}
	return -1;
}
