#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# A tampered attr map or path is detected and refused, or the bad entry
# replaced with a warning; nothing foreign is attached to or read as
# counts:
#  1. attr maps of the wrong type or sizes, a pinned program or link, and
#     symlinks at the attr map path: refused with one error line, the
#     object left intact, nothing created;
#  2. entries whose link is a foreign raw tracepoint program on
#     sched_switch (one even named on_switch), whose diff map is a map of
#     another shape, whose link is the leader of another event, whose link
#     no longer exists, and an entry no event uses: a session either is
#     refused (exit 1, one error line) or exits 0 and counts what plain
#     counting counts beside it in the same session; the foreign link is
#     intact afterwards.

. "$(dirname "$0")"/lib.sh
. "$(dirname "$0")"/lib/bperf.sh
. "$(dirname "$0")"/lib/hardening.sh

t_require_bperf
t_require_cmd clang cc
[ -f /usr/include/bpf/libbpf.h ] || t_missing_dep "the libbpf headers (libbpf-dev)"
NCPU=$(nproc)
FOREIGN=/sys/fs/bpf/bperf_test_tamper_foreign_$$
tamper_t_cleanup() {
	rm -rf "$FOREIGN"
}
t_at_exit tamper_t_cleanup
mkdir -p "$FOREIGN"

# ---- foreign objects: two raw_tp programs on sched_switch -----------------
multiarch=$(cc -print-multiarch 2>/dev/null)
for name in foreign_tp on_switch; do
	cat >"$T_TMP/$name.bpf.c" <<EOF
#include <linux/bpf.h>
#include <bpf/bpf_helpers.h>
struct {
	__uint(type, BPF_MAP_TYPE_ARRAY);
	__uint(max_entries, 1);
	__type(key, __u32);
	__type(value, __u64);
} hits SEC(".maps");
SEC("raw_tp/sched_switch")
int $name(void *ctx)
{
	__u32 k = 0;
	__u64 *v = bpf_map_lookup_elem(&hits, &k);

	if (v)
		__sync_fetch_and_add(v, 1);
	return 0;
}
char LICENSE[] SEC("license") = "GPL";
EOF
	clang -g -O2 --target=bpf ${multiarch:+-I/usr/include/$multiarch} \
		-c "$T_TMP/$name.bpf.c" -o "$T_TMP/$name.bpf.o" ||
		t_missing_dep "a clang that compiles BPF programs"
done
cat >"$T_TMP/loader.c" <<'EOF'
/* Load the object argv[1], attach its program, pin the link at argv[2]. */
#include <bpf/libbpf.h>

int main(int argc, char **argv)
{
	struct bpf_object *obj;
	struct bpf_program *prog;
	struct bpf_link *link;

	if (argc != 3)
		return 2;
	obj = bpf_object__open_file(argv[1], NULL);
	if (!obj || bpf_object__load(obj))
		return 1;
	prog = bpf_object__next_program(obj, NULL);
	link = prog ? bpf_program__attach(prog) : NULL;
	if (!link || bpf_link__pin(link, argv[2]))
		return 1;
	return 0;
}
EOF
cc -o "$T_TMP/loader" "$T_TMP/loader.c" -lbpf ||
	t_missing_dep "a cc that links against libbpf (libbpf-dev)"
for name in foreign_tp on_switch; do
	"$T_TMP/loader" "$T_TMP/$name.bpf.o" "$FOREIGN/$name" ||
		t_abort "cannot load and attach the foreign $name program"
done

# link_info PINNED FIELD: a field of a pinned link (id, prog_id).
link_info() {
	bpftool -j link show pinned "$1" | python3 -c '
import json, sys; print(json.load(sys.stdin)[sys.argv[1]])' "$2"
}
prog_maps() {	# prog_maps PROG_ID: its first map id
	bpftool -j prog show id "$1" | python3 -c '
import json, sys; print(json.load(sys.stdin)["map_ids"][0])'
}
F_LINK=$(link_info "$FOREIGN/foreign_tp" id)
F_PROG=$(link_info "$FOREIGN/foreign_tp" prog_id)
F_MAP=$(prog_maps "$F_PROG")
O_LINK=$(link_info "$FOREIGN/on_switch" id)
O_PROG=$(link_info "$FOREIGN/on_switch" prog_id)
echo "foreign: link $F_LINK prog $F_PROG map $F_MAP; forged on_switch: link $O_LINK prog $O_PROG"

