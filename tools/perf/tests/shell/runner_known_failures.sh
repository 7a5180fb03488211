#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# run-tests.sh and its ledger of known defects (tools/perf/tests/
# known-failures): a listed failure is an XFAIL counted with the skipped,
# an unlisted failed check in a listed test, a crash or a timeout is a
# FAIL, a listed test that passes is a PASS with a note, and a bad ledger
# line is a usage error.  Also: the project's own ledger is valid.

. "$(dirname "$0")"/lib.sh

t_require_root

RUNNER=$T_SHELL_DIR/../run-tests.sh
dir=$T_TMP/shell
units=$T_TMP/units
mkdir -p "$dir" "$units"

# fake NAME BODY: a shell test of the fake suite.
fake() {
	printf '#!/bin/bash\n%s\n' "$2" >"$dir/$1.sh"
}
fake plain_pass 'echo "ok: fine"; exit 0'
fake listed_pass 'echo "ok: fine this time"; exit 0'
fake listed_fail 'echo "ok: one"; echo "FAIL: known check: +1.5 % (bound 1 %)"; exit 1'
fake listed_two 'echo "FAIL: known check: +2 %"; echo "FAIL: second known: 7"; exit 1'
fake listed_other 'echo "FAIL: known check: +1 %"; echo "FAIL: a new defect"; exit 1'
fake listed_silent 'echo "listed_silent: 1 check(s) failed"; exit 1'
fake listed_crash 'echo "FAIL: known check: +1 %"; kill -SEGV $$'
fake listed_hang 'echo "FAIL: known check: +1 %"; sleep 60'

ledger=$T_TMP/known-failures
cat >"$ledger" <<'EOF'
# a comment, then a blank line

shell/listed_pass | #29 | known check: * | +1.5 % on one machine
shell/listed_fail | #29 | known check: * | +1.5 % on one machine
shell/listed_two | #29 | known check: * | +2 %
shell/listed_two | #30 | second known: [0-9]* | 7, once | with a bar
shell/listed_other | #29 | known check: * | +1 %
shell/listed_silent | #29 | * | anything
shell/listed_crash | #29 | known check: * | +1 %
shell/listed_hang | #29 | known check: * | +1 %
EOF

# run_fake LEDGER [PATTERN...]: the fake suite; output in $out, status
# in $rc.
out=$T_TMP/out
run_fake() {
	local l=$1
	shift
	PERF_TEST_SHELL_DIR=$dir PERF_TEST_KNOWN_FAILURES=$l \
		"$RUNNER" -t 3 "$units" "$@" >"$out" 2>&1
	rc=$?
}

# has LINE: the runner printed exactly LINE.
has() {
	grep -qxF -- "$1" "$out"
}

# ends LINE: the runner's last line is LINE.
ends() {
	[ "$(tail -n 1 "$out")" = "$1" ]
}

not() {
	! "$@"
}

run_fake "$ledger"
t_check "a listed failure is an XFAIL with its issue and check" \
	has "XFAIL shell/listed_fail (#29): known check: +1.5 % (bound 1 %)"
t_check "two listed checks of two issues: one XFAIL" \
	has "XFAIL shell/listed_two (#29): known check: +2 %"
t_check "  and its second check below it" \
	has "    | XFAIL (#30): second known: 7"
t_check "an unlisted check in a listed test is a FAIL" \
	has "FAIL shell/listed_other (1 check(s) not in the ledger)"
t_check "and its log shows the unlisted check" \
	grep -qxF "    | FAIL: a new defect" "$out"
t_check "a listed test that fails with no FAIL: line is a FAIL" \
	has "FAIL shell/listed_silent (no FAIL: line for the ledger's #29)"
t_check "a listed test that crashes is a FAIL" \
	has "FAIL shell/listed_crash (killed by signal 11 SIGSEGV)"
t_check "a listed test that times out is a FAIL" \
	has "FAIL shell/listed_hang (timed out after 3s)"
t_check "a listed test that passes is a PASS that says so" \
	has "PASS shell/listed_pass (a listed defect did not show: #29)"
t_check "an unlisted test passes as ever" has "PASS shell/plain_pass"
t_check "XFAILs count with the skipped: 2 passed, 4 failed, 2 skipped" \
	ends "2 passed, 4 failed, 2 skipped"
t_check "the run fails (status $rc)" [ "$rc" -eq 1 ]
t_check "the known defects are listed again at the end" \
	grep -qxF "    XFAIL shell/listed_fail (#29): known check: +1.5 % (bound 1 %)" "$out"
t_show "$out" 60

# Only passes and listed failures: the run passes.
run_fake "$ledger" plain_pass listed_fail listed_two
t_check "passes and XFAILs alone: the run exits 0 (status $rc)" [ "$rc" -eq 0 ]
t_check "and ends 1 passed, 0 failed, 2 skipped" \
	ends "1 passed, 0 failed, 2 skipped"
t_show "$out"

# Without its ledger line the same failure is a FAIL.
grep -v '^shell/listed_fail ' "$ledger" >"$T_TMP/fewer"
run_fake "$T_TMP/fewer" plain_pass listed_fail
t_check "the same failure unlisted is a FAIL" has "FAIL shell/listed_fail"
t_check "  and the run fails (status $rc)" [ "$rc" -eq 1 ]

# one_line TEXT...: the runner printed one line, holding each TEXT.
one_line() {
	local text
	[ "$(wc -l <"$out")" -eq 1 ] || return 1
	for text; do
		grep -qF -- "$text" "$out" || return 1
	done
}

# bad LINE WHAT: a ledger with LINE is a usage error saying WHAT.
bad() {
	printf '%s\n' "shell/plain_pass | #29 | x | y" "$1" >"$T_TMP/bad"
	run_fake "$T_TMP/bad" plain_pass
	t_check "ledger line '$1': usage error, status 2 (got $rc)" [ "$rc" -eq 2 ]
	t_check "  and one line that says $2" one_line "$T_TMP/bad:2: " "$2"
	t_show "$out"
}
bad "shell/listed_fail | issue 29 | known check: * | +1.5 %" "names no issue"
bad "shell/listed_fail | 29 | known check: * | +1.5 %" "names no issue"
bad "shell/no_such_test | #29 | known check: * | +1.5 %" "no test 'shell/no_such_test'"
bad "listed_fail | #29 | known check: * | +1.5 %" "no test 'listed_fail'"
bad "shell/listed_fail | #29 | known check: *" "not TEST | #ISSUE | CHECK | FIGURES"
bad "shell/listed_fail | #29 |  | +1.5 %" "not TEST | #ISSUE | CHECK | FIGURES"
run_fake "$T_TMP/no-such-ledger" plain_pass
t_check "a ledger named that does not exist: status 2 (got $rc)" [ "$rc" -eq 2 ]

# The project's own ledger: every line well formed, naming a test that
# exists (a pattern that selects nothing runs nothing: status 1, not 2).
env -u PERF_TEST_SHELL_DIR -u PERF_TEST_KNOWN_FAILURES \
	"$RUNNER" "$units" no-test-has-this-name >"$out" 2>&1
rc=$?
t_check "tools/perf/tests/known-failures is a valid ledger (status $rc)" \
	[ "$rc" -eq 1 ]
t_check "  and the runner printed no error about it" \
	not grep -q "^run-tests.sh:" "$out"
t_show "$out"

t_done
