#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# Room for many task-scoped sessions on one leader, and a clear error
# where a limit remains:
#  1. 256 sessions at once on one event, each counting its own process:
#     all share one leader, and each counts what plain counting of the
#     same work in the same session counts (bounds below).
#  2. 32 sessions can count one process at once, each as plain counting
#     does; a 33rd is refused with an error saying why, never counted
#     wrong, while a CPU-scoped session (no follower) still joins.
#  3. 1024 followers on one leader (32 sessions of 32 copies of an
#     event), each counting right; the 1025th is refused, saying why.
#  4. 8192 accumulation slots per leader (a slot per thread counted
#     --per-thread): the session that finds none is refused, saying why,
#     and slots freed by a session that ended serve again.

. "$(dirname "$0")"/lib.sh
. "$(dirname "$0")"/lib/bperf.sh

t_require_bperf

# ---- 1. 256 sessions, each its own process ---------------------------------
# Each session counts one process (-p) that blocks reading a line from a
# FIFO until all 256 sessions count, then runs about 50 ms of CPU on this
# machine in the shell itself (no fork, no exec) and stops itself
# (SIGSTOP): together they keep both CPUs busy for seconds, so every
# session is preempted often, and the sessions are ended (SIGINT) with
# every process stopped, so that each session's two backends count the
# same run, from the wakeup to the stop.  (The exec and the exit are not
# in the window: there bperf's first and last readings are not perf's,
# the one difference that remains, tested by stat_bpf_exit and the churn
# of hardening_bperf_stress; see "What remains" in bperf-design.md.  Here
# a process's exec and exit inside its session put 0.9 ms, the
# hypervisor's, into one of 256 plain counts: -2.9 %.)  (A wait that
# polls, forking a sleep every few ms, would be a poor workload here:
# bperf gives a task the context switch that puts it on the CPU, plain
# counting gives it to nobody, a few us per switch.)
GO=$T_TMP/go
mkfifo "$GO"
# (Opened read-write, the FIFO never blocks the open: a workload that
# comes late to it still finds its line.)
WORK="read go <>$GO; i=0; while [ \$i -lt 20000 ]; do i=\$((i + 1)); done; kill -STOP \$\$"
work=()
for i in $(seq 256); do
	t_bg sh -c "$WORK"
	work+=("$T_BG_PID")
done
bperf_gate_init
for i in $(seq 256); do
	bperf_gated env --default-signal=INT "$PERF" stat --attr-map "$BPERF_MAP" -x, \
		-e task-clock:b,task-clock -p "${work[i - 1]}" -o "$T_TMP/s$i" \
		2>"$T_TMP/s$i.err"
done
pids=("${T_BG_PIDS[@]: -256}")
bperf_open_gate
for i in $(seq 600); do
	most=$(bperf_list_field task-clock followers 2>/dev/null)
	[ "${most:-0}" = 256 ] && break
	sleep 0.1
done
# A line for each reader (read takes one line from a pipe).
yes go | head -n 256 >"$GO"
echo "$most sessions followed the leader at once"
# Every process stopped (state T), then every session ended.
for i in $(seq 600); do
	t_stopped "${work[@]}" && break
	sleep 0.1
done
t_check "the 256 processes ran and stopped" t_stopped "${work[@]}"
kill -INT "${pids[@]}"
failed=0
for p in "${pids[@]}"; do
	wait "$p"
	[ $? -eq 130 ] || failed=$((failed + 1))
done
{ kill -KILL "${work[@]}" && wait "${work[@]}"; } 2>/dev/null
t_check "the 256 sessions end on SIGINT ($failed otherwise)" test "$failed" -eq 0
failed=0
: >"$T_TMP/pairs"
for i in $(seq 256); do
	echo "$(csv_value "$T_TMP/s$i" task-clock:b)" \
		"$(csv_value "$T_TMP/s$i" task-clock)" >>"$T_TMP/pairs"
done
# Each pair is the same work counted both ways in one session.  Issue
# 9's bounds were 1 % a session and 0.2 % the median; measured here
# since, 5 runs of 256 sessions of a workload they exec'd (awk) at load
# 26..65: -0.324..+0.398 %, medians +0.070..+0.086 %; 4 runs of these:
# +0.000..+0.255 %, medians +0.086..+0.103 %.  So each session within
# 0.8 %, the median within 0.2 %.
"$T_SHELL_DIR"/check_pairs.py "256 sessions" "$T_TMP/pairs" 256 5 0.8 0.2 ||
	failed=1
t_check "256 sessions on one event: each within 0.8 % of plain counting, the median within 0.2 %" \
	test "$failed" -eq 0
t_check "256 sessions followed one leader at once (got $most)" \
	test "${most:-0}" = 256

