#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# Event groups through bperf: a group of software events counted through
# one group leader ({...:b}) and plainly in the same session, for a
# workload, -p, -a and -C: every member agrees with its plain twin
# (compare_counts.py, bounds below and in lib/bperf.sh), and the members
# of the bperf group carry identical enabled and running times.  Two
# sessions of one group share one leader that perf bperf list shows as
# one entry with its members, apart from a single event of a member and
# from the same members in another order.  Groups bperf cannot take are
# counted plain with one line saying so.  Sessions SIGKILLed leave
# nothing behind.  The members of weak groups ({...}:W) this machine can
# count are counted, with either backend.

. "$(dirname "$0")"/lib.sh
. "$(dirname "$0")"/lib/bperf.sh
. "$(dirname "$0")"/lib/hardening.sh

t_require_bperf

GROUP_B="{cpu-clock:b,task-clock:b,context-switches:b,page-faults:b}"
GROUP="{cpu-clock,task-clock,context-switches,page-faults}"
GROUP_NAME="{cpu-clock,task-clock,context-switches,page-faults}"
LOOPS=${LOOPS:-3000000}
work=(awk "BEGIN { for (i = 0; i < $LOOPS; i++) a[i % 50000] += i }")

bperf_objects >"$T_TMP/base"

# same_times CSV: the bperf group's rows (EV:b, EV:ub...) of each aggregation id
# have the same run time and percent running (CSV fields 4 and 5 after
# the id), as the members of one perf_event group read together.
same_times() {
	python3 - "$1" <<'EOF'
import re, sys
times, rows = {}, 0
for line in open(sys.argv[1]):
    f = line.rstrip("\n").split(",")
    if line.startswith("#") or len(f) < 5:
        continue
    for i, field in enumerate(f):
        if re.search(r":[a-zA-Z]*b[a-zA-Z]*$", field) and i >= 2:
            break
    else:
        continue
    rows += 1
    times.setdefault(tuple(f[:i - 2]), set()).add((f[i + 1], f[i + 2]))
bad = {k: v for k, v in times.items() if len(v) != 1}
print("%d bperf rows, %d aggregation ids, %s" %
      (rows, len(times), "times differ: %r" % bad if bad else "same times"))
sys.exit(1 if bad or not rows else 0)
EOF
}

# group_case DESC CLOCK_PCT CS_ABS PF_ABS MIN_MS -- PERF STAT OPTIONS: one
# session counting the group through bperf and plainly; its CSV checked,
# the members' times compared, then each member against its plain twin:
# the clocks within CLOCK_PCT % (at least MIN_MS ms, the work was seen),
# context-switches within CS_ABS, page-faults within PF_ABS.  $WINDOW:
# compare_counts.py options for the case; $CLOCK_CPUS: the CPUs counted,
# for a CPU-scoped case, whose clocks are also checked against the
# session's duration_time (listed right after the bperf group).
group_case() {
	local desc=$1 pct=$2 cs=$3 pf=$4 min=$5 rc csv=$T_TMP/case.csv
	local window=() clock=()
	shift 6
	[ -n "${WINDOW:-}" ] && window=("$WINDOW")
	[ -n "${CLOCK_CPUS:-}" ] &&
		clock=(--clock "$CLOCK_CPUS" --clock-ms "$BPERF_CLOCK_MS")
	if [ -n "${WINDOW_PID:-}" ]; then
		# -p WINDOW_PID, both backends over one run of it (perf's
		# "Events disabled/enabled" lines are --control's, no warning)
		bperf_window "$WINDOW_PID" 500 "$csv" \
			-e "duration_time,$GROUP_B,duration_time,$GROUP" "$@"
		rc=$?
		grep -vx -e 'Events disabled' -e 'Events enabled' "$csv.err" \
			>"$T_TMP/err"
	else
		run_perf stat --attr-map "$BPERF_MAP" -x, -o "$csv" \
			-e "duration_time,$GROUP_B,duration_time,$GROUP" "$@" \
			2>"$T_TMP/err"
		rc=$?
	fi
	if [ $rc -ne 0 ]; then
		t_fail "$desc: perf stat $* exited $rc"
		t_show "$T_TMP/err"
		return
	fi
	t_check "$desc: no warning (the group went through bperf)" \
		test ! -s "$T_TMP/err"
	t_show "$T_TMP/err"
	if ! python3 "$T_SHELL_DIR/check_csv.py" "$csv" >"$T_TMP/check"; then
		t_fail "$desc: CSV"
		t_show "$T_TMP/check"
	fi
	if same_times "$csv" >"$T_TMP/times"; then
		t_pass "$desc: $(cat "$T_TMP/times")"
	else
		t_fail "$desc: $(cat "$T_TMP/times")"
		t_show "$csv"
	fi
	bperf_compare "$desc: the clocks" "$csv" "${window[@]}" --pct "$pct" \
		--abs 0.02 --min "$min" --pairs 2 --only cpu-clock:b \
		--only task-clock:b "${clock[@]}"
	bperf_compare "$desc: context-switches" "$csv" "${window[@]}" \
		--abs "$cs" --only context-switches:b
	bperf_compare "$desc: page-faults" "$csv" "${window[@]}" --abs "$pf" \
		--only page-faults:b
}

