/* SPDX-License-Identifier: GPL-2.0 */
#ifndef PERF_BUILTIN_STAT_H
#define PERF_BUILTIN_STAT_H

/*
 * What perf stat's files share: the session its options fill in
 * (builtin-stat-options.c), the command sets up (builtin-stat.c) and
 * each run reads (builtin-stat-run.c), with record and report
 * (builtin-stat-record.c) and --control (builtin-stat-control.c).
 */

#include <signal.h>
#include <stdbool.h>
#include <linux/types.h>

#include "util/stat.h"
#include "util/target.h"

struct cgroup_arg;
struct evlist;
struct perf_error;
struct stat_record;

/* --control: commands read from ctl_fd, "ack\n" written to ack_fd. */
struct stat_control {
	int ctl_fd; /* -1: none */
	int ack_fd; /* -1: none */
	bool close_fds; /* fifo: we opened them */
	bool enabled; /* the events count now */
	size_t len; /* of a command not yet ended by '\n' */
	char buf[256];
};
struct stat_serve;

/* One perf stat command: its options, its events and its workload. */
struct stat_session {
	struct target target;
	struct perf_stat_config config;
	struct evlist *evlist;
	int last_event_start; /* first evsel of the last -e: for --filter */
	const char *output_name;
	bool append;
	int delay_ms; /* -D: 0 none, -1 start disabled */
	int detailed; /* -d, -dd, -ddd */
	bool all_user; /* --all-user */
	bool all_kernel; /* --all-kernel */
	int log_fd; /* --log-fd: 0 none */
	const char *pre_cmd; /* --pre */
	const char *post_cmd; /* --post */
	const char *control_arg; /* --control */
	struct stat_control control;
	bool accepted; /* options perf accepts that change nothing here */
	int timeout_ms;
	bool null_run;
	bool group; /* -g: every event in one group */
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
	int ended_by; /* the signal that ended a run: no more -r repeats */
	/* perf stat record: the counts also go to a perf.data file */
	bool record_mode;
	struct stat_record *record;
	int cmd_argc; /* the whole command line, for the file */
	const char **cmd_argv;
	const char *serve_addr; /* --serve [ADDR:]PORT */
	struct stat_serve *serve;
};

/*
 * Parse argv into s (events into s->evlist, the rest of argv is the
 * workload), then check how the options combine and settle what they
 * imply.  Each returns -1 to go on, or the exit status once the error
 * (or --help) is printed.
 */
int stat__parse_options(struct stat_session *s, int argc, const char **argv);
int stat__check_options(struct stat_session *s);

/*
 * One run (builtin-stat-run.c): --pre, the workload, the counters loaded,
 * enabled, waited on, stopped, read and aggregated, --post.  Returns -1
 * when it went fine (*workload_status set), or the exit status of a
 * failure it has reported.  catch_signals: from then on SIGINT, SIGTERM
 * and SIGHUP end the wait (s->ended_by), as SIGCHLD wakes it.
 */
int stat__run_once(struct stat_session *s, int *workload_status);
void stat__catch_signals(struct stat_session *s);

/*
 * perf stat record and report (builtin-stat-record.c).  record_open:
 * -o names the perf.data file (default perf.data), the counts print on
 * stderr; returns -1 or the exit status.  record_counts: write the
 * counts just read and a round; 0 or -errno, printed.  record_finish:
 * complete the file; returns status, or 1 if that failed.
 */
bool stat__is_subcommand(const char *arg, const char *name);
/*
 * "perf stat [options] record|report ...", as perf takes it: record
 * parses the rest of argv as more options; report runs with the options
 * given before it.  Returns -1 to go on, or the exit status.
 */
int stat__subcommand_after_options(struct stat_session *s, int argc,
				   const char **argv);
int stat__record_open(struct stat_session *s);
int stat__record_counts(struct stat_session *s, bool final, __u64 time_ns);
int stat__record_finish(struct stat_session *s, int status);
int cmd_stat_report(int argc, const char **argv);

/*
 * --control (builtin-stat-control.c).  open: parse "fd:CTL[,ACK]" or
 * "fifo:CTL[,ACK]" and open the fifos; returns 0 or a negative errno
 * with err filled.  process: run the commands waiting on ctl_fd
 * ("enable [NAME]", "disable [NAME]", "ping"), acking each; returns 1 if
 * the events were enabled or disabled, 0 if not, or a negative errno with
 * err filled.  close: close what open opened.
 */
int stat_control__open(struct stat_control *ctl, const char *arg,
		       struct perf_error *err);
int stat_control__process(struct stat_control *ctl, struct evlist *evlist,
			  struct perf_error *err);
void stat_control__close(struct stat_control *ctl);

#endif /* PERF_BUILTIN_STAT_H */
