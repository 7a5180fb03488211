// SPDX-License-Identifier: GPL-2.0
/*
 * The terms of pmu/term=value,.../ events: split as written, then applied
 * against the PMU's sysfs format/ (a term sets its bits of config,
 * config1 or config2) and events/ (an alias applies its own terms), with
 * config=, config1=, config2=, period= and name= of perf's own.
 */
#include <ctype.h>
#include <errno.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "cpumap.h"
#include "evsel.h"
#include "parse-events-priv.h"
#include "parse-events.h"
#include "pmu.h"

/*
 * Split "a=1,b,name=x" up to the closing '/' (or the end of an alias
 * string).  On return ps->p is at the '/' (not consumed).
 */
int parser__read_terms(struct parser *ps, const char *s, char close,
		       struct term **terms, int *nr_terms)
{
	struct term *list = NULL;
	int n = 0, err = 0;

	*terms = NULL;
	*nr_terms = 0;
	if (*s == close)
		goto out;
	for (;;) {
		struct term *grown, *t;

		grown = realloc(list, (n + 1) * sizeof(*list));
		if (!grown) {
			err = parser__nomem(ps);
			goto out_free;
		}
		list = grown;
		t = &list[n++];
		memset(t, 0, sizeof(*t));
		t->at = t->name = s;
		while (*s && *s != '=' && *s != ',' && *s != close && *s != '/')
			s++;
		t->name_len = s - t->name;
		if (!t->name_len) {
			if (*s == '\0' && close == '/')
				err = parser__error(
					ps, s, -EINVAL, NULL,
					"missing '/' to end the terms");
			else
				err = parser__error(ps, s, -EINVAL, NULL,
						    "empty term");
			goto out_free;
		}
		if (*s == '=') {
			t->value = ++s;
			while (*s && *s != ',' && *s != close && *s != '/')
				s++;
			t->value_len = s - t->value;
			if (!t->value_len) {
				err = parser__error(
					ps, t->value, -EINVAL, NULL,
					"missing value for term '%.*s'",
					(int)t->name_len, t->name);
				goto out_free;
			}
		}
		if (*s == ',') {
			s++;
			continue;
		}
		if (*s == close)
			break;
		if (*s == '\0')
			err = parser__error(ps, s, -EINVAL, NULL,
					    "missing '/' to end the terms");
		else
			err = parser__error(ps, s, -EINVAL, NULL,
					    "unexpected '%c' in terms", *s);
		goto out_free;
	}
out:
	ps->p = s;
	*terms = list;
	*nr_terms = n;
	return 0;

out_free:
	free(list);
	return err;
}

/*
 * A term's value as a number: 0x hex, 0 octal or decimal.  Returns 1 and
 * *value, 0 if it is not a number, -EINVAL if it overflows.
 */
int parser__term_number(struct parser *ps, const struct term *term,
			__u64 *value)
{
	char buf[64], *end;
	unsigned long long v;

	if (!term->value) {
		*value = 1;
		return 1;
	}
	if (!isdigit((unsigned char)term->value[0]))
		return 0;
	if (term->value_len >= sizeof(buf))
		return parser__error(
			ps, term->value, -EINVAL, NULL,
			"value too big for term '%.*s' (at most 64 bits)",
			(int)term->name_len, term->name);
	memcpy(buf, term->value, term->value_len);
	buf[term->value_len] = '\0';
	errno = 0;
	v = strtoull(buf, &end, 0);
	if (*end)
		return 0;
	if (errno == ERANGE)
		return parser__error(
			ps, term->value, -EINVAL, NULL,
			"value too big for term '%.*s' (at most 64 bits)",
			(int)term->name_len, term->name);
	*value = v;
	return 1;
}

int parser__pmu_alias(struct parser *ps, const struct perf_pmu *pmu,
		      const struct perf_pmu_alias *alias,
		      const struct term *term, struct pmu_event *ev,
		      const struct term *via_alias)
{
	struct parser alias_ps = { .str = alias->terms };
	struct term *terms;
	int nr_terms, err;

	if (via_alias)
		return parser__error(
			ps, via_alias->at, -EINVAL, NULL,
			"event '%s' of pmu '%s' refers to another event",
			alias->name, pmu->name);
	err = parser__read_terms(&alias_ps, alias->terms, '\0', &terms,
				 &nr_terms);
	if (!err) {
		err = parser__pmu_terms(&alias_ps, pmu, terms, nr_terms, ev,
					term);
		free(terms);
	}
	if (err) {
		/* Report it at the term naming the alias. */
		return parser__error(ps, term->at, err, NULL,
				     "bad event '%s' of pmu '%s': %s",
				     alias->name, pmu->name,
				     alias_ps.failed ? alias_ps.why.msg : "?");
	}
	if (alias->unit)
		ev->unit = alias->unit;
	ev->scale = alias->scale;
	return 0;
}

