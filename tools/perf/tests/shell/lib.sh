# SPDX-License-Identifier: GPL-2.0
# shellcheck shell=bash
#
# Helpers shared by the shell tests.  Source it first:
#
#   . "$(dirname "$0")"/lib.sh
#
# A test exits 0 (pass), 1 (fail) or 2 (skip); its last line of output says
# why it skipped.  Checks report with t_pass/t_fail and the test ends with
# t_done, which fails if any check failed.  t_skip and t_abort end at once.
#
#   $PERF      the perf under test (tools/perf/perf, or $PERF_BIN)
#   $REF_PERF  the distribution's perf, the reference (/usr/bin/perf)
#   $T_TMP     a scratch directory, removed at exit
#   t_bg CMD   start CMD in the background, killed at exit; pid in $T_BG_PID
#   t_at_exit FUNC  run FUNC at exit (a test's own cleanup)
#
# With a sanitizer build (make SAN=1) every ASan/LSan report goes to a file
# in $T_SAN_DIR, and every sanitizer report ends perf with $T_SAN_EXIT
# (run_perf records that one); a test that leaves a report fails, whatever
# it made of the exit status.

T_SHELL_DIR=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
PERF=${PERF_BIN:-$(cd "$T_SHELL_DIR/../.." && pwd)/perf}
REF_PERF=${REF_PERF:-/usr/bin/perf}
T_NAME=$(basename "$0" .sh)
T_ERRORS=0
T_BG_PIDS=()
T_BG_PID=
# Longest a single perf command may run before it counts as hung.
T_CMD_TIMEOUT=${T_CMD_TIMEOUT:-60}
T_TMP=$(mktemp -d "${TMPDIR:-/tmp}/perf-$T_NAME.XXXXXX") || exit 1

# Sanitizer reports: run-tests.sh gives each test its own directory and
# sets the options; run by hand, the test sets them up itself.  The exit
# status is the one run-tests.sh uses, not a status perf ever returns.
T_SAN_EXIT=99
if [ -n "${PERF_TEST_SAN_DIR:-}" ]; then
	T_SAN_DIR=$PERF_TEST_SAN_DIR
else
	T_SAN_DIR=$T_TMP/san
	mkdir -m 1777 "$T_SAN_DIR" || exit 1
	export ASAN_OPTIONS=${ASAN_OPTIONS:+$ASAN_OPTIONS:}detect_leaks=1:exitcode=$T_SAN_EXIT:log_path=$T_SAN_DIR/asan
	export UBSAN_OPTIONS=${UBSAN_OPTIONS:+$UBSAN_OPTIONS:}print_stacktrace=1:halt_on_error=1:exitcode=$T_SAN_EXIT:log_path=$T_SAN_DIR/ubsan
fi