# 1. The targets.  Measured on the 2-CPU VM under the load of other
# sessions (load average 15-18), 12 sessions of each, bperf - plain:
#  - workload: clocks -0.030..+0.069 % (20 more at load 1: -0.023..-0.008
#    %; and +0.203 % once in 5 runs of this test, beyond the bound: the
#    leader's missed switch of issue 9, which single events show too,
#    +0.320 % in 1 of 20 runs beside them), context-switches -1..0 of 36..50;
#    page-faults equal in 30 runs beside a busy loop (they were -7..0 of
#    826..830 before bperf counted a workload from its exec and had the
#    fault hooks).
#  - -p of a busy loop: clocks +0.003..+0.047 %, context-switches -1..+1,
#    page-faults 0 (none, but +1 in 2 of 14 runs of this test: one fault
#    of the loop between the two groups' enables).
#  - -a and -C 0 (0.5 s): the clocks -0.36..+0.005 % as read, all of it
#    the enable/disable gap between the two groups (perf preempted between
#    them under load), so compared over the same window (compare_counts
#    --same-window): then, 10 sessions of each, the clocks
#    -0.001..+0.003 %, context-switches +0.00..+0.01, page-faults -a
#    +0.00..+0.22 (of 249..18549), -C 0 +0.00..+2.03 (of 216..11082).
# The -p target is lib/worker.py, which faults a page a millisecond and
# moves between CPUs, so that page-faults and cpu-migrations compare
# counts, not zeros (a shell's busy loop has neither): measured here, 20
# sessions of the group at load 20..54, bperf and plain saw the same
# 8..116 switches and 14..129 faults, and the clocks +0.009..+0.175 %
# (a busy loop beside: +0.032..+0.132 %).  It runs only while a -p
# session counts it: its faults would widen the -a and -C 0 page-fault
# differences, measured beside a busy loop.
PF_A=1
PF_C=3
t_busy
busy=$T_BG_PID
bperf_worker
worker=$T_BG_PID
group_case "workload" "$BPERF_TASK_PCT" 3 0 20 -- "${work[@]}"
WINDOW_PID=$worker group_case "-p" "$BPERF_TASK_PCT" 3 1 100 --
# Reaped here: the shell's "Killed" notice would otherwise land in the
# next session's stderr, read as a warning of perf's.
kill -KILL "$worker"
wait "$worker" 2>/dev/null
WINDOW=--same-window
CLOCK_CPUS=$(nproc)
group_case "-a" "$BPERF_CPU_PCT" "$(nproc)" "$PF_A" 500 -- -a -- sleep 0.5
CLOCK_CPUS=1
group_case "-C 0" "$BPERF_CPU_PCT" 1 "$PF_C" 250 -- -C 0 -- taskset -c 0 sleep 0.5
WINDOW=
CLOCK_CPUS=

# 2. Sharing.
t_bg "$PERF" stat --attr-map "$BPERF_MAP" -x, \
	-e "duration_time,$GROUP_B,duration_time,$GROUP" -a -o "$T_TMP/share_a" -- sleep 6