# The forged on_switch is not ours: leave it out of the object checks.
bperf_objects >"$T_TMP/base"

# ---- 1. wrong objects at the attr map path ---------------------------------
# refused DESC RC: the last run, which ended with status RC, failed with
# exit 1 and one error line.
refused() {
	local desc=$1 rc=$2 lines
	lines=$(grep -vc '^hint: ' "$T_TMP/err")
	if [ "$rc" -eq 1 ] && [ "$lines" -eq 1 ] &&
		grep -q '^perf: error: ' "$T_TMP/err"; then
		t_pass "$desc: refused: $(head -n 1 "$T_TMP/err" | cut -c 14-120)"
	else
		t_fail "$desc: status $rc, $lines error line(s)"
		t_show "$T_TMP/err"
	fi
}

map_id_pinned() {
	bpftool -j map show pinned "$1" 2>/dev/null | python3 -c '
import json, sys; m = json.load(sys.stdin); print(m["id"], m["type"], m["bytes_key"], m["bytes_value"])'
}

for shape in "hash 16 8" "hash 32 16" "hash 32 4" "percpu_hash 32 8" \
	"lru_hash 32 8" "array 4 8"; do
	read -r type key value <<<"$shape"
	rm -f "$BPERF_MAP"
	bpftool map create "$BPERF_MAP" type "$type" key "$key" value "$value" \
		entries 16 name not_bperf ||
		{ t_fail "cannot create a $shape map"; continue; }
	before=$(map_id_pinned "$BPERF_MAP")
	bperf_stat -e cpu-clock -a -- true >"$T_TMP/out" 2>"$T_TMP/err"
	refused "attr map: $type, key $key, value $value" $?
	t_check "the $type map is left as it was ($before)" \
		test "$(map_id_pinned "$BPERF_MAP")" = "$before"
	t_check "no lock directory beside it" test ! -e "${BPERF_MAP}_lock"
	rm -f "$BPERF_MAP"
done

# A pinned program, a pinned link, symlinks.  Failing to pin one is a
# failure: the case would not have run.
if bpftool prog load "$T_TMP/foreign_tp.bpf.o" "$BPERF_MAP" 2>"$T_TMP/err"; then
	bperf_stat -e cpu-clock -a -- true >"$T_TMP/out" 2>"$T_TMP/err"
	refused "a pinned program at the path" $?
	t_check "the program is still pinned" \
		bpftool prog show pinned "$BPERF_MAP"
else
	t_fail "cannot pin a program at the attr map path"
	t_show "$T_TMP/err"
fi
rm -f "$BPERF_MAP"
# A hard link in bpffs pins the same link object again.
if ln "$FOREIGN/foreign_tp" "$BPERF_MAP" 2>"$T_TMP/err" ||
	bpftool link pin id "$F_LINK" "$BPERF_MAP" 2>"$T_TMP/err"; then
	bperf_stat -e cpu-clock -a -- true >"$T_TMP/out" 2>"$T_TMP/err"
	refused "a pinned foreign link at the path" $?
	t_check "the foreign link is still pinned there" \
		test "$(link_info "$BPERF_MAP" id)" = "$F_LINK"
else
	t_fail "cannot pin the foreign link at the attr map path"
	t_show "$T_TMP/err"
fi
rm -f "$BPERF_MAP"
echo precious >"$T_TMP/file"
ln -s "$T_TMP/file" "$BPERF_MAP"
bperf_stat -e cpu-clock -a -- true >"$T_TMP/out" 2>"$T_TMP/err"
refused "a symlink in bpffs to a regular file" $?
t_check "the file is intact" grep -qx precious "$T_TMP/file"
rm -f "$BPERF_MAP"
ln -s "$T_TMP/nonexistent" "$BPERF_MAP"
bperf_stat -e cpu-clock -a -- true >"$T_TMP/out" 2>"$T_TMP/err"
refused "a dangling symlink in bpffs" $?
t_check "the dangling symlink is left alone" test -L "$BPERF_MAP"
rm -f "$BPERF_MAP"
rmdir "${BPERF_MAP}_lock" 2>/dev/null
if left=$(bperf_left_over "$T_TMP/base"); then
	t_pass "refused paths created no bperf object"
