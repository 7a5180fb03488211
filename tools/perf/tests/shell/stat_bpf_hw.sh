#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# cycles and instructions through bperf, by target, each against plain
# counting of the same work: in the same session (EV:b beside EV) for a
# workload, a workload with children, -p, -a and -C; for --use-bpf,
# where every event of a session goes to bperf, a plain session beside
# it on the same process.  User-mode instructions (instructions:u) are
# compared exactly: they run only while the task is on the CPU, between
# the points where either backend starts and stops crediting it.  Needs
# a hardware PMU (make test-guests GUESTS=arm64); skipped without one.

. "$(dirname "$0")"/lib.sh
. "$(dirname "$0")"/lib/bperf.sh

t_require_bperf
t_require_hw_pmu

# About 99M instructions with the guest's mawk (0.1 s of QEMU's clock).
LOOP=300000
work=(awk "BEGIN { for (i = 0; i < $LOOP; i++) s += i }")
MIN=50000000
EV=cycles:b,cycles,instructions:b,instructions
EVU=instructions:ub,instructions:u
# How far bperf's cycles and instructions may be from plain counting of
# the same work, in percent of the plain count.  Measured in the arm64
# guest (make test-guests GUESTS=arm64: QEMU -icount, one CPU), 4 runs:
# workload instructions -0.021..-0.022 %, cycles -0.006..-0.007 %; with
# children -0.012..-0.013 and -0.002..-0.004 %; -p -0.002..-0.003 and
# -0.003..-0.005 %; -a and -C 0 +0.001 and +0.000 %; --use-bpf -0.003
# and -0.003..-0.004 %; instructions:u equal in every case and run.
# bperf reads less by a fixed amount per session, not per instruction
# (a workload: about 21k of 99M here): plain counting starts and stops a
# little away from where bperf's hooks read, and counts the rest of
# bperf's own exec and exit hooks (see "What the guest counted" in the
# README).
HW_PCT=0.1

# hw_run DESC CSV PERF-STAT-ARGS...: one session into CSV; false (and a
# failure) if it does not exit 0.
hw_run() {
	local desc=$1 csv=$2 rc
	shift 2
	run_perf stat --attr-map "$BPERF_MAP" -x, -o "$csv" "$@" 2>"$T_TMP/err"
	rc=$?
	if [ $rc -ne 0 ]; then
		t_fail "$desc: perf stat $* exited $rc"
		t_show "$T_TMP/err"
		return 1
	fi
}

# hw_check DESC CSV [SAME-WINDOW]: bperf's cycles and instructions within
# HW_PCT of plain's, instructions:u (when counted) equal.
hw_check() {
	local desc=$1 csv=$2 same=()
	[ -n "${3:-}" ] && same=(--same-window)
	bperf_compare "$desc: cycles" "$csv" --only cycles:b --pct "$HW_PCT" \
		--min "$MIN" "${same[@]}"
	bperf_compare "$desc: instructions" "$csv" --only instructions:b \
		--pct "$HW_PCT" --min "$MIN"
	grep -q ',instructions:ub,' "$csv" || return 0
	bperf_compare "$desc: instructions:u, exactly" "$csv" \
		--only instructions:ub --min "$MIN"
}

# 1. A workload, and one that forks two children doing the same.
csv=$T_TMP/workload.csv
hw_run "workload" "$csv" -e "$EV,$EVU" -- "${work[@]}" &&
	hw_check "workload" "$csv"
csv=$T_TMP/children.csv
hw_run "workload with children" "$csv" -e "$EV,$EVU" -- \
	sh -c "${work[*]@Q} & ${work[*]@Q} & wait" &&
	hw_check "workload with children" "$csv"

# 2. -p of a process that waits behind a gate, then does the work and
# exits: the session ends with it, and counted all of its work.
bperf_fifo_gated "$T_TMP/gate" "${work[@]}"
pid=$T_BG_PID
csv=$T_TMP/p.csv
run_perf stat --attr-map "$BPERF_MAP" -x, -o "$csv" -e "$EV,$EVU" -p "$pid" \
	2>"$T_TMP/p.err" &
session=$!
sleep 1
bperf_fifo_open "$T_TMP/gate"
if wait "$session"; then
	hw_check "-p" "$csv"
else
	t_fail "-p: perf stat exited $?"
	t_show "$T_TMP/p.err"
fi

# 3. CPU-scoped: -a and -C 0 over the workload.  Plain -a cycles also
# count the time a CPU idles, which grows with the window: perf stat
# enables one event after the other, so they are compared over bperf's.
for target in -a "-C 0"; do
	csv=$T_TMP/cpu.csv
	# shellcheck disable=SC2086 # the target's words
	hw_run "$target" "$csv" -e "$EV" $target -- "${work[@]}" &&
		hw_check "$target" "$csv" same-window
done

# 4. --use-bpf: a bperf session and a plain one on the same gated process.
bperf_fifo_gated "$T_TMP/gate" "${work[@]}"
pid=$T_BG_PID
run_perf stat --use-bpf --attr-map "$BPERF_MAP" -x, -o "$T_TMP/ub.csv" \
	-e cycles,instructions,instructions:u -p "$pid" 2>"$T_TMP/ub.err" &
s1=$!
run_perf stat -x, -o "$T_TMP/up.csv" -e cycles,instructions,instructions:u \
	-p "$pid" 2>"$T_TMP/up.err" &
s2=$!
sleep 1
bperf_fifo_open "$T_TMP/gate"
if wait "$s1" && wait "$s2"; then
	# One file for compare_counts.py: the bperf session's events as EV:b.
	awk -F, -v OFS=, '!/^#/ && NF > 3 {
		$3 = $3 ($3 ~ /:/ ? "b" : ":b") } { print }' "$T_TMP/ub.csv" \
		>"$T_TMP/use-bpf.csv"
	cat "$T_TMP/up.csv" >>"$T_TMP/use-bpf.csv"
	hw_check "--use-bpf beside a plain session" "$T_TMP/use-bpf.csv"
else
	t_fail "--use-bpf -p and plain -p sessions did not both exit 0"
	t_show "$T_TMP/ub.err"
	t_show "$T_TMP/up.err"
fi

t_done
