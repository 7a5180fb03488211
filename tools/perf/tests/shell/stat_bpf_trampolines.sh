#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# bperf needs no BPF trampoline, and counts the same where the kernel
# allows them.  The development VMs refuse fentry programs (EPERM);
# Debian's kernels take them (make test-guests sets
# PERF_TEST_TRAMPOLINES=allowed there, and then a refusal fails).  Where
# one attaches, an fentry program on vfs_read runs through the whole
# session, and the session reads through that trampoline's hook; bperf's
# own hooks are raw tracepoint links (and, for the exit hook where the
# kernel has kprobes, a perf event link), never tracing links.

. "$(dirname "$0")"/lib.sh
. "$(dirname "$0")"/lib/bperf.sh

t_require_bperf

# The helpers beside the unit tests of the build that made $PERF.
case $PERF in
*/tools/perf/perf) helpers=$(cd "$(dirname "$PERF")/../.." && pwd)/build/tests ;;
*) helpers=$(dirname "$PERF")/tests ;;
esac
[ -x "$helpers/fentry-probe" ] || t_abort "no $helpers/fentry-probe (run make)"

mkfifo "$T_TMP/hold"
"$helpers/fentry-probe" "$helpers/fentry_probe.bpf.o" <"$T_TMP/hold" \
	>"$T_TMP/probe" 2>&1 &
probe=$!
exec 3>"$T_TMP/hold"
t_wait_until test -s "$T_TMP/probe"
verdict=$(head -n 1 "$T_TMP/probe")
case $verdict in
attached) t_pass "BPF trampolines allowed here: an fentry program on vfs_read is attached" ;;
refused:*)
	if [ "${PERF_TEST_TRAMPOLINES:-}" = allowed ]; then
		t_fail "BPF trampolines should be allowed on this kernel: fentry $verdict"
	else
		t_pass "BPF trampolines not allowed here (fentry $verdict): bperf counts without them"
	fi
	;;
*) t_fail "fentry-probe: ${verdict:-no answer}" ;;
esac

# A session that holds the leader from here on: the session below only
# joins it.  (In a TCG guest dd still reads low through bperf, with or
# without the fentry program: plain counting starts inside
# perf_event_exec, bperf at task_rename after it, hundreds of
# microseconds later there; bperf-design.md's "What remains".)  (Without
# fd 3: a writer of the hold fifo left in it would keep the probe from
# its end of input until the sleep ended.)
t_bg "$PERF" stat --attr-map "$BPERF_MAP" -e task-clock:b -o /dev/null -- sleep 600 3>&-
session_up() { [ -n "$(bperf_list_field task-clock sessions 2>/dev/null)" ]; }
t_wait_until session_up

# The session: a workload that reads (each read() through vfs_read), both
# backends (bounds in lib/bperf.sh), while the fentry program runs.
work=(dd if=/dev/zero of=/dev/null bs=4096 count=200000)
run_perf stat --attr-map "$BPERF_MAP" -x, -e task-clock:b,task-clock \
	-o "$T_TMP/s.csv" -- "${work[@]}" \
	2>"$T_TMP/err" ||
	{ t_show "$T_TMP/err"; t_fail "perf stat --use-bpf of dd failed"; }
bperf_compare "dd's task-clock through bperf" "$T_TMP/s.csv" \
	--pct "$BPERF_TASK_PCT" --min 5

# bperf's links while a session lives: no tracing link to any bperf
# program (a trampoline's), and its hooks of the kinds it makes.
kinds=$(bpftool -j link show | python3 -c '
import json, sys
names = sys.argv[2:]
progs = {p["id"]: p.get("name") for p in json.loads(sys.argv[1]) if "id" in p}
print(" ".join(sorted({l.get("type", "?") for l in json.load(sys.stdin)
		       if progs.get(l.get("prog_id")) in names})))' \
	"$(bpftool -j prog show)" "${BPERF_PROGS[@]}")
t_check "bperf's links are raw tracepoint and perf event links only ($kinds)" \
	test -n "$kinds" -a -z "$(tr ' ' '\n' <<<"$kinds" | grep -vx -e raw_tracepoint -e perf_event)"

exec 3>&-
wait "$probe" 2>/dev/null
[ "$verdict" = attached ] &&
	t_check "the fentry program ran during the session ($(tail -n 1 "$T_TMP/probe"))" \
		test "$(awk '/^runs / { print $2 }' "$T_TMP/probe")" -gt 200000
t_done