# ---- 2. 32 sessions on one process, not 33 ----------------------------------
# Each counts cpu-clock through bperf, and a 33rd session, plain counting
# (no bperf), counts the same cpu-clock and the context switches beside
# them: it is what each of the 32 must read.  All 33 start disabled
# (-D -1), are enabled through --control while the loop is stopped
# (SIGSTOP), and it is stopped again before the SIGINT, so every session
# counts the same run of it (enabled one after the other beside the
# running loop, 4 of 32 read -0.33..-0.58 ms).  What stays is the
# context switch.  bperf gives the task the switch that puts it on the
# CPU, plain counting gives it to nobody (README).  And plain counts
# the task until its own sched-out, after every program on the
# tracepoint, where bperf's count ends at its leader's read: the
# programs that run after that read at the task's switch-out (those of
# other leaders, crediting the task's followers) are the task's for
# plain counting only.  With a context-switches:b leader beside it and a
# plain cpu-clock in each session, every session read -0.50..-0.63 ms
# (131 switches) in a .ci/run here and -1.02..-1.19 ms (109 switches,
# -9.4..-10.9 us a switch) in CI; with the one cpu-clock leader and one
# plain count, here -0.37 ms in 67 switches (-5.5 us a switch) with
# context-switches:b still beside it, +0.07..+0.12 us a switch in 147..170
# beside two busy loops without it.  Per session: within PER_SWITCH_US
# a switch of plain either way, and the 0.02 ms printed.
PER_SWITCH_US=8
t_busy
busy=$T_BG_PID
bperf_gate_init
declare -a ctl ack
for i in $(seq 33); do
	# Both ends held open here, read-write: perf's opening of either
	# fifo then never waits.
	mkfifo "$T_TMP/c$i" "$T_TMP/a$i"
	exec {fd}<>"$T_TMP/c$i"
	ctl[i]=$fd
	exec {fd}<>"$T_TMP/a$i"
	ack[i]=$fd
	events=cpu-clock:b
	[ "$i" -eq 33 ] && events=cpu-clock,context-switches
	bperf_gated env --default-signal=INT "$PERF" stat --attr-map "$BPERF_MAP" -x, \
		-D -1 --control "fifo:$T_TMP/c$i,$T_TMP/a$i" \
		-e "$events" -p "$busy" -o "$T_TMP/p$i" 2>"$T_TMP/p$i.err"
done
pids=("${T_BG_PIDS[@]: -33}")
kill -STOP "$busy"
bperf_open_gate
for i in $(seq 100); do
	[ "$(bperf_list_field cpu-clock followers)" = 32 ] && break
	sleep 0.1
done
enabled=0
for i in $(seq 33); do
	echo enable >&"${ctl[i]}" &&
		read -r -t "${T_WAIT:-30}" a <&"${ack[i]}" && [ "$a" = ack ] &&
		enabled=$((enabled + 1))
done
kill -CONT "$busy"
t_check "the 33 sessions enabled while the process was stopped ($enabled)" \
	test "$enabled" -eq 33
t_check "32 sessions count one process" \
	test "$(bperf_list_field cpu-clock followers)" = 32

bperf_stat -e cpu-clock -p "$busy" -- sleep 0.1 >"$T_TMP/out" 2>"$T_TMP/err"
rc=$?
t_check "a 33rd bperf session on that process fails (status $rc)" test "$rc" -eq 1
t_check "and says why, in one line and a hint" \
	test "$(grep -c 'sessions already count one of these tasks' "$T_TMP/err")" -eq 1 \
	-a "$(grep -c '^hint: ' "$T_TMP/err")" -eq 1 -a "$(wc -l <"$T_TMP/err")" -eq 2
t_show "$T_TMP/err"

bperf_stat -x, -e cpu-clock -o "$T_TMP/w" -- sleep 0.1 2>"$T_TMP/err"
rc=$?
t_check "a session counting another process still joins (status $rc)" \
	test "$rc" -eq 0
t_show "$T_TMP/err"
bperf_stat -x, -e cpu-clock -a -o "$T_TMP/a" -- sleep 0.2 2>"$T_TMP/err"
rc=$?
t_check "a CPU-scoped session still joins (status $rc)" test "$rc" -eq 0
t_show "$T_TMP/err"
# They run until SIGINT, so that none ends before the 33rd has tried.
t_stop "$busy"
kill -INT "${pids[@]}"
failed=0
for i in $(seq 33); do
	wait "${pids[$((i - 1))]}"
	[ $? -eq 130 ] || failed=$((failed + 1))
