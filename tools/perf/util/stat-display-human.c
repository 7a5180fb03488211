// SPDX-License-Identifier: GPL-2.0
/*
 * perf stat's human output, byte for byte as perf 6.1 prints it:
 *
 *   [time ][aggr id ]<value 18> <unit> <event 32>[ cgroup] # <metric>
 *                    [  ( +- noise% )][  (running%)]
 *
 * with the "Performance counter stats for ..." header, the elapsed, user
 * and sys footer, the -I column header and --metric-only columns.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cgroup.h"
#include "evsel.h"
#include "stat-display-priv.h"
#include "target.h"

#define METRIC_LEN 35
#define METRIC_ONLY_LEN 20
#define VALUE_WIDTH 18
#define NAME_WIDTH 32
#define NAME_WIDTH_NOT_COUNTED 25

static void human__aggr_id(struct display *d, const struct evsel *evsel,
			   const struct aggr_id *id, int nr)
{
	display__aggr_columns(d, evsel, id, nr, true);
}

static void human__noise_pct(struct display *d, double stddev, double avg)
{
	double pct = rel_stddev_stats(stddev, avg);

	if (pct)
		fprintf(d->fh, "  ( +-%6.2f%% )", pct);
}

static void human__noise_and_running(struct display *d,
				     const struct stat_value *val)
{
	if (d->config->run_count > 1)
		human__noise_pct(d, val->stddev, val->count);
	if (val->run != val->ena && val->ena)
		fprintf(d->fh, "  (%.2f%%)", 100.0 * val->run / val->ena);
}

/* A second metric line: " # <value> <unit>" under the first one. */
static void human__metric_line(struct outstate *os)
{
	struct display *d = os->d;
	int pad = VALUE_WIDTH + 1 + d->unit_width + 1 + NAME_WIDTH;

	if (d->has_cgroups)
		pad += 1 + (int)strlen(os->evsel->cgrp ? os->evsel->cgrp->name :
							 "");
	fputc('\n', d->fh);
	fputs(d->prefix, d->fh);
	human__aggr_id(d, os->evsel, os->id, os->nr);
	fprintf(d->fh, "%*s", pad, "");
}

static void human__new_line(struct metric_out *out)
{
	outstate(out)->newline = true;
}

/* " # <value> <unit>" in a 38 column field. */
static void human__print_metric(struct metric_out *out, const char *fmt,
				const char *unit, double val)
{
	struct outstate *os = outstate(out);
	FILE *fh = os->d->fh;
	bool newline = os->newline;
	int n;

	os->newline = false;
	if (!unit || !fmt) {
		fprintf(fh, "%-*s", METRIC_LEN, "");
		return;
	}
	if (newline)
		human__metric_line(os);
	n = fprintf(fh, " # ");
	n += fprintf(fh, fmt, val);
	fprintf(fh, " %-*s", METRIC_LEN - n - 1, unit);
}

static void human__counter(struct outstate *os, const struct stat_value *val,
			   double uval)
{
	struct display *d = os->d;
	const struct evsel *evsel = os->evsel;
	bool fraction = floor(evsel->scale) != evsel->scale;
	FILE *fh = d->fh;

	human__aggr_id(d, evsel, os->id, val->nr);
	if (d->config->big_num)
		fprintf(fh, fraction ? "%'18.2f%s" : "%'18.0f%s", uval, d->sep);
	else
		fprintf(fh, fraction ? "%18.2f%s" : "%18.0f%s", uval, d->sep);
	fprintf(fh, "%-*s%s", d->unit_width, evsel->unit ? evsel->unit : "",
		d->sep);
	fprintf(fh, "%-*s", NAME_WIDTH, os->name);
	display__cgroup_column(d, evsel);
	stat__print_shadow_metrics(d->config, d->evlist, evsel, os->id, uval,
				   &os->out);
	human__noise_and_running(d, val);
}

static void human__not_counted(struct outstate *os,
			       const struct stat_value *val, const char *what)
{
	struct display *d = os->d;
	const struct evsel *evsel = os->evsel;
	FILE *fh = d->fh;

	human__aggr_id(d, evsel, os->id, val->nr);
	fprintf(fh, "%*s%s", VALUE_WIDTH, what, d->sep);
	fprintf(fh, "%-*s%s", d->unit_width, evsel->unit ? evsel->unit : "",
		d->sep);
	fprintf(fh, "%-*s", NAME_WIDTH_NOT_COUNTED, os->name);
	display__cgroup_column(d, evsel);
	human__print_metric(&os->out, NULL, NULL, 0);
	human__noise_and_running(d, val);
}

static int metric_only_width(const char *unit)
{
	int len = (int)strlen(unit);

	return len < METRIC_ONLY_LEN ? METRIC_ONLY_LEN : len + 1;
}

static void human__print_metric_only(struct metric_out *out, const char *fmt,
				     const char *unit, double val)
{
	struct outstate *os = outstate(out);
	char ubuf[1024], vbuf[64] = "";

	if (!metric_only__valid(unit))
		return;
	unit = metric_only__column(ubuf, sizeof(ubuf), os->name, unit);
	if (fmt)
		snprintf(vbuf, sizeof(vbuf), fmt, val);
	fprintf(os->d->fh, "%*s ", metric_only_width(unit), vbuf);
}

static void human__print_metric_header(struct metric_out *out, const char *fmt,
				       const char *unit, double val)
{
	struct outstate *os = outstate(out);
	char ubuf[1024];

	if (!metric_only__valid(unit))
		return;
	unit = metric_only__column(ubuf, sizeof(ubuf), os->name, unit);
	fprintf(os->d->fh, "%*s ", metric_only_width(unit), unit);
}

