// SPDX-License-Identifier: GPL-2.0
/*
 * perf stat: count events for a workload, processes, threads, CPUs or
 * cgroups and print the totals.
 *
 *   options ──> target + evlist (parse-events) ──> CPU / thread maps
 *      │
 *      ├─ workload: fork it, parked on a pipe until the counters are ready
 *      v
 *   per event: load (plain or bperf backend) ─> enable ─> wait ─> disable
 *      │                                            │
 *      │                          -I: read + print every interval
 *      v
 *   read ─> perf_stat__process_counters ─> evlist__print_counters
 *
 * The backend is chosen per event: bperf for events asked to share
 * counters (--use-bpf, or the event's own flag), plain otherwise.
 */
#include <errno.h>
#include <fcntl.h>
#include <getopt.h>
#include <limits.h>
#include <poll.h>
#include <signal.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/time.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "builtin.h"
#include "util/cgroup.h"
#include "util/counter.h"
#include "util/cpumap.h"
#include "util/debug.h"
#include "util/evsel.h"
#include "util/parse-events.h"
#include "util/stat.h"
#include "util/target.h"

#define STAT_MIN_INTERVAL_MS 10
#define STAT_MIN_TIMEOUT_MS 10
/* How often a -p/-t run checks that its tasks still exist. */
#define STAT_ALIVE_CHECK_MS 100

/* A -G argument and how many events were defined when it was given. */
struct cgroup_arg {
	const char *list;
	int nr_events;
};

struct stat_session {
	struct target target;
	struct perf_stat_config config;
	struct evlist *evlist;
	const char *output_name;
	bool append;
	int delay_ms; /* -D: 0 none, -1 start disabled */
	unsigned int timeout_ms;
	bool null_run;
	bool forever; /* -r 0 */
	bool intervals_done; /* --interval-count reached */
	bool sync;
	int big_num_opt; /* -1 not given, else -B (1) / --no-big-num (0) */
	const char *for_each_cgroup;
	struct cgroup_arg *cgroup_args;
	int nr_cgroup_args;
	int argc; /* workload */
	const char **argv;
	sigset_t orig_mask;
};

/* A forked workload, parked until stat_workload__start(). */
struct stat_workload {
	pid_t pid;
	int go_fd; /* write one byte: exec now */
	int err_fd; /* EOF: exec succeeded; an int: exec's errno */
	int status;
	bool exited;
	bool stopped; /* ended by --timeout or --interval-count: status 0 */
	struct rusage ru;
};

static volatile sig_atomic_t stat_signr;
/* A signal ended a run: no more -r repeats. */
static bool stat_interrupted;

static void stat__on_signal(int signo)
{
	stat_signr = signo;
}

static void stat__on_child(int signo)
{
	(void)signo;
}

enum {
	OPT_APPEND = 256,
	OPT_FOR_EACH_CGROUP,
	OPT_INTERVAL_COUNT,
	OPT_INTERVAL_CLEAR,
	OPT_METRIC_ONLY,
	OPT_NO_MERGE,
	OPT_PER_CORE,
	OPT_PER_DIE,
	OPT_PER_NODE,
	OPT_PER_SOCKET,
	OPT_PER_THREAD,
	OPT_PER_CACHE,
	OPT_PER_CLUSTER,
	OPT_TIMEOUT,
	OPT_USE_BPF,
	OPT_ATTR_MAP,
	OPT_NO_BIG_NUM,
	OPT_SCALE,
	OPT_NO_SCALE,
	OPT_QUIET,
};

static const char stat_short_opts[] = "+:aAB C:D:e:G:hiI:jno:p:qr:St:vx:";

static const struct option stat_long_opts[] = {
	{ "all-cpus", no_argument, NULL, 'a' },
	{ "no-aggr", no_argument, NULL, 'A' },
	{ "big-num", no_argument, NULL, 'B' },
	{ "no-big-num", no_argument, NULL, OPT_NO_BIG_NUM },
	{ "cpu", required_argument, NULL, 'C' },
	{ "delay", required_argument, NULL, 'D' },
	{ "event", required_argument, NULL, 'e' },
	{ "cgroup", required_argument, NULL, 'G' },
	{ "help", no_argument, NULL, 'h' },
	{ "no-inherit", no_argument, NULL, 'i' },
	{ "interval-print", required_argument, NULL, 'I' },
	{ "json-output", no_argument, NULL, 'j' },
	{ "null", no_argument, NULL, 'n' },
	{ "output", required_argument, NULL, 'o' },
	{ "pid", required_argument, NULL, 'p' },
	{ "quiet", no_argument, NULL, 'q' },
	{ "repeat", required_argument, NULL, 'r' },
	{ "sync", no_argument, NULL, 'S' },
	{ "tid", required_argument, NULL, 't' },
	{ "verbose", no_argument, NULL, 'v' },
	{ "field-separator", required_argument, NULL, 'x' },
	{ "append", no_argument, NULL, OPT_APPEND },
	{ "for-each-cgroup", required_argument, NULL, OPT_FOR_EACH_CGROUP },
	{ "interval-count", required_argument, NULL, OPT_INTERVAL_COUNT },
	{ "interval-clear", no_argument, NULL, OPT_INTERVAL_CLEAR },
	{ "metric-only", no_argument, NULL, OPT_METRIC_ONLY },
	{ "no-merge", no_argument, NULL, OPT_NO_MERGE },
	{ "per-core", no_argument, NULL, OPT_PER_CORE },
	{ "per-die", no_argument, NULL, OPT_PER_DIE },
	{ "per-node", no_argument, NULL, OPT_PER_NODE },
	{ "per-socket", no_argument, NULL, OPT_PER_SOCKET },
	{ "per-thread", no_argument, NULL, OPT_PER_THREAD },
	{ "per-cache", optional_argument, NULL, OPT_PER_CACHE },
	{ "per-cluster", no_argument, NULL, OPT_PER_CLUSTER },
	{ "scale", no_argument, NULL, OPT_SCALE },
	{ "no-scale", no_argument, NULL, OPT_NO_SCALE },
	{ "timeout", required_argument, NULL, OPT_TIMEOUT },
	{ "use-bpf", no_argument, NULL, OPT_USE_BPF },
	{ "bpf-counters", no_argument, NULL, OPT_USE_BPF },
	{ "attr-map", required_argument, NULL, OPT_ATTR_MAP },
	{ "bpf-attr-map", required_argument, NULL, OPT_ATTR_MAP },
	{ NULL, 0, NULL, 0 },
};

