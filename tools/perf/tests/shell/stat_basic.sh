#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# perf stat basics with plain counting: default events, -e lists, the
# workload's exit status, -o/--append, -q, --timeout, -D, -r.

. "$(dirname "$0")"/lib.sh

t_require_root
t_require_perf

out=$T_TMP/out
err=$T_TMP/err

# Default events, printed on stderr like perf.
run_perf stat -- true >"$out" 2>"$err"
rc=$?
t_check "default run exits 0 (got $rc)" [ $rc -eq 0 ]
# Scripts rely on perf stat printing on stderr ("2>file", "2>&1 >/dev/null").
t_check "counts printed on stderr, like perf" [ -s "$err" ]
t_check "nothing on stdout by default" [ ! -s "$out" ]
report=$err
[ -s "$err" ] || report=$out	# check the rest wherever it went
t_check "header names the workload" \
	grep -q "Performance counter stats for 'true'" "$report"
for ev in task-clock context-switches cpu-migrations page-faults \
	cycles instructions branches branch-misses; do
	t_check "default events include $ev" grep -qx "$ev" <(human_events "$report")
done
v=$(human_value "$report" task-clock)
t_check "task-clock is a positive number ($v)" t_between "$v" 0.0001 1000000
for line in "seconds time elapsed" "seconds user" "seconds sys"; do
	t_check "footer has '$line'" grep -q "$line" "$report"
done
if t_has_hw_pmu; then
	echo "note: this machine has a hardware PMU, <not supported> not checked"
else
	v=$(human_value "$report" cycles)
	t_check "cycles is <not supported> without a PMU ($v)" [ "$v" = "<not" ]
	t_check "'<not supported>' printed in full" \
		grep -Eq '<not supported> +cycles' "$report"
fi
[ "$T_ERRORS" -eq 0 ] || t_show "$report" 30

# -e list: those events only, in order.
run_perf stat -e page-faults,task-clock -o "$out" -- true 2>"$err"
rc=$?
t_check "-e list exits 0 (got $rc)" [ $rc -eq 0 ]
t_check "-e prints exactly the listed events in order" \
	[ "$(human_events "$out" | tr '\n' ' ')" = "page-faults task-clock " ]
t_check "-o leaves stderr empty" [ ! -s "$err" ]
v=$(human_value "$out" page-faults)
t_check "page-faults of 'true' is sane ($v)" t_between "$v" 1 100000

# Repeated -e and a modifier.
run_perf stat -e task-clock -e context-switches:u -o "$out" -- true 2>"$err"
t_check "two -e options both count" \
	[ "$(human_events "$out" | wc -l)" -eq 2 ]

# Exit status of the workload.
run_perf stat -e task-clock -o /dev/null -- sh -c 'exit 3' 2>"$err"
rc=$?
t_check "workload exit status 3 propagates (got $rc)" [ $rc -eq 3 ]
run_perf stat -e task-clock -o "$out" -- sh -c 'kill -TERM $$' 2>"$err"
rc=$?
t_check "workload killed by SIGTERM gives 143 (got $rc)" [ $rc -eq 143 ]
t_check "counts printed after a killed workload" \
	grep -qx task-clock <(human_events "$out")
run_perf stat -e task-clock -o /dev/null -- sh -c 'kill -KILL $$' 2>"$err"
rc=$?
t_check "workload killed by SIGKILL gives 137 (got $rc)" [ $rc -eq 137 ]

# -o FILE and --append.
rm -f "$out"
run_perf stat -e task-clock -o "$out" -- true 2>"$err"
run_perf stat -e task-clock -o "$out" --append -- true 2>>"$err"
n=$(grep -c "Performance counter stats" "$out")
t_check "--append adds a second report ($n)" [ "$n" -eq 2 ]
run_perf stat -e task-clock -o "$out" -- true 2>>"$err"
n=$(grep -c "Performance counter stats" "$out")
t_check "-o without --append truncates ($n)" [ "$n" -eq 1 ]
t_check "-o and --append print nothing on stderr" [ ! -s "$err" ]

# -q / --quiet: nothing at all, status still the workload's.
for q in -q --quiet; do
	run_perf stat $q -e task-clock -- sh -c 'exit 0' >"$out" 2>"$err"
	rc=$?
	t_check "$q exits 0 (got $rc)" [ $rc -eq 0 ]
	t_check "$q prints nothing" [ ! -s "$out" -a ! -s "$err" ]
done
[ "$T_ERRORS" -eq 0 ] || t_show "$err"

# --timeout stops the workload and prints.
start=$(date +%s%N)
run_perf stat --timeout 300 -e task-clock -o "$out" -- sleep 10 2>"$err"
rc=$?
ms=$((($(date +%s%N) - start) / 1000000))
t_check "--timeout 300 ends a 10 s workload early (${ms} ms)" [ $ms -lt 3000 ]
t_check "--timeout did not crash (status $rc)" t_not_crashed $rc
t_check "--timeout prints the counts" grep -qx task-clock <(human_events "$out")

# -D: the first part of a busy workload is not counted.
busy=(timeout 0.8 bash -c 'while :; do :; done')
run_perf stat -e task-clock -o "$out" -- "${busy[@]}" 2>"$err"
full=$(human_value "$out" task-clock)
run_perf stat -D 400 -e task-clock -o "$out" -- "${busy[@]}" 2>"$err"
rc=$?
delayed=$(human_value "$out" task-clock)
t_check "-D 400 runs and prints (status $rc)" t_between "$delayed" 0 100000
t_check "-D 400 counts less ($delayed ms) than no delay ($full ms)" \
	awk -v d="$delayed" -v f="$full" 'BEGIN { exit !(f > 200 && d < 0.75 * f) }'

# -r 3: averages with their spread.
run_perf stat -r 3 -e task-clock -o "$out" -- true 2>"$err"
rc=$?
t_check "-r 3 exits 0 (got $rc)" [ $rc -eq 0 ]
t_check "-r 3 says (3 runs)" grep -q "(3 runs)" "$out"
t_check "-r 3 prints '( +-'" grep -q "( +-" "$out"
t_check "-r 3 prints one report" [ "$(grep -c "Performance counter stats" "$out")" -eq 1 ]
[ "$T_ERRORS" -eq 0 ] || t_show "$out"

t_done
