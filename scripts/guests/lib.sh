# SPDX-License-Identifier: GPL-2.0
# shellcheck shell=bash
#
# The pieces of scripts/guests/run.sh: guests.conf, kernels, initramfs,
# the KVM probe and one guest's boot.  Needs $HERE, $TREE and $WORK.

# What differs between the architectures of the guests: QEMU, its machine,
# the serial console, the modules the initramfs loads, memory.
arch_qemu() {
	case $1 in
	amd64) echo qemu-system-x86_64 ;;
	arm64) echo qemu-system-aarch64 ;;
	esac
}
# arm64: the virt machine's PMU (armv8_pmuv3) counts instructions only
# under -icount, in which QEMU counts instructions exactly.
arch_machine() {
	case $1 in
	amd64) echo "-m 3072" ;;
	arm64) echo "-M virt -cpu max -m 2048 -icount shift=0" ;;
	esac
}
arch_console() {
	case $1 in
	amd64) echo ttyS0 ;;
	arm64) echo ttyAMA0 ;;
	esac
}
ARCH_MODULES="virtio_pci 9pnet_virtio 9p overlay"

# guest_field NAME COLUMN: a column of NAME's line in guests.conf (2 arch,
# 3 CPUs, 4 kernel regex, 5 tests).
guest_field() {
	awk -v n="$1" -v c="$2" '!/^#/ && NF >= 5 && $1 == n { print $c }' \
		"$HERE/guests.conf"
}

# guest_names [NAMES]: the guests to run, checked against guests.conf.
guest_names() {
	local all n
	all=$(awk '!/^#/ && NF >= 5 { print $1 }' "$HERE/guests.conf")
	[ -n "$1" ] || { echo $all; return 0; }
	for n in $1; do
		if ! grep -qxF -- "$n" <<<"$all"; then
			echo "guests: error: no guest '$n' in guests.conf (guests: $(echo $all))" >&2
			return 1
		fi
	done
	echo "$1"
}

