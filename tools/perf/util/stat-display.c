// SPDX-License-Identifier: GPL-2.0
/*
 * perf stat output: one dispatcher (evlist__print_counters) over three
 * printers, human, CSV (-x SEP) and JSON (-j), each in a normal and a
 * --metric-only flavour.  The layouts follow perf 6.1 byte for byte:
 *
 *   human  [time ][aggr id ]<value 18> <unit> <event 32>[ cgroup] # <metric>
 *   CSV    [time,][aggr id,]value,unit,event[,cgroup][,noise],run,pcnt,
 *          metric,metric unit
 *   JSON   {["interval" : t, ][aggr keys, ]"counter-value" : "v", "unit" :
 *          "u", "event" : "e", ["cgroup" : "c", ]["variance" : x, ]
 *          "event-runtime" : r, "pcnt-running" : p, "metric-value" : m,
 *          "metric-unit" : "mu"}
 *
 * A line's derived metrics come from stat-shadow.c through the
 * struct metric_out callbacks below, one set per format.
 */
#include <inttypes.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cgroup.h"
#include "cpumap.h"
#include "evsel.h"
#include "stat-priv.h"
#include "stat.h"
#include "target.h"

#define METRIC_LEN 35
#define METRIC_ONLY_LEN 20
#define VALUE_WIDTH 18
#define NAME_WIDTH 32
#define NAME_WIDTH_NOT_COUNTED 25
#define INTERVAL_HEADER_EVERY 25

#define CNTR_NOT_SUPPORTED "<not supported>"
#define CNTR_NOT_COUNTED "<not counted>"
#define CONSOLE_CLEAR "\033[H\033[2J"

/* Interval lines printed since the last header. */
static int interval_lines;

void stat_display__reset(void)
{
	interval_lines = 0;
}

/* One evlist__print_counters() call. */
struct display {
	struct perf_stat_config *config;
	const struct evlist *evlist;
	FILE *fh;
	const char *sep; /* the CSV separator, " " for human output */
	bool csv, json, interval, metric_only;
	char prefix[128]; /* interval timestamp, "" otherwise */
	int unit_width;
	bool has_cgroups;
	int *merged_into; /* alias index -> index it is merged into */
	bool not_counted_seen; /* for the NMI watchdog hint */
};

/* One printed line (or metric-only row). */
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

static struct outstate *outstate(struct metric_out *out)
{
	return (struct outstate *)out;
}

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

static const char *skip_spaces(const char *str)
{
	while (*str == ' ')
		str++;
	return str;
}

/* Width of the aggregation id column in human output. */
static int aggr_id_width(enum aggr_mode mode)
{
	switch (mode) {
	case AGGR_NONE:
		return 11;
	case AGGR_THREAD:
		return 26;
	case AGGR_CORE:
		return 21;
	case AGGR_DIE:
		return 18;
	case AGGR_SOCKET:
	case AGGR_NODE:
		return 12;
	case AGGR_CACHE:
		return 28;
	case AGGR_CLUSTER:
		return 26;
	case AGGR_GLOBAL:
	case AGGR_MAX:
	default:
		return 0;
	}
}

/* "comm-tid" split into its comm and tid. */
static void thread_name(const struct evsel *evsel, const struct aggr_id *id,
			char *comm, size_t size, int *tid)
{
	char *dash;

	*tid = id->tid;
	if (!evsel->threads ||
	    thread_map__comm(evsel->threads, id->thread_idx, comm, size) < 0 ||
	    !(dash = strrchr(comm, '-'))) {
		snprintf(comm, size, "unknown");
		return;
	}
	*dash = '\0';
	*tid = atoi(dash + 1);
}

