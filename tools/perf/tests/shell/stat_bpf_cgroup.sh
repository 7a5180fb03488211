#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# Per-cgroup counting through the shared leaders: -G and --for-each-cgroup
# with --use-bpf count a cgroup with its descendants, agree with plain -G,
# share the leader with a concurrent -a session, split the time of a task
# that moves between cgroups, and count 200 cgroups with one follower.

. "$(dirname "$0")"/lib.sh
. "$(dirname "$0")"/lib/bperf.sh

t_require_bperf
CG=$(awk '$3 == "cgroup2" { print $2; exit }' /proc/mounts)
[ -n "$CG" ] || t_skip "cgroup v2 is not mounted"
TOP=bperf_test_$$
TREE=$CG/$TOP
TOLERANCE=2

remove_tree() {
	local d
	[ -d "$TREE" ] || return 0
	# Move any task left back to the root, then remove leaves first.
	find "$TREE" -name cgroup.procs | while read -r f; do
		while read -r p; do echo "$p" >"$CG/cgroup.procs"; done <"$f"
	done 2>/dev/null
	find "$TREE" -depth -type d | while read -r d; do rmdir "$d"; done
}
cgroup_t_cleanup() {
	bperf_t_cleanup
	remove_tree
}
trap cgroup_t_cleanup EXIT

mkdir -p "$TREE/parent/child1" "$TREE/parent/child2" ||
	t_skip "cannot create cgroups under $CG"

# busy_in CGROUP SECONDS: a CPU-bound loop that runs in CGROUP.
busy_in() {
	t_bg bash -c 'echo $$ >"$0/cgroup.procs" && exec timeout "$1" bash -c "while :; do :; done"' \
		"$TREE/$1" "$2"
}

# csv_cgroup_value FILE EVENT CGROUP: field 1 of the row of EVENT for CGROUP.
csv_cgroup_value() {
	awk -F, -v ev="$2" -v cg="$3" '$3 == ev && $4 == cg { print $1; exit }' "$1"
}

# 1. -G parent through bperf, beside plain -G of the parent and of each
# child, in one session on the same two busy children (-G is positional).
for attempt in 1 2 3; do
	busy_in parent/child1 3
	busy_in parent/child2 3
	sleep 0.1
	run_perf stat --attr-map "$BPERF_MAP" -x, -a -e task-clock:b,task-clock,task-clock,task-clock \
		-G "$TOP/parent,$TOP/parent,$TOP/parent/child1,$TOP/parent/child2" \
		-o "$T_TMP/g" -- sleep 1 2>"$T_TMP/err" ||
		{ t_show "$T_TMP/err"; t_abort "perf stat -G failed"; }
	b=$(csv_cgroup_value "$T_TMP/g" task-clock:b "$TOP/parent")
	p=$(csv_cgroup_value "$T_TMP/g" task-clock "$TOP/parent")
	c1=$(csv_cgroup_value "$T_TMP/g" task-clock "$TOP/parent/child1")
	c2=$(csv_cgroup_value "$T_TMP/g" task-clock "$TOP/parent/child2")
	sum=$(awk -v a="$c1" -v b="$c2" 'BEGIN { print a + b }')
	echo "parent: bperf $b ms, plain $p ms; children $c1 + $c2 = $sum ms"
	wait
	t_within "$b" "$p" $TOLERANCE && t_within "$b" "$sum" $TOLERANCE && break
done
t_check "the children ran ($p ms in parent)" t_between "$p" 500 2200
t_check "bperf -G parent $b ms within $TOLERANCE% of plain $p ms" \
	t_within "$b" "$p" $TOLERANCE
t_check "bperf -G parent $b ms within $TOLERANCE% of the children's $sum ms" \
	t_within "$b" "$sum" $TOLERANCE

# 2. --for-each-cgroup and a concurrent -a session share one leader.
bperf_leader_link_ids >"$T_TMP/links0"
echo 0 >>"$T_TMP/links0"
busy_in parent/child1 3
t_bg "$PERF" stat --use-bpf --attr-map "$BPERF_MAP" -x, -a -e cpu-clock \
	-o "$T_TMP/a" -- sleep 2
pa=$T_BG_PID
bperf_stat -x, -a -e cpu-clock --for-each-cgroup \
	"$TOP/parent,$TOP/parent/child1,$TOP/parent/child2" \
	-o "$T_TMP/each" -- sleep 1 2>"$T_TMP/err" &
