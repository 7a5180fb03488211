#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# bperf under crashes and races:
#  1. 100 sessions (-a, -C 0, -p, a workload; three events) SIGKILLed at
#     random moments, start-up included; then a fresh session counts what
#     plain counting counts in the same session, and once every session
#     has ended no bperf program, link or map is left (bpftool before and
#     after).
#  2. 32 sessions on the same events started at the same instant: exactly
#     one leader per event at every sampled moment, every count within
#     WORK_PCT of plain counting in the same session and the median within
#     WORK_MEDIAN (bounds below); the spread is printed.
#  3. Sessions starting while others end, for a few seconds: never more
#     than one leader per event, every session (-a and workloads) exits 0
#     and counts what plain counting counts beside it, -a also what its
#     own clock says.
#  4. A holder of the attr map lock (flock on <attrmap>_lock) that is
#     killed does not block the sessions waiting for it; neither does a
#     session SIGSTOPped during start-up and then killed.
# Counts are compared with compare_counts.py, with the bounds of
# lib/bperf.sh unless said otherwise.

. "$(dirname "$0")"/lib.sh
. "$(dirname "$0")"/lib/bperf.sh
. "$(dirname "$0")"/lib/hardening.sh

t_require_bperf
t_require_cmd flock
NCPU=$(nproc)
EVENTS=cpu-clock,task-clock,context-switches

# bperf list -j: how many entries per event name, "event=N ..." sorted.
list_entries() {
	run_perf bperf list -j --attr-map "$BPERF_MAP" 2>"$T_TMP/list.err" | python3 -c '
import json, sys, collections
c = collections.Counter()
for line in sys.stdin:
	try:
		e = json.loads(line)
	except ValueError:
		continue
	if e.get("state", "live") == "live":
		c[e["event"]] += 1
print(" ".join("%s=%d" % kv for kv in sorted(c.items())))'
}

bperf_objects >"$T_TMP/base"
# A busy process that also faults, switches and migrates (lib/worker.py),
# so that every event of the session after the kills counts something.
bperf_worker
busy=$T_BG_PID

# ---- 1. 100 SIGKILLs at random moments -------------------------------------
kills=0
for i in $(seq 100); do
	case $((i % 4)) in
	0) args=(-a -- sleep 5) ;;
	1) args=(-C 0 -- sleep 5) ;;
	2) args=(-p "$busy") ;;
	3) args=(-- sh -c 'sleep 5') ;;
	esac
	"$PERF" stat --use-bpf --attr-map "$BPERF_MAP" -e "$EVENTS" \
		"${args[@]}" >/dev/null 2>&1 &
	victim=$!
	# 0-199 ms: most land in start-up (loading, attaching, joining).
	sleep "0.$((RANDOM % 2))$((RANDOM % 10))$((RANDOM % 10))"
	kill -KILL "$victim" 2>/dev/null && kills=$((kills + 1))
	wait "$victim" 2>/dev/null
done
t_check "100 sessions killed ($kills while running)" test "$kills" -ge 90

# A fresh session counts the worker through bperf and plainly beside it:
# the clocks within BPERF_TASK_PCT (0.02 ms: the printed digits), the
# switches (10 a second at least: its moves between CPUs) and page faults
# (about one a ms of CPU) within 3, as stat_bpf_group.sh measured them.
run_perf stat --attr-map "$BPERF_MAP" -x, -p "$busy" -o "$T_TMP/after" \
	-e cpu-clock:b,cpu-clock,task-clock:b,task-clock \
	-e context-switches:b,context-switches,page-faults:b,page-faults \
	-- sleep 1 2>"$T_TMP/err"
rc=$?
t_check "a session after 100 kills exits 0 (status $rc)" test "$rc" -eq 0
t_show "$T_TMP/err"
bperf_compare "it counts the worker as plain counting does" \
	"$T_TMP/after" --pct "$BPERF_TASK_PCT" --abs 0.02 --min 10 --pairs 2 \
	--only cpu-clock:b --only task-clock:b
bperf_compare "and its context switches and page faults" "$T_TMP/after" \
	--abs 3 --min 5 --pairs 2 --only context-switches:b --only page-faults:b
