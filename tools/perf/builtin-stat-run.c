// SPDX-License-Identifier: GPL-2.0
/*
 * One run of perf stat (one of -r's): --pre, the workload forked and
 * parked, every event loaded and enabled in the order -D asks for, the
 * wait, then the counters stopped, read and aggregated, and --post.
 *
 *   --pre ─> workload forked ─> load (plain or bperf) ─> enable ─> go
 *                                        (util/counter.c)
 *   wait: the workload's exit, a signal, --timeout, --interval-count, a
 *         -p/-t target gone; meanwhile -I intervals, --control commands
 *         and --serve scrapes
 *   disable ─> read ─> elapsed, rusage ─> perf_stat__process_counters
 *         ─> --post
 *
 * SIGINT, SIGTERM and SIGHUP end the run (and the -r repeats); the one
 * that did is in s->ended_by.
 */
#include <errno.h>
#include <poll.h>
#include <signal.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/time.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "builtin-stat.h"
#include "util/counter.h"
#include "util/debug.h"
#include "util/error.h"
#include "util/evsel.h"
#include "util/stat-serve.h"
#include "util/stat.h"
#include "util/target.h"
#include "util/thread_map.h"
#include "util/tool-events.h"
#include "util/workload.h"

/* How often a -p/-t run checks that its tasks still exist. */
#define STAT_ALIVE_CHECK_MS 100

static volatile sig_atomic_t stat_signr;

static void stat__on_signal(int signo)
{
	stat_signr = signo;
}

static void stat__on_child(int signo)
{
	(void)signo;
}

/* Signals only interrupt the wait, which checks them race-free. */
void stat__catch_signals(struct stat_session *s)
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
		if (thread__exists(threads->map[i]))
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
			s->ended_by = sig;
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
	/* The clock starts before the enable, as stat__finish stops it. */
	*start_ns = stat__now_ns();
	if (s->delay_ms >= 0 && stat__counters(s, evlist__enable_counters)) {
		workload__abandon(wl);
		return 1;
	}
	s->control.enabled = s->delay_ms >= 0;
	if (s->delay_ms < 0 && !quiet)
		fputs("Events disabled\n", stderr); /* as perf says it */
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
 * aggregate it (-I: print its last, partial interval).  The run ends
 * once the events are disabled, as perf reads its t1 after
 * disable_counters(), and it started before they were enabled: the
 * elapsed time covers what every event counted, duration_time included
 * (-a cpu-clock is at most CPUs x elapsed, however long the enable or
 * the disable took).  Returns -1 or the exit status of a failure.
 */
static int stat__finish(struct stat_session *s, struct workload *wl,
			__u64 start_ns, int *workload_status)
{
	__u64 end_ns;
	int err;

	/* user_time and system_time of the reaped workload: its rusage */
	tool_events__workload_reaped(wl->pid, &wl->ru);
	if (stat__counters(s, evlist__disable_counters))
		return 1;
	end_ns = stat__now_ns();
	if (stat__read_counters(s))
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

int stat__run_once(struct stat_session *s, int *workload_status)
{
	struct workload wl = { .go_fd = -1, .err_fd = -1 };
	bool count_workload = s->argc && !target__has_task(&s->target) &&
			      !target__has_cpu(&s->target);
	__u64 start_ns;
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
		ret = err < 0 ? 1 :
				stat__finish(s, &wl, start_ns, workload_status);
	}
	evlist__destroy_counters(s->evlist);
	s->target.workload_pid = 0;
	tool_events__workload_reaped(0, NULL);
	if (ret < 0 && s->post_cmd)
		ret = stat__run_command(s, "--post", s->post_cmd);
	return ret;
}