/* perf's aggr_printout(): the id columns (and JSON's opening brace). */
static void print_aggr_id(struct display *d, const struct evsel *evsel,
			  const struct aggr_id *id, int nr)
{
	FILE *fh = d->fh;
	const char *sep = d->sep;
	int w8 = d->csv ? 0 : -8, w5 = d->csv ? 0 : -5, w4 = d->csv ? 0 : 4;
	char buf[256];
	int tid;

	if (d->json && !d->interval)
		fputc('{', fh);

	switch (d->config->aggr_mode) {
	case AGGR_CORE:
		if (d->json)
			fprintf(fh,
				"\"core\" : \"S%d-D%d-C%d\", \"aggregate-number\" : %d, ",
				id->socket, id->die, id->core, nr);
		else
			fprintf(fh, "S%d-D%d-C%*d%s%*d%s", id->socket, id->die,
				w8, id->core, sep, w4, nr, sep);
		break;
	case AGGR_DIE:
		if (d->json)
			fprintf(fh,
				"\"die\" : \"S%d-D%d\", \"aggregate-number\" : %d, ",
				id->socket, id->die, nr);
		else
			fprintf(fh, "S%d-D%*d%s%*d%s", id->socket, w8, id->die,
				sep, w4, nr, sep);
		break;
	case AGGR_SOCKET:
		if (d->json)
			fprintf(fh,
				"\"socket\" : \"S%d\", \"aggregate-number\" : %d, ",
				id->socket, nr);
		else
			fprintf(fh, "S%*d%s%*d%s", w5, id->socket, sep, w4, nr,
				sep);
		break;
	case AGGR_NODE:
		if (d->json)
			fprintf(fh,
				"\"node\" : \"N%d\", \"aggregate-number\" : %d, ",
				id->node, nr);
		else
			fprintf(fh, "N%*d%s%*d%s", w5, id->node, sep, w4, nr,
				sep);
		break;
	case AGGR_CACHE:
		snprintf(buf, sizeof(buf), "S%d-D%d-L%d-ID%d", id->socket,
			 id->die, id->cache_lvl, id->cache);
		if (d->json)
			fprintf(fh,
				"\"cache\" : \"%s\", \"aggregate-number\" : %d, ",
				buf, nr);
		else
			fprintf(fh, "%-*s%s%*d%s", d->csv ? 0 : 22, buf, sep,
				w4, nr, sep);
		break;
	case AGGR_CLUSTER:
		snprintf(buf, sizeof(buf), "S%d-D%d-CLS%d", id->socket, id->die,
			 id->cluster);
		if (d->json)
			fprintf(fh,
				"\"cluster\" : \"%s\", \"aggregate-number\" : %d, ",
				buf, nr);
		else
			fprintf(fh, "%-*s%s%*d%s", d->csv ? 0 : 20, buf, sep,
				w4, nr, sep);
		break;
	case AGGR_NONE:
		if (id->cpu < 0)
			break;
		if (d->json)
			fprintf(fh, "\"cpu\" : \"%d\", ", id->cpu);
		else
			fprintf(fh, "CPU%*d%s", d->csv ? 0 : -7, id->cpu, sep);
		break;
	case AGGR_THREAD:
		thread_name(evsel, id, buf, sizeof(buf), &tid);
		if (d->json) {
			fputs("\"thread\" : \"", fh);
			json_puts(fh, buf);
			fprintf(fh, "-%d\", ", tid);
		} else {
			fprintf(fh, "%*s-%*d%s", d->csv ? 0 : 16, buf, w8, tid,
				sep);
		}
		break;
	case AGGR_GLOBAL:
	case AGGR_MAX:
	default:
		break;
	}
}

static void print_cgroup(struct display *d, const struct evsel *evsel)
{
	const char *name = evsel->cgrp ? evsel->cgrp->name : "";

	if (!d->has_cgroups)
		return;
	if (d->json) {
		fputs("\"cgroup\" : \"", d->fh);
		json_puts(d->fh, name);
		fputs("\", ", d->fh);
	} else {
		fprintf(d->fh, "%s%s", d->sep, name);
	}
}

static void print_noise_pct(struct display *d, double stddev, double avg)
{
	double pct = rel_stddev_stats(stddev, avg);

	if (d->json)
		fprintf(d->fh, "\"variance\" : %.2f, ", pct);
	else if (d->csv)
		fprintf(d->fh, "%s%.2f%%", d->sep, pct);
	else if (pct)
		fprintf(d->fh, "  ( +-%6.2f%% )", pct);
}

static void print_noise(struct display *d, const struct stat_value *val)
{
	if (d->config->run_count <= 1)
		return;
	print_noise_pct(d, val->stddev, val->count);
}

static void print_running(struct display *d, __u64 run, __u64 ena)
{
	double pcnt = 100;

	/* perf divides in integers here: 66.66% prints as 66.00 */
	if (run != ena && ena)
		pcnt = (double)(100 * run / ena);
	if (d->json)
		fprintf(d->fh,
			"\"event-runtime\" : %" PRIu64
			", \"pcnt-running\" : %.2f, ",
			(uint64_t)run, pcnt);
	else if (d->csv)
		fprintf(d->fh, "%s%" PRIu64 "%s%.2f", d->sep, (uint64_t)run,
			d->sep, pcnt);
	else if (run != ena && ena)
		fprintf(d->fh, "  (%.2f%%)", 100.0 * run / ena);
}

