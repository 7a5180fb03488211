#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# perf stat targets with plain counting: -a, -C, -A, -p, -t, --per-thread,
# -I with --interval-count, SIGINT to a system-wide run, --no-inherit.

. "$(dirname "$0")"/lib.sh

t_require_root
t_require_perf

ncpu=$(nproc)
out=$T_TMP/out
err=$T_TMP/err

# stat_ok DESC ARGS...: perf stat ARGS -x, -o $out must exit 0.
stat_ok() {
	local desc=$1 rc
	shift
	run_perf stat -x, -o "$out" "$@" 2>"$err"
	rc=$?
	[ $rc -eq 0 ] && return 0
	t_fail "$desc: perf stat $* exited $rc"
	t_show "$err"
	return 1
}

# -a and -C: cpu-clock is the number of CPUs times the elapsed time.
if stat_ok "-a" -a -e cpu-clock -- sleep 0.3; then
	v=$(csv_value "$out" cpu-clock)
	t_check "-a cpu-clock about $ncpu x 300 ms ($v)" \
		t_within "$v" $((ncpu * 300)) 10
fi
if stat_ok "-C 0" -C 0 -e cpu-clock -- sleep 0.3; then
	v=$(csv_value "$out" cpu-clock)
	t_check "-C 0 cpu-clock about 300 ms ($v)" t_within "$v" 300 10
fi
if [ "$ncpu" -ge 2 ]; then
	if stat_ok "-C 0-1 -A" -C 0-1 -A -e cpu-clock -- sleep 0.2; then
		rows=$(grep -v '^#' "$out" | grep -c .)
		t_check "-C 0-1 -A prints 2 rows ($rows)" [ "$rows" -eq 2 ]
		t_check "-C 0-1 -A rows are CPU0 and CPU1" \
			[ "$(cut -d, -f1 "$out" | grep '^CPU' | tr '\n' ' ')" = "CPU0 CPU1 " ]
		for c in 0 1; do
			v=$(awk -F, -v c=CPU$c '$1 == c { print $2 }' "$out")
			t_check "CPU$c cpu-clock about 200 ms ($v)" t_within "$v" 200 15
		done
	fi
	if stat_ok "-C 1" -C 1 -A -e cpu-clock -- sleep 0.1; then
		t_check "-C 1 -A counts only CPU1" \
			[ "$(grep -v '^#' "$out" | grep . | cut -d, -f1)" = CPU1 ]
	fi
else
	echo "note: one CPU, -C 0-1 not checked"
fi

# -p and -t of a busy loop: it runs all the time, so task-clock is about
# the length of the run.
t_busy
busy=$T_BG_PID
if stat_ok "-p" -p $busy -e task-clock -- sleep 0.3; then
	v=$(csv_value "$out" task-clock)
	t_check "-p busy loop task-clock about 300 ms ($v)" t_between "$v" 150 360
fi
if stat_ok "-t" -t $busy -e task-clock -- sleep 0.3; then
	v=$(csv_value "$out" task-clock)
	t_check "-t busy loop task-clock about 300 ms ($v)" t_between "$v" 150 360
fi
if stat_ok "--per-thread" --per-thread -p $busy -e task-clock -- sleep 0.3; then
	v=$(awk -F, -v t="-$busy" 'index($1, t) == length($1) - length(t) + 1 {
		print $2; exit }' "$out")
	t_check "--per-thread row for thread $busy about 300 ms ($v)" \
		t_between "$v" 150 360
fi
# until_sigint SECONDS ARGS...: perf ARGS, ended by SIGINT after SECONDS;
# sets rc.  (Background jobs of a script ignore SIGINT: restore it.)
until_sigint() {
	local secs=$1 pid
	shift
	# timeout passes the SIGINT on, and ends perf if it ignores it.
	timeout -k 5 $((${secs%.*} + 10)) \
		env --default-signal=INT "$PERF" "$@" 2>"$err" &
	pid=$!
	sleep "$secs"
	kill -INT $pid
	wait $pid
	rc=$?
}

