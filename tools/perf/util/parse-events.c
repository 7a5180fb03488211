// SPDX-License-Identifier: GPL-2.0
/*
 * Event strings to evsels, with perf's syntax:
 *
 *   list     := item (',' item)*
 *   item     := '{' event (',' event)* '}' [':' mods]  |  event
 *   event    := name [':' mods]                 generic, cache, raw, alias
 *             | name '/' [term (',' term)*] '/' [mods]      PMU or generic
 *   term     := word ['=' value]                bare word means =1
 *   mods     := [ukhGHIpPSDeWb]*
 *
 * A name is, in this order: a generic hardware or software event
 * ("cycles", "cs"), a hardware cache event ("L1-dcache-load-misses"),
 * a raw event ("r01c2"), or an event alias of some sysfs PMU ("tsc").
 * Before '/' it is a PMU ("msr/tsc/", "cpu/event=0x3c,umask=0/") or a
 * generic event taking only name= ("cpu-clock/name=wall/").
 *
 * Nothing is appended to the evlist unless the whole string parses.
 */
#include <ctype.h>
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "debug.h"
#include "evsel.h"
#include "parse-events.h"
#include "pmu.h"

#define HW(sym, al, cfg)                                         \
	{                                                        \
		sym, al, PERF_TYPE_HARDWARE, PERF_COUNT_HW_##cfg \
	}
#define SW(sym, al, cfg)                                         \
	{                                                        \
		sym, al, PERF_TYPE_SOFTWARE, PERF_COUNT_SW_##cfg \
	}

const struct event_symbol event_symbols[] = {
	HW("cpu-cycles", "cycles", CPU_CYCLES),
	HW("instructions", NULL, INSTRUCTIONS),
	HW("cache-references", NULL, CACHE_REFERENCES),
	HW("cache-misses", NULL, CACHE_MISSES),
	HW("branch-instructions", "branches", BRANCH_INSTRUCTIONS),
	HW("branch-misses", NULL, BRANCH_MISSES),
	HW("bus-cycles", NULL, BUS_CYCLES),
	HW("stalled-cycles-frontend", "idle-cycles-frontend",
	   STALLED_CYCLES_FRONTEND),
	HW("stalled-cycles-backend", "idle-cycles-backend",
	   STALLED_CYCLES_BACKEND),
	HW("ref-cycles", NULL, REF_CPU_CYCLES),
	SW("cpu-clock", NULL, CPU_CLOCK),
	SW("task-clock", NULL, TASK_CLOCK),
	SW("page-faults", "faults", PAGE_FAULTS),
	SW("context-switches", "cs", CONTEXT_SWITCHES),
	SW("cpu-migrations", "migrations", CPU_MIGRATIONS),
	SW("minor-faults", NULL, PAGE_FAULTS_MIN),
	SW("major-faults", NULL, PAGE_FAULTS_MAJ),
	SW("alignment-faults", NULL, ALIGNMENT_FAULTS),
	SW("emulation-faults", NULL, EMULATION_FAULTS),
	SW("dummy", NULL, DUMMY),
	SW("bpf-output", NULL, BPF_OUTPUT),
	SW("cgroup-switches", NULL, CGROUP_SWITCHES),
};

const int nr_event_symbols = sizeof(event_symbols) / sizeof(event_symbols[0]);

#define MAX_ALIASES 6

/* perf's names for the hardware cache matrix; the first is canonical. */
static const char *const hw_cache[PERF_COUNT_HW_CACHE_MAX][MAX_ALIASES] = {
	{ "L1-dcache", "l1-d", "l1d", "L1-data" },
	{ "L1-icache", "l1-i", "l1i", "L1-instruction" },
	{ "LLC", "L2" },
	{ "dTLB", "d-tlb", "Data-TLB" },
	{ "iTLB", "i-tlb", "Instruction-TLB" },
	{ "branch", "branches", "bpu", "btb", "bpc" },
	{ "node" },
};

static const char *const hw_cache_op[PERF_COUNT_HW_CACHE_OP_MAX][MAX_ALIASES] = {
	{ "load", "loads", "read" },
	{ "store", "stores", "write" },
	{ "prefetch", "prefetches", "speculative-read", "speculative-load" },
};

static const char
	*const hw_cache_result[PERF_COUNT_HW_CACHE_RESULT_MAX][MAX_ALIASES] = {
		{ "refs", "Reference", "ops", "access" },
		{ "misses", "miss" },
	};

