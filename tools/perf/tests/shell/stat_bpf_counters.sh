#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# bperf counts what plain counting counts: task-clock of a workload with its
# children, cpu-clock system-wide over a sleep, context-switches of a pid,
# per-thread counts, and the :b modifier; CSV and JSON work with --use-bpf.

. "$(dirname "$0")"/lib.sh
. "$(dirname "$0")"/lib/bperf.sh

t_require_bperf

TOLERANCE=2 # percent
LOOPS=${LOOPS:-6000000}
# Two children busy at once, plus the shell: inherit must follow them.
work=(sh -c "awk 'BEGIN { for (i = 0; i < $LOOPS; i++) s += i }' &
	     awk 'BEGIN { for (i = 0; i < $LOOPS; i++) s += i }'; wait")

# 1. A workload and its children with --use-bpf, against the CPU time the
# kernel accounted to them (perf's user + sys lines: the children's rusage).
for attempt in 1 2 3; do
	bperf_stat -e task-clock -o "$T_TMP/bpf" -- "${work[@]}" 2>"$T_TMP/err" ||
		{ t_show "$T_TMP/err"; t_abort "perf stat --use-bpf failed"; }
	b=$(human_value "$T_TMP/bpf" task-clock)
	p=$(awk '/seconds user/ { u = $1 } /seconds sys/ { s = $1 }
		END { printf "%.2f", (u + s) * 1000 }' "$T_TMP/bpf")
	echo "workload task-clock: bperf $b ms, rusage user+sys $p ms"
	t_within "$b" "$p" $TOLERANCE && break
done
t_check "workload with children counted ($p ms of CPU time)" \
	t_between "$p" 50 100000
t_check "bperf task-clock $b ms within $TOLERANCE% of user+sys $p ms" \
	t_within "$b" "$p" $TOLERANCE

# 2. The same event both ways in one session: task-clock:b is bperf.
bperf_stat -x, -e task-clock:b,task-clock -o "$T_TMP/mod.csv" -- \
	"${work[@]}" 2>"$T_TMP/err" ||
	{ t_show "$T_TMP/err"; t_abort "perf stat -e task-clock:b failed"; }
b=$(csv_value "$T_TMP/mod.csv" task-clock:b)
p=$(csv_value "$T_TMP/mod.csv" task-clock)
echo "same session: task-clock:b $b ms, task-clock $p ms"
t_check "task-clock:b $b ms within $TOLERANCE% of task-clock $p ms" \
	t_within "$b" "$p" $TOLERANCE

# 2b. Counted from the workload's exec, like plain counting (enable on
# exec): even a 'true' of about a millisecond comes out the same.
diffs=()
for i in 1 2 3 4 5; do
	bperf_stat -x, -e task-clock:b,task-clock -o "$T_TMP/true.csv" -- true \
		2>"$T_TMP/err" || { t_show "$T_TMP/err"; t_abort "-- true failed"; }
	b=$(csv_value "$T_TMP/true.csv" task-clock:b)
	p=$(csv_value "$T_TMP/true.csv" task-clock)
	diffs+=("$(awk -v b="$b" -v p="$p" 'BEGIN { d = b - p; if (d < 0) d = -d
		print (p > 0 ? 100 * d / p : 1000) }')")
done
d=$(t_median "${diffs[@]}")
echo "'true': |task-clock:b - task-clock| in percent: ${diffs[*]}"
t_check "'true' counted from its exec: median difference ${d}% (<= 10%)" \
	t_between "$d" 0 10

# 3. System-wide cpu-clock over one second: every CPU, all the time.
ncpu=$(nproc)
bperf_stat -x, -a -e cpu-clock -o "$T_TMP/a.csv" -- sleep 1 2>"$T_TMP/err" ||
	{ t_show "$T_TMP/err"; t_abort "perf stat --use-bpf -a failed"; }
a=$(csv_value "$T_TMP/a.csv" cpu-clock)
t_check "-a cpu-clock $a ms within $TOLERANCE% of $ncpu CPUs x 1000 ms" \
	t_within "$a" $((ncpu * 1000)) $TOLERANCE

# 4. -A: one row per CPU, each about a second.
bperf_stat -x, -a -A -e cpu-clock -o "$T_TMP/aa.csv" -- sleep 0.5 \
	2>"$T_TMP/err" || { t_show "$T_TMP/err"; t_abort "-a -A failed"; }
rows=$(awk -F, '$4 == "cpu-clock"' "$T_TMP/aa.csv" | wc -l)
t_check "-A prints $ncpu rows (got $rows)" test "$rows" -eq "$ncpu"
t_check "every CPU counted about 500 ms" awk -F, '$4 == "cpu-clock" {
	if ($2 < 490 || $2 > 510) bad = 1 } END { exit bad }' "$T_TMP/aa.csv"

# 5. context-switches of a process, bperf and plain side by side.
t_bg python3 -c 'import time
while True: time.sleep(0.001)'
pid=$T_BG_PID
sleep 0.2
bperf_stat -x, -e context-switches:b,context-switches -p "$pid" \
	--timeout 1000 -o "$T_TMP/cs.csv" 2>"$T_TMP/err" ||
	{ t_show "$T_TMP/err"; t_abort "perf stat -p failed"; }
b=$(csv_value "$T_TMP/cs.csv" context-switches:b)
p=$(csv_value "$T_TMP/cs.csv" context-switches)
echo "-p context-switches: bperf $b, plain $p"
t_check "-p context-switches counted ($p)" t_between "$p" 100 100000
t_check "bperf context-switches $b within 2% of plain $p" t_within "$b" "$p" 2

# 6. --per-thread on -t: the thread's own row.
bperf_stat -x, --per-thread -e task-clock -t "$pid" --timeout 500 \
	-o "$T_TMP/t.csv" 2>"$T_TMP/err" ||
	{ t_show "$T_TMP/err"; t_abort "perf stat -t --per-thread failed"; }
t_check "--per-thread row names the thread" \
	grep -q -- "-$pid," "$T_TMP/t.csv"

# 7. JSON and interval output with --use-bpf.
bperf_stat -j -e cpu-clock -a -I 200 --interval-count 2 -o "$T_TMP/j" \
	2>"$T_TMP/err" || { t_show "$T_TMP/err"; t_abort "-j -I failed"; }
t_check "-j -I with --use-bpf: two JSON intervals of ~$((ncpu * 200)) ms" \
	python3 -c '
import json, sys
# -o starts the file with a "# started on" comment, as perf does.
rows = [json.loads(l) for l in open(sys.argv[1]) if l.startswith("{")]
assert len(rows) == 2, rows
for r in rows:
	v = float(r["counter-value"])
	assert abs(v - 200 * int(sys.argv[2])) < 0.05 * 200 * int(sys.argv[2]), v
	assert "interval" in r
' "$T_TMP/j" "$ncpu"

t_done
