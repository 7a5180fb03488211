// SPDX-License-Identifier: GPL-2.0
/*
 * perf stat's CSV output (-x SEP), field for field as perf 6.1 prints it:
 *
 *   [time,][aggr id,]value,unit,event[,cgroup][,noise],run,pcnt,
 *   metric,metric unit
 *
 * and --metric-only rows under one header line of column names.
 */
#include <inttypes.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>

#include "evsel.h"
#include "stat-display-priv.h"

static void csv__aggr_id(struct display *d, const struct evsel *evsel,
			 const struct aggr_id *id, int nr)
{
	display__aggr_columns(d, evsel, id, nr, false);
}

static void csv__noise_and_running(struct display *d,
				   const struct stat_value *val)
{
	double pcnt = 100;

	if (d->config->run_count > 1)
		fprintf(d->fh, "%s%.2f%%", d->sep,
			rel_stddev_stats(val->stddev, val->count));
	/* perf divides in integers here: 66.66% prints as 66.00 */
	if (val->run != val->ena && val->ena)
		pcnt = (double)(100 * val->run / val->ena);
	fprintf(d->fh, "%s%" PRIu64 "%s%.2f", d->sep, (uint64_t)val->run,
		d->sep, pcnt);
}

/* A second metric line: the line's columns left empty. */
static void csv__new_line(struct metric_out *out)
{
	struct outstate *os = outstate(out);
	struct display *d = os->d;

	fputc('\n', d->fh);
	fputs(d->prefix, d->fh);
	csv__aggr_id(d, os->evsel, os->id, os->nr);
	for (int i = 0; i < os->nfields; i++)
		fputs(d->sep, d->fh);
}

static void csv__print_metric(struct metric_out *out, const char *fmt,
			      const char *unit, double val)
{
	struct display *d = outstate(out)->d;
	char buf[64];

	if (!unit || !fmt) {
		fprintf(d->fh, "%s%s", d->sep, d->sep);
		return;
	}
	metric_value_string(buf, sizeof(buf), fmt, val);
	fprintf(d->fh, "%s%s%s%s", d->sep, buf, d->sep, skip_spaces(unit));
}

/* value, unit and event name, each followed by the separator but the last. */
static void csv__begin_line(struct outstate *os, const struct stat_value *val,
			    const char *value)
{
	struct display *d = os->d;
	const struct evsel *evsel = os->evsel;

	os->nfields = 4 + d->has_cgroups + (d->config->run_count > 1);
	csv__aggr_id(d, evsel, os->id, val->nr);
	fprintf(d->fh, "%s%s%s%s%s", value, d->sep,
		evsel->unit ? evsel->unit : "", d->sep, os->name);
	display__cgroup_column(d, evsel);
	csv__noise_and_running(d, val);
}

static void csv__counter(struct outstate *os, const struct stat_value *val,
			 double uval)
{
	const struct evsel *evsel = os->evsel;
	bool fraction = floor(evsel->scale) != evsel->scale;
	char value[512];

	snprintf(value, sizeof(value), fraction ? "%.2f" : "%.0f", uval);
	csv__begin_line(os, val, value);
	stat__print_shadow_metrics(os->d->config, os->d->evlist, evsel, os->id,
				   uval, &os->out);
}

static void csv__not_counted(struct outstate *os, const struct stat_value *val,
			     const char *what)
{
	csv__begin_line(os, val, what);
	csv__print_metric(&os->out, NULL, "", 0);
}

static void csv__print_metric_only(struct metric_out *out, const char *fmt,
				   const char *unit, double val)
{
	struct outstate *os = outstate(out);
	char vbuf[64];

	if (!metric_only__valid(unit))
		return;
	metric_value_string(vbuf, sizeof(vbuf), fmt, val);
	fprintf(os->d->fh, "%s%s", vbuf, os->d->sep);
}

static void csv__print_metric_header(struct metric_out *out, const char *fmt,
				     const char *unit, double val)
{
	struct outstate *os = outstate(out);
	char ubuf[1024];

	if (!metric_only__valid(unit))
		return;
	unit = metric_only__column(ubuf, sizeof(ubuf), os->name, unit);
	fprintf(os->d->fh, "%s%s", unit, os->d->sep);
}

/* "time,core,cpus," with the separator in place of the commas. */
static void csv__metric_header_begin(struct display *d)
{
	const char *header = aggr_mode__names(d->config->aggr_mode)->csv_header;

	if (d->interval)
		fprintf(d->fh, "time%s", d->sep);
	if (!header)
		return;
	for (const char *p = header; *p; p++) {
		if (*p == ',')
			fputs(d->sep, d->fh);
		else
			fputc(*p, d->fh);
	}
	fputs(d->sep, d->fh);
}

const struct stat_printer stat_printer_csv = {
	.counter = csv__counter,
	.not_counted = csv__not_counted,
	.print_metric = csv__print_metric,
	.new_line = csv__new_line,
	.aggr_id = csv__aggr_id,
	.print_metric_only = csv__print_metric_only,
	.print_metric_header = csv__print_metric_header,
	.metric_header_begin = csv__metric_header_begin,
	.interval_prefix = display__timestamp_prefix,
};