static const char *const stat_help[] = {
	"",
	" Usage: perf stat [<options>] [<command>]",
	"",
	"    -a, --all-cpus        system-wide collection from all CPUs",
	"    -A, --no-aggr         disable CPU count aggregation",
	"    -B, --big-num         print large numbers with thousands' separators",
	"    -C, --cpu <cpu>       list of cpus to monitor in system-wide",
	"    -D, --delay <n>       ms to wait before starting measurement after program start (-1: start with events disabled)",
	"    -e, --event <event>   event selector. use 'perf list' to list available events",
	"    -G, --cgroup <name>   monitor event in cgroup name only",
	"    -h, --help            show this help",
	"    -I, --interval-print <n>",
	"                          print counts at regular interval in ms (overhead is possible for values <= 100ms)",
	"    -i, --no-inherit      child tasks do not inherit counters",
	"    -j, --json-output     print counts in JSON format",
	"    -n, --null            null run - dont start any counters",
	"    -o, --output <file>   output file name",
	"    -p, --pid <pid>       stat events on existing process id",
	"    -q, --quiet           don't print any output, messages or warnings",
	"    -r, --repeat <n>      repeat command and print average + stddev (max: 100, forever: 0)",
	"    -S, --sync            call sync() before starting a run",
	"    -t, --tid <tid>       stat events on existing thread id",
	"    -v, --verbose         be more verbose (show counter open errors, etc)",
	"    -x, --field-separator <separator>",
	"                          print counts with custom separator",
	"        --append          append to the output file",
	"        --attr-map <path> bperf attr map (default /sys/fs/bpf/bperf_attr_map)",
	"        --bpf-attr-map <path>",
	"                          alias of --attr-map",
	"        --bpf-counters    alias of --use-bpf",
	"        --for-each-cgroup <name>",
	"                          expand events for each cgroup",
	"        --interval-clear  clear screen in between new interval",
	"        --interval-count <n>",
	"                          print counts for fixed number of times",
	"        --metric-only     Only print computed metrics. No raw values",
	"        --no-big-num      print large numbers without thousands' separators",
	"        --no-merge        Do not merge identical named events",
	"        --no-scale        do not scale multiplexed counts",
	"        --per-cache[=<cache level>]",
	"                          aggregate counts per cache instance with cache level",
	"        --per-cluster     aggregate counts per cluster instance",
	"        --per-core        aggregate counts per physical processor core",
	"        --per-die         aggregate counts per processor die",
	"        --per-node        aggregate counts per numa node",
	"        --per-socket      aggregate counts per processor socket",
	"        --per-thread      aggregate counts per thread",
	"        --timeout <n>     stop workload and print counts after a timeout period in ms (>= 10ms)",
	"        --use-bpf         share counters with other sessions through bperf",
	"",
	NULL,
};

static void stat__print_help(void)
{
	for (int i = 0; stat_help[i]; i++)
		printf("%s\n", stat_help[i]);
}

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

static int stat__set_aggr(struct stat_session *s, enum aggr_mode mode)
{
	s->config.aggr_mode = mode;
	return 0;
}

/* "L2", "l3" or "2" for --per-cache. */
static int stat__parse_cache_level(const char *arg, int *level)
{
	if (!arg) {
		*level = 0;
		return 0;
	}
	if (*arg == 'L' || *arg == 'l')
		arg++;
	if (stat__parse_uint(arg, level) || *level < 1 || *level > 4)
		return -EINVAL;
	return 0;
}

static const char *stat__option_name(int argc, const char **argv)
{
	if (optind > 0 && optind <= argc)
		return argv[optind - 1];
	return "?";
}