#define CACHE_OP(x) (1U << PERF_COUNT_HW_CACHE_OP_##x)

/* Which operations each cache has, as perf accepts them. */
static const unsigned int hw_cache_ops[PERF_COUNT_HW_CACHE_MAX] = {
	[PERF_COUNT_HW_CACHE_L1D] = CACHE_OP(READ) | CACHE_OP(WRITE) |
				    CACHE_OP(PREFETCH),
	[PERF_COUNT_HW_CACHE_L1I] = CACHE_OP(READ) | CACHE_OP(PREFETCH),
	[PERF_COUNT_HW_CACHE_LL] = CACHE_OP(READ) | CACHE_OP(WRITE) |
				   CACHE_OP(PREFETCH),
	[PERF_COUNT_HW_CACHE_DTLB] = CACHE_OP(READ) | CACHE_OP(WRITE) |
				     CACHE_OP(PREFETCH),
	[PERF_COUNT_HW_CACHE_ITLB] = CACHE_OP(READ),
	[PERF_COUNT_HW_CACHE_BPU] = CACHE_OP(READ),
	[PERF_COUNT_HW_CACHE_NODE] = CACHE_OP(READ) | CACHE_OP(WRITE) |
				     CACHE_OP(PREFETCH),
};

int parse_events__hw_cache_name(int type, int op, int result, char *buf,
				size_t size)
{
	if (type < 0 || type >= PERF_COUNT_HW_CACHE_MAX || op < 0 ||
	    op >= PERF_COUNT_HW_CACHE_OP_MAX || result < 0 ||
	    result >= PERF_COUNT_HW_CACHE_RESULT_MAX ||
	    !(hw_cache_ops[type] & (1U << op)))
		return -EINVAL;
	if (result == PERF_COUNT_HW_CACHE_RESULT_ACCESS)
		snprintf(buf, size, "%s-%s", hw_cache[type][0],
			 hw_cache_op[op][1]);
	else
		snprintf(buf, size, "%s-%s-%s", hw_cache[type][0],
			 hw_cache_op[op][0], hw_cache_result[result][0]);
	return 0;
}

/* An evsel parsed but not yet in the evlist, with its own modifiers. */
struct pending_evsel {
	struct evsel *evsel;
	const char *mods; /* into the event string, NULL if none */
	size_t mods_len;
};

struct parser {
	const char *str; /* the whole event string */
	const char *p; /* where we are */
	struct parse_events_error *err;
	struct pending_evsel *pending;
	int nr_pending;
	int nr_groups;
};

/* A term of pmu/.../ as written: name, and value if '=' was given. */
struct term {
	const char *name;
	size_t name_len;
	const char *value; /* NULL: bare term */
	size_t value_len;
	const char *at; /* for error offsets */
};

static bool term__is(const struct term *term, const char *name)
{
	return term->name_len == strlen(name) &&
	       !strncmp(term->name, name, term->name_len);
}

/*
 * Record the first error: its offset (at, in the event string), the text
 * and an optional hint.  Returns ret so callers can "return parser__error()".
 */
static int parser__error(struct parser *ps, const char *at, int ret,
			 const char *help, const char *fmt, ...)
	__attribute__((format(printf, 5, 6)));

static int parser__error(struct parser *ps, const char *at, int ret,
			 const char *help, const char *fmt, ...)
{
	struct parse_events_error *err = ps->err;
	va_list ap;

	if (!err || err->str)
		return ret;
	err->idx = at ? (int)(at - ps->str) : 0;
	va_start(ap, fmt);
	if (vasprintf(&err->str, fmt, ap) < 0)
		err->str = NULL;
	va_end(ap);
	err->help = help ? strdup(help) : NULL;
	return ret;
}

static int parser__nomem(struct parser *ps)
{
	return parser__error(ps, ps->p, -ENOMEM, NULL, "out of memory");
}

static bool is_name_char(char c)
{
	return isalnum((unsigned char)c) || c == '_' || c == '-' || c == '.';
}

/* What may follow an event: the list goes on, ends, or has blanks. */
static bool is_event_end(char c)
{
	return c == '\0' || c == ',' || c == '}' || c == ' ' || c == '\t';
}

static int parser__add(struct parser *ps, struct evsel *evsel, const char *mods,
		       size_t mods_len)
{
	struct pending_evsel *pending;

	pending = realloc(ps->pending, (ps->nr_pending + 1) * sizeof(*pending));
	if (!pending) {
		evsel__delete(evsel);
		return parser__nomem(ps);
	}
	ps->pending = pending;
	pending[ps->nr_pending].evsel = evsel;
	pending[ps->nr_pending].mods = mods;
	pending[ps->nr_pending].mods_len = mods_len;
	ps->nr_pending++;
	return 0;
}

