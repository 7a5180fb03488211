# SPDX-License-Identifier: GPL-2.0
# shellcheck shell=bash
#
# Helpers for the bperf shell tests.  Source after lib.sh:
#
#   . "$(dirname "$0")"/lib.sh
#   . "$(dirname "$0")"/lib/bperf.sh
#
# Each test gets its own attr map, $BPERF_MAP, removed at exit, so that it
# neither sees nor disturbs other bperf sessions on the machine.

BPERF_MAP=/sys/fs/bpf/bperf_test_${T_NAME}_$$

bperf_t_cleanup() {
	t_cleanup
	rm -f "$BPERF_MAP"
	rmdir "${BPERF_MAP}_lock" 2>/dev/null
	return 0
}
trap bperf_t_cleanup EXIT

t_require_bpffs() {
	awk '$2 == "/sys/fs/bpf" && $3 == "bpf" { found = 1 }
		END { exit !found }' /proc/mounts ||
		t_skip "bpffs is not mounted at /sys/fs/bpf (mount -t bpf bpf /sys/fs/bpf)"
}

t_require_bperf() {
	t_require_root
	t_require_perf
	t_require_bpffs
	t_require_cmd bpftool python3
}

# bperf_stat ARGS...: perf stat --use-bpf on this test's attr map.
bperf_stat() {
	run_perf stat --use-bpf --attr-map "$BPERF_MAP" "$@"
}

# The bperf programs alive on the machine: leaders, followers and the
# fork followers of workload sessions.
bperf_nr_progs() {
	bpftool -j prog show | python3 -c '
import json, sys
names = ("on_switch", "follow_switch", "on_fork", "on_free", "on_exec")
print(sum(1 for p in json.load(sys.stdin) if p.get("name") in names))'
}

# Leader links: raw tracepoint links on sched_switch of a program named
# on_switch.  bperf_leader_link_ids prints their ids, one a line.
bperf_leader_link_ids() {
	local progs
	progs=$(bpftool -j prog show)
	bpftool -j link show | python3 -c '
import json, sys
# bpftool prints {"error": ...} for an object freed while it lists.
progs = {p["id"]: p.get("name") for p in json.loads(sys.argv[1]) if "id" in p}
for l in json.load(sys.stdin):
	if ("id" in l and l.get("type") == "raw_tracepoint" and
	    l.get("tp_name") == "sched_switch" and
	    progs.get(l.get("prog_id")) == "on_switch"):
		print(l["id"])' "$progs"
}

bperf_nr_leader_links() {
	bperf_leader_link_ids | wc -l
}

# bperf_new_leader_links BASE_FILE: how many leader links exist now that
# were not listed in BASE_FILE (saved from bperf_leader_link_ids), so that
# other bperf users on the machine do not disturb the count.
bperf_new_leader_links() {
	bperf_leader_link_ids | grep -cvxF -f "$1"
}

# bperf_wait_gone BASE_PROGS BASE_LINKS: wait up to 10 s until no more
# bperf programs and leader links exist than before the test.
bperf_wait_gone() {
	local i
	for i in $(seq 50); do
		[ "$(bperf_nr_progs)" -le "$1" ] &&
			[ "$(bperf_nr_leader_links)" -le "$2" ] && return 0
		sleep 0.2
	done
	return 1
}

# bperf_list_field EVENT FIELD: FIELD of EVENT's entry in perf bperf list -j.
bperf_list_field() {
	run_perf bperf list -j --attr-map "$BPERF_MAP" | python3 -c '
import json, sys
for line in sys.stdin:
	e = json.loads(line)
	if e["event"] == sys.argv[1]:
		print(e[sys.argv[2]])
		break' "$1" "$2"
}

# A gate: processes started with "bperf_gated CMD..." wait until
# bperf_open_gate, then all start within a few milliseconds.
bperf_gate_init() {
	BPERF_GATE=$T_TMP/gate
	rm -f "$BPERF_GATE"
}

bperf_gated() {
	t_bg bash -c 'while [ ! -e "$0" ]; do sleep 0.005; done; exec "$@"' \
		"$BPERF_GATE" "$@"
}

bperf_open_gate() {
	: >"$BPERF_GATE"
}
