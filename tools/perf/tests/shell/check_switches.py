#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
"""Each thread's task-clock through bperf against plain counting, by the
per-switch model (README, "How bperf works"): bperf gives a thread the
context switch that puts it on the CPU, plain counting gives it to
nobody.

  check_switches.py --us US [--min-ms MS] [--min-cs N] [--rows N] FILE

FILE is perf stat -x, --per-thread output of task-clock:b, task-clock and
context-switches:b.  Each thread's row passes when plain counted more
than MS ms, bperf saw at least N switches, and task-clock:b - task-clock
is within [-0.02, switches x US us + 0.02] ms (0.02: the two decimals
printed); the file passes when every row does and there are at least
--rows of them.  Prints a line a row.
"""

import argparse
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import compare_counts  # noqa: E402  (perf's -x, rows)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--us", type=float, required=True)
    ap.add_argument("--min-ms", type=float, default=1.0)
    ap.add_argument("--min-cs", type=int, default=1)
    ap.add_argument("--rows", type=int, default=1)
    ap.add_argument("file")
    args = ap.parse_args()
    rows = {}
    for key, event, value, _ in compare_counts.file_rows(args.file,
                                                          aggr="thread"):
        try:
            rows.setdefault(key[0], {})[event] = float(value)
        except ValueError:
            pass
    bad = 0
    for thread, v in sorted(rows.items()):
        b, p = v.get("task-clock:b", 0), v.get("task-clock", 0)
        cs = v.get("context-switches:b", 0)
        ok = (p > args.min_ms and cs >= args.min_cs and
              -0.02 <= b - p <= cs * args.us / 1000 + 0.02)
        bad += not ok
        print("%s: task-clock:b %.2f ms, task-clock %.2f ms, %d switches: "
              "%+.3f ms (%+.2f us a switch)%s" %
              (thread, b, p, cs, b - p, 1000 * (b - p) / cs if cs else 0,
               "" if ok else "  <- off"))
    if len(rows) < args.rows:
        print("%d rows, expected at least %d" % (len(rows), args.rows))
        bad += 1
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