/* ---- modifiers ------------------------------------------------------- */

/* The exclude bits and flags modifiers build up, as perf computes them. */
struct modifier_state {
	int eu, ek, eh, eH, eG, eI;
	int exclude, exclude_GH;
	int precise;
	bool pinned, exclusive, use_bpf;
};

/*
 * Apply one modifier string ("upp") on top of state, the way perf's
 * get_event_modifier() does: the first of u/k/h excludes everything and
 * each one then re-includes its level; likewise G/H.  Returns 0, or
 * -EINVAL with *bad pointing at the offending character.
 */
static int modifier_state__apply(struct modifier_state *ms, const char *mods,
				 size_t len, const char **bad)
{
	for (size_t i = 0; i < len; i++) {
		switch (mods[i]) {
		case 'u':
			if (!ms->exclude)
				ms->exclude = ms->eu = ms->ek = ms->eh = 1;
			if (!ms->exclude_GH)
				ms->eG = 1;
			ms->eu = 0;
			break;
		case 'k':
			if (!ms->exclude)
				ms->exclude = ms->eu = ms->ek = ms->eh = 1;
			ms->ek = 0;
			break;
		case 'h':
			if (!ms->exclude)
				ms->exclude = ms->eu = ms->ek = ms->eh = 1;
			ms->eh = 0;
			break;
		case 'G':
			if (!ms->exclude_GH)
				ms->exclude_GH = ms->eG = ms->eH = 1;
			ms->eG = 0;
			break;
		case 'H':
			if (!ms->exclude_GH)
				ms->exclude_GH = ms->eG = ms->eH = 1;
			ms->eH = 0;
			break;
		case 'I':
			ms->eI = 1;
			break;
		case 'p':
			/* precise_ip is two bits: at most "ppp" */
			if (++ms->precise > 3) {
				*bad = &mods[i];
				return -EINVAL;
			}
			if (!ms->exclude_GH)
				ms->eG = 1;
			break;
		case 'D':
			ms->pinned = true;
			break;
		case 'e':
			ms->exclusive = true;
			break;
		case 'b':
			ms->use_bpf = true;
			break;
		case 'P': /* maximum precision: a sampling matter */
		case 'S': /* sample read */
		case 'W': /* weak group */
			break;
		default:
			*bad = &mods[i];
			return -EINVAL;
		}
	}
	return 0;
}

static void modifier_state__store(const struct modifier_state *ms,
				  struct evsel *evsel)
{
	struct perf_event_attr *attr = &evsel->attr;

	attr->exclude_user = ms->eu;
	attr->exclude_kernel = ms->ek;
	attr->exclude_hv = ms->eh;
	attr->exclude_host = ms->eH;
	attr->exclude_guest = ms->eG;
	attr->exclude_idle = ms->eI;
	attr->precise_ip = ms->precise;
	if (ms->pinned)
		attr->pinned = 1;
	if (ms->exclusive)
		attr->exclusive = 1;
	if (ms->use_bpf)
		evsel->use_bpf = true;
}

static int parser__modifier_error(struct parser *ps, const char *bad)
{
	if (*bad == 'p')
		return parser__error(ps, bad, -EINVAL, NULL,
				     "too many 'p' modifiers (at most 3)");
	if (*bad == '\0')
		return parser__error(ps, bad, -EINVAL, NULL,
				     "missing modifier");
	return parser__error(
		ps, bad, -EINVAL,
		"modifiers are u, k, h, G, H, I, p, P, S, D, e, W, b",
		"unknown modifier '%c'", *bad);
}

/*
 * Read the modifiers at ps->p (after ':' or a PMU's closing '/') up to
 * the end of the event, and check them on their own.
 */
static int parser__read_modifiers(struct parser *ps, const char **mods,
				  size_t *len)
{
	struct modifier_state ms = { 0 };
	const char *start = ps->p, *bad = NULL;

	while (!is_event_end(*ps->p))
		ps->p++;
	*mods = start;
	*len = ps->p - start;
	if (modifier_state__apply(&ms, start, *len, &bad))
		return parser__modifier_error(ps, bad);
	return 0;
}

/* ---- building evsels -------------------------------------------------- */

