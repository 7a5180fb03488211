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
#    --same-window takes bperf's own enabled time for the window (a
#    stale or early baseline with an enabled time to match would pass),
#    so CPU-scoped clocks are also checked against the session's wall
#    clock: compare_counts.py --clock CPUS, duration_time listed right
#    before and right after the bperf event, times the CPUs of a row.
#    Measured, bperf from the nearer of the two, ms a CPU: single
#    sessions (-a, -A, -C 0, msr/tsc/ -A, 40..80 each) -0.045..+0.031,
#    -a -I 100 intervals (120) -1.045..+0.267; 64 -a sessions started
#    at once with 24 workloads -0.566..+0.012; 281 -a sessions of the
#    stress test's churn -0.103..+0.027 (load 15..65).  With duration_time
#    after the bperf event only, one of 288 sessions started at once
#    read +64 ms (perf kept off the CPU between two enables): such a
#    delay moves one of two clocks, not both.  An early baseline of 5 ms
#    (made on purpose) read +5.0 ms from both, where --same-window saw
#    +0.003 %.
# shellcheck disable=SC2034 # used by the tests that source this
BPERF_CLOCK_MS=2
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
	t_has_bpffs || t_missing_dep "bpffs mounted at /sys/fs/bpf"
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

# bperf_stat ARGS...: perf stat --use-bpf on this test's attr map.  With
# --use-bpf every event is counted through bperf, its "plain" twin of an
# EV:b too: a session meant to compare the two must not come here.
bperf_stat() {
	local a prev='' events=()
	for a in "$@"; do
		[ "$prev" = -e ] && events+=("$a")
		prev=$a
	done
	if [ ${#events[@]} -gt 0 ] && ! python3 -c '
import sys
sys.path.insert(0, sys.argv[1])
from compare_counts import plain_name
names = {n.strip("{}") for a in sys.argv[2:] for n in a.split(",")}
sys.exit(any(plain_name(n) in names for n in names))' "$T_SHELL_DIR" "${events[@]}"; then
		t_fail "bperf_stat $*: --use-bpf counts the plain twin of an EV:b through bperf too"
		return 1
	fi
	run_perf stat --use-bpf --attr-map "$BPERF_MAP" "$@"
}

# The names of a leader's programs: on_switch and its hooks' (on_task
# serves the exit, exec and tick hooks; on_exit_kprobe is the exit hook
# where the kernel has kprobes; the fault hooks only for page faults).
BPERF_PROGS=(on_switch on_fork on_free on_task on_exit_kprobe
	on_fault_user on_fault_kernel on_fault_counted)

# The bperf programs alive on the machine: leaders and their hooks (four
# per leader, five where the exit hook is a kprobe, two more for page
# faults on x86; followers have none).  With names as arguments, only
# the programs of those names (bperf_nr_progs on_switch: one per leader).
bperf_nr_progs() {
	[ $# -gt 0 ] || set -- "${BPERF_PROGS[@]}"
	bpftool -j prog show | python3 -c '
import json, sys
print(sum(1 for p in json.load(sys.stdin) if p.get("name") in sys.argv[1:]))' "$@"
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

# bperf_list_field EVENT FIELD: FIELD of EVENT's entry in perf bperf list -j
# (an array as compact JSON).  jq, not python3: on these machines python3
# is a pyenv shim that took a second to start beside a busy loop, and the
# polls of a session's listing outlasted the session (seen in CI).
bperf_list_field() {
	run_perf bperf list -j --attr-map "$BPERF_MAP" |
		jq -rn --arg ev "$1" --arg f "$2" \
			'first(inputs | select(.event == $ev)) | .[$f] |
			 if type == "array" then tojson else . end'
}

# bperf_wait_listed OUT FILTER: perf bperf list -j of this test's attr map
# into OUT, again and again until jq's FILTER on its entries (slurped, an
# array) is true, up to T_WAIT s (lib.sh's t_wait_until).  A session
# whose workload waits for the test (bperf_hold) is listed however long
# the machine took to start it; a fixed sleep before one listing missed
# it in CI.
bperf_wait_listed() {
	t_wait_until bperf_listed "$1" "$2"
}

bperf_listed() {
	run_perf bperf list -j --attr-map "$BPERF_MAP" >"$1" 2>&1 &&
		jq -se "$2" "$1" >/dev/null 2>&1
}

# bperf_hold: a shell command for a workload that waits until
# bperf_release (a file in T_TMP), polling every 10 ms.
bperf_hold() {
	rm -f "$T_TMP/release"
	echo "while [ ! -e '$T_TMP/release' ]; do sleep 0.01; done"
}

bperf_release() {
	: >"$T_TMP/release"
}

# bperf_worker: start lib/worker.py in the background ($T_BG_PID) and wait
# until the interpreter runs it.  python3 may be a script: on these
# machines a pyenv shim, bash forking some twenty commands before it execs
# the interpreter; a -p session attached meanwhile counts some of those
# children with one backend and not the other (each takes the process's
# children from the moment it attached: bperf put 700 page faults of one
# child fewer than plain counting in an 8-member group).
bperf_worker() {
	t_bg python3 "$T_SHELL_DIR/lib/worker.py"
	t_wait_until bperf_is_python "$T_BG_PID" ||
		t_abort "lib/worker.py did not start"
}

bperf_is_python() {
	case $(readlink "/proc/$1/exe" 2>/dev/null) in
	*python*) return 0 ;;
	esac
	return 1
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

# bperf_window PID MS OUT ARGS...: perf stat -x, ARGS -p PID -o OUT (both
# backends in ARGS; its stderr in OUT.err), enabled and disabled through
# --control while PID is stopped (SIGSTOP), PID running MS ms in between:
# every event of the session sees the same run of PID, however long perf
# takes to enable one event after the other (on a slow or loaded machine,
# a busy PID ran tens of ms more for one backend than for the other).
# perf's status.
bperf_window() {
	local pid=$1 ms=$2 out=$3 perf_pid ok rc
	shift 3
	rm -f "$T_TMP/ctl" "$T_TMP/ack"
	mkfifo "$T_TMP/ctl" "$T_TMP/ack"
	kill -STOP "$pid"
	"$PERF" stat --attr-map "$BPERF_MAP" -x, -o "$out" -D -1 \
		--control "fifo:$T_TMP/ctl,$T_TMP/ack" "$@" -p "$pid" 2>"$out.err" &
	perf_pid=$!
	exec 8>"$T_TMP/ctl" 9<"$T_TMP/ack"
	bperf_control enable && kill -CONT "$pid" &&
		sleep "$(awk -v ms="$ms" 'BEGIN { print ms / 1000 }')" &&
		t_stop "$pid" && bperf_control disable
	ok=$?
	kill -INT "$perf_pid"
	exec 8>&- 9<&-
	wait "$perf_pid"
	rc=$?
	kill -CONT "$pid"
	# perf ends with the SIGINT that ended it, as perf does.
	[ $rc -eq 130 ] && rc=0
	[ $ok -eq 0 ] || rc=1
	return $rc
}

# bperf_control CMD: send CMD on bperf_window's control fifo, wait for the
# ack (at most T_WAIT seconds).
bperf_control() {
	local ack
	echo "$1" >&8 && read -r -t "${T_WAIT:-30}" ack <&9 && [ "$ack" = ack ]
}

# A gate that costs nothing while closed: "bperf_fifo_gated FIFO CMD..."
# starts CMD in the background ($T_BG_PID) behind the named pipe FIFO, in
# open(2), where it runs no instruction that a session could count (a
# session attached with -p counts exactly CMD's work); bperf_fifo_open
# FIFO lets every process waiting on FIFO go at once.
bperf_fifo_gated() {
	local fifo=$1
	shift
	[ -p "$fifo" ] || mkfifo "$fifo" || t_abort "cannot make the fifo $fifo"
	t_bg bash -c 'read -r _ <"$0"; exec "$@"' "$fifo" "$@"
}

bperf_fifo_open() {
	timeout 10 bash -c ': >"$0"' "$1" || t_abort "nothing waited on $1"
}

# t_require_hw_pmu: skip unless this machine's PMU counts cycles and
# instructions (on the development VMs it has neither; on QEMU's arm64
# without -icount, no instructions).
t_require_hw_pmu() {
	local v e
	t_has_hw_pmu || t_skip "no hardware PMU on this machine (cycles is not supported)"
	run_perf stat -x, -o "$T_TMP/hw-probe" -e cycles,instructions -- true \
		2>/dev/null || t_abort "perf stat -e cycles,instructions failed"
	for e in cycles instructions; do
		v=$(csv_value "$T_TMP/hw-probe" "$e")
		[ "$v" != "<not supported>" ] ||
			t_skip "this machine's PMU does not count $e"
	done
}
