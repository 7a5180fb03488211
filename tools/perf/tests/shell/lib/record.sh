# SPDX-License-Identifier: GPL-2.0
# shellcheck shell=bash
#
# What the perf.data tests (stat_record, stat_record_pipe) share: the
# workload they record, and the comparison of two runs' counter rows.
# Source it after lib.sh.

# A short workload that forks, faults and switches, and its events.
work=(sh -c 'i=0; while [ $i -lt 20000 ]; do i=$((i + 1)); done; /bin/true')
events=task-clock,context-switches,page-faults

# csv_rows FILE N: the first N fields of every counter row of perf's -x,
# output (rows have at least 7 fields; comments and errors do not).
csv_rows() {
	awk -F, -v n="$2" 'NF >= 7 && !/^#/ {
		row = $1; for (i = 2; i <= n; i++) row = row "," $i; print row
	}' "$1"
}

# same_rows DESC A B N: pass when A and B have the same counter rows
# (their first N fields: the counts, not the metrics that perf 6.1's
# report derives in its own way), and at least one.
same_rows() {
	local desc=$1 a=$2 b=$3 n=$4
	csv_rows "$a" "$n" >"$a.rows"
	csv_rows "$b" "$n" >"$b.rows"
	if [ -s "$a.rows" ] && cmp -s "$a.rows" "$b.rows"; then
		t_pass "$desc ($(wc -l <"$a.rows") rows)"
	else
		t_fail "$desc"
		diff "$a.rows" "$b.rows" | head -n 20 | sed -e 's/^/      > /'
		[ -s "$a.rows" ] || t_show "$a"
		[ -s "$b.rows" ] || t_show "$b"
	fi
}
