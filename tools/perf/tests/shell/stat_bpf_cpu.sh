#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# bperf's CPU-scoped sessions, by value: -C, -A, --per-core, --per-socket,
# msr/tsc/ and -a intervals count each clock through bperf (EV:b, from
# the leader's per-CPU totals) and plainly in the same session, and every
# row of every aggregation agrees (compare_counts.py; the cpu-clock bound
# is lib/bperf.sh's BPERF_CPU_PCT); the clocks also agree with the
# session's own wall clock, duration_time times the CPUs of the row
# (BPERF_CLOCK_MS).  context-switches:b lies, row by row, between the
# plain counts of a session around bperf's and of one inside it
# (check_nested.py).

. "$(dirname "$0")"/lib.sh
. "$(dirname "$0")"/lib/bperf.sh

t_require_bperf

# A session through the whole test keeps the context-switches leader
# counting from before any case's outer session starts: a baseline read
# wrong (from the leader's start, or none) then lands above the outer
# count, not inside it, as it would with a leader each case made anew.
t_bg "$PERF" stat --attr-map "$BPERF_MAP" -a -e context-switches:b -o /dev/null \
	-- sleep 3600
bperf_wait_listed "$T_TMP/held" 'any(.[]; .event == "context-switches")' ||
	t_abort "the context-switches session is not listed: $(head -c 300 "$T_TMP/held")"

ncpu=$(nproc)
# The workload: a sleep on each CPU, so that every row sees switches
# (an idle CPU of a 2-CPU VM saw none in 0.3 s).
WORK=(bash -c 'for c in $(seq 0 $(($(nproc) - 1))); do taskset -c "$c" sleep "$0" & done; wait')
EVENTS=duration_time,cpu-clock:b,duration_time,cpu-clock,context-switches:b
# cpu-clock over 25 runs here: -0.058..+0.017 %, msr/tsc/ -0.028..-0.001 %.
# context-switches of the same session compared with a bound of one
# switch a CPU held here over 25 runs, and failed in the 6.1 and 6.12
# TCG guests (bperf 65, plain 69 with -a; 13 and 15 on one core): two
# events of a session count over windows that differ by however long
# perf was kept off its CPU between their disables, and the switches of
# the workload's exit fall there.  Hence the nested sessions, which
# leave no window to assume.  Measured here, 4 runs: bperf 2..16 switches
# above the inner session's count (its perf starting and ending) and
# 12..50 below the outer one's; in the 6.1 and 6.12 TCG guests, 10 runs,
# 27..235 above and 52..400 below.

