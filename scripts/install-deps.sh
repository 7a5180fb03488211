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
	python3 jq procps util-linux coreutils strace	# shell tests
	gnuplot-nox valgrind		# benchmarks, leak checks
	libclang-rt-14-dev		# libFuzzer and sanitizer runtimes (make fuzz)
	libmicrohttpd-dev		# perf stat --serve (HTTP)
	prometheus curl python3-prometheus-client	# perf stat --serve tests
	qemu-system-x86 cpio		# make test-guests (Debian's kernels)
	# make ARCH=arm64: the cross compiler and the arm64 libraries
	gcc-aarch64-linux-gnu libc6-dev:arm64 libbpf-dev:arm64
	libelf-dev:arm64 zlib1g-dev:arm64 libmicrohttpd-dev:arm64
	libcmocka-dev:arm64
	qemu-system-arm			# the arm64 guest (a PMU to test with)
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
# The arm64 packages above (multiarch) need the architecture first.
if ! dpkg --print-foreign-architectures | grep -qx arm64; then
	dpkg --add-architecture arm64
fi
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