if left=$(bperf_left_over "$T_TMP/base"); then
	t_pass "after 100 kills and the last session: no bperf program, link or map left"
else
	t_fail "after 100 kills and the last session, left: $(echo "$left" | sort | uniq -c | awk '{ print $3 }' | sort | uniq -c | tr '\n' ' ')"
fi

# ---- 2. 32 sessions at the same instant ----------------------------------
LOOPS=6000000
work="awk 'BEGIN { for (i = 0; i < $LOOPS; i++) s += i }'"
bperf_gate_init
for i in $(seq 8); do
	bperf_gated "$PERF" stat --attr-map "$BPERF_MAP" -x, \
		-e duration_time,cpu-clock:b,duration_time,task-clock:b,duration_time \
		-e cpu-clock,task-clock -a -o "$T_TMP/a$i" -- sleep 5
done
# The same work counted both ways in one session: :b is bperf, the plain
# event beside it is the reference.
for i in $(seq 24); do
	bperf_gated "$PERF" stat --attr-map "$BPERF_MAP" -x, \
		-e cpu-clock:b,task-clock:b,cpu-clock,task-clock \
		-o "$T_TMP/w$i" -- sh -c "$work"
done
pids=("${T_BG_PIDS[@]: -32}")
bperf_open_gate
gate_opened=$SECONDS
bad_samples=0
samples=0
for s in $(seq 10); do
	[ $((SECONDS - gate_opened)) -ge 4 ] && break
	sleep 0.2
	n=$(leaders_now)
	l=$(list_entries)
	[ -n "$n" ] || continue
	samples=$((samples + 1))
	echo "sample $s (+$((SECONDS - gate_opened)) s): $n leader links; live entries: $l"
	t_show "$T_TMP/list.err" 3
	if [ "$n" -gt 2 ]; then
		bad_samples=$((bad_samples + 1))
	elif [ -n "$l" ] && [ "$l" != "cpu-clock=1 task-clock=1" ] &&
		[ "$l" != "cpu-clock=1" ] && [ "$l" != "task-clock=1" ]; then
		bad_samples=$((bad_samples + 1))
	fi
done
t_check "32 sessions at once: at most one leader per event in $samples samples ($bad_samples bad)" \
	test "$bad_samples" -eq 0 -a "$samples" -ge 1
failed=0
for p in "${pids[@]}"; do
	wait "$p" || failed=$((failed + 1))
done
t_check "all 32 sessions exited 0 ($failed failed)" test "$failed" -eq 0
wrong=0
for i in $(seq 8); do
	python3 "$COMPARE" --same-window --pct "$BPERF_CPU_PCT" \
		--min $((NCPU * 4900)) --clock "$NCPU" --clock-ms "$BPERF_CLOCK_MS" \
		--pairs 2 "$T_TMP/a$i" >"$T_TMP/a$i.cmp" ||
		{ wrong=$((wrong + 1)); sed "s/^/-a session $i: /" "$T_TMP/a$i.cmp"; }
	echo "-a session $i: $(tail -n 1 "$T_TMP/a$i.cmp")"
done
# The workloads: issue 9 found one session in ten 1-3 % high and bounded
# them at 1 %, the median at 0.2 %.  Measured here since, 39 rounds of
# these 32 sessions at load 11..140 (3 runs of this test and 36 rounds
# of this section alone): the 936 workloads -0.04..+0.27 % (cpu-clock
# and task-clock), the rounds' medians +0.054..+0.145 %, bperf above
# plain by the switch-in it gives a task (lib/bperf.sh) but for one
# round, whose 24 sessions all read -0.07..-2.75 % (median -0.94 %):
# that round fails here, and is no reason for wider bounds.  So each
# session within 0.5 %, the median from -0.05 to 0.2 %.
WORK_PCT=0.5
WORK_MEDIAN_LO=-0.05
WORK_MEDIAN_HI=0.2
: >"$T_TMP/diffs"
for i in $(seq 24); do
	python3 "$COMPARE" --pct "$WORK_PCT" --min 50 --pairs 2 "$T_TMP/w$i" \
		>"$T_TMP/w$i.cmp" ||
		{ wrong=$((wrong + 1)); sed "s/^/workload $i: /" "$T_TMP/w$i.cmp"; }
	awk '$1 == "task-clock:b:" { gsub(/[(+]/, "", $7); print $7; f = 1 }
		END { if (!f) print 1000 }' "$T_TMP/w$i.cmp" >>"$T_TMP/diffs"