static char *pmu__valid_terms(const struct perf_pmu *pmu)
{
	char *list = NULL;
	size_t size = 0;
	FILE *f = open_memstream(&list, &size);

	if (!f)
		return NULL;
	fputs("valid terms: ", f);
	for (int i = 0; i < pmu->nr_formats; i++)
		fprintf(f, "%s,", pmu->formats[i].name);
	fputs("config,config1,config2,name", f);
	if (pmu->nr_aliases)
		fprintf(f, " or an event of 'perf list %s'", pmu->name);
	fclose(f);
	return list;
}

static int parser__term_bad_value(struct parser *ps, const struct term *t)
{
	return parser__error(ps, t->value, -EINVAL, NULL,
			     "bad value '%.*s' for term '%.*s'",
			     (int)t->value_len, t->value, (int)t->name_len,
			     t->name);
}

static int parser__term_unknown(struct parser *ps, const struct perf_pmu *pmu,
				const struct term *t)
{
	char *help = pmu__valid_terms(pmu);
	int ret;

	ret = parser__error(ps, t->at, -EINVAL, help,
			    "unknown term '%.*s' for pmu '%s'",
			    (int)t->name_len, t->name, pmu->name);
	free(help);
	return ret;
}

static __u64 *pmu_event__field(struct pmu_event *ev,
			       enum perf_pmu_format_field field)
{
	switch (field) {
	case PERF_PMU_FORMAT_CONFIG1:
		return &ev->attr.config1;
	case PERF_PMU_FORMAT_CONFIG2:
		return &ev->attr.config2;
	case PERF_PMU_FORMAT_CONFIG:
	default:
		return &ev->attr.config;
	}
}

/* name=: the printed name, kept as written. */
int parser__term_name(struct parser *ps, const struct term *term, char **name)
{
	char *copy;

	if (!term->value)
		return parser__error(ps, term->at, -EINVAL, NULL,
				     "missing value for term 'name'");
	copy = strndup(term->value, term->value_len);
	if (!copy)
		return parser__nomem(ps);
	free(*name);
	*name = copy;
	return 0;
}

/* A term's name as a string; false if it is too long to be any. */
static bool term__name(const struct term *t, char *name, size_t size)
{
	if (t->name_len >= size)
		return false;
	memcpy(name, t->name, t->name_len);
	name[t->name_len] = '\0';
	return true;
}

/*
 * The alias a term names: event=ALIAS, or a bare word that is no format
 * term.  Returns 0 with *alias (NULL: not an alias), or an error.
 */
static int parser__term_alias(struct parser *ps, const struct perf_pmu *pmu,
			      const struct term *t, const char *name,
			      const struct perf_pmu_alias **alias)
{
	char alias_name[256];

	*alias = NULL;
	if (t->value && !strcasecmp(name, "event") &&
	    !isdigit((unsigned char)t->value[0])) {
		if (t->value_len >= sizeof(alias_name))
			return parser__term_bad_value(ps, t);
		memcpy(alias_name, t->value, t->value_len);
		alias_name[t->value_len] = '\0';
		*alias = perf_pmu__find_alias(pmu, alias_name);
		if (!*alias)
			return parser__error(
				ps, t->value, -ENOENT,
				"run 'perf list pmu' for the PMU events of this machine",
				"unknown event '%s' for pmu '%s'", alias_name,
				pmu->name);
		return 0;
	}
	if (!t->value && !perf_pmu__find_format(pmu, name))
		*alias = perf_pmu__find_alias(pmu, name);
	return 0;
}

/* config, config1, config2 or period: the whole field.  1 if it was one. */
static int parser__term_field(struct parser *ps, const struct term *t,
			      const char *name, int is_number, __u64 value,
			      struct pmu_event *ev)
{
	static const struct {
		const char *name;
		size_t offset;
	} fields[] = {
		{ "config", offsetof(struct perf_event_attr, config) },
		{ "config1", offsetof(struct perf_event_attr, config1) },
		{ "config2", offsetof(struct perf_event_attr, config2) },
		{ "period", offsetof(struct perf_event_attr, sample_period) },
	};

