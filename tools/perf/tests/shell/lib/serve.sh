# SPDX-License-Identifier: GPL-2.0
# shellcheck shell=bash
#
# Helpers for the perf stat --serve tests.  Source after lib.sh:
#
#   serve_require            curl, jq, promtool and python3-prometheus-client
#                            (make deps installs them: a missing one fails)
#   serve_start NAME ARGS... perf stat --serve 127.0.0.1:0 ARGS in the
#                            background; sets SERVE_PID[NAME], SERVE_URL[NAME]
#                            and SERVE_ERR[NAME] (its stderr)
#   serve_stop NAME [SIG]    SIGINT (or SIG) it and wait; its exit status
#   scrape OUT URL [FMT]     one scrape with curl (FMT om, the default, or
#                            text); OUT.body, OUT.t0 and OUT.t1 (CLOCK_REALTIME
#                            ns around it), and OUT.json: the samples parsed
#                            by prometheus_client's strict parser; with
#                            SCRAPE_PID set, OUT.s0 and OUT.s1: its CPU time
#                            (schedstat, ns) right before and after curl
#   sample OUT KEY           the value of sample KEY ("name{k=v,...}",
#                            labels sorted) in OUT.json, or nothing

SERVE_CLIENT=$T_SHELL_DIR/serve_client.py
# The distribution's python, where python3-prometheus-client installs.
SERVE_PY=python3
[ -x /usr/bin/python3 ] && SERVE_PY=/usr/bin/python3
declare -A SERVE_PID SERVE_URL SERVE_ERR

serve_require() {
	local c
	t_require_root
	t_require_perf
	for c in curl jq promtool; do
		command -v "$c" >/dev/null 2>&1 ||
			t_abort "needs $c: run make deps (scripts/install-deps.sh)"
	done
	"$SERVE_PY" -c 'import prometheus_client.openmetrics.parser' 2>/dev/null ||
		t_abort "needs python3-prometheus-client: run make deps (scripts/install-deps.sh)"
}

serve_start() {
	local name=$1 i
	shift
	SERVE_ERR[$name]=$T_TMP/serve-$name.err
	: >"${SERVE_ERR[$name]}"
	"$PERF" stat --serve 127.0.0.1:0 "$@" 2>"${SERVE_ERR[$name]}" &
	SERVE_PID[$name]=$!
	T_BG_PIDS+=("${SERVE_PID[$name]}")
	SERVE_URL[$name]=
	# It prints its address once it listens (before it counts).
	for ((i = 0; i < 100; i++)); do
		SERVE_URL[$name]=$(sed -n 's/^perf stat: serving //p' "${SERVE_ERR[$name]}")
		[ -n "${SERVE_URL[$name]}" ] && break
		kill -0 "${SERVE_PID[$name]}" 2>/dev/null || break
		sleep 0.1
	done
	if [ -z "${SERVE_URL[$name]}" ]; then
		t_show "${SERVE_ERR[$name]}"
		t_abort "perf stat --serve $* did not start"
	fi
	# Counting starts right after the listen: the first scrape waits for it.
}

serve_stop() {
	local name=$1 sig=${2:-INT} rc
	kill -"$sig" "${SERVE_PID[$name]}" 2>/dev/null
	wait "${SERVE_PID[$name]}"
	rc=$?
	if [ $rc -eq "$T_SAN_EXIT" ] && t_perf_is_san; then
		echo "perf stat --serve ($name) ended with status $rc: a sanitizer report on its stderr" \
			>>"$T_SAN_DIR/status.$BASHPID"
	fi
	return $rc
}

scrape() {
	local out=$1 url=$2 fmt=${3:-om} accept s0 s1
	if [ "$fmt" = om ]; then
		accept='application/openmetrics-text;version=1.0.0'
	else
		accept='text/plain;version=0.0.4'
	fi
	[ -z "${SCRAPE_PID:-}" ] || read -r s0 _ <"/proc/$SCRAPE_PID/schedstat"
	date +%s%N >"$out.t0"
	curl -sSf -m 30 -H "Accept: $accept" -o "$out.body" "$url" || return 1
	date +%s%N >"$out.t1"
	if [ -n "${SCRAPE_PID:-}" ]; then
		read -r s1 _ <"/proc/$SCRAPE_PID/schedstat"
		echo "$s0" >"$out.s0"
		echo "$s1" >"$out.s1"
	fi
	"$SERVE_PY" "$SERVE_CLIENT" parse "$out.body" "$fmt" >"$out.json"
}

sample() {
	jq -r --arg k "$2" '.[$k] // empty' "$1.json"
}
