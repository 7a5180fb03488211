// SPDX-License-Identifier: GPL-2.0
/*
 * perf stat's JSON output (-j), key for key as perf 6.1 prints it, one
 * object per line:
 *
 *   {["interval" : t, ][aggr keys, ]"counter-value" : "v", "unit" : "u",
 *    "event" : "e", ["cgroup" : "c", ]["variance" : x, ]
 *    "event-runtime" : r, "pcnt-running" : p, "metric-value" : m,
 *    "metric-unit" : "mu"}
 *
 * and, with --metric-only, one object of metric columns per unit.
 */
#include <errno.h>
#include <inttypes.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cgroup.h"
#include "evsel.h"
#include "stat-display-priv.h"

/* A JSON string body: quotes and backslashes escaped. */
static void json_puts(FILE *fh, const char *str)
{
	for (const char *p = str ? str : ""; *p; p++) {
		if (*p == '"' || *p == '\\')
			fputc('\\', fh);
		if ((unsigned char)*p < 0x20)
			fprintf(fh, "\\u%04x", *p);
		else
			fputc(*p, fh);
	}
}

/* The object's opening brace (unless -I opened it) and the id keys. */
static void json__aggr_id(struct display *d, const struct evsel *evsel,
			  const struct aggr_id *id, int nr)
{
	enum aggr_mode mode = d->config->aggr_mode;
	const char *key = aggr_mode__names(mode)->json_key;
	FILE *fh = d->fh;
	char buf[256];
	int tid;

	if (!d->interval)
		fputc('{', fh);
	if (!key || (mode == AGGR_NONE && id->cpu < 0))
		return;
	if (mode == AGGR_THREAD) {
		aggr_id__thread(evsel, id, buf, sizeof(buf), &tid);
		fprintf(fh, "\"%s\" : \"", key);
		json_puts(fh, buf);
		fprintf(fh, "-%d\", ", tid);
		return;
	}
	aggr_id__name(mode, id, buf, sizeof(buf));
	fprintf(fh, "\"%s\" : \"%s\", ", key, buf);
	if (mode != AGGR_NONE)
		fprintf(fh, "\"aggregate-number\" : %d, ", nr);
}

static void json__new_line(struct metric_out *out)
{
	struct outstate *os = outstate(out);
	struct display *d = os->d;

	fputc('\n', d->fh);
	fputs(d->prefix, d->fh);
	json__aggr_id(d, os->evsel, os->id, os->nr);
}

static void json__print_metric(struct metric_out *out, const char *fmt,
			       const char *unit, double val)
{
	FILE *fh = outstate(out)->d->fh;

	fprintf(fh, "\"metric-value\" : %f, \"metric-unit\" : \"", val);
	json_puts(fh, unit);
	fputs("\"}", fh);
}

/* Everything before the metric: ids, value, unit, event, cgroup, times. */
static void json__begin_line(struct outstate *os, const struct stat_value *val,
			     const char *value)
{
	struct display *d = os->d;
	const struct evsel *evsel = os->evsel;
	FILE *fh = d->fh;
	double pcnt = 100;

	json__aggr_id(d, evsel, os->id, val->nr);
	fprintf(fh, "\"counter-value\" : \"%s\", \"unit\" : \"", value);
	json_puts(fh, evsel->unit);
	fputs("\", \"event\" : \"", fh);
	json_puts(fh, os->name);
	fputs("\", ", fh);
	if (d->has_cgroups) {
		fputs("\"cgroup\" : \"", fh);
		json_puts(fh, evsel->cgrp ? evsel->cgrp->name : "");
		fputs("\", ", fh);
	}
	if (d->config->run_count > 1)
		fprintf(fh, "\"variance\" : %.2f, ",
			rel_stddev_stats(val->stddev, val->count));
	/* perf divides in integers here: 66.66% prints as 66.00 */
	if (val->run != val->ena && val->ena)
		pcnt = (double)(100 * val->run / val->ena);
	fprintf(fh,
		"\"event-runtime\" : %" PRIu64 ", \"pcnt-running\" : %.2f, ",
		(uint64_t)val->run, pcnt);
}

static void json__counter(struct outstate *os, const struct stat_value *val,
			  double uval)
{
	char value[512];

	snprintf(value, sizeof(value), "%f", uval);
	json__begin_line(os, val, value);
	stat__print_shadow_metrics(os->d->config, os->d->evlist, os->evsel,
				   os->id, uval, &os->out);
}

static void json__not_counted(struct outstate *os, const struct stat_value *val,
			      const char *what)
{
	json__begin_line(os, val, what);
	json__print_metric(&os->out, NULL, "", 0);
}

static void json__print_metric_only(struct metric_out *out, const char *fmt,
				    const char *unit, double val)
{
	struct outstate *os = outstate(out);
	char ubuf[1024], vbuf[64];

	if (!metric_only__valid(unit))
		return;
	unit = metric_only__column(ubuf, sizeof(ubuf), os->name, unit);
	metric_value_string(vbuf, sizeof(vbuf), fmt, val);
	if (!unit[0] || !vbuf[0])
		return;
	fprintf(os->d->fh, "%s\"", os->first ? "" : ", ");
	json_puts(os->d->fh, unit);
	fprintf(os->d->fh, "\" : \"%s\"", vbuf);
	os->first = false;
}

/* A --metric-only row is built aside: it may end with a dangling ", ". */
static int json__row_begin(struct display *d)
{
	FILE *row;

	d->row_text = NULL;
	d->row_len = 0;
	row = open_memstream(&d->row_text, &d->row_len);
	if (!row)
		return -ENOMEM;
	d->row_out = d->fh;
	d->fh = row;
	return 0;
}

static void json__row_end(struct display *d, bool opened)
{
	FILE *out = d->row_out;
	size_t len;

	fclose(d->fh);
	d->fh = out;
	d->row_out = NULL;
	len = d->row_len;
	/* Close the object, dropping a dangling ", " if no metric. */
	if (len >= 2 && !strcmp(d->row_text + len - 2, ", "))
		len -= 2;
	if (!d->interval && !opened)
		fputc('{', out);
	fwrite(d->row_text, 1, len, out);
	fputc('}', out);
	free(d->row_text);
	d->row_text = NULL;
}

static void json__interval_prefix(struct display *d, const struct timespec *ts)
{
	snprintf(d->prefix, sizeof(d->prefix), "{\"interval\" : %lu.%09lu, ",
		 (unsigned long)ts->tv_sec, (unsigned long)ts->tv_nsec);
}

const struct stat_printer stat_printer_json = {
	.counter = json__counter,
	.not_counted = json__not_counted,
	.print_metric = json__print_metric,
	.new_line = json__new_line,
	.aggr_id = json__aggr_id,
	.print_metric_only = json__print_metric_only,
	.row_begin = json__row_begin,
	.row_end = json__row_end,
	.interval_prefix = json__interval_prefix,
};