done
mapfile -t diffs <"$T_TMP/diffs"
median=$(t_median "${diffs[@]}")
echo "task-clock:b - task-clock, percent, per session: $(sort -g "$T_TMP/diffs" | tr '\n' ' ')"
t_check "every one of the 32 sessions counted what plain counting counted ($wrong wrong)" \
	test "$wrong" -eq 0
t_check "the median session is $WORK_MEDIAN_LO..$WORK_MEDIAN_HI % from plain (${median} %)" \
	t_between "$median" "$WORK_MEDIAN_LO" "$WORK_MEDIAN_HI"

# ---- 3. Sessions starting while others end ---------------------------------
bad_samples=0
samples=0
started=0
churn=()
end=$((SECONDS + 6))
while [ $SECONDS -lt $end ]; do
	for k in a w; do
		r="0.$((RANDOM % 3))$((RANDOM % 10))"
		# -a (no follower) and a workload (a follower) in turn, each
		# with plain counting beside, and -a with its clock
		# shellcheck disable=SC2054 # event lists
		{
			target=(-e cpu-clock:b,task-clock:b,cpu-clock,task-clock)
			[ $k = a ] && target=(-a -e duration_time,cpu-clock:b,duration_time \
				-e task-clock:b,duration_time,cpu-clock,task-clock)
		}
		"$PERF" stat --attr-map "$BPERF_MAP" -x, "${target[@]}" \
			-o "$T_TMP/c$started" -- sleep "$r" \
			2>"$T_TMP/c$started.err" &
		churn+=("$!:$r:$started:$k")
		started=$((started + 1))
	done
	n=$(leaders_now)
	[ -n "$n" ] || continue
	samples=$((samples + 1))
	[ "$n" -gt 2 ] && { bad_samples=$((bad_samples + 1)); echo "churn: $n leader links"; }
	sleep "0.0$((RANDOM % 10))"
done
failed=0
wrong=0
checked=0
for c in "${churn[@]}"; do
	IFS=: read -r pid r idx k <<<"$c"
	if ! wait "$pid"; then
		failed=$((failed + 1))
		t_show "$T_TMP/c$idx.err" 3
		continue
	fi
	checked=$((checked + 1))
	if [ "$k" = w ]; then
		# The sleep ran a millisecond or so, counted from its exec
		# to its exit.  Measured, 118 such sessions of this churn:
		# cpu-clock:b -0.02..+0.01 ms from plain, task-clock:b
		# -0.06..0.00 ms (it reads 0.03..0.05 ms low beside
		# cpu-clock:b, not alone); bound 0.1 ms.
		python3 "$COMPARE" --abs 0.1 --min 0.1 --pairs 2 \
			"$T_TMP/c$idx" >"$T_TMP/c$idx.cmp" ||
			{ wrong=$((wrong + 1)); sed "s/^/churn workload $idx (sleep $r): /" "$T_TMP/c$idx.cmp"; }
		echo "churn workload $idx: $(awk '/: bperf/ { printf "%s %s ms, ", $1, $(NF - 2) }' "$T_TMP/c$idx.cmp")"
		continue
	fi
	# -a cpu-clock: every CPU during the sleep, at least 95 % of it.
	# perf stat enables and disables its four events one after the
	# other, and amid this churn it can be kept off the CPU in between:
	# over 830 -a sessions of this churn the plain task-clock row was
	# enabled up to 1.43 ms less than the bperf rows (the same session
	# in CI: 2.36 ms), and its count with it.  So the plain count is
	# brought to the bperf row's window first (--same-window); then
	# bperf - plain spread over [-0.010, +0.015] ms in 1443 sessions
	# (normal and sanitizer builds), the printed values' rounding.
	python3 "$COMPARE" --same-window --pct "$BPERF_CPU_PCT" --abs 0.05 \
		--min "$(awk -v r="$r" -v n="$NCPU" 'BEGIN { print r * 1000 * n * 0.95 }')" --pairs 2 \
		--clock "$NCPU" --clock-ms "$BPERF_CLOCK_MS" \
		"$T_TMP/c$idx" >"$T_TMP/c$idx.cmp" ||
		{ wrong=$((wrong + 1)); sed "s/^/churn session $idx (sleep $r): /" "$T_TMP/c$idx.cmp"; }
	echo "churn -a $idx: $(tail -n 1 "$T_TMP/c$idx.cmp")"
