#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# perf stat record, perf stat report and perf script with the
# distribution's perf, both ways: a file written by one reads in the
# other with exactly the counts its run printed (a workload, -a with -I,
# -A and --per-core/--per-socket, --use-bpf, --per-thread), perf script
# prints the same lines from both perfs, perf.data rotates to
# perf.data.old, and truncated, damaged or foreign files end with one
# error line and status 1.
# shellcheck disable=SC2016 # awk and eval programs are meant in single quotes

. "$(dirname "$0")"/lib.sh
. "$(dirname "$0")"/lib/bperf.sh
. "$(dirname "$0")"/lib/record.sh

t_require_root
t_require_perf
t_require_ref_perf
t_require_cmd python3

# must DESC CMD...: run CMD (stderr kept in $T_TMP/err), abort if it fails.
must() {
	local desc=$1
	shift
	"$@" 2>"$T_TMP/err" || { t_show "$T_TMP/err"; t_abort "$desc failed"; }
}

cd "$T_TMP" || t_abort "cannot enter $T_TMP"

# 1. Ours -> perf 6.1: a workload.  perf stat record prints on stderr.
run_perf stat record -o ours.data -x, -e "$events,cycles" -- "${work[@]}" \
	2>ours.run || { t_show ours.run; t_abort "perf stat record failed"; }
must "perf 6.1 stat report of our file" \
	run_ref_perf stat -x, report -i ours.data
mv "$T_TMP/err" ours.ref-report
same_rows "perf 6.1 stat report prints the counts our run printed" \
	ours.run ours.ref-report 5
pf=$(csv_value ours.run page-faults)
# Only that it counted: the workload faulted 111..115 times in 15 runs here.
t_check "the workload's page-faults are real ($pf)" t_between "$pf" 10 100000
t_check "cycles (<not supported> without a PMU) is in perf 6.1's report too" \
	awk -F, '$3 == "cycles" { found = 1 } END { exit !found }' ours.ref-report
must "our perf stat report" run_perf stat report -x, -i ours.data
mv "$T_TMP/err" ours.report
same_rows "our perf stat report prints what the run printed, metrics too" \
	ours.run ours.report 9

run_ref_perf script -i ours.data >ours.ref-script 2>/dev/null ||
	t_fail "perf 6.1 script of our file failed"
run_perf script -i ours.data >ours.script 2>"$T_TMP/err" ||
	{ t_show "$T_TMP/err"; t_fail "our perf script failed"; }
t_check "perf script prints what perf 6.1's prints for our file" \
	cmp -s ours.script ours.ref-script
t_check "perf script's page-faults reading is the run's ($pf)" \
	awk -v pf="$pf" '$7 == "page-faults" { found = $3 == pf } END { exit !found }' \
	ours.script

# 2. perf 6.1 -> ours: a workload, in CSV and JSON.
must "perf 6.1 stat record" \
	run_ref_perf stat -x, record -o ref.data -e "$events" -- "${work[@]}"
mv "$T_TMP/err" ref.run
must "our perf stat report of perf 6.1's file" \
	run_perf stat report -x, -i ref.data
mv "$T_TMP/err" ref.report
same_rows "our perf stat report prints the counts perf 6.1's run printed" \
	ref.run ref.report 5
must "our perf stat report -j" run_perf stat report -j -i ref.data
mv "$T_TMP/err" ref.json
t_check "perf stat report -j is perf stat's JSON" \
	python3 "$T_SHELL_DIR/check_json.py" --rows 3 ref.json
t_check "perf stat report -j: page-faults as perf 6.1's run printed" \
	python3 -c 'import json, sys
rows = [json.loads(l) for l in open(sys.argv[1]) if l.strip()]
pf = [r["counter-value"] for r in rows if r["event"] == "page-faults"]
sys.exit(not (len(pf) == 1 and float(pf[0]) == float(sys.argv[2])))' \
	ref.json "$(csv_value ref.run page-faults)"
run_ref_perf script -i ref.data >ref.ref-script 2>/dev/null ||
	t_fail "perf 6.1 script of its own file failed"
run_perf script -i ref.data >ref.script 2>"$T_TMP/err" ||
	{ t_show "$T_TMP/err"; t_fail "our perf script of perf 6.1's file failed"; }
t_check "perf script prints what perf 6.1's prints for its own file" \
	cmp -s ref.script ref.ref-script

# 3. -a with -I, both ways, and per CPU: interval rows are time, value,
# unit, event, run time, percent (and the CPU with -A).
run_perf stat record -o ai.data -a -I 100 -x, -e cpu-clock,context-switches \
	-- sleep 0.35 2>ai.run || { t_show ai.run; t_abort "perf stat record -a -I failed"; }
