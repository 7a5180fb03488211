#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# Hostile input, beyond stat_bad_input.sh: malformed events, terms,
# modifiers and groups, CPU/pid/tid lists, cgroup names, interval, repeat,
# timeout and delay values, output and attr map paths; huge and negative
# numbers, empty strings, control characters, bytes that are not UTF-8,
# 100k-character strings and thousands of list items.  Each must get
# exactly one "perf: error: " line on stderr (at most one "hint: " line
# after it), nothing on stdout, exit status 1 or 2, never a crash or a
# hang, and must leave nothing pinned in /sys/fs/bpf.

. "$(dirname "$0")"/lib.sh
. "$(dirname "$0")"/lib/bperf.sh

t_require_root
t_require_perf

out=$T_TMP/out
err=$T_TMP/err
# shellcheck disable=SC2034 # read by run_perf
T_CMD_TIMEOUT=20
HOSTILE=/sys/fs/bpf/bperf_test_hostile_$$
nr_cases=0

# What is pinned in bpffs, without the objects of other tests that may be
# running at the same time (their own private attr maps).
pinned() {
	[ -d /sys/fs/bpf ] || return 0
	find /sys/fs/bpf -mindepth 1 -maxdepth 2 2>/dev/null |
		grep -v -e '/bperf_test_[a-z_]*[0-9]*\(_lock\)\?$' \
			-e '/bperf_bench' | sort
	# ours, by name, always count
	find /sys/fs/bpf -maxdepth 1 -name "bperf_test_hostile_$$*" 2>/dev/null
}

