#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# The attr map: created root-only; anything else at --attr-map (a file
# outside bpffs, a foreign pinned map, a pinned program, a directory) is
# refused with one error line and left intact; a missing bpffs is
# explained.

. "$(dirname "$0")"/lib.sh
. "$(dirname "$0")"/lib/bperf.sh

t_require_bperf

# expect_refused DESC ARGS...: perf stat fails with 1 error line (+hint).
expect_refused() {
	local desc=$1 rc lines
	shift
	run_perf stat "$@" -e cpu-clock -- true >"$T_TMP/out" 2>"$T_TMP/err"
	rc=$?
	lines=$(grep -vc '^hint: ' "$T_TMP/err")
	t_check "$desc: exit 1 (got $rc)" test "$rc" -eq 1
	t_check "$desc: one error line (got $lines)" test "$lines" -eq 1
	t_check "$desc: says perf: error:" grep -q '^perf: error: ' "$T_TMP/err"
	t_show "$T_TMP/err"
}

# 1. Created on first use, root-only.
bperf_stat -e cpu-clock -- true >/dev/null 2>"$T_TMP/err" ||
	{ t_show "$T_TMP/err"; t_abort "first bperf session failed"; }
mode=$(stat -c %a "$BPERF_MAP")
t_check "attr map created with mode 600 (got $mode)" test "$mode" = 600
t_check "the pinned attr map is a hash map" \
	bash -c "bpftool -j map show pinned '$BPERF_MAP' | grep -q '\"type\":\"hash\"'"

# 2. A regular file outside bpffs.
echo precious >"$T_TMP/file"
expect_refused "file outside bpffs" --use-bpf --attr-map "$T_TMP/file"
t_check "the file is intact" grep -qx precious "$T_TMP/file"
t_check "the error names bpffs" grep -q 'bpf filesystem' "$T_TMP/err"

# 3. A foreign pinned map.
foreign=/sys/fs/bpf/bperf_foreign_$$
bpftool map create "$foreign" type array key 4 value 8 entries 4 \
	name foreign_map || t_abort "cannot create a foreign map"
id_before=$(bpftool -j map show pinned "$foreign" | python3 -c 'import json,sys; print(json.load(sys.stdin)["id"])')
expect_refused "foreign pinned map" --use-bpf --attr-map "$foreign"
id_after=$(bpftool -j map show pinned "$foreign" | python3 -c 'import json,sys; print(json.load(sys.stdin)["id"])')
t_check "the foreign map is intact (id $id_before -> $id_after)" \
	test "$id_before" = "$id_after"
t_check "no lock directory left beside the foreign map" \
	test ! -e "${foreign}_lock"
rm -f "$foreign"

# 4. A foreign pinned program is not a map either: a real one, built
# here with clang (which the build needs anyway) and pinned by bpftool.
fprog=/sys/fs/bpf/bperf_fprog_$$
cat >"$T_TMP/fprog.bpf.c" <<'EOF'
#include <linux/bpf.h>
#include <bpf/bpf_helpers.h>
SEC("raw_tp/sched_switch")
int foreign_prog(void *ctx)
{
	return 0;
}
char LICENSE[] SEC("license") = "GPL";
EOF
prog_id() {
	bpftool -j prog show pinned "$fprog" | python3 -c '
import json, sys; print(json.load(sys.stdin)["id"])'
}
multiarch=$(cc -print-multiarch 2>/dev/null)
if ! clang -g -O2 --target=bpf ${multiarch:+-I/usr/include/$multiarch} \
	-c "$T_TMP/fprog.bpf.c" -o "$T_TMP/fprog.bpf.o" 2>"$T_TMP/err"; then
	t_fail "pinned program: cannot build a BPF program with clang"
	t_show "$T_TMP/err"
elif ! bpftool prog load "$T_TMP/fprog.bpf.o" "$fprog" 2>"$T_TMP/err"; then
	t_fail "pinned program: bpftool cannot load and pin one"
	t_show "$T_TMP/err"
else
	id_before=$(prog_id)
	expect_refused "pinned program" --use-bpf --attr-map "$fprog"
	t_check "the pinned program is intact (id $id_before -> $(prog_id))" \
		test -n "$id_before" -a "$(prog_id)" = "$id_before"
	t_check "no lock directory left beside the program" \
		test ! -e "${fprog}_lock"
fi
rm -f "$fprog"

# 5. A directory in bpffs.
dir=/sys/fs/bpf/bperf_dir_$$
mkdir "$dir"
expect_refused "directory in bpffs" --use-bpf --attr-map "$dir"
t_check "the directory is intact" test -d "$dir"
rmdir "$dir"

# 6. No bpffs mounted (in a private mount namespace).
if command -v unshare >/dev/null; then
	unshare -m bash -c "umount /sys/fs/bpf 2>/dev/null || mount -t tmpfs none /sys/fs/bpf
		'$PERF' stat --use-bpf -e cpu-clock -- true" \
		>"$T_TMP/out" 2>"$T_TMP/err"
	rc=$?
	t_check "no bpffs: exit 1 (got $rc)" test "$rc" -eq 1
	t_check "no bpffs: the hint says how to mount it" \
		grep -q '^hint: .*mount -t bpf bpf /sys/fs/bpf' "$T_TMP/err"
	t_show "$T_TMP/err"
fi

t_done