else
	t_fail "refused paths left: $(echo "$left" | awk '{ print $2 }' | sort | uniq -c | tr '\n' ' ')"
fi

# ---- 2. tampered entries ---------------------------------------------------
# key_hex TYPE CONFIG: struct bperf_attr_key {u32 type, exclude; u64
# config, config1, config2} in little endian, as bpftool wants it.
key_hex() {
	python3 -c '
import struct, sys
print(" ".join("%02x" % b for b in struct.pack("<IIQQQ", int(sys.argv[1]), 0, int(sys.argv[2]), 0, 0)))' "$1" "$2"
}
value_hex() {	# value_hex LINK_ID DIFF_MAP_ID
	python3 -c '
import struct, sys
print(" ".join("%02x" % b for b in struct.pack("<II", int(sys.argv[1]), int(sys.argv[2]))))' "$1" "$2"
}
# set_entry TYPE CONFIG LINK DIFF: write an entry into our attr map.
set_entry() {
	# shellcheck disable=SC2046 # one byte a word
	bpftool map update pinned "$BPERF_MAP" key hex $(key_hex "$1" "$2") \
		value hex $(value_hex "$3" "$4") any
}
# cpu-clock is type 1 (software) config 0, context-switches config 3.

# Create the attr map with one ordinary session.
bperf_stat -e cpu-clock -a -- true >/dev/null 2>"$T_TMP/err" ||
	{ t_show "$T_TMP/err"; t_abort "first bperf session failed"; }

# count_a EVENT: a -a session of 0.5 s counting EVENT twice, through the
# attr map (EVENT:b) and plainly beside it, the reference for the same
# time; sets rc (perf's status), b and p, life (the milliseconds perf
# ran), the session's stderr in $T_TMP/err.
count_a() {
	local t0
	t0=$(date +%s%N)
	run_perf stat --attr-map "$BPERF_MAP" -x, -e "$1:b,$1" -a \
		-o "$T_TMP/c" -- sleep 0.5 2>"$T_TMP/err"
	rc=$?
	life=$((($(date +%s%N) - t0) / 1000000))
	b=$(csv_value "$T_TMP/c" "$1:b")
	p=$(csv_value "$T_TMP/c" "$1")
}

# cpu-clock -a, bperf against plain over the same window (compare_counts
# --same-window: perf enables the two one after the other, and a session
# kept off the CPU in between, as under CI's load, saw cpu-clock:b 1006.54
# ms against 1002.56 plain, 0.4 % apart): within 0.1 %, which catches a
# foreign count (another event's, a clock's nanoseconds for switches).
# Measured here, 30 runs of -a -e cpu-clock:b,cpu-clock -- sleep 0.3 on
# an untampered map: -0.012 % .. +0.005 % as read.  A baseline from
# before the session (a borrowed leader's readings) would keep its ratio
# to the window, so the window itself is checked too: bperf's cpu-clock
# at least the 0.5 s of sleep on every CPU and at most perf's life on
# every CPU.
TAMPER_CLOCK_PCT=0.1

# tampered DESC: after set_entry, a cpu-clock session must either exit 0
# and count what plain counting counts beside it, or be refused (exit 1,
# one error line); the foreign programs stay as they were.
tampered() {
	local desc=$1
	count_a cpu-clock
	if [ "$rc" -ne 0 ]; then
		refused "$desc" "$rc"
	elif grep -q '^perf: error: ' "$T_TMP/err"; then
		t_fail "$desc: exit 0 with an error line"
		t_show "$T_TMP/err"
	elif ! python3 "$COMPARE" --same-window --pct "$TAMPER_CLOCK_PCT" \
		--only cpu-clock:b "$T_TMP/c" >"$T_TMP/cmp"; then
		t_fail "$desc: cpu-clock bperf $b ms, plain $p ms: $(tail -n 1 "$T_TMP/cmp")"
		t_show "$T_TMP/cmp"
		t_show "$T_TMP/err"
	elif ! t_between "${b:-0}" $((NCPU * 500)) $((NCPU * life)); then
		t_fail "$desc: cpu-clock bperf $b ms, not within $NCPU CPUs x 500 ms of sleep .. x $life ms of perf's life"
		t_show "$T_TMP/err"
	else
		t_pass "$desc: counted right (bperf $b ms, plain $p ms, same window: $(tail -n 1 "$T_TMP/cmp" | cut -d' ' -f 5))$(grep -m1 -i warn "$T_TMP/err" | sed 's/^/, warned: /' | cut -c 1-120)"
	fi
	t_check "$desc: the foreign link is intact" \
		test "$(link_info "$FOREIGN/foreign_tp" prog_id)" = "$F_PROG"
	t_check "$desc: the forged on_switch link is intact" \
		test "$(link_info "$FOREIGN/on_switch" prog_id)" = "$O_PROG"
}