/* Returns -1 to go on, or the exit status. */
static int stat__parse_options(struct stat_session *s, int argc,
			       const char **argv)
{
	struct parse_events_error perr;
	int opt, val, ret;

	optind = 0;
	opterr = 0;
	while ((opt = getopt_long(argc, (char *const *)argv, stat_short_opts,
				  stat_long_opts, NULL)) != -1) {
		switch (opt) {
		case 'a':
			s->target.system_wide = true;
			break;
		case 'A':
			stat__set_aggr(s, AGGR_NONE);
			break;
		case 'B':
			s->big_num_opt = 1;
			break;
		case OPT_NO_BIG_NUM:
			s->big_num_opt = 0;
			break;
		case 'C':
			s->target.cpu_list = optarg;
			break;
		case 'D':
			if (!strcmp(optarg, "-1")) {
				s->delay_ms = -1;
			} else if (stat__parse_uint(optarg, &s->delay_ms)) {
				pr_error(
					"bad delay '%s': expected milliseconds or -1",
					optarg);
				return 2;
			}
			break;
		case 'e':
			memset(&perr, 0, sizeof(perr));
			ret = parse_events(s->evlist, optarg, &perr);
			if (ret) {
				if (ret == -ENOMEM)
					pr_error("%s: %s", optarg,
						 strerror(ENOMEM));
				else
					parse_events_error__print(&perr,
								  optarg);
				parse_events_error__exit(&perr);
				return ret == -ENOMEM ? 1 : 2;
			}
			parse_events_error__exit(&perr);
			break;
		case 'G': {
			struct cgroup_arg *grown;

			grown = realloc(s->cgroup_args, (s->nr_cgroup_args +
							 1) * sizeof(*grown));
			if (!grown) {
				pr_error("-G: %s", strerror(ENOMEM));
				return 1;
			}
			s->cgroup_args = grown;
			grown[s->nr_cgroup_args].list = optarg;
			grown[s->nr_cgroup_args].nr_events =
				s->evlist->nr_entries;
			s->nr_cgroup_args++;
			s->target.cgroups = optarg;
			break;
		}
		case 'h':
			stat__print_help();
			return 0;
		case 'i':
			s->target.inherit = false;
			break;
		case 'I':
			if (stat__parse_uint(optarg, &val)) {
				pr_error(
					"bad interval '%s': expected milliseconds",
					optarg);
				return 2;
			}
			if (val < STAT_MIN_INTERVAL_MS) {
				pr_error(
					"bad interval '%s': print interval must be >= %dms",
					optarg, STAT_MIN_INTERVAL_MS);
				return 2;
			}
			s->config.interval = val;
			break;
		case 'j':
			s->config.json_output = true;
			break;
		case 'n':
			s->null_run = true;
			break;
		case 'o':
			s->output_name = optarg;
			break;
		case 'p':
			s->target.pid = optarg;
			break;
		case 'q':
			s->config.quiet = true;
			quiet = 1;
			break;
		case 'r':
			if (stat__parse_uint(optarg, &val)) {
				pr_error(
					"bad repeat count '%s': expected a number >= 0",
					optarg);
				return 2;
			}
			s->forever = val == 0;
			s->config.run_count = val ? val : 1;
			break;
		case 'S':
			s->sync = true;
			break;
		case 't':
			s->target.tid = optarg;
			break;
		case 'v':
			verbose++;
			s->config.verbose++;
			break;
		case 'x':
			s->config.csv_sep = optarg;
			break;
		case OPT_APPEND:
			s->append = true;
			break;
		case OPT_FOR_EACH_CGROUP:
			s->for_each_cgroup = optarg;
			break;
		case OPT_INTERVAL_COUNT:
			if (stat__parse_uint(optarg, &val) || !val) {
				pr_error(
					"bad interval count '%s': expected a number > 0",
					optarg);
				return 2;
			}
			s->config.interval_count = val;
			break;
		case OPT_INTERVAL_CLEAR:
			s->config.interval_clear = true;
			break;
		case OPT_METRIC_ONLY:
			s->config.metric_only = true;
			break;
		case OPT_NO_MERGE:
			s->config.no_merge = true;
			break;
		case OPT_PER_CORE:
			stat__set_aggr(s, AGGR_CORE);
			break;
		case OPT_PER_DIE:
			stat__set_aggr(s, AGGR_DIE);
			break;
		case OPT_PER_NODE:
			stat__set_aggr(s, AGGR_NODE);
			break;
		case OPT_PER_SOCKET:
			stat__set_aggr(s, AGGR_SOCKET);
			break;
		case OPT_PER_THREAD:
			stat__set_aggr(s, AGGR_THREAD);
			s->target.per_thread = true;
			break;
		case OPT_PER_CACHE:
			if (stat__parse_cache_level(optarg,
						    &s->config.cache_level)) {
				pr_error(
					"bad cache level '%s': expected L1 to L4",
					optarg);
				return 2;
			}
			stat__set_aggr(s, AGGR_CACHE);
			break;
		case OPT_PER_CLUSTER:
			stat__set_aggr(s, AGGR_CLUSTER);
			break;
		case OPT_SCALE:
			s->config.scale = true;
			break;
		case OPT_NO_SCALE:
			s->config.scale = false;
			break;
		case OPT_TIMEOUT:
			if (stat__parse_uint(optarg, &val)) {
				pr_error(
					"bad timeout '%s': expected milliseconds",
					optarg);
				return 2;
			}
			if (val < STAT_MIN_TIMEOUT_MS) {
				pr_error(
					"bad timeout '%s': timeout must be >= %dms",
					optarg, STAT_MIN_TIMEOUT_MS);
				return 2;
			}
			s->timeout_ms = val;
			break;
		case OPT_USE_BPF:
			s->target.use_bpf = true;
			break;
		case OPT_ATTR_MAP:
			s->target.attr_map = optarg;
			break;
		case ':':
			if (optopt)
				pr_error("option '-%c' needs a value", optopt);
			else
				pr_error("option '%s' needs a value",
					 stat__option_name(argc, argv));
			return 2;
		case '?':
		default:
			if (optopt)
				pr_error("unknown option '-%c'", optopt);
			else
				pr_error("unknown option '%s'",
					 stat__option_name(argc, argv));
			return 2;
		}
	}
	s->argc = argc - optind;
	s->argv = argv + optind;
	return -1;
}