/* Human: " # <value> <unit>" in a 38 column field. */
static void do_new_line_std(struct outstate *os)
{
	struct display *d = os->d;
	int pad = VALUE_WIDTH + 1 + d->unit_width + 1 + NAME_WIDTH;

	if (d->has_cgroups)
		pad += 1 + (int)strlen(os->evsel->cgrp ? os->evsel->cgrp->name :
							 "");
	fputc('\n', d->fh);
	fputs(d->prefix, d->fh);
	print_aggr_id(d, os->evsel, os->id, os->nr);
	fprintf(d->fh, "%*s", pad, "");
}

static void new_line_std(struct metric_out *out)
{
	outstate(out)->newline = true;
}

static void print_metric_std(struct metric_out *out, const char *fmt,
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
		do_new_line_std(os);
	n = fprintf(fh, " # ");
	n += fprintf(fh, fmt, val);
	fprintf(fh, " %-*s", METRIC_LEN - n - 1, unit);
}

/* CSV: the number of a metric without padding or its "%" sign. */
static void metric_value_string(char *buf, size_t size, const char *fmt,
				double val)
{
	const char *start;
	char *end;

	if (!fmt) {
		buf[0] = '\0';
		return;
	}
	snprintf(buf, size, fmt, val);
	start = skip_spaces(buf);
	memmove(buf, start, strlen(start) + 1);
	end = buf;
	if (*end == '-')
		end++;
	while ((*end >= '0' && *end <= '9') || *end == '.')
		end++;
	*end = '\0';
}

static void new_line_csv(struct metric_out *out)
{
	struct outstate *os = outstate(out);
	struct display *d = os->d;

	fputc('\n', d->fh);
	fputs(d->prefix, d->fh);
	print_aggr_id(d, os->evsel, os->id, os->nr);
	for (int i = 0; i < os->nfields; i++)
		fputs(d->sep, d->fh);
}

