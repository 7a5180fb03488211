// SPDX-License-Identifier: GPL-2.0
/*
 * perf stat output: evlist__print_counters() walks the events and the
 * aggregation units in perf's order, merges aliases, and hands each line
 * to the printer of the format (struct stat_printer): human
 * (stat-display-human.c), CSV with -x SEP (stat-display-csv.c) or JSON
 * with -j (stat-display-json.c).
 *
 *   header (human)
 *   [-I: timestamp prefix, column header every 25 intervals]
 *   per unit and event: counter line, metrics from stat-shadow.c
 *     (or, --metric-only: one row of metric columns per unit)
 *   footer (human): elapsed, user, sys
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "evsel.h"
#include "stat-display-priv.h"
#include "stat.h"
#include "target.h"

#define INTERVAL_HEADER_EVERY 25

#define CNTR_NOT_SUPPORTED "<not supported>"
#define CNTR_NOT_COUNTED "<not counted>"
#define CONSOLE_CLEAR "\033[H\033[2J"

/* The event name as printed; with --no-merge it says which PMU. */
static const char *display_name(struct display *d, const struct evsel *evsel,
				char *buf, size_t size)
{
	const char *name = evsel->name ? evsel->name : "";
	const char *pmu = evsel->pmu_name;
	const char *slash;

	if (!d->config->no_merge || evsel->uniquified || !pmu || !*pmu ||
	    !strncmp(name, pmu, strlen(pmu)))
		return name;
	/* Generic events of the core PMU carry no PMU unless hybrid. */
	if (!strcmp(pmu, "cpu") || !strcmp(pmu, "software") ||
	    !strcmp(pmu, "tracepoint") || !strcmp(pmu, "breakpoint"))
		return name;
	slash = strchr(name, '/');
	if (slash)
		snprintf(buf, size, "%s%s", pmu, slash);
	else if (!strncmp(pmu, "cpu_", 4))
		snprintf(buf, size, "%s/%s/", pmu, name);
	else
		snprintf(buf, size, "%s [%s]", name, pmu);
	return buf;
}

/*
 * The value of evsel number idx in unit id, summed over the aliases
 * merged into it (same name on several PMUs, unless --no-merge).
 */
static bool display_value(struct display *d, int idx, const struct aggr_id *id,
			  struct stat_value *val)
{
	bool found = false;
	double var = 0;

	memset(val, 0, sizeof(*val));
	for (int i = idx; i < d->evlist->nr_entries; i++) {
		const struct evsel *evsel = d->evlist->entries[i];
		const struct stat_unit *unit;
		struct stat_value one;

		if (i != idx && d->merged_into[i] != idx)
			break;
		unit = evsel__find_unit(evsel, id);
		if (!unit)
			continue;
		stat_unit__value(d->config, unit, &one);
		if (!found)
			val->nr = one.nr;
		found = true;
		val->count += one.count;
		val->ena += one.ena;
		val->run += one.run;
		var += one.stddev * one.stddev;
	}
	val->stddev = sqrt(var);
	val->counted = found && val->run && val->ena;
	return found;
}

/* perf's printout(): one event in one unit. */
static void printout(struct display *d, int idx, const struct aggr_id *id,
		     const struct stat_value *val)
{
	const struct stat_printer *printer = d->printer;
	const struct evsel *evsel = d->evlist->entries[idx];
	char name_buf[1024];
	struct outstate os = {
		.out = {
			.print_metric = printer->print_metric,
			.new_line = printer->new_line,
		},
		.d = d,
		.evsel = evsel,
		.id = id,
		.nr = val->nr,
		.first = true,
	};

	os.name = display_name(d, evsel, name_buf, sizeof(name_buf));
	if (evsel->supported && val->counted) {
		printer->counter(&os, val, val->count * evsel->scale);
		return;
	}
	if (evsel->supported)
		d->not_counted_seen = true;
	printer->not_counted(&os, val,
			     evsel->supported ? CNTR_NOT_COUNTED :
						CNTR_NOT_SUPPORTED);
}

static void print_line(struct display *d, int idx, const struct aggr_id *id)
{
	struct stat_value val;

	display_value(d, idx, id, &val);
	fputs(d->prefix, d->fh);
	printout(d, idx, id, &val);
	fputc('\n', d->fh);
}

static bool is_printed(const struct display *d, int idx)
{
	return d->merged_into[idx] == idx;
}

/* Every unit id of the evlist, sorted and distinct. */
static int collect_ids(struct display *d, struct aggr_id **out)
{
	struct aggr_id *ids = NULL;
	int nr = 0, alloc = 0;

	for (int i = 0; i < d->evlist->nr_entries; i++) {
		const struct evsel_stat *es = d->evlist->entries[i]->stats;

		for (int u = 0; es && u < es->nr_units; u++) {
			const struct aggr_id *id = &es->units[u].id;
			int pos = 0;

			while (pos < nr && aggr_id__cmp(&ids[pos], id) < 0)
				pos++;
			if (pos < nr && aggr_id__equal(&ids[pos], id))
				continue;
			if (nr == alloc) {
				struct aggr_id *grown;

				alloc = alloc ? 2 * alloc : 16;
				grown = realloc(ids, alloc * sizeof(*ids));
				if (!grown) {
					free(ids);
					return -1;
				}
				ids = grown;
			}
			memmove(&ids[pos + 1], &ids[pos],
				(nr - pos) * sizeof(*ids));
			ids[pos] = *id;
			nr++;
		}
	}
	*out = ids;
	return nr;
}