# t_san_reports: print the sanitizer reports written so far; false if none.
t_san_reports() {
	local f found=1
	for f in "$T_SAN_DIR"/*; do
		[ -f "$f" ] || continue
		found=0
		echo "FAIL: sanitizer report $(basename "$f"):"
		sed -e 's/^/      > /' "$f" | head -n 60
	done
	return $found
}

# t_at_exit FUNC: run FUNC at exit, after the background commands are
# killed and before $T_TMP is removed; the last registered runs first.
T_AT_EXIT=()
t_at_exit() {
	T_AT_EXIT=("$1" "${T_AT_EXIT[@]}")
}

# t_stopped PID...: is every thread of every PID stopped (state T) and
# off the CPU?  A thread is in state T before it schedules out for the
# stop, and one preempted there waits in its run queue as T and runs on
# later (which fits a TCG guest's bperf_window that once read a busy
# loop 3.6 ms, -0.36 %, below plain counting, read second).  The kernel
# names a thread's wait channel (do_signal_stop) only once it is off its
# run queue, so each thread's wchan must be a name, not 0.
t_stopped() {
	local p
	for p in "$@"; do
		awk '{ s = $0; sub(/.*\) /, "", s); split(s, f, " ")
		       if (f[1] != "T" && f[1] != "t") exit 1 }' \
			/proc/"$p"/task/*/stat 2>/dev/null || return 1
		! grep -qsx 0 /proc/"$p"/task/*/wchan || return 1
	done
}

# t_stop PID: SIGSTOP PID and return once every thread of it has
# stopped (t_stopped), non-zero if that takes over 10 s.  kill returns
# before the signal is taken: a thread that runs until it takes it (a
# busy loop, or the one that wakes 2047 others for the group stop, 3.3
# ms in CI) would count for whichever backend perf reads last.
t_stop() {
	local i
	kill -STOP "$1" || return
	for i in $(seq 1000); do
		t_stopped "$1" && return 0
		sleep 0.01
	done
	return 1
}

# t_kill_tree PID: SIGKILL PID and everything it started.  A perf stat
# killed so leaves no workload behind (it cannot end its child on a
# SIGKILL: a 'sleep 3600' lived on for the hour).  Each is stopped
# first, so that it forks nothing more while its children are listed.
t_kill_tree() {
	local child
	kill -STOP "$1" 2>/dev/null
	for child in $(pgrep -P "$1"); do
		t_kill_tree "$child"
	done
	kill -KILL "$1" 2>/dev/null
}

T_MAIN_PID=$BASHPID
t_cleanup() {
	local pid fn san=0
	# A ( ... ) subshell may run the EXIT trap too: only the test cleans.
	[ "$BASHPID" = "$T_MAIN_PID" ] || return 0
	for pid in "${T_BG_PIDS[@]}"; do
		t_kill_tree "$pid"
		wait "$pid" 2>/dev/null
	done
	for fn in "${T_AT_EXIT[@]}"; do
		"$fn"
	done
	t_san_reports && san=1
	rm -rf "$T_TMP"
	# A pass or a skip with a sanitizer report is a failure.
	[ $san -eq 0 ] || exit 1
}
trap t_cleanup EXIT

t_pass() {
	echo "ok: $*"
}

t_fail() {
	echo "FAIL: $*"
	T_ERRORS=$((T_ERRORS + 1))
}

# Print a file indented, to show what a failing command printed.
t_show() {
	[ -s "$1" ] && sed -e 's/^/      > /' "$1" | head -n "${2:-20}"
	return 0
}

# t_check DESC CMD...: pass if CMD succeeds.
t_check() {
	local desc=$1
	shift
	if "$@"; then
		t_pass "$desc"
	else
		t_fail "$desc"
	fi
}

t_skip() {
	echo "$T_NAME: skipped: $*"
	exit 2
}

t_abort() {
	echo "FAIL: $*"
	exit 1
}

t_done() {
	if [ "$T_ERRORS" -ne 0 ]; then
		echo "$T_NAME: $T_ERRORS check(s) failed"
		exit 1
	fi
	echo "$T_NAME: all checks passed"
	exit 0
}

t_require_root() {
	[ "$(id -u)" -eq 0 ] || t_skip "needs root"
}

# What make deps installs (scripts/install-deps.sh: the tools, bpffs, the
# reference perf) must be there under make test, which sets
# PERF_TEST_DEPS=required: a test that misses one fails, saying to run
# make deps, rather than skip and leave a green run that tested less.  Run
# by hand (a test alone, or run-tests.sh), such a test skips, saying what
# it needs.
#
# t_missing_dep WHAT: end the test for want of WHAT.
t_missing_dep() {
	[ "${PERF_TEST_DEPS:-}" = required ] &&
		t_abort "needs $1: run make deps (scripts/install-deps.sh)"
	t_skip "needs $1 (make deps installs it)"
}

# t_dep_note WHAT: for a part of a test that needs WHAT, which is
# missing: a failure under make test, a note on a hand run.
t_dep_note() {
	if [ "${PERF_TEST_DEPS:-}" = required ]; then
		t_fail "needs $1: run make deps (scripts/install-deps.sh)"
	else
		echo "note: needs $1 (make deps installs it): not checked"
	fi
}

t_require_cmd() {
	local c
	for c in "$@"; do
		command -v "$c" >/dev/null 2>&1 || t_missing_dep "$c"
	done
}

t_require_perf() {
	[ -x "$PERF" ] || t_abort "perf under test not built: $PERF (run make)"
}

t_require_ref_perf() {
	[ -x "$REF_PERF" ] ||
		t_missing_dep "the reference perf $REF_PERF (package linux-perf)"
	# The distribution's perf is a wrapper that needs the matching tools.
	"$REF_PERF" stat -e task-clock -x, -o /dev/null -- true >/dev/null 2>&1 ||
		t_missing_dep "a reference perf $REF_PERF that runs here"
}

# t_has_bpffs: true when bpffs is mounted at /sys/fs/bpf.
t_has_bpffs() {
	awk '$2 == "/sys/fs/bpf" && $3 == "bpf" { found = 1 }
		END { exit !found }' /proc/mounts
}

# t_has_msr_pmu WHAT: true if the msr PMU (msr/tsc/) is there.  The
# kernel has it on every x86 CPU with a TSC (arch/x86/events/msr.c), so
# there, missing, WHAT fails; elsewhere a note says it was not checked.
t_has_msr_pmu() {
	[ -d /sys/bus/event_source/devices/msr ] && return 0
	if [ "$(uname -m)" = x86_64 ] && grep -qw tsc /proc/cpuinfo; then
		t_fail "no msr PMU on an x86 CPU with a TSC: $1 not checked"
	else
		echo "note: no msr PMU on this machine: $1 not checked"
	fi
	return 1
}

# True when the machine counts hardware events (cycles): x86's cpu PMU
# names it cpu-cycles or cycles, arm64's PMUv3 (armv8_pmuv3*) cpu_cycles.
t_has_hw_pmu() {
	local d
	for d in /sys/bus/event_source/devices/*; do
		[ -e "$d/events/cpu-cycles" ] && return 0
		[ -e "$d/events/cycles" ] && return 0
		[ -e "$d/events/cpu_cycles" ] && return 0
	done
	return 1
}

# t_unsupported_hw_event: a generic hardware event this machine does not
# count (perf prints <not supported>): cycles without a PMU, else one its
# PMU lacks (QEMU's arm64 PMUv3 and AMD's have no ref-cycles, Intel's no
# stalled-cycles-*).  Prints nothing and is false if it counts them all.
t_unsupported_hw_event() {
	local e
	for e in cycles ref-cycles bus-cycles stalled-cycles-frontend \
		stalled-cycles-backend; do
		run_perf stat -x, -o "$T_TMP/unsupported" -e "$e" -- true \
			2>/dev/null || continue
		if [ "$(csv_value "$T_TMP/unsupported" "$e")" = "<not supported>" ]; then
			echo "$e"
			return 0
		fi
	done
	return 1
}

# run_perf ARGS...: the perf under test, with a hang guard.  Returns perf's
# own status, 124 if it hung.  On a sanitizer build, a run that ends with
# $T_SAN_EXIT is recorded as a report: UBSan prints its reports only on
# stderr, which the test may have sent anywhere.
run_perf() {
	local rc
	timeout -k 5 "$T_CMD_TIMEOUT" "$PERF" "$@"
	rc=$?
	if [ $rc -eq "$T_SAN_EXIT" ] && t_perf_is_san; then
		echo "perf $* ended with status $rc: a sanitizer report on its stderr" \
			>>"$T_SAN_DIR/status.$BASHPID"
	fi
	return $rc
}

# t_perf_is_san: true if $PERF is a sanitizer build (make SAN=1).
t_perf_is_san() {
	[ -n "${T_PERF_SAN:-}" ] ||
		{ grep -qa __asan_init "$PERF" 2>/dev/null && T_PERF_SAN=1 || T_PERF_SAN=0; }
	[ "$T_PERF_SAN" = 1 ]
}

run_ref_perf() {
	timeout -k 5 "$T_CMD_TIMEOUT" "$REF_PERF" "$@"
}

# t_bg CMD...: run in the background, killed at exit.
t_bg() {
	"$@" &
	T_BG_PID=$!
	T_BG_PIDS+=("$T_BG_PID")
}

# t_busy: a CPU-bound loop in the background ($T_BG_PID), killed at exit.
t_busy() {
	t_bg bash -c 'while :; do :; done'
}

# csv_value FILE EVENT: the first value of EVENT in perf's -x, output
# (the counter value is field 1, the event field 3).
csv_value() {
	awk -F, -v ev="$2" '$3 == ev { print $1; exit }' "$1"
}

# t_median N...: the median of the numbers given as arguments.
t_median() {
	printf '%s\n' "$@" | sort -g | awk '{ v[NR] = $1 }
		END { if (NR % 2) print v[(NR + 1) / 2];
		      else print (v[NR / 2] + v[NR / 2 + 1]) / 2 }'
}

# t_within A B PCT: true when A and B differ by at most PCT percent of B.
t_within() {
	awk -v a="$1" -v b="$2" -v p="$3" 'BEGIN {
		d = a - b; if (d < 0) d = -d
		exit !(b != 0 && d * 100 <= p * (b < 0 ? -b : b))
	}'
}

# t_between X LO HI: true when LO <= X <= HI (numbers, may be decimals).
t_between() {
	awk -v x="$1" -v lo="$2" -v hi="$3" 'BEGIN {
		exit !(x ~ /^-?[0-9.]+(e[-+]?[0-9]+)?$/ && x + 0 >= lo + 0 && x + 0 <= hi + 0)
	}'
}

# t_crashed RC: true if the status says the process died of a signal
# (other than the SIGINT/SIGTERM a test sent on purpose), hung, or ended
# on a sanitizer report.
t_crashed() {
	case $1 in
	124 | 137) return 0 ;;	# hung
	"$T_SAN_EXIT") return 0 ;;	# a sanitizer report
	132 | 133 | 134 | 135 | 136 | 139 | 159) return 0 ;;	# ILL TRAP ABRT BUS FPE SEGV SYS
	esac
	return 1
}

t_not_crashed() {
	! t_crashed "$1"
}

# human_value FILE EVENT: the value of EVENT's first row in perf's human
# output ("<not" for "<not supported>"/"<not counted>"), without the
# thousands separators.
human_value() {
	awk -v ev="$2" '{
		sub(/#.*/, ""); sub(/\( *\+-.*/, ""); sub(/\([0-9.]+%\) *$/, "")
		n = split($0, f, " ")
		if (n >= 2 && f[n] == ev) { gsub(/,/, "", f[1]); print f[1]; exit }
	}' "$1"
}

