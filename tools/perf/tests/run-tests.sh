#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# Run the test suite and print one line per test and a summary:
#
#   run-tests.sh [--unit-only] [-t SECONDS] UNIT_DIR [PATTERN...]
#
# UNIT_DIR holds the cmocka unit test binaries (test-*); every test case of
# every binary counts.  Unless --unit-only, every tools/perf/tests/shell/*.sh
# then runs as root, each in its own process group under a timeout: exit 0
# is a pass, 2 a skip (the last line printed is the reason), anything else,
# a crash or a timeout a failure.  PATTERNs (shell globs) select tests by
# name, e.g. 'stat_*' or 'test-cpumap'.
#
# Ends with exactly "N passed, N failed, N skipped"; exits 1 if anything
# failed or nothing ran, 2 on a usage error.

set -uo pipefail

HERE=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
SHELL_DIR=$HERE/shell
TIMEOUT=${PERF_TEST_TIMEOUT:-300}
UNIT_ONLY=0

usage() {
	echo "usage: run-tests.sh [--unit-only] [-t SECONDS] UNIT_DIR [PATTERN...]" >&2
	exit 2
}

while [ $# -gt 0 ]; do
	case $1 in
	--unit-only) UNIT_ONLY=1 ;;
	-t | --timeout)
		[ $# -ge 2 ] || usage
		TIMEOUT=$2
		shift
		;;
	-h | --help) usage ;;
	--) shift; break ;;
	-*) usage ;;
	*) break ;;
	esac
	shift
done
[ $# -ge 1 ] || usage
UNIT_DIR=$1
shift
PATTERNS=("$@")
case $TIMEOUT in
'' | *[!0-9]*) usage ;;
esac

# Sanitizer builds (make SAN=1): any report is a failure.
export UBSAN_OPTIONS=${UBSAN_OPTIONS:-print_stacktrace=1:halt_on_error=1}
export ASAN_OPTIONS=${ASAN_OPTIONS:-detect_leaks=1:abort_on_error=0}

LOG_DIR=$(mktemp -d "${TMPDIR:-/tmp}/perf-tests.XXXXXX") || exit 1
CURRENT_PGID=
cleanup() {
	if [ -n "$CURRENT_PGID" ]; then
		kill -KILL -- "-$CURRENT_PGID" 2>/dev/null
		wait "$CURRENT_PGID" 2>/dev/null
	fi
	rm -rf "$LOG_DIR"
}
trap cleanup EXIT
trap 'echo "interrupted" >&2; exit 130' INT TERM

passed=0
failed=0
skipped=0

selected() {
	local name=$1 p
	[ ${#PATTERNS[@]} -eq 0 ] && return 0
	for p in "${PATTERNS[@]}"; do
		# shellcheck disable=SC2053
		[[ $name == $p || $name == $p.sh ]] && return 0
	done
	return 1
}

report() {	# report PASS|FAIL|SKIP NAME [REASON] [LOG]
	local verdict=$1 name=$2 reason=${3:-} log=${4:-}
	case $verdict in
	PASS) passed=$((passed + 1)) ;;
	FAIL) failed=$((failed + 1)) ;;
	SKIP) skipped=$((skipped + 1)) ;;
	esac
	printf '%s %s%s\n' "$verdict" "$name" "${reason:+ ($reason)}"
	if [ "$verdict" = FAIL ] && [ -n "$log" ] && [ -s "$log" ]; then
		sed -e 's/^/    | /' "$log" | tail -n 200
	fi
}

# Describe an exit status that is neither 0, 1 nor 2.
status_reason() {
	local rc=$1
	case $rc in
	124 | 137) echo "timed out after ${TIMEOUT}s" ;;
	*) if [ "$rc" -gt 128 ]; then
		echo "killed by signal $((rc - 128))$(kill -l $((rc - 128)) 2>/dev/null | sed 's/^/ SIG/')"
	else
		echo "exit status $rc"
	fi ;;
	esac
}

