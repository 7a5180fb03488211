// SPDX-License-Identifier: GPL-2.0
/*
 * Event modifiers, the letters after ':' (or after a PMU event's closing
 * '/'): u, k, h, G, H, I exclude levels, p/pp/ppp precision, D pinned,
 * e exclusive, b counted by bperf, W weak group; P and S are accepted and
 * ignored.
 * A group's modifiers apply on top of each member's own.
 */
#include <errno.h>
#include <stdbool.h>
#include <stddef.h>

#include "evsel.h"
#include "parse-events-priv.h"

/*
 * Apply one modifier string ("upp") on top of state, the way perf's
 * get_event_modifier() does: the first of u/k/h excludes everything and
 * each one then re-includes its level; likewise G/H.  Returns 0, or
 * -EINVAL with *bad pointing at the offending character.
 */
int modifier_state__apply(struct modifier_state *ms, const char *mods,
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
		case 'W': /* weak group */
			ms->weak = true;
			break;
		case 'P': /* maximum precision: a sampling matter */
		case 'S': /* sample read */
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
	if (ms->weak)
		evsel->weak_group = true;
}

int parser__modifier_error(struct parser *ps, const char *bad)
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
int parser__read_modifiers(struct parser *ps, const char **mods, size_t *len)
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

void parser__store_modifiers(struct parser *ps, int first, const char *gmods,
			     size_t gmods_len)
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
