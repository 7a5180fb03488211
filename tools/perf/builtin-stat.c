// SPDX-License-Identifier: GPL-2.0
/*
 * perf stat: count events for a workload, processes, threads, CPUs or
 * cgroups and print the totals.  This file is the command: what the
 * options ask for set up once, then every run (-r), then the print.
 *
 *   options (builtin-stat-options.c) ──> target + evlist (parse-events)
 *      │  the default and -d events, -g, --all-user/--all-kernel, cgroups
 *      │                                ──> CPU / thread maps (target)
 *      │  -o or --log-fd, --control, --serve, record's perf.data
 *      v
 *   every run, -r N times (builtin-stat-run.c):
 *      workload ─> load ─> enable ─> wait (-I: read + print) ─> disable
 *      ─> read ─> perf_stat__process_counters
 *      v
 *   evlist__print_counters: the counts (with -r, their means and
 *   variance), unless -I printed them
 *
 * The backend is chosen per event: bperf for events asked to share
 * counters (--use-bpf, or the event's own flag), plain otherwise.  The
 * steps of the command return -1 to go on, or the exit status to end
 * with once they have printed why.
 */
#include <errno.h>
#include <signal.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "builtin-stat.h"
#include "builtin.h"
#include "util/cpumap.h"
#include "util/debug.h"
#include "util/error.h"
#include "util/evsel.h"
#include "util/parse-events.h"
#include "util/stat-cgroup.h"
#include "util/stat-serve.h"
#include "util/stat.h"
#include "util/target.h"
#include "util/thread_map.h"

/* CPU and thread maps from the target; returns -1 or the exit status. */
static int stat__create_maps(struct stat_session *s)
{
	struct perf_error err;
	int ret;

	ret = target__create_maps(&s->target, &s->evlist->cpus,
				  &s->evlist->threads, &err);
	if (!ret)
		return -1;
	perf_error__print(&err);
	return ret == -EINVAL ? 2 : 1;
}

/* -G or --for-each-cgroup; returns -1 or the exit status. */
static int stat__cgroups(struct stat_session *s)
{
	struct perf_error err;
	int ret;

	if (s->for_each_cgroup)
		ret = evlist__expand_cgroups(&s->evlist, s->for_each_cgroup,
					     &err);
	else
		ret = evlist__apply_cgroups(s->evlist, s->cgroup_args,
					    s->nr_cgroup_args, &err);
	if (!ret)
		return -1;
	perf_error__print(&err);
	return ret == -EINVAL ? 2 : 1;
}

/*
 * -d, -dd, -ddd: perf's detailed sets, added to the events (the default
 * ones or -e's) as perf adds them.
 */
static int stat__detailed_events(struct stat_session *s)
{
	static const char *const detailed[] = {
		"L1-dcache-loads,L1-dcache-load-misses,LLC-loads,LLC-load-misses",
		"L1-icache-loads,L1-icache-load-misses,dTLB-loads,dTLB-load-misses,iTLB-loads,iTLB-load-misses",
		"L1-dcache-prefetches,L1-dcache-prefetch-misses",
	};
	int ret = 0;

	for (int i = 0; !ret && i < s->detailed && i < 3; i++)
		ret = parse_events(s->evlist, detailed[i], NULL);
	if (ret) {
		pr_error("cannot add the detailed events: %s", strerror(-ret));
		return 1;
	}
	return -1;
}

/*
 * --all-user, --all-kernel: every event counts in that mode only, its
 * own :u or :k modifier notwithstanding, as perf sets them.
 */
static void stat__exclude_modes(struct stat_session *s)
{
	for (int i = 0; i < s->evlist->nr_entries; i++) {
		struct perf_event_attr *attr = &s->evlist->entries[i]->attr;

		if (s->all_user) {
			attr->exclude_kernel = 1;
			attr->exclude_user = 0;
		} else if (s->all_kernel) {
			attr->exclude_kernel = 0;
			attr->exclude_user = 1;
		}
	}
}

/* No -e: perf's default events (unless -n); then -d's. */
static int stat__default_events(struct stat_session *s)
{
	int ret;

	if (s->null_run)
		return -1;
	if (s->evlist->nr_entries)
		return stat__detailed_events(s);
	if (s->nr_cgroup_args) {
		pr_error(
			"-G/--cgroup '%s': define events with -e before the cgroups",
			s->cgroup_args[0].list);
		return 2;
	}
	ret = evlist__add_default_events(s->evlist);
	if (ret) {
		pr_error("cannot add the default events: %s", strerror(-ret));
		return 1;
	}
	return stat__detailed_events(s);
}

/* -g: every event, the default and -d's too, in one group, as perf does. */
static void stat__group_all(struct stat_session *s)
{
	struct evsel *evsel, *leader = NULL;

	if (!s->group || s->evlist->nr_entries < 2)
		return;
	evlist__for_each_entry(s->evlist, evsel) {
		if (!leader)
			leader = evsel;
		evsel->leader = leader;
		evsel->grouped = true;
		evsel->nr_members = 1;
	}
	leader->nr_members = s->evlist->nr_entries;
	s->evlist->nr_groups = 1;
}