pe=$!
sleep 0.6
links=$(bperf_new_leader_links "$T_TMP/links0")
t_check "--for-each-cgroup and -a: one leader link (got $links)" \
	test "$links" -eq 1
wait "$pe" || { t_show "$T_TMP/err"; t_fail "--for-each-cgroup failed"; }
wait "$pa"
wait
rows=$(awk -F, '$3 == "cpu-clock" && $4 ~ /parent/' "$T_TMP/each" | wc -l)
t_check "--for-each-cgroup prints one row per cgroup (got $rows)" \
	test "$rows" -eq 3
c1=$(csv_cgroup_value "$T_TMP/each" cpu-clock "$TOP/parent/child1")
t_check "child1's busy loop counted ($c1 ms)" t_between "$c1" 600 1100

# A regex, as perf takes it, stands for every cgroup whose name matches.
bperf_stat -x, -a -e cpu-clock --for-each-cgroup "^$TOP/parent/child[0-9]\$" \
	-o "$T_TMP/re" -- true 2>"$T_TMP/err" ||
	{ t_show "$T_TMP/err"; t_fail "--for-each-cgroup with a regex failed"; }
rows=$(awk -F, '$3 == "cpu-clock" { print $4 }' "$T_TMP/re" | sort | tr '\n' ' ')
t_check "a regex matches child1 and child2 (got: $rows)" \
	test "$rows" = "$TOP/parent/child1 $TOP/parent/child2 "

# 3. A task moved from child1 to child2 mid-run splits its time.
busy_in parent/child1 3
sleep 0.1
bperf_stat -x, -a -e task-clock --for-each-cgroup \
	"$TOP/parent/child1,$TOP/parent/child2" -o "$T_TMP/move" -- \
	bash -c "sleep 0.5; for p in \$(cat '$TREE/parent/child1/cgroup.procs'); do
		echo \$p >'$TREE/parent/child2/cgroup.procs'; done; sleep 0.5" \
	2>"$T_TMP/err" || { t_show "$T_TMP/err"; t_fail "move run failed"; }
wait
c1=$(csv_cgroup_value "$T_TMP/move" task-clock "$TOP/parent/child1")
c2=$(csv_cgroup_value "$T_TMP/move" task-clock "$TOP/parent/child2")
echo "moved task: child1 $c1 ms, child2 $c2 ms"
# The loop competes with the machine's other work: check the split, not
# the absolute times.
total=$(awk -v a="$c1" -v b="$c2" 'BEGIN { print a + b }')
share=$(awk -v a="$c1" -v t="$total" 'BEGIN { print t ? 100 * a / t : 0 }')
t_check "the moved loop ran ($total ms)" t_between "$total" 500 1100
t_check "child1 got about half of it (${share}%)" t_between "$share" 35 65

# 4. 200 empty cgroups at once: one follower, one leader per event.
list=
for i in $(seq 200); do
	mkdir "$TREE/e$i"
	list=$list${list:+,}$TOP/e$i
done
base_progs=$(bperf_nr_progs)
start=$(date +%s%N)
t_bg "$PERF" stat --use-bpf --attr-map "$BPERF_MAP" -x, -a -e cpu-clock \
	--for-each-cgroup "$list" -o "$T_TMP/many" -- sleep 3
pm=$T_BG_PID
for i in $(seq 100); do
	[ "$(bperf_list_field cpu-clock sessions)" = 1 ] && break
	sleep 0.1
done
ms=$((($(date +%s%N) - start) / 1000000))
echo "200 cgroups registered after $ms ms"
t_check "200 cgroups start within 10 s ($ms ms)" test "$ms" -lt 10000
followers=$(($(bperf_nr_progs) - base_progs))
t_check "200 cgroups: one leader and one follower program (got $followers)" \
	test "$followers" -eq 2
wait "$pm" || t_fail "the 200-cgroup session failed"
rows=$(awk -F, '$3 == "cpu-clock"' "$T_TMP/many" | wc -l)
t_check "200 cgroups: 200 rows (got $rows)" test "$rows" -eq 200

# 5. Errors: a cgroup that does not exist is named.
bperf_stat -a -e cpu-clock -G "$TOP/nonexistent" -- true >/dev/null \
	2>"$T_TMP/err"
rc=$?
t_check "missing cgroup: non-zero exit (got $rc)" test "$rc" -ne 0
t_check "missing cgroup: named in the error" grep -q nonexistent "$T_TMP/err"
t_show "$T_TMP/err"

t_done