done
plain=$(csv_value "$T_TMP/p33" cpu-clock)
cs=$(csv_value "$T_TMP/p33" context-switches)
echo "plain counting: cpu-clock ${plain:-none} ms, ${cs:-no} context switches"
wrong=0
for i in $(seq 32); do
	awk -F, -v us="$PER_SWITCH_US" -v plain="${plain:-0}" -v cs="${cs:-0}" '!/^#/ { v[$3] = $1 }
		END { d = v["cpu-clock:b"] - plain
			printf "cpu-clock:b %s, cpu-clock %s: %+.2f ms, %d switches, %+.2f us a switch\n",
				v["cpu-clock:b"], plain, d, cs, cs ? d * 1000 / cs : 0
			exit !(plain >= 50 && cs > 0 && d >= -(cs * us / 1000 + 0.02) &&
			       d <= cs * us / 1000 + 0.02) }' "$T_TMP/p$i" \
		>"$T_TMP/p$i.cmp" ||
		{ wrong=$((wrong + 1)); sed "s/^/session $i: /" "$T_TMP/p$i.cmp"; }
done
[ "$wrong" -eq 0 ] && sed "s/^/session 1: /" "$T_TMP/p1.cmp"
t_check "the 33 sessions of one process end on SIGINT ($failed otherwise), the 32 bperf sessions count it as plain counting does ($wrong wrong)" \
	test "$failed" -eq 0 -a "$wrong" -eq 0
kill -KILL "$busy"

# ---- 3. 1024 followers on one leader, not 1025 ------------------------------
# A follower is one event of one session: 32 sessions of 32 task-clock:b
# each, every session counting its own workload (as many as one task
# can have), make the most one leader has.  Each workload waits on a
# FIFO until the 1025th has been refused, then runs a little; every one
# of a session's 32 followers counts what its plain task-clock counts.
GO3=$T_TMP/go3
mkfifo "$GO3"
copies=$(printf 'task-clock:b,%.0s' $(seq 32))task-clock
bperf_gate_init
for i in $(seq 32); do
	bperf_gated "$PERF" stat --attr-map "$BPERF_MAP" -x, -e "$copies" \
		-o "$T_TMP/f$i" -- sh -c "read go <>$GO3; awk 'BEGIN { for (i = 0; i < 300000; i++) s += i }'"
done
pids=("${T_BG_PIDS[@]: -32}")
bperf_open_gate
for i in $(seq 600); do
	most=$(bperf_list_field task-clock followers 2>/dev/null)
	[ "${most:-0}" = 1024 ] && break
	sleep 0.1
done
t_check "32 sessions of 32 followers: 1024 on one leader (got $most)" \
	test "${most:-0}" = 1024
bperf_stat -x, -e task-clock -o "$T_TMP/f1025" -- true 2>"$T_TMP/err"
rc=$?
t_check "the 1025th follower is refused (status $rc)" test "$rc" -eq 1
t_check "and says why, in one line and a hint" \
	test "$(grep -c "already has 1024 task- and cgroup-scoped bperf sessions, the most one leader can have" "$T_TMP/err")" -eq 1 \
	-a "$(grep -c '^hint: ' "$T_TMP/err")" -eq 1 -a "$(wc -l <"$T_TMP/err")" -eq 2
t_show "$T_TMP/err"
bperf_stat -x, -e task-clock -a -o "$T_TMP/fa" -- sleep 0.1 2>"$T_TMP/err"
rc=$?
t_check "a CPU-scoped session (no follower) still joins (status $rc)" \
	test "$rc" -eq 0
yes go | head -n 32 >"$GO3"
failed=0
wrong=0
for i in $(seq 32); do
	wait "${pids[$((i - 1))]}" || failed=$((failed + 1))
	# The same task, 32 followers: the same deltas, the same count.
	python3 "$COMPARE" --pct "$BPERF_TASK_PCT" --abs 0.06 --min 1 --pairs 32 \
		"$T_TMP/f$i" >"$T_TMP/f$i.cmp" ||
		{ wrong=$((wrong + 1)); sed "s/^/session $i: /" "$T_TMP/f$i.cmp"; }
	n=$(awk -F, '$3 == "task-clock:b" { print $1 }' "$T_TMP/f$i" | sort -u | wc -l)
	[ "$n" -eq 1 ] || { wrong=$((wrong + 1)); echo "session $i: its 32 followers read $n values"; }
done
t_check "the 1024 followers: every session exits 0 ($failed failed), each follower as its plain count, all 32 of a session alike ($wrong wrong)" \
	test "$failed" -eq 0 -a "$wrong" -eq 0

