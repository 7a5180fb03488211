#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# A known count, three ways: context-switches of pipe_rounds.py, which
# makes N pipe round trips between two processes pinned to one CPU (two
# switches each), counted by bperf and by plain counting in one session
# and by the distribution's perf (/usr/bin/perf) in another run.  bperf
# agrees with plain counting, and both perfs find the 2N switches, less
# the one pipe_rounds.py does not promise (its docstring says why: in
# one run of .ci/run here, /usr/bin/perf counted 19999 of 20000).

. "$(dirname "$0")"/lib.sh
. "$(dirname "$0")"/lib/bperf.sh

t_require_bperf
t_require_ref_perf
t_require_cmd taskset

N=10000
CPU=$(($(nproc) - 1))
# The interpreter itself: "python3" may be a wrapper script (pyenv's
# shims) whose own processes would switch too.
PYTHON=$(python3 -c 'import sys; print(sys.executable)')
rounds=(taskset -c "$CPU" "$PYTHON" "$T_SHELL_DIR/pipe_rounds.py" "$N")
# Beyond the 2N: Python's start-up and exit, and other tasks preempting
# the two on their CPU.  Measured here, 25 runs: plain counting found
# 2..167 more (22 runs under 11), /usr/bin/perf 2..451 (23 under 16).
EXTRA=1000
CERTAIN=$((2 * N - 1))

run_perf stat --attr-map "$BPERF_MAP" -x, -o "$T_TMP/ours.csv" \
	-e context-switches:b,context-switches -- "${rounds[@]}" 2>"$T_TMP/err"
rc=$?
t_check "perf stat of $N round trips exits 0 (status $rc)" test "$rc" -eq 0
t_show "$T_TMP/err"
run_ref_perf stat -x, -o "$T_TMP/ref.csv" -e context-switches -- \
	"${rounds[@]}" 2>"$T_TMP/err"
rc=$?
t_check "$REF_PERF stat of $N round trips exits 0 (status $rc)" test "$rc" -eq 0
t_show "$T_TMP/err"

# bperf against plain counting of the same session: bperf counts the
# switch that brings a task in, plain counting the one that takes it out,
# so the tasks starting and ending may count once more.  Measured here,
# 25 runs: 0..3 more (1 in 19 runs).
bperf_compare "$N round trips: bperf's context-switches as plain counting's" \
	"$T_TMP/ours.csv" --abs 5 --min "$CERTAIN"

p=$(csv_value "$T_TMP/ours.csv" context-switches)
r=$(csv_value "$T_TMP/ref.csv" context-switches)
echo "context-switches of $N round trips: bperf $(csv_value "$T_TMP/ours.csv" context-switches:b), plain $p, $REF_PERF $r"
for who in "plain counting:$p" "$REF_PERF:$r"; do
	v=${who##*:}
	t_check "${who%:*} counts the $CERTAIN certain switches and at most $EXTRA more ($v)" \
		t_between "${v:-x}" "$CERTAIN" $((2 * N + EXTRA))
done

t_done
