#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# bperf benchmarks (make bench): the cost and accuracy of sharing counters
# through BPF, side by side with plain counting.  Not a test: it prints a
# table with PASS/MISS against the targets and never fails a build for a
# miss; it exits non-zero only when it cannot measure.
#
#   1. cost per context switch (pipe ping-pong pinned to one CPU) with no
#      session, plain sessions, an empty BPF program, a bperf leader and
#      leader + N CPU- or task-scoped sessions
#   2. session start: creating a leader, joining one, plain, /usr/bin/perf
#   3. read cost: one synced read, and CPU time per -I 100 interval
#   4. accuracy: bperf against plain counting of the same work
#   5. footprint: BPF memory of leaders and followers, session RSS
#   6. perf stat --serve: CPU time of a scrape of 16 events x all CPUs x
#      100 cgroups against one -I interval of the same counters
#   7. cost per page fault (fresh pages written on one CPU) with no
#      session, plain page-faults -a, an empty BPF program on
#      page_fault_user, a bperf page-faults leader, and one -p session
#
# Results: bench/results/<timestamp>/ (raw.csv, summary.json, summary.csv,
# table.txt, bench.png, sessions.log), and bench/results/latest.
# Sessions use a private attr map (/sys/fs/bpf/bperf_bench_<pid>), removed
# at the end, so they neither see nor disturb other bperf sessions.
#
# Knobs (environment):
#   OUTPUT=build        where the perf build is (libperf-util.a); the
#                       helpers are built into $OUTPUT/bench
#   QUICK=1             about a minute: fewer reps and sessions
#   SECTIONS="switch start read accuracy footprint serve fault"   what to run
#   REPS=7              section 1: setups per configuration (alternated)
#   PP_ROUNDS=50000     section 1: ping-pong round trips per timed run
#   PP_INNER=5          section 1: timed runs per setup (median taken)
#   PLAIN_SESSIONS="1 4 16"  BPERF_SESSIONS="1 4 16 32"
#   BENCH_CPU=<last>    section 1: the CPU the ping-pong runs on
#   START_RUNS=20       section 2: runs of each command
#   START_GAP_MS=200    section 2: idle time between runs
#   READS=200 READ_REPS=5 INTERVALS=20   section 3
#   ACC_REPS=5 ACC_SECONDS=2 ACC_SPIN=300000000   section 4
#   SERVE_CGROUPS=100 SERVE_REPS=3 SERVE_SCRAPES=30   section 6
#   FAULT_PAGES=4000 FAULT_INNER=8   section 7: pages a timed run, timed
#                       runs per setup (REPS setups, BENCH_CPU)
#   PERF=tools/perf/perf DISTRO_PERF=/usr/bin/perf

set -euo pipefail

cd "$(dirname "$0")/.."
OUTPUT=${OUTPUT:-build}
PERF=${PERF:-tools/perf/perf}
DISTRO_PERF=${DISTRO_PERF:-/usr/bin/perf}
HELPERS=$OUTPUT/bench
CC=${CC:-cc}
CLANG=${CLANG:-clang}
CFLAGS=(-O2 -g -std=gnu11 -Wall -Wextra -Werror -D_GNU_SOURCE)

die() {
	echo "bench: error: $*" >&2
	exit 1
}

[ "$(id -u)" -eq 0 ] || die "must run as root (BPF and system-wide counting)"
grep -qs '^[^ ]* /sys/fs/bpf bpf ' /proc/mounts ||
	die "bpffs is not mounted at /sys/fs/bpf (run scripts/install-deps.sh)"
[ -x "$PERF" ] || die "$PERF is not built (run make)"
[ -f "$OUTPUT/libperf-util.a" ] || die "$OUTPUT/libperf-util.a is not built"
for tool in python3 bpftool "$CLANG" "$CC"; do
	command -v "$tool" >/dev/null || die "$tool is missing (scripts/install-deps.sh)"
done
[ -x "$DISTRO_PERF" ] ||
	die "$DISTRO_PERF is missing (package linux-perf, scripts/install-deps.sh)"
if ! err=$("$PERF" stat -e cpu-clock -- true 2>&1 >/dev/null); then
	die "'$PERF stat' does not work yet: $(echo "$err" | tail -n 1)"
fi

# ---- helpers ---------------------------------------------------------------

mkdir -p "$HELPERS"
build() {
	printf '  %-8s %s\n' "$1" "$2"
	shift 2
	"$@"
}
build CC "$HELPERS/pingpong" "$CC" "${CFLAGS[@]}" -o "$HELPERS/pingpong" bench/pingpong.c
build CC "$HELPERS/timecmd" "$CC" "${CFLAGS[@]}" -o "$HELPERS/timecmd" bench/timecmd.c
build CC "$HELPERS/work" "$CC" "${CFLAGS[@]}" -o "$HELPERS/work" bench/work.c
build CC "$HELPERS/faults" "$CC" "${CFLAGS[@]}" -o "$HELPERS/faults" bench/faults.c
build CC "$HELPERS/floor_load" "$CC" "${CFLAGS[@]}" -o "$HELPERS/floor_load" \
	bench/floor_load.c -lbpf -lelf -lz
build CC "$HELPERS/readcost" "$CC" "${CFLAGS[@]}" -Wno-unused-parameter \
	-Wno-missing-field-initializers -Itools/perf -o "$HELPERS/readcost" \
	bench/readcost.c "$OUTPUT/libperf-util.a" -lbpf -lelf -lz -lm
build BPF "$HELPERS/floor.bpf.o" "$CLANG" -O2 -g --target=bpf -Wall -Werror \
	-I/usr/include/"$("$CC" -print-multiarch)" -c bench/floor.bpf.c \
	-o "$HELPERS/floor.bpf.o"

# ---- run -------------------------------------------------------------------

stamp=$(date +%Y%m%d-%H%M%S)
results=bench/results/$stamp
mkdir -p "$results"
ATTR_MAP=/sys/fs/bpf/bperf_bench_$$

# shellcheck disable=SC2317 # run by the EXIT trap
cleanup() {
	rm -f "$ATTR_MAP"
	rmdir "${ATTR_MAP}_lock" 2>/dev/null || true
}
trap cleanup EXIT

export PERF DISTRO_PERF HELPERS ATTR_MAP
status=0
python3 bench/bench.py measure "$results" || status=$?
ln -sfn "$stamp" bench/results/latest

if [ "$status" -eq 0 ] || [ -s "$results/switch.dat" ]; then
	if command -v gnuplot >/dev/null; then
		gnuplot -e "dir='$results'" bench/plot.gp ||
			echo "bench: warning: gnuplot failed; no plot" >&2
	else
		echo "bench: warning: gnuplot is missing (package gnuplot-nox); no plot" >&2
	fi
fi
echo "bench: results in $results (and bench/results/latest)"
exit "$status"
