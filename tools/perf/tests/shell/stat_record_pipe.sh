#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# Pipe mode: perf stat record -o - | perf stat report -i - (and perf
# script -i -), with the distribution's perf on either side: each side
# prints exactly the counts the recording run printed; a -I stream's
# intervals print as they arrive, not at its end; a stream kept in a file
# and a whole file sent down a pipe read too; cut, foreign and empty
# streams end with one error line and status 1.
# shellcheck disable=SC2016 # awk and eval programs are meant in single quotes

. "$(dirname "$0")"/lib.sh
. "$(dirname "$0")"/lib/bperf.sh
. "$(dirname "$0")"/lib/record.sh

t_require_root
t_require_perf
t_require_ref_perf
t_require_cmd python3

# pipe_ok DESC WRITER_RC READER_RC: both sides of a pipe exited 0.
pipe_ok() {
	t_check "$1: both sides exit 0 ($2 $3)" test "$2" -eq 0 -a "$3" -eq 0
}

cd "$T_TMP" || t_abort "cannot enter $T_TMP"

# 1. Ours | ours, ours | perf 6.1, perf 6.1 | ours: a workload.  The
# recording side prints nothing (perf: "do not print anything if we
# record to the pipe"); the stream, kept with tee, is what the other
# perf reads back to compare with.
run_perf stat record -o - -x, -e "$events,cycles" -- "${work[@]}" 2>oo.run |
	tee oo.pipe | run_perf stat report -x, -i - 2>oo.report
pipe_ok "ours | ours" "${PIPESTATUS[0]}" "${PIPESTATUS[2]}"
t_check "perf stat record -o - prints no counts, as perf 6.1" test ! -s oo.run
run_ref_perf stat -x, report -i oo.pipe 2>oo.ref-report ||
	t_fail "perf 6.1 stat report of our stream kept in a file failed"
same_rows "ours | ours: the counts perf 6.1 reads in the same stream" \
	oo.report oo.ref-report 5
t_check "the run counted the workload's page-faults ($(csv_value oo.report page-faults))" \
	t_between "$(csv_value oo.report page-faults)" 10 100000
t_check "cycles (<not supported> without a PMU) is in the report too" \
	awk -F, '$3 == "cycles" { found = 1 } END { exit !found }' oo.report
run_perf stat record -o - -x, -e "$events" -- "${work[@]}" 2>/dev/null |
	tee or.pipe | run_ref_perf stat -x, report -i - 2>or.report
pipe_ok "ours | perf 6.1" "${PIPESTATUS[0]}" "${PIPESTATUS[2]}"
run_perf stat report -x, -i or.pipe 2>or.ours-report ||
	t_fail "our perf stat report of our stream kept in a file failed"
same_rows "ours | perf 6.1: perf 6.1 prints the counts we read in the stream" \
	or.report or.ours-report 5
run_ref_perf stat -x, record -o - -e "$events" -- "${work[@]}" 2>ro.run |
	tee ro.pipe | run_perf stat report -x, -i - 2>ro.report
pipe_ok "perf 6.1 | ours" "${PIPESTATUS[0]}" "${PIPESTATUS[2]}"
run_ref_perf stat -x, report -i ro.pipe 2>ro.ref-report ||
	t_fail "perf 6.1 stat report of its stream kept in a file failed"
same_rows "perf 6.1 | ours: we print the counts perf 6.1 reads in its stream" \
	ro.report ro.ref-report 5
run_perf stat record -o - -e task-clock -- true 2>/dev/null |
	run_perf stat report -i - 2>human.report
t_check "a stream names no command: the report says 'pipe', as perf 6.1's" \
	grep -q "^ Performance counter stats for 'pipe':$" human.report

# 2. perf script -i - prints what perf 6.1's prints, for both streams.
cp oo.pipe ours.pipe
cp ro.pipe ref.pipe
for s in ours ref; do
	run_perf script -i - <$s.pipe >$s.script 2>"$T_TMP/err" ||
		{ t_show "$T_TMP/err"; t_fail "our perf script -i - of the $s stream failed"; }
	run_ref_perf script -i - <$s.pipe >$s.ref-script 2>/dev/null ||
		t_fail "perf 6.1 script -i - of the $s stream failed"
	t_check "perf script -i - of the $s stream: as perf 6.1's ($(wc -l <$s.script) lines)" \
		eval "[ \$(wc -l <$s.script) -ge 4 ] && cmp -s $s.script $s.ref-script"
done
t_check "perf script's page-faults reading is the report's" \
	awk -v pf="$(csv_value oo.report page-faults)" \
	'$7 == "page-faults" { found = $3 == pf } END { exit !found }' ours.script

# 3. A stream in a regular file, and a whole file down a pipe (which
# perf 6.1 refuses: "incompatible file format").
run_perf stat report -x, -i ours.pipe 2>kept.report ||
	t_fail "perf stat report -i FILE of a stream kept in a file failed"
same_rows "a stream kept in a file reads as the stream" oo.report kept.report 5
run_perf stat record -o whole.data -x, -e "$events" -- "${work[@]}" 2>whole.run ||
	t_abort "perf stat record -o FILE failed"
run_perf stat report -x, -i - <whole.data 2>whole.report ||
	t_fail "cat perf.data | perf stat report -i - failed"
same_rows "a whole perf.data file down a pipe reads as the file" \
	whole.run whole.report 5

