// SPDX-License-Identifier: GPL-2.0
/*
 * What perf stat --serve answers at /metrics: the choice between the
 * OpenMetrics and the Prometheus 0.0.4 text formats (from the Accept
 * header), and the exposition of the counts in either.
 *
 *   evsel->counts [cpu idx][thread idx] = {val, ena, run}, cumulative
 *        |  summed into the units of config->aggr_mode without scaling
 *        |  (evsel__unit_sums(), util/stat.c): rate() and the ratio
 *        v  running / enabled are left to PromQL
 *   perf_stat_count_total{event, [cgroup], [cpu | tid, comm | socket...]}
 *   perf_stat_enabled_seconds_total{...}, perf_stat_running_seconds_total
 *   perf_stat_event_supported{event, [cgroup]}     1, or 0: not supported
 *
 * The two formats differ in the counter families' names (OpenMetrics
 * names the family without "_total"), the UNIT lines and the final
 * "# EOF".
 */
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "cgroup.h"
#include "error.h"
#include "evsel.h"
#include "stat-serve.h"
#include "stat.h"

/* A growing string; a failed allocation sticks (ok = false). */
struct sbuf {
	char *buf;
	size_t len, cap;
	bool ok;
};

static void sbuf__grow(struct sbuf *sb, size_t need)
{
	size_t cap = sb->cap ? sb->cap : 4096;
	char *buf;

	while (cap < sb->len + need + 1)
		cap *= 2;
	if (cap == sb->cap)
		return;
	buf = realloc(sb->buf, cap);
	if (!buf) {
		sb->ok = false;
		return;
	}
	sb->buf = buf;
	sb->cap = cap;
}

static void sbuf__printf(struct sbuf *sb, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));

static void sbuf__printf(struct sbuf *sb, const char *fmt, ...)
{
	va_list ap;
	int n;

	if (!sb->ok)
		return;
	va_start(ap, fmt);
	n = vsnprintf(sb->buf ? sb->buf + sb->len : NULL,
		      sb->buf ? sb->cap - sb->len : 0, fmt, ap);
	va_end(ap);
	if (n < 0) {
		sb->ok = false;
		return;
	}
	if (!sb->buf || sb->len + n >= sb->cap) {
		sbuf__grow(sb, n);
		if (!sb->ok)
			return;
		va_start(ap, fmt);
		vsnprintf(sb->buf + sb->len, sb->cap - sb->len, fmt, ap);
		va_end(ap);
	}
	sb->len += n;
}

static void sbuf__add(struct sbuf *sb, const char *str, size_t n)
{
	if (!sb->ok)
		return;
	if (!sb->buf || sb->len + n >= sb->cap) {
		sbuf__grow(sb, n);
		if (!sb->ok)
			return;
	}
	memcpy(sb->buf + sb->len, str, n);
	sb->len += n;
	sb->buf[sb->len] = '\0';
}

static void sbuf__str(struct sbuf *sb, const char *str)
{
	sbuf__add(sb, str, strlen(str));
}

/* An unsigned number, in decimal. */
static void sbuf__u64(struct sbuf *sb, __u64 val)
{
	char num[24];
	int i = sizeof(num);

	do {
		num[--i] = '0' + val % 10;
		val /= 10;
	} while (val);
	sbuf__add(sb, num + i, sizeof(num) - i);
}

/* Nanoseconds as seconds with 9 decimals, exactly. */
static void sbuf__seconds(struct sbuf *sb, __u64 ns)
{
	char frac[10];

	sbuf__u64(sb, ns / 1000000000ULL);
	ns %= 1000000000ULL;
	frac[0] = '.';
	for (int i = 9; i >= 1; i--) {
		frac[i] = '0' + ns % 10;
		ns /= 10;
	}
	sbuf__add(sb, frac, sizeof(frac));
}

/* A label value: backslash, double quote and newline escaped. */
static void sbuf__label(struct sbuf *sb, const char *name, const char *val)
{
	const char *p = val;

	if (sb->ok && sb->len && sb->buf[sb->len - 1] != '{')
		sbuf__add(sb, ",", 1);
	sbuf__str(sb, name);
	sbuf__add(sb, "=\"", 2);
	while (*p) {
		size_t run = strcspn(p, "\\\"\n");

		sbuf__add(sb, p, run);
		p += run;
		if (*p == '\\')
			sbuf__add(sb, "\\\\", 2);
		else if (*p == '"')
			sbuf__add(sb, "\\\"", 2);
		else if (*p == '\n')
			sbuf__add(sb, "\\n", 2);
		if (*p)
			p++;
	}
	sbuf__add(sb, "\"", 1);
}

static void sbuf__label_int(struct sbuf *sb, const char *name, int val)
{
	char num[16];

	snprintf(num, sizeof(num), "%d", val);
	sbuf__label(sb, name, num);
}

