#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# The Prometheus round trip: Debian's prometheus server, started here on a
# free port with a scratch storage directory, scrapes two perf stat
# --serve exporters on this machine as it would scrape two hosts; both
# count two cgroups, each with a busy loop, through bperf (sharing one
# leader).  PromQL through the HTTP API (serve_prom_check.py) must give
# each cgroup's rate per host and its sum over both hosts, in line with
# the loops' own CPU time, and the recording rules of
# contrib/prometheus/perf-stat.rules.yml must evaluate.

. "$(dirname "$0")"/lib.sh
. "$(dirname "$0")"/lib/bperf.sh
. "$(dirname "$0")"/lib/serve.sh

serve_require
t_require_bperf
command -v prometheus >/dev/null 2>&1 ||
	t_abort "needs prometheus: run make deps (scripts/install-deps.sh)"
RULES=$(cd "$T_SHELL_DIR/../../../.." && pwd)/contrib/prometheus/perf-stat.rules.yml
[ -f "$RULES" ] || t_abort "no $RULES"
CG=$(awk '$3 == "cgroup2" { print $2; exit }' /proc/mounts)
[ -n "$CG" ] || t_abort "cgroup v2 is not mounted"
TOP=perf_serve_prom_$$
mkdir -p "$CG/$TOP/a" "$CG/$TOP/b" || t_abort "cannot create cgroups under $CG"

# shellcheck disable=SC2317 # run at exit
remove_cgroups() {
	local d p
	for d in a b; do
		[ -d "$CG/$TOP/$d" ] || continue
		while read -r p; do echo "$p" >"$CG/cgroup.procs"; done <"$CG/$TOP/$d/cgroup.procs" 2>/dev/null
		rmdir "$CG/$TOP/$d"
	done
	rmdir "$CG/$TOP" 2>/dev/null
	return 0
}
t_at_exit remove_cgroups

# One busy loop per cgroup, and a sampler of its CPU time (schedstat) with
# the wall time, every 0.1 s, without forking for the reading itself.
declare -A LOOP
for d in a b; do
	# shellcheck disable=SC2016 # expanded by the inner shell
	t_bg bash -c 'echo $$ >"$0/cgroup.procs" && exec bash -c "while :; do :; done"' "$CG/$TOP/$d"
	LOOP[$d]=$T_BG_PID
done
sleep 0.2
for d in a b; do
	# shellcheck disable=SC2016 # expanded by the inner shell
	t_bg bash -c 'while read -r ns _ <"/proc/$0/schedstat"; do echo "$EPOCHREALTIME $ns"; sleep 0.1; done' \
		"${LOOP[$d]}" >"$T_TMP/loop-$d"
	[ "$(cat "$CG/$TOP/$d/cgroup.procs")" = "${LOOP[$d]}" ] ||
		t_abort "the loop of cgroup $d is not alone in it"
done
# And of the machine's steal time (/proc/stat, in ticks), the same way.
t_bg bash -c 'while read -r _ _ _ _ _ _ _ _ st _ </proc/stat; do echo "$EPOCHREALTIME $st"; sleep 0.1; done' \
	>"$T_TMP/steal"

# Two exporters ("hosts"): the same events and cgroups, one bperf leader.
for h in host1 host2; do
	serve_start "$h" --use-bpf --attr-map "$BPERF_MAP" -e task-clock,cpu-clock -a \
		--for-each-cgroup "$TOP/a,$TOP/b"
done
# A scrape is answered once its exporter counts.
for h in host1 host2; do
	scrape "$T_TMP/first-$h" "${SERVE_URL[$h]}" || t_abort "cannot scrape $h"
done
t_check "perf bperf list: one task-clock leader for both exporters" \
	test "$("$PERF" bperf list -j --attr-map "$BPERF_MAP" | jq -sc '[.[] | select(.event == "task-clock" and .state == "live")] | map(.sessions)')" = "[2]"

# Prometheus on a free port (picked by the kernel, then handed over).
prom_port=$(python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
prom=http://127.0.0.1:$prom_port
hostport() { local u=${SERVE_URL[$1]#http://}; echo "${u%/metrics}"; }
cat >"$T_TMP/prometheus.yml" <<EOF
global:
  scrape_interval: 1s
  evaluation_interval: 1s
rule_files:
  - $RULES
scrape_configs:
  - job_name: perf
    static_configs:
      - targets: ['$(hostport host1)']
        labels: {host: host1}
      - targets: ['$(hostport host2)']
        labels: {host: host2}
EOF
t_check "promtool check config" promtool check config "$T_TMP/prometheus.yml" >"$T_TMP/promtool" 2>&1
t_bg prometheus --config.file="$T_TMP/prometheus.yml" \
	--storage.tsdb.path="$T_TMP/tsdb" --web.listen-address="127.0.0.1:$prom_port" \
	--log.level=warn 2>"$T_TMP/prometheus.log"
prom_pid=$T_BG_PID
for ((i = 0; i < 300; i++)); do
	curl -sf -o /dev/null "$prom/-/ready" && break
	kill -0 "$prom_pid" 2>/dev/null || break
	sleep 0.1
done
if ! curl -sf -o /dev/null "$prom/-/ready"; then
	t_show "$T_TMP/prometheus.log"
	t_abort "prometheus did not get ready on $prom"
fi
t_pass "prometheus ready on $prom"

# The queries' window (8 s) must hold scrapes from end to end: wait until
# Prometheus has 10 s of scrapes of both (at most 60 s: it starts slowly
# under load), then query at a time just past them.
up_count() {
	curl -sf "$prom/api/v1/query" --data-urlencode 'query=count_over_time(up{job="perf"}[10s])' |
		jq -r '[.data.result[].value[1] | tonumber] | if length == 2 then min else 0 end'
}
for ((i = 0; i < 600; i++)); do
	[ "$(up_count)" -ge 10 ] 2>/dev/null && break
	sleep 0.1
done
[ "$(up_count)" -ge 10 ] 2>/dev/null ||
	t_abort "prometheus did not scrape both exporters 10 times in 10 s within 60 s"
t=$(date +%s.%N)
sleep 0.2
"$SERVE_PY" "$T_SHELL_DIR/serve_prom_check.py" "$prom" "$t" 8 "$T_TMP/steal" \
	"$TOP/a=$T_TMP/loop-a" "$TOP/b=$T_TMP/loop-b" >"$T_TMP/check" 2>&1
rc=$?
cat "$T_TMP/check"
T_ERRORS=$((T_ERRORS + $(grep -c '^FAIL' "$T_TMP/check")))
[ $rc -eq 0 ] || grep -q '^FAIL' "$T_TMP/check" ||
	t_fail "serve_prom_check.py ended with status $rc"

# What Prometheus saw of the scrapes: no failed scrape, and the format it
# asked for (OpenMetrics) parsed: up is 1 on every scrape of the window.
t_check "every scrape of both exporters succeeded (up == 1 throughout)" \
	test "$(curl -sf "$prom/api/v1/query" --data-urlencode 'query=min_over_time(up{job="perf"}[8s])' --data-urlencode "time=$t" |
		jq -c '[.data.result[].value[1]] | sort')" = '["1","1"]'

kill -INT "$prom_pid"
for h in host1 host2; do
	serve_stop "$h"
	rc=$?
	t_check "$h: SIGINT, status 130 as perf (got $rc)" test $rc -eq 130
done

t_done
