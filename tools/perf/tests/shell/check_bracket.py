#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
"""Each interval of a bperf event between two plain readings of it.

  check_bracket.py --event EVENT [--us US] [--pct PCT] [--min-ms MS]
                   [--rows N] FILE

FILE is perf stat -x, -I output of -e EVENT,EVENT:b,EVENT[,
context-switches:b] on a task that did not run before the session was
enabled (lib/bperf.sh's bperf_window).  perf reads the events of an
interval one after the other, in that order, so the task runs a little
between the reads of the two backends: compared interval by interval,
bperf and plain differ by that, however exact bperf is (on the sanitizer
build, up to 0.77 ms of a 100 ms interval).  With the plain event read
before and after the bperf one, each interval's running sums must hold

  sum(first EVENT) - r - p <= sum(EVENT:b) <= sum(second EVENT) + s + r + p

r: 0.01 ms for each interval summed (the two decimals printed of two
rows); s: US us for each switch bperf counted (it gives a task the
context switch that puts it on the CPU, plain counting gives it to
nobody); p: PCT percent of the plain sum.  The file passes when every interval does, at least N intervals
counted, and the second EVENT summed more than MS ms.  Prints a line an
interval.
"""

import argparse
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import compare_counts  # noqa: E402  (perf's -x, rows)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--event", required=True)
    ap.add_argument("--us", type=float, default=0.0)
    ap.add_argument("--pct", type=float, default=0.0)
    ap.add_argument("--min-ms", type=float, default=1.0)
    ap.add_argument("--rows", type=int, default=1)
    ap.add_argument("file")
    args = ap.parse_args()
    intervals = {}
    for key, event, value, _ in compare_counts.file_rows(args.file,
                                                          interval=True):
        try:
            v = float(value)
        except ValueError:
            v = 0.0     # <not counted>: before the enable, after the disable
        intervals.setdefault(key[0], {}).setdefault(event, []).append(v)
    ev, evb = args.event, args.event + ":b"
    lo = b = hi = cs = 0.0
    bad = counted = 0
    for k, t in enumerate(intervals, 1):
        v = intervals[t]
        if len(v.get(ev, [])) != 2 or len(v.get(evb, [])) != 1:
            print("%s: expected two %s rows and one %s row" % (t, ev, evb))
            bad += 1
            continue
        lo += v[ev][0]
        hi += v[ev][1]
        b += v[evb][0]
        cs += v.get("context-switches:b", [0])[0]
        counted += v[ev][1] > 0
        r = 0.01 * k
        bottom = lo - r - lo * args.pct / 100
        top = hi + cs * args.us / 1000 + r + hi * args.pct / 100
        ok = bottom <= b <= top
        bad += not ok
        print("%s: %.2f <= %s %.2f <= %.2f ms (%s %.2f and %.2f, %d "
              "switches)%s" % (t, bottom, evb, b, top, ev, lo, hi, cs,
               "" if ok else "  <- off"))
    if counted < args.rows or hi <= args.min_ms:
        print("%d intervals counted, %.2f ms: expected at least %d, over "
              "%.2f ms" % (counted, hi, args.rows, args.min_ms))
        bad += 1
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
