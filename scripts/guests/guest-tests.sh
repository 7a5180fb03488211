#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# The tests a guest runs (guests.conf's last column), from the build tree:
#
#   guest-tests.sh SET ACCEL
#
#   bperf   every bperf shell test: all that count with BPF
#   kernel  the bperf tests of what differs between kernels: the hooks a
#           leader attaches (exit, fault, trampolines), a workload's
#           children and exits, the attr map, CPU-scoped counting, and
#           a tampered map; these pass under TCG, where much of the rest
#           of the bperf set still waits with fixed sleeps and windows
#           sized for the host
#   hw      the tests of hardware events (*_hw) and every other test with
#           a part that only a machine with a PMU runs (t_has_hw_pmu)
#   smoke   two short ones, to try the rig itself
#   script:PATH  only the script PATH (run.sh's GUEST_SCRIPT), to look
#           at something by hand
#
# Under TCG a guest runs about ten times slower than the host: the tests
# do the same work to the same bounds, and get longer before they count
# as hung or stop waiting (lib.sh's t_wait_until).  Ends with
# run-tests.sh's summary line.
set -u
set_name=$1
accel=$2
tree=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)

case $set_name in
bperf) patterns=('stat_bpf_*' 'hardening_bperf_*') ;;
hw)
	mapfile -t patterns < <(cd "$tree/tools/perf/tests/shell" &&
		{ ls ./*_hw*.sh; grep -l t_has_hw_pmu ./*.sh | grep -vx ./lib.sh; } |
		xargs -n1 basename | sed 's/\.sh$//' | sort -u)
	;;
kernel)
	patterns=(stat_bpf_vs_perf stat_bpf_attr_map stat_bpf_children
		stat_bpf_exit stat_bpf_lifetime stat_bpf_trampolines stat_bpf_cpu
		hardening_bperf_tamper)
	;;
smoke) patterns=(stat_bpf_attr_map stat_bpf_vs_perf) ;;
script:*)
	# GUEST_SCRIPT=PATH make test-guests: a script of one's own instead.
	"${set_name#script:}"
	echo "script ended with status $?"
	exit 0
	;;
*)
	echo "guest-tests: error: no test set '$set_name'"
	echo "0 passed, 1 failed, 0 skipped"
	exit 1
	;;
esac
# Debian's kernels allow BPF trampolines (the development VMs do not):
# stat_bpf_trampolines then wants to see one.
export PERF_TEST_TRAMPOLINES=allowed
timeout=300
if [ "$accel" = tcg ]; then
	export T_CMD_TIMEOUT=600 T_WAIT=300
	timeout=1200
fi
# This tree's build for the guest's architecture (make ARCH=arm64).
case $(uname -m) in
aarch64) build=$tree/build-arm64 perf=$tree/build-arm64/perf ;;
*) build=$tree/build perf=$tree/tools/perf/perf ;;
esac
echo "guest-tests: $(uname -r), $(nproc) CPUs, $accel"
# One test at a time, timed, then the sum in run-tests.sh's words.
passed=0 failed=0 skipped=0 xfailed=0
shopt -s nullglob
for pattern in "${patterns[@]}"; do
	for test in "$tree"/tools/perf/tests/shell/$pattern.sh; do
		name=$(basename "$test" .sh)
		start=$SECONDS
		PERF_BIN=$perf PERF_TEST_KEEP_LOGS=${GUEST_OUT:-} \
			"$tree/tools/perf/tests/run-tests.sh" \
			-t "$timeout" "$build/tests" "$name" >"/tmp/$name.log" 2>&1
		head -n -1 "/tmp/$name.log"
		echo "    ($name: $((SECONDS - start)) s)"
		read -r p _ f _ k _ < <(tail -n 1 "/tmp/$name.log" | tr -d ,)
		passed=$((passed + ${p:-0})) failed=$((failed + ${f:-1}))
		skipped=$((skipped + ${k:-0}))
		# Known defects (run-tests.sh's XFAIL) count with the skipped.
		xfailed=$((xfailed + $(grep -c '^XFAIL ' "/tmp/$name.log")))
	done
done
# In the guest with a PMU, a test that skips for want of one is wrong
# (a known defect of the ledger is no skip of that kind).
if [ "$set_name" = hw ] && [ "$skipped" -gt "$xfailed" ]; then
	echo "guest-tests: $((skipped - xfailed)) skipped in a guest that has a PMU: failures here"
	failed=$((failed + skipped - xfailed)) skipped=$xfailed
fi
echo "$passed passed, $failed failed, $skipped skipped"