# -p without a workload runs until SIGINT.
until_sigint 0.4 stat -x, -o "$out" -p $busy -e task-clock
t_check "-p until SIGINT exits 0 or 130 (got $rc)" [ $rc -eq 0 -o $rc -eq 130 ]
v=$(csv_value "$out" task-clock)
t_check "-p until SIGINT prints task-clock ($v)" t_between "$v" 100 1000

# -I 100 --interval-count 3 ends by itself after three intervals.
start=$(date +%s%N)
run_perf stat -a -e cpu-clock -I 100 --interval-count 3 -o "$out" 2>"$err"
rc=$?
ms=$((($(date +%s%N) - start) / 1000000))
t_check "-I 100 --interval-count 3 exits 0 (got $rc)" [ $rc -eq 0 ]
n=$(grep -Ec '^ *[0-9]+\.[0-9]+ +[0-9.,]+ +msec +cpu-clock' "$out")
t_check "-I 100 --interval-count 3 prints 3 intervals ($n)" [ "$n" -eq 3 ]
t_check "-I 100 --interval-count 3 takes about 300 ms ($ms)" \
	t_between "$ms" 250 2000
stamps=$(awk '/cpu-clock/ { printf "%s ", $1 }' "$out")
t_check "interval timestamps increase by about 0.1 s ($stamps)" \
	awk -v s="$stamps" 'BEGIN { n = split(s, t, " "); ok = n == 3
		for (i = 1; i <= n; i++)
			if (t[i] < 0.09 * i || t[i] > 0.1 * i + 0.05) ok = 0
		exit !ok }'
[ "$T_ERRORS" -eq 0 ] || t_show "$out"

# SIGINT ends a system-wide run, which then prints its counts.
until_sigint 0.5 stat -a -e cpu-clock -o "$out"
# perf itself dies of the SIGINT after printing (130); 0 is fine too.
t_check "SIGINT to perf stat -a: exit 0 or 130 (got $rc)" \
	[ $rc -eq 0 -o $rc -eq 130 ]
v=$(human_value "$out" cpu-clock)
t_check "SIGINT to perf stat -a prints cpu-clock ($v ms)" \
	t_between "$v" $((ncpu * 300)) $((ncpu * 1000))
t_check "SIGINT to perf stat -a prints the elapsed time" \
	grep -q "seconds time elapsed" "$out"
[ "$T_ERRORS" -eq 0 ] || t_show "$err"

# No workload and no target: system-wide until SIGINT, like perf.
until_sigint 0.5 stat -e cpu-clock -o "$out"
t_check "no target: exit 0 or 130 after SIGINT (got $rc)" \
	[ $rc -eq 0 -o $rc -eq 130 ]
t_check "no target counts system-wide" grep -q "'system wide'" "$out"
v=$(human_value "$out" cpu-clock)
t_check "no target: cpu-clock of all CPUs ($v ms)" \
	t_between "$v" $((ncpu * 300)) $((ncpu * 1000))

# Inheritance: the work (a fixed amount, whatever the load) is done by a
# child of the workload.
work=(bash -c "awk 'BEGIN { for (i = 0; i < 8000000; i++) s += i }'; true")
with=0
if stat_ok "inherit" -e task-clock -- "${work[@]}"; then
	with=$(csv_value "$out" task-clock)
	t_check "children are counted by default ($with ms)" \
		t_between "$with" 80 100000
fi
for opt in --no-inherit -i; do
	if stat_ok "$opt" $opt -e task-clock -- "${work[@]}"; then
		v=$(csv_value "$out" task-clock)
		t_check "$opt leaves the children out ($v ms vs $with ms)" \
			awk -v v="$v" -v w="$with" 'BEGIN { exit !(v < 50 && v * 5 < w) }'
	fi
done

t_done