/* One media range of an Accept header: its type and its q (0..1). */
static double accept__q(const char *range, size_t len)
{
	const char *p = memchr(range, ';', len);

	while (p && p < range + len) {
		p++;
		while (*p == ' ' || *p == '\t')
			p++;
		if ((p[0] == 'q' || p[0] == 'Q') && p[1] == '=')
			return strtod(p + 2, NULL);
		p = memchr(p, ';', range + len - p);
	}
	return 1.0;
}

static bool accept__is(const char *range, size_t len, const char *type)
{
	size_t n = strlen(type);

	while (len && (*range == ' ' || *range == '\t')) {
		range++;
		len--;
	}
	return len >= n && !strncasecmp(range, type, n) &&
	       (len == n || range[n] == ';' || range[n] == ' ' ||
		range[n] == '\t');
}

enum stat_serve_format stat_serve__negotiate(const char *accept)
{
	double om = -1, text = -1, any = -1, app_any = -1, text_any = -1;

	if (!accept)
		return STAT_SERVE_OPENMETRICS;
	for (const char *range = accept; *range;) {
		size_t len = strcspn(range, ",");
		double q = accept__q(range, len);

		if (accept__is(range, len, "application/openmetrics-text"))
			om = q > om ? q : om;
		else if (accept__is(range, len, "text/plain"))
			text = q > text ? q : text;
		else if (accept__is(range, len, "application/*"))
			app_any = q;
		else if (accept__is(range, len, "text/*"))
			text_any = q;
		else if (accept__is(range, len, "*/*"))
			any = q;
		range += len;
		if (*range == ',')
			range++;
	}
	/* A type named outright takes its own q, else a wildcard's. */
	if (om < 0)
		om = app_any >= 0 ? app_any : any;
	if (text < 0)
		text = text_any >= 0 ? text_any : any;
	return text > om && text > 0 ? STAT_SERVE_TEXT_004 :
				       STAT_SERVE_OPENMETRICS;
}

const char *stat_serve__content_type(enum stat_serve_format fmt)
{
	if (fmt == STAT_SERVE_TEXT_004)
		return "text/plain; version=0.0.4; charset=utf-8";
	return "application/openmetrics-text; version=1.0.0; charset=utf-8";
}

/*
 * Every unit of every event, in evlist order: its sums, and its labels
 * ("{...}") written once for the three families.
 */
struct serve_units {
	struct stat_unit_sums *sums;
	struct serve_label {
		size_t off, len; /* in text */
	} * labels;
	struct sbuf text;
};

struct serve_family {
	const char *name; /* without _total */
	const char *type;
	const char *unit; /* OpenMetrics UNIT, or NULL */
	const char *help;
};

enum { SERVE_COUNT, SERVE_ENABLED, SERVE_RUNNING, SERVE_SUPPORTED };

static const struct serve_family serve_families[] = {
	[SERVE_COUNT] = { "perf_stat_count", "counter", NULL,
			  "Events counted since perf stat started (not scaled; the clocks in ns)" },
	[SERVE_ENABLED] = { "perf_stat_enabled_seconds", "counter", "seconds",
			    "Time the event was enabled, summed over the CPUs of the series" },
	[SERVE_RUNNING] = { "perf_stat_running_seconds", "counter", "seconds",
			    "Time the event was counting, summed over the CPUs of the series" },
	[SERVE_SUPPORTED] = { "perf_stat_event_supported", "gauge", NULL,
			      "1 if this machine counts the event, 0 if it is not supported" },
};

static void serve__family_header(struct sbuf *sb,
				 const struct serve_family *fam,
				 enum stat_serve_format fmt)
{
	bool counter = !strcmp(fam->type, "counter");
	const char *total = counter && fmt == STAT_SERVE_TEXT_004 ? "_total" :
								    "";

	sbuf__printf(sb, "# HELP %s%s %s\n", fam->name, total, fam->help);
	sbuf__printf(sb, "# TYPE %s%s %s\n", fam->name, total, fam->type);
	if (fam->unit && fmt == STAT_SERVE_OPENMETRICS)
		sbuf__printf(sb, "# UNIT %s %s\n", fam->name, fam->unit);
}