# human_elapsed_ms FILE: the "seconds time elapsed" of perf's human
# output, in milliseconds.
human_elapsed_ms() {
	awk '/seconds time elapsed/ { printf "%.3f\n", $1 * 1000; exit }' "$1"
}

# cpus_elapsed_ok V E N BELOW: pass when V, a cpu-clock of N CPUs (ms, as
# printed: two decimals), is N x E, the elapsed time perf printed (ms, to
# the us), or at most BELOW ms less.  perf starts its clock before it
# enables the events and stops it after it disables them (stat__start,
# stat__finish): nothing can be counted outside the elapsed time, so the
# only room above it is the rounding of the two printed values.
cpus_elapsed_ok() {
	awk -v v="${1:-x}" -v e="${2:-0}" -v n="$3" -v below="$4" 'BEGIN {
		d = n * e - v
		exit !(v ~ /^[0-9.]+$/ && e > 0 &&
			d >= -(0.005 + n * 0.0005) && d <= below) }'
}

# human_events FILE: the event names of the rows of perf's human output.
human_events() {
	awk '/^ *[0-9<]/ && !/seconds (time elapsed|user|sys)/ {
		sub(/#.*/, ""); sub(/\( *\+-.*/, ""); sub(/\([0-9.]+%\) *$/, "")
		n = split($0, f, " "); if (n >= 2) print f[n]
	}' "$1"
}