# Show an argument list readably: long arguments shortened, control
# characters escaped.
describe() {
	local a s=""
	for a in "$@"; do
		if [ ${#a} -gt 40 ]; then
			a="${a:0:20}...(${#a} chars)"
		fi
		s+=" $(printf '%q' "$a")"
	done
	echo "${s# }"
}

# hostile CODES -- PERF ARGS: perf must fail with one of CODES ("2", "1|2").
hostile() {
	local codes=$1 rc first lines why=() desc before after
	shift 2
	nr_cases=$((nr_cases + 1))
	desc=$(describe "$@")
	before=$(pinned)
	run_perf "$@" >"$out" 2>"$err"
	rc=$?
	after=$(pinned)
	first=$(head -n 1 "$err")
	lines=$(grep -c '' "$err")

	t_crashed $rc && why+=("crashed or hung, status $rc")
	[[ "|$codes|" == *"|$rc|"* ]] || why+=("exit status $rc, expected $codes")
	[[ $first == "perf: error: "* ]] || why+=("no 'perf: error: ' line first")
	if [ "$lines" -gt 2 ]; then
		why+=("$lines lines on stderr")
	elif [ "$lines" -eq 2 ] && [[ $(sed -n 2p "$err") != "hint: "* ]]; then
		why+=("second line is not a 'hint: ' line")
	fi
	[ -s "$out" ] && why+=("$(wc -c <"$out") bytes on stdout")
	[ "$before" = "$after" ] &&
		[ ! -e "$HOSTILE" ] && [ ! -e "${HOSTILE}_lock" ] ||
		why+=("left in bpffs: $(comm -13 <(echo "$before") <(echo "$after") | tr '\n' ' ')")

	if [ ${#why[@]} -eq 0 ]; then
		t_pass "perf $desc -> $rc: $(cut -c 1-100 <<<"${first#perf: error: }")"
	else
		t_fail "perf $desc: $(IFS=';'; echo "${why[*]}")"
		cut -c 1-200 "$err" >"$err.short"
		t_show "$err.short" 6
	fi
	rm -f "$HOSTILE"
	rmdir "${HOSTILE}_lock" 2>/dev/null
}

long=$(head -c 100000 /dev/zero | tr '\0' a)
many_zeros=$(yes 0 | head -n 30000 | paste -sd,)
many_ones=$(yes 1 | head -n 30000 | paste -sd,)
braces=$(yes '{' | head -n 10000 | paste -sd '')
printf 'cs\0junk' >"$T_TMP/nul"
printf 'cpu-clock\0}' >"$T_TMP/nul2"

# Events: groups, terms and modifiers.
hostile 2 -- stat -e ':u' -- true
hostile 2 -- stat -e 'cpu-clock:b:b' -- true
hostile 2 -- stat -e '{}' -- true
hostile 2 -- stat -e '{,}' -- true
hostile 2 -- stat -e '{cpu-clock}}' -- true
hostile 2 -- stat -e '{{cpu-clock}' -- true
hostile 2 -- stat -e '{cpu-clock,{task-clock}}' -- true
hostile 2 -- stat -e "${braces}cpu-clock" -- true
hostile 2 -- stat -e 'cpu-clock,' -- true
hostile 2 -- stat -e ',cpu-clock' -- true
hostile 2 -- stat -e 'msr/tsc/,{' -- true
hostile 2 -- stat -e 'cpu-clock/' -- true
hostile 2 -- stat -e '/' -- true
hostile 2 -- stat -e '//' -- true
hostile 2 -- stat -e 'msr/tsc' -- true
hostile 2 -- stat -e 'msr/tsc=/' -- true
hostile 2 -- stat -e 'msr/=1/' -- true
hostile 2 -- stat -e 'msr/,/' -- true
hostile 2 -- stat -e 'msr/tsc,,/' -- true
hostile 2 -- stat -e 'software/config=/' -- true
hostile 2 -- stat -e 'msr/event=0x1ffffffffffffffffff/' -- true
hostile "1|2" -- stat -e 'msr/event=-1/' -- true
hostile 2 -- stat -e 'r1ffffffffffffffffff' -- true
hostile "1|2" -- stat -e 'r-1' -- true
hostile 2 -- stat -e 'cpu-clock@' -- true
hostile 2 -- stat -e 'msr/tsc/zz' -- true
hostile "1|2" -- stat -e 'L1-dcache-foo' -- true
hostile "1|2" -- stat -e '../tsc/' -- true
hostile "1|2" -- stat -e '..' -- true
hostile 2 -- stat -e $'cpu-clock\n' -- true
hostile 2 -- stat -e $'cpu-clock\r,task-clock' -- true
hostile "1|2" -- stat -e $'cpu\tclock' -- true
hostile 2 -- stat -e $'\xff\xfe' -- true
hostile "1|2" -- stat -e "$(cat "$T_TMP/nul" 2>/dev/null)" -- true
hostile "1|2" -- stat -e "$(cat "$T_TMP/nul2" 2>/dev/null)" -- true
hostile "1|2" -- stat -e "$long" -- true
hostile "1|2" -- stat -e "msr/$long=1/" -- true
hostile "1|2" -- stat -e "$long/tsc/" -- true
hostile 2 -- stat -e "cpu-clock:$long" -- true
hostile "1|2" -- stat -e "cpu-clock,$long" -- true

# CPU lists.
hostile 2 -- stat -C 0,,1 -e cpu-clock -- true
hostile 2 -- stat -C -1 -e cpu-clock -- true
hostile 2 -- stat -C - -e cpu-clock -- true
hostile 2 -- stat -C 99999999999999999999 -e cpu-clock -- true
hostile "1|2" -- stat -C 0-65535 -e cpu-clock -- true
hostile 2 -- stat -C ' 0' -e cpu-clock -- true
hostile 2 -- stat -C 0x1 -e cpu-clock -- true
hostile 2 -- stat -C $'0\n1' -e cpu-clock -- true
hostile 2 -- stat -C "${many_zeros}x" -e cpu-clock -- true
hostile 2 -- stat -C "$long" -e cpu-clock -- true

# Pid and thread lists.
hostile 2 -- stat -p 0 -e task-clock
hostile 2 -- stat -p -1 -e task-clock
hostile 2 -- stat -p 1, -e task-clock
hostile 2 -- stat -p ,1 -e task-clock
hostile 2 -- stat -p '' -e task-clock
hostile 2 -- stat -p 1x -e task-clock
hostile 2 -- stat -p 2147483648 -e task-clock
hostile 2 -- stat -t 0 -e task-clock
hostile 2 -- stat -t 99999999999999999999 -e task-clock
hostile 1 -- stat -t 2147483647 -e task-clock
hostile 2 -- stat -t "${many_ones}x" -e task-clock
hostile 2 -- stat -t "$long" -e task-clock

# Cgroups (names are relative to the cgroup v2 mount).
hostile 1 -- stat -e task-clock -a -G nonexistent_cgroup_$$ -- true
hostile "1|2" -- stat -e task-clock -a -G ../../../../etc -- true
hostile "1|2" -- stat -e task-clock -a -G 'a,,b' -- true
hostile "1|2" -- stat -e task-clock -a -G "${long:0:5000}" -- true
hostile "1|2" -- stat -e task-clock -a --for-each-cgroup "${long:0:5000}" -- true
hostile 2 -- stat -e task-clock -a --for-each-cgroup ',' -- true

# Interval, repeat, timeout, delay, cache level.
hostile 2 -- stat -I 0 -a -e task-clock -- true
hostile 2 -- stat -I -5 -a -e task-clock -- true
hostile 2 -- stat -I 99999999999999999999 -a -e task-clock -- true
hostile 2 -- stat -I 100 --interval-count 0 -a -e task-clock -- true
hostile 2 -- stat -I 100 --interval-count -1 -a -e task-clock -- true
hostile 2 -- stat -r 99999999999999999999 -e task-clock -- true
hostile 2 -- stat -r '' -e task-clock -- true
hostile 2 -- stat -r 1.5 -e task-clock -- true
hostile 2 -- stat --timeout -1 -e task-clock -- true
hostile 2 -- stat --timeout 99999999999999999999 -e task-clock -- true
hostile 2 -- stat -D -2 -e task-clock -- true
hostile 2 -- stat -D 99999999999999999999 -e task-clock -- true
hostile 2 -- stat --per-cache=L9 -a -e task-clock -- true

# Output paths.
hostile "1|2" -- stat -o '' -e task-clock -- true
hostile 1 -- stat -o /sys/fs/bpf -e task-clock -- true
hostile 1 -- stat -o "/tmp/$long" -e task-clock -- true

# Attr map paths: long, relative, empty, outside bpffs, in a missing
# directory, names bpffs refuses.
hostile "1|2" -- stat --use-bpf --attr-map "$HOSTILE$long" -e cpu-clock -- true
hostile "1|2" -- stat --use-bpf --attr-map '' -e cpu-clock -- true
hostile 1 -- stat --use-bpf --attr-map bperf_relative_$$ -e cpu-clock -- true
hostile 1 -- stat --use-bpf --attr-map "$T_TMP/map" -e cpu-clock -- true
hostile 1 -- stat --use-bpf --attr-map "$HOSTILE/map" -e cpu-clock -- true
hostile 1 -- stat --use-bpf --attr-map /sys/fs/bpf/ -e cpu-clock -- true
hostile 1 -- stat --use-bpf --attr-map /dev/null -e cpu-clock -- true
hostile 1 -- stat --use-bpf --attr-map /proc/self/mem -e cpu-clock -- true
hostile 1 -- stat --use-bpf --attr-map "$HOSTILE.map" -e cpu-clock -- true
hostile 1 -- stat --use-bpf --attr-map "/sys/fs/bpf/../../../$T_TMP/map" -e cpu-clock -- true
hostile 1 -- bperf list --attr-map "$T_TMP/map"
hostile 1 -- bperf list --attr-map ''
hostile 2 -- bperf bogus

# Odd but valid: duplicates in lists are merged, not errors.
accepted() {
	local rc desc
	desc=$(describe "$@")
	run_perf "$@" >"$out" 2>"$err"
	rc=$?
	t_check "perf $desc is accepted (status $rc)" test "$rc" -eq 0
	[ "$rc" -eq 0 ] || t_show "$err" 3
}
t_busy
accepted stat -e task-clock -p "$T_BG_PID,$T_BG_PID" --timeout 100
accepted stat -e task-clock -t "$T_BG_PID,$T_BG_PID" --timeout 100
accepted stat -e cpu-clock -C 0,0,0-0 -- true

t_check "ran at least 50 hostile cases (ran $nr_cases)" test "$nr_cases" -ge 50
t_done