pa=$T_BG_PID
t_bg "$PERF" stat --attr-map "$BPERF_MAP" -x, -e "$GROUP_B,$GROUP" \
	-p "$busy" --timeout 6000 -o "$T_TMP/share_p"
pp=$T_BG_PID
t_bg "$PERF" stat --attr-map "$BPERF_MAP" -x, \
	-e duration_time,cpu-clock:b,duration_time,cpu-clock -a -o "$T_TMP/share_single" \
	-- sleep 6
ps=$T_BG_PID
t_bg "$PERF" stat --attr-map "$BPERF_MAP" -x, \
	-e "duration_time,{task-clock:b,cpu-clock:b},duration_time,{task-clock,cpu-clock}" -a \
	-o "$T_TMP/share_order" -- sleep 6
po=$T_BG_PID
# Until all four have joined (start-up takes longer under load).
for _ in $(seq 50); do
	[ "$(run_perf bperf list -j --attr-map "$BPERF_MAP" |
		grep -c '"state": "live"')" -eq 3 ] &&
		[ "$(bperf_list_field "$GROUP_NAME" sessions)" = 2 ] && break
	sleep 0.1
done
links=$(leaders_now)
t_check "two sessions of the group, a single event and the reversed group: 3 leader links (got $links)" \
	test "$links" -eq 3
run_perf bperf list --attr-map "$BPERF_MAP" >"$T_TMP/list"
t_show "$T_TMP/list"
sessions=$(bperf_list_field "$GROUP_NAME" sessions)
followers=$(bperf_list_field "$GROUP_NAME" followers)
members=$(bperf_list_field "$GROUP_NAME" members)
t_check "perf bperf list: the group is one entry with 2 sessions (got '$sessions')" \
	test "$sessions" = 2
t_check "perf bperf list: 1 follower, -a needs none (got '$followers')" \
	test "$followers" = 1
t_check "perf bperf list: its members in order (got $members)" \
	test "$members" = '["cpu-clock","task-clock","context-switches","page-faults"]'
sessions=$(bperf_list_field cpu-clock sessions)
t_check "perf bperf list: cpu-clock alone has its own leader, 1 session (got '$sessions')" \
	test "$sessions" = 1
sessions=$(bperf_list_field "{task-clock,cpu-clock}" sessions)
t_check "perf bperf list: the reversed group is another leader, 1 session (got '$sessions')" \
	test "$sessions" = 1
for p in $pa $pp $ps $po; do
	wait "$p"
	rc=$?
	t_check "sharing session $p exited 0 (status $rc)" test "$rc" -eq 0
done
bperf_compare "shared, -a: the clocks" "$T_TMP/share_a" --same-window \
	--pct "$BPERF_CPU_PCT" \
	--min "$(($(nproc) * 5900))" --pairs 2 --only cpu-clock:b --only task-clock:b \
	--clock "$(nproc)" --clock-ms "$BPERF_CLOCK_MS"
bperf_compare "shared, -a: context-switches" "$T_TMP/share_a" --abs "$(nproc)" \
	--only context-switches:b
bperf_compare "shared, -p: the clocks" "$T_TMP/share_p" --pct "$BPERF_TASK_PCT" \
	--min 1000 --pairs 2 --only cpu-clock:b --only task-clock:b
bperf_compare "shared, single event beside the group" "$T_TMP/share_single" \
	--same-window --pct "$BPERF_CPU_PCT" --min "$(($(nproc) * 5900))" \
	--clock "$(nproc)" --clock-ms "$BPERF_CLOCK_MS"
bperf_compare "shared, the reversed group" "$T_TMP/share_order" \
	--same-window --pct "$BPERF_CPU_PCT" --min "$(($(nproc) * 5900))" --pairs 2 \
	--clock "$(nproc)" --clock-ms "$BPERF_CLOCK_MS"

