#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# Inside a guest, as its init (after scripts/guests/init): mount what the
# tests need, run one set of tests, write the results to /guest-out and
# power off.
#
#   guest-job.sh TREE TESTS ACCEL
#
# TREE is the build tree (the same path as on the host), TESTS a set of
# scripts/guests/guest-tests.sh, ACCEL the guest's accelerator (tcg, kvm).  Writes /guest-out/uname (the kernel),
# /guest-out/log (everything the tests print) and /guest-out/summary (their
# "N passed, N failed, N skipped", or why none ran).
set -u
tree=$1
tests=$2
accel=$3
out=/guest-out

mount -t proc proc /proc
mount -t sysfs sysfs /sys
mount -t devtmpfs devtmpfs /dev
mkdir -p /dev/pts /dev/shm
ln -sf /proc/self/fd /dev/fd
ln -sf /proc/self/fd/0 /dev/stdin
ln -sf /proc/self/fd/1 /dev/stdout
ln -sf /proc/self/fd/2 /dev/stderr
mount -t devpts devpts /dev/pts
mount -t tmpfs tmpfs /dev/shm
# A tree under /tmp (a clone in /tmp/ci, as CI's recipe makes one) would
# be hidden by the guest's own /tmp: hold it elsewhere, and put it back
# at its path on top of the new /tmp.
held=
case $tree in
/tmp/*)
	held=/mnt/bperf-tree
	mkdir -p "$held" && mount --bind "$tree" "$held" || held=
	;;
esac
mount -t tmpfs tmpfs /tmp
if [ -n "$held" ]; then
	mkdir -p "$tree" && mount --move "$held" "$tree"
fi
mount -t tmpfs tmpfs /run
mount -t bpf bpf /sys/fs/bpf
mount -t tracefs tracefs /sys/kernel/tracing
mount -t debugfs debugfs /sys/kernel/debug
mount -t cgroup2 cgroup2 /sys/fs/cgroup
# As systemd does at boot: until the root's subtree_control is first
# written, new cgroups get no css of the implicit controllers, and perf
# cannot count a cgroup (perf_event_open: ENOENT, for /usr/bin/perf too).
echo "+cpu +memory +pids" >/sys/fs/cgroup/cgroup.subtree_control
ip link set lo up 2>/dev/null || ifconfig lo up 2>/dev/null
hostname guest 2>/dev/null
export PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin
export HOME=/root TERM=dumb

uname -r >"$out/uname"
echo "no test ran: the job ended early" >"$out/summary"
mkdir -p "$out/tests"
cd "$tree" &&
	GUEST_OUT=$out/tests "$tree/scripts/guests/guest-tests.sh" "$tests" \
		"$accel" >"$out/log" 2>&1
tail -n 1 "$out/log" >"$out/summary"
sync
echo o >/proc/sysrq-trigger
sleep 60