state_of() {	# state_of EVENT: its state in perf bperf list -j
	bperf_list_field "$1" state 2>/dev/null
}

set_entry 1 0 "$F_LINK" "$F_MAP"
t_check "perf bperf list calls the foreign entry foreign (got '$(state_of cpu-clock)')" \
	test "$(state_of cpu-clock)" = foreign
tampered "entry -> foreign raw_tp link"

set_entry 1 0 "$O_LINK" "$(prog_maps "$O_PROG")"
tampered "entry -> a foreign program named on_switch"

# A live leader to borrow from.
t_bg "$PERF" stat --use-bpf --attr-map "$BPERF_MAP" -e cpu-clock,task-clock \
	-a -o /dev/null -- sleep 30
holder=$T_BG_PID
for _ in $(seq 50); do
	[ "$(state_of task-clock)" = live ] && break
	sleep 0.1
done
TC_LINK=$(bperf_list_field task-clock link_id)
TC_DIFF=$(bperf_list_field task-clock diff_map_id)
CC_LINK=$(bperf_list_field cpu-clock link_id)
CC_DIFF=$(bperf_list_field cpu-clock diff_map_id)
echo "live leaders: cpu-clock link $CC_LINK diff $CC_DIFF, task-clock link $TC_LINK diff $TC_DIFF"

set_entry 1 0 "$CC_LINK" "$F_MAP"
tampered "entry -> our leader with a foreign diff map"
set_entry 1 0 "$CC_LINK" "$TC_DIFF"
tampered "entry -> our leader with another leader's diff map"

# context-switches pointing at the live cpu-clock leader: its counts are
# nanoseconds, not switches.  Counted through bperf and plainly in the
# same session, -a, the two agree within one switch per CPU: measured
# here, 30 runs of -a -e context-switches:b,context-switches -- sleep 0.5,
# they never differed (about 1000 switches a run).
set_entry 1 3 "$CC_LINK" "$CC_DIFF"
count_a context-switches
echo "context-switches: bperf $b, plain $p (status $rc)"
t_check "entry of context-switches -> the cpu-clock leader: exit 0 (status $rc)" \
	test "$rc" -eq 0
t_check "and counted as switches, not nanoseconds (bperf $b, plain $p, at most $NCPU apart)" \
	awk -v b="${b:-x}" -v p="${p:-0}" -v n="$NCPU" 'BEGIN {
		d = b - p; if (d < 0) d = -d
		exit !(b ~ /^[0-9]+$/ && p > 0 && d <= n) }'
t_show "$T_TMP/err"

kill -KILL "$holder"
wait "$holder" 2>/dev/null

# A link id that does not exist, and an entry no event uses.
set_entry 1 0 2147483647 2147483647
tampered "entry -> a link id that does not exist"
set_entry 4242 4242 "$F_LINK" "$F_MAP"
run_perf bperf list --attr-map "$BPERF_MAP" >"$T_TMP/list" 2>"$T_TMP/err"
rc=$?
t_check "perf bperf list copes with an entry of an unknown event type (status $rc)" \
	test "$rc" -eq 0 -a ! -s "$T_TMP/err"
t_show "$T_TMP/list"
tampered "another event's foreign entry beside"

if left=$(bperf_left_over "$T_TMP/base"); then
	t_pass "at the end: no bperf program, link or map left"
else
	t_fail "at the end, left: $(echo "$left" | awk '{ print $2 }' | sort | uniq -c | tr '\n' ' ')"
fi
t_check "the foreign program was never detached (link $F_LINK)" \
	test "$(link_info "$FOREIGN/foreign_tp" id)" = "$F_LINK"
t_done
