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

T_MAIN_PID=$BASHPID
t_cleanup() {
	local pid fn san=0
	# A ( ... ) subshell may run the EXIT trap too: only the test cleans.
	[ "$BASHPID" = "$T_MAIN_PID" ] || return 0
	for pid in "${T_BG_PIDS[@]}"; do
		kill -KILL "$pid" 2>/dev/null
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

t_require_cmd() {
	local c
	for c in "$@"; do
		command -v "$c" >/dev/null 2>&1 || t_skip "needs $c"
	done
}

t_require_perf() {
	[ -x "$PERF" ] || t_abort "perf under test not built: $PERF (run make)"
}

t_require_ref_perf() {
	[ -x "$REF_PERF" ] || t_skip "reference perf not installed ($REF_PERF, package linux-perf)"
	# The distribution's perf is a wrapper that needs the matching tools.
	"$REF_PERF" stat -e task-clock -x, -o /dev/null -- true >/dev/null 2>&1 ||
		t_skip "reference perf $REF_PERF does not run here"
}

# True when the machine counts hardware events (cycles).
t_has_hw_pmu() {
	local d
	for d in /sys/bus/event_source/devices/*; do
		[ -e "$d/events/cpu-cycles" ] && return 0
		[ -e "$d/events/cycles" ] && return 0
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