# 4. -a -I 100 -A over 1.2 s: per-CPU interval rows, as perf 6.1 reads
# the same stream, and each interval shows when it comes.  The reader's
# first row came 0.1 to 0.2 s after the start in 5 runs here; the writer
# ends at 1.2 s: a reader that waits for the end cannot print it before.
start=$(date +%s%N)
run_perf stat record -o - -a -A -I 100 -x, -e cpu-clock,context-switches \
	-- sleep 1.2 2>/dev/null | tee ai.pipe |
	run_perf stat report -x, -i - 2>&1 >/dev/null |
	while IFS= read -r line; do
		echo "$(($(date +%s%N) - start)) $line"
	done >ai.timed
pipe_ok "-a -A -I 100 | perf stat report -i -" "${PIPESTATUS[0]}" "${PIPESTATUS[2]}"
cut -d' ' -f2- ai.timed >ai.report
run_ref_perf stat -x, report -A -i ai.pipe 2>ai.ref-report ||
	t_fail "perf 6.1 stat report -A of our -a -A -I stream failed"
same_rows "-a -A -I: our report's per-CPU intervals are perf 6.1's of the stream" \
	ai.report ai.ref-report 7
first_ns=$(awk '{ ns = $1; sub(/^[0-9]+ /, "")
	if (split($0, f, ",") >= 7) { print ns; exit } }' ai.timed)
t_check "-I rows show as they come: the first after ${first_ns:-?} ns, before 1.1 s" \
	t_between "${first_ns:-x}" 0 1100000000
# perf 6.1's script prints each interval's own readings in a per-CPU
# interval stream (and the cumulative ones otherwise): ours too.
run_perf script -i - <ai.pipe >ai.script 2>"$T_TMP/err" ||
	{ t_show "$T_TMP/err"; t_fail "our perf script -i - of the -a -A -I stream failed"; }
run_ref_perf script -i - <ai.pipe >ai.ref-script 2>/dev/null ||
	t_fail "perf 6.1 script -i - of the -a -A -I stream failed"
t_check "perf script -i - of a -a -A -I stream: as perf 6.1's ($(wc -l <ai.script) lines)" \
	eval '[ $(wc -l <ai.script) -ge 17 ] && cmp -s ai.script ai.ref-script'
# 12 intervals in each of 5 runs here; a late tick may merge two.
t_check "-a -A -I 100 over 1.2 s: at least 8 intervals of 2 events x $(nproc) CPUs" \
	test "$(wc -l <ai.report.rows)" -ge $((8 * 2 * $(nproc)))

# 5. --use-bpf: the stream holds bperf's counts.
if awk '$2 == "/sys/fs/bpf" && $3 == "bpf" { f = 1 } END { exit !f }' /proc/mounts; then
	bperf_stat record -o - -x, -e task-clock,context-switches,page-faults \
		-- "${work[@]}" 2>bpf.run | run_perf stat report -x, -i - 2>bpf.report
	pipe_ok "--use-bpf | perf stat report -i -" "${PIPESTATUS[@]}"
	bperf_stat record -o - -x, -e task-clock,context-switches,page-faults \
		-- "${work[@]}" 2>bpf.run >bpf.pipe ||
		{ t_show bpf.run; t_fail "perf stat record --use-bpf -o - failed"; }
	run_ref_perf stat -x, report -i - <bpf.pipe 2>bpf.ref-report ||
		t_fail "perf 6.1 stat report of a bperf stream failed"
	run_perf stat report -x, -i - <bpf.pipe 2>bpf.report ||
		t_fail "our stat report of a bperf stream failed"
	same_rows "--use-bpf: perf 6.1 prints the bperf counts we read in the stream" \
		bpf.report bpf.ref-report 5
	cs=$(csv_value bpf.report context-switches)
	t_check "--use-bpf: context-switches counted ($cs)" t_between "$cs" 1 100000
else
	echo "note: bpffs not mounted, --use-bpf not checked"
fi

# 6. Cut, foreign and empty streams: one error line, status 1.
size=$(stat -c %s ours.pipe)
for cut in 0 7 16 20 100 200 $((size / 2)) $((size - 24)) $((size - 1)); do
	head -c "$cut" ours.pipe >"cut-$cut.pipe"
done
printf 'garbage\n' >garbage.pipe
run_ref_perf record -o - -- true >sampled.pipe 2>/dev/null ||
	t_fail "perf 6.1 record -o - failed"
for f in cut-*.pipe garbage.pipe sampled.pipe; do
	for cmd in "stat report" script; do
		# shellcheck disable=SC2086 # $cmd is the subcommand
		run_perf $cmd -i - <"$f" >/dev/null 2>"$T_TMP/err"
		rc=$?
		lines=$(wc -l <"$T_TMP/err")
		if [ $rc -eq 1 ] && [ "$lines" -eq 1 ] &&
			grep -q '^perf: error: <stdin>: ' "$T_TMP/err"; then
			t_pass "perf $cmd -i - <$f: $(cat "$T_TMP/err")"
		else
			t_fail "perf $cmd -i - <$f: status $rc, $lines line(s)"
			t_show "$T_TMP/err"
		fi
	done
done
t_check "perf record's stream: only stat data is supported" \
	eval 'run_perf stat report -i - <sampled.pipe 2>&1 | grep -q "no stat data"'
# The writer's side: a reader that is gone ends perf stat record at its
# next write, by SIGPIPE (or its error, where SIGPIPE is ignored).
start=$(date +%s%N)
run_perf stat record -o - -a -I 100 -e cpu-clock -- sleep 5 2>"$T_TMP/err" |
	head -c 1 >/dev/null
rc=${PIPESTATUS[0]}
ms=$((($(date +%s%N) - start) / 1000000))
t_check "a reader that goes away ends perf stat record -o - (status $rc after $ms ms)" \
	eval '{ [ $rc -eq 141 ] || [ $rc -eq 1 ]; } && [ $ms -lt 3000 ]'

t_done
