#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
"""Compare bperf's counts with plain counting of the same session.

  compare_counts.py [-s SEP | --json] [--aggr MODE] [--interval] [--repeat]
                    [--pct P] [--abs A] [--min M] [--pairs N]
                    [--same-window] [--only EVENT]... FILE

FILE is perf stat's -x (CSV) or -j (JSON) output of a session that counts
each event twice, through bperf (the b modifier: "task-clock:b",
"msr/tsc/b", "page-faults:ub") and plainly ("task-clock", "msr/tsc/",
"page-faults:u").  Every bperf row is paired with the plain row of the
same event, interval and aggregation id (CPU, core, socket, thread...),
parsed with the field layout of check_csv.py or, for JSON, the keys that
check_json.py checks.  A pair passes when the two values differ by at
most A or by at most P percent of the plain value, whichever is larger,
and the plain value is at least M (the work was seen).  Prints one line
per pair and the largest difference; exits 1 if a pair fails, a row
cannot be paired, a value is not a number or fewer than N pairs (1 by
default) were found.  With --only, just the bperf rows of those events
are checked (to give each event its own bound).

With --same-window the plain value is first brought to the bperf row's
window: multiplied by the bperf row's enabled time over the plain row's
(enabled = run time * 100 / percent running, as perf prints them).  perf
stat enables and disables its events one after the other, so two events
of one session count over windows that differ by however long the
process was kept off the CPU in between; for counts that grow with time
(-a clocks) that difference is the reference's, not bperf's.
"""

import argparse
import json
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import check_csv  # noqa: E402  (the CSV field layout)
import check_json  # noqa: E402  (the JSON keys)


def plain_name(event):
    """The plain event of a bperf one: its modifiers without the b."""
    for sep in (":", "/"):
        head, found, mods = event.rpartition(sep)
        if found and "b" in mods and "=" not in mods and "/" not in mods:
            mods = mods.replace("b", "")
            return head + (sep + mods if mods or sep == "/" else "")
    return None


def enabled(runtime, pcnt):
    """The enabled time of a row from its run time and percent running."""
    try:
        run, pct = float(runtime), float(pcnt)
    except (TypeError, ValueError):
        return None
    return run * 100.0 / pct if pct > 0 else None


def json_rows(args):
    """(key, event, value, enabled) of every JSON object, as rows() does."""
    aggr = check_json.AGGR[args.aggr]
    with open(args.file, encoding="utf-8", errors="replace") as f:
        for n, line in enumerate(f, 1):
            if not line.strip() or line.startswith("#"):
                continue
            obj = json.loads(line)
            problems = check_json.check_obj(obj, args)
            if problems:
                sys.exit("%s:%d: %s: %s" % (args.file, n, problems[0], line))
            key = ((str(obj["interval"]),) if args.interval else ()) + \
                ((obj[aggr[0]],) if aggr else ())
            yield key, obj["event"], obj["counter-value"], \
                enabled(obj.get("event-runtime"), obj.get("pcnt-running"))


def rows(args):
    """(key, event, value, enabled) of every row; key is (interval, aggr
    id)."""
    if args.json:
        yield from json_rows(args)
        return
    aggr = check_csv.AGGR[args.aggr]
    skip = (1 if args.interval else 0) + ((2 if aggr[1] else 1) if aggr else 0)
    with open(args.file, encoding="utf-8", errors="replace") as f:
        for n, line in enumerate(f, 1):
            line = line.rstrip("\n")
            if not line.strip() or line.startswith("#"):
                continue
            fields = check_csv.split(line.strip() if args.interval else line,
                                     args.sep)
            problems = check_csv.check_row(fields, args)
            if problems:
                sys.exit("%s:%d: %s: %s" % (args.file, n, problems[0], line))
            key = tuple(fields[: 1 if args.interval else 0]) + \
                tuple(fields[1 if args.interval else 0: skip][:1])
            i = skip + 3 + (1 if args.repeat else 0)
            yield key, fields[skip + 2], fields[skip], \
                enabled(fields[i], fields[i + 1])


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("-s", "--sep", default=",")
    ap.add_argument("--json", action="store_true")
    ap.add_argument("--aggr", choices=sorted(check_csv.AGGR), default="global")
    ap.add_argument("--interval", action="store_true")
    ap.add_argument("--repeat", action="store_true")
    ap.add_argument("--pct", type=float, default=0.0)
    ap.add_argument("--abs", type=float, default=0.0)
    ap.add_argument("--min", type=float, default=0.0)
    ap.add_argument("--pairs", type=int, default=1)
    ap.add_argument("--same-window", action="store_true",
                    help="scale the plain value to the bperf row's window")
    ap.add_argument("--only", action="append", default=[],
                    help="check only this bperf event (EV:b)")
    ap.add_argument("file")
    args = ap.parse_args()

    plain = {}
    bperf = []
    for key, event, value, en in rows(args):
        base = plain_name(event)
        if base is None:
            plain[(key, event)] = (value, en)
        elif not args.only or event in args.only:
            bperf.append((key, event, base, value, en))

    bad = 0
    worst = None
    for key, event, base, value, en_b in bperf:
        where = " ".join(k.strip() for k in key)
        label = "%s%s" % (where + " " if where else "", event)
        if (key, base) not in plain:
            print("%s: no plain %s row beside it" % (label, base))
            bad += 1
            continue
        pvalue, en_p = plain[(key, base)]
        try:
            b, p = float(value), float(pvalue)
        except ValueError:
            print("%s: not a number: bperf %r, plain %r" %
                  (label, value, pvalue))
            bad += 1
            continue
        if args.same_window:
            if not en_b or not en_p:
                print("%s: no enabled time to bring plain %s to bperf's "
                      "window" % (label, pvalue))
                bad += 1
                continue
            p = p * en_b / en_p
            pvalue = "%.6g (%s over %.6g of %.6g enabled)" % \
                (p, pvalue, en_b, en_p)
        diff = b - p
        pct = 100.0 * diff / p if p else (0.0 if b == p else float("inf"))
        ok = abs(diff) <= max(args.abs, args.pct * abs(p) / 100.0)
        ok = ok and p >= args.min
        print("%s: bperf %s, plain %s: %+.6g (%+.3f %%)%s" %
              (label, value, pvalue, diff, pct,
               "" if ok else "  <- off"))
        if p < args.min:
            print("  plain %s is below %g: the work was not seen" %
                  (pvalue, args.min))
        bad += not ok
        if worst is None or abs(pct) > abs(worst[0]):
            worst = (pct, label)
    if len(bperf) < args.pairs:
        print("%d bperf rows, expected at least %d" % (len(bperf), args.pairs))
        bad += 1
    if worst:
        print("%d pairs, largest difference %+.3f %% (%s); bound %g or %g %%"
              % (len(bperf), worst[0], worst[1], args.abs, args.pct))
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
