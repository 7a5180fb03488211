// SPDX-License-Identifier: GPL-2.0
/*
 * perf bperf list: what is shared through an attr map right now.  One row
 * (or JSON object) per attr map entry: the event, the leader's link,
 * program and diff map ids, its live sessions and followers with their
 * pids (a group's leader is one entry, named by its members: "{a,b}"), and whether the entry is live, dying (no live session), stale
 * (the leader is gone) or foreign (it leads to something not ours).
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <linux/perf_event.h>

#include <bpf/bpf.h>

#include "bpf_counter.h"
#include "bpf_counter_priv.h"
#include "bperf-priv.h"
#include "event-names.h"
#include "tracepoint.h"

/* A readable name for an attr key: "cpu-clock:u", "type=8,config=0x1". */
void bperf__key_name(const struct bperf_attr_key *key, char *buf, size_t size)
{
	char name[256], mods[8] = "";
	bool named = false;
	size_t n = 0;

	/* The generic names, from the tables parse-events reads them by. */
	if (!key->config1 && !key->config2)
		named = !event_name_of(key->type, key->config, name,
				       sizeof(name));
	/* A tracepoint: its sys:name in tracefs, by its id. */
	if (!named && key->type == PERF_TYPE_TRACEPOINT && !key->config1 &&
	    !key->config2)
		named = !tracepoint__name_of(key->config, name, sizeof(name));
	if ((key->exclude & (BPERF_EXCLUDE_KERNEL | BPERF_EXCLUDE_USER)) ==
	    BPERF_EXCLUDE_KERNEL)
		mods[n++] = 'u';
	else if ((key->exclude & (BPERF_EXCLUDE_KERNEL | BPERF_EXCLUDE_USER)) ==
		 BPERF_EXCLUDE_USER)
		mods[n++] = 'k';
	mods[n] = '\0';
	if (named)
		snprintf(buf, size, "%s%s%s", name, n ? ":" : "", mods);
	else
		snprintf(buf, size,
			 "type=%u,config=%#llx,config1=%#llx,config2=%#llx%s%s",
			 key->type, (unsigned long long)key->config,
			 (unsigned long long)key->config1,
			 (unsigned long long)key->config2, n ? ":" : "", mods);
}

struct bperf_leader_state {
	const char *state; /* live, dying, stale, foreign */
	__u32 prog_id;
	int sessions;
	int followers;
	char pids[256];
	char name[BPERF_MAX_GROUP_MEMBERS * 64]; /* what it counts */
	char members[BPERF_MAX_GROUP_MEMBERS * 68]; /* JSON: "a", "b" */
	struct bperf_events events;
};

static void bperf__leader_state(const struct bperf_attr_key *key,
				const struct bperf_attr_value *value,
				struct bperf_session *reg,
				struct bperf_leader_state *st)
{
	struct bperf_leader leader;
	struct bpf_prog_info info = {};
	__u32 len = sizeof(info);
	size_t n = 0;
	int err;

	memset(st, 0, sizeof(*st));
	/* Any members: a group's are in its leader, read as it is taken. */
	st->events.key = *key;
	leader__init(&leader);
	err = leader__take(&st->events, value, &leader);
	if (err) {
		st->state = err == -ENOENT ? "stale" : "foreign";
		if (key->exclude & BPERF_EXCLUDE_GROUP)
			snprintf(st->name, sizeof(st->name), "{group of %u}",
				 (key->exclude >> BPERF_GROUP_MEMBERS_SHIFT) &
					 BPERF_GROUP_MEMBERS_MASK);
		else
			bperf__key_name(key, st->name, sizeof(st->name));
		return;
	}
	st->events = leader.events;
	bperf_events__name(&st->events, st->name, sizeof(st->name));
	for (__u32 m = 0; m < st->events.nr_members; m++) {
		char member[64];

		bperf__key_name(&st->events.members[m], member, sizeof(member));
		n += snprintf(st->members + n, sizeof(st->members) - n,
			      "%s\"%s\"", m ? ", " : "", member);
	}
	n = 0;
	if (!bpf_obj_get_info_by_fd(leader.fd[LEADER_PROG], &info, &len))
		st->prog_id = info.id;
	if (registry__read(leader.fd[LEADER_SESSIONS], reg)) {
		st->state = "unreadable";
		goto out;
	}
	for (int i = 1; i < REGISTRY_ENTRIES; i++) {
		if (!bperf__token_alive(reg[i].token_id))
			continue;
		st->sessions++;
		if (reg[i].slot)
			st->followers++;
		if (n < sizeof(st->pids) - 16)
			n += snprintf(st->pids + n, sizeof(st->pids) - n,
				      "%s%u", n ? "," : "", reg[i].pid);
	}
	st->state = st->sessions ? "live" : "dying";
out:
	leader__close(&leader);
}