static void global_id(struct aggr_id *id)
{
	memset(id, 0, sizeof(*id));
	id->cpu = -1;
	id->tid = -1;
}

struct thread_row {
	struct aggr_id id;
	double count;
	int order;
};

static int thread_row__cmp(const void *a, const void *b)
{
	const struct thread_row *ra = a, *rb = b;

	if (ra->count != rb->count)
		return ra->count < rb->count ? 1 : -1;
	return ra->order - rb->order;
}

/* --per-thread: each event's threads, the busiest first. */
static void print_thread_counter(struct display *d, int idx)
{
	const struct evsel *evsel = d->evlist->entries[idx];
	const struct evsel_stat *es = evsel->stats;
	const struct target *target = d->config->target;
	bool skip_zero = target && target->system_wide;
	struct thread_row *rows;
	int nr = 0;

	if (!es || !es->nr_units)
		return;
	rows = calloc(es->nr_units, sizeof(*rows));
	if (!rows)
		return;
	for (int u = 0; u < es->nr_units; u++) {
		struct stat_value val;

		display_value(d, idx, &es->units[u].id, &val);
		if (skip_zero && val.count == 0)
			continue;
		rows[nr].id = es->units[u].id;
		rows[nr].count = val.count;
		rows[nr].order = u;
		nr++;
	}
	qsort(rows, nr, sizeof(*rows), thread_row__cmp);
	for (int r = 0; r < nr; r++)
		print_line(d, idx, &rows[r].id);
	free(rows);
}

/* Every event in every unit, in the order of the aggregation mode. */
static void print_counter_lines(struct display *d)
{
	const struct evlist *evlist = d->evlist;
	struct aggr_id id, *ids;
	int nr;

	switch (d->config->aggr_mode) {
	case AGGR_GLOBAL:
		global_id(&id);
		for (int i = 0; i < evlist->nr_entries; i++)
			if (is_printed(d, i))
				print_line(d, i, &id);
		break;
	case AGGR_NONE:
		for (int i = 0; i < evlist->nr_entries; i++) {
			const struct evsel_stat *es = evlist->entries[i]->stats;

			if (!is_printed(d, i))
				continue;
			if (!es || !es->nr_units) {
				global_id(&id);
				print_line(d, i, &id);
				continue;
			}
			for (int u = 0; u < es->nr_units; u++)
				print_line(d, i, &es->units[u].id);
		}
		break;
	case AGGR_THREAD:
		for (int i = 0; i < evlist->nr_entries; i++)
			if (is_printed(d, i))
				print_thread_counter(d, i);
		break;
	case AGGR_CORE:
	case AGGR_SOCKET:
	case AGGR_DIE:
	case AGGR_NODE:
	case AGGR_CACHE:
	case AGGR_CLUSTER:
		nr = collect_ids(d, &ids);
		for (int s = 0; s < nr; s++)
			for (int i = 0; i < evlist->nr_entries; i++)
				if (is_printed(d, i))
					print_line(d, i, &ids[s]);
		if (nr >= 0)
			free(ids);
		break;
	case AGGR_MAX:
	default:
		break;
	}
}

/* --metric-only: one header line naming the metric columns. */
static void print_metric_headers(struct display *d)
{
	const struct stat_printer *printer = d->printer;

	if (!printer->print_metric_header)
		return;
	printer->metric_header_begin(d);
	for (int i = 0; i < d->evlist->nr_entries; i++) {
		const struct evsel *evsel = d->evlist->entries[i];
		char name_buf[1024];
		struct outstate os = {
			.d = d,
			.evsel = evsel,
			.out = {
				.print_metric = printer->print_metric_header,
				.new_line = metric_only__no_new_line,
				.force_columns = true,
				.blank = true,
			},
		};

		if (!is_printed(d, i))
			continue;
		os.name = display_name(d, evsel, name_buf, sizeof(name_buf));
		stat__print_shadow_metrics(d->config, d->evlist, evsel, NULL, 0,
					   &os.out);
	}
	fputc('\n', d->fh);
}

