#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
"""Check perf stat's -x (CSV) output against perf's field layout.

  check_csv.py [-s SEP] [--aggr MODE] [--interval] [--repeat]
               [--event EV]... [--rows N] FILE

Every line (but '#' comments and blank lines) must hold exactly the fields
perf prints: [interval] [aggregation id [, cpu count]] value, unit, event,
[variance,] run time, percent running, metric value, metric unit.  That is
6 separators plainly, one more for -I, -A or --per-thread, two more for
--per-core/socket/die/node/cache/cluster, one more for -r.  Prints one line
per problem and exits 1 if there is any.
"""

import argparse
import csv
import re
import sys

NUM = r"-?[0-9]+(\.[0-9]+)?([eE][-+]?[0-9]+)?"
# Aggregation modes: (regex of the id, whether a cpu count follows)
AGGR = {
    "global": None,
    "cpu": (r"CPU[0-9]+", False),
    "thread": (r".+-[0-9]+", False),
    "core": (r"S[0-9]+-D[0-9]+-C[0-9]+", True),
    "socket": (r"S[0-9]+", True),
    "die": (r"S[0-9]+-D[0-9]+", True),
    "node": (r"N[0-9]+", True),
    "cache": (r"S[0-9]+-D[0-9]+-L([0-9]+-ID[0-9]+|[0-9]+-ID-1|-1-ID-1)", True),
    "cluster": (r"S[0-9]+-D[0-9]+-CLS[0-9]+", True),
}


def split(line, sep):
    if len(sep) == 1:
        return next(csv.reader([line], delimiter=sep))
    return line.split(sep)


def check_row(fields, args):
    """Return a list of problems with one row."""
    problems = []
    aggr = AGGR[args.aggr]
    want = 7 + (1 if args.interval else 0) + (1 if args.repeat else 0)
    if aggr:
        want += 2 if aggr[1] else 1
    if len(fields) != want:
        return ["%d fields, expected %d" % (len(fields), want)]
    i = 0
    if args.interval:
        if not re.fullmatch(NUM, fields[i].strip()):
            problems.append("bad interval time %r" % fields[i])
        i += 1
    if aggr:
        if not re.fullmatch(aggr[0], fields[i]):
            problems.append("bad %s id %r" % (args.aggr, fields[i]))
        i += 1
        if aggr[1]:
            if not re.fullmatch(r"[0-9]+", fields[i]):
                problems.append("bad cpu count %r" % fields[i])
            i += 1
    value, unit, event = fields[i : i + 3]
    i += 3
    if not (re.fullmatch(NUM, value) or value in ("<not supported>", "<not counted>")):
        problems.append("bad counter value %r" % value)
    if not event:
        problems.append("empty event name")
    if args.repeat:
        if not re.fullmatch(NUM + "%", fields[i]):
            problems.append("bad variance %r" % fields[i])
        i += 1
    runtime, pcnt, metric_value = fields[i : i + 3]
    if not re.fullmatch(r"[0-9]+", runtime):
        problems.append("bad run time %r" % runtime)
    if not re.fullmatch(NUM, pcnt):
        problems.append("bad percent running %r" % pcnt)
    if metric_value and not re.fullmatch(NUM, metric_value):
        problems.append("bad metric value %r" % metric_value)
    return problems


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("-s", "--sep", default=",")
    ap.add_argument("--aggr", choices=sorted(AGGR), default="global")
    ap.add_argument("--interval", action="store_true")
    ap.add_argument("--repeat", action="store_true")
    ap.add_argument("--event", action="append", default=[],
                    help="an event that must appear")
    ap.add_argument("--rows", type=int, help="exact number of rows")
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
            fields = split(line.strip() if args.interval else line, args.sep)
            problems = check_row(fields, args)
            for p in problems:
                print("%s:%d: %s: %s" % (args.file, n, p, line))
            bad += bool(problems)
            if not problems:
                aggr = AGGR[args.aggr]
                skip = (1 if args.interval else 0) + (
                    (2 if aggr[1] else 1) if aggr else 0)
                events.add(fields[skip + 2])
    for ev in args.event:
        if ev not in events:
            print("%s: event %r missing" % (args.file, ev))
            bad += 1
    if args.rows is not None and rows != args.rows:
        print("%s: %d rows, expected %d" % (args.file, rows, args.rows))
        bad += 1
    if rows == 0:
        print("%s: no rows" % args.file)
        bad += 1
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