done
t_check "churn: $started sessions, at most one leader per event in $samples samples ($bad_samples bad)" \
	test "$bad_samples" -eq 0 -a "$samples" -ge 1
t_check "churn: every session exited 0 ($failed failed)" test "$failed" -eq 0
t_check "churn: every one of $checked sessions counted what plain counting counted ($wrong wrong)" \
	test "$wrong" -eq 0 -a "$checked" -ge 2

# ---- 4. A killed lock holder does not block --------------------------------
lock=${BPERF_MAP}_lock
mkdir -p "$lock"
# -o: the lock stays with flock itself, not with its child
t_bg flock -o "$lock" sleep 60
holder=$T_BG_PID
sleep 0.3
waiters=()
for i in 1 2 3; do
	t_bg "$PERF" stat --attr-map "$BPERF_MAP" -x, \
		-e duration_time,cpu-clock:b,duration_time,cpu-clock -a -o "$T_TMP/l$i" -- sleep 0.2
	waiters+=("$T_BG_PID")
done
sleep 1
blocked=0
for p in "${waiters[@]}"; do
	kill -0 "$p" 2>/dev/null && blocked=$((blocked + 1))
done
t_check "sessions wait while another process holds the lock ($blocked of 3 waiting)" \
	test "$blocked" -eq 3
kill -KILL "$holder"
wait "$holder" 2>/dev/null
t0=$SECONDS
failed=0
for p in "${waiters[@]}"; do
	wait "$p" || failed=$((failed + 1))
done
t_check "the lock holder killed: the 3 waiting sessions finish ($failed failed, $((SECONDS - t0)) s)" \
	test "$failed" -eq 0 -a $((SECONDS - t0)) -le 10
for i in 1 2 3; do
	bperf_compare "waiting session $i counts what plain counting counts" \
		"$T_TMP/l$i" --same-window --pct "$BPERF_CPU_PCT" \
		--min $((NCPU * 190)) --clock "$NCPU" --clock-ms "$BPERF_CLOCK_MS"
done

# A session stopped at a random moment of its start-up, then killed.
stuck=0
for i in $(seq 10); do
	"$PERF" stat --use-bpf --attr-map "$BPERF_MAP" -e cpu-clock,task-clock \
		-- sleep 5 >/dev/null 2>&1 &
	victim=$!
	sleep "0.0$((RANDOM % 10))"
	kill -STOP "$victim" 2>/dev/null
	"$PERF" stat --use-bpf --attr-map "$BPERF_MAP" -x, -e cpu-clock,task-clock \
		-o "$T_TMP/s" -- true >/dev/null 2>&1 &
	other=$!
	sleep 0.3
	kill -KILL "$victim" 2>/dev/null
	wait "$victim" 2>/dev/null
	for _ in $(seq 50); do
		kill -0 "$other" 2>/dev/null || break
		sleep 0.1
	done
	if kill -0 "$other" 2>/dev/null; then
		stuck=$((stuck + 1))
		kill -KILL "$other"
	fi
	wait "$other" 2>/dev/null
done
t_check "sessions behind a stopped then killed session finish (stuck: $stuck of 10)" \
	test "$stuck" -eq 0

kill -KILL "$busy"
wait "$busy" 2>/dev/null
if left=$(bperf_left_over "$T_TMP/base"); then
	t_pass "at the end: no bperf program, link or map left"
else
	t_fail "at the end, left: $(echo "$left" | awk '{ print $2 }' | sort | uniq -c | tr '\n' ' ')"
fi
t_done