# deb_fetch PKG ARCH DIR: download the newest PKG of ARCH and unpack it
# into DIR (once: DIR/.unpacked marks it done).
deb_fetch() {
	local pkg=$1 arch=$2 dir=$3 deb
	[ -f "$dir/.unpacked" ] && return 0
	rm -rf "$dir" "$dir.deb" && mkdir -p "$dir.deb" || return 1
	(cd "$dir.deb" &&
		apt-get -q -o APT::Sandbox::User=root download "$pkg:$arch" >/dev/null) ||
		{ echo "guests: error: apt-get download $pkg:$arch failed" >&2; return 1; }
	deb=$(ls "$dir.deb"/*.deb) &&
		dpkg-deb -x "$deb" "$dir" && touch "$dir/.unpacked" ||
		{ echo "guests: error: cannot unpack $deb" >&2; return 1; }
	rm -rf "$dir.deb"
}

# kernel_fetch NAME: the newest kernel package matching NAME's regex,
# unpacked; sets KDIR, KVER and VMLINUZ.
kernel_fetch() {
	local name=$1 arch regex pkg
	arch=$(guest_field "$name" 2)
	regex=$(guest_field "$name" 4)
	pkg=$(apt-cache pkgnames linux-image- | grep -E -- "$regex" | sort -V | tail -n 1)
	if [ -z "$pkg" ]; then
		echo "guests: error: $name: no package matches $regex (hint: apt-get update; for arm64, dpkg --add-architecture arm64)" >&2
		return 1
	fi
	KDIR=$WORK/kernels/$pkg
	deb_fetch "$pkg" "$arch" "$KDIR" || return 1
	KVER=$(ls "$KDIR/lib/modules")
	VMLINUZ=$KDIR/boot/vmlinuz-$KVER
	[ -f "$VMLINUZ" ] || { echo "guests: error: $pkg has no $VMLINUZ" >&2; return 1; }
}

# initramfs_build NAME: busybox (static, of the guest's architecture), the
# modules that mount the 9p shares, and init, in $WORK/NAME/initrd.gz.
initramfs_build() {
	local name=$1 arch d bb
	arch=$(guest_field "$name" 2)
	d=$WORK/$name/initramfs
	bb=$WORK/busybox-$arch
	deb_fetch busybox-static "$arch" "$bb" || return 1
	rm -rf "$d" && mkdir -p "$d/bin" "$d/modules" || return 1
	cp "$bb/bin/busybox" "$d/bin/busybox" &&
		install -m 755 "$HERE/init" "$d/init" &&
		python3 "$HERE/modules.py" "$KDIR/lib/modules/$KVER" "$d/modules" \
			$ARCH_MODULES >"$d/modules.order" || return 1
	(cd "$d" && find . | cpio -o -H newc --quiet | gzip -1) >"$WORK/$name/initrd.gz"
}

# guest_boot NAME ACCEL TIMEOUT: boot NAME's kernel and initramfs with its
# shares; its job is already in $WORK/NAME/out.  The serial console goes
# to $WORK/NAME/serial.log.  Returns QEMU's status (124: timed out).
guest_boot() {
	local name=$1 accel=$2 timeout=$3 arch root cpu=() accel_opt=$2 kargs
	arch=$(guest_field "$name" 2)
	root=$(guest_root "$arch")
	kargs="console=$(arch_console "$arch") panic=-1 quiet bperf.tree=$(guest_tree "$arch")"
	[ "$accel" = kvm ] && [ "$arch" = amd64 ] && cpu=(-cpu max)
	# One host thread for all the vCPUs: with one per vCPU, code the
	# kernel patches live (a tracepoint's static key, a kprobe, as every
	# leader's attach does) could still run stale on the other vCPU, and
	# the 6.12 guest died of it ("Oops: int3" in __schedule).
	[ "$accel" = tcg ] && accel_opt=tcg,thread=single
	# The vCPUs' TSCs are QEMU's one clock, yet with the vCPUs taking
	# turns the kernel's boot-time sync check fails ("Marking TSC unstable
	# due to TSCs unsynchronized"): sched_clock then keeps each CPU's clock
	# within a tick of jiffies, and cpu-clock, which counts by it, jumped
	# 3.3 ms against its own enabled time over 0.75 s in the 6.1 guest.
	# A machine with one clock says so: tsc=reliable.
	[ "$arch" = amd64 ] && kargs+=" tsc=reliable"
	# shellcheck disable=SC2046
	timeout -k 10 "$timeout" "$(arch_qemu "$arch")" $(arch_machine "$arch") \
		-accel "$accel_opt" "${cpu[@]}" -smp "$(guest_field "$name" 3)" \
		-nographic -no-reboot ${GUEST_QEMU_OPTS:-} \
		-kernel "$VMLINUZ" -initrd "$WORK/$name/initrd.gz" \
		-append "$kargs" \
		-fsdev "local,id=root,path=$root,readonly=on,security_model=none,multidevs=remap" \
		-device virtio-9p-pci,fsdev=root,mount_tag=root \
		-fsdev "local,id=out,path=$WORK/$name/out,security_model=none" \
		-device virtio-9p-pci,fsdev=out,mount_tag=out \
		$(guest_tree_share "$arch") \
		</dev/null >"$WORK/$name/serial.log" 2>&1
}

# A guest of the host's architecture shares the host's root, and sees the
# tree through it; another gets a root of its own (userland.sh) and the
# tree, read-only, at the same path as here.
host_arch() {
	dpkg --print-architecture
}
guest_root() {
	if [ "$1" = "$(host_arch)" ]; then
		echo /
	else
		echo "$WORK/userland-$1"
	fi
}
guest_tree() {
	[ "$1" = "$(host_arch)" ] || echo "$TREE"
}
guest_tree_share() {
	[ "$1" = "$(host_arch)" ] && return 0
	echo "-fsdev local,id=tree,path=$TREE,readonly=on,security_model=none,multidevs=remap"
	echo "-device virtio-9p-pci,fsdev=tree,mount_tag=tree"
}

# guest_prepare_arch ARCH: what a guest of another architecture needs
# besides its kernel: its root, and this tree built for it.
guest_prepare_arch() {
	[ "$1" = "$(host_arch)" ] && return 0
	"$HERE/userland.sh" "$1" "$(guest_root "$1")" &&
		make -s -C "$TREE" ARCH="$1" >/dev/null
}

# guest_job NAME JOB...: write the job the guest runs as its init.
guest_job() {
	local name=$1 out=$WORK/$1/out
	shift
	rm -rf "$out" && mkdir -p "$out" || return 1
	printf '#!/bin/sh\nexec %s\n' "$*" >"$out/job" && chmod +x "$out/job"
}

# kvm_probe: kvm if a guest boots with KVM within a short time, else tcg
# (on the development VMs /dev/kvm opens but a guest hangs at boot).
kvm_probe() {
	local name
	name=$(awk '!/^#/ && NF >= 5 && $2 == "amd64" { print $1; exit }' "$HERE/guests.conf")
	if [ "$(uname -m)" != x86_64 ] || [ ! -w /dev/kvm ] || [ -z "$name" ]; then
		echo tcg
		return
	fi
	if kernel_fetch "$name" >&2 && initramfs_build "$name" >&2 &&
		guest_job "$name" "sh -c 'echo ok >/guest-out/probe; echo o >/proc/sysrq-trigger; sleep 10'" &&
		guest_boot "$name" kvm 30 &&
		[ "$(cat "$WORK/$name/out/probe" 2>/dev/null)" = ok ]; then
		echo kvm
	else
		echo "guests: KVM does not boot a guest here within 30 s: TCG" >&2
		echo tcg
	fi
}

# guest_run NAME ACCEL: prepare, boot and report one guest.
guest_run() {
	local name=$1 accel=$2 arch tests start summary kernel
	arch=$(guest_field "$name" 2)
	tests=$(guest_field "$name" 5)
	[ -n "${GUEST_SCRIPT:-}" ] && tests=script:$GUEST_SCRIPT
	[ "$arch" = amd64 ] || accel=tcg
	kernel_fetch "$name" && initramfs_build "$name" &&
		guest_prepare_arch "$arch" &&
		guest_job "$name" "$TREE/scripts/guests/guest-job.sh" "$TREE" "$tests" "$accel" ||
		{ echo "$name: error: cannot prepare the guest"; return 1; }
	echo "guests: $name: booting $KVER ($arch, $accel), tests: $tests"
	start=$SECONDS
	guest_boot "$name" "$accel" "$TIMEOUT"
	local rc=$?
	kernel=$(cat "$WORK/$name/out/uname" 2>/dev/null)
	summary=$(cat "$WORK/$name/out/summary" 2>/dev/null)
	echo "guests: $name: ran $((SECONDS - start)) s"
	guest_failures "$WORK/$name/out/log"
	if [ $rc -eq 124 ] || [ $rc -eq 137 ]; then
		echo "${kernel:-$KVER}: did not finish in $TIMEOUT s ($summary)"
		tail -n 20 "$WORK/$name/serial.log" | sed 's/^/    serial| /'
		return 1
	fi
	if [ -z "$kernel" ]; then
		echo "$KVER: did not boot (QEMU status $rc)"
		tail -n 20 "$WORK/$name/serial.log" | sed 's/^/    serial| /'
		return 1
	fi
	echo "$kernel: $summary"
	[[ $summary =~ ^([0-9]+)\ passed,\ 0\ failed,\ [0-9]+\ skipped$ ]] &&
		[ "${BASH_REMATCH[1]}" -gt 0 ]
}

# guest_failures LOG: the failing tests' output (run-tests.sh prints it
# indented under each FAIL line).
guest_failures() {
	[ -f "$1" ] || return 0
	awk '/^FAIL / { show = 1; print; next } /^    \| / { if (show) print; next }
		{ show = 0 }' "$1" | sed 's/^/    /'
}
