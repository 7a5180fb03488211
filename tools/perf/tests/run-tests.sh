#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# Run the test suite and print one line per test and a summary:
#
#   run-tests.sh [--unit-only] [-t SECONDS] UNIT_DIR [PATTERN...]
#
# UNIT_DIR holds the cmocka unit test binaries (test-*); every test case of
# every binary counts, and a binary that runs no test case fails.  Unless
# --unit-only, every tools/perf/tests/shell/*.sh then runs as root, each in
# its own process group under a timeout: exit 0 is a pass, 2 with the
# "NAME: skipped: REASON" line of lib.sh's t_skip last a skip, anything
# else (a syntax error, a crash, a timeout) a failure.  A sanitizer report
# (make SAN=1) fails the test that triggered it.  PATTERNs (shell globs)
# select tests by name, e.g. 'stat_*' or 'test-cpumap'.  With
# PERF_TEST_DEPS=required (make test sets it), a shell test that misses
# something make deps installs (bpftool, bpffs, the reference perf...)
# fails instead of skipping (lib.sh, t_missing_dep).  With
# PERF_TEST_KEEP_LOGS=DIR, each shell test's whole output is also kept in
# DIR/NAME.log, passed or not (make test-guests keeps them with a guest's
# results).
#
# Known defects (tools/perf/tests/known-failures, or the file
# PERF_TEST_KNOWN_FAILURES names): a shell test that exits 1 and whose
# every "FAIL: " line is one the ledger lists for it prints
# "XFAIL shell/NAME (#ISSUE): CHECK" and counts with the skipped; any
# other failed check in it, a crash or a timeout is a FAIL as ever.  A
# listed test that passes prints PASS with a note that its defect did
# not show.  A ledger line that names no issue or no test is a usage
# error.  PERF_TEST_SHELL_DIR runs the shell tests of another directory
# (the runner's own test).
#
# Ends with exactly "N passed, N failed, N skipped"; exits 1 if anything
# failed or nothing ran, or at once, with one line, if shell tests are
# selected and we are not root; 2 on a usage error.

set -uo pipefail

HERE=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
SHELL_DIR=${PERF_TEST_SHELL_DIR:-$HERE/shell}
LEDGER=${PERF_TEST_KNOWN_FAILURES:-$HERE/known-failures}
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

# Sanitizer builds (make SAN=1): any report is a failure of the test that
# triggered it, whatever that test did with the exit status.  Each test
# gets its own report directory (ASan/UBSan/LSan log_path; lib.sh looks
# there too), and a report ends the program with SAN_EXIT, a status that
# no perf error uses, so that a bad-input test waiting for "exit 1" cannot
# take a sanitizer report for the error it expected.
SAN_EXIT=99
ASAN_BASE=${ASAN_OPTIONS:+$ASAN_OPTIONS:}detect_leaks=1:abort_on_error=0
UBSAN_BASE=${UBSAN_OPTIONS:+$UBSAN_OPTIONS:}print_stacktrace=1:halt_on_error=1

LOG_DIR=$(mktemp -d "${TMPDIR:-/tmp}/perf-tests.XXXXXX") || exit 1
# Tests run some perf commands as another user: let them reach their
# report directory (1777 below), not read the logs.
chmod 711 "$LOG_DIR"
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

# The ledger of known defects, one entry a line (see known-failures):
# LEDGER_TEST[i] is shell/NAME, LEDGER_ISSUE[i] #N, LEDGER_CHECK[i] a glob
# of the text after "FAIL: ".
LEDGER_TEST=()
LEDGER_ISSUE=()
LEDGER_CHECK=()

ledger_error() {	# ledger_error LINENO WHAT
	echo "run-tests.sh: $LEDGER:$1: $2" >&2
	exit 2
}

