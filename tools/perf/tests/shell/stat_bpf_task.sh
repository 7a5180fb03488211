#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# bperf's task-scoped sessions (followers), by value: -I with -p, -r,
# --per-thread on a multi-threaded -p (each thread's row), --no-inherit,
# -D, the :u and :k modifiers, msr/tsc/ of a workload, -p PID,PID and -t
# TID,TID (as one and --per-thread) and -p of a process that forks after
# the session attached count each event
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
# Interval by interval the two backends differ by what the loop ran
# between perf's reads of them (125 intervals of about 100 ms: -0.10..
# +0.09 ms but two, +0.14 and +2.35 ms, issue 9; on the sanitizer build,
# under load, -0.77 and +0.52 ms).  So task-clock is read before and
# after task-clock:b, and each interval's running sum of bperf must lie
# between those of the two plain reads (check_bracket.py), with 2 us a
# switch above (the per-switch model of section 3) and BPERF_TASK_PCT
# either way: over one run of the loop from its stop, enabled while it is
# stopped (bperf_window).  Measured, 3 s windows on a quiet machine:
# -I 100 within the reads; with no interval read, bperf 0.05..0.11 ms
# (0.002..0.004 %) below the first plain read, and beside another busy
# loop 0.015..0.035 % below it: a loss that shrinks with the syncs of
# more intervals, not understood yet, within the percent bound.
t_busy
busy=$T_BG_PID
if bperf_window "$busy" 550 "$csv" -I 100 \
	-e task-clock,task-clock:b,task-clock,context-switches:b; then
	if python3 "$T_SHELL_DIR/check_bracket.py" --event task-clock --us 2 \
		--pct "$BPERF_TASK_PCT" --min-ms 400 --rows 5 "$csv" >"$T_TMP/br"; then
		t_pass "-I 100 -p: each interval's task-clock:b between the plain reads around it"
	else
		t_fail "-I 100 -p: each interval's task-clock:b between the plain reads around it"
	fi
	t_show "$T_TMP/br"
else
	t_fail "-I 100 -p: perf stat failed"
	t_show "$csv.err"
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
# take turns on its lock, so each is switched often): each thread's row,
# by the model of stat_bpf_counters' -t case.  bperf gives a thread the
# switch that puts it on the CPU, plain counting gives it to nobody (the
# README): never below plain by more than the 0.02 ms printed, above it
# by at most 2 us a switch (context-switches:b of the same row).
# Measured here, 16 threads of 4 runs of 1 s: +0.23..+0.39 ms, 278..318
# switches each, +0.77..+1.36 us a switch; a percent bound (0.2 %) failed
# under load (+0.26 %, +0.32 %: more switches).  Both backends count the
# same run of the process (bperf_window).
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
if bperf_window "$mt" 1000 "$csv" --per-thread \
	-e task-clock:b,task-clock,context-switches:b; then
	if python3 "$T_SHELL_DIR/check_switches.py" --us 2 --min-ms 10 \
		--rows 4 "$csv" >"$T_TMP/pt"; then
		t_pass "--per-thread -p of 4 threads: each thread's task-clock, at most 2 us a switch above plain"
	else
		t_fail "--per-thread -p of 4 threads: each thread's task-clock, at most 2 us a switch above plain"
	fi
	t_show "$T_TMP/pt"
else
	t_fail "--per-thread -p of 4 threads: perf stat failed"
	t_show "$csv.err"
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
	# (none in user mode: :ub is checked to be 0 below, not compared)
	bperf_compare ":u and :k: context-switches" "$csv" --abs 3 \
		--only context-switches:kb
	for ev in page-faults:u page-faults:k context-switches:k; do
		v=$(csv_value "$csv" "$ev")
		t_check "$ev counted ($v)" t_between "${v:-x}" 1 1000000
	done
	v=$(csv_value "$csv" context-switches:ub)
	t_check "context-switches:ub: none in user mode ($v)" test "$v" = 0
fi

# 7. msr/tsc/ of a workload, through a follower: +0.08..+0.39 % (about
# 0.1 ms of TSC ticks, like task-clock in 2.), beyond the bound in 3 runs.
if t_has_msr_pmu "msr/tsc/ of a workload through bperf"; then
	if session "msr/tsc/" -- -e msr/tsc/b,msr/tsc/ -- "${awk_work[@]}"; then
		bperf_compare "msr/tsc/ of a workload" "$csv" \
			--pct "$BPERF_TASK_PCT" --min 1000000
	fi
fi

