#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
"""
check_pairs.py NAME FILE EXPECT [MIN_MS [PCT [MEDIAN_PCT]]]: each line of
FILE is one session's "bperf plain" value of the same work; every pair
must be within PCT % (1 by default) and their median within MEDIAN_PCT %
(0.2), and there must be EXPECT pairs, each with a plain value of at
least MIN_MS (5; a check without data fails).  Prints the spread; exits 0
when all holds, 1 otherwise.
"""
import statistics
import sys


def value(fields, i):
    try:
        return float(fields[i])
    except (IndexError, ValueError):
        return 0.0


def main():
    name, path, expect = sys.argv[1], sys.argv[2], int(sys.argv[3])
    min_ms = float(sys.argv[4]) if len(sys.argv) > 4 else 5.0
    bound = float(sys.argv[5]) if len(sys.argv) > 5 else 1.0
    median_bound = float(sys.argv[6]) if len(sys.argv) > 6 else 0.2
    pairs = [line.split() for line in open(path)]
    diffs, bad = [], 0
    for fields in pairs:
        b, p = value(fields, 0), value(fields, 1)
        if p < min_ms:
            bad += 1
            print("  no count: bperf %.3f ms, plain %.3f ms" % (b, p))
            continue
        d = 100 * (b - p) / p
        diffs.append(d)
        if abs(d) > bound:
            bad += 1
            print("  off: bperf %.3f ms, plain %.3f ms (%+.3f %%)" %
                  (b, p, d))
    diffs.sort()
    med = statistics.median(diffs) if diffs else float("nan")
    print("%s: %d of %d sessions counted; bperf - plain: median %+.3f %%, "
          "spread [%+.3f, %+.3f] %%, %d off (bounds %g %%, median %g %%)" %
          (name, len(diffs), expect, med, diffs[0] if diffs else 0,
           diffs[-1] if diffs else 0, bad, bound, median_bound))
    ok = len(pairs) == expect and bad == 0 and abs(med) <= median_bound
    sys.exit(0 if ok else 1)


main()
