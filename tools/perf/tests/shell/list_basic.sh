#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# perf list shows this machine's software events and msr/tsc/, each of
# them countable by perf stat; perf --version and perf stat -h work.

. "$(dirname "$0")"/lib.sh

t_require_perf

out=$T_TMP/out
err=$T_TMP/err

run_perf list >"$out" 2>"$err"
rc=$?
t_check "perf list exits 0 (got $rc)" [ $rc -eq 0 ]
t_check "perf list prints nothing on stderr" [ ! -s "$err" ]
for ev in cpu-clock task-clock context-switches cpu-migrations page-faults \
	minor-faults major-faults; do
	t_check "perf list has software event $ev" \
		grep -Eq "^ +$ev( OR [a-z-]+)? +\[Software event\]" "$out"
done
if [ -d /sys/bus/event_source/devices/msr ]; then
	t_check "perf list has msr/tsc/ as a Kernel PMU event" \
		grep -Eq '^ +msr/tsc/ +\[Kernel PMU event\]' "$out"
fi
[ "$T_ERRORS" -eq 0 ] || t_show "$out" 30

# Everything listed as a software event (and msr/tsc/) can be counted.
sw=$(awk '/\[Software event\]/ { print $1 }' "$out" | paste -sd, -)
if [ -n "$sw" ]; then
	[ -d /sys/bus/event_source/devices/msr ] && sw=$sw,msr/tsc/
	if [ "$(id -u)" -eq 0 ]; then
		run_perf stat -x, -e "$sw" -o "$out" -- true 2>"$err"
		rc=$?
		t_check "perf stat counts every listed software event (got $rc)" \
			[ $rc -eq 0 ]
		n=$(grep -v '^#' "$out" | grep -c .)
		want=$(echo "$sw" | tr ',' '\n' | grep -c .)
		t_check "one row for each of the $want events ($n)" [ "$n" -eq "$want" ]
		[ "$T_ERRORS" -eq 0 ] || t_show "$err"
	fi
fi

# perf --version
run_perf --version >"$out" 2>"$err"
rc=$?
t_check "perf --version exits 0 (got $rc)" [ $rc -eq 0 ]
t_check "perf --version prints 'perf version X'" \
	grep -Eq '^perf version [0-9]' "$out"

# perf stat -h: the options, exit 0.
run_perf stat -h >"$out" 2>&1
rc=$?
t_check "perf stat -h exits 0 (got $rc)" [ $rc -eq 0 ]
t_check "perf stat -h shows usage" grep -qi 'usage: perf stat' "$out"
for opt in --event --all-cpus --cpu --pid --tid --field-separator \
	--json-output --interval-print --repeat --output --use-bpf; do
	t_check "perf stat -h lists $opt" grep -q -- "$opt" "$out"
done
[ "$T_ERRORS" -eq 0 ] || t_show "$out" 40

t_done