# 8. -p PID,PID: two busy loops, counted as one and --per-thread; -t
# TID,TID: two threads of a process of four (the bounds of 1. and 3.).
t_busy
busy2=$T_BG_PID
if session "-p two pids" -- -p "$busy,$busy2" --timeout 500 \
	-e task-clock:b,task-clock; then
	bperf_compare "-p $busy,$busy2: the two loops together" "$csv" \
		--pct "$BPERF_TASK_PCT" --abs 0.02 --min 20
fi
if session "--per-thread -p two pids" -- --per-thread -p "$busy,$busy2" \
	--timeout 500 -e task-clock:b,task-clock; then
	bperf_compare "--per-thread -p $busy,$busy2: each loop" "$csv" \
		--aggr thread --pct "$BPERF_TASK_PCT" --abs 0.02 --min 10 --pairs 2
	t_check "--per-thread -p $busy,$busy2: a row of each loop, no other" \
		test "$(awk -F, '$4 == "task-clock:b" { print $1 }' "$csv" | sort | tr '\n' ' ')" = \
		"$(printf 'bash-%s\n' "$busy" "$busy2" | sort | tr '\n' ' ')"
fi
kill -KILL "$busy2"
# Threads busy outside Python's lock (sha256 of 16 MB lets it go): they
# run side by side, not taking turns on it, so each is switched seldom
# (10..21 times in 0.5 s; bperf -0.07..+0.01 ms from plain, 5 runs):
# the switch-in bperf gives a task (lib/bperf.sh) stays small.
t_bg python3 -c 'import threading, hashlib
data = b"x" * (1 << 24)
def spin():
	while True:
		hashlib.sha256(data).digest()
for _ in range(3):
	threading.Thread(target=spin, daemon=True).start()
spin()'
mt=$T_BG_PID
for _ in $(seq 50); do
	[ "$(find "/proc/$mt/task" -mindepth 1 -maxdepth 1 | wc -l)" -ge 4 ] && break
	sleep 0.1
done
# Two of its threads, not the first.
read -r t1 t2 < <(find "/proc/$mt/task" -mindepth 1 -maxdepth 1 -printf '%f\n' |
	grep -vx "$mt" | sort -n | head -n 2 | tr '\n' ' ')
if session "-t two tids" -- -t "$t1,$t2" --timeout 500 \
	-e task-clock:b,task-clock; then
	bperf_compare "-t $t1,$t2: the two threads together" "$csv" \
		--pct "$BPERF_TASK_PCT" --abs 0.02 --min 10
fi
if session "--per-thread -t two tids" -- --per-thread -t "$t1,$t2" \
	--timeout 500 -e task-clock:b,task-clock; then
	bperf_compare "--per-thread -t $t1,$t2: each thread" "$csv" \
		--aggr thread --pct "$BPERF_TASK_PCT" --abs 0.02 --min 5 --pairs 2
	t_check "--per-thread -t $t1,$t2: a row of each thread, no other" \
		test "$(awk -F, '$4 == "task-clock:b" { print $1 }' "$csv" | sort | tr '\n' ' ')" = \
		"$(printf 'python3-%s\n' "$t1" "$t2" | sort | tr '\n' ' ')"
fi
kill -KILL "$mt"

# 9. -p follows what its process forks after the session attached, as
# plain counting's inherited counters do: a shell waits on a fifo until
# bperf follows it, then forks a child that forks two busy awks.  Nearly
# all of the count is theirs (the shell itself sleeps).
go=$T_TMP/go
mkfifo "$go"
printf '%s & %s; wait\n' "${awk_work[*]@Q}" "${awk_work[*]@Q}" >"$T_TMP/kids.sh"
t_bg sh -c "read x <'$go'; sh '$T_TMP/kids.sh'; sleep 30"
parent=$T_BG_PID
run_perf stat --attr-map "$BPERF_MAP" -x, -o "$csv" -p "$parent" \
	-e task-clock:b,task-clock --timeout 3000 2>"$T_TMP/err" &
pp=$!
for _ in $(seq 100); do
	[ "$(bperf_list_field task-clock followers 2>/dev/null)" = 1 ] && break
	sleep 0.05
done
echo go >"$go"
wait "$pp"
rc=$?
t_check "-p of a shell that forks after the session attached: exit 0 ($rc)" \
	test "$rc" -eq 0
t_show "$T_TMP/err"
bperf_compare "-p: the children forked after bperf attached" "$csv" \
	--pct "$BPERF_TASK_PCT" --min 50
kill -KILL "$parent"

t_done