int bperf__list(const char *path, bool json, FILE *out, struct perf_error *err)
{
	struct bperf_attr_key key, next;
	struct perf_error e = {};
	struct bperf_session *reg;
	int fd, ret = 0, nr = 0;
	bool first = true;

	ret = attr_map__check_fs(path, &e);
	if (!ret) {
		fd = attr_map__open(path, &e);
		if (fd == -ENOENT) {
			if (!json)
				fprintf(out,
					"no bperf attr map at %s: nothing is shared\n",
					path);
			return 0;
		}
		ret = fd < 0 ? fd : 0;
	}
	if (ret) {
		*err = e;
		return ret;
	}
	reg = calloc(REGISTRY_ENTRIES, sizeof(*reg));
	if (!reg) {
		close(fd);
		return perf_error__set(err, -ENOMEM, "out of memory");
	}
	if (!json)
		fprintf(out, "%-28s %8s %8s %8s %8s %9s  %-7s %s\n", "EVENT",
			"LINK", "PROG", "DIFFMAP", "SESSIONS", "FOLLOWERS",
			"STATE", "PIDS");
	while (!bpf_map_get_next_key(fd, first ? NULL : &key, &next)) {
		struct bperf_attr_value value;
		struct bperf_leader_state st;

		first = false;
		key = next;
		if (bpf_map_lookup_elem(fd, &key, &value))
			continue;
		bperf__leader_state(&key, &value, reg, &st);
		nr++;
		if (json)
			fprintf(out,
				"{\"event\": \"%s\", \"members\": [%s], \"type\": %u, \"config\": %llu, \"config1\": %llu, \"config2\": %llu, \"exclude\": %u, \"link_id\": %u, \"prog_id\": %u, \"diff_map_id\": %u, \"sessions\": %d, \"followers\": %d, \"pids\": [%s], \"state\": \"%s\"}\n",
				st.name, st.members, key.type,
				(unsigned long long)key.config,
				(unsigned long long)key.config1,
				(unsigned long long)key.config2, key.exclude,
				value.link_id, st.prog_id, value.diff_map_id,
				st.sessions, st.followers, st.pids, st.state);
		else
			fprintf(out, "%-28s %8u %8u %8u %8d %9d  %-7s %s\n",
				st.name, value.link_id, st.prog_id,
				value.diff_map_id, st.sessions, st.followers,
				st.state, st.pids[0] ? st.pids : "-");
	}
	if (!json && !nr)
		fprintf(out, "(no leaders)\n");
	free(reg);
	close(fd);
	return 0;
}

void bperf_events__name(const struct bperf_events *ev, char *buf, size_t size)
{
	size_t n = 0;

	if (ev->nr_members <= 1) {
		bperf__key_name(&ev->members[0], buf, size);
		return;
	}
	for (__u32 m = 0; m < ev->nr_members && n + 2 < size; m++) {
		char name[128];

		bperf__key_name(&ev->members[m], name, sizeof(name));
		n += snprintf(buf + n, size - n, "%s%s", m ? "," : "{", name);
	}
	if (n + 2 <= size)
		snprintf(buf + n, size - n, "}");
}
