// SPDX-License-Identifier: GPL-2.0
/*
 * perf stat: count events for a workload, processes, threads, CPUs or
 * cgroups and print the totals.
 *
 *   options (stat_options[]) ──> target + evlist (parse-events)
 *      │                              ──> CPU / thread maps (target)
 *      ├─ workload: forked, parked until the counters are ready (workload)
 *      v
 *   every event: load (plain or bperf backend) ─> enable ─> wait ─> disable
 *      (util/counter.c)                              │
 *      │                          -I: read + print every interval
 *      v
 *   read ─> perf_stat__process_counters ─> evlist__print_counters
 *
 * The backend is chosen per event: bperf for events asked to share
 * counters (--use-bpf, or the event's own flag), plain otherwise.  The
 * steps of the command return -1 to go on, or the exit status to end
 * with once they have printed why.
 */
#include <errno.h>
#include <limits.h>
#include <poll.h>
#include <signal.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/time.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "builtin-stat.h"
#include "builtin.h"
#include "util/counter.h"
#include "util/cpumap.h"
#include "util/debug.h"
#include "util/error.h"
#include "util/evsel.h"
#include "util/parse-events.h"
#include "util/stat-cgroup.h"
#include "util/stat-serve.h"
#include "util/stat.h"
#include "util/target.h"
#include "util/tool-events.h"
#include "util/workload.h"

/* How often a -p/-t run checks that its tasks still exist. */
#define STAT_ALIVE_CHECK_MS 100

static volatile sig_atomic_t stat_signr;
/* A signal ended a run: no more -r repeats. */
static bool stat_interrupted;
/* Which one: a run without a workload ends with it, as perf does. */
static int stat_ended_by;

static void stat__on_signal(int signo)
{
	stat_signr = signo;
}

static void stat__on_child(int signo)
{
	(void)signo;
}

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
	struct parse_events_error err = { 0 };
	int ret = 0;

	for (int i = 0; !ret && i < s->detailed && i < 3; i++)
		ret = parse_events(s->evlist, detailed[i], &err);
	parse_events_error__exit(&err);
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

static __u64 stat__now_ns(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (__u64)ts.tv_sec * 1000000000ULL + ts.tv_nsec;
}

/* Run one operation on every counting event; the error is reported. */
static int stat__counters(struct stat_session *s,
			  int (*op)(struct evlist *evlist,
				    struct perf_error *err))
{
	struct perf_error err;
	int ret = op(s->evlist, &err);

	if (ret)
		perf_error__print(&err);
	return ret;
}

