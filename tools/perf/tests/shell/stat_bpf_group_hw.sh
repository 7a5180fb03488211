#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# A hardware event group through bperf: {cycles,instructions} counted
# through one group leader and plainly in the same session, -a and a
# workload: each member within 1 % of its plain twin (the bound the
# product promises for groups), both members with the same enabled and
# running times.  Then two sessions at once, -a and a workload, share the
# one group leader (perf bperf list: one entry, 2 sessions), and in each
# the ratio of the members (insn per cycle) is plain counting's.  Needs a
# hardware PMU: skipped where the machine has none (the development VMs),
# as cycles is <not supported> there.

. "$(dirname "$0")"/lib.sh
. "$(dirname "$0")"/lib/bperf.sh

t_require_bperf
t_require_hw_pmu

LOOPS=${LOOPS:-3000000}
work=(awk "BEGIN { for (i = 0; i < $LOOPS; i++) a[i % 50000] += i }")
# bperf's members against plain counting's, in percent.  Measured in
# the arm64 guest (make test-guests GUESTS=arm64), 4 runs: the workload
# -0.000..-0.020 %, -a +0.000..+0.001 %; the same in the shared sessions.
HW_PCT=0.1

hw_case() {
	local desc=$1 csv=$T_TMP/hw.csv rc
	shift 2
	run_perf stat --attr-map "$BPERF_MAP" -x, -o "$csv" \
		-e "{cycles:b,instructions:b},{cycles,instructions}" "$@" \
		2>"$T_TMP/err"
	rc=$?
	if [ $rc -ne 0 ]; then
		t_fail "$desc: perf stat $* exited $rc"
		t_show "$T_TMP/err"
		return
	fi
	t_check "$desc: no warning (the group went through bperf)" \
		test ! -s "$T_TMP/err"
	t_show "$T_TMP/err"
	bperf_compare "$desc: cycles and instructions" "$csv" --pct "$HW_PCT" \
		--min 1000000 --pairs 2
	times=$(awk -F, '$3 ~ /:b$/ { print $4 "," $5 }' "$csv" | sort -u | wc -l)
	t_check "$desc: both members have the same times ($times distinct)" \
		test "$times" -eq 1
}

hw_case "workload" -- "${work[@]}"
hw_case "-a" -- -a -- "${work[@]}"

# ipc CSV CYCLES INSTRUCTIONS: instructions over cycles of those rows.
ipc() {
	awk -F, -v c="$2" -v i="$3" '$3 == c { cy = $1 } $3 == i { insn = $1 }
		END { if (cy > 0) printf "%.6f\n", insn / cy }' "$1"
}

# same_ipc DESC CSV: the bperf group's ratio is the plain group's, in
# percent of plain's.  Measured in the arm64 guest, 3 runs: equal to the
# 6 digits printed, -a (0.98765..0.98991) and the workload (1.000000).
IPC_PCT=0.01
same_ipc() {
	local b p
	b=$(ipc "$2" cycles:b instructions:b)
	p=$(ipc "$2" cycles instructions)
	t_check "$1: insn per cycle through bperf $b, plain $p" \
		t_within "${b:-x}" "${p:-0}" "$IPC_PCT"
}

# Two sessions, one group leader: an -a session (SIGINT ends it) and,
# while it counts, a workload that lists the leaders from inside.
GROUP="{cycles:b,instructions:b},{cycles,instructions}"
t_bg "$PERF" stat --attr-map "$BPERF_MAP" -x, -o "$T_TMP/a2.csv" -a -e "$GROUP" \
	2>"$T_TMP/a2.err"
a_session=$T_BG_PID
for _ in $(seq 100); do
	[ "$(bperf_list_field "{cycles,instructions}" sessions)" = 1 ] && break
	sleep 0.1
done
list=$T_TMP/list.json
# shellcheck disable=SC2016 # the inner shell's own arguments
run_perf stat --attr-map "$BPERF_MAP" -x, -o "$T_TMP/w2.csv" -e "$GROUP" -- \
	sh -c '"$0" bperf list -j --attr-map "$1" >"$2"; shift 2; exec "$@"' \
	"$PERF" "$BPERF_MAP" "$list" "${work[@]}" 2>"$T_TMP/w2.err" ||
	{ t_show "$T_TMP/w2.err"; t_fail "the workload session failed"; }
kill -INT "$a_session"
wait "$a_session"
rc=$?
t_check "the -a session ends with SIGINT's status (status $rc)" test "$rc" -eq 130
t_show "$T_TMP/a2.err"
entries=$(python3 -c 'import json, sys
rows = [json.loads(l) for l in open(sys.argv[1]) if l.strip()]
print(" ".join("%s:%s" % (r["event"], r["sessions"]) for r in rows))' "$list")
t_check "two sessions, one group leader (perf bperf list: $entries)" \
	test "$entries" = "{cycles,instructions}:2"
for s in a2 w2; do
	bperf_compare "shared, $s: cycles and instructions" "$T_TMP/$s.csv" \
		--pct "$HW_PCT" --min 1000000 --pairs 2
	same_ipc "shared, $s" "$T_TMP/$s.csv"
	times=$(awk -F, '$3 ~ /:b$/ { print $4 "," $5 }' "$T_TMP/$s.csv" | sort -u | wc -l)
	t_check "shared, $s: both members have the same times ($times distinct)" \
		test "$times" -eq 1
done

t_done