# cpu_case DESC AGGR PAIRS MIN EVENTS -- OPTS... [-- WORKLOAD...]: a
# session of EVENTS and OPTS through the attr map, its CSV checked by
# check_csv.py, then every bperf clock row against its plain row:
# cpu-clock or msr/tsc/ (at least MIN, the work was seen) within
# BPERF_CPU_PCT, and against duration_time x $cpus_per_row.  PAIRS: the
# rows of each event.  With context-switches:b in EVENTS, the session
# runs inside a plain session of context-switches and OPTS, and runs one
# as its workload, of WORKLOAD.
cpu_case() {
	local desc=$1 aggr=$2 pairs=$3 min=$4 events=$5 rc csv=$T_TMP/case.csv
	local opts=() clock_ms perf_opts=() plain_opts=() work=() cmd bperf
	shift 6
	while [ $# -gt 0 ] && [ "$1" != -- ]; do
		perf_opts+=("$1")
		# the plain sessions count the whole run, no intervals
		case $1 in
		-I) shift && perf_opts+=("$1") ;;
		*) plain_opts+=("$1") ;;
		esac
		shift
	done
	[ $# -gt 0 ] && shift && work=("$@")
	[ "$aggr" = global ] || opts=(--aggr "$aggr")
	bperf=(stat --attr-map "$BPERF_MAP" "-x," -o "$csv" "${perf_opts[@]}" -e "$events")
	case $events in
	*context-switches:b*)
		cmd=(stat "-x," -o "$T_TMP/outer.csv" "${plain_opts[@]}" -e context-switches --
			"$PERF" "${bperf[@]}" -- "$PERF" stat "-x," -o "$T_TMP/inner.csv"
			"${plain_opts[@]}" -e context-switches -- "${work[@]}")
		;;
	*)
		cmd=("${bperf[@]}")
		[ ${#work[@]} -gt 0 ] && cmd+=(-- "${work[@]}")
		;;
	esac
	t_steal_mark
	run_perf "${cmd[@]}" 2>"$T_TMP/err"
	rc=$?
	# perf kept off its CPU by the hypervisor moves its clock reads apart
	# as much as any other delay: the run's steal joins the clock bound.
	clock_ms=$(awk -v b="$BPERF_CLOCK_MS" -v ns="$(t_steal_ns)" 'BEGIN { print b + ns / 1e6 }')
	if [ $rc -ne 0 ]; then
		t_fail "$desc: perf ${cmd[*]} exited $rc"
		t_show "$T_TMP/err"
		return
	fi
	case " ${perf_opts[*]} " in *" -I "*) opts+=(--interval) ;; esac
	if ! python3 "$T_SHELL_DIR/check_csv.py" "${opts[@]}" "$csv" >"$T_TMP/check"; then
		t_fail "$desc: CSV"
		t_show "$T_TMP/check"
	fi
	case $events in
	*cpu-clock:b*)
		bperf_compare "$desc: cpu-clock" "$csv" "${opts[@]}" \
			--only cpu-clock:b --same-window --pct "$BPERF_CPU_PCT" --min "$min" \
			--pairs "$pairs" --clock "${cpus_per_row:-1}" \
			--clock-ms "$clock_ms"
		;;
	esac
	case $events in
	*context-switches:b*)
		if python3 "$T_SHELL_DIR/check_nested.py" --event context-switches \
			"${opts[@]}" --rows "$pairs" "$T_TMP/outer.csv" "$csv" \
			"$T_TMP/inner.csv" >"$T_TMP/nested"; then
			t_pass "$desc: context-switches: $(tail -n 1 "$T_TMP/nested")"
		else
			t_fail "$desc: context-switches: $(tail -n 1 "$T_TMP/nested")"
		fi
		t_show "$T_TMP/nested" 20
		;;
	esac
	case $events in
	*msr/tsc/b*)
		bperf_compare "$desc: msr/tsc/" "$csv" "${opts[@]}" \
			--only msr/tsc/b --same-window --pct "$BPERF_CPU_PCT" \
			--min "$min" --pairs "$pairs" --clock "${cpus_per_row:-1}" \
			--clock-ms "$clock_ms"
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

cpu_case "-C 0" global 1 250 "$EVENTS" -- -C 0 -- "${WORK[@]}" 0.3
cpus_per_row=$ncpu
cpu_case "-a" global 1 $((ncpu * 250)) "$EVENTS" -- -a -- "${WORK[@]}" 0.3
cpus_per_row=1
cpu_case "-a -A" cpu "$ncpu" 250 "$EVENTS" -- -a -A -- "${WORK[@]}" 0.3
if [ "$ncpu" -ge 2 ]; then
	cpu_case "-C 1 -A" cpu 1 250 "$EVENTS" -- -C 1 -A -- "${WORK[@]}" 0.3
	t_check "-C 1 -A: only CPU1 rows" \
		test "$(awk -F, '!/^#/ && NF { print $1 }' "$T_TMP/case.csv" | sort -u)" = CPU1
fi
cpus_per_row=$((ncpu / cores))
cpu_case "--per-core" core "$cores" 250 "$EVENTS" -- -a --per-core -- "${WORK[@]}" 0.3
cpus_per_row=$((ncpu / sockets))
cpu_case "--per-socket" socket "$sockets" $((ncpu / sockets * 250)) "$EVENTS" -- \
	-a --per-socket -- "${WORK[@]}" 0.3
cpus_per_row=$ncpu
# The intervals keep to a 100 ms grid, so under load a late one leaves
# the next one short (153 then 87 ms, seen here at load 20): --min only
# says that work was seen, the clock check says how much.
cpu_case "-a -I 100" global 3 $((ncpu * 10)) "${EVENTS%,context-switches:b}" -- \
	-a -I 100 --interval-count 3
# The intervals of context-switches:b summed: a session that ends with
# its workload, which --interval-count would not wait for.
cpu_case "-a -I 100" global 1 0 context-switches:b -- -a -I 100 -- "${WORK[@]}" 0.35
cpus_per_row=1
if t_has_msr_pmu "msr/tsc/ through bperf"; then
	# at least 0.25 s of TSC ticks at 1 GHz on each CPU
	cpu_case "msr/tsc/ -a -A" cpu "$ncpu" 250000000 \
		duration_time,msr/tsc/b,duration_time,msr/tsc/ -- -a -A -- "${WORK[@]}" 0.3
fi

t_done