# The most members a leader reads together, 8 (the bounds of -p above;
# the :u and :k clocks count as the clocks do).
eight_b="{cpu-clock:b,task-clock:b,context-switches:b,page-faults:b,cpu-migrations:b,minor-faults:b,cpu-clock:ub,task-clock:kb}"
eight="{cpu-clock,task-clock,context-switches,page-faults,cpu-migrations,minor-faults,cpu-clock:u,task-clock:k}"
csv=$T_TMP/eight.csv
bperf_worker
worker=$T_BG_PID
# (over one run of the worker, bperf_window: in CI every member read
# -4.1 ms and -4 faults, the two groups enabled or read 4 ms apart)
if bperf_window "$worker" 500 "$csv" -e "$eight_b,$eight"; then
	if same_times "$csv" >"$T_TMP/times"; then
		t_pass "8 members: $(cat "$T_TMP/times")"
	else
		t_fail "8 members: $(cat "$T_TMP/times")"
	fi
	bperf_compare "8 members: the clocks" "$csv" --pct "$BPERF_TASK_PCT" \
		--abs 0.02 --min 100 --pairs 4 --only cpu-clock:b \
		--only task-clock:b --only cpu-clock:ub --only task-clock:kb
	bperf_compare "8 members: the counts" "$csv" --abs 3 --pairs 4 \
		--only context-switches:b --only page-faults:b \
		--only cpu-migrations:b --only minor-faults:b
else
	t_fail "8 members: perf stat exited non-zero"
	t_show "$csv.err"
fi
kill -KILL "$worker"
wait "$worker" 2>/dev/null

# 3. Groups bperf cannot take (more than 8 members, a member without b,
# a member the machine cannot count, a tool event): counted plain, one line says so,
# every member the machine can count is counted.
nine="{cpu-clock,task-clock,cpu-clock,task-clock,cpu-clock,task-clock,cpu-clock,task-clock,page-faults}"
fallback_case() {
	local desc=$1 events=$2 csv=$T_TMP/fb.csv rc lines opts=(--use-bpf)
	[ "$5" = mixed ] && opts=()
	run_perf stat "${opts[@]}" --attr-map "$BPERF_MAP" -x, -o "$csv" \
		-e "$events" -- "${work[@]}" 2>"$T_TMP/err"
	rc=$?
	t_check "$desc: exits 0 (status $rc)" test "$rc" -eq 0
	lines=$(grep -c "counting group '.*' without bperf" "$T_TMP/err")
	t_check "$desc: one line says it is counted plain (got $lines)" \
		test "$lines" -eq 1
	t_show "$T_TMP/err"
	counted=$(awk -F, '$1 + 0 > 0 { n++ } END { print n + 0 }' "$csv")
	t_check "$desc: $4 members counted (got $counted)" test "$counted" -eq "$4"
}
fallback_case "9 members, more than a leader reads" "$nine" "$nine" 9 all
fallback_case "a group with one member through bperf" \
	"{cpu-clock:b,task-clock}" "{cpu-clock:b,task-clock}" 2 mixed
fallback_case "a group with a member this machine cannot count" \
	"{cpu-clock,cycles}" "{cpu-clock,cycles}" 1 all
v=$(csv_value "$T_TMP/fb.csv" cycles)
t_check "  and cycles is <not supported> as plain counting says (got '$v')" \
	test "$v" = "<not supported>"
fallback_case "a group with a tool event" \
	"{task-clock,duration_time}" "{task-clock,duration_time}" 2 all
t_check "  and the line says the tool event is perf's own" \
	grep -q "without bperf: a tool event (duration_time, user_time, system_time) is perf's own" "$T_TMP/err"