/* "cpu-clock:u" as written: [start, end) of the event string. */
static char *parser__text(const char *start, const char *end)
{
	return strndup(start, end - start);
}

static int parser__new_evsel(struct parser *ps,
			     const struct perf_event_attr *attr,
			     const char *name, const char *mods,
			     size_t mods_len, struct evsel **out)
{
	struct evsel *evsel = evsel__new(attr, name);
	int err;

	if (!evsel)
		return parser__nomem(ps);
	if (evsel__is_clock(evsel)) {
		char *unit = strdup("msec");

		if (!unit) {
			evsel__delete(evsel);
			return parser__nomem(ps);
		}
		free(evsel->unit);
		evsel->unit = unit;
		evsel->scale = 1e-6;
	}
	err = parser__add(ps, evsel, mods, mods_len);
	if (err)
		return err;
	if (out)
		*out = evsel;
	return 0;
}

static const struct event_symbol *event_symbol__find(const char *name,
						     size_t len)
{
	for (int i = 0; i < nr_event_symbols; i++) {
		const struct event_symbol *sym = &event_symbols[i];

		if ((strlen(sym->symbol) == len &&
		     !strncmp(sym->symbol, name, len)) ||
		    (sym->alias && strlen(sym->alias) == len &&
		     !strncmp(sym->alias, name, len)))
			return sym;
	}
	return NULL;
}

/*
 * Match one of names as a whole '-'-separated prefix of [s, end).
 * Returns the index, and *next past it (and past its '-'), or -1.
 */
static int cache_word__match(const char *const names[][MAX_ALIASES], int n,
			     const char *s, const char *end, const char **next)
{
	int best = -1;
	size_t best_len = 0;

	for (int i = 0; i < n; i++) {
		for (int j = 0; j < MAX_ALIASES && names[i][j]; j++) {
			size_t len = strlen(names[i][j]);

			if (len > (size_t)(end - s) ||
			    strncmp(s, names[i][j], len))
				continue;
			if (s + len != end && s[len] != '-')
				continue;
			if (len > best_len) {
				best = i;
				best_len = len;
			}
		}
	}
	if (best >= 0) {
		*next = s + best_len;
		if (*next != end)
			(*next)++;
	}
	return best;
}

/*
 * A hardware cache name: cache[-op][-result] or cache[-result][-op].
 * Returns 1 when [name, end) is one (config in *config), 0 when it is not
 * a cache name at all, -EINVAL for a cache without that operation.
 */
static int parser__hw_cache(struct parser *ps, const char *name,
			    const char *end, __u64 *config)
{
	const char *s, *next;
	int type, op = -1, result = -1;

	type = cache_word__match(hw_cache, PERF_COUNT_HW_CACHE_MAX, name, end,
				 &s);
	if (type < 0)
		return 0;
	for (int i = 0; i < 2 && s < end; i++) {
		int m;

		if (op < 0) {
			m = cache_word__match(hw_cache_op,
					      PERF_COUNT_HW_CACHE_OP_MAX, s,
					      end, &next);
			if (m >= 0) {
				if (!(hw_cache_ops[type] & (1U << m)))
					return parser__error(
						ps, s, -EINVAL,
						"run 'perf list cache' for the cache events of this machine",
						"cache '%s' has no %s operation",
						hw_cache[type][0],
						hw_cache_op[m][0]);
				op = m;
				s = next;
				continue;
			}
		}
		if (result < 0) {
			m = cache_word__match(hw_cache_result,
					      PERF_COUNT_HW_CACHE_RESULT_MAX, s,
					      end, &next);
			if (m >= 0) {
				result = m;
				s = next;
				continue;
			}
		}
		return 0;
	}
	if (s < end)
		return 0;
	if (op < 0)
		op = PERF_COUNT_HW_CACHE_OP_READ;
	if (result < 0)
		result = PERF_COUNT_HW_CACHE_RESULT_ACCESS;
	*config = type | (op << 8) | ((__u64)result << 16);
	return 1;
}

/* rNNNN: hex digits only.  1 if it is one, 0 if not, -EINVAL overflow. */
static int parser__raw(struct parser *ps, const char *name, const char *end,
		       __u64 *config)
{
	const char *s = name + 1;
	__u64 value = 0;

	if (*name != 'r' || end - name < 2)
		return 0;
	for (const char *c = s; c < end; c++) {
		if (!isxdigit((unsigned char)*c))
			return 0;
	}
	for (const char *c = s; c < end; c++) {
		int digit = isdigit((unsigned char)*c) ?
				    *c - '0' :
				    tolower((unsigned char)*c) - 'a' + 10;

		if (value >> 60)
			return parser__error(
				ps, s, -EINVAL, NULL,
				"raw event value too big (at most 64 bits)");
		value = value << 4 | digit;
	}
	*config = value;
	return 1;
}