must "perf 6.1 stat report of our -a -I file" \
	run_ref_perf stat -x, report -i ai.data
mv "$T_TMP/err" ai.ref-report
same_rows "-a -I: perf 6.1 stat report prints our run's intervals" \
	ai.run ai.ref-report 6
# 4 intervals in each of 10 runs here (load average 19..34); a late
# tick may merge two, so at least 2 intervals of 2 events.
t_check "-a -I 100 over 0.35 s: at least 2 intervals of 2 events" \
	test "$(wc -l <ai.run.rows)" -ge 4
must "our perf stat report -A" run_perf stat report -x, -A -i ai.data
mv "$T_TMP/err" ai.report-A
must "perf 6.1 stat report -A" run_ref_perf stat -x, report -A -i ai.data
mv "$T_TMP/err" ai.ref-report-A
same_rows "-a -I -A: per-CPU rows as perf 6.1 prints them" \
	ai.report-A ai.ref-report-A 7
t_check "-A: one row per CPU, interval and event" \
	test "$(wc -l <ai.report-A.rows)" -eq $(($(wc -l <ai.run.rows) * $(nproc)))

run_ref_perf stat -x, record -o ra.data -a -I 100 -e cpu-clock,context-switches \
	-- sleep 0.35 2>ra.run || t_abort "perf 6.1 stat record -a -I failed"
must "our perf stat report of perf 6.1's -a -I file" \
	run_perf stat report -x, -i ra.data
mv "$T_TMP/err" ra.report
same_rows "-a -I: our perf stat report prints perf 6.1's run's intervals" \
	ra.run ra.report 6

# -a without a command counts until SIGINT, and the file is complete.
# (Background jobs of a script ignore SIGINT: restore it.)
timeout -k 5 30 env --default-signal=INT "$PERF" stat record -o int.data -a \
	-x, -e cpu-clock,context-switches 2>int.run &
pid=$!
sleep 0.3
kill -INT $pid
wait $pid
rc=$?
# README: a system-wide run ended by SIGINT prints its counts, then ends
# with the signal, as perf does.
t_check "-a until SIGINT: perf stat record ends with the signal, 130 (got $rc)" \
	test $rc -eq 130
must "perf 6.1 stat report of a file ended by SIGINT" \
	run_ref_perf stat -x, report -i int.data
mv "$T_TMP/err" int.ref-report
same_rows "-a until SIGINT: perf 6.1 stat report prints the counts the run printed" \
	int.run int.ref-report 5

# 4. -a -A, reported per core and per socket by both perfs (the file
# carries the CPU topology perf 6.1 needs for that).
run_perf stat record -o aa.data -a -A -x, -e cpu-clock,page-faults \
	-- sleep 0.1 2>aa.run || { t_show aa.run; t_abort "perf stat record -a -A failed"; }
for aggr in per-core per-socket; do
	must "our --$aggr report" run_perf stat -x, report --$aggr -i aa.data
	mv "$T_TMP/err" aa.$aggr
	must "perf 6.1 --$aggr report" \
		run_ref_perf stat -x, report --$aggr -i aa.data
	mv "$T_TMP/err" aa.ref-$aggr
	same_rows "--$aggr from a -A file: as perf 6.1 reports it" \
		aa.$aggr aa.ref-$aggr 7
done
t_check "-A file reported -A: what the run printed" \
	eval 'run_perf stat report -x, -A -i aa.data 2>aa.report &&
		csv_rows aa.report 6 >aa.report.rows &&
		csv_rows aa.run 6 >aa.run.rows && cmp -s aa.report.rows aa.run.rows'
run_perf stat report --per-thread -i aa.data 2>"$T_TMP/err"
rc=$?
t_check "--per-thread of a per-CPU file: refused with status 1, one line and a hint ($rc)" \
	eval '[ $rc -eq 1 ] && grep -c "^perf: error: " "$T_TMP/err" | grep -qx 1'

# 5. --per-thread of a process, both perfs reading our file.
t_bg sleep 30
run_perf stat record -o pt.data -x, --per-thread -p "$T_BG_PID" \
	-e context-switches,page-faults -- sleep 0.2 2>pt.run ||
	{ t_show pt.run; t_fail "perf stat record --per-thread failed"; }
must "perf 6.1 stat report --per-thread file" \
	run_ref_perf stat -x, report -i pt.data
mv "$T_TMP/err" pt.ref-report
same_rows "--per-thread: perf 6.1 stat report names the thread and counts as the run" \
	pt.run pt.ref-report 6