static int stat__open_output(struct stat_session *s)
{
	FILE *out;
	time_t now;

	if (s->log_fd) {
		out = fdopen(s->log_fd, s->append ? "a" : "w");
		if (!out) {
			pr_error("--log-fd %d: %s", s->log_fd, strerror(errno));
			return 1;
		}
		s->config.output = out;
		return -1;
	}
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
	/* JSON output stays JSON lines only, as newer perf writes it. */
	if (!s->config.json_output) {
		time(&now);
		fprintf(out, "# started on %s\n", ctime(&now));
	}
	s->config.output = out;
	return -1;
}

static int stat__open_control(struct stat_session *s)
{
	struct perf_error err;

	if (!s->control_arg)
		return -1;
	if (stat_control__open(&s->control, s->control_arg, &err)) {
		perf_error__print(&err);
		return 2;
	}
	return -1;
}

static void stat__free(struct stat_session *s)
{
	stat_serve__delete(s->serve);
	if (s->evlist) {
		evlist__free_stats(s->evlist);
		cpu_map__put(s->evlist->cpus);
		thread_map__put(s->evlist->threads);
		s->evlist->cpus = NULL;
		s->evlist->threads = NULL;
		evlist__delete(s->evlist);
	}
	free(s->cgroup_args);
	free(s->config.walltime_run);
	stat_control__close(&s->control);
	if (s->config.output && s->config.output != stderr)
		fclose(s->config.output);
}

/* --serve: listen before counting (a port in use ends it at once). */
static int stat__serve(struct stat_session *s)
{
	struct perf_error err;

	if (!s->serve_addr)
		return -1;
	if (stat_serve__check_events(s->serve_addr, s->evlist, &err)) {
		perf_error__print(&err);
		return 2;
	}
	s->serve = stat_serve__new(s->serve_addr, &s->config, s->evlist, &err);
	if (!s->serve) {
		perf_error__print(&err);
		return 1;
	}
	if (!quiet)
		fprintf(stderr, "perf stat: serving %s\n",
			stat_serve__url(s->serve));
	return -1;
}

/* Everything before the first run; returns -1 or the exit status. */
static int stat__setup(struct stat_session *s, int argc, const char **argv)
{
	int ret;

	ret = stat__parse_options(s, argc, argv);
	if (ret < 0 && s->argc && !s->record_mode)
		ret = stat__subcommand_after_options(s, argc, argv);
	if (ret < 0)
		ret = stat__check_options(s);
	if (ret < 0)
		ret = stat__default_events(s);
	if (ret < 0)
		stat__group_all(s);
	if (ret < 0)
		stat__exclude_modes(s);
	if (ret < 0)
		ret = stat__cgroups(s);
	if (ret < 0)
		ret = stat__create_maps(s);
	if (ret < 0 && s->record_mode)
		ret = stat__record_open(s);
	if (ret < 0)
		ret = stat__open_output(s);
	if (ret < 0)
		ret = stat__open_control(s);
	if (ret >= 0)
		return ret;
	if (s->config.walltime_run_table) {
		s->config.walltime_run =
			calloc(s->config.run_count, sizeof(double));
		if (!s->config.walltime_run) {
			pr_error("--table: %s", strerror(ENOMEM));
			return 1;
		}
	}

	s->config.target = &s->target;
	s->config.argc = s->argc;
	s->config.argv = s->argv;
	ret = evlist__alloc_stats(&s->config, s->evlist);
	if (ret) {
		pr_error("cannot allocate the statistics: %s", strerror(-ret));
		return 1;
	}
	return stat__serve(s);
}

/* Every run (-r), printed; returns the exit status. */
static int stat__run(struct stat_session *s)
{
	int ret, status = 0;

	for (int run = 0; s->forever || run < s->config.run_count; run++) {
		s->config.run_idx = s->forever ? 0 : run;
		if (s->forever)
			evlist__reset_stats(s->evlist);
		ret = stat__run_once(s, &status);
		if (ret >= 0)
			return ret;
		if (s->forever && !s->config.interval)
			evlist__print_counters(s->evlist, &s->config, NULL);
		if (s->ended_by)
			break;
	}
	if (!s->config.interval && !s->forever)
		evlist__print_counters(s->evlist, &s->config, NULL);
	return status;
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
		.control = { .ctl_fd = -1, .ack_fd = -1 },
	};
	int ret;

	s.cmd_argc = argc;
	s.cmd_argv = argv;
	if (argc > 1 && stat__is_subcommand(argv[1], "report"))
		return cmd_stat_report(argc - 1, argv + 1);
	if (argc > 1 && stat__is_subcommand(argv[1], "record")) {
		s.record_mode = true;
		argc--;
		argv++;
	}
	s.evlist = evlist__new();
	if (!s.evlist) {
		pr_error("perf stat: %s", strerror(ENOMEM));
		return 1;
	}
	ret = stat__setup(&s, argc, argv);
	if (ret < 0) {
		stat__catch_signals(&s);
		ret = stat__run(&s);
	}
	if (s.config.output)
		fflush(s.config.output);
	ret = stat__record_finish(&s, ret);
	stat__free(&s);
	if (s.ended_by && !s.argc) {
		/* Printed; now end as the signal asks, as perf does. */
		signal(s.ended_by, SIG_DFL);
		sigprocmask(SIG_SETMASK, &s.orig_mask, NULL);
		raise(s.ended_by);
	}
	return ret;
}