static int stat__read_counters(struct stat_session *s)
{
	return stat__counters(s, evlist__read_counters);
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
	if (!err && s->record)
		err = stat__record_counts(s, false, elapsed);
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

/* --control: commands are waiting; -I prints an interval at each change. */
static int stat__control(struct stat_session *s, __u64 start_ns)
{
	struct perf_error err;
	int ret;

	ret = stat_control__process(&s->control, s->evlist, &err);
	if (ret < 0) {
		perf_error__print(&err);
		return ret;
	}
	if (ret > 0 && s->config.interval)
		return stat__print_interval(s, start_ns);
	return 0;
}

/*
 * Wait for the end of the run: the workload's exit, a signal, --timeout,
 * the last of --interval-count, or a -p/-t target that is gone.  Prints
 * the -I intervals meanwhile.
 */
static int stat__wait(struct stat_session *s, struct workload *wl,
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
	struct pollfd fds[2] = { { .fd = -1, .events = POLLIN },
				 { .fd = -1, .events = POLLIN } };
	int err;

	if (s->serve)
		fds[1].fd = stat_serve__fd(s->serve);
	for (;;) {
		__u64 now, deadline;
		struct timespec ts;
		int serve_ms;

		if (wl->pid && workload__reap(wl, false))
			break;
		if (stat_signr) {
			int sig = stat_signr;

			stat_signr = 0;
			stat_interrupted = true;
			stat_ended_by = sig;
			if (!wl->pid)
				return 0;
			/* Forward it and wait for the workload to end. */
			kill(wl->pid, sig);
		}
		now = stat__now_ns();
		if (timeout_at && now >= timeout_at && !stopping) {
			if (!wl->pid)
				return 0;
			workload__stop(wl);
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
				workload__stop(wl);
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
		serve_ms = s->serve ? stat_serve__timeout_ms(s->serve) : -1;
		if (serve_ms >= 0)
			deadline = stat__min_deadline(deadline,
						      now + serve_ms * ms + 1);
		if (deadline) {
			__u64 left = deadline > now ? deadline - now : 0;

			ts.tv_sec = left / 1000000000ULL;
			ts.tv_nsec = left % 1000000000ULL;
		}
		/* [0] --control's commands, [1] --serve's scrapes */
		fds[0].fd = s->control.ctl_fd;
		fds[0].revents = 0;
		fds[1].revents = 0;
		if (ppoll(fds, 2, deadline ? &ts : NULL, &s->orig_mask) < 0 &&
		    errno != EINTR)
			return -errno;
		if (fds[0].revents) {
			err = stat__control(s, start_ns);
			if (err)
				return err;
		}
		/* --serve: answer the scrapes between the checks above. */
		if (s->serve)
			stat_serve__run(s->serve);
	}
	return 0;
}

static double timeval__seconds(const struct timeval *tv)
{
	return tv->tv_sec + tv->tv_usec / 1e6;
}

static int stat__exec_failed(struct stat_session *s, struct workload *wl,
			     int err)
{
	pr_error("cannot run '%s': %s", s->argv[0], strerror(-err));
	workload__reap(wl, true);
	return 127;
}

/*
 * Load and enable the counters and let the workload go, in the order -D
 * asks for; *start_ns: when counting started.  Returns -1 or the exit
 * status of a failure, with the workload taken care of.
 */
static int stat__start(struct stat_session *s, struct workload *wl,
		       bool count_workload, __u64 *start_ns)
{
	struct perf_error err;
	int ret;

	if (evlist__load_counters(s->evlist, &s->target,
				  count_workload && s->delay_ms == 0, &err)) {
		perf_error__print(&err);
		workload__abandon(wl);
		return 1;
	}
	if (s->argc && s->delay_ms) {
		/* -D: the workload runs first, counting starts later. */
		ret = workload__start(wl);
		if (ret)
			return stat__exec_failed(s, wl, ret);
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
	if (s->delay_ms >= 0 && stat__counters(s, evlist__enable_counters)) {
		workload__abandon(wl);
		return 1;
	}
	s->control.enabled = s->delay_ms >= 0;
	if (s->delay_ms < 0 && !quiet)
		fputs("Events disabled\n", stderr); /* as perf says it */
	*start_ns = stat__now_ns();
	if (s->argc && !s->delay_ms) {
		ret = workload__start(wl);
		if (ret)
			return stat__exec_failed(s, wl, ret);
	}
	return -1;
}

/* --summary: after the -I lines, the whole run's totals as without -I. */
static int stat__print_summary(struct stat_session *s, __u64 elapsed_ns)
{
	struct perf_stat_config *config = &s->config;
	unsigned int interval = config->interval;
	int err;

	config->interval = 0;
	config->walltime_ns = (double)elapsed_ns;
	err = perf_stat__process_counters(config, s->evlist);
	if (err) {
		pr_error("cannot aggregate the counts: %s", strerror(-err));
	} else {
		config->summary_line = true;
		evlist__print_counters(s->evlist, config, NULL);
		config->summary_line = false;
	}
	config->interval = interval;
	return err ? 1 : -1;
}

/*
 * After the wait: stop and read the counters, account the run, and
 * aggregate it (-I: print its last, partial interval).  Returns -1 or
 * the exit status of a failure.
 */
static int stat__finish(struct stat_session *s, struct workload *wl,
			__u64 start_ns, __u64 end_ns, int *workload_status)
{
	int err;

	/* user_time and system_time of the reaped workload: its rusage */
	tool_events__workload_reaped(wl->pid, &wl->ru);
	if (stat__counters(s, evlist__disable_counters) ||
	    stat__read_counters(s))
		return 1;
	if (s->record && !s->config.interval &&
	    stat__record_counts(s, true, end_ns - start_ns))
		return 1;
	s->config.walltime_ns = (double)(end_ns - start_ns);
	update_stats(&s->config.walltime_nsecs_stats, s->config.walltime_ns);
	if (s->config.walltime_run)
		s->config.walltime_run[s->config.run_idx] =
			s->config.walltime_ns;
	if (wl->pid) {
		s->config.ru_utime_s = timeval__seconds(&wl->ru.ru_utime);
		s->config.ru_stime_s = timeval__seconds(&wl->ru.ru_stime);
		update_stats(&s->config.ru_utime_stats, s->config.ru_utime_s);
		update_stats(&s->config.ru_stime_stats, s->config.ru_stime_s);
		*workload_status = workload__exit_status(wl);
	}
	if (s->config.interval && wl->pid && !s->intervals_done &&
	    stat__print_interval(s, start_ns))
		return 1;
	if (s->config.interval && s->config.summary)
		return stat__print_summary(s, end_ns - start_ns);
	if (!s->config.interval) {
		err = perf_stat__process_counters(&s->config, s->evlist);
		if (err) {
			pr_error("cannot aggregate the counts: %s",
				 strerror(-err));
			return 1;
		}
	}
	return -1;
}

/* --pre, --post: the command's failure ends perf stat. */
static int stat__run_command(struct stat_session *s, const char *opt,
			     const char *cmd)
{
	sigset_t blocked;
	int status;

	fflush(NULL);
	/* It runs with the signals perf stat was started with. */
	sigprocmask(SIG_SETMASK, &s->orig_mask, &blocked);
	status = system(cmd);
	sigprocmask(SIG_SETMASK, &blocked, NULL);
	if (status == -1) {
		pr_error("%s '%s': %s", opt, cmd, strerror(errno));
		return 1;
	}
	if (WIFEXITED(status) && !WEXITSTATUS(status))
		return -1;
	if (WIFEXITED(status))
		pr_error("%s '%s': exited with status %d", opt, cmd,
			 WEXITSTATUS(status));
	else
		pr_error("%s '%s': killed by signal %d", opt, cmd,
			 WTERMSIG(status));
	return 1;
}

/*
 * One measurement.  Returns -1 when it went fine (*workload_status set),
 * or the exit status of a failure that was already reported.
 */
static int stat__run_once(struct stat_session *s, int *workload_status)
{
	struct workload wl = { .go_fd = -1, .err_fd = -1 };
	bool count_workload = s->argc && !target__has_task(&s->target) &&
			      !target__has_cpu(&s->target);
	__u64 start_ns, end_ns;
	int ret, err;

	*workload_status = 0;
	s->intervals_done = false;
	if (s->pre_cmd) {
		ret = stat__run_command(s, "--pre", s->pre_cmd);
		if (ret >= 0)
			return ret;
	}
	if (s->sync)
		sync();
	if (s->argc) {
		err = workload__prepare(&wl, s->argv, &s->orig_mask);
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

	ret = stat__start(s, &wl, count_workload, &start_ns);
	if (ret < 0) {
		err = stat__wait(s, &wl, start_ns);
		if (wl.pid)
			workload__reap(&wl, true);
		end_ns = stat__now_ns();
		ret = err < 0 ? 1 :
				stat__finish(s, &wl, start_ns, end_ns,
					     workload_status);
	}
	evlist__destroy_counters(s->evlist);
	s->target.workload_pid = 0;
	tool_events__workload_reaped(0, NULL);
	if (ret < 0 && s->post_cmd)
		ret = stat__run_command(s, "--post", s->post_cmd);
	return ret;
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

/* Signals only interrupt the wait, which checks them race-free. */
static void stat__catch_signals(struct stat_session *s)
{
	static const int ended_by[] = { SIGINT, SIGTERM, SIGHUP };
	struct sigaction sa = { 0 };
	sigset_t block;

	sigemptyset(&block);
	for (size_t i = 0; i < sizeof(ended_by) / sizeof(ended_by[0]); i++)
		sigaddset(&block, ended_by[i]);
	sigaddset(&block, SIGCHLD);
	sigprocmask(SIG_BLOCK, &block, &s->orig_mask);
	sa.sa_handler = stat__on_signal;
	for (size_t i = 0; i < sizeof(ended_by) / sizeof(ended_by[0]); i++)
		sigaction(ended_by[i], &sa, NULL);
	sa.sa_handler = stat__on_child;
	sigaction(SIGCHLD, &sa, NULL);
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
		if (stat_interrupted)
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
	if (stat_ended_by && !s.argc) {
		/* Printed; now end as the signal asks, as perf does. */
		signal(stat_ended_by, SIG_DFL);
		sigprocmask(SIG_SETMASK, &s.orig_mask, NULL);
		raise(stat_ended_by);
	}
	return ret;
}
