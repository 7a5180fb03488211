#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
"""A bperf count between plain counts of sessions around it and inside it.

  check_nested.py --event EVENT [--aggr MODE] [--interval] [--rows N]
                  OUTER MIDDLE INNER

OUTER and INNER are perf stat -x, output of -e EVENT, MIDDLE that of a
session counting EVENT:b (with --interval, -I output: its intervals are
summed), all three of the same CPUs and aggregation.  OUTER's session had
MIDDLE's as its workload and MIDDLE's had INNER's, so each one's window,
enable to disable, holds the next one's, whatever the scheduler did
between two of a session's enables or disables.  Two events of one
session never share a window (perf enables and disables them one after
the other), and in a guest whose vCPU the host keeps off its CPU for
milliseconds, an exiting workload's switches fall between the two: 4 of
69 on a 6.1 guest.  Here no window is assumed: a count that grows with
time, counted exactly, lies in

  INNER <= EVENT:b <= OUTER

in every row; INNER above 0 (the work was seen).  Prints a line a row,
with how far bperf is from each side; exits 1 if a row lies outside, a
row is missing from a file, a value is not a whole number or fewer than
N rows were found.
"""

import argparse
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import compare_counts  # noqa: E402  (perf's -x, rows)


def counts(path, event, aggr, interval):
    """{aggr id: count} of event's rows, summed over intervals."""
    out = {}
    for key, ev, value, _ in compare_counts.file_rows(path, aggr, interval):
        if ev != event:
            continue
        if not value.isdigit():
            sys.exit("%s: %s %s: not a whole count: %r" %
                     (path, " ".join(key), ev, value))
        row = key[1:] if interval else key
        out[row] = out.get(row, 0) + int(value)
    return out


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--event", required=True)
    ap.add_argument("--aggr", default="global")
    ap.add_argument("--interval", action="store_true")
    ap.add_argument("--rows", type=int, default=1)
    ap.add_argument("outer")
    ap.add_argument("middle")
    ap.add_argument("inner")
    args = ap.parse_args()
    outer = counts(args.outer, args.event, args.aggr, False)
    middle = counts(args.middle, args.event + ":b", args.aggr, args.interval)
    inner = counts(args.inner, args.event, args.aggr, False)
    bad = 0
    for row in sorted(set(outer) | set(middle) | set(inner)):
        name = " ".join(row + (args.event,))
        if row not in outer or row not in middle or row not in inner:
            print("%s: not in every file (outer %s, bperf %s, inner %s)" %
                  (name, outer.get(row), middle.get(row), inner.get(row)))
            bad += 1
            continue
        lo, b, hi = inner[row], middle[row], outer[row]
        ok = 0 < lo <= b <= hi
        bad += not ok
        print("%s: inner %d <= bperf %d <= outer %d: %+d, %+d%s" %
              (name, lo, b, hi, b - lo, b - hi, "" if ok else "  <- off"))
    if len(middle) < args.rows:
        print("%d rows, expected at least %d" % (len(middle), args.rows))
        bad += 1
    print("%d rows: %s" % (len(middle), "within the nested sessions' counts"
                           if not bad else "%d off" % bad))
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
