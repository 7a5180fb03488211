#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# Install what building and testing bperf needs on Debian 12, and mount bpffs.
# Idempotent: safe to run again; as root (or through sudo).

set -euo pipefail

PACKAGES=(
	build-essential make pkg-config	# build
	clang llvm			# BPF programs
	libbpf-dev bpftool		# libbpf, skeleton generation
	libelf-dev zlib1g-dev		# libbpf's own needs
	libcmocka-dev			# unit tests
	scdoc man-db			# manual pages (perf help)
	linux-perf			# the reference perf the tests compare with
	python3 jq procps util-linux coreutils	# shell tests
	gnuplot-nox valgrind		# benchmarks, leak checks
	libclang-rt-14-dev		# libFuzzer and sanitizer runtimes (make fuzz)
	libmicrohttpd-dev		# perf stat --serve (HTTP)
	prometheus curl python3-prometheus-client	# perf stat --serve tests
)

if [ "$(id -u)" -ne 0 ]; then
	if command -v sudo >/dev/null 2>&1; then
		exec sudo -- "$0" "$@"
	fi
	echo "install-deps: error: must run as root" >&2
	exit 1
fi

missing() {
	local p
	for p in "${PACKAGES[@]}"; do
		dpkg-query -W -f='${db:Status-Status}\n' "$p" 2>/dev/null |
			grep -qx installed || echo "$p"
	done
}

export DEBIAN_FRONTEND=noninteractive
if ! apt-get update; then
	# Offline is fine as long as nothing is missing.
	if [ -n "$(missing)" ]; then
		echo "install-deps: error: apt-get update failed" >&2
		exit 1
	fi
	echo "install-deps: warning: apt-get update failed, all packages present" >&2
fi
todo=$(missing)
if [ -n "$todo" ]; then
	# shellcheck disable=SC2086
	apt-get install -y --no-install-recommends $todo
fi
echo "install-deps: packages ok"

# bperf pins its attr map in bpffs, which a fresh machine does not mount.
if ! grep -qs '^[^ ]* /sys/fs/bpf bpf ' /proc/mounts; then
	mkdir -p /sys/fs/bpf
	mount -t bpf bpf /sys/fs/bpf
	echo "install-deps: mounted bpffs at /sys/fs/bpf"
fi
echo "install-deps: bpffs ok"
