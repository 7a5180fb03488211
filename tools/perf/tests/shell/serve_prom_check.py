#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
"""The Prometheus side of stat_serve_prometheus.sh: PromQL through the
HTTP API of a Prometheus server that scraped two perf stat --serve
exporters ("hosts"), checked against the CPU time of the loops in the
cgroups they count (schedstat, sampled by the test with its wall time).

  serve_prom_check.py PROM_URL TIME WINDOW_S STEAL CGROUP=SAMPLES...

SAMPLES: lines "EPOCHREALTIME schedstat_ns" of the loop in CGROUP;
STEAL: lines "EPOCHREALTIME steal_ticks" of the machine (/proc/stat).
Prints one line per check, "ok: ..." or "FAIL: ...", and exits 1 if any
failed.

Bounds (measured on the 2-CPU development VM under the load of other
builds and tests, load average 10 to 37, 6 runs of the test, 4 series
each, with a 1 s scrape interval and an 8 s window):
 - the raw samples' increase between the first and the last scrape of the
   window against the loop's CPU time between the scrapes' timestamps
   (interpolated from samples every 0.1 s): -0.42..+1.14 %; bound RAW_PCT,
   and above it the steal: task-clock holds the time the hypervisor took
   from the loop's CPU, schedstat does not (under heavy steal, +2.01 to
   +2.39 % in one run), so the top is higher by what it took from each
   CPU meanwhile, on average (the machine's steal over the CPUs, plus a
   tick for the rounding at each end).
 - rate() against the raw samples' slope: 0.000 % in all 24 (the window
   holds scrapes from end to end, so rate() extrapolates by the slope);
   bound RATE_PCT.
 - sum by (cgroup) over the hosts against the hosts' own rates: equal
   within float rounding; bound 1e-9 relative.
 - the recording rule cpus_utilized against its expression evaluated at
   the rule's timestamp: 0 % in all 24; bound RULE_PCT, what one scrape
   ingested after the rule's evaluation could change (the check is of
   the rule's units: a factor 1e3 or 1e9 off fails it).
"""
import bisect
import json
import os
import sys
import urllib.parse
import urllib.request

RAW_PCT = 2.0
RATE_PCT = 1.0
RULE_PCT = 20.0

failed = 0


def check(ok, what):
    global failed
    print(("ok: " if ok else "FAIL: ") + what)
    if not ok:
        failed += 1


def query(prom, expr, t):
    url = prom + "/api/v1/query?" + urllib.parse.urlencode(
        {"query": expr, "time": f"{t:.3f}"})
    with urllib.request.urlopen(url, timeout=30) as resp:
        body = json.load(resp)
    if body.get("status") != "success":
        raise RuntimeError(f"{expr}: {body}")
    return body["data"]["result"]


def load_samples(path):
    ts, ns = [], []
    with open(path) as f:
        for line in f:
            parts = line.split()
            if len(parts) == 2:
                ts.append(float(parts[0]))
                ns.append(int(parts[1]))
    return ts, ns


def interp(samples, t):
    ts, ns = samples
    i = bisect.bisect_left(ts, t)
    if i == 0 or i >= len(ts):
        raise ValueError(f"time {t} outside the samples "
                         f"[{ts[0]}, {ts[-1]}]")
    t0, t1 = ts[i - 1], ts[i]
    return ns[i - 1] + (ns[i] - ns[i - 1]) * (t - t0) / (t1 - t0)


