#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# Room for many task-scoped sessions on one leader, and a clear error
# where a limit remains:
#  1. 256 sessions at once on one event, each counting its own process:
#     all share one leader, and each counts what plain counting of the
#     same work in the same session counts, within 1 %.
#  2. 32 sessions can count one process at once; the 33rd is refused with
#     an error saying why, never counted wrong, while a CPU-scoped session
#     (no follower) still joins.

. "$(dirname "$0")"/lib.sh
. "$(dirname "$0")"/lib/bperf.sh

t_require_bperf

# ---- 1. 256 sessions, each its own process ---------------------------------
# Each workload blocks opening a FIFO until all 256 sessions count, then
# runs about 50 ms of CPU on this machine: together they keep both CPUs
# busy for seconds, so every session is preempted often.  (A wait that
# polls, forking a sleep every few ms, would be a poor workload here:
# bperf gives a task the context switch that puts it on the CPU, plain
# counting gives it to nobody, a few us per switch.)
GO=$T_TMP/go
mkfifo "$GO"
WORK="read go <$GO; awk 'BEGIN { for (i = 0; i < 1200000; i++) s += i }'"
bperf_gate_init
for i in $(seq 256); do
	bperf_gated "$PERF" stat --attr-map "$BPERF_MAP" -x, \
		-e task-clock:b,task-clock -o "$T_TMP/s$i" -- sh -c "$WORK"
done
pids=("${T_BG_PIDS[@]: -256}")
bperf_open_gate
for i in $(seq 600); do
	most=$(bperf_list_field task-clock followers 2>/dev/null)
	[ "${most:-0}" = 256 ] && break
	sleep 0.1
done
# Opened for writing and closed: every reader gets EOF and goes on.
: >"$GO"
echo "$most sessions followed the leader at once"
for p in "${pids[@]}"; do
	wait "$p"
done
failed=0
: >"$T_TMP/pairs"
for i in $(seq 256); do
	echo "$(csv_value "$T_TMP/s$i" task-clock:b)" \
		"$(csv_value "$T_TMP/s$i" task-clock)" >>"$T_TMP/pairs"
done
# Each pair is the same work counted both ways in one session: 1 % is
# the issue's bound; 2 x 40 and 24 x 10 sessions (stat_bpf_accuracy)
# spread within [-0.17, +0.29] %.
"$T_SHELL_DIR"/check_pairs.py "256 sessions" "$T_TMP/pairs" 256 5 ||
	failed=1
t_check "256 sessions on one event: each within 1 % of plain counting, the median within 0.2 %" \
	test "$failed" -eq 0
t_check "256 sessions followed one leader at once (got $most)" \
	test "${most:-0}" = 256

# ---- 2. 32 sessions on one process, not 33 ----------------------------------
t_busy
busy=$T_BG_PID
bperf_gate_init
for i in $(seq 32); do
	bperf_gated "$PERF" stat --use-bpf --attr-map "$BPERF_MAP" -x, \
		-e cpu-clock -p "$busy" -o "$T_TMP/p$i" -- sleep 4
done
bperf_open_gate
for i in $(seq 100); do
	[ "$(bperf_list_field cpu-clock followers)" = 32 ] && break
	sleep 0.1
done
t_check "32 sessions count one process" \
	test "$(bperf_list_field cpu-clock followers)" = 32

bperf_stat -e cpu-clock -p "$busy" -- sleep 0.1 >"$T_TMP/out" 2>"$T_TMP/err"
rc=$?
t_check "the 33rd session on that process fails (status $rc)" test "$rc" -eq 1
t_check "and says why" grep -q 'sessions already count' "$T_TMP/err"
t_show "$T_TMP/err"

bperf_stat -x, -e cpu-clock -o "$T_TMP/w" -- sleep 0.1 2>"$T_TMP/err"
rc=$?
t_check "a session counting another process still joins (status $rc)" \
	test "$rc" -eq 0
t_show "$T_TMP/err"
bperf_stat -x, -e cpu-clock -a -o "$T_TMP/a" -- sleep 0.2 2>"$T_TMP/err"
rc=$?
t_check "a CPU-scoped session still joins (status $rc)" test "$rc" -eq 0
t_show "$T_TMP/err"
t_done
