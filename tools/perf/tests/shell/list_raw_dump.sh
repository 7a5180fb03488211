#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# perf list --raw-dump [hw|sw|cache|pmu|tracepoint] and perf list
# tracepoint print what the distribution's perf prints (with tracefs
# unmounted too: perf mounts it), and every name printed parses and opens
# with perf stat (or is <not supported>, the PMU-less machine's hardware
# events).

. "$(dirname "$0")"/lib.sh

t_require_root
t_require_perf
t_require_ref_perf

for kind in hw sw cache pmu tracepoint; do
	run_perf list --raw-dump "$kind" >"$T_TMP/$kind" 2>"$T_TMP/err"
	rc=$?
	run_ref_perf list --raw-dump "$kind" >"$T_TMP/$kind.ref" 2>/dev/null
	t_check "--raw-dump $kind: exit 0 ($rc), nothing on stderr ($(wc -w <"$T_TMP/$kind") names, reference $(wc -w <"$T_TMP/$kind.ref"))" \
		test $rc -eq 0 -a ! -s "$T_TMP/err"
	t_check "--raw-dump $kind is byte for byte the reference's" \
		cmp -s "$T_TMP/$kind" "$T_TMP/$kind.ref"
done
# tracefs not mounted (a fresh machine without systemd, where this test
# once listed no tracepoint while perf listed 2,307: the reference mounts
# tracefs when it looks, and ran after us): perf mounts it too, at
# /sys/kernel/tracing, and lists them all.  In a mount namespace of its
# own, with debugfs (and its tracing automount) gone too, so that the
# machine's mounts stay as they are.
timeout -k 5 60 unshare -m --propagation private sh -c '
	for m in /sys/kernel/debug/tracing /sys/kernel/tracing /sys/kernel/debug; do
		umount "$m" 2>/dev/null
	done
	grep -q tracefs /proc/mounts && { echo "tracefs still mounted" >&2; exit 3; }
	"$1" list --raw-dump tracepoint || exit
	grep -c "^[^ ]* /sys/kernel/tracing tracefs " /proc/mounts >&2' \
	sh "$PERF" >"$T_TMP/tp.unmounted" 2>"$T_TMP/tp.mounts"
rc=$?
t_check "tracefs unmounted: --raw-dump tracepoint exits 0 ($rc), $(wc -w <"$T_TMP/tp.unmounted") names" \
	test $rc -eq 0
t_check "tracefs unmounted: perf mounted it at /sys/kernel/tracing" \
	test "$(tail -n 1 "$T_TMP/tp.mounts")" = 1
t_check "tracefs unmounted: the same names as the reference's" \
	cmp -s "$T_TMP/tp.unmounted" "$T_TMP/tracepoint.ref"
# Without a hardware PMU the reference lists no hw and cache events (it
# lists only those it can open); sw, pmu (msr/tsc/) and tracepoint are
# never empty here.
for kind in sw pmu tracepoint; do
	t_check "--raw-dump $kind lists something" test -s "$T_TMP/$kind.ref"
done
# Without a kind: every kind in that order; the reference then goes on
# with the metrics of its tables, which this perf does not have.
run_perf list --raw-dump >"$T_TMP/all"
run_ref_perf list --raw-dump >"$T_TMP/all.ref" 2>/dev/null
t_check "--raw-dump is hw sw cache pmu tracepoint, one after the other" \
	test "$(cat "$T_TMP/all")" = \
	"$(cat "$T_TMP/hw" "$T_TMP/sw" "$T_TMP/cache" "$T_TMP/pmu" "$T_TMP/tracepoint")"
t_check "--raw-dump is the start of the reference's ($(wc -c <"$T_TMP/all") bytes)" \
	cmp -s "$T_TMP/all" <(head -c "$(wc -c <"$T_TMP/all")" "$T_TMP/all.ref")
run_perf list tracepoint >"$T_TMP/tp"
run_ref_perf list tracepoint >"$T_TMP/tp.ref" 2>/dev/null
t_check "perf list tracepoint is the reference's ($(grep -c 'Tracepoint event' "$T_TMP/tp") lines)" \
	cmp -s "$T_TMP/tp" "$T_TMP/tp.ref"
t_check "perf list tracepoint shows sched:sched_switch as perf does" \
	grep -Eqx '  sched:sched_switch +\[Tracepoint event\]' "$T_TMP/tp"

# Every name opens: one perf stat per kind, one row per name, each a
# count or <not supported>.  ftrace:function is listed but the kernel
# refuses to count it (EPERM, for the reference perf too): it is checked
# on its own below.  Opening a tracepoint costs the kernel some 10 to 40
# ms of wall time (its probe is registered): 2300 of them took 56 to 70 s
# in 2 runs, so that run gets 240 s before it counts as hung.
opens() {
	local kind=$1 names rows rc
	names=$(tr ' ' '\n' <"$T_TMP/$kind" | grep . | grep -vx 'ftrace:function')
	[ -n "$names" ] || return 0
	T_CMD_TIMEOUT=240 run_perf stat -x, -e "$(paste -sd, <<<"$names")" \
		-o "$T_TMP/$kind.csv" -- true 2>"$T_TMP/err"
	rc=$?
	t_check "--raw-dump $kind: perf stat -e <all $(wc -l <<<"$names") names> true exits 0 ($rc)" test $rc -eq 0
	t_show "$T_TMP/err" 3
	rows=$(grep -v '^#' "$T_TMP/$kind.csv" | grep .)
	t_check "--raw-dump $kind: a row for each name, in order" \
		test "$(cut -d, -f3 <<<"$rows")" = "$names"
	t_check "--raw-dump $kind: each a count or <not supported>" \
		test -z "$(awk -F, '$1 !~ /^[0-9.]+$/ && $1 != "<not supported>"' <<<"$rows")"
}
for kind in hw sw cache pmu tracepoint; do
	opens "$kind"
done
if grep -qw 'ftrace:function' "$T_TMP/tracepoint"; then
	run_ref_perf stat -e ftrace:function -- true >/dev/null 2>&1
	ref_rc=$?
	run_perf stat -e ftrace:function -- true >/dev/null 2>"$T_TMP/err"
	rc=$?
	t_check "ftrace:function: refused by the reference ($ref_rc) and here ($rc) with one error line" \
		test $ref_rc -ne 0 -a $rc -ne 0 -a "$(grep -c '^perf: error: ftrace:function' "$T_TMP/err")" -eq 1
fi

t_done
