#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# Sessions killed with SIGKILL leave nothing that keeps costing: the next
# session reclaims their followers (and counts what plain counting counts
# beside it), and once the last session is gone no bperf program or link
# remains.  Sessions killed at random moments of their start-up do not
# break the sessions after them.  A leader of page faults has the fault
# hooks, and only it.

. "$(dirname "$0")"/lib.sh
. "$(dirname "$0")"/lib/bperf.sh

t_require_bperf

base_progs=$(bperf_nr_progs)
base_links=$(bperf_nr_leader_links)
t_busy
busy=$T_BG_PID

# 1. Three sessions, two of them killed mid-run.
t_bg "$PERF" stat --use-bpf --attr-map "$BPERF_MAP" -e cpu-clock -- sleep 30
k1=$T_BG_PID
t_bg "$PERF" stat --use-bpf --attr-map "$BPERF_MAP" -e cpu-clock -p "$busy"
k2=$T_BG_PID
t_bg "$PERF" stat --use-bpf --attr-map "$BPERF_MAP" -e cpu-clock -a -- sleep 30
k3=$T_BG_PID
# cpu_sessions N: the cpu-clock leader has N live sessions.
cpu_sessions() {
	[ "$(bperf_list_field cpu-clock sessions)" = "$1" ]
}
t_check "3 sessions registered" t_wait_until cpu_sessions 3
kill -KILL "$k1" "$k2"
wait "$k1" "$k2" 2>/dev/null
t_check "killed sessions no longer count as live" cpu_sessions 1

# A new session joins, reclaims the dead followers, and counts what plain
# counting counts beside it (bounds in lib/bperf.sh), both over the same
# run of the loop (bperf_window: a TCG guest's slow enables read +0.27 %).
bperf_window "$busy" 1000 "$T_TMP/p" -e cpu-clock:b,cpu-clock ||
	{ t_show "$T_TMP/p.err"; t_fail "session after kill failed"; }
bperf_compare "session after the kills counts the busy loop" "$T_TMP/p" \
	--pct "$BPERF_TASK_PCT" --min 100
t_check "the dead sessions' followers were reclaimed" \
	test "$(bperf_list_field cpu-clock followers)" = 0

kill -KILL "$k3"
wait "$k3" 2>/dev/null
t_check "all killed: no bperf program or leader link left" \
	bperf_wait_gone "$base_progs" "$base_links"
t_check "the stale entry is reported as stale" \
	test "$(bperf_list_field cpu-clock state)" = stale

# 2. Killed at random moments of start-up, 20 times, mixed targets.
for i in $(seq 20); do
	case $((i % 3)) in
	0) args=(-a -- sleep 5) ;;
	1) args=(-p "$busy") ;;
	2) args=(-- sleep 5) ;;
	esac
	"$PERF" stat --use-bpf --attr-map "$BPERF_MAP" -e cpu-clock,task-clock \
		"${args[@]}" >/dev/null 2>&1 &
	victim=$!
	sleep "0.0$((RANDOM % 10))$((RANDOM % 10))"
	kill -KILL "$victim" 2>/dev/null
	wait "$victim" 2>/dev/null
done
bperf_window "$busy" 1000 "$T_TMP/after" \
	-e cpu-clock:b,task-clock:b,cpu-clock,task-clock ||
	{ t_show "$T_TMP/after.err"; t_fail "session after 20 kills failed"; }
bperf_compare "after 20 kills a session counts the busy loop" \
	"$T_TMP/after" --pct "$BPERF_TASK_PCT" --min 100 --pairs 2
t_check "after 20 kills: nothing left" \
	bperf_wait_gone "$base_progs" "$base_links"

# 3. The fault hooks: a leader of page faults has two more programs on
# the page_fault_user and _kernel tracepoints where the kernel has them
# (x86), else one, on_fault_counted, run by its own events (arm64), which
# a joining session takes with the rest; a leader of anything else has
# none (they cost every page fault on the machine).  Then the same with
# PERF_BPERF_FAULT_HOOK=event, the arm64 hook wherever we are.
bperf_both_joined() {
	[ "$(bperf_list_field task-clock sessions)" = 1 ] &&
		[ "$(bperf_list_field page-faults sessions)" = 1 ]
}

fault_case() {
	local desc=$1 want_tp=$2 want_counted=$3 k1 k2 got_tp got_counted
	shift 3
	base_tp=$(bperf_nr_progs on_fault_user on_fault_kernel)
	base_counted=$(bperf_nr_progs on_fault_counted)
	t_bg "$PERF" stat --use-bpf --attr-map "$BPERF_MAP" -e task-clock -p "$busy"
	k1=$T_BG_PID
	t_bg env "$@" "$PERF" stat --use-bpf --attr-map "$BPERF_MAP" \
		-e page-faults -p "$busy"
	k2=$T_BG_PID
	# Both sessions joined (a leader's hooks are attached before its
	# first session joins); a fixed second was too short in a TCG guest.
	t_wait_until bperf_both_joined
	got_tp=$(($(bperf_nr_progs on_fault_user on_fault_kernel) - base_tp))
	got_counted=$(($(bperf_nr_progs on_fault_counted) - base_counted))
	t_check "$desc: a page-faults leader has its fault hooks, others none (tracepoints $got_tp, want $want_tp; event $got_counted, want $want_counted)" \
		test "$got_tp" -eq "$want_tp" -a "$got_counted" -eq "$want_counted"
	run_perf stat --attr-map "$BPERF_MAP" -x, -e page-faults:b,page-faults \
		-o "$T_TMP/faults" -- python3 "$T_SHELL_DIR/lib/touch_pages.py" \
		/dev/null /dev/null 2000 \
		2>"$T_TMP/err" ||
		{ t_show "$T_TMP/err"; t_fail "$desc: session joining the fault leader failed"; }
	bperf_compare "$desc: a session joining the fault leader counts its faults" \
		"$T_TMP/faults" --abs 0 --min 2000
	kill -KILL "$k1" "$k2"
	wait "$k1" "$k2" 2>/dev/null
	t_check "$desc: fault leader gone: nothing left" \
		bperf_wait_gone "$base_progs" "$base_links"
	t_check "$desc: fault leader gone: no fault hook left" \
		test "$(bperf_nr_progs on_fault_user on_fault_kernel)" -eq "$base_tp" \
		-a "$(bperf_nr_progs on_fault_counted)" -eq "$base_counted"
}

tracefs=/sys/kernel/tracing
[ -d $tracefs/events ] || tracefs=/sys/kernel/debug/tracing
if [ -d $tracefs/events/exceptions/page_fault_user ]; then
	fault_case "this kernel's hook (tracepoints)" 2 0
else
	fault_case "this kernel's hook (the leader's events)" 0 1
fi
fault_case "PERF_BPERF_FAULT_HOOK=event" 0 1 PERF_BPERF_FAULT_HOOK=event

t_done
