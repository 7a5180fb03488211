#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# Bad input to perf stat: each gets exactly one "perf: error: ..." line on
# stderr (lowercase, no trailing period, at most one "hint:" line after
# it), nothing on stdout, exit status 2 for a usage error or 1 for a
# runtime failure, and no crash.

. "$(dirname "$0")"/lib.sh

t_require_root
t_require_perf

out=$T_TMP/out
err=$T_TMP/err
# shellcheck disable=SC2034 # read by run_perf
T_CMD_TIMEOUT=10

# bad CODES WORD -- PERF ARGS: perf must fail with one of CODES ("2",
# "1|2"), its error line containing WORD (a fixed string; "" for any).
bad() {
	local codes=$1 word=$2 rc first lines why=()
	shift 3
	run_perf "$@" >"$out" 2>"$err"
	rc=$?
	first=$(head -n 1 "$err")
	lines=$(grep -c '' "$err")

	t_crashed $rc && why+=("crashed or hung, status $rc")
	[[ "|$codes|" == *"|$rc|"* ]] || why+=("exit status $rc, expected $codes")
	[[ $first == "perf: error: "* ]] || why+=("no 'perf: error: ' line first")
	[[ $first == "perf: error: "[A-Z]* ]] && why+=("message starts uppercase")
	[[ $first == *. ]] && why+=("trailing period")
	if [ "$lines" -gt 2 ]; then
		why+=("$lines lines on stderr")
	elif [ "$lines" -eq 2 ] && [[ $(sed -n 2p "$err") != "hint: "* ]]; then
		why+=("second line is not a 'hint: ' line")
	fi
	[ -n "$word" ] && [[ $first != *"$word"* ]] && why+=("'$word' not named")
	[ -s "$out" ] && why+=("output on stdout")

	if [ ${#why[@]} -eq 0 ]; then
		t_pass "perf $* -> $rc: ${first#perf: error: }"
	else
		t_fail "perf $*: $(IFS=';'; echo "${why[*]}")"
		t_show "$err" 6
	fi
}

dead=$(sh -c 'echo $$')	# a pid that has just exited

# Options.
bad 2 bogus -- stat --bogus -- true
bad 2 "" -- stat -e
bad 2 "" -- stat -p
bad 2 "" -- stat -C
bad 2 "" -- stat -x
# (no workload and no target is no error: perf then counts system-wide)
bad 2 "" -- stat -x, -j -e task-clock -- true
bad 2 "" -- stat -I 1 -a -e task-clock
bad 2 "" -- stat -I abc -a -e task-clock
bad 2 "" -- stat --interval-count 3 -e task-clock -- true
bad 2 "" -- stat -r -1 -e task-clock -- true
bad 2 "" -- stat -r abc -e task-clock -- true
bad 2 "" -- stat --timeout 5 -e task-clock -- sleep 1

# Events.
bad "1|2" foo_bar_baz -- stat -e foo_bar_baz -- true
bad "1|2" foo_bar_baz -- stat -e task-clock,foo_bar_baz -- true
bad 2 "" -- stat -e cycles:zz -- true
bad 2 "" -- stat -e '{cycles' -- true
bad 2 "" -- stat -e 'cycles}' -- true
bad 2 "" -- stat -e cpu/ -- true
bad 2 "" -- stat -e r -- true
bad 2 "" -- stat -e rxyz -- true
bad 2 "" -- stat -e '' -- true
bad 2 "" -- stat -e task-clock,,page-faults -- true
bad "1|2" foo -- stat -e msr/foo/ -- true
bad "1|2" nopmu -- stat -e nopmu/foo/ -- true
bad "1|2" "" -- stat -e msr/tsc,bogus=1/ -- true

# CPU lists.
bad 2 "" -- stat -C 0- -e cpu-clock -- true
bad 2 "" -- stat -C a -e cpu-clock -- true
bad 2 "" -- stat -C 5-2 -e cpu-clock -- true
bad 2 "" -- stat -C '' -e cpu-clock -- true
bad "1|2" 999 -- stat -C 999 -e cpu-clock -- true

# Targets.
bad 2 "" -- stat -a -p 1 -e task-clock
bad 2 "" -- stat -p 1 -t 1 -e task-clock
bad 2 "" -- stat -C 0 -p 1 -e task-clock
bad 2 "" -- stat -p abc -e task-clock
bad 1 "$dead" -- stat -p "$dead" -e task-clock
bad 1 "$dead" -- stat -t "$dead" -e task-clock
bad "1|127" /nonexistent/cmd -- stat -e task-clock -- /nonexistent/cmd

# Output.
bad 1 /nonexistent/dir -- stat -o /nonexistent/dir/out -e task-clock -- true

# Top level.
bad 2 bogus-command -- bogus-command

t_done
