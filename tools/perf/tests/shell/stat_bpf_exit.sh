#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# A process with a large address space, counted through bperf and plainly
# in one session, 12 times: its exit (exit_mm unmapping a 3-million-entry
# awk array, milliseconds) is counted by neither.  perf stops a task's
# counters at perf_event_exit_task; the leader's exit hook does the same,
# also when the exit meets a switch the kernel did not report and the
# leader holds the exit back for the task's final switch (bpf_counter.c,
# "Exits").  Before that was right, 2 of 30 runs came out +4.5 %, and
# this test failed in 1 of 3 runs (1 of its 36 sessions off).

. "$(dirname "$0")"/lib.sh
. "$(dirname "$0")"/lib/bperf.sh

t_require_bperf

RUNS=12
# Measured here after the fix, 70 + 12 runs: bperf - plain
# -0.031..0.000 %;
# of 60 runs of the same awk with a small array one was +0.25 % (a
# missed switch, lib/bperf.sh), so the bound is issue 9's 1 % a session.
PCT=1
work=(awk 'BEGIN { for (i = 0; i < 3000000; i++) a[i] = i }')
bad=0
worst=
for i in $(seq "$RUNS"); do
	run_perf stat --attr-map "$BPERF_MAP" -x, -o "$T_TMP/s$i.csv" \
		-e task-clock:b,task-clock -- "${work[@]}" 2>"$T_TMP/err"
	rc=$?
	if [ $rc -ne 0 ]; then
		t_show "$T_TMP/err"
		bad=$((bad + 1))
		continue
	fi
	if ! python3 "$COMPARE" --pct "$PCT" --min 50 "$T_TMP/s$i.csv" \
		>"$T_TMP/s$i.cmp"; then
		bad=$((bad + 1))
		sed "s/^/run $i: /" "$T_TMP/s$i.cmp"
	fi
	worst="$worst $(awk '$1 == "task-clock:b:" { gsub(/[(+]/, "", $7); print $7 }' "$T_TMP/s$i.cmp")"
done
echo "task-clock:b - task-clock, percent, per run:$worst"
t_check "a large process's exit: each of $RUNS runs within $PCT % of plain counting ($bad off)" \
	test "$bad" -eq 0
t_done