/* -G: the i-th cgroup of all -G lists counts the i-th event, like perf. */
static int stat__apply_cgroups(struct stat_session *s)
{
	int nr_cgroups = 0;

	for (int a = 0; a < s->nr_cgroup_args; a++) {
		const struct cgroup_arg *arg = &s->cgroup_args[a];
		const char *p = arg->list;

		if (!arg->nr_events) {
			pr_error(
				"-G/--cgroup '%s': define events with -e before the cgroups",
				arg->list);
			return 2;
		}
		for (;;) {
			size_t len = strcspn(p, ",");

			if (len) {
				char name[PATH_MAX];
				struct evsel *evsel;

				if (nr_cgroups >= arg->nr_events) {
					pr_error(
						"-G/--cgroup '%s': more cgroups than events",
						arg->list);
					return 2;
				}
				snprintf(name, sizeof(name), "%.*s", (int)len,
					 p);
				evsel = s->evlist->entries[nr_cgroups];
				if (evsel->cgrp)
					cgroup__put(evsel->cgrp);
				evsel->cgrp = cgroup__new(name);
				if (!evsel->cgrp) {
					pr_error("cannot open cgroup '%s': %s",
						 name, strerror(errno));
					if (errno == ENOENT)
						pr_hint("cgroup names are relative to the cgroup v2 mount%s%s",
							cgroup__v2_mount() ?
								" " :
								"",
							cgroup__v2_mount() ?:
									     "");
					return 1;
				}
			}
			nr_cgroups++;
			if (!p[len])
				break;
			p += len + 1;
		}
		/* One cgroup for everything defined so far. */
		if (nr_cgroups == 1) {
			struct cgroup *first = s->evlist->entries[0]->cgrp;

			for (int i = 1; first && i < arg->nr_events; i++) {
				struct evsel *evsel = s->evlist->entries[i];

				if (evsel->cgrp)
					cgroup__put(evsel->cgrp);
				evsel->cgrp = cgroup__get(first);
			}
		}
	}
	return 0;
}

static struct evsel *stat__copy_evsel(const struct evsel *orig)
{
	struct evsel *copy = evsel__new(&orig->attr, orig->name);

	if (!copy)
		return NULL;
	free(copy->unit);
	copy->unit = strdup(orig->unit ? orig->unit : "");
	if (orig->pmu_name)
		copy->pmu_name = strdup(orig->pmu_name);
	if (!copy->unit || (orig->pmu_name && !copy->pmu_name)) {
		evsel__delete(copy);
		return NULL;
	}
	copy->scale = orig->scale;
	copy->grouped = orig->grouped;
	copy->use_bpf = orig->use_bpf;
	copy->uniquified = orig->uniquified;
	copy->nr_members = orig->nr_members;
	return copy;
}

/* Append a copy of every event of orig for the cgroup name to expanded. */
static int stat__add_cgroup_copies(struct evlist *orig, struct evlist *expanded,
				   const char *name)
{
	int base = expanded->nr_entries;
	struct cgroup *cgrp;

	cgrp = cgroup__new(name);
	if (!cgrp) {
		pr_error("cannot open cgroup '%s': %s", name, strerror(errno));
		return 1;
	}
	for (int i = 0; i < orig->nr_entries; i++) {
		const struct evsel *o = orig->entries[i];
		struct evsel *copy = stat__copy_evsel(o);

		if (!copy || evlist__add(expanded, copy)) {
			evsel__delete(copy);
			cgroup__put(cgrp);
			pr_error("--for-each-cgroup: %s", strerror(ENOMEM));
			return 1;
		}
		copy->cgrp = cgroup__get(cgrp);
		copy->leader = expanded->entries[base + o->leader->idx];
	}
	cgroup__put(cgrp);
	return 0;
}

/*
 * --for-each-cgroup: every event once per cgroup, cgroup by cgroup.  An
 * item with regex characters stands for every cgroup whose name matches,
 * as in perf.
 */
static int stat__expand_cgroups(struct stat_session *s)
{
	struct evlist *orig = s->evlist, *expanded;
	const char *p = s->for_each_cgroup;
	int nr_cgroups = 0, ret = 0;

	expanded = evlist__new();
	if (!expanded) {
		pr_error("--for-each-cgroup: %s", strerror(ENOMEM));
		return 1;
	}
	for (;;) {
		size_t len = strcspn(p, ",");
		char name[PATH_MAX], err[PATH_MAX + 128], **names;
		int nr;

		if (!len) {
			pr_error("--for-each-cgroup '%s': empty cgroup name",
				 s->for_each_cgroup);
			ret = 2;
			break;
		}
		snprintf(name, sizeof(name), "%.*s", (int)len, p);
		if (cgroup__is_pattern(name)) {
			nr = cgroup__match(name, &names, err, sizeof(err));
			if (nr < 0) {
				pr_error("--for-each-cgroup: %s", err);
				ret = nr == -EINVAL ? 2 : 1;
				break;
			}
			for (int i = 0; i < nr; i++) {
				if (!ret)
					ret = stat__add_cgroup_copies(
						orig, expanded, names[i]);
				free(names[i]);
			}
			free(names);
			nr_cgroups += nr;
		} else {
			ret = stat__add_cgroup_copies(orig, expanded, name);
			nr_cgroups++;
		}
		if (ret || !p[len])
			break;
		p += len + 1;
	}
	if (ret) {
		evlist__delete(expanded);
		return ret;
	}
	expanded->nr_groups = orig->nr_groups * nr_cgroups;
	evlist__delete(orig);
	s->evlist = expanded;
	return 0;
}

