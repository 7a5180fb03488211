#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# Where sessions meet: without --attr-map, bperf sessions use the default
# attr map, /sys/fs/bpf/bperf_attr_map, shared with every other session
# on the machine (so this test creates nothing there that it does not
# remove, and removes nothing it did not create); two attr maps in use at
# once keep two sets of leaders that never mix.  Every session counts
# what plain counting counts beside it (compare_counts.py, lib/bperf.sh),
# the -a ones also what the session's own clock says.

. "$(dirname "$0")"/lib.sh
. "$(dirname "$0")"/lib/bperf.sh

t_require_bperf
t_require_cmd flock

DEFAULT_MAP=/sys/fs/bpf/bperf_attr_map
SECOND_MAP=${BPERF_MAP}_second
map_existed=0
lock_existed=0
[ -e "$DEFAULT_MAP" ] && map_existed=1
[ -e "${DEFAULT_MAP}_lock" ] && lock_existed=1
echo "default attr map before the test: $([ $map_existed = 1 ] && echo present || echo absent)"

# At exit: the second private map goes; the default map goes only if this
# test created it and no live session uses it, decided under the attr
# map's own lock, so that a session starting meanwhile either finishes
# its look-up first or finds no map and makes a new one.
attr_maps_t_cleanup() {
	local fd live
	rm -f "$SECOND_MAP"
	rmdir "${SECOND_MAP}_lock" 2>/dev/null
	[ $map_existed = 0 ] && [ -e "$DEFAULT_MAP" ] || return 0
	exec {fd}<"${DEFAULT_MAP}_lock" || return 0
	if flock -w 10 "$fd"; then
		live=$(run_perf bperf list -j 2>/dev/null | python3 -c '
import json, sys
print(sum(json.loads(l).get("state") == "live" for l in sys.stdin))')
		if [ "$live" = 0 ]; then
			rm -f "$DEFAULT_MAP"
			[ $lock_existed = 1 ] || rmdir "${DEFAULT_MAP}_lock"
			echo "removed the default attr map this test created"
		else
			echo "left the default attr map this test created: $live live entries of other sessions"
		fi
	fi
	exec {fd}<&-
	return 0
}
t_at_exit attr_maps_t_cleanup

# list_live MAP: the live entries of MAP ("" for the default), one a
# line: "EVENT LINK PID PID...".  jq, not python3: on these machines
# python3 is a pyenv shim that took a second to start beside a busy loop,
# and the sessions' listing came too late (seen in CI).
list_live() {
	local map=()
	[ -n "$1" ] && map=(--attr-map "$1")
	run_perf bperf list -j "${map[@]}" |
		jq -r 'select(.state == "live") |
			"\(.event) \(.link_id) \(.pids | map(tostring) | join(" "))"'
}

# The sessions of sections 1 and 2 count for 3 s and then until the test
# has listed them (bperf_hold): a listing never comes after they ended.

# list_pids MAP EVENT: "LINK PID PID..." of EVENT's live entry in MAP.
list_pids() {
	list_live "$1" | awk -v ev="$2" '$1 == ev { $1 = ""; print substr($0, 2) }'
}

t_busy
busy=$T_BG_PID
sleep 0.1

# 1. The default attr map: two sessions without --attr-map, one by
# --use-bpf and one by the :b modifier, join one leader, listed by perf
# bperf list (default map) with both pids, and count right.
hold="sleep 3; $(bperf_hold)"
t_bg "$PERF" stat --use-bpf -x, -e task-clock -p "$busy" \
	-o "$T_TMP/d1.csv" -- sh -c "$hold"
d1=$T_BG_PID
t_bg "$PERF" stat -x, -e task-clock:b,task-clock -p "$busy" \
	-o "$T_TMP/d2.csv" -- sh -c "$hold"
d2=$T_BG_PID
# has_pids "LINK PID..." PID...: true if every PID is listed.
has_pids() {
	local entry=" $1 " pid
	shift
	for pid in "$@"; do
		[[ $entry == *" $pid "* ]] || return 1
	done
}
entry=
both_default_listed() {
	entry=$(list_pids "" task-clock)
	has_pids "$entry" "$d1" "$d2"
}
t_wait_until both_default_listed
bperf_release
echo "default attr map, task-clock entry: link and pids: $entry"
t_check "the default attr map lists both sessions under one leader ($d1, $d2)" \
	has_pids "$entry" "$d1" "$d2"
t_check "it is $DEFAULT_MAP, mode 600 ($(stat -c '%a %U' "$DEFAULT_MAP" 2>&1))" \
	test "$(stat -c '%a %U' "$DEFAULT_MAP" 2>/dev/null)" = "600 root"
for p in $d1 $d2; do
	wait "$p"
	rc=$?
	t_check "default attr map session $p exits 0 (status $rc)" test "$rc" -eq 0
done
t_check "the --use-bpf session counted the busy loop ($(csv_value "$T_TMP/d1.csv" task-clock) ms)" \
	t_between "$(csv_value "$T_TMP/d1.csv" task-clock)" 50 3100
bperf_compare "default attr map: task-clock:b of the busy loop" \
	"$T_TMP/d2.csv" --pct "$BPERF_TASK_PCT" --min 50

# 2. Two attr maps at once: the same events on each, a task-scoped and a
# CPU-scoped session on each.  Each map has its own leader, lists only its
# own sessions, and every session counts right.
hold="sleep 3; $(bperf_hold)"
for m in 1 2; do
	map_path=$BPERF_MAP
	[ $m = 2 ] && map_path=$SECOND_MAP
	t_bg "$PERF" stat --attr-map "$map_path" -x, -p "$busy" \
		-e task-clock:b,task-clock -o "$T_TMP/p$m.csv" -- sh -c "$hold"
	eval "p$m=\$T_BG_PID"
	t_bg "$PERF" stat --attr-map "$map_path" -x, -a \
		-e duration_time,cpu-clock:b,duration_time,cpu-clock -o "$T_TMP/a$m.csv" -- sh -c "$hold"
	eval "a$m=\$T_BG_PID"
done
# Both maps listed while the four sessions run.
maps_listed() {
	list_live "$BPERF_MAP" >"$T_TMP/list1"
	list_live "$SECOND_MAP" >"$T_TMP/list2"
	[ "$(wc -l <"$T_TMP/list1")" -eq 2 ] &&
		[ "$(wc -l <"$T_TMP/list2")" -eq 2 ]
}
t_wait_until maps_listed
bperf_release
entry() {	# entry LIST EVENT: "LINK PID..." of EVENT in a listing
	awk -v ev="$2" '$1 == ev { $1 = ""; print substr($0, 2) }' "$1"
}
e1=$(entry "$T_TMP/list1" task-clock)
e2=$(entry "$T_TMP/list2" task-clock)
c1=$(entry "$T_TMP/list1" cpu-clock)
c2=$(entry "$T_TMP/list2" cpu-clock)
echo "task-clock: map 1 $e1; map 2 $e2. cpu-clock: map 1 $c1; map 2 $c2"
# shellcheck disable=SC2154 # set by eval
{
	t_check "map 1 lists its task-clock session only" test "${e1#* }" = "$p1"
	t_check "map 2 lists its task-clock session only" test "${e2#* }" = "$p2"
	t_check "map 1 lists its cpu-clock session only" test "${c1#* }" = "$a1"
	t_check "map 2 lists its cpu-clock session only" test "${c2#* }" = "$a2"
	t_check "two task-clock leaders, one per map (links ${e1%% *}, ${e2%% *})" \
		test -n "${e1%% *}" -a "${e1%% *}" != "${e2%% *}"
	t_check "two cpu-clock leaders, one per map (links ${c1%% *}, ${c2%% *})" \
		test -n "${c1%% *}" -a "${c1%% *}" != "${c2%% *}"
	for p in $p1 $p2 $a1 $a2; do
		wait "$p"
		rc=$?
		t_check "session $p exits 0 (status $rc)" test "$rc" -eq 0
	done
}
for m in 1 2; do
	bperf_compare "map $m: -p task-clock" "$T_TMP/p$m.csv" \
		--pct "$BPERF_TASK_PCT" --min 50
	bperf_compare "map $m: -a cpu-clock" "$T_TMP/a$m.csv" \
		--same-window --pct "$BPERF_CPU_PCT" --min "$(($(nproc) * 2900))" \
		--clock "$(nproc)" --clock-ms "$BPERF_CLOCK_MS"
done

t_done
