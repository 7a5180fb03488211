#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# perf stat -x (CSV) output, checked field by field with a CSV parser
# (check_csv.py): 6 separators plainly, one more with -I, -A, --per-thread
# or -r, two more with --per-core/socket/die/node/cache/cluster.

. "$(dirname "$0")"/lib.sh

t_require_root
t_require_perf
t_require_cmd python3

CHECK=$T_SHELL_DIR/check_csv.py
ncpu=$(nproc)
t_busy
busy=$T_BG_PID

# csv_case DESC [check_csv.py options] -- perf stat options
csv_case() {
	t_format_case "$CHECK" "$@"
}

csv_case "plain, comma" --event task-clock --event page-faults --rows 2 -- \
	-x, -e task-clock,page-faults -- true
csv_case "default events" --event task-clock --event context-switches \
	--event cycles -- -x, -- true
csv_case "custom separator ';'" -s ';' --event task-clock --rows 2 -- \
	-x';' -e task-clock,context-switches -- true
# An event this machine does not count: cycles without a PMU.
unsupported=$(t_unsupported_hw_event) ||
	t_fail "no generic hardware event is <not supported> here: no row to check"
csv_case "unsupported event ($unsupported)" --event "${unsupported:-cycles}" \
	--rows 2 -- -x, -e "${unsupported:-cycles},task-clock" -- true
# With a PMU: its counts, and the metrics derived from them.
if t_has_hw_pmu; then
	csv_case "hardware events" --event cycles --event instructions \
		--event branches --rows 3 -- -x, -e cycles,instructions,branches -- true
fi
csv_case "-I 100 --interval-count 3" --interval --rows 3 -- \
	-x, -a -e cpu-clock -I 100 --interval-count 3
# (msr/tsc/ where there is an msr PMU: x86; the arm64 guest has none)
second=context-switches
t_has_msr_pmu && second=msr/tsc/
csv_case "-A" --aggr cpu --rows $((ncpu * 2)) -- \
	-x, -a -A -e "cpu-clock,$second" -- sleep 0.1
csv_case "-I with -A" --interval --aggr cpu --rows $((ncpu * 2)) -- \
	-x, -a -A -e cpu-clock -I 100 --interval-count 2
csv_case "--per-thread" --aggr thread -- \
	-x, --per-thread -p $busy -e task-clock -- sleep 0.2
csv_case "-r 3" --repeat --rows 2 -- \
	-x, -r 3 -e task-clock,page-faults -- true
for mode in core socket die node cache cluster; do
	csv_case "--per-$mode" --aggr $mode -- \
		-x, -a --per-$mode -e cpu-clock -- sleep 0.1
done
csv_case "-I with --per-socket" --interval --aggr socket -- \
	-x, -a --per-socket -e cpu-clock -I 100 --interval-count 2

# Values: -A lists every CPU, and system-wide cpu-clock adds up.
run_perf stat -x, -a -A -e cpu-clock -o "$T_TMP/out" -- sleep 0.2 2>/dev/null
cpus=$(python3 -c 'import csv, sys
rows = [r for r in csv.reader(open(sys.argv[1])) if r and not r[0].startswith("#")]
print(" ".join(r[0] for r in rows))' "$T_TMP/out")
want=$(seq 0 $((ncpu - 1)) | sed 's/^/CPU/' | tr '\n' ' ' | sed 's/ $//')
t_check "-A rows are $want ($cpus)" [ "$cpus" = "$want" ]

t_done