/* One --metric-only row: every event's metrics for one unit. */
static void print_metric_only_row(struct display *d, const struct aggr_id *id)
{
	const struct stat_printer *printer = d->printer;
	bool first = true, opened = false;

	if (printer->row_begin && printer->row_begin(d))
		return;
	fputs(d->prefix, d->fh);
	for (int i = 0; i < d->evlist->nr_entries; i++) {
		const struct evsel *evsel = d->evlist->entries[i];
		struct stat_value val;
		char name_buf[1024];
		struct outstate os = {
			.out = {
				.print_metric = printer->print_metric_only,
				.new_line = metric_only__no_new_line,
				.force_columns = true,
			},
			.d = d,
			.evsel = evsel,
			.id = id,
			.first = first,
		};

		if (!is_printed(d, i))
			continue;
		if (!display_value(d, i, id, &val) &&
		    d->config->aggr_mode != AGGR_GLOBAL)
			memset(&val, 0, sizeof(val));
		if (!opened) {
			printer->aggr_id(d, evsel, id, val.nr);
			opened = true;
		}
		os.name = display_name(d, evsel, name_buf, sizeof(name_buf));
		os.out.blank = !evsel->supported || !val.counted;
		stat__print_shadow_metrics(d->config, d->evlist, evsel, id,
					   val.count * evsel->scale, &os.out);
		first = os.first;
	}
	if (printer->row_end)
		printer->row_end(d, opened);
	fputc('\n', d->fh);
}

static void print_counters_metric_only(struct display *d)
{
	struct aggr_id id, *ids;
	int nr;

	if (d->config->aggr_mode == AGGR_GLOBAL) {
		global_id(&id);
		print_metric_only_row(d, &id);
		return;
	}
	nr = collect_ids(d, &ids);
	for (int s = 0; s < nr; s++)
		print_metric_only_row(d, &ids[s]);
	if (nr >= 0)
		free(ids);
}

/* The timestamp prefix, and the column header every 25 intervals. */
static void print_interval(struct display *d, const struct timespec *ts)
{
	struct perf_stat_config *config = d->config;
	bool header = config->interval_lines == 0 || config->interval_clear;

	if (config->interval_clear)
		fputs(CONSOLE_CLEAR "\n", d->fh);
	d->printer->interval_prefix(d, ts);
	if (header && d->metric_only)
		print_metric_headers(d);
	else if (header && d->printer->interval_header)
		d->printer->interval_header(d);
	if (++config->interval_lines == INTERVAL_HEADER_EVERY)
		config->interval_lines = 0;
}

/* Same name on several PMUs: printed once as a sum, unless --no-merge. */
static void find_aliases(struct display *d)
{
	const struct evlist *evlist = d->evlist;

	for (int i = 0; i < evlist->nr_entries; i++)
		d->merged_into[i] = i;
	if (d->config->no_merge)
		return;
	for (int i = 0; i < evlist->nr_entries; i++) {
		const struct evsel *leader = evlist->entries[i];

		if (d->merged_into[i] != i || !leader->pmu_name)
			continue;
		for (int j = i + 1; j < evlist->nr_entries; j++) {
			const struct evsel *alias = evlist->entries[j];

			if (!alias->pmu_name ||
			    strcmp(alias->name, leader->name) ||
			    !strcmp(alias->pmu_name, leader->pmu_name) ||
			    alias->scale != leader->scale ||
			    alias->cgrp != leader->cgrp ||
			    strcmp(alias->unit ? alias->unit : "",
				   leader->unit ? leader->unit : "") ||
			    evsel__is_clock(alias) != evsel__is_clock(leader))
				break;
			d->merged_into[j] = i;
		}
	}
}

void evlist__print_counters(struct evlist *evlist,
			    struct perf_stat_config *config,
			    const struct timespec *ts)
{
	struct display d = {
		.config = config,
		.evlist = evlist,
		.printer = config->json_output ? &stat_printer_json :
			   config->csv_sep     ? &stat_printer_csv :
						 &stat_printer_human,
		.fh = config->output ? config->output : stderr,
		.interval = config->interval && ts,
		.metric_only = config->metric_only,
		.unit_width = 4,
	};

	if (config->quiet || !evlist)
		return;
	d.sep = d.printer == &stat_printer_csv ? config->csv_sep : " ";
	d.merged_into = calloc(evlist->nr_entries + 1, sizeof(int));
	if (!d.merged_into)
		return;
	find_aliases(&d);
	for (int i = 0; i < evlist->nr_entries; i++) {
		const struct evsel *evsel = evlist->entries[i];
		int len = evsel->unit ? (int)strlen(evsel->unit) : 0;

		if (len > d.unit_width)
			d.unit_width = len;
		if (evsel->cgrp)
			d.has_cgroups = true;
	}

	if (d.interval)
		print_interval(&d, ts);
	else if (d.printer->header)
		d.printer->header(&d);
	/* --summary in CSV: "summary" where the timestamp was, as perf */
	if (config->summary_line && d.printer == &stat_printer_csv &&
	    !config->no_csv_summary)
		snprintf(d.prefix, sizeof(d.prefix), "%16s%s", "summary",
			 d.sep);

	if (d.metric_only) {
		if (!d.interval)
			print_metric_headers(&d);
		print_counters_metric_only(&d);
	} else {
		print_counter_lines(&d);
	}

	if (!d.interval && d.printer->footer)
		d.printer->footer(&d);
	fflush(d.fh);
	free(d.merged_into);
}
