#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# Memory errors and leaks under valgrind (under ASan/UBSan/LSan for a
# make SAN=1 build): plain perf stat (workload, -a,
# -I, -j, -x, -A, -r, --per-thread, -o), bperf sessions (-a, a workload,
# -C, -p of a multi-threaded process, -I) on a private attr map, perf
# list and perf bperf list.  A definite leak, an invalid read or write or
# a use of uninitialised memory fails the run.  bpf(2) argument checks
# that valgrind gets wrong for libbpf's calls are suppressed
# (hardening_valgrind.supp says why).

. "$(dirname "$0")"/lib.sh
. "$(dirname "$0")"/lib/bperf.sh

t_require_root
t_require_perf
SUPP=$T_SHELL_DIR/hardening_valgrind.supp
VG=(valgrind -q --leak-check=full --show-leak-kinds=definite
	--errors-for-leak-kinds=definite --error-exitcode=99
	--suppressions="$SUPP" --num-callers=30)
# A sanitizer build (make SAN=1) cannot run under valgrind: the same runs
# then go through ASan, UBSan and LeakSanitizer instead.
if grep -qa __asan_init "$PERF"; then
	echo "$PERF is a sanitizer build: the runs are checked by ASan/UBSan/LSan"
	VG=(env "ASAN_OPTIONS=detect_leaks=1:exitcode=99"
		"UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1:exitcode=99")
else
	t_require_cmd valgrind
fi
# valgrind slows perf down about 20 times.
# shellcheck disable=SC2034 # read by run_perf
T_CMD_TIMEOUT=120

# vg DESC PERF-ARGS...: perf under valgrind must exit 0 with no error.
vg() {
	local desc=$1 rc
	shift
	timeout -k 5 "$T_CMD_TIMEOUT" "${VG[@]}" "$PERF" "$@" \
		>"$T_TMP/out" 2>"$T_TMP/err"
	rc=$?
	if [ $rc -eq 0 ]; then
		t_pass "$desc"
		return
	fi
	if [ $rc -eq 99 ]; then
		t_fail "$desc: the memory checker found errors"
	else
		t_fail "$desc: exit status $rc"
	fi
	# The first reports, with their stacks.
	grep -E '^==[0-9]+==|^ *#[0-9]+ |runtime error|Sanitizer' "$T_TMP/err" |
		sed -e 's/^==[0-9]*== //' >"$T_TMP/vg"
	t_show "$T_TMP/vg" 40
	grep -vE '^==[0-9]+==|^ *#[0-9]+ |runtime error|Sanitizer' "$T_TMP/err" >"$T_TMP/perr"
	t_show "$T_TMP/perr" 5
}

# Plain counting.
vg "plain workload" stat -e cpu-clock,task-clock,page-faults -- sleep 0.1
vg "plain -a" stat -a -e cpu-clock,context-switches -- sleep 0.2
vg "plain default events" stat -- true
vg "plain -I" stat -I 100 -a -e cpu-clock -- sleep 0.35
vg "plain -j" stat -j -e cpu-clock,task-clock -- true
vg "plain -x," stat -x, -e cpu-clock,task-clock -- true
vg "plain -A" stat -A -a -e cpu-clock -- sleep 0.1
vg "plain -r 3" stat -r 3 -e task-clock -- true
vg "plain group and msr/tsc/" stat -e '{cpu-clock,task-clock}:u,msr/tsc/' -- true
vg "plain -o file" stat -o "$T_TMP/o" -e cpu-clock -- true

# A multi-threaded process to count with -p.
t_bg python3 -c 'import threading, time
ts = [threading.Thread(target=time.sleep, args=(120,)) for _ in range(3)]
[t.start() for t in ts]
time.sleep(120)'
mt=$T_BG_PID
for _ in $(seq 50); do
	[ "$(find "/proc/$mt/task" -mindepth 1 -maxdepth 1 2>/dev/null | wc -l)" -ge 4 ] && break
	sleep 0.1
done
vg "plain --per-thread -p (4 threads)" stat --per-thread -p "$mt" \
	-e task-clock --timeout 300

# bperf on a private attr map.
if t_has_bpffs && command -v bpftool >/dev/null; then
	B=(stat --use-bpf --attr-map "$BPERF_MAP")
	vg "bperf -a" "${B[@]}" -a -e cpu-clock,task-clock -- sleep 0.2
	vg "bperf workload" "${B[@]}" -e cpu-clock,task-clock -- sleep 0.2
	vg "bperf -C 0 -A" "${B[@]}" -C 0 -A -e cpu-clock -- sleep 0.1
	vg "bperf -I -x," "${B[@]}" -I 100 -x, -a -e cpu-clock -- sleep 0.35
	vg "bperf -p (4 threads)" "${B[@]}" -p "$mt" -e task-clock --timeout 300
	# A second session while a leader exists: it joins instead of
	# creating.
	t_bg "$PERF" stat --use-bpf --attr-map "$BPERF_MAP" -e cpu-clock \
		-a -o /dev/null -- sleep 30
	sleep 1
	vg "bperf joining a live leader" "${B[@]}" -e cpu-clock -- sleep 0.1
	vg "perf bperf list" bperf list --attr-map "$BPERF_MAP"
	vg "perf bperf list -j" bperf list -j --attr-map "$BPERF_MAP"
else
	t_dep_note "bpffs and bpftool, for the bperf runs"
fi

vg "perf list" list
vg "perf list sw" list sw
vg "perf version" version

t_done