/* CPU and thread maps from the target; returns -1 or the exit status. */
static int stat__create_maps(struct stat_session *s)
{
	struct target *t = &s->target;
	struct evlist *evlist = s->evlist;
	char err[256] = "";
	int ret;

	if (t->pid || t->tid) {
		evlist->cpus = cpu_map__new_any();
		if (!evlist->cpus)
			goto out_nomem;
		if (t->tid)
			ret = thread_map__parse_tids(t->tid, &evlist->threads,
						     err, sizeof(err));
		else
			ret = thread_map__parse_pids(t->pid, &evlist->threads,
						     err, sizeof(err));
		if (ret == -EINVAL) {
			pr_error("bad %s list '%s': %s",
				 t->tid ? "thread" : "pid",
				 t->tid ? t->tid : t->pid, err);
			return 2;
		}
		if (ret == -ESRCH) {
			pr_error("%s", err);
			return 1;
		}
		if (ret)
			goto out_nomem;
	} else if (target__has_cpu(t) && t->per_thread) {
		/* -a --per-thread: every thread of the system, on any CPU. */
		evlist->cpus = cpu_map__new_any();
		evlist->threads = thread_map__new_all();
		if (!evlist->cpus || !evlist->threads) {
			pr_error("cannot list the threads in /proc: %s",
				 strerror(errno));
			return 1;
		}
	} else if (target__has_cpu(t)) {
		if (t->cpu_list) {
			ret = cpu_map__parse(t->cpu_list, cpu__max_cpu(),
					     &evlist->cpus, err, sizeof(err));
			if (ret == -EINVAL) {
				pr_error("bad CPU list '%s': %s", t->cpu_list,
					 err);
				return 2;
			}
			if (ret)
				goto out_nomem;
		} else {
			evlist->cpus = cpu_map__new_online();
			if (!evlist->cpus) {
				pr_error("cannot read the online CPUs: %s",
					 strerror(errno));
				return 1;
			}
		}
		evlist->threads = thread_map__new_any();
		if (!evlist->threads)
			goto out_nomem;
	} else {
		/* A workload: its pid is filled in once it is forked. */
		evlist->cpus = cpu_map__new_any();
		evlist->threads = thread_map__new_any();
		if (!evlist->cpus || !evlist->threads)
			goto out_nomem;
	}
	return -1;

out_nomem:
	pr_error("cannot set up the counting targets: %s", strerror(ENOMEM));
	return 1;
}

static void stat__close_fd(int *fd)
{
	if (*fd >= 0)
		close(*fd);
	*fd = -1;
}

/*
 * Fork the workload.  The child waits for one byte on a pipe (or EOF: the
 * parent gave up) so that the counters are in place before it execs; a
 * close-on-exec pipe tells the parent whether exec worked.
 */
static int stat_workload__prepare(struct stat_session *s,
				  struct stat_workload *wl)
{
	int go[2], errp[2];

	memset(wl, 0, sizeof(*wl));
	wl->go_fd = wl->err_fd = -1;
	if (pipe2(go, O_CLOEXEC))
		return -errno;
	if (pipe2(errp, O_CLOEXEC)) {
		int err = -errno;

		close(go[0]);
		close(go[1]);
		return err;
	}
	fflush(stdout);
	fflush(stderr);
	if (s->config.output)
		fflush(s->config.output);
	wl->pid = fork();
	if (wl->pid < 0) {
		int err = -errno;

		close(go[0]);
		close(go[1]);
		close(errp[0]);
		close(errp[1]);
		return err;
	}
	if (wl->pid == 0) {
		char byte;
		int err;

		close(go[1]);
		close(errp[0]);
		sigprocmask(SIG_SETMASK, &s->orig_mask, NULL);
		signal(SIGCHLD, SIG_DFL);
		signal(SIGINT, SIG_DFL);
		signal(SIGTERM, SIG_DFL);
		signal(SIGHUP, SIG_DFL);
		if (read(go[0], &byte, 1) != 1)
			_exit(127);
		execvp(s->argv[0], (char *const *)s->argv);
		err = errno;
		if (write(errp[1], &err, sizeof(err)) < 0)
			_exit(127);
		_exit(127);
	}
	close(go[0]);
	close(errp[1]);
	wl->go_fd = go[1];
	wl->err_fd = errp[0];
	return 0;
}

/* Let the workload exec.  Returns 0, or -errno of a failed exec. */
static int stat_workload__start(struct stat_workload *wl)
{
	int err = 0;
	ssize_t n;

	if (write(wl->go_fd, "", 1) != 1)
		err = -errno;
	stat__close_fd(&wl->go_fd);
	if (err)
		return err;
	do {
		n = read(wl->err_fd, &err, sizeof(err));
	} while (n < 0 && errno == EINTR);
	stat__close_fd(&wl->err_fd);
	return n == sizeof(err) ? -err : 0;
}

static bool stat_workload__reap(struct stat_workload *wl, bool block)
{
	pid_t pid;

	if (!wl->pid || wl->exited)
		return wl->exited;
	do {
		pid = wait4(wl->pid, &wl->status, block ? 0 : WNOHANG, &wl->ru);
	} while (pid < 0 && errno == EINTR);
	if (pid == wl->pid || (pid < 0 && errno == ECHILD))
		wl->exited = true;
	return wl->exited;
}

/* Abandon a workload that never ran: EOF on its pipe makes it exit. */
static void stat_workload__abandon(struct stat_workload *wl)
{
	if (!wl->pid)
		return;
	stat__close_fd(&wl->go_fd);
	stat__close_fd(&wl->err_fd);
	stat_workload__reap(wl, true);
}