/* ---- terms ------------------------------------------------------------ */

/*
 * Split "a=1,b,name=x" up to the closing '/' (or the end of an alias
 * string).  On return ps->p is at the '/' (not consumed).
 */
static int parser__read_terms(struct parser *ps, const char *s, char close,
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
static int parser__term_number(struct parser *ps, const struct term *term,
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

/* What pmu/.../ builds up: the attr plus name, unit and scale. */
struct pmu_event {
	struct perf_event_attr attr;
	char *name; /* name= */
	const char *unit; /* from an alias */
	double scale;
};

static int parser__pmu_terms(struct parser *ps, const struct perf_pmu *pmu,
			     const struct term *terms, int nr_terms,
			     struct pmu_event *ev,
			     const struct term *via_alias);

static int parser__pmu_alias(struct parser *ps, const struct perf_pmu *pmu,
			     const struct perf_pmu_alias *alias,
			     const struct term *term, struct pmu_event *ev,
			     const struct term *via_alias)
{
	struct parse_events_error alias_err = { 0 };
	struct parser alias_ps = { .str = alias->terms, .err = &alias_err };
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
		err = parser__error(ps, term->at, err, NULL,
				    "bad event '%s' of pmu '%s': %s",
				    alias->name, pmu->name,
				    alias_err.str ? alias_err.str : "?");
		parse_events_error__exit(&alias_err);
		return err;
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
static int parser__term_name(struct parser *ps, const struct term *term,
			     char **name)
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

/*
 * Apply terms in order, later ones overriding earlier ones:
 * config/config1/config2 set the whole field, a format term its bits,
 * event=ALIAS or a bare ALIAS the alias's own terms, name= the name.
 */
static int parser__pmu_terms(struct parser *ps, const struct perf_pmu *pmu,
			     const struct term *terms, int nr_terms,
			     struct pmu_event *ev, const struct term *via_alias)
{
	for (int i = 0; i < nr_terms; i++) {
		const struct term *t = &terms[i];
		const struct perf_pmu_format *format;
		const struct perf_pmu_alias *alias = NULL;
		char name[256];
		__u64 value;
		int ret;

		if (t->name_len >= sizeof(name))
			goto unknown;
		memcpy(name, t->name, t->name_len);
		name[t->name_len] = '\0';

		if (!strcmp(name, "name")) {
			ret = parser__term_name(ps, t, &ev->name);
			if (ret)
				return ret;
			continue;
		}
		if (!strcmp(name, "percore") || !strcmp(name, "metric-id"))
			continue; /* aggregation hints: nothing to count */

		/* event=ALIAS, or a bare word naming an alias */
		if (t->value && !strcasecmp(name, "event") &&
		    !isdigit((unsigned char)t->value[0])) {
			char alias_name[256];

			if (t->value_len >= sizeof(alias_name))
				goto bad_value;
			memcpy(alias_name, t->value, t->value_len);
			alias_name[t->value_len] = '\0';
			alias = perf_pmu__find_alias(pmu, alias_name);
			if (!alias)
				return parser__error(
					ps, t->value, -ENOENT,
					"run 'perf list pmu' for the PMU events of this machine",
					"unknown event '%s' for pmu '%s'",
					alias_name, pmu->name);
		}
		format = perf_pmu__find_format(pmu, name);
		if (!alias && !format && !t->value)
			alias = perf_pmu__find_alias(pmu, name);
		if (alias) {
			ret = parser__pmu_alias(ps, pmu, alias, t, ev,
						via_alias);
			if (ret)
				return ret;
			continue;
		}

		ret = parser__term_number(ps, t, &value);
		if (ret < 0)
			return ret;
		if (!strcmp(name, "config") || !strcmp(name, "config1") ||
		    !strcmp(name, "config2") || !strcmp(name, "period")) {
			if (!ret)
				goto bad_value;
			if (!strcmp(name, "config"))
				ev->attr.config = value;
			else if (!strcmp(name, "config1"))
				ev->attr.config1 = value;
			else if (!strcmp(name, "config2"))
				ev->attr.config2 = value;
			else
				ev->attr.sample_period = value;
			continue;
		}
		if (!format)
			goto unknown;
		if (!ret)
			goto bad_value;
		if (perf_pmu_format__apply(format, value,
					   pmu_event__field(ev,
							    format->field))) {
			int width = perf_pmu_format__width(format);

			return parser__error(
				ps, t->value, -EINVAL, NULL,
				"value 0x%llx too big for term '%s' of pmu '%s' (at most 0x%llx)",
				(unsigned long long)value, name, pmu->name,
				(unsigned long long)((1ULL << width) - 1));
		}
		continue;

bad_value:
		return parser__error(ps, t->value, -EINVAL, NULL,
				     "bad value '%.*s' for term '%.*s'",
				     (int)t->value_len, t->value,
				     (int)t->name_len, t->name);
unknown : {
	char *help = pmu__valid_terms(pmu);

	ret = parser__error(ps, t->at, -EINVAL, help,
			    "unknown term '%.*s' for pmu '%s'",
			    (int)t->name_len, t->name, pmu->name);
	free(help);
	return ret;
}
	}
	return 0;
}

static int parser__add_pmu_event(struct parser *ps, const struct perf_pmu *pmu,
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

/* ---- events ----------------------------------------------------------- */

/* NAME/terms/mods, ps->p at the first '/'. */
static int parser__slash_event(struct parser *ps, const char *start,
			       const char *name_end)
{
	struct pmu_event ev = { .scale = 1.0 };
	const struct event_symbol *sym;
	struct perf_pmu *pmu = NULL;
	struct term *terms = NULL;
	const char *mods;
	size_t mods_len;
	char pmu_name[256], *text = NULL;
	int nr_terms, err;

	/* First what is named: a generic event or a PMU. */
	sym = event_symbol__find(start, name_end - start);
	if (!sym) {
		if ((size_t)(name_end - start) >= sizeof(pmu_name))
			return parser__error(ps, start, -ENOENT, NULL,
					     "unknown pmu '%.*s'",
					     (int)(name_end - start), start);
		memcpy(pmu_name, start, name_end - start);
		pmu_name[name_end - start] = '\0';
		pmu = perf_pmu__find(pmu_name);
		if (!pmu && errno == ENOMEM)
			return parser__nomem(ps);
		if (!pmu)
			return parser__error(
				ps, start, -ENOENT,
				"run 'perf list pmu' for the PMU events of this machine",
				"unknown pmu '%s'", pmu_name);
	}

	err = parser__read_terms(ps, ps->p + 1, '/', &terms, &nr_terms);
	if (err)
		return err;
	ps->p++; /* the closing '/' */
	err = parser__read_modifiers(ps, &mods, &mods_len);
	if (err)
		goto out;
	text = parser__text(start, ps->p);
	if (!text) {
		err = parser__nomem(ps);
		goto out;
	}

	if (pmu) {
		err = parser__pmu_terms(ps, pmu, terms, nr_terms, &ev, NULL);
		if (!err)
			err = parser__add_pmu_event(ps, pmu, &ev, text, mods,
						    mods_len);
		goto out;
	}

	/* cpu-clock/name=wall/: generic events take name= only */
	ev.attr.type = sym->type;
	ev.attr.config = sym->config;
	for (int i = 0; i < nr_terms; i++) {
		if (term__is(&terms[i], "name")) {
			err = parser__term_name(ps, &terms[i], &ev.name);
			if (err)
				goto out;
			continue;
		}
		if (term__is(&terms[i], "period") &&
		    parser__term_number(ps, &terms[i],
					&ev.attr.sample_period) == 1)
			continue;
		err = parser__error(ps, terms[i].at, -EINVAL,
				    "valid terms: name,period",
				    "unknown term '%.*s' for event '%s'",
				    (int)terms[i].name_len, terms[i].name,
				    sym->symbol);
		goto out;
	}
	err = parser__new_evsel(ps, &ev.attr, ev.name ? ev.name : text, mods,
				mods_len, NULL);
out:
	free(ev.name);
	free(text);
	free(terms);
	return err;
}

/* A bare name that is an event alias of sysfs PMUs ("tsc"): one each. */
static int parser__alias_event(struct parser *ps, const char *start,
			       const char *name_end, const char *text,
			       const char *mods, size_t mods_len)
{
	struct term term = { .name = start,
			     .name_len = name_end - start,
			     .at = start };
	char name[256];
	int found = 0;

	if ((size_t)(name_end - start) >= sizeof(name))
		return 0;
	memcpy(name, start, name_end - start);
	name[name_end - start] = '\0';
	for (struct perf_pmu *pmu = perf_pmu__scan_all(); pmu;
	     pmu = pmu->next) {
		const struct perf_pmu_alias *alias;
		struct pmu_event ev = { .scale = 1.0 };
		int err;

		alias = perf_pmu__find_alias(pmu, name);
		if (!alias)
			continue;
		err = parser__pmu_alias(ps, pmu, alias, &term, &ev, NULL);
		if (!err)
			err = parser__add_pmu_event(ps, pmu, &ev, text, mods,
						    mods_len);
		free(ev.name);
		if (err)
			return err;
		found++;
	}
	return found;
}

/* NAME[:mods], ps->p just past NAME. */
static int parser__named_event(struct parser *ps, const char *start,
			       const char *name_end)
{
	const struct event_symbol *sym;
	struct perf_event_attr attr = { 0 };
	const char *mods = NULL;
	size_t mods_len = 0;
	char *text;
	int err;

	sym = event_symbol__find(start, name_end - start);
	if (sym) {
		attr.type = sym->type;
		attr.config = sym->config;
	} else {
		err = parser__hw_cache(ps, start, name_end, &attr.config);
		if (err < 0)
			return err;
		if (err) {
			attr.type = PERF_TYPE_HW_CACHE;
		} else {
			err = parser__raw(ps, start, name_end, &attr.config);
			if (err < 0)
				return err;
			if (err)
				attr.type = PERF_TYPE_RAW;
		}
	}

	if (*ps->p == ':') {
		ps->p++;
		err = parser__read_modifiers(ps, &mods, &mods_len);
		if (err)
			return err;
	} else if (!is_event_end(*ps->p)) {
		return parser__error(ps, ps->p, -EINVAL, NULL,
				     "unexpected '%c' after event '%.*s'",
				     *ps->p, (int)(name_end - start), start);
	}

	text = parser__text(start, ps->p);
	if (!text)
		return parser__nomem(ps);
	if (sym || attr.type) {
		err = parser__new_evsel(ps, &attr, text, mods, mods_len, NULL);
	} else {
		err = parser__alias_event(ps, start, name_end, text, mods,
					  mods_len);
		if (err == 0)
			err = parser__error(
				ps, start, -ENOENT,
				"run 'perf list' for the events of this machine",
				"unknown event '%.*s'", (int)(name_end - start),
				start);
		else if (err > 0)
			err = 0;
	}
	free(text);
	return err;
}

static int parser__event(struct parser *ps)
{
	const char *start = ps->p;

	while (is_name_char(*ps->p))
		ps->p++;
	if (ps->p == start) {
		if (is_event_end(*ps->p))
			return parser__error(ps, ps->p, -EINVAL, NULL,
					     "empty event");
		return parser__error(ps, ps->p, -EINVAL, NULL,
				     "unexpected '%c'", *ps->p);
	}
	if (*ps->p == '/')
		return parser__slash_event(ps, start, ps->p);
	return parser__named_event(ps, start, ps->p);
}

static void parser__skip_blanks(struct parser *ps)
{
	while (*ps->p == ' ' || *ps->p == '\t')
		ps->p++;
}

/*
 * {a,b,...}[:mods], ps->p at '{'.  The group's modifiers come back in
 * *gmods (NULL if none).
 */
static int parser__group(struct parser *ps, const char **gmods,
			 size_t *gmods_len)
{
	const char *open = ps->p, *bad = NULL;
	int first = ps->nr_pending, err;
	struct evsel *leader;

	*gmods = NULL;
	*gmods_len = 0;
	ps->p++;
	for (;;) {
		parser__skip_blanks(ps);
		if (*ps->p == '{')
			return parser__error(ps, ps->p, -EINVAL, NULL,
					     "nested groups are not supported");
		err = parser__event(ps);
		if (err)
			return err;
		parser__skip_blanks(ps);
		if (*ps->p == ',') {
			ps->p++;
			continue;
		}
		if (*ps->p == '}')
			break;
		return parser__error(ps, open, -EINVAL, NULL,
				     "unbalanced braces: missing '}'");
	}
	ps->p++;
	if (*ps->p == ':') {
		ps->p++;
		err = parser__read_modifiers(ps, gmods, gmods_len);
		if (err)
			return err;
	}

	leader = ps->pending[first].evsel;
	for (int i = first; i < ps->nr_pending; i++) {
		struct pending_evsel *pe = &ps->pending[i];
		struct modifier_state ms = { 0 };

		pe->evsel->leader = leader;
		pe->evsel->grouped = true;
		/* the group's modifiers apply on top of the member's own */
		if (pe->mods && *gmods) {
			modifier_state__apply(&ms, pe->mods, pe->mods_len,
					      &bad);
			if (modifier_state__apply(&ms, *gmods, *gmods_len,
						  &bad))
				return parser__modifier_error(ps, bad);
		}
	}
	leader->nr_members = ps->nr_pending - first;
	ps->nr_groups++;
	return 0;
}

/* Set each new evsel's exclude bits etc. from its (and its group's) mods. */
static void parser__store_modifiers(struct parser *ps, int first,
				    const char *gmods, size_t gmods_len)
{
	for (int i = first; i < ps->nr_pending; i++) {
		const struct pending_evsel *pe = &ps->pending[i];
		struct modifier_state ms = { 0 };
		const char *bad;

		if (!pe->mods && !gmods)
			continue;
		if (pe->mods)
			modifier_state__apply(&ms, pe->mods, pe->mods_len,
					      &bad);
		if (gmods)
			modifier_state__apply(&ms, gmods, gmods_len, &bad);
		modifier_state__store(&ms, pe->evsel);
	}
}

static int parser__list(struct parser *ps)
{
	for (;;) {
		int first = ps->nr_pending, err;
		const char *gmods = NULL;
		size_t gmods_len = 0;

		parser__skip_blanks(ps);
		if (*ps->p == '{')
			err = parser__group(ps, &gmods, &gmods_len);
		else
			err = parser__event(ps);
		if (err)
			return err;
		parser__store_modifiers(ps, first, gmods, gmods_len);

		parser__skip_blanks(ps);
		if (*ps->p == '\0')
			return 0;
		if (*ps->p == ',') {
			ps->p++;
			continue;
		}
		if (*ps->p == '}')
			return parser__error(
				ps, ps->p, -EINVAL, NULL,
				"unbalanced braces: unexpected '}'");
		return parser__error(ps, ps->p, -EINVAL, NULL,
				     "unexpected '%c'", *ps->p);
	}
}

int parse_events(struct evlist *evlist, const char *str,
		 struct parse_events_error *err)
{
	struct parser ps = { .str = str, .p = str, .err = err };
	int ret;

	ret = parser__list(&ps);
	if (!ret) {
		for (int i = 0; i < ps.nr_pending; i++) {
			ret = evlist__add(evlist, ps.pending[i].evsel);
			if (ret) {
				/* undo: leave the evlist as it was */
				for (int j = 0; j < i; j++)
					evlist->entries[--evlist->nr_entries] =
						NULL;
				parser__error(&ps, str, ret, NULL,
					      "out of memory");
				break;
			}
		}
	}
	if (ret) {
		for (int i = 0; i < ps.nr_pending; i++)
			evsel__delete(ps.pending[i].evsel);
	} else {
		evlist->nr_groups += ps.nr_groups;
	}
	free(ps.pending);
	return ret;
}

void parse_events_error__exit(struct parse_events_error *err)
{
	if (!err)
		return;
	free(err->str);
	free(err->help);
	err->str = NULL;
	err->help = NULL;
	err->idx = 0;
}

void parse_events_error__print(const struct parse_events_error *err,
			       const char *event)
{
	pr_error("bad event '%s' at offset %d: %s", event ? event : "",
		 err ? err->idx : 0,
		 err && err->str ? err->str : "cannot parse it");
	if (err && err->help)
		pr_hint("%s", err->help);
}

int evlist__add_default_events(struct evlist *evlist)
{
	static const char *const defaults =
		"task-clock,context-switches,cpu-migrations,page-faults";
	static const char *const defaults_hw =
		"cycles,instructions,branches,branch-misses";
	struct parse_events_error err = { 0 };
	struct perf_pmu *cpu;
	int ret;

	ret = parse_events(evlist, defaults, &err);
	/* perf adds these only where the core PMU names them */
	cpu = perf_pmu__find("cpu");
	if (!ret && cpu && perf_pmu__find_alias(cpu, "stalled-cycles-frontend"))
		ret = parse_events(evlist, "stalled-cycles-frontend", &err);
	if (!ret && cpu && perf_pmu__find_alias(cpu, "stalled-cycles-backend"))
		ret = parse_events(evlist, "stalled-cycles-backend", &err);
	if (!ret)
		ret = parse_events(evlist, defaults_hw, &err);
	parse_events_error__exit(&err);
	return ret;
}
