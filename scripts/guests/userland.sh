#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# The root of a guest of another architecture than this machine's (whose
# own root the other guests share): the packages its tests need, with
# their dependencies, unpacked from Debian's archive.
#
#   userland.sh ARCH DIR     needs dpkg --add-architecture ARCH (make deps)
#
# Unpacked rather than debootstrapped: apt resolves the packages'
# dependencies for ARCH (against a private, empty dpkg status) and
# downloads them, dpkg-deb -x unpacks them; no maintainer script runs, so
# the few files those would make (passwd, the awk and sh links) are made
# here.  About 15 s on the development VMs; a debootstrap's second stage
# would run dpkg under TCG in the guest, for minutes.  A stamp of the
# package versions keeps a finished root until one of them changes.
set -euo pipefail

ARCH=$1
DIR=$(realpath -m "$2")

# What the tests run in the guest, besides our own perf and its tests.
PACKAGES=(
	bash coreutils grep sed findutils diffutils mawk gawk util-linux
	mount procps psmisc libc-bin python3 jq bpftool iproute2 hostname curl
	python3-prometheus-client prometheus # promtool, for perf stat --serve
	libbpf1 libelf1 zlib1g libmicrohttpd12 libcmocka0 # perf's libraries
)

die() {
	echo "guests: error: userland $ARCH: $*" >&2
	exit 1
}

dpkg --print-foreign-architectures | grep -qx "$ARCH" ||
	die "dpkg has no $ARCH architecture (run make deps)"

stamp=$(apt-cache policy "${PACKAGES[@]/%/:$ARCH}" |
	awk '/^[^ ]/ { p = $1 } /Candidate:/ { printf "%s%s=%s", s, p, $2; s = " " }')
stamp="$stamp $(sha1sum "${BASH_SOURCE[0]}" | cut -c1-12)"
if [ -f "$DIR/.stamp" ] && [ "$(cat "$DIR/.stamp")" = "$stamp" ]; then
	exit 0
fi

start=$SECONDS
rm -rf "$DIR" "$DIR.work"
mkdir -p "$DIR" "$DIR.work/cache/archives/partial"
trap 'rm -rf "$DIR.work"' EXIT
: >"$DIR.work/status"
apt-get -q -o APT::Architecture="$ARCH" -o APT::Architectures::="$ARCH" \
	-o Dir::State::status="$DIR.work/status" -o Dir::Cache="$DIR.work/cache" \
	-o Debug::NoLocking=1 install --download-only -y \
	--no-install-recommends "${PACKAGES[@]}" >"$DIR.work/apt.log" 2>&1 ||
	{ tail -n 20 "$DIR.work/apt.log" >&2; die "cannot download the packages"; }
debs=("$DIR.work"/cache/archives/*.deb)
for deb in "${debs[@]}"; do
	dpkg-deb -x "$deb" "$DIR"
done
# What the maintainer scripts would have made.
ln -sf bash "$DIR/bin/sh"
ln -sf mawk "$DIR/usr/bin/awk"
printf 'root:x:0:0:root:/root:/bin/bash\nnobody:x:65534:65534:nobody:/nonexistent:/usr/sbin/nologin\n' \
	>"$DIR/etc/passwd"
printf 'root:x:0:\nnogroup:x:65534:\n' >"$DIR/etc/group"
mkdir -p "$DIR/root" "$DIR/tmp" "$DIR/sys/fs/bpf" "$DIR/sys/fs/cgroup"
echo "$stamp" >"$DIR/.stamp"
echo "guests: userland $ARCH: ${#debs[@]} packages, $(du -sh "$DIR" | cut -f1), $((SECONDS - start)) s"