# 6. --use-bpf: the file holds bperf's counts.
if t_has_bpffs; then
	bperf_stat record -o bpf.data -x, -e task-clock,context-switches:b,page-faults \
		-- "${work[@]}" 2>bpf.run ||
		{ t_show bpf.run; t_abort "perf stat record --use-bpf failed"; }
	must "perf 6.1 stat report of a bperf file" \
		run_ref_perf stat -x, report -i bpf.data
	mv "$T_TMP/err" bpf.ref-report
	same_rows "--use-bpf: perf 6.1 stat report prints bperf's counts as the run did" \
		bpf.run bpf.ref-report 5
	cs=$(csv_value bpf.run context-switches:b)
	t_check "--use-bpf: context-switches:b counted ($cs)" t_between "$cs" 1 100000
else
	t_dep_note "bpffs mounted at /sys/fs/bpf, for --use-bpf"
fi

# 7. perf.data by default, rotated to perf.data.old.
mkdir rot || t_abort "cannot create rot"
cd rot || t_abort "cannot enter rot"
run_perf stat record -e task-clock -- true 2>/dev/null &&
	cp perf.data first.data &&
	run_perf stat record -e task-clock -- true 2>/dev/null
t_check "the default file is perf.data, and the previous one perf.data.old" \
	cmp -s perf.data.old first.data
t_check "and the new perf.data reads back" \
	eval 'run_perf stat report 2>&1 | grep -q task-clock'
cd "$T_TMP" || t_abort "cannot enter $T_TMP"

run_perf stat record -o repeat.data -r 2 -e task-clock -- true 2>"$T_TMP/err"
rc=$?
t_check "-r with perf stat record: refused as perf does, status 2, one line, no file ($rc)" \
	eval '[ $rc -eq 2 ] && [ "$(wc -l <"$T_TMP/err")" -eq 1 ] && [ ! -e repeat.data ]'

# 8. Damaged and foreign files: one error line, status 1, never a crash.
size=$(stat -c %s ours.data)
for cut in 0 7 8 60 104 200 400 $((size / 2)) $((size - 8)) $((size - 1)); do
	head -c "$cut" ours.data >"cut-$cut.data"
done
python3 - ours.data <<'EOF'
import struct, sys
d = bytearray(open(sys.argv[1], "rb").read())
def put(name, b):
    open(name, "wb").write(bytes(b))
be = bytearray(d); be[0:8] = b"2ELIFREP"; put("bigendian.data", be)
huge = bytearray(d); struct.pack_into("<Q", huge, 48, 1 << 40); put("datasize.data", huge)
attr = bytearray(d); struct.pack_into("<Q", attr, 16, 5); put("attrsize.data", attr)
# every record size byte of the data section set to 3
off, size = struct.unpack_from("<QQ", d, 40)
rec = bytearray(d); rec[off + 6] = 3; rec[off + 7] = 0; put("recsize.data", rec)
# a stat record whose id no attr has
p = off
while p < off + size:
    t, s = struct.unpack_from("<IxxH", d, p)
    if t == 76:
        ids = bytearray(d); struct.pack_into("<Q", ids, p + 8, 0xdead); put("badid.data", ids)
        cpu = bytearray(d); struct.pack_into("<I", cpu, p + 16, 4000); put("badcpu.data", cpu)
        break
    p += s
EOF
printf 'PERFILE2' >magic-only.data
head -c 4096 /bin/sh >elf.data
mkdir dir.data
run_ref_perf record -o sampled.data -- true >/dev/null 2>&1 ||
	t_fail "perf 6.1 record failed"
for f in cut-*.data bigendian.data datasize.data attrsize.data recsize.data \
	badid.data badcpu.data magic-only.data elf.data dir.data sampled.data \
	missing.data; do
	for cmd in "stat report -i" "script -i"; do
		# shellcheck disable=SC2086 # $cmd is the subcommand and its -i
		run_perf $cmd "$f" >/dev/null 2>"$T_TMP/err"
		rc=$?
		lines=$(wc -l <"$T_TMP/err")
		if [ $rc -eq 1 ] && [ "$lines" -eq 1 ] &&
			grep -q "^perf: error: .*$f" "$T_TMP/err"; then
			t_pass "perf $cmd $f: $(cat "$T_TMP/err")"
		else
			t_fail "perf $cmd $f: status $rc, $lines line(s)"
			t_show "$T_TMP/err"
		fi
	done
done
t_check "perf script of perf record's file says only stat data is supported" \
	eval 'run_perf script -i sampled.data 2>&1 | grep -q "only stat data"'
t_check "a big-endian file is refused as such" \
	eval 'run_perf stat report -i bigendian.data 2>&1 | grep -q "big-endian"'

t_done