static int stat_workload__exit_status(const struct stat_workload *wl)
{
	if (wl->stopped)
		return 0;
	if (WIFEXITED(wl->status))
		return WEXITSTATUS(wl->status);
	if (WIFSIGNALED(wl->status))
		return 128 + WTERMSIG(wl->status);
	return 1;
}

static __u64 stat__now_ns(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (__u64)ts.tv_sec * 1000000000ULL + ts.tv_nsec;
}

static void stat__destroy_counters(struct evlist *evlist)
{
	struct evsel *evsel;

	evlist__for_each_entry(evlist, evsel) {
		if (evsel->ops)
			evsel->ops->destroy(evsel);
	}
}

/* Load every event; returns -1, or the exit status after a fatal error. */
static int stat__load_counters(struct stat_session *s, bool enable_on_exec)
{
	struct target *t = &s->target;
	bool task = target__has_task(t) && !target__has_cpu(t);
	struct evsel *evsel;

	evlist__for_each_entry(s->evlist, evsel) {
		const struct counter_ops *ops;
		char msg[512], hint[512];
		int err;

		evsel->cpus = s->evlist->cpus;
		evsel->threads = s->evlist->threads;
		if (t->use_bpf)
			evsel->use_bpf = true;
		evsel->attr.read_format = PERF_FORMAT_TOTAL_TIME_ENABLED |
					  PERF_FORMAT_TOTAL_TIME_RUNNING;
		evsel->attr.disabled = 1;
		evsel->attr.inherit = task && t->inherit;
		evsel->attr.enable_on_exec = enable_on_exec;
		ops = evsel->use_bpf ? &bperf_counter_ops : &plain_counter_ops;
		evsel->ops = ops;
		evsel->supported = true;
		evsel->open_errno = 0;

		err = ops->load(evsel, t);
		if (err == -EOPNOTSUPP || err == -ENOENT) {
			ops->destroy(evsel);
			evsel->supported = false;
			if (!evsel->open_errno)
				evsel->open_errno = -err;
			if (verbose) {
				counter__strerror(evsel, evsel->open_errno, msg,
						  sizeof(msg), hint,
						  sizeof(hint));
				pr_debug("%s", msg);
			}
		} else if (err) {
			counter__strerror(evsel, err, msg, sizeof(msg), hint,
					  sizeof(hint));
			pr_error("%s", msg);
			if (hint[0])
				pr_hint("%s", hint);
			return 1;
		}
		if (evsel__alloc_counts(evsel)) {
			pr_error("%s: %s", evsel->name, strerror(ENOMEM));
			return 1;
		}
	}
	return -1;
}

enum stat_op { STAT_OP_ENABLE, STAT_OP_DISABLE, STAT_OP_READ };

/* Run one operation on every counting event; the first error is reported. */
static int stat__counters(struct stat_session *s, enum stat_op op)
{
	static const char *const what[] = { "enable", "disable", "read" };
	struct evsel *evsel;

	evlist__for_each_entry(s->evlist, evsel) {
		char msg[512], hint[512];
		int err;

		if (!evsel->supported || !evsel->ops)
			continue;
		switch (op) {
		case STAT_OP_ENABLE:
			err = evsel->ops->enable(evsel);
			break;
		case STAT_OP_DISABLE:
			err = evsel->ops->disable(evsel);
			break;
		default:
			err = evsel->ops->read(evsel);
			break;
		}
		if (!err)
			continue;
		counter__strerror(evsel, err, msg, sizeof(msg), hint,
				  sizeof(hint));
		pr_error("cannot %s %s", what[op], msg);
		if (hint[0])
			pr_hint("%s", hint);
		return err;
	}
	return 0;
}

static int stat__read_counters(struct stat_session *s)
{
	return stat__counters(s, STAT_OP_READ);
}

/* Read and print one -I interval; ts is the time since the start. */
static int stat__print_interval(struct stat_session *s, __u64 start_ns)
{
	__u64 elapsed = stat__now_ns() - start_ns;
	struct timespec ts = {
		.tv_sec = elapsed / 1000000000ULL,
		.tv_nsec = elapsed % 1000000000ULL,
	};
	int err;

	err = stat__read_counters(s);
	if (err)
		return err;
	s->config.walltime_ns = (double)elapsed;
	err = perf_stat__process_counters(&s->config, s->evlist);
	if (err) {
		pr_error("cannot aggregate the counts: %s", strerror(-err));
		return err;
	}
	evlist__print_counters(s->evlist, &s->config, &ts);
	return 0;
}

static bool stat__tasks_alive(const struct perf_thread_map *threads)
{
	for (int i = 0; threads && i < threads->nr; i++) {
		char path[64];
		struct stat st;

		snprintf(path, sizeof(path), "/proc/%d", (int)threads->map[i]);
		if (!stat(path, &st))
			return true;
	}
	return false;
}

static __u64 stat__min_deadline(__u64 a, __u64 b)
{
	if (!a)
		return b;
	if (!b)
		return a;
	return a < b ? a : b;
}

/*
 * Wait for the end of the run: the workload's exit, a signal, --timeout,
 * the last of --interval-count, or a -p/-t target that is gone.  Prints
 * the -I intervals meanwhile.
 */