def main(argv):
    prom, t, window = argv[1], float(argv[2]), int(argv[3])
    steal = load_samples(argv[4])
    tick_ns = 1e9 / os.sysconf("SC_CLK_TCK")
    ncpus = os.sysconf("SC_NPROCESSORS_ONLN")
    loops = {}
    for arg in argv[5:]:
        cg, path = arg.split("=", 1)
        loops[cg] = load_samples(path)
    sel = 'perf_stat_count_total{job="perf",event="task-clock"}'

    up = {r["metric"]["host"]: r["value"][1]
          for r in query(prom, 'up{job="perf"}', t)}
    check(up == {"host1": "1", "host2": "1"},
          f"both exporters are up: {up}")

    # The raw samples: the increase between the first and the last
    # scrape of the window against the loop's CPU time between them.
    slope = {}
    for r in query(prom, f"{sel}[{window}s]", t):
        host, cg = r["metric"]["host"], r["metric"].get("cgroup")
        vals = r["values"]
        if cg not in loops or len(vals) < 3:
            check(False, f"{host} {cg}: {len(vals)} samples of a known cgroup")
            continue
        (t0, v0), (t1, v1) = vals[0], vals[-1]
        got = float(v1) - float(v0)
        want = interp(loops[cg], t1) - interp(loops[cg], t0)
        pct = 100 * (got - want) / want
        stolen = (interp(steal, t1) - interp(steal, t0) + 2) * tick_ns / ncpus
        top = RAW_PCT + 100 * stolen / want
        check(-RAW_PCT <= pct <= top,
              f"{host} {cg}: {len(vals)} scrapes over {t1 - t0:.3f} s counted "
              f"{got / 1e6:.1f} ms, the loop ran {want / 1e6:.1f} ms "
              f"({pct:+.2f} %, bounds -{RAW_PCT} and +{top:.2f} %: "
              f"{stolen / 1e6:.1f} ms of steal a CPU)")
        slope[(host, cg)] = got / (t1 - t0)
    check(len(slope) == 2 * len(loops),
          f"a series per host and cgroup ({len(slope)} of {2 * len(loops)})")

    # rate(): per host and cgroup.
    rates = {}
    for r in query(prom, f"rate({sel}[{window}s])", t):
        key = (r["metric"]["host"], r["metric"].get("cgroup"))
        rates[key] = float(r["value"][1])
        if key in slope:
            pct = 100 * (rates[key] - slope[key]) / slope[key]
            check(abs(pct) <= RATE_PCT,
                  f"rate() {key[0]} {key[1]}: {rates[key] / 1e9:.4f} CPUs, "
                  f"the samples' slope {slope[key] / 1e9:.4f} ({pct:+.3f} %)")
    # The sum over both hosts, per cgroup.
    sums = query(prom, f"sum by (cgroup) (rate({sel}[{window}s]))", t)
    check(len(sums) == len(loops), f"sum by (cgroup): {len(sums)} series")
    for r in sums:
        cg = r["metric"].get("cgroup")
        got = float(r["value"][1])
        want = rates.get(("host1", cg), 0) + rates.get(("host2", cg), 0)
        check(want > 0 and abs(got - want) <= 1e-9 * want,
              f"sum by (cgroup) {cg}: {got / 1e9:.4f} CPUs over both hosts "
              f"= host1 + host2")

    # The recording rules of contrib/prometheus/perf-stat.rules.yml.
    # The rule's last value against the same PromQL evaluated at the
    # rule's own timestamp: equal but for a scrape ingested between the
    # rule's evaluation and the query (then one scrape in ten moves it).
    util = query(prom, 'perf_stat:cpus_utilized:rate1m{job="perf"}[3s]', t)
    check(len(util) == 2 * len(loops),
          f"perf_stat:cpus_utilized:rate1m: {len(util)} series")
    for r in util:
        host, cg = r["metric"]["host"], r["metric"].get("cgroup")
        ts, val = r["values"][-1]
        val = float(val)
        want = [float(x["value"][1]) for x in query(
            prom, f"rate({sel}[1m])", ts)
            if x["metric"]["host"] == host and x["metric"].get("cgroup") == cg]
        check(len(want) == 1 and abs(val * 1e9 - want[0]) <= RULE_PCT / 100 * want[0],
              f"perf_stat:cpus_utilized:rate1m {host} {cg}: {val:.4f} CPUs, "
              f"rate(task-clock[1m]) / 1e9 at its time: "
              f"{want[0] / 1e9 if want else float('nan'):.4f} (bound {RULE_PCT} %)")
    ratio = query(prom, 'perf_stat:running_ratio:rate1m{job="perf"}', t)
    check(len(ratio) > 0 and
          all(abs(float(r["value"][1]) - 1) < 1e-6 for r in ratio),
          f"perf_stat:running_ratio:rate1m: 1 for all {len(ratio)} series "
          f"(software events are never multiplexed)")
    return 1 if failed else 0


if __name__ == "__main__":
    try:
        sys.exit(main(sys.argv))
    except Exception as e:
        print(f"FAIL: serve_prom_check.py: {e!r}")
        sys.exit(1)
