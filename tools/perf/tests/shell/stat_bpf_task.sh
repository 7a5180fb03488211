#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# bperf's task-scoped sessions (followers), by value: -I with -p, -r,
# --per-thread on a multi-threaded -p (each thread's row), --no-inherit,
# -D, the :u and :k modifiers and msr/tsc/ of a workload count each event
# through bperf (EV:b) and plainly in the same session, and every row
# agrees (compare_counts.py; the time bound is lib/bperf.sh's
# BPERF_TASK_PCT).  The spreads quoted are from 25 runs of this test here.

. "$(dirname "$0")"/lib.sh
. "$(dirname "$0")"/lib/bperf.sh

t_require_bperf

LOOPS=${LOOPS:-4000000}
awk_work=(awk "BEGIN { for (i = 0; i < $LOOPS; i++) s += i }")

# session DESC -- PERF STAT OPTIONS: a session through the attr map into
# $csv; false (and a failure) if perf did not exit 0.
csv=$T_TMP/s.csv
session() {
	local desc=$1 rc
	shift 2
	run_perf stat --attr-map "$BPERF_MAP" -x, -o "$csv" "$@" 2>"$T_TMP/err"
	rc=$?
	[ $rc -eq 0 ] && return 0
	t_fail "$desc: perf stat $* exited $rc"
	t_show "$T_TMP/err"
	return 1
}

# 1. -I with a task-scoped session: every interval of a busy loop.
# 125 intervals of about 100 ms: -0.10..+0.09 ms apart but two, +0.14 and
# +2.35 ms (issue 9).  0.02 ms: the two decimals printed.
t_busy
busy=$T_BG_PID
if session "-I 100 -p" -- -p "$busy" -I 100 --interval-count 5 \
	-e task-clock:b,task-clock; then
	bperf_compare "-I 100 -p: each interval's task-clock" "$csv" \
		--interval --pct "$BPERF_TASK_PCT" --abs 0.02 --min 10 --pairs 5
fi

# 2. -r 5: the averages of five runs of a workload.  task-clock:b was
# +0.09..+0.59 ms (+0.10..+0.68 %) above task-clock, 6 runs beyond the
# bound (issue 9: an exiting task).  page-faults must be equal, as two
# plain counters are: they were in 300 runs of the workload beside a busy
# loop; before the leader's fault hooks, 4 runs in 200 were 1 off (a
# fault in a delta that spanned a switch the kernel did not report).
if session "-r 5" -- -r 5 -e task-clock:b,task-clock,page-faults:b,page-faults \
	-- "${awk_work[@]}"; then
	bperf_compare "-r 5: task-clock" "$csv" --repeat --only task-clock:b \
		--pct "$BPERF_TASK_PCT" --min 20
	bperf_compare "-r 5: page-faults" "$csv" --repeat --only page-faults:b \
		--abs 0 --min 10
fi

# 3. --per-thread on -p of a process with four busy threads (Python: they
# take turns on its lock, so each is switched often): each thread's row.
# 100 threads: +0.15..+0.41 ms (+0.06..+0.20 %) in 86, +0.59..+3.92 ms in
# 14 (issue 9), 200..296 ms each.
t_bg python3 -c 'import threading
def spin():
	while True:
		pass
for _ in range(3):
	threading.Thread(target=spin, daemon=True).start()
spin()'
mt=$T_BG_PID
for _ in $(seq 50); do
	[ "$(find "/proc/$mt/task" -mindepth 1 -maxdepth 1 | wc -l)" -ge 4 ] && break
	sleep 0.1
done
if session "--per-thread -p" -- --per-thread -p "$mt" --timeout 1000 \
	-e task-clock:b,task-clock; then
	bperf_compare "--per-thread -p of 4 threads: each thread's task-clock" \
		"$csv" --aggr thread --pct "$BPERF_TASK_PCT" --abs 0.02 --min 10 \
		--pairs 4
fi
kill -KILL "$mt" 2>/dev/null

# 4. --no-inherit: the shell alone, not its child doing the work.  Both
# backends count the shell's millisecond: within 0.06 ms, the bound of a
# 'true' in stat_bpf_counters.sh; here bperf was -0.08..+0.08 ms off
# (median +0.03), beyond 0.06 ms in 4 runs.
noinh=(sh -c "${awk_work[*]@Q}; true")
if session "--no-inherit" -- --no-inherit -e task-clock:b,task-clock \
	-- "${noinh[@]}"; then
	bperf_compare "--no-inherit: the shell's own task-clock" "$csv" \
		--abs 0.06 --min 0.1
	b=$(csv_value "$csv" task-clock:b)
	t_check "--no-inherit: bperf left the child out ($b ms)" \
		t_between "${b:-x}" 0 10
fi

# 5. -D 200: a loop that runs 600 ms, its first 200 ms not counted.  The
# counted part is at most 400 ms (and the loop's start-up).  (sh exits 0
# where timeout would exit 124.)  bperf was +0.33..+0.57 ms above plain in
# 17 runs, +1.09..+3.13 ms in 8 (issue 9; three tasks exit).
if session "-D 200" -- -D 200 -e task-clock:b,task-clock \
	-- sh -c "timeout 0.6 bash -c 'while :; do :; done'; exit 0"; then
	bperf_compare "-D 200: task-clock after the delay" "$csv" \
		--pct "$BPERF_TASK_PCT" --min 50
	b=$(csv_value "$csv" task-clock:b)
	t_check "-D 200: bperf left the first 200 ms out ($b ms of 600)" \
		t_between "${b:-x}" 50 420
fi

# 6. :u and :k are different events (the exclude bits are part of the
# attr map key): page faults of user space (start-up) and of the kernel
# (dd's buffer, filled by read()), and context switches, which happen in
# the kernel (the sleep makes some).  Page faults must be equal.  Context
# switches: bperf counts the switch that brings a task in, plain counting
# the one that takes it out, so a task that starts or ends in the session
# may count once more: measured +1..+3 (of 1..7), at most 3 allowed.
dd_work=(sh -c 'dd if=/dev/zero of=/dev/null bs=4M count=8 status=none; sleep 0.01')
uk=page-faults:ub,page-faults:u,page-faults:kb,page-faults:k
uk=$uk,context-switches:ub,context-switches:u,context-switches:kb,context-switches:k
if session ":u and :k" -- -e "$uk" -- "${dd_work[@]}"; then
	bperf_compare ":u and :k: page-faults" "$csv" --abs 0 --pairs 2 \
		--only page-faults:ub --only page-faults:kb
	bperf_compare ":u and :k: context-switches" "$csv" --abs 3 --pairs 2 \
		--only context-switches:ub --only context-switches:kb
	for ev in page-faults:u page-faults:k context-switches:k; do
		v=$(csv_value "$csv" "$ev")
		t_check "$ev counted ($v)" t_between "${v:-x}" 1 1000000
	done
	v=$(csv_value "$csv" context-switches:ub)
	t_check "context-switches:ub: none in user mode ($v)" test "$v" = 0
fi

# 7. msr/tsc/ of a workload, through a follower: +0.08..+0.39 % (about
# 0.1 ms of TSC ticks, like task-clock in 2.), beyond the bound in 3 runs.
if [ -d /sys/bus/event_source/devices/msr ]; then
	if session "msr/tsc/" -- -e msr/tsc/b,msr/tsc/ -- "${awk_work[@]}"; then
		bperf_compare "msr/tsc/ of a workload" "$csv" \
			--pct "$BPERF_TASK_PCT" --min 1000000
	fi
else
	echo "no msr PMU: msr/tsc/ through bperf not checked"
fi

t_done
