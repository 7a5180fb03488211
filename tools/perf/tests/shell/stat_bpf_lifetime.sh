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
sleep 1
t_check "3 sessions registered" test "$(bperf_list_field cpu-clock sessions)" = 3
kill -KILL "$k1" "$k2"
wait "$k1" "$k2" 2>/dev/null
sleep 0.2
t_check "killed sessions no longer count as live" \
	test "$(bperf_list_field cpu-clock sessions)" = 1

# A new session joins, reclaims the dead followers, and counts what plain
# counting counts beside it (bounds in lib/bperf.sh).
run_perf stat --attr-map "$BPERF_MAP" -x, -e cpu-clock:b,cpu-clock \
	-p "$busy" --timeout 1000 -o "$T_TMP/p" 2>"$T_TMP/err" ||
	{ t_show "$T_TMP/err"; t_fail "session after kill failed"; }
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
run_perf stat --attr-map "$BPERF_MAP" -x, -p "$busy" --timeout 1000 \
	-e cpu-clock:b,task-clock:b,cpu-clock,task-clock -o "$T_TMP/after" \
	2>"$T_TMP/err" ||
	{ t_show "$T_TMP/err"; t_fail "session after 20 kills failed"; }
bperf_compare "after 20 kills a session counts the busy loop" \
	"$T_TMP/after" --pct "$BPERF_TASK_PCT" --min 100 --pairs 2
t_check "after 20 kills: nothing left" \
	bperf_wait_gone "$base_progs" "$base_links"

# 3. The fault hooks (x86): a leader of page faults has two more programs,
# which a joining session takes with the rest; a leader of anything else
# has none (they cost every page fault on the machine).
nr_fault_hooks() { bperf_nr_progs on_fault_user on_fault_kernel; }
want=0
case $(uname -m) in x86_64 | i?86) want=2 ;; esac
base_faults=$(nr_fault_hooks)
t_bg "$PERF" stat --use-bpf --attr-map "$BPERF_MAP" -e task-clock -p "$busy"
k1=$T_BG_PID
t_bg "$PERF" stat --use-bpf --attr-map "$BPERF_MAP" -e page-faults -p "$busy"
k2=$T_BG_PID
sleep 1
got=$(($(nr_fault_hooks) - base_faults))
t_check "a page-faults leader has the fault hooks, others none ($got, want $want)" \
	test "$got" -eq "$want"
run_perf stat --attr-map "$BPERF_MAP" -x, -e page-faults:b,page-faults \
	-o "$T_TMP/faults" -- python3 "$T_SHELL_DIR/lib/touch_pages.py" \
	/dev/null /dev/null 2000 \
	2>"$T_TMP/err" ||
	{ t_show "$T_TMP/err"; t_fail "session joining the fault leader failed"; }
bperf_compare "a session joining the fault leader counts its faults" \
	"$T_TMP/faults" --abs 0 --min 2000
kill -KILL "$k1" "$k2"
wait "$k1" "$k2" 2>/dev/null
t_check "fault leader gone: nothing left" \
	bperf_wait_gone "$base_progs" "$base_links"
t_check "fault leader gone: no fault hook left" \
	test "$(nr_fault_hooks)" -eq "$base_faults"

t_done