ledger_load() {
	local line n=0 test issue check figures rest
	if [ ! -e "$LEDGER" ]; then
		[ -z "${PERF_TEST_KNOWN_FAILURES:-}" ] && return 0
		echo "run-tests.sh: no ledger of known defects $LEDGER" >&2
		exit 2
	fi
	while IFS= read -r line || [ -n "$line" ]; do
		n=$((n + 1))
		[[ $line =~ ^[[:space:]]*(#|$) ]] && continue
		test=${line%%' | '*} rest=${line#*' | '}
		issue=${rest%%' | '*} rest=${rest#*' | '}
		check=${rest%%' | '*} figures=${rest#*' | '}
		if [ "$test" = "$line" ] || [ "$issue" = "$rest" ] ||
			[ "$check" = "$figures" ] || [ -z "$check" ] ||
			[ -z "$figures" ]; then
			ledger_error $n "not TEST | #ISSUE | CHECK | FIGURES"
		fi
		[[ $issue =~ ^#[0-9]+$ ]] ||
			ledger_error $n "'$issue' names no issue (#N)"
		[[ $test == shell/?* && -f $SHELL_DIR/${test#shell/}.sh ]] ||
			ledger_error $n "no test '$test' (shell/NAME of $SHELL_DIR/NAME.sh)"
		LEDGER_TEST+=("$test")
		LEDGER_ISSUE+=("$issue")
		LEDGER_CHECK+=("$check")
	done <"$LEDGER"
}

# ledger_issues NAME: the issues the ledger lists for the test NAME.
ledger_issues() {
	local i
	for i in "${!LEDGER_TEST[@]}"; do
		[ "${LEDGER_TEST[$i]}" = "$1" ] && echo "${LEDGER_ISSUE[$i]}"
	done | sort -u | paste -sd ' '
}

# ledger_explains NAME LOG: true if LOG has at least one "FAIL: " line
# and the ledger lists every one for NAME; LEDGER_SEEN then holds an
# "(#N): CHECK" line for each, LEDGER_UNLISTED otherwise counts the
# lines it does not list.
ledger_explains() {
	local name=$1 log=$2 line check i found
	LEDGER_SEEN=() LEDGER_UNLISTED=0
	[ -n "$(ledger_issues "$name")" ] || return 1
	while IFS= read -r line; do
		check=${line#FAIL: } found=
		for i in "${!LEDGER_TEST[@]}"; do
			[ "${LEDGER_TEST[$i]}" = "$name" ] || continue
			# shellcheck disable=SC2053
			if [[ $check == ${LEDGER_CHECK[$i]} ]]; then
				found=${LEDGER_ISSUE[$i]}
				break
			fi
		done
		if [ -n "$found" ]; then
			LEDGER_SEEN+=("($found): $check")
		else
			LEDGER_UNLISTED=$((LEDGER_UNLISTED + 1))
		fi
	done < <(grep -a '^FAIL: ' "$log")
	[ ${#LEDGER_SEEN[@]} -gt 0 ] && [ "$LEDGER_UNLISTED" -eq 0 ]
}

selected() {
	local name=$1 p
	[ ${#PATTERNS[@]} -eq 0 ] && return 0
	for p in "${PATTERNS[@]}"; do
		# shellcheck disable=SC2053
		[[ $name == $p || $name == $p.sh ]] && return 0
	done
	return 1
}

# ledger_reason ISSUES: why a failed test the ledger lists for ISSUES
# (none: not listed) is not an XFAIL, after ledger_explains.
ledger_reason() {
	[ -n "$1" ] || return 0
	if [ "$LEDGER_UNLISTED" -gt 0 ]; then
		echo "$LEDGER_UNLISTED check(s) not in the ledger"
	else
		echo "no FAIL: line for the ledger's $1"
	fi
}

# report PASS|FAIL|SKIP NAME [REASON] [LOG], or report XFAIL NAME: the
# known defects of LEDGER_SEEN, counted with the skipped.
report() {
	local verdict=$1 name=$2 reason=${3:-} log=${4:-} seen
	case $verdict in
	PASS) passed=$((passed + 1)) ;;
	FAIL) failed=$((failed + 1)) ;;
	SKIP | XFAIL) skipped=$((skipped + 1)) ;;
	esac
	if [ "$verdict" = XFAIL ]; then
		printf 'XFAIL %s %s\n' "$name" "${LEDGER_SEEN[0]}"
		for seen in "${LEDGER_SEEN[@]:1}"; do
			printf '    | XFAIL %s\n' "$seen"
		done
		printf 'XFAIL %s %s\n' "$name" "${LEDGER_SEEN[0]}" >>"$LOG_DIR/known"
		return
	fi
	printf '%s %s%s\n' "$verdict" "$name" "${reason:+ ($reason)}"
	if [ "$verdict" = FAIL ] && [ -n "$log" ] && [ -s "$log" ]; then
		sed -e 's/^/    | /' "$log" | tail -n 200
	fi
	# The failed checks again at the end of the run, where a log cut
	# to its tail still shows them.
	if [ "$verdict" = FAIL ]; then
		printf '%s %s%s\n' "$verdict" "$name" "${reason:+ ($reason)}" >>"$LOG_DIR/recap"
		[ -n "$log" ] && [ -s "$log" ] &&
			grep -a '^FAIL: ' "$log" | head -n 10 | sed -e 's/^/    | /' >>"$LOG_DIR/recap"
	fi
}

# san_begin NAME: a fresh report directory for the test NAME, in the
# sanitizers' options and in PERF_TEST_SAN_DIR (for lib.sh).
san_begin() {
	SAN_DIR=$LOG_DIR/san.${1//\//_}
	mkdir -p "$SAN_DIR" && chmod 1777 "$SAN_DIR"
	export PERF_TEST_SAN_DIR=$SAN_DIR
	export ASAN_OPTIONS=$ASAN_BASE:exitcode=$SAN_EXIT:log_path=$SAN_DIR/asan
	export UBSAN_OPTIONS=$UBSAN_BASE:exitcode=$SAN_EXIT:log_path=$SAN_DIR/ubsan
}

# san_reports LOG: true if the current test left sanitizer reports (or
# lib.sh's record of a perf that ended with SAN_EXIT); their first lines
# are appended to LOG, to be shown with the failure.
san_reports() {
	local f found=1
	for f in "$SAN_DIR"/*; do
		[ -f "$f" ] || continue
		found=0
		{
			echo "sanitizer report $(basename "$f"):"
			grep -m 4 -E 'ERROR|runtime error|SUMMARY|status' "$f"
		} >>"$1"
	done
	return $found
}

# Describe an exit status that is neither 0, 1 nor 2.
status_reason() {
	local rc=$1
	case $rc in
	124 | 137) echo "timed out after ${TIMEOUT}s" ;;
	"$SAN_EXIT") echo "sanitizer report (exit status $rc)" ;;
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
	san_begin "$base"

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
		# A binary that tests nothing proves nothing.
		report FAIL "$base" "no test case ran" "$log"
	fi
	# A leak is reported at exit, after the last case passed.
	if san_reports "$log"; then
		report FAIL "$base" "sanitizer report" "$log"
	fi
}

# Exit status 2 is a skip only with lib.sh's t_skip line last: bash also
# exits 2 on a syntax error, and so do some commands a test may end on.
run_shell() {
	local script=$1 base name log rc last listed
	base=$(basename "$script" .sh)
	name=shell/$base
	log=$LOG_DIR/$base.sh.log

	if ! bash -n "$script" >"$log" 2>&1; then
		report FAIL "$name" "syntax error" "$log"
		return
	fi
	san_begin "$name"
	run_isolated "$log" bash "$script"
	rc=$?
	[ -z "${PERF_TEST_KEEP_LOGS:-}" ] || cp "$log" "$PERF_TEST_KEEP_LOGS/$base.log"
	last=$(grep -av '^[[:space:]]*$' "$log" | tail -n 1)
	if san_reports "$log"; then
		report FAIL "$name" "sanitizer report, exit status $rc" "$log"
		return
	fi
	listed=$(ledger_issues "$name")
	case $rc in
	0) report PASS "$name" "${listed:+a listed defect did not show: $listed}" ;;
	2)
		if [[ $last == "$base: skipped: "?* ]]; then
			report SKIP "$name" "${last#"$base: skipped: "}"
		else
			report FAIL "$name" "exit status 2 without a skip reason" "$log"
		fi
		;;
	1)
		if ledger_explains "$name" "$log"; then
			report XFAIL "$name"
		else
			report FAIL "$name" "$(ledger_reason "$listed")" "$log"
		fi
		;;
	*) report FAIL "$name" "$(status_reason $rc)" "$log" ;;
	esac
}

# The shell tests selected, in order.
shell_tests() {
	local script
	for script in "$SHELL_DIR"/*.sh; do
		[ -f "$script" ] || continue
		[ "$(basename "$script")" = lib.sh ] && continue
		selected "$(basename "$script" .sh)" || continue
		echo "$script"
	done
}

# Shell tests count real sessions as root: without root they would all
# skip, and a run where every one skipped must not look like a pass.
ledger_load
SHELL_TESTS=()
if [ $UNIT_ONLY -eq 0 ]; then
	mapfile -t SHELL_TESTS < <(shell_tests)
	if [ ${#SHELL_TESTS[@]} -gt 0 ] && [ "$(id -u)" -ne 0 ]; then
		echo "run-tests.sh: the shell tests need root (run as root, or make unit-test for the unit tests alone)" >&2
		exit 1
	fi
fi

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

if [ ${#SHELL_TESTS[@]} -gt 0 ]; then
	# The helpers every test sources: a syntax error there is a failure
	# of its own (bash would go on after a failed ".").
	for helper in "$SHELL_DIR"/lib.sh "$SHELL_DIR"/lib/*.sh; do
		[ -f "$helper" ] || continue
		log=$LOG_DIR/helper.log
		bash -n "$helper" >"$log" 2>&1 ||
			report FAIL "shell/${helper#"$SHELL_DIR"/}" "syntax error" "$log"
	done
	for script in "${SHELL_TESTS[@]}"; do
		run_shell "$script"
	done
fi

if [ -s "$LOG_DIR/known" ]; then
	echo "known defects (${LEDGER##*/}):"
	sed -e 's/^/    /' "$LOG_DIR/known"
fi
if [ -s "$LOG_DIR/recap" ]; then
	echo "failed:"
	cat "$LOG_DIR/recap"
fi
echo "$passed passed, $failed failed, $skipped skipped"
# A run where nothing passed proves nothing.
[ $failed -eq 0 ] && [ $passed -gt 0 ]