	for (size_t i = 0; i < sizeof(fields) / sizeof(fields[0]); i++) {
		if (strcmp(name, fields[i].name))
			continue;
		if (!is_number)
			return parser__term_bad_value(ps, t);
		*(__u64 *)((char *)&ev->attr + fields[i].offset) = value;
		return 1;
	}
	return 0;
}

/* A format term ("event=0x3c"): its bits of config, config1 or config2. */
static int parser__term_format(struct parser *ps, const struct perf_pmu *pmu,
			       const struct term *t, const char *name,
			       __u64 value, struct pmu_event *ev)
{
	const struct perf_pmu_format *format = perf_pmu__find_format(pmu, name);
	int width;

	if (!perf_pmu_format__apply(format, value,
				    pmu_event__field(ev, format->field)))
		return 0;
	width = perf_pmu_format__width(format);
	return parser__error(
		ps, t->value, -EINVAL, NULL,
		"value 0x%llx too big for term '%s' of pmu '%s' (at most 0x%llx)",
		(unsigned long long)value, name, pmu->name,
		(unsigned long long)((1ULL << width) - 1));
}

/* One term of pmu/.../, applied to ev. */
static int parser__pmu_term(struct parser *ps, const struct perf_pmu *pmu,
			    const struct term *t, struct pmu_event *ev,
			    const struct term *via_alias)
{
	const struct perf_pmu_alias *alias;
	char name[256];
	__u64 value;
	int ret, is_number;

	if (!term__name(t, name, sizeof(name)))
		return parser__term_unknown(ps, pmu, t);
	if (!strcmp(name, "name"))
		return parser__term_name(ps, t, &ev->name);
	if (!strcmp(name, "percore") || !strcmp(name, "metric-id"))
		return 0; /* aggregation hints: nothing to count */
	ret = parser__term_alias(ps, pmu, t, name, &alias);
	if (ret)
		return ret;
	if (alias)
		return parser__pmu_alias(ps, pmu, alias, t, ev, via_alias);

	is_number = parser__term_number(ps, t, &value);
	if (is_number < 0)
		return is_number;
	ret = parser__term_field(ps, t, name, is_number, value, ev);
	if (ret)
		return ret < 0 ? ret : 0;
	if (!perf_pmu__find_format(pmu, name))
		return parser__term_unknown(ps, pmu, t);
	if (!is_number)
		return parser__term_bad_value(ps, t);
	return parser__term_format(ps, pmu, t, name, value, ev);
}

/*
 * Apply terms in order, later ones overriding earlier ones:
 * config/config1/config2 set the whole field, a format term its bits,
 * event=ALIAS or a bare ALIAS the alias's own terms, name= the name.
 */
int parser__pmu_terms(struct parser *ps, const struct perf_pmu *pmu,
		      const struct term *terms, int nr_terms,
		      struct pmu_event *ev, const struct term *via_alias)
{
	for (int i = 0; i < nr_terms; i++) {
		int ret = parser__pmu_term(ps, pmu, &terms[i], ev, via_alias);

		if (ret)
			return ret;
	}
	return 0;
}

int parser__add_pmu_event(struct parser *ps, const struct perf_pmu *pmu,
			  struct pmu_event *ev, const char *text,
			  const char *mods, size_t mods_len)
{
	struct evsel *evsel;
	int err;

	ev->attr.type = pmu->type;
	err = parser__new_evsel(ps, &ev->attr, ev->name ? ev->name : text, mods,
				mods_len, &evsel);
	if (err)
		return err;
	evsel->pmu_name = strdup(pmu->name);
	if (!evsel->pmu_name)
		return parser__nomem(ps);
	if (pmu->cpus) {
		evsel->pmu_cpus =
			cpu_map__new_from(pmu->cpus->map, pmu->cpus->nr);
		if (!evsel->pmu_cpus)
			return parser__nomem(ps);
	}
	if (ev->unit) {
		char *unit = strdup(ev->unit);

		if (!unit)
			return parser__nomem(ps);
		free(evsel->unit);
		evsel->unit = unit;
		evsel->scale = ev->scale;
	} else if (ev->scale != 1.0) {
		evsel->scale = ev->scale;
	}
	return 0;
}
