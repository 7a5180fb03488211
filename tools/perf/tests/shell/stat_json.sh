#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# perf stat -j (JSON) output, parsed line by line with a JSON parser
# (check_json.py): one object per line with counter-value, unit, event,
# event-runtime, pcnt-running and the keys of its aggregation mode.

. "$(dirname "$0")"/lib.sh

t_require_root
t_require_perf
t_require_cmd python3

CHECK=$T_SHELL_DIR/check_json.py
ncpu=$(nproc)
t_busy
busy=$T_BG_PID

# json_case DESC [check_json.py options] -- perf stat options
json_case() {
	t_format_case "$CHECK" "$@"
}

json_case "plain" --event task-clock --event page-faults --rows 2 -- \
	-j -e task-clock,page-faults -- true
json_case "default events" --event task-clock --event context-switches \
	--event cycles -- -j -- true
# An event this machine does not count: cycles without a PMU.
unsupported=$(t_unsupported_hw_event) ||
	t_fail "no generic hardware event is <not supported> here: no row to check"
json_case "unsupported event ($unsupported)" --event "${unsupported:-cycles}" \
	--rows 2 -- -j -e "${unsupported:-cycles},task-clock" -- true
# With a PMU: its counts, and the metrics derived from them.
if t_has_hw_pmu; then
	json_case "hardware events" --event cycles --event instructions \
		--event branches --rows 3 -- -j -e cycles,instructions,branches -- true
fi
json_case "-I 100 --interval-count 3" --interval --rows 3 -- \
	-j -a -e cpu-clock -I 100 --interval-count 3
# (msr/tsc/ where there is an msr PMU: x86; the arm64 guest has none)
second=context-switches
t_has_msr_pmu && second=msr/tsc/
json_case "-A" --aggr cpu --rows $((ncpu * 2)) -- \
	-j -a -A -e "cpu-clock,$second" -- sleep 0.1
json_case "-I with -A" --interval --aggr cpu --rows $((ncpu * 2)) -- \
	-j -a -A -e cpu-clock -I 100 --interval-count 2
json_case "--per-thread" --aggr thread -- \
	-j --per-thread -p $busy -e task-clock -- sleep 0.2
json_case "-r 3" --repeat --rows 2 -- \
	-j -r 3 -e task-clock,page-faults -- true
for mode in core socket die node cache cluster; do
	json_case "--per-$mode" --aggr $mode -- \
		-j -a --per-$mode -e cpu-clock -- sleep 0.1
done
json_case "-I with --per-core" --interval --aggr core -- \
	-j -a --per-core -e cpu-clock -I 100 --interval-count 2

# Values survive the trip.  System-wide cpu-clock covers the 200 ms sleep
# on every CPU and no more than the whole perf run; --per-thread finds the
# busy loop with a nonzero count, at most what the kernel says it ran
# meanwhile (/proc/PID/schedstat, up to date within a 4 ms tick), and
# the steal time that task-clock holds and schedstat not (t_steal_ns).  Load
# stretches both runs, so neither is held to the nominal 200 ms.
now_ms() {
	echo $(($(date +%s%N) / 1000000))
}
t0=$(now_ms)
run_perf stat -j -a -e cpu-clock -o "$T_TMP/out" -- sleep 0.2 2>/dev/null
t1=$(now_ms)
v=$(python3 -c 'import json, sys
objs = [json.loads(l) for l in open(sys.argv[1]) if l.startswith("{")]
print(float(objs[0]["counter-value"]))' "$T_TMP/out" 2>&1)
t_check "-j -a cpu-clock is $ncpu x 200 ms or more, up to $ncpu x the $((t1 - t0)) ms run ($v)" \
	t_between "$v" $((ncpu * 200)) $((ncpu * (t1 - t0)))
t_steal_mark
s0=$(awk '{ print $1 / 1e6 }' "/proc/$busy/schedstat")
run_perf stat -j --per-thread -p $busy -e task-clock -o "$T_TMP/out" \
	-- sleep 0.2 2>/dev/null
s1=$(awk '{ print $1 / 1e6 }' "/proc/$busy/schedstat")
v=$(python3 -c 'import json, sys
objs = [json.loads(l) for l in open(sys.argv[1]) if l.startswith("{")]
print(sum(float(o["counter-value"]) for o in objs
          if o["thread"].endswith("-" + sys.argv[2])))' "$T_TMP/out" $busy 2>&1)
t_check "--per-thread counts the busy thread ($v ms; it ran $(awk -v a="$s0" -v b="$s1" 'BEGIN { print b - a }') ms)" \
	awk -v v="$v" -v s0="$s0" -v s1="$s1" -v st="$(t_steal_ns)" 'BEGIN {
		exit !(v ~ /^[0-9.]+$/ && v > 0 && v <= s1 - s0 + 4 + st / 1e6) }'

t_done