static void print_metric_csv(struct metric_out *out, const char *fmt,
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

static void new_line_json(struct metric_out *out)
{
	struct outstate *os = outstate(out);
	struct display *d = os->d;

	fputc('\n', d->fh);
	fputs(d->prefix, d->fh);
	print_aggr_id(d, os->evsel, os->id, os->nr);
}

static void print_metric_json(struct metric_out *out, const char *fmt,
			      const char *unit, double val)
{
	FILE *fh = outstate(out)->d->fh;

	fprintf(fh, "\"metric-value\" : %f, \"metric-unit\" : \"", val);
	json_puts(fh, unit);
	fputs("\"}", fh);
}

/* --metric-only keeps ratios only: rates and CPUs utilized are dropped. */
static bool valid_only_metric(const char *unit)
{
	return unit && !strstr(unit, "/sec") && !strstr(unit, "CPUs utilized");
}

/* "of all branches" -> "branch-misses of all branches" as a column. */
static const char *fixunit(char *buf, size_t size, const char *name,
			   const char *unit)
{
	if (strncmp(unit, "of all", 6))
		return unit;
	snprintf(buf, size, "%s %s", name, unit);
	return buf;
}

static int metric_only_width(const char *unit)
{
	int len = (int)strlen(unit);

	return len < METRIC_ONLY_LEN ? METRIC_ONLY_LEN : len + 1;
}

static void new_line_metric(struct metric_out *out)
{
}

static void print_metric_only(struct metric_out *out, const char *fmt,
			      const char *unit, double val)
{
	struct outstate *os = outstate(out);
	char ubuf[1024], vbuf[64] = "";

	if (!valid_only_metric(unit))
		return;
	unit = fixunit(ubuf, sizeof(ubuf), os->name, unit);
	if (fmt)
		snprintf(vbuf, sizeof(vbuf), fmt, val);
	fprintf(os->d->fh, "%*s ", metric_only_width(unit), vbuf);
}

static void print_metric_only_csv(struct metric_out *out, const char *fmt,
				  const char *unit, double val)
{
	struct outstate *os = outstate(out);
	char vbuf[64];

	if (!valid_only_metric(unit))
		return;
	metric_value_string(vbuf, sizeof(vbuf), fmt, val);
	fprintf(os->d->fh, "%s%s", vbuf, os->d->sep);
}

static void print_metric_only_json(struct metric_out *out, const char *fmt,
				   const char *unit, double val)
{
	struct outstate *os = outstate(out);
	char ubuf[1024], vbuf[64];

	if (!valid_only_metric(unit))
		return;
	unit = fixunit(ubuf, sizeof(ubuf), os->name, unit);
	metric_value_string(vbuf, sizeof(vbuf), fmt, val);
	if (!unit[0] || !vbuf[0])
		return;
	fprintf(os->d->fh, "%s\"", os->first ? "" : ", ");
	json_puts(os->d->fh, unit);
	fprintf(os->d->fh, "\" : \"%s\"", vbuf);
	os->first = false;
}

static void print_metric_header(struct metric_out *out, const char *fmt,
				const char *unit, double val)
{
	struct outstate *os = outstate(out);
	char ubuf[1024];

	if (!valid_only_metric(unit) || os->d->json)
		return;
	unit = fixunit(ubuf, sizeof(ubuf), os->name, unit);
	if (os->d->csv)
		fprintf(os->d->fh, "%s%s", unit, os->d->sep);
	else
		fprintf(os->d->fh, "%*s ", metric_only_width(unit), unit);
}

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
	struct perf_stat_config *config = d->config;
	const struct evsel *evsel = d->evlist->entries[idx];
	FILE *fh = d->fh;
	char name_buf[1024];
	struct outstate os = {
		.d = d,
		.evsel = evsel,
		.id = id,
		.nr = val->nr,
		.first = true,
	};
	struct metric_out *out = &os.out;
	double uval = val->count * evsel->scale;

	os.name = display_name(d, evsel, name_buf, sizeof(name_buf));
	if (d->csv) {
		out->print_metric = d->metric_only ? print_metric_only_csv :
						     print_metric_csv;
		out->new_line = d->metric_only ? new_line_metric : new_line_csv;
		os.nfields = 4 + d->has_cgroups + (config->run_count > 1);
	} else if (d->json) {
		out->print_metric = d->metric_only ? print_metric_only_json :
						     print_metric_json;
		out->new_line = d->metric_only ? new_line_metric :
						 new_line_json;
	} else {
		out->print_metric = d->metric_only ? print_metric_only :
						     print_metric_std;
		out->new_line = d->metric_only ? new_line_metric : new_line_std;
	}
	out->force_columns = d->metric_only;

	if (!evsel->supported || !val->counted) {
		const char *what = evsel->supported ? CNTR_NOT_COUNTED :
						      CNTR_NOT_SUPPORTED;

		if (evsel->supported)
			d->not_counted_seen = true;
		if (d->metric_only) {
			out->blank = true;
			stat__print_shadow_metrics(config, d->evlist, evsel, id,
						   0, out);
			return;
		}
		print_aggr_id(d, evsel, id, val->nr);
		if (d->json) {
			fprintf(fh, "\"counter-value\" : \"%s\", \"unit\" : \"",
				what);
			json_puts(fh, evsel->unit);
			fputs("\", \"event\" : \"", fh);
			json_puts(fh, os.name);
			fputs("\", ", fh);
		} else {
			fprintf(fh, "%*s%s", d->csv ? 0 : VALUE_WIDTH, what,
				d->sep);
			fprintf(fh, "%-*s%s", d->csv ? 0 : d->unit_width,
				evsel->unit ? evsel->unit : "", d->sep);
			fprintf(fh, "%-*s", d->csv ? 0 : NAME_WIDTH_NOT_COUNTED,
				os.name);
		}
		print_cgroup(d, evsel);
		if (!d->csv && !d->json)
			out->print_metric(out, NULL, NULL, 0);
		print_noise(d, val);
		print_running(d, val->run, val->ena);
		if (d->csv || d->json)
			out->print_metric(out, NULL, "", 0);
		return;
	}

	if (!d->metric_only) {
		bool fraction = floor(evsel->scale) != evsel->scale;

		print_aggr_id(d, evsel, id, val->nr);
		if (d->json) {
			fprintf(fh, "\"counter-value\" : \"%f\", \"unit\" : \"",
				uval);
			json_puts(fh, evsel->unit);
			fputs("\", \"event\" : \"", fh);
			json_puts(fh, os.name);
			fputs("\", ", fh);
		} else {
			if (d->csv)
				fprintf(fh, fraction ? "%.2f%s" : "%.0f%s",
					uval, d->sep);
			else if (config->big_num)
				fprintf(fh,
					fraction ? "%'18.2f%s" : "%'18.0f%s",
					uval, d->sep);
			else
				fprintf(fh, fraction ? "%18.2f%s" : "%18.0f%s",
					uval, d->sep);
			fprintf(fh, "%-*s%s", d->csv ? 0 : d->unit_width,
				evsel->unit ? evsel->unit : "", d->sep);
			fprintf(fh, "%-*s", d->csv ? 0 : NAME_WIDTH, os.name);
		}
		print_cgroup(d, evsel);
		if (d->csv || d->json) {
			print_noise(d, val);
			print_running(d, val->run, val->ena);
		}
	}

	stat__print_shadow_metrics(config, d->evlist, evsel, id, uval, out);

	if (!d->csv && !d->json && !d->metric_only) {
		print_noise(d, val);
		print_running(d, val->run, val->ena);
	}
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

static void print_counters_std(struct display *d)
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

static const char *aggr_header_csv(enum aggr_mode mode)
{
	switch (mode) {
	case AGGR_NONE:
		return "cpu";
	case AGGR_THREAD:
		return "comm-pid";
	case AGGR_CORE:
		return "core,cpus";
	case AGGR_DIE:
		return "die,cpus";
	case AGGR_SOCKET:
		return "socket,cpus";
	case AGGR_NODE:
		return "node,cpus";
	case AGGR_CACHE:
		return "cache,cpus";
	case AGGR_CLUSTER:
		return "cluster,cpus";
	case AGGR_GLOBAL:
	case AGGR_MAX:
	default:
		return NULL;
	}
}

static const char *aggr_header_std(enum aggr_mode mode)
{
	switch (mode) {
	case AGGR_NONE:
		return "CPU";
	case AGGR_THREAD:
		return "comm-pid";
	case AGGR_CORE:
		return "core cpus";
	case AGGR_DIE:
		return "die cpus";
	case AGGR_SOCKET:
		return "socket cpus";
	case AGGR_NODE:
		return "node cpus";
	case AGGR_CACHE:
		return "cache cpus";
	case AGGR_CLUSTER:
		return "cluster cpus";
	case AGGR_GLOBAL:
	case AGGR_MAX:
	default:
		return "";
	}
}

/* --metric-only: one header line naming the metric columns. */
static void print_metric_headers(struct display *d)
{
	enum aggr_mode mode = d->config->aggr_mode;
	const char *csv_aggr = aggr_header_csv(mode);

	if (d->json)
		return;
	if (d->csv) {
		if (d->interval)
			fprintf(d->fh, "time%s", d->sep);
		if (csv_aggr) {
			for (const char *p = csv_aggr; *p; p++) {
				if (*p == ',')
					fputs(d->sep, d->fh);
				else
					fputc(*p, d->fh);
			}
			fputs(d->sep, d->fh);
		}
	} else if (d->interval) {
		fprintf(d->fh, "#           time %-*s", aggr_id_width(mode),
			aggr_header_std(mode));
	} else {
		fprintf(d->fh, "%*s", aggr_id_width(mode), "");
	}

	for (int i = 0; i < d->evlist->nr_entries; i++) {
		const struct evsel *evsel = d->evlist->entries[i];
		char name_buf[1024];
		struct outstate os = {
			.d = d,
			.evsel = evsel,
			.out = {
				.print_metric = print_metric_header,
				.new_line = new_line_metric,
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
	FILE *real = d->fh, *row = NULL;
	char *text = NULL;
	size_t len = 0;
	bool first = true, opened = false;

	if (d->json) {
		row = open_memstream(&text, &len);
		if (!row)
			return;
		d->fh = row;
	}
	fputs(d->prefix, d->fh);
	for (int i = 0; i < d->evlist->nr_entries; i++) {
		const struct evsel *evsel = d->evlist->entries[i];
		struct stat_value val;
		char name_buf[1024];
		struct outstate os = {
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
			print_aggr_id(d, evsel, id, val.nr);
			opened = true;
		}
		os.name = display_name(d, evsel, name_buf, sizeof(name_buf));
		os.out.print_metric = d->csv  ? print_metric_only_csv :
				      d->json ? print_metric_only_json :
						print_metric_only;
		os.out.new_line = new_line_metric;
		os.out.force_columns = true;
		os.out.blank = !evsel->supported || !val.counted;
		stat__print_shadow_metrics(d->config, d->evlist, evsel, id,
					   val.count * evsel->scale, &os.out);
		first = os.first;
	}
	if (d->json) {
		fclose(row);
		d->fh = real;
		/* Close the object, dropping a dangling ", " if no metric. */
		if (len >= 2 && !strcmp(text + len - 2, ", "))
			len -= 2;
		if (!d->interval && !opened)
			fputc('{', real);
		fwrite(text, 1, len, real);
		fputc('}', real);
		free(text);
	}
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

static void print_header(struct display *d)
{
	const struct perf_stat_config *config = d->config;
	const struct target *target = config->target;
	FILE *fh = d->fh;

	if (d->csv || d->json)
		return;
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

/* The timestamp prefix, and the column header every 25 intervals. */
static void print_interval(struct display *d, const struct timespec *ts)
{
	struct perf_stat_config *config = d->config;
	bool header = interval_lines == 0 || config->interval_clear;
	FILE *fh = d->fh;

	if (config->interval_clear)
		fputs(CONSOLE_CLEAR "\n", fh);

	if (d->json)
		snprintf(d->prefix, sizeof(d->prefix),
			 "{\"interval\" : %lu.%09lu, ",
			 (unsigned long)ts->tv_sec, (unsigned long)ts->tv_nsec);
	else
		snprintf(d->prefix, sizeof(d->prefix), "%6lu.%09lu%s",
			 (unsigned long)ts->tv_sec, (unsigned long)ts->tv_nsec,
			 d->sep);

	if (header && d->metric_only) {
		print_metric_headers(d);
	} else if (header && !d->csv && !d->json) {
		const char *head;

		switch (config->aggr_mode) {
		case AGGR_NODE:
			head = "#           time node   cpus             counts";
			break;
		case AGGR_SOCKET:
			head = "#           time socket cpus             counts";
			break;
		case AGGR_DIE:
			head = "#           time die          cpus             counts";
			break;
		case AGGR_CORE:
			head = "#           time core            cpus             counts";
			break;
		case AGGR_CACHE:
			head = "#           time cache                  cpus             counts";
			break;
		case AGGR_CLUSTER:
			head = "#           time cluster              cpus             counts";
			break;
		case AGGR_NONE:
			head = "#           time CPU                    counts";
			break;
		case AGGR_THREAD:
			head = "#           time             comm-pid                  counts";
			break;
		case AGGR_GLOBAL:
		case AGGR_MAX:
		default:
			head = "#           time             counts";
			break;
		}
		fprintf(fh, "%s %*s events\n", head, d->unit_width, "unit");
	}
	if (++interval_lines == INTERVAL_HEADER_EVERY)
		interval_lines = 0;
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

static void print_footer(struct display *d)
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
		if (config->argc > 0 &&
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

		fprintf(fh, " %17.*f +- %.*f seconds time elapsed", precision,
			avg, precision, sd);
		print_noise_pct(d, sd, avg);
	}
	fputs("\n\n", fh);

	if (d->not_counted_seen && nmi_watchdog_enabled())
		fputs("Some events weren't counted. Try disabling the NMI watchdog:\n"
		      "\techo 0 > /proc/sys/kernel/nmi_watchdog\n"
		      "\tperf stat ...\n"
		      "\techo 1 > /proc/sys/kernel/nmi_watchdog\n",
		      fh);
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
		.fh = config->output ? config->output : stderr,
		.csv = config->csv_sep != NULL,
		.json = config->json_output,
		.interval = config->interval && ts,
		.metric_only = config->metric_only,
		.unit_width = 4,
	};

	if (config->quiet || !evlist)
		return;
	d.sep = d.csv ? config->csv_sep : " ";
	if (d.json)
		d.csv = false;
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
	else
		print_header(&d);

	if (d.metric_only) {
		if (!d.interval)
			print_metric_headers(&d);
		print_counters_metric_only(&d);
	} else {
		print_counters_std(&d);
	}

	if (!d.interval && !d.csv && !d.json)
		print_footer(&d);
	fflush(d.fh);
	free(d.merged_into);
}