# Run "$@" in its own process group under the timeout, output to $1 (the
# log).  Whatever the test left running in its group is killed afterwards.
run_isolated() {
	local log=$1 rc
	shift
	# timeout makes itself a process group leader (without --foreground).
	timeout -k 10 "$TIMEOUT" "$@" >"$log" 2>&1 </dev/null &
	CURRENT_PGID=$!
	wait "$CURRENT_PGID" 2>/dev/null	# no "Aborted" job notice
	rc=$?
	kill -KILL -- "-$CURRENT_PGID" 2>/dev/null
	CURRENT_PGID=
	return $rc
}

# Unit tests: parse cmocka's "[ RUN ] / [ OK ] / [ FAILED ] / [ SKIPPED ]".
run_unit() {
	local bin=$1 base log rc line name verdict current='' ran=0 bad=0 runner=()
	local case_log
	base=$(basename "$bin")
	log=$LOG_DIR/$base.log

	# Line-buffer stdout so that a crash keeps what ran before it (not for
	# ASan binaries: their runtime must be the first library loaded).
	if command -v stdbuf >/dev/null && ! grep -qa __asan_init "$bin"; then
		runner=(stdbuf -oL -eL)
	fi
	run_isolated "$log" "${runner[@]}" "$bin"
	rc=$?

	case_log=$LOG_DIR/$base.case.log
	while IFS= read -r line; do
		case $line in
		'[ RUN      ] '*)
			current=${line#'[ RUN      ] '}
			: >"$case_log"
			continue
			;;
		'[       OK ] '*) verdict=PASS name=${line#'[       OK ] '} ;;
		'[  FAILED  ] '*) verdict=FAIL name=${line#'[  FAILED  ] '} ;;
		'[  SKIPPED ] '*) verdict=SKIP name=${line#'[  SKIPPED ] '} ;;
		*)
			[ -n "$current" ] && printf '%s\n' "$line" >>"$case_log"
			continue
			;;
		esac
		# The summary repeats names; count only the result of a RUN.
		[ -n "$current" ] && [ "$name" = "$current" ] || continue
		current=
		ran=$((ran + 1))
		[ $verdict = FAIL ] && bad=$((bad + 1))
		report $verdict "$base:$name" "" "$case_log"
	done <"$log"

	if [ -n "$current" ]; then
		report FAIL "$base:$current" "$(status_reason "$rc")" "$log"
	elif [ $rc -ne 0 ] && [ $bad -eq 0 ]; then
		# Crashed outside a test, or failed in a group setup/teardown.
		report FAIL "$base" "$(status_reason "$rc")" "$log"
	elif [ $ran -eq 0 ]; then
		report PASS "$base" "no cmocka test cases seen" ""
	fi
}

run_shell() {
	local script=$1 name log rc reason
	name=shell/$(basename "$script" .sh)
	log=$LOG_DIR/$(basename "$script").log

	run_isolated "$log" bash "$script"
	rc=$?
	case $rc in
	0) report PASS "$name" ;;
	2)
		reason=$(grep -v '^[[:space:]]*$' "$log" | tail -n 1)
		report SKIP "$name" "${reason:-no reason given}"
		;;
	1) report FAIL "$name" "" "$log" ;;
	*) report FAIL "$name" "$(status_reason $rc)" "$log" ;;
	esac
}

if [ -d "$UNIT_DIR" ]; then
	for bin in "$UNIT_DIR"/test-*; do
		[ -f "$bin" ] && [ -x "$bin" ] || continue
		case $bin in *.d | *.o) continue ;; esac
		selected "$(basename "$bin")" || continue
		run_unit "$bin"
	done
else
	report FAIL "unit" "no unit test directory $UNIT_DIR"
fi

if [ $UNIT_ONLY -eq 0 ]; then
	for script in "$SHELL_DIR"/*.sh; do
		[ -f "$script" ] || continue
		[ "$(basename "$script")" = lib.sh ] && continue
		selected "$(basename "$script" .sh)" || continue
		if [ "$(id -u)" -ne 0 ]; then
			report SKIP "shell/$(basename "$script" .sh)" "needs root"
			continue
		fi
		run_shell "$script"
	done
fi

echo "$passed passed, $failed failed, $skipped skipped"
# A run where nothing passed proves nothing.
[ $failed -eq 0 ] && [ $passed -gt 0 ]