# ---- 4. Accumulation slots: 8192 per leader ----------------------------------
# A session counting --per-thread takes a slot per thread: four sessions
# of a process of 2048 threads (the first busy, the others asleep) take
# all 8192; a fifth session, even of one slot, is refused and says why;
# once one of the four ends, its slots serve again.  The busy thread is
# counted by value: its row in the first session against plain counting,
# which starts disabled and is enabled through --control while the
# process is stopped, and ends with it stopped again: with 2048 threads'
# plain events to enable and read, the busy thread ran on between the
# two backends (bperf -0.63 % once).  Stopped, every thread of it
# (t_stop): the SIGINT that came right after kill -STOP found the busy
# thread still running, -3.34 ms (-0.264 %) in CI.
t_bg python3 -c '
import threading, time
for _ in range(2047):
    threading.Thread(target=time.sleep, args=(120,), daemon=True).start()
while True:
    pass'
many=$T_BG_PID
for _ in $(seq 100); do
	[ "$(find "/proc/$many/task" -mindepth 1 -maxdepth 1 | wc -l)" -ge 2048 ] && break
	sleep 0.1
done
t_check "a process of 2048 threads" \
	test "$(find "/proc/$many/task" -mindepth 1 -maxdepth 1 | wc -l)" -eq 2048
mkfifo "$T_TMP/sc" "$T_TMP/sa"
exec {sc}<>"$T_TMP/sc" {sa}<>"$T_TMP/sa"
kill -STOP "$many"
t_bg env --default-signal=INT "$PERF" stat --attr-map "$BPERF_MAP" -x, \
	-D -1 --control "fifo:$T_TMP/sc,$T_TMP/sa" \
	--per-thread -p "$many" -e task-clock:b,task-clock -o "$T_TMP/slots1" \
	2>"$T_TMP/slots1.err"
pids=("$T_BG_PID")
for i in 2 3 4; do
	t_bg "$PERF" stat --use-bpf --attr-map "$BPERF_MAP" -x, --per-thread \
		-p "$many" -e task-clock -o /dev/null -- sleep 30
	pids+=("$T_BG_PID")
done
for i in $(seq 100); do
	[ "$(bperf_list_field task-clock followers 2>/dev/null)" = 4 ] && break
	sleep 0.1
done
echo enable >&"$sc" && read -r -t "${T_WAIT:-30}" a <&"$sa" && [ "$a" = ack ]
t_check "the first session enabled while the process was stopped" test $? -eq 0
kill -CONT "$many"
t_check "four sessions of 2048 threads on one leader" \
	test "$(bperf_list_field task-clock followers 2>/dev/null)" = 4
t_busy
busy=$T_BG_PID
bperf_stat -x, -e task-clock -p "$busy" -o "$T_TMP/slot5" -- sleep 0.1 \
	2>"$T_TMP/err"
rc=$?
t_check "all 8192 slots taken: a fifth session is refused (status $rc)" \
	test "$rc" -eq 1
t_check "and says why, in one line and a hint" \
	test "$(grep -c "the bperf leader has no 1 accumulation slots left of 8192" "$T_TMP/err")" -eq 1 \
	-a "$(grep -c '^hint: ' "$T_TMP/err")" -eq 1 -a "$(wc -l <"$T_TMP/err")" -eq 2
t_show "$T_TMP/err"
kill -INT "${pids[3]}"
wait "${pids[3]}"
rc=$?
t_check "one of the four ends on SIGINT (status $rc)" test "$rc" -eq 130
run_perf stat --attr-map "$BPERF_MAP" -x, -e task-clock:b,task-clock \
	-p "$busy" -o "$T_TMP/slot6" --timeout 500 2>"$T_TMP/err"
rc=$?
t_check "its slots serve again: a new session joins (status $rc)" \
	test "$rc" -eq 0
t_show "$T_TMP/err"
bperf_compare "and counts the busy loop as plain counting does" \
	"$T_TMP/slot6" --pct "$BPERF_TASK_PCT" --abs 0.02 --min 10
t_stop "$many"
kill -INT "${pids[0]}"
wait "${pids[0]}"
rc=$?
kill -CONT "$many"
t_check "the first of the four ends on SIGINT (status $rc)" test "$rc" -eq 130
grep "^python3-$many," "$T_TMP/slots1" >"$T_TMP/slots1.busy"
bperf_compare "its row of the busy thread" "$T_TMP/slots1.busy" \
	--aggr thread --pct "$BPERF_TASK_PCT" --abs 0.02 --min 10
rows=$(awk -F, '$4 == "task-clock:b"' "$T_TMP/slots1" | wc -l)
t_check "and a row for each of the 2048 threads (got $rows)" test "$rows" -eq 2048
for p in "${pids[1]}" "${pids[2]}"; do
	kill -INT "$p"
	wait "$p"
done
kill -KILL "$many" "$busy"
t_done