static void human__metric_header_begin(struct display *d)
{
	const struct aggr_mode_names *names =
		aggr_mode__names(d->config->aggr_mode);

	if (d->interval)
		fprintf(d->fh, "#           time %-*s", names->human_width,
			names->human_header);
	else
		fprintf(d->fh, "%*s", names->human_width, "");
}

static void human__interval_header(struct display *d)
{
	fprintf(d->fh, "%s %*s events\n",
		aggr_mode__names(d->config->aggr_mode)->interval_header,
		d->unit_width, "unit");
}

static void human__header(struct display *d)
{
	const struct perf_stat_config *config = d->config;
	const struct target *target = config->target;
	FILE *fh = d->fh;

	fputs("\n Performance counter stats for ", fh);
	if (target && target->cpu_list) {
		fprintf(fh, "'CPU(s) %s", target->cpu_list);
	} else if (target && target->system_wide) {
		fputs("'system wide", fh);
	} else if (target && target->pid) {
		fprintf(fh, "process id '%s", target->pid);
	} else if (target && target->tid) {
		fprintf(fh, "thread id '%s", target->tid);
	} else {
		fprintf(fh, "'%s",
			config->argv && config->argc > 0 ? config->argv[0] :
							   "pipe");
		for (int i = 1; config->argv && i < config->argc; i++)
			fprintf(fh, " %s", config->argv[i]);
	}
	fputc('\'', fh);
	if (config->run_count > 1)
		fprintf(fh, " (%d runs)", config->run_count);
	fputs(":\n\n", fh);
}

/* Digits worth printing for a value known to +- num. */
static int get_precision(double num)
{
	if (num > 1)
		return 0;
	if (num <= 0)
		return 7;
	return (int)lround(ceil(-log10(num)));
}

static bool nmi_watchdog_enabled(void)
{
	FILE *file = fopen("/proc/sys/kernel/nmi_watchdog", "r");
	int val = 0;

	if (!file)
		return false;
	if (fscanf(file, "%d", &val) != 1)
		val = 0;
	fclose(file);
	return val != 0;
}

/*
 * --table: each run's elapsed time, its difference from the mean, and a
 * bar of one '#' plus one per 5% of difference, indented as the mean is.
 */
static void human__run_table(struct display *d, int precision, double avg)
{
	const struct perf_stat_config *config = d->config;
	char mean[64];
	int indent = 0;

	snprintf(mean, sizeof(mean), " %17.*f", precision, avg);
	while (mean[indent] == ' ')
		indent++;
	fprintf(d->fh, "%*s# Table of individual measurements:\n", indent, "");
	/* the runs done: a signal may have ended the series early */
	for (int i = 0; i < (int)config->walltime_nsecs_stats.n; i++) {
		double run = config->walltime_run[i] / 1e9;
		int bars =
			1 + (run > 0 ?
				     abs((int)(100.0 * (run - avg) / run) / 5) :
				     0);

		fprintf(d->fh, " %17.*f (%+.*f) ", precision, run, precision,
			run - avg);
		for (int b = 0; b < bars; b++)
			fputc('#', d->fh);
		fputc('\n', d->fh);
	}
	fprintf(d->fh, "\n%*s# Final result:\n", indent, "");
}

static void human__footer(struct display *d)
{
	const struct perf_stat_config *config = d->config;
	const struct target *target = config->target;
	FILE *fh = d->fh;
	double avg;

	avg = (config->walltime_nsecs_stats.n > 0 ?
		       avg_stats(&config->walltime_nsecs_stats) :
		       config->walltime_ns) /
	      1e9;
	fputc('\n', fh);
	if (config->run_count <= 1) {
		fprintf(fh, " %17.9f seconds time elapsed", avg);
		/* Only for a workload counted as itself, as perf does. */
		if (config->argc > 0 && !config->no_rusage &&
		    !(target && (target__has_cpu(target) || target->pid ||
				 target->tid))) {
			fputs("\n\n", fh);
			fprintf(fh, " %17.9f seconds user\n",
				config->ru_utime_s);
			fprintf(fh, " %17.9f seconds sys\n",
				config->ru_stime_s);
		}
	} else {
		double sd = stddev_stats(&config->walltime_nsecs_stats) / 1e9;
		int precision = get_precision(sd) + 2;

		if (config->walltime_run)
			human__run_table(d, precision, avg);
		fprintf(fh, " %17.*f +- %.*f seconds time elapsed", precision,
			avg, precision, sd);
		human__noise_pct(d, sd, avg);
	}
	fputs("\n\n", fh);

	if (d->not_counted_seen && nmi_watchdog_enabled())
		fputs("Some events weren't counted. Try disabling the NMI watchdog:\n"
		      "\techo 0 > /proc/sys/kernel/nmi_watchdog\n"
		      "\tperf stat ...\n"
		      "\techo 1 > /proc/sys/kernel/nmi_watchdog\n",
		      fh);
}

const struct stat_printer stat_printer_human = {
	.counter = human__counter,
	.not_counted = human__not_counted,
	.print_metric = human__print_metric,
	.new_line = human__new_line,
	.aggr_id = human__aggr_id,
	.print_metric_only = human__print_metric_only,
	.print_metric_header = human__print_metric_header,
	.metric_header_begin = human__metric_header_begin,
	.interval_prefix = display__timestamp_prefix,
	.interval_header = human__interval_header,
	.header = human__header,
	.footer = human__footer,
};