# 4. Weak groups ({...}:W) on a machine without the hardware: the members
# it can count are counted, as perf counts the parts of a weak group it
# splits.  Each member against the same event alone in the same session:
# both enabled at the workload's exec, 10 runs here read the same page
# faults (4416..4420 of 300000 entries) and task-clock to the 0.01 ms
# printed.
# twins DESC FILE EVENT ABS: EVENT's two rows in FILE (the group's and
# the single one) both counted, at most ABS apart.
twins() {
	local v
	v=$(awk -F, -v ev="$3" '$3 == ev { printf "%s ", $1 }' "$2")
	t_check "$1: $3 in the group and alone ($v), at most $4 apart" \
		awk -v v="$v" -v a="$4" 'BEGIN { n = split(v, x, " ")
			d = x[1] - x[2]; if (d < 0) d = -d
			exit !(n == 2 && x[1] ~ /^[0-9.]+$/ && x[2] ~ /^[0-9.]+$/ &&
			       x[2] > 0 && d <= a) }'
}
pf_work=(awk 'BEGIN { for (i = 0; i < 1000000; i++) a[i] = i }')
for weak in "{cycles,page-faults,task-clock}:W" "{page-faults,task-clock,cycles}:W"; do
	csv=$T_TMP/weak.csv
	if run_perf stat -x, -o "$csv" -e "$weak,page-faults,task-clock" \
		-- "${pf_work[@]}" 2>"$T_TMP/err"; then
		t_check "$weak: cycles <not supported>" \
			test "$(csv_value "$csv" cycles)" = "<not supported>"
		twins "$weak" "$csv" page-faults 0
		twins "$weak" "$csv" task-clock 0.02
	else
		t_fail "$weak: perf stat exited non-zero"
		t_show "$T_TMP/err"
	fi
done
# Through bperf: a weak group with a member bperf cannot count is
# counted plain (one line says so), its other members counted; one that
# bperf takes counts what plain counting counts beside it.
csv=$T_TMP/weak.csv
if run_perf stat --attr-map "$BPERF_MAP" -x, -o "$csv" \
	-e "{cycles:b,page-faults:b}:W,page-faults" -- "${pf_work[@]}" \
	2>"$T_TMP/err"; then
	t_check "{cycles:b,page-faults:b}:W: one line says it is counted plain" \
		test "$(grep -c "counting group '.*' without bperf" "$T_TMP/err")" -eq 1
	v=$(csv_value "$csv" page-faults:b)
	p=$(csv_value "$csv" page-faults)
	t_check "{cycles:b,page-faults:b}:W: page-faults:b counted ($v), as alone ($p)" \
		test "$v" -gt 0 -a "$v" = "$p"
else
	t_fail "{cycles:b,page-faults:b}:W: perf stat exited non-zero"
	t_show "$T_TMP/err"
fi
if run_perf stat --attr-map "$BPERF_MAP" -x, -o "$csv" \
	-e "{cpu-clock:b,page-faults:b}:W,cpu-clock,page-faults" \
	-- "${pf_work[@]}" 2>"$T_TMP/err"; then
	t_check "{cpu-clock:b,page-faults:b}:W: through bperf, no warning" \
		test ! -s "$T_TMP/err"
	bperf_compare "{cpu-clock:b,page-faults:b}:W: cpu-clock" "$csv" \
		--pct "$BPERF_TASK_PCT" --abs 0.06 --min 5 --only cpu-clock:b
	bperf_compare "{cpu-clock:b,page-faults:b}:W: page-faults" "$csv" \
		--abs 0 --min 1000 --only page-faults:b
else
	t_fail "{cpu-clock:b,page-faults:b}:W: perf stat exited non-zero"
	t_show "$T_TMP/err"
fi

# 5. SIGKILL at random moments, start-up included: nothing is left, and
# a fresh session still counts right.
kills=0
for i in $(seq 20); do
	case $((i % 3)) in
	0) args=(-a -- sleep 5) ;;
	1) args=(-p "$busy") ;;
	2) args=(-- sh -c 'sleep 5') ;;
	esac
	"$PERF" stat --attr-map "$BPERF_MAP" -e "$GROUP_B" "${args[@]}" \
		>/dev/null 2>&1 &
	victim=$!
	sleep "0.$((RANDOM % 2))$((RANDOM % 10))$((RANDOM % 10))"
	kill -KILL "$victim" 2>/dev/null && kills=$((kills + 1))
	wait "$victim" 2>/dev/null
done
t_check "20 group sessions killed ($kills while running)" test "$kills" -ge 15
bperf_worker
worker=$T_BG_PID
WINDOW_PID=$worker group_case "-p after the kills" "$BPERF_TASK_PCT" 3 1 100 --
if left=$(bperf_left_over "$T_TMP/base"); then
	t_pass "after the kills and the last session: no bperf program, link or map left"
else
	t_fail "after the kills, left: $(echo "$left" | tr '\n' ' ')"
fi

t_done
