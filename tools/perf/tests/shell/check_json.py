#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
"""Check perf stat's -j (JSON) output: one JSON object per line.

  check_json.py [--aggr MODE] [--interval] [--repeat]
                [--event EV]... [--rows N] FILE

Every object has counter-value (a string: a number, "<not supported>" or
"<not counted>"), unit, event, event-runtime and pcnt-running, optionally
metric-value and metric-unit, plus exactly the keys of its aggregation
mode (cpu, thread, core/socket/die/node/cache/cluster with
aggregate-number), interval with -I and variance with -r.  Prints one line
per problem and exits 1 if there is any.
"""

import argparse
import json
import numbers
import re
import sys

NUM = r"-?[0-9]+(\.[0-9]+)?([eE][-+]?[0-9]+)?"
COMMON = {"counter-value", "unit", "event", "event-runtime", "pcnt-running"}
OPTIONAL = {"metric-value", "metric-unit"}
# Aggregation modes: (key, regex of its value, with aggregate-number)
AGGR = {
    "global": None,
    "cpu": ("cpu", r"[0-9]+", False),
    "thread": ("thread", r".+-[0-9]+", False),
    "core": ("core", r"S[0-9]+-D[0-9]+-C[0-9]+", True),
    "socket": ("socket", r"S[0-9]+", True),
    "die": ("die", r"S[0-9]+-D[0-9]+", True),
    "node": ("node", r"N[0-9]+", True),
    "cache": ("cache", r"S[0-9]+-D[0-9]+-L([0-9]+-ID[0-9]+|[0-9]+-ID-1|-1-ID-1)", True),
    "cluster": ("cluster", r"S[0-9]+-D[0-9]+-CLS[0-9]+", True),
}


def is_num(v):
    return isinstance(v, numbers.Real) and not isinstance(v, bool)


def check_obj(obj, args):
    if not isinstance(obj, dict):
        return ["not a JSON object"]
    problems = []
    aggr = AGGR[args.aggr]
    need = set(COMMON)
    if args.interval:
        need.add("interval")
    if args.repeat:
        need.add("variance")
    if aggr:
        need.add(aggr[0])
        if aggr[2]:
            need.add("aggregate-number")
    for k in sorted(need - obj.keys()):
        problems.append("key %r missing" % k)
    for k in sorted(obj.keys() - need - OPTIONAL):
        problems.append("unexpected key %r" % k)

    v = obj.get("counter-value")
    if not (isinstance(v, str) and (re.fullmatch(NUM, v) or
            v in ("<not supported>", "<not counted>"))):
        problems.append("bad counter-value %r" % (v,))
    if not isinstance(obj.get("unit", ""), str):
        problems.append("unit is not a string")
    if not (isinstance(obj.get("event"), str) and obj.get("event")):
        problems.append("bad event %r" % (obj.get("event"),))
    rt = obj.get("event-runtime", 0)
    if not (isinstance(rt, int) and not isinstance(rt, bool) and rt >= 0):
        problems.append("bad event-runtime %r" % (rt,))
    for k in ("pcnt-running", "metric-value", "interval", "variance"):
        if k in obj and not is_num(obj[k]):
            problems.append("%s is not a number: %r" % (k, obj[k]))
    if "metric-unit" in obj and not isinstance(obj["metric-unit"], str):
        problems.append("metric-unit is not a string")
    if aggr and aggr[0] in obj:
        a = obj[aggr[0]]
        if not (isinstance(a, str) and re.fullmatch(aggr[1], a)):
            problems.append("bad %s %r" % (aggr[0], a))
    if "aggregate-number" in obj:
        n = obj["aggregate-number"]
        if not (isinstance(n, int) and not isinstance(n, bool) and n > 0):
            problems.append("bad aggregate-number %r" % (n,))
    return problems


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--aggr", choices=sorted(AGGR), default="global")
    ap.add_argument("--interval", action="store_true")
    ap.add_argument("--repeat", action="store_true")
    ap.add_argument("--event", action="append", default=[],
                    help="an event that must appear")
    ap.add_argument("--rows", type=int, help="exact number of objects")
    ap.add_argument("file")
    args = ap.parse_args()

    bad = 0
    rows = 0
    events = set()
    with open(args.file, encoding="utf-8", errors="replace") as f:
        for n, line in enumerate(f, 1):
            line = line.rstrip("\n")
            if not line.strip() or line.startswith("#"):
                continue
            rows += 1
            try:
                obj = json.loads(line)
            except ValueError as e:
                print("%s:%d: not JSON (%s): %s" % (args.file, n, e, line))
                bad += 1
                continue
            problems = check_obj(obj, args)
            for p in problems:
                print("%s:%d: %s: %s" % (args.file, n, p, line))
            bad += bool(problems)
            if isinstance(obj, dict) and isinstance(obj.get("event"), str):
                events.add(obj["event"])
    for ev in args.event:
        if ev not in events:
            print("%s: event %r missing" % (args.file, ev))
            bad += 1
    if args.rows is not None and rows != args.rows:
        print("%s: %d objects, expected %d" % (args.file, rows, args.rows))
        bad += 1
    if rows == 0:
        print("%s: no objects" % args.file)
        bad += 1
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
