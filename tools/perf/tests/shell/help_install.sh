#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# make install and the manual pages:
#  - make install DESTDIR=... PREFIX=/usr puts this very perf in bin/ and
#    the pages perf.1, perf-stat.1, perf-list.1, perf-bperf.1 and
#    perf-script.1 in
#    share/man/man1;
#  - the installed perf's "perf help stat" shows the installed page (one
#    marked here, so that the build tree's cannot pass for it), and the
#    built perf's shows the build tree's;
#  - every option that "perf stat/list/bperf/script -h" prints is in its page, so
#    the pages cannot fall behind the option tables;
#  - the pages render without a warning;
#  - errors: an unknown command, no man(1) at all.

. "$(dirname "$0")"/lib.sh

t_require_perf
t_require_cmd man
t_require_cmd make
ROOT=$(cd "$T_SHELL_DIR/../../../.." && pwd)
[ -f "$ROOT/Makefile" ] || t_skip "no Makefile at $ROOT: not run from the source tree"

dest=$T_TMP/root
san=()
t_perf_is_san && san=(SAN=1)
make -s -C "$ROOT" "${san[@]}" install DESTDIR="$dest" PREFIX=/usr \
	>"$T_TMP/make.out" 2>&1
rc=$?
t_check "make install DESTDIR=... PREFIX=/usr exits 0 (got $rc)" [ $rc -eq 0 ]
[ $rc -eq 0 ] || { t_show "$T_TMP/make.out" 20; t_done; }
inst=$dest/usr/bin/perf
t_check "it installs this perf as usr/bin/perf" cmp -s "$PERF" "$inst"
for page in perf perf-stat perf-list perf-bperf perf-script; do
	t_check "it installs $page.1" test -s "$dest/usr/share/man/man1/$page.1"
done
left=$(cd "$dest" && find . -type f | sort | tr '\n' ' ')
t_check "and nothing else ($left)" test "$(cd "$dest" && find . -type f | wc -l)" -eq 6

# The installed perf reads the page installed beside it.
sed -i 's/^perf-stat - run a command/& (installed page)/' \
	"$dest/usr/share/man/man1/perf-stat.1"
MANWIDTH=80 "$inst" help stat >"$T_TMP/inst" 2>"$T_TMP/inst.err"
rc=$?
t_check "installed perf help stat exits 0 (got $rc)" [ $rc -eq 0 ]
t_check "and shows the installed page" grep -q "(installed page)" "$T_TMP/inst"
t_check "with nothing on stderr" [ ! -s "$T_TMP/inst.err" ]

# The built perf, the build tree's pages; every option is documented.
for cmd in stat list bperf script; do
	MANWIDTH=200 run_perf help $cmd >"$T_TMP/$cmd.man" 2>"$T_TMP/$cmd.err"
	rc=$?
	t_check "perf help $cmd exits 0 (got $rc)" [ $rc -eq 0 ]
	t_check "perf help $cmd shows perf-$cmd(1) without a warning" \
		sh -c "head -1 '$T_TMP/$cmd.man' | grep -q '^perf-$cmd(1)' &&
			! test -s '$T_TMP/$cmd.err'"
	run_perf $cmd -h >"$T_TMP/$cmd.h" 2>&1
	opts=$(grep -oE '(^|[ ,])--?[a-zA-Z][a-zA-Z0-9-]*' "$T_TMP/$cmd.h" |
		sed 's/^[ ,]//' | sort -u)
	n=$(echo "$opts" | grep -c .)
	missing=
	for o in $opts; do
		grep -qE -- "(^|[^a-zA-Z0-9-])$o([^a-zA-Z0-9-]|$)" "$T_TMP/$cmd.man" ||
			missing="$missing $o"
	done
	t_check "the page of perf $cmd documents all $n options of its -h (missing:${missing:- none})" \
		test -z "$missing" -a "$n" -ge 2
done
t_check "perf help stat documents --use-bpf's attr map" \
	grep -q "bperf_attr_map" "$T_TMP/stat.man"

run_perf help no-such-command >"$T_TMP/out" 2>"$T_TMP/err"
rc=$?
t_check "perf help no-such-command exits 2 (got $rc)" [ $rc -eq 2 ]
t_check "with one error line naming it" \
	sh -c "grep -c . '$T_TMP/err' | grep -qx 2 &&
		head -1 '$T_TMP/err' | grep -q \"^perf: error: unknown command 'no-such-command'\""
env PATH=/nonexistent "$PERF" help stat >"$T_TMP/out" 2>"$T_TMP/err"
rc=$?
t_check "without man(1), perf help stat exits 1 (got $rc)" [ $rc -eq 1 ]
t_check "saying so on one line" \
	grep -q "^perf: error: cannot show the manual page of 'stat': man: " "$T_TMP/err"
t_done