static int stat__wait(struct stat_session *s, struct stat_workload *wl,
		      __u64 start_ns)
{
	__u64 ms = 1000000ULL;
	__u64 timeout_at = s->timeout_ms ? start_ns + s->timeout_ms * ms : 0;
	__u64 next_tick =
		s->config.interval ? start_ns + s->config.interval * ms : 0;
	bool watch_tasks = !wl->pid && target__has_task(&s->target);
	__u64 next_alive = watch_tasks ? start_ns + STAT_ALIVE_CHECK_MS * ms :
					 0;
	unsigned int intervals = 0;
	bool stopping = false;
	int err;

	for (;;) {
		__u64 now, deadline;
		struct timespec ts;

		if (wl->pid && stat_workload__reap(wl, false))
			break;
		if (stat_signr) {
			int sig = stat_signr;

			stat_signr = 0;
			stat_interrupted = true;
			if (!wl->pid)
				return 0;
			/* Forward it and wait for the workload to end. */
			kill(wl->pid, sig);
		}
		now = stat__now_ns();
		if (timeout_at && now >= timeout_at && !stopping) {
			if (!wl->pid)
				return 0;
			kill(wl->pid, SIGTERM);
			wl->stopped = true;
			stopping = true;
		}
		if (next_tick && now >= next_tick && !stopping) {
			err = stat__print_interval(s, start_ns);
			if (err)
				return err;
			intervals++;
			if (s->config.interval_count &&
			    intervals >= s->config.interval_count) {
				s->intervals_done = true;
				if (!wl->pid)
					return 0;
				kill(wl->pid, SIGTERM);
				wl->stopped = true;
				stopping = true;
			}
			while (next_tick <= now)
				next_tick += s->config.interval * ms;
		}
		if (next_alive && now >= next_alive) {
			if (!stat__tasks_alive(s->evlist->threads))
				return 0;
			next_alive = now + STAT_ALIVE_CHECK_MS * ms;
		}

		deadline = stopping ? 0 :
				      stat__min_deadline(timeout_at, next_tick);
		deadline = stat__min_deadline(deadline, next_alive);
		if (deadline) {
			__u64 left = deadline > now ? deadline - now : 0;

			ts.tv_sec = left / 1000000000ULL;
			ts.tv_nsec = left % 1000000000ULL;
		}
		if (ppoll(NULL, 0, deadline ? &ts : NULL, &s->orig_mask) < 0 &&
		    errno != EINTR)
			return -errno;
	}
	return 0;
}

static double timeval__seconds(const struct timeval *tv)
{
	return tv->tv_sec + tv->tv_usec / 1e6;
}

/*
 * One measurement.  Returns -1 when it went fine (*workload_status set),
 * or the exit status of a failure that was already reported.
 */
static int stat__run_once(struct stat_session *s, int *workload_status)
{
	struct stat_workload wl = { .go_fd = -1, .err_fd = -1 };
	bool count_workload = s->argc && !target__has_task(&s->target) &&
			      !target__has_cpu(&s->target);
	__u64 start_ns, end_ns;
	int ret = -1, err;

	*workload_status = 0;
	s->intervals_done = false;
	if (s->sync)
		sync();
	if (s->argc) {
		err = stat_workload__prepare(s, &wl);
		if (err) {
			pr_error("cannot start '%s': %s", s->argv[0],
				 strerror(-err));
			return 1;
		}
		if (count_workload) {
			s->target.workload_pid = wl.pid;
			s->evlist->threads->map[0] = wl.pid;
		}
	}

	ret = stat__load_counters(s, count_workload && s->delay_ms == 0);
	if (ret >= 0)
		goto out_abandon;

	if (s->argc && s->delay_ms) {
		/* -D: the workload runs first, counting starts later. */
		start_ns = stat__now_ns();
		err = stat_workload__start(&wl);
		if (err)
			goto out_exec_failed;
		if (s->delay_ms > 0) {
			struct timespec d = {
				.tv_sec = s->delay_ms / 1000,
				.tv_nsec = (s->delay_ms % 1000) * 1000000L,
			};

			while (nanosleep(&d, &d) && errno == EINTR &&
			       !stat_signr)
				;
		}
	}
	if (s->delay_ms >= 0 || !s->argc) {
		err = stat__counters(s, STAT_OP_ENABLE);
		if (err) {
			ret = 1;
			goto out_abandon;
		}
	}
	start_ns = stat__now_ns();
	if (s->argc && !s->delay_ms) {
		err = stat_workload__start(&wl);
		if (err)
			goto out_exec_failed;
	}

	err = stat__wait(s, &wl, start_ns);
	if (wl.pid)
		stat_workload__reap(&wl, true);
	end_ns = stat__now_ns();
	if (err < 0) {
		ret = 1;
		goto out_destroy;
	}

	err = stat__counters(s, STAT_OP_DISABLE);
	if (!err)
		err = stat__read_counters(s);
	if (err) {
		ret = 1;
		goto out_destroy;
	}

	s->config.walltime_ns = (double)(end_ns - start_ns);
	update_stats(&s->config.walltime_nsecs_stats, s->config.walltime_ns);
	if (wl.pid) {
		s->config.ru_utime_s = timeval__seconds(&wl.ru.ru_utime);
		s->config.ru_stime_s = timeval__seconds(&wl.ru.ru_stime);
		update_stats(&s->config.ru_utime_stats, s->config.ru_utime_s);
		update_stats(&s->config.ru_stime_stats, s->config.ru_stime_s);
		*workload_status = stat_workload__exit_status(&wl);
	}
	if (!s->config.interval || wl.pid) {
		/* -I: the last, partial interval before the workload ended */
		if (s->config.interval && !s->intervals_done) {
			err = stat__print_interval(s, start_ns);
			if (err)
				ret = 1;
		} else if (!s->config.interval) {
			err = perf_stat__process_counters(&s->config,
							  s->evlist);
			if (err) {
				pr_error("cannot aggregate the counts: %s",
					 strerror(-err));
				ret = 1;
			}
		}
	}
	stat__destroy_counters(s->evlist);
	s->target.workload_pid = 0;
	return ret;

out_exec_failed:
	pr_error("cannot run '%s': %s", s->argv[0], strerror(-err));
	stat_workload__reap(&wl, true);
	ret = 127;
	goto out_destroy;
out_abandon:
	stat_workload__abandon(&wl);
out_destroy:
	stat__destroy_counters(s->evlist);
	s->target.workload_pid = 0;
	return ret;
}

