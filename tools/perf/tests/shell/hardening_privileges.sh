#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# Missing privileges: as an unprivileged user, perf stat --use-bpf says
# which privilege is missing (one error line and one hint) and exits 1,
# leaving nothing in bpffs; so does root without CAP_BPF or without
# CAP_PERFMON, naming just that one.  Plain counting still works where
# /proc/sys/kernel/perf_event_paranoid allows it (as it does for the
# distribution's perf).  The attr map is root's, mode 600: other users
# can neither read nor change it.

. "$(dirname "$0")"/lib.sh
. "$(dirname "$0")"/lib/bperf.sh

t_require_root
t_require_perf
t_require_bpffs
t_require_cmd setpriv
id nobody >/dev/null 2>&1 || t_skip "no user 'nobody'"
group=$(id -gn nobody 2>/dev/null)
getent group nogroup >/dev/null && group=nogroup

# The user must reach the binary: copy it where anyone can.
chmod 755 "$T_TMP"
cp "$PERF" "$T_TMP/perf" && chmod 755 "$T_TMP/perf"
mkdir -m 777 "$T_TMP/w"
cd "$T_TMP" || t_abort "cannot enter $T_TMP"
as_nobody() {
	timeout -k 5 30 setpriv --reuid=nobody --regid="$group" \
		--clear-groups -- "$@"
}
pinned() {
	find /sys/fs/bpf -maxdepth 1 -name "bperf_test_${T_NAME}_*" | sort
}

# denied DESC WORD CMD...: exit 1, one error line naming WORD, then
# exactly one hint; nothing on stdout, nothing pinned.
denied() {
	local desc=$1 word=$2 rc lines before
	shift 2
	before=$(pinned)
	"$@" >"$T_TMP/out" 2>"$T_TMP/err"
	rc=$?
	lines=$(grep -c '' "$T_TMP/err")
	t_check "$desc: exit 1 (got $rc)" test "$rc" -eq 1
	t_check "$desc: one error line and one hint ($lines lines)" \
		test "$lines" -eq 2 -a "$(grep -c '^hint: ' "$T_TMP/err")" -eq 1
	t_check "$desc: the error names $word" \
		grep -q "^perf: error: .*$word" "$T_TMP/err"
	t_check "$desc: nothing on stdout" test ! -s "$T_TMP/out"
	t_check "$desc: nothing pinned" test "$(pinned)" = "$before"
	t_show "$T_TMP/err"
}

# 1. An unprivileged user.
denied "nobody, --use-bpf workload" "CAP_BPF" \
	as_nobody ./perf stat --use-bpf --attr-map "$BPERF_MAP" -e cpu-clock -- true
denied "nobody, --use-bpf -a" "CAP_PERFMON" \
	as_nobody ./perf stat --use-bpf --attr-map "$BPERF_MAP" -e cpu-clock -a -- true
denied "nobody, :b modifier" "CAP_BPF" \
	as_nobody ./perf stat --attr-map "$BPERF_MAP" -e cpu-clock:b -- true

# 2. Root without one of the two capabilities: only that one is named.
if setpriv --bounding-set=-bpf,-sys_admin true 2>/dev/null; then
	denied "root without CAP_BPF" "CAP_BPF" \
		setpriv --bounding-set=-bpf,-sys_admin -- ./perf stat --use-bpf \
		--attr-map "$BPERF_MAP" -e cpu-clock -- true
	t_check "root without CAP_BPF: CAP_PERFMON not named" \
		bash -c "! grep -q CAP_PERFMON '$T_TMP/err'"
	denied "root without CAP_PERFMON" "CAP_PERFMON" \
		setpriv --bounding-set=-perfmon,-sys_admin -- ./perf stat \
		--use-bpf --attr-map "$BPERF_MAP" -e cpu-clock -- true
	t_check "root without CAP_PERFMON: CAP_BPF not named" \
		bash -c "! grep -q CAP_BPF '$T_TMP/err'"
else
	t_dep_note "a setpriv that drops CAP_BPF and CAP_PERFMON (util-linux)"
fi

# 3. Plain counting as nobody, where the paranoid level allows it: what
# the distribution's perf counts, ours must count too.
paranoid=$(cat /proc/sys/kernel/perf_event_paranoid 2>/dev/null || echo 3)
echo "perf_event_paranoid is $paranoid"
if [ "$paranoid" -le 2 ]; then
	for ev in cpu-clock:u task-clock cpu-clock,page-faults; do
		if [ -x "$REF_PERF" ] && ! as_nobody "$REF_PERF" stat -e "$ev" \
			-x, -o /dev/null -- true 2>/dev/null; then
			echo "the reference perf cannot count $ev as nobody either"
			continue
		fi
		as_nobody ./perf stat -x, -e "$ev" -o "$T_TMP/w/plain.csv" -- \
			awk 'BEGIN { for (i = 0; i < 100000; i++) s += i }' \
			2>"$T_TMP/err"
		rc=$?
		v=$(awk -F, '$1 ~ /^[0-9.]+$/ { print $1; exit }' \
			"$T_TMP/w/plain.csv" 2>/dev/null)
		t_check "nobody counts $ev of its own workload (status $rc, $v)" \
			test "$rc" -eq 0 -a -n "$v"
		t_show "$T_TMP/err"
	done
else
	echo "perf_event_paranoid $paranoid forbids unprivileged counting: not checked"
fi
if [ "$paranoid" -le 0 ]; then
	as_nobody ./perf stat -a -x, -e cpu-clock -o /dev/null -- true \
		2>"$T_TMP/err"
	t_check "nobody counts -a at paranoid $paranoid" test $? -eq 0
fi

# 4. The attr map is root's alone.
bperf_stat -e cpu-clock -a -- true >/dev/null 2>"$T_TMP/err" ||
	{ t_show "$T_TMP/err"; t_abort "a root bperf session failed"; }
t_check "attr map mode 600 ($(stat -c '%a %U' "$BPERF_MAP"))" \
	test "$(stat -c '%a %U' "$BPERF_MAP")" = "600 root"
t_check "lock directory mode 700 ($(stat -c '%a %U' "${BPERF_MAP}_lock"))" \
	test "$(stat -c '%a %U' "${BPERF_MAP}_lock")" = "700 root"
if command -v bpftool >/dev/null; then
	# shellcheck disable=SC2046 # one byte a word
	as_nobody bpftool map update pinned "$BPERF_MAP" \
		key hex $(printf '00 %.0s' $(seq 32)) value hex \
		$(printf '00 %.0s' $(seq 8)) any >/dev/null 2>&1
	t_check "nobody cannot write the attr map" test $? -ne 0
fi
as_nobody ./perf bperf list --attr-map "$BPERF_MAP" >"$T_TMP/out" 2>"$T_TMP/err"
rc=$?
t_check "nobody cannot read it through perf bperf list (status $rc)" test "$rc" -eq 1
t_check "and is told so in one line" test "$(grep -vc '^hint: ' "$T_TMP/err")" -eq 1
t_show "$T_TMP/err"
t_done
