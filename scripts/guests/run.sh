#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# make test-guests: boot each guest of guests.conf under QEMU with Debian's
# own kernel, run its tests inside, and print one closing line per guest:
#
#   <kernel>: N passed, N failed, N skipped
#
#   GUESTS="6.1 6.12"   the guests to run (default: all of guests.conf)
#   GUEST_TIMEOUT=S     longest one guest may run, boot to power-off
#   GUEST_JOBS=N        guests run at once (default: the host's CPUs)
#   GUEST_ACCEL=tcg|kvm skip the KVM probe
#   GUEST_QEMU_OPTS=... more options for QEMU
#   GUEST_SCRIPT=PATH   run the script PATH in each guest instead of its
#                       tests (the guest sees this machine's root, but
#                       mounts a tmpfs of its own on /tmp)
#
# Exits 1 if any guest fails, does not boot or does not finish.  Kernels,
# initramfs and each guest's results live under build/guests/<name>/
# (out/log: everything its tests printed).
set -uo pipefail

HERE=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
TREE=$(cd "$HERE/../.." && pwd)
WORK=${GUEST_DIR:-$TREE/build/guests}
TIMEOUT=${GUEST_TIMEOUT:-1500}
. "$HERE/lib.sh"

mkdir -p "$WORK" || exit 1
guests=$(guest_names "${GUESTS:-}") || exit 2
accel=${GUEST_ACCEL:-$(kvm_probe)}
failed=0
# What the guests share (kernel downloads, the busybox they unpack, the
# arm64 userland and build) is made first, one guest after the other;
# then the guests run, GUEST_JOBS at a time (default: one per host CPU,
# what a TCG guest keeps busy), each one's output printed when all are
# done, in guests.conf's order.
for name in $guests; do
	(kernel_fetch "$name" && initramfs_build "$name" &&
		guest_prepare_arch "$(guest_field "$name" 2)") >&2 ||
		{ echo "$name: error: cannot prepare the guest"; exit 1; }
done
jobs=${GUEST_JOBS:-$(nproc)}
running=0
for name in $guests; do
	if [ "$running" -ge "$jobs" ]; then
		wait -n
		running=$((running - 1))
	fi
	echo "guests: $name: started"
	rm -f "$WORK/$name.run" "$WORK/$name.rc"
	(guest_run "$name" "$accel" >"$WORK/$name.run" 2>&1
		echo $? >"$WORK/$name.rc") &
	running=$((running + 1))
done
wait
for name in $guests; do
	cat "$WORK/$name.run"
	[ "$(cat "$WORK/$name.rc" 2>/dev/null)" = 0 ] || failed=1
done
exit $failed
