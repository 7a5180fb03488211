#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# Sessions share leaders: three sessions with different targets on one
# event use exactly one sched_switch leader link; 16 sessions started at
# the same instant on two events end with exactly one leader per event;
# perf bperf list shows them; each session counts what plain counting
# counts beside it (bounds in lib/bperf.sh), the CPU-scoped ones also
# what the session's own clock says; nothing is left once they end.

. "$(dirname "$0")"/lib.sh
. "$(dirname "$0")"/lib/bperf.sh

t_require_bperf

base_progs=$(bperf_nr_progs)
base_links=$(bperf_nr_leader_links)
bperf_leader_link_ids >"$T_TMP/links0"
echo 0 >>"$T_TMP/links0"	# never empty: grep -f of an empty file matches nothing

# 1. -a, -p and a workload on one event.
t_busy
busy=$T_BG_PID
t_bg "$PERF" stat --attr-map "$BPERF_MAP" -x, -a \
	-e duration_time,cpu-clock:b,duration_time,cpu-clock -o "$T_TMP/a" -- sleep 3
pa=$T_BG_PID
t_bg "$PERF" stat --attr-map "$BPERF_MAP" -x, -e cpu-clock:b,cpu-clock \
	-p "$busy" --timeout 3000 -o "$T_TMP/p"
pp=$T_BG_PID
t_bg "$PERF" stat --attr-map "$BPERF_MAP" -x, -e cpu-clock:b,cpu-clock \
	-o "$T_TMP/w" -- sleep 3
pw=$T_BG_PID
sleep 1.5
links=$(bperf_new_leader_links "$T_TMP/links0")
t_check "three sessions, one leader link (got $links)" test "$links" -eq 1
sessions=$(bperf_list_field cpu-clock sessions)
followers=$(bperf_list_field cpu-clock followers)
t_check "perf bperf list: 3 sessions (got $sessions)" test "$sessions" = 3
t_check "perf bperf list: 2 followers, -a needs none (got $followers)" \
	test "$followers" = 2
run_perf bperf list --attr-map "$BPERF_MAP" >"$T_TMP/list"
t_show "$T_TMP/list"
for p in $pa $pp $pw; do
	wait "$p"
	rc=$?
	t_check "session $p exited 0 (status $rc)" test "$rc" -eq 0
done
bperf_compare "-a counted all CPUs" "$T_TMP/a" --same-window --pct "$BPERF_CPU_PCT" \
	--min $(($(nproc) * 2900)) --clock "$(nproc)" --clock-ms "$BPERF_CLOCK_MS"
bperf_compare "-p counted the busy loop" "$T_TMP/p" --pct "$BPERF_TASK_PCT" \
	--min 300
# The sleeping workload ran about a millisecond: measured here, 30 runs
# of sleep 0.3 beside a busy loop, plain 0.77..1.32 ms and bperf
# -0.01..+0.02 ms from it, the printed values' last digit (bperf gives
# the task its switches in, lib/bperf.sh); bound 0.05 ms.
bperf_compare "the sleeping workload: what it ran" "$T_TMP/w" --abs 0.05 \
	--min 0.3

# 2. 16 sessions on two events released at the same instant.
bperf_gate_init
pids=()
for i in $(seq 16); do
	bperf_gated "$PERF" stat --attr-map "$BPERF_MAP" -x, \
		-e duration_time,cpu-clock:b,duration_time,task-clock:b,duration_time \
		-e cpu-clock,task-clock -a -o "$T_TMP/s$i" -- sleep 2
	pids+=("$T_BG_PID")
done
sleep 0.3
bperf_open_gate
sleep 1.2
links=$(bperf_new_leader_links "$T_TMP/links0")
t_check "16 sessions at once, 2 events: 2 leader links (got $links)" \
	test "$links" -eq 2
n=$(run_perf bperf list -j --attr-map "$BPERF_MAP" | wc -l)
t_check "attr map holds 2 entries (got $n)" test "$n" -eq 2
sessions=$(bperf_list_field task-clock sessions)
t_check "16 sessions follow task-clock (got $sessions)" test "$sessions" = 16
bad=0
for i in $(seq 16); do
	wait "${pids[$((i - 1))]}" || bad=$((bad + 1))
	python3 "$COMPARE" --same-window --pct "$BPERF_CPU_PCT" \
		--min $(($(nproc) * 1900)) --clock "$(nproc)" \
		--clock-ms "$BPERF_CLOCK_MS" \
		--pairs 2 "$T_TMP/s$i" >"$T_TMP/s$i.cmp" ||
		{ sed "s/^/session $i: /" "$T_TMP/s$i.cmp"; bad=$((bad + 1)); }
	echo "session $i: $(tail -n 1 "$T_TMP/s$i.cmp")"
done
t_check "all 16 sessions exited 0 and counted what plain counting counted ($bad bad)" \
	test $bad -eq 0

# 3. Nothing stays behind.
t_check "no bperf program or leader link left" \
	bperf_wait_gone "$base_progs" "$base_links"
state=$(bperf_list_field cpu-clock state)
t_check "the last session unpublished its leader (entry: '$state')" \
	test -z "$state"

t_done