static int stat__open_output(struct stat_session *s)
{
	FILE *out;
	time_t now;

	if (!s->output_name) {
		if (s->append) {
			pr_error("--append needs an output file: use -o FILE");
			return 2;
		}
		s->config.output =
			stderr; /* as perf: the counts go to stderr */
		return -1;
	}
	out = fopen(s->output_name, s->append ? "ae" : "we");
	if (!out) {
		pr_error("cannot open output file '%s': %s", s->output_name,
			 strerror(errno));
		return 1;
	}
	time(&now);
	fprintf(out, "# started on %s\n", ctime(&now));
	s->config.output = out;
	return -1;
}

/* Option combinations; returns -1 or the exit status. */
static int stat__check_options(struct stat_session *s)
{
	struct target *t = &s->target;
	char err[256];

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
	if (s->config.interval_count && !s->config.interval) {
		pr_error("--interval-count needs -I/--interval-print");
		return 2;
	}
	if (s->config.interval && s->forever) {
		pr_error("-I/--interval-print cannot be used with -r 0");
		return 2;
	}
	if (s->delay_ms && !s->argc) {
		pr_error("-D/--delay needs a command to run");
		return 2;
	}
	/* No target and no command: count the whole system, as perf does. */
	if (!s->argc && !t->pid && !t->tid && !target__has_cpu(t))
		t->system_wide = true;
	if (target__validate(t, s->argc > 0, err, sizeof(err))) {
		pr_error("%s", err);
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

static void stat__free(struct stat_session *s)
{
	if (s->evlist) {
		evlist__free_stats(s->evlist);
		cpu_map__put(s->evlist->cpus);
		thread_map__put(s->evlist->threads);
		s->evlist->cpus = NULL;
		s->evlist->threads = NULL;
		evlist__delete(s->evlist);
	}
	free(s->cgroup_args);
	if (s->config.output && s->config.output != stderr)
		fclose(s->config.output);
}

int cmd_stat(int argc, const char **argv)
{
	struct stat_session s = {
		.target = { .inherit = true },
		.config = {
			.aggr_mode = AGGR_GLOBAL,
			.big_num = true,
			.scale = true,
			.run_count = 1,
		},
		.big_num_opt = -1,
	};
	struct sigaction sa = { 0 };
	sigset_t block;
	int ret, status = 0;

	s.evlist = evlist__new();
	if (!s.evlist) {
		pr_error("perf stat: %s", strerror(ENOMEM));
		return 1;
	}
	ret = stat__parse_options(&s, argc, argv);
	if (ret >= 0)
		goto out;
	ret = stat__check_options(&s);
	if (ret >= 0)
		goto out;

	if (!s.null_run && !s.evlist->nr_entries) {
		if (s.nr_cgroup_args) {
			pr_error(
				"-G/--cgroup '%s': define events with -e before the cgroups",
				s.cgroup_args[0].list);
			ret = 2;
			goto out;
		}
		ret = evlist__add_default_events(s.evlist);
		if (ret) {
			pr_error("cannot add the default events: %s",
				 strerror(-ret));
			ret = 1;
			goto out;
		}
	}
	ret = s.for_each_cgroup ? stat__expand_cgroups(&s) :
				  stat__apply_cgroups(&s);
	if (ret > 0)
		goto out;
	ret = stat__create_maps(&s);
	if (ret >= 0)
		goto out;
	ret = stat__open_output(&s);
	if (ret >= 0)
		goto out;

	s.config.target = &s.target;
	s.config.argc = s.argc;
	s.config.argv = s.argv;
	ret = evlist__alloc_stats(&s.config, s.evlist);
	if (ret) {
		pr_error("cannot allocate the statistics: %s", strerror(-ret));
		ret = 1;
		goto out;
	}

	/* Signals only interrupt the wait, which checks them race-free. */
	sigemptyset(&block);
	sigaddset(&block, SIGINT);
	sigaddset(&block, SIGTERM);
	sigaddset(&block, SIGHUP);
	sigaddset(&block, SIGCHLD);
	sigprocmask(SIG_BLOCK, &block, &s.orig_mask);
	sa.sa_handler = stat__on_signal;
	sigaction(SIGINT, &sa, NULL);
	sigaction(SIGTERM, &sa, NULL);
	sigaction(SIGHUP, &sa, NULL);
	sa.sa_handler = stat__on_child;
	sigaction(SIGCHLD, &sa, NULL);

	for (int run = 0; s.forever || run < s.config.run_count; run++) {
		s.config.run_idx = s.forever ? 0 : run;
		if (s.forever)
			evlist__reset_stats(s.evlist);
		ret = stat__run_once(&s, &status);
		if (ret >= 0)
			goto out;
		if (s.forever && !s.config.interval)
			evlist__print_counters(s.evlist, &s.config, NULL);
		if (stat_interrupted)
			break;
	}
	if (!s.config.interval && !s.forever)
		evlist__print_counters(s.evlist, &s.config, NULL);
	ret = status;
out:
	if (s.config.output)
		fflush(s.config.output);
	stat__free(&s);
	return ret;
}
