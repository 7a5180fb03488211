#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# bperf's CPU-scoped sessions, by value: -C, -A, --per-core, --per-socket,
# msr/tsc/ and -a intervals count each event through bperf (EV:b, from
# the leader's per-CPU totals) and plainly in the same session, and every
# row of every aggregation agrees (compare_counts.py; the cpu-clock bound
# is lib/bperf.sh's BPERF_CPU_PCT).

. "$(dirname "$0")"/lib.sh
. "$(dirname "$0")"/lib/bperf.sh

t_require_bperf

ncpu=$(nproc)
EVENTS=cpu-clock:b,cpu-clock,context-switches:b,context-switches
# context-switches: at most one switch per CPU apart.  Measured here, 25
# runs of this test: -a, --per-core and -a -I never differed, -A and
# --per-socket by one switch at most; -C 0 gave bperf 3 switches where
# plain counting saw none, once (a CPU that ran one task all along: bperf
# bug, as cpu-clock +2.47 % on -C 1 in lib/bperf.sh).  cpu-clock over the
# 25 runs: -0.058..+0.017 %, msr/tsc/ -0.028..-0.001 %.
CS_ABS=1

# cpu_case DESC AGGR PAIRS MIN_MS -- PERF STAT OPTIONS: a session of the
# options through the attr map, its CSV checked by check_csv.py, then
# every bperf row against its plain row: cpu-clock (at least MIN_MS, the
# work was seen) within BPERF_CPU_PCT, context-switches within CS_ABS
# per CPU counted in a row.  PAIRS: the rows of each event.
cpu_case() {
	local desc=$1 aggr=$2 pairs=$3 min=$4 rc csv=$T_TMP/case.csv opts=()
	shift 5
	[ "$aggr" = global ] || opts=(--aggr "$aggr")
	run_perf stat --attr-map "$BPERF_MAP" -x, -o "$csv" "$@" 2>"$T_TMP/err"
	rc=$?
	if [ $rc -ne 0 ]; then
		t_fail "$desc: perf stat $* exited $rc"
		t_show "$T_TMP/err"
		return
	fi
	case " $* " in *" -I "*) opts+=(--interval) ;; esac
	if ! python3 "$T_SHELL_DIR/check_csv.py" "${opts[@]}" "$csv" >"$T_TMP/check"; then
		t_fail "$desc: CSV"
		t_show "$T_TMP/check"
	fi
	case $* in
	*cpu-clock:b*)
		bperf_compare "$desc: cpu-clock" "$csv" "${opts[@]}" \
			--only cpu-clock:b --same-window --pct "$BPERF_CPU_PCT" --min "$min" \
			--pairs "$pairs"
		;;
	esac
	case $* in
	*context-switches:b*)
		bperf_compare "$desc: context-switches" "$csv" "${opts[@]}" \
			--only context-switches:b --abs "$((CS_ABS * ${cpus_per_row:-1}))" \
			--pairs "$pairs"
		;;
	esac
	case $* in
	*msr/tsc/b*)
		bperf_compare "$desc: msr/tsc/" "$csv" "${opts[@]}" \
			--only msr/tsc/b --same-window --pct "$BPERF_CPU_PCT" --pairs "$pairs"
		;;
	esac
}

# The sockets and cores of this machine, from sysfs.
topo() {	# topo FIELD...: distinct values of those topology files
	local c f
	for c in /sys/devices/system/cpu/cpu[0-9]*/topology; do
		for f in "$@"; do
			printf '%s ' "$(cat "$c/$f")"
		done
		echo
	done | sort -u | wc -l
}
sockets=$(topo physical_package_id)
cores=$(topo physical_package_id die_id core_id)
echo "$ncpu CPUs, $cores cores, $sockets sockets"

cpu_case "-C 0" global 1 250 -- -C 0 -e "$EVENTS" -- sleep 0.3
cpus_per_row=$ncpu
cpu_case "-a" global 1 $((ncpu * 250)) -- -a -e "$EVENTS" -- sleep 0.3
cpus_per_row=1
cpu_case "-a -A" cpu "$ncpu" 250 -- -a -A -e "$EVENTS" -- sleep 0.3
if [ "$ncpu" -ge 2 ]; then
	cpu_case "-C 1 -A" cpu 1 250 -- -C 1 -A -e "$EVENTS" -- sleep 0.3
	t_check "-C 1 -A: only CPU1 rows" \
		test "$(awk -F, '!/^#/ && NF { print $1 }' "$T_TMP/case.csv" | sort -u)" = CPU1
fi
cpus_per_row=$((ncpu / cores))
cpu_case "--per-core" core "$cores" 250 -- -a --per-core -e "$EVENTS" -- sleep 0.3
cpus_per_row=$((ncpu / sockets))
cpu_case "--per-socket" socket "$sockets" $((ncpu / sockets * 250)) -- \
	-a --per-socket -e "$EVENTS" -- sleep 0.3
cpus_per_row=$ncpu
cpu_case "-a -I 100" global 3 $((ncpu * 90)) -- -a -I 100 --interval-count 3 \
	-e "$EVENTS"
cpus_per_row=1
if [ -d /sys/bus/event_source/devices/msr ]; then
	cpu_case "msr/tsc/ -a -A" cpu "$ncpu" 0 -- -a -A \
		-e msr/tsc/b,msr/tsc/ -- sleep 0.3
else
	echo "no msr PMU: msr/tsc/ through bperf not checked"
fi

t_done
