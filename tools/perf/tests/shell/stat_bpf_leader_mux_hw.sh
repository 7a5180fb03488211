#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# When the leader's own event is multiplexed, bperf says so and scales as
# perf does.  Another session pins counters (cycles:D and instructions:D,
# CPU-wide) and keeps 16 more instructions events CPU-wide beside them,
# more than the PMU has counters: the kernel rotates the leader's event
# with those.  Then
#  1. a workload through bperf: its instructions row runs below 100 %, its
#     enabled time is the task's time on the CPU (task-clock of the same
#     session), as a task counter's is, and the value, scaled by enabled
#     over running, is the count of the same work alone;
#  2. -a through bperf: below 100 %, enabled for the whole session on
#     every CPU (duration_time), and the scaled value close to plain
#     counting's, multiplexed the same way in the same session.
# Needs a hardware PMU (make test-guests GUESTS=arm64); skipped without.

. "$(dirname "$0")"/lib.sh
. "$(dirname "$0")"/lib/bperf.sh

t_require_bperf
t_require_hw_pmu

LOOP=300000
work=(awk "BEGIN { for (i = 0; i < $LOOP; i++) s += i }")
# Bounds, in percent.  Measured in the arm64 guest (QEMU -icount, where
# a busy loop runs one instruction per ns, so that a multiplexed count
# scales to the whole almost exactly), 7 runs: the workload's scaled
# count +0.025..+0.092 % from the work alone, its enabled time
# +0.010..+0.015 % from task-clock; -a: enabled +0.0014 % from plain's,
# scaled +0.001..+0.13 % from plain's estimate.
SCALED_PCT=0.5
ENABLED_PCT=0.1
A_PCT=1

# field CSV EVENT N: field N of EVENT's row (1 value, 5 percent running).
field() {
	awk -F, -v ev="$2" -v n="$3" '$3 == ev { print $n; exit }' "$1"
}

# raw DATA EVENT: "VAL ENA RUN" of EVENT in perf stat record's file DATA,
# summed over its rows (perf script prints the raw counts).
raw() {
	run_perf script -i "$1" | awk -v ev="$2" '$7 == ev {
		v += $3; e += $4; r += $5; n++ }
		END { if (n) printf "%d %d %d\n", v, e, r }'
}

# scaled VAL ENA RUN: the count as perf scales it, VAL x ENA / RUN.
scaled() {
	awk -v v="$1" -v e="$2" -v r="$3" 'BEGIN { printf "%.0f\n", r ? v * e / r : 0 }'
}

# The work alone, before anything competes: the reference.
run_perf stat -x, -o "$T_TMP/alone" -e instructions -- "${work[@]}" ||
	t_abort "perf stat of the work alone failed"
alone=$(field "$T_TMP/alone" instructions 1)
t_check "the work alone ran 100 % ($alone instructions)" \
	test "$(field "$T_TMP/alone" instructions 5)" = 100.00

rivals=cycles:D,instructions:D,instructions:D,instructions:D
for _ in $(seq 16); do
	rivals=$rivals,instructions
done
t_bg "$PERF" stat -x, -o "$T_TMP/rivals" -a -e "$rivals" -- sleep 600
sleep 1

# partly RUN ENA PCT: ran some but not all of the time, and printed so.
partly() {
	[ "${1:-0}" -gt 0 ] && [ "$1" -lt "${2:-0}" ] && t_between "$3" 0 99.99
}

# mux_checks DESC CSV DATA EVENT: EVENT's row in CSV (as printed) and in
# DATA (raw): it ran part of its enabled time and says so, and the value
# printed is the raw count scaled by enabled over running.
mux_checks() {
	local desc=$1 csv=$2 data=$3 ev=$4 v pc
	read -r VAL ENA RUN < <(raw "$data" "$ev")
	v=$(field "$csv" "$ev" 1)
	pc=$(field "$csv" "$ev" 5)
	echo "$desc: $ev printed $v ($pc %); raw $VAL, enabled $ENA ns, running $RUN ns"
	t_check "$desc: $ev ran part of its time ($RUN of $ENA ns) and says so ($pc %)" \
		partly "$RUN" "$ENA" "$pc"
	t_check "$desc: $ev printed as perf scales it, raw x enabled / running ($v)" \
		t_within "$v" "$(scaled "$VAL" "$ENA" "$RUN")" 0.0001
}

# 1. A workload: enabled for the task's time on the CPU, scaled to the
# work's count.
data=$T_TMP/workload.data
if bperf_stat record -o "$data" -x, -e instructions,task-clock -- \
	"${work[@]}" 2>"$T_TMP/workload.csv"; then
	mux_checks workload "$T_TMP/workload.csv" "$data" instructions
	read -r tc _ < <(raw "$data" task-clock)
	t_check "workload: enabled for the task's time on the CPU ($ENA ns, task-clock $tc ns)" \
		t_within "$ENA" "$tc" "$ENABLED_PCT"
	v=$(field "$T_TMP/workload.csv" instructions 1)
	t_check "workload: within $SCALED_PCT % of the work alone ($v, alone $alone)" \
		t_within "$v" "$alone" "$SCALED_PCT"
else
	t_fail "workload through bperf: perf stat record failed"
	t_show "$T_TMP/workload.csv"
fi

# 2. -a, beside plain counting in the same session: enabled as long as
# the plain event (both CPU-wide), scaled close to plain's estimate.
data=$T_TMP/a.data
if run_perf stat record -o "$data" --attr-map "$BPERF_MAP" -x, -a \
	-e instructions:b,instructions -- "${work[@]}" 2>"$T_TMP/a.csv"; then
	mux_checks -a "$T_TMP/a.csv" "$data" instructions:b
	read -r _ pena _ < <(raw "$data" instructions)
	t_check "-a: enabled as long as plain counting's event ($ENA ns, plain $pena ns)" \
		t_within "$ENA" "$pena" "$ENABLED_PCT"
	b=$(field "$T_TMP/a.csv" instructions:b 1)
	p=$(field "$T_TMP/a.csv" instructions 1)
	t_check "-a: within $A_PCT % of plain counting's estimate ($b, plain $p at $(field "$T_TMP/a.csv" instructions 5) %)" \
		t_within "$b" "$p" "$A_PCT"
else
	t_fail "-a through bperf: perf stat record failed"
	t_show "$T_TMP/a.csv"
fi

t_done