/* "{event="...",cgroup="...",cpu="..."}"; no id: the event's own. */
static void serve__labels(struct sbuf *sb,
			  const struct perf_stat_config *config,
			  const struct evsel *evsel, const struct aggr_id *id)
{
	char comm[64];
	int tid;

	sbuf__add(sb, "{", 1);
	sbuf__label(sb, "event", evsel->name ? evsel->name : "");
	if (evsel->cgrp)
		sbuf__label(sb, "cgroup", evsel->cgrp->name);
	switch (id ? config->aggr_mode : AGGR_GLOBAL) {
	case AGGR_NONE:
		if (id->cpu >= 0)
			sbuf__label_int(sb, "cpu", id->cpu);
		break;
	case AGGR_THREAD:
		aggr_id__thread(evsel, id, comm, sizeof(comm), &tid);
		sbuf__label_int(sb, "tid", tid);
		sbuf__label(sb, "comm", comm);
		break;
	case AGGR_NODE:
		sbuf__label_int(sb, "node", id->node);
		break;
	case AGGR_CORE:
	case AGGR_SOCKET:
	case AGGR_DIE:
	case AGGR_CACHE:
	case AGGR_CLUSTER:
		sbuf__label_int(sb, "socket", id->socket);
		if (config->aggr_mode == AGGR_SOCKET)
			break;
		sbuf__label_int(sb, "die", id->die);
		if (config->aggr_mode == AGGR_CORE)
			sbuf__label_int(sb, "core", id->core);
		if (config->aggr_mode == AGGR_CLUSTER)
			sbuf__label_int(sb, "cluster", id->cluster);
		if (config->aggr_mode == AGGR_CACHE) {
			snprintf(comm, sizeof(comm), "L%d", id->cache_lvl);
			sbuf__label(sb, "cache", comm);
			sbuf__label_int(sb, "cache_id", id->cache);
		}
		break;
	case AGGR_GLOBAL:
	case AGGR_MAX:
	default:
		break;
	}
	sbuf__add(sb, "}", 1);
}

static int serve__units(const struct perf_stat_config *config,
			struct evlist *evlist, struct serve_units *su)
{
	struct evsel *evsel;
	size_t nr = 0, first = 0;

	evlist__for_each_entry(evlist, evsel) {
		int n = evsel__nr_units(config, evsel);

		if (n < 0)
			return n;
		nr += n;
	}
	su->sums = calloc(nr ? nr : 1, sizeof(*su->sums));
	su->labels = calloc(nr ? nr : 1, sizeof(*su->labels));
	if (!su->sums || !su->labels)
		return -ENOMEM;
	evlist__for_each_entry(evlist, evsel) {
		int n = evsel__nr_units(config, evsel);

		evsel__unit_sums(evsel, su->sums + first);
		for (int u = 0; evsel->supported && u < n; u++) {
			struct serve_label *label = &su->labels[first + u];

			label->off = su->text.len;
			serve__labels(&su->text, config, evsel,
				      &su->sums[first + u].id);
			label->len = su->text.len - label->off;
		}
		first += n;
	}
	return 0;
}

static void serve__family(struct sbuf *sb,
			  const struct perf_stat_config *config,
			  struct evlist *evlist, const struct serve_units *su,
			  int which, enum stat_serve_format fmt)
{
	const struct serve_family *fam = &serve_families[which];
	struct evsel *evsel;
	size_t first = 0;
	char name[64];
	size_t name_len;

	name_len = snprintf(name, sizeof(name), "%s%s", fam->name,
			    strcmp(fam->type, "counter") ? "" : "_total");
	serve__family_header(sb, fam, fmt);
	evlist__for_each_entry(evlist, evsel) {
		int n = evsel__nr_units(config, evsel);

		if (which == SERVE_SUPPORTED) {
			sbuf__add(sb, name, name_len);
			serve__labels(sb, config, evsel, NULL);
			sbuf__str(sb, evsel->supported ? " 1\n" : " 0\n");
			continue;
		}
		for (int u = 0; evsel->supported && u < n; u++) {
			const struct stat_unit_sums *sum = &su->sums[first + u];
			const struct serve_label *label =
				&su->labels[first + u];

			sbuf__add(sb, name, name_len);
			if (su->text.ok)
				sbuf__add(sb, su->text.buf + label->off,
					  label->len);
			sbuf__add(sb, " ", 1);
			if (which == SERVE_COUNT)
				sbuf__u64(sb, sum->val);
			else
				sbuf__seconds(sb, which == SERVE_ENABLED ?
							  sum->ena :
							  sum->run);
			sbuf__add(sb, "\n", 1);
		}
		first += n;
	}
}

static void serve_units__exit(struct serve_units *su)
{
	free(su->sums);
	free(su->labels);
	free(su->text.buf);
}

char *stat_serve__render(const struct perf_stat_config *config,
			 struct evlist *evlist, enum stat_serve_format fmt,
			 size_t *len)
{
	struct serve_units su = { .text = { .ok = true } };
	struct sbuf sb = { .ok = true };
	int err;

	err = serve__units(config, evlist, &su);
	for (int i = SERVE_COUNT; !err && i <= SERVE_SUPPORTED; i++)
		serve__family(&sb, config, evlist, &su, i, fmt);
	if (!err && fmt == STAT_SERVE_OPENMETRICS)
		sbuf__str(&sb, "# EOF\n");
	if (!err && (!sb.ok || !su.text.ok))
		err = -ENOMEM;
	serve_units__exit(&su);
	if (err) {
		free(sb.buf);
		errno = -err;
		return NULL;
	}
	*len = sb.len;
	return sb.buf;
}
