/* SPDX-License-Identifier: GPL-2.0 */
#ifndef PERF_UTIL_STAT_DISPLAY_PRIV_H
#define PERF_UTIL_STAT_DISPLAY_PRIV_H

/*
 * The printers behind evlist__print_counters() (util/stat-display.c):
 * one table of the same operations per format, human
 * (stat-display-human.c), CSV (stat-display-csv.c) and JSON
 * (stat-display-json.c), over the columns they share
 * (stat-display-columns.c).  Only the display files include this.
 */

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>
#include <time.h>

#include "stat-priv.h"

struct evlist;
struct evsel;
struct stat_printer;

/* One evlist__print_counters() call. */
struct display {
	struct perf_stat_config *config;
	const struct evlist *evlist;
	const struct stat_printer *printer;
	FILE *fh;
	const char *sep; /* the CSV separator, " " for the others */
	bool interval, metric_only;
	char prefix[128]; /* interval timestamp, "" otherwise */
	int unit_width;
	bool has_cgroups;
	int *merged_into; /* alias index -> index it is merged into */
	bool not_counted_seen; /* for the NMI watchdog hint */
	/* JSON --metric-only: the real output while a row is built aside */
	FILE *row_out;
	char *row_text;
	size_t row_len;
};

/* One printed line (or metric-only row or header). */
struct outstate {
	struct metric_out out; /* first: the callbacks get &os->out */
	struct display *d;
	const struct evsel *evsel;
	const char *name;
	const struct aggr_id *id;
	int nr;
	bool newline;
	bool first;
	int nfields;
};

static inline struct outstate *outstate(struct metric_out *out)
{
	return (struct outstate *)out;
}

/*
 * A format.  Every operation writes to d->fh; the metric callbacks get
 * the struct metric_out of a struct outstate.  An operation the format
 * does not have is NULL.
 */
struct stat_printer {
	/* A unit's id columns (JSON: the object's opening brace too). */
	void (*aggr_id)(struct display *d, const struct evsel *evsel,
			const struct aggr_id *id, int nr);
	/* An event that counted: the whole line, metrics included. */
	void (*counter)(struct outstate *os, const struct stat_value *val,
			double uval);
	/* An event that did not count (what: <not supported>, ...). */
	void (*not_counted)(struct outstate *os, const struct stat_value *val,
			    const char *what);
	/* The metric callbacks of those lines. */
	void (*print_metric)(struct metric_out *out, const char *fmt,
			     const char *unit, double val);
	void (*new_line)(struct metric_out *out);

	/* --metric-only: one metric value, and its column header. */
	void (*print_metric_only)(struct metric_out *out, const char *fmt,
				  const char *unit, double val);
	void (*print_metric_header)(struct metric_out *out, const char *fmt,
				    const char *unit, double val);
	/* --metric-only: what comes before the metric column headers. */
	void (*metric_header_begin)(struct display *d);
	/*
	 * --metric-only: around one row (opened: its id columns printed);
	 * row_begin returns 0 or a negative errno (the row is not printed).
	 */
	int (*row_begin)(struct display *d);
	void (*row_end)(struct display *d, bool opened);

	/* -I: the timestamp prefix of every line, into d->prefix. */
	void (*interval_prefix)(struct display *d, const struct timespec *ts);
	/* -I: the column header line. */
	void (*interval_header)(struct display *d);
	/* Before and after the counts of a run. */
	void (*header)(struct display *d);
	void (*footer)(struct display *d);
};

extern const struct stat_printer stat_printer_human;
extern const struct stat_printer stat_printer_csv;
extern const struct stat_printer stat_printer_json;

/* What the printers share (stat-display-columns.c). */

/* What each aggregation mode is called in the headers. */
struct aggr_mode_names {
	const char *json_key; /* "core"; NULL: no id columns */
	const char *csv_header; /* "core,cpus"; NULL: no id columns */
	const char *human_header; /* --metric-only: "core cpus" */
	const char *interval_header; /* -I: "#           time core ..." */
	int human_width; /* of the id columns in human output */
};

const struct aggr_mode_names *aggr_mode__names(enum aggr_mode mode);

/* The unit's name: "S0-D0-C1", "N1", "CPU3"... into buf. */
void aggr_id__name(enum aggr_mode mode, const struct aggr_id *id, char *buf,
		   size_t size);
/* The id columns of human (padded) and CSV (not) output. */
void display__aggr_columns(struct display *d, const struct evsel *evsel,
			   const struct aggr_id *id, int nr, bool padded);

/* The cgroup column (when some event has one), human and CSV. */
void display__cgroup_column(struct display *d, const struct evsel *evsel);
/* -I: "      1.000123456<sep>" into d->prefix, human and CSV. */
void display__timestamp_prefix(struct display *d, const struct timespec *ts);

/* A metric's number without padding or "%" sign ("" without fmt). */
void metric_value_string(char *buf, size_t size, const char *fmt, double val);
const char *skip_spaces(const char *str);
/* --metric-only keeps ratios only: rates and CPUs utilized are dropped. */
bool metric_only__valid(const char *unit);
/* "of all branches" -> "branch-misses of all branches" as a column. */
const char *metric_only__column(char *buf, size_t size, const char *name,
				const char *unit);
/* A metric callback that starts no new line (--metric-only). */
void metric_only__no_new_line(struct metric_out *out);

#endif /* PERF_UTIL_STAT_DISPLAY_PRIV_H */