# t_format_case CHECKER DESC [checker options] -- perf stat options: run
# perf stat into a file and pass when CHECKER (check_csv.py or
# check_json.py) accepts every line of it.
t_format_case() {
	local check=$1 desc=$2 opts=() rc
	shift 2
	while [ "$1" != -- ]; do
		opts+=("$1")
		shift
	done
	shift
	run_perf stat -o "$T_TMP/out" "$@" 2>"$T_TMP/err"
	rc=$?
	if [ $rc -ne 0 ]; then
		t_fail "$desc: perf stat $* exited $rc"
		t_show "$T_TMP/err"
	elif python3 "$check" "${opts[@]}" "$T_TMP/out" >"$T_TMP/check"; then
		t_pass "$desc"
	else
		t_fail "$desc: perf stat $*"
		t_show "$T_TMP/check"
	fi
}

# t_wait_until CMD...: run CMD every 50 ms until it succeeds, for at most
# T_WAIT seconds (30; make test-guests gives TCG guests more); CMD's last
# status.  For what a test waits for (a session up, a leader gone), where
# a fixed sleep is too short on a slow machine and too long on a fast one.
t_wait_until() {
	local end=$((SECONDS + ${T_WAIT:-30}))
	until "$@"; do
		[ $SECONDS -lt $end ] || return 1
		sleep 0.05
	done
}

# Steal time: on a VM, time the hypervisor gave to something else while a
# task was on its CPU.  task-clock and cpu-clock hold it (perf's clock,
# local_clock, runs on); the CPU time the kernel accounts to a task does
# not (rq_clock_task leaves it out with CONFIG_PARAVIRT_TIME_ACCOUNTING,
# Debian's), and neither does rusage's user + sys built on it.  Seen in
# CI: task-clock 1.9 ms (1.2 %) over the workload's user + sys.
#
#   t_steal_mark   note the machine's steal time now (/proc/stat)
#   t_steal_ns     the most the hypervisor can have stolen from this
#                  machine's CPUs since then, in ns: /proc/stat counts
#                  steal in ticks (USER_HZ), so the ticks it moved plus
#                  one for the rounding at each end; 0 on a machine that
#                  has never seen any (no steal accounting, bare metal).
#   t_steal_ms     the same in ms
t_steal_ticks() {
	awk '$1 == "cpu" { print $9; exit }' /proc/stat
}

t_steal_mark() {
	T_STEAL0=$(t_steal_ticks)
}

t_steal_ns() {
	local now
	now=$(t_steal_ticks)
	if [ "${now:-0}" -eq 0 ]; then
		echo 0
	else
		echo $(((now - ${T_STEAL0:-$now} + 1) * 1000000000 / $(getconf CLK_TCK)))
	fi
}

# t_steal_ms: t_steal_ns in ms, to three decimals.
t_steal_ms() {
	awk -v ns="$(t_steal_ns)" 'BEGIN { printf "%.3f", ns / 1e6 }'
}
