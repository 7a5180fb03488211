#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# One leader chains at most 32 task-scoped followers: the 33rd session is
# refused with a clear error instead of counting silently wrong, while a
# CPU-scoped session (no follower) still joins.

. "$(dirname "$0")"/lib.sh
. "$(dirname "$0")"/lib/bperf.sh

t_require_bperf

bperf_gate_init
for i in $(seq 32); do
	bperf_gated "$PERF" stat --use-bpf --attr-map "$BPERF_MAP" -x, \
		-e cpu-clock -o "$T_TMP/s$i" -- sleep 4
done
bperf_open_gate
for i in $(seq 50); do
	[ "$(bperf_list_field cpu-clock followers)" = 32 ] && break
	sleep 0.1
done
t_check "32 task-scoped sessions follow one leader" \
	test "$(bperf_list_field cpu-clock followers)" = 32

bperf_stat -e cpu-clock -- true >"$T_TMP/out" 2>"$T_TMP/err"
rc=$?
t_check "the 33rd task-scoped session fails (status $rc)" test "$rc" -eq 1
t_check "and says why" grep -q 'task-scoped bperf sessions' "$T_TMP/err"
t_show "$T_TMP/err"

bperf_stat -x, -e cpu-clock -a -o "$T_TMP/a" -- sleep 0.2 2>"$T_TMP/err"
rc=$?
t_check "a CPU-scoped session still joins (status $rc)" test "$rc" -eq 0
t_show "$T_TMP/err"
t_done
