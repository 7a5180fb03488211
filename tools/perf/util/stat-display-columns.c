// SPDX-License-Identifier: GPL-2.0
/*
 * What the perf stat printers share: the names and widths of each
 * aggregation mode, a unit's name, the columns that human and CSV output
 * have in common (aggregation id, cgroup, -I timestamp), and the text of
 * metric values and --metric-only columns.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cgroup.h"
#include "evsel.h"
#include "stat-display-priv.h"

static const struct aggr_mode_names aggr_mode_names[AGGR_MAX] = {
	[AGGR_GLOBAL] = {
		.interval_header = "#           time             counts",
		.human_header = "",
	},
	[AGGR_NONE] = {
		.json_key = "cpu",
		.csv_header = "cpu",
		.human_header = "CPU",
		.interval_header = "#           time CPU                    counts",
		.human_width = 11,
	},
	[AGGR_THREAD] = {
		.json_key = "thread",
		.csv_header = "comm-pid",
		.human_header = "comm-pid",
		.interval_header = "#           time             comm-pid                  counts",
		.human_width = 26,
	},
	[AGGR_CORE] = {
		.json_key = "core",
		.csv_header = "core,cpus",
		.human_header = "core cpus",
		.interval_header = "#           time core            cpus             counts",
		.human_width = 21,
	},
	[AGGR_SOCKET] = {
		.json_key = "socket",
		.csv_header = "socket,cpus",
		.human_header = "socket cpus",
		.interval_header = "#           time socket cpus             counts",
		.human_width = 12,
	},
	[AGGR_DIE] = {
		.json_key = "die",
		.csv_header = "die,cpus",
		.human_header = "die cpus",
		.interval_header = "#           time die          cpus             counts",
		.human_width = 18,
	},
	[AGGR_NODE] = {
		.json_key = "node",
		.csv_header = "node,cpus",
		.human_header = "node cpus",
		.interval_header = "#           time node   cpus             counts",
		.human_width = 12,
	},
	[AGGR_CACHE] = {
		.json_key = "cache",
		.csv_header = "cache,cpus",
		.human_header = "cache cpus",
		.interval_header = "#           time cache                  cpus             counts",
		.human_width = 28,
	},
	[AGGR_CLUSTER] = {
		.json_key = "cluster",
		.csv_header = "cluster,cpus",
		.human_header = "cluster cpus",
		.interval_header = "#           time cluster              cpus             counts",
		.human_width = 26,
	},
};

const struct aggr_mode_names *aggr_mode__names(enum aggr_mode mode)
{
	if ((int)mode < 0 || mode >= AGGR_MAX)
		mode = AGGR_GLOBAL;
	return &aggr_mode_names[mode];
}

void aggr_id__name(enum aggr_mode mode, const struct aggr_id *id, char *buf,
		   size_t size)
{
	switch (mode) {
	case AGGR_CORE:
		snprintf(buf, size, "S%d-D%d-C%d", id->socket, id->die,
			 id->core);
		break;
	case AGGR_DIE:
		snprintf(buf, size, "S%d-D%d", id->socket, id->die);
		break;
	case AGGR_SOCKET:
		snprintf(buf, size, "S%d", id->socket);
		break;
	case AGGR_NODE:
		snprintf(buf, size, "N%d", id->node);
		break;
	case AGGR_CACHE:
		snprintf(buf, size, "S%d-D%d-L%d-ID%d", id->socket, id->die,
			 id->cache_lvl, id->cache);
		break;
	case AGGR_CLUSTER:
		snprintf(buf, size, "S%d-D%d-CLS%d", id->socket, id->die,
			 id->cluster);
		break;
	case AGGR_NONE:
		snprintf(buf, size, "%d", id->cpu);
		break;
	case AGGR_GLOBAL:
	case AGGR_THREAD:
	case AGGR_MAX:
	default:
		snprintf(buf, size, "%s", "");
		break;
	}
}

/*
 * perf's aggr_printout() for human and CSV output: the same columns,
 * padded to perf's widths or not.
 */
void display__aggr_columns(struct display *d, const struct evsel *evsel,
			   const struct aggr_id *id, int nr, bool padded)
{
	int w8 = padded ? -8 : 0, w5 = padded ? -5 : 0, w4 = padded ? 4 : 0;
	enum aggr_mode mode = d->config->aggr_mode;
	const char *sep = d->sep;
	FILE *fh = d->fh;
	char buf[256];
	int tid;

	switch (mode) {
	case AGGR_CORE:
		fprintf(fh, "S%d-D%d-C%*d%s%*d%s", id->socket, id->die, w8,
			id->core, sep, w4, nr, sep);
		break;
	case AGGR_DIE:
		fprintf(fh, "S%d-D%*d%s%*d%s", id->socket, w8, id->die, sep, w4,
			nr, sep);
		break;
	case AGGR_SOCKET:
		fprintf(fh, "S%*d%s%*d%s", w5, id->socket, sep, w4, nr, sep);
		break;
	case AGGR_NODE:
		fprintf(fh, "N%*d%s%*d%s", w5, id->node, sep, w4, nr, sep);
		break;
	case AGGR_CACHE:
	case AGGR_CLUSTER:
		aggr_id__name(mode, id, buf, sizeof(buf));
		fprintf(fh, "%-*s%s%*d%s",
			padded ? (mode == AGGR_CACHE ? 22 : 20) : 0, buf, sep,
			w4, nr, sep);
		break;
	case AGGR_NONE:
		if (id->cpu >= 0)
			fprintf(fh, "CPU%*d%s", padded ? -7 : 0, id->cpu, sep);
		break;
	case AGGR_THREAD:
		aggr_id__thread(evsel, id, buf, sizeof(buf), &tid);
		fprintf(fh, "%*s-%*d%s", padded ? 16 : 0, buf, w8, tid, sep);
		break;
	case AGGR_GLOBAL:
	case AGGR_MAX:
	default:
		break;
	}
}

void display__cgroup_column(struct display *d, const struct evsel *evsel)
{
	if (d->has_cgroups)
		fprintf(d->fh, "%s%s", d->sep,
			evsel->cgrp ? evsel->cgrp->name : "");
}

void display__timestamp_prefix(struct display *d, const struct timespec *ts)
{
	snprintf(d->prefix, sizeof(d->prefix), "%6lu.%09lu%s",
		 (unsigned long)ts->tv_sec, (unsigned long)ts->tv_nsec, d->sep);
}

const char *skip_spaces(const char *str)
{
	while (*str == ' ')
		str++;
	return str;
}

void metric_value_string(char *buf, size_t size, const char *fmt, double val)
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

bool metric_only__valid(const char *unit)
{
	return unit && !strstr(unit, "/sec") && !strstr(unit, "CPUs utilized");
}

const char *metric_only__column(char *buf, size_t size, const char *name,
				const char *unit)
{
	if (strncmp(unit, "of all", 6))
		return unit;
	snprintf(buf, size, "%s %s", name, unit);
	return buf;
}

void metric_only__no_new_line(struct metric_out *out)
{
}
