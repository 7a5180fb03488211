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
COMPARE=$T_SHELL_DIR/compare_counts.py

# How far bperf may be from plain counting of the same work in the same
# session (perf stat -e EV:b,EV, compare_counts.py), in percent of the
# plain count.  Measured on the 2-CPU development VM, under the load of
# other sessions, 30 runs of each:
#  - CPU-scoped sessions (-a, -C, -A: the leader's per-CPU totals):
#    -a cpu-clock over 0.3 s -0.012..+0.005 %, -A each CPU -0.060..+0.013 %,
#    -C 1 -0.003..+0.010 % (and one run at +2.47 %, more than the elapsed
#    time: a bperf bug), -a ended by SIGINT after 1 s -0.003..0 %;
#    -a context-switches over 0.5 s never differed.
#    Clocks and msr/tsc/ counted on CPUs grow with the time the event was
#    enabled, and perf stat enables one event after the other: the plain
#    row of a session kept off the CPU in between counts a shorter window
#    (CI: 16 sessions at once, plain -a task-clock 18.76 ms short of
#    task-clock:b and of both cpu-clock rows).  CPU-scoped clock
#    comparisons therefore use compare_counts.py --same-window.
BPERF_CPU_PCT=0.1
#  - task-scoped sessions (-p, -t, a workload: followers): -p of a busy
#    loop over 0.5 s -0.008..+0.110 % in 28 runs, +0.51 and +0.80 % in
#    two (the leader missed a switch, issue 9); -t -0.002..+0.069 % in 27
#    runs, +0.48..+0.72 % in three; -p ended by SIGINT after 1 s
#    -0.009..+0.017 %.  A workload whose children exit
#    gets +0.1..+0.4 % more from bperf (issue 9): it fails this bound
#    until that is fixed.
BPERF_TASK_PCT=0.2

bperf_t_cleanup() {
	rm -f "$BPERF_MAP"
	rmdir "${BPERF_MAP}_lock" 2>/dev/null
	return 0
}
t_at_exit bperf_t_cleanup

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

# bperf_compare DESC FILE [compare_counts.py options]: pass when every
# bperf row of the CSV FILE is within the bound of its plain row; prints
# the pairs on failure.
bperf_compare() {
	local desc=$1 file=$2 rc
	shift 2
	python3 "$COMPARE" "$@" "$file" >"$file.cmp"
	rc=$?
	if [ $rc -eq 0 ]; then
		t_pass "$desc: $(tail -n 1 "$file.cmp")"
	else
		t_fail "$desc: $(tail -n 1 "$file.cmp")"
		t_show "$file.cmp" 40
	fi
	return $rc
}

# bperf_stat ARGS...: perf stat --use-bpf on this test's attr map.
bperf_stat() {
	run_perf stat --use-bpf --attr-map "$BPERF_MAP" "$@"
}

# The bperf programs alive on the machine: leaders and their hooks (six
# per leader, eight for page faults on x86; followers have none).  With
# names as arguments, only the programs of those names (bperf_nr_progs
# on_switch: one per leader).
bperf_nr_progs() {
	bpftool -j prog show | python3 -c '
import json, sys
names = sys.argv[1:] or ("on_switch", "on_fork", "on_free", "on_exec",
			 "on_exit", "on_tick", "on_fault_user",
			 "on_fault_kernel")
print(sum(1 for p in json.load(sys.stdin) if p.get("name") in names))' "$@"
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
