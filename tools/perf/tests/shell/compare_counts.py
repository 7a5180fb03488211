#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
"""Compare bperf's counts with plain counting of the same session.

  compare_counts.py [-s SEP | --json] [--aggr MODE] [--interval] [--repeat]
                    [--pct P] [--abs A] [--min M] [--pairs N]
                    [--same-window] [--clock CPUS [--clock-ms MS]]
                    [--only EVENT]... FILE

FILE is perf stat's -x (CSV) or -j (JSON) output of a session that counts
each event twice, through bperf (the b modifier: "task-clock:b",
"msr/tsc/b", "page-faults:ub") and plainly ("task-clock", "msr/tsc/",
"page-faults:u").  Every bperf row is paired with the plain row of the
same event, interval and aggregation id (CPU, core, socket, thread...),
parsed with the field layout of check_csv.py or, for JSON, the keys that
check_json.py checks.  A pair passes when the two values differ by at
most A or by at most P percent of the plain value, whichever is larger,
and the plain value is above 0 and at least M (the work was seen: a
check that saw no data fails).  Prints one line
per pair and the largest difference; exits 1 if a pair fails, a row
cannot be paired, a value is not a number or fewer than N pairs (1 by
default) were found.  With --only, just the bperf rows of those events
are checked (to give each event its own bound).

With --same-window the plain value is first brought to the bperf row's
window: multiplied by the bperf row's enabled time over the plain row's
(enabled = run time * 100 / percent running, as perf prints them), and
rounded to a whole number where both values are whole counts.  perf
stat enables and disables its events one after the other, so two events
of one session count over windows that differ by however long the
process was kept off the CPU in between; for counts that grow with time
(-a clocks) that difference is the reference's, not bperf's.

--same-window alone would take bperf's word for its own window: a stale
or early baseline, with an enabled time to match, would pass.  --clock
CPUS checks every bperf row against a clock bperf has no part in as
well: the session's duration_time times CPUS, the CPUs one row counts,
times the plain row's count per enabled ns (1 for cpu-clock, the TSC's
rate for msr/tsc/).  List duration_time right before and right after
each bperf event (-e duration_time,cpu-clock:b,duration_time,cpu-clock),
so that each is enabled and disabled next to it; the nearer of the two
counts, since perf kept off the CPU between two of its enables or two
disables moves one of them away from the bperf window, not both, where
a wrong bperf window (a stale or early baseline, a late read) moves
both.  The pair then also fails when bperf is further than MS
milliseconds per CPU (--clock-ms) of that clock's worth away from it.
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


def file_rows(path, aggr="global", interval=False):
    """rows() of a perf stat -x, file, for the checkers beside this one
    (check_bracket.py, check_switches.py)."""
    return rows(argparse.Namespace(file=path, json=False, aggr=aggr,
                                   interval=interval, sep=",", repeat=False))


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("-s", "--sep", default=",")
    ap.add_argument("--json", action="store_true")
    ap.add_argument("--aggr", choices=sorted(check_csv.AGGR), default="global")
    ap.add_argument("--interval", action="store_true")
    ap.add_argument("--repeat", action="store_true")
    ap.add_argument("--pct", type=float, default=0.0)
    ap.add_argument("--abs", type=float, default=0.0)
    ap.add_argument("--min", type=float, default=None)
    ap.add_argument("--pairs", type=int, default=1)
    ap.add_argument("--same-window", action="store_true",
                    help="scale the plain value to the bperf row's window")
    ap.add_argument("--clock", type=int, metavar="CPUS",
                    help="also check bperf against duration_time x CPUS")
    ap.add_argument("--clock-ms", type=float, default=1.0, metavar="MS")
    ap.add_argument("--only", action="append", default=[],
                    help="check only this bperf event (EV:b)")
    ap.add_argument("file")
    args = ap.parse_args()

    # durations[(interval, k)]: the value of the k-th duration_time event
    # of the list in that interval.  It is counted on the first CPU only
    # (<not counted> in the other CPUs' rows), and the rows of one
    # aggregation id come in the order of the event list: a bperf row's
    # clocks are the duration_time events right before and right after
    # the bperf rows it is one of there (the members of a group).
    plain, bperf, durations, seen, near = {}, [], {}, {}, {}
    for key, event, value, en in rows(args):
        base = plain_name(event)
        ikey = key[:1] if args.interval else ()
        k = seen.get(key, 0)
        before, waiting = near.get(key, (None, []))
        if event == "duration_time":
            seen[key] = k + 1
            if value.replace(".", "").isdigit():
                durations[(ikey, k)] = value
            for clocks in waiting:
                clocks.append((ikey, k))
            near[key] = (k, [])
        elif base is None:
            near[key] = (None, [])
        if base is None:
            plain[(key, event)] = (value, en)
        elif not args.only or event in args.only:
            clocks = [(ikey, before)] if before is not None else []
            bperf.append((key, event, base, value, en, clocks))
            near[key] = (before, waiting + [clocks])
    bad = 0
    worst = clock = None
    for key, event, base, value, en_b, clocks in bperf:
        where = " ".join(k.strip() for k in key)
        label = "%s%s" % (where + " " if where else "", event)
        if (key, base) not in plain:
            print("%s: no plain %s row beside it" % (label, base))
            bad += 1
            continue
        ok, pct = compare_pair(args, label, value, en_b, *plain[(key, base)])
        bad += not ok
        if pct is None:
            continue
        if args.clock:
            off = clock_off(args, label, value, plain[(key, base)],
                            [durations.get(c) for c in clocks])
            if off is None or abs(off) > args.clock_ms:
                bad += 1
            if off is not None and (clock is None or abs(off) > abs(clock)):
                clock = off
        if worst is None or abs(pct) > abs(worst[0]):
            worst = (pct, label)
    if len(bperf) < args.pairs:
        print("%d bperf rows, expected at least %d" % (len(bperf), args.pairs))
        bad += 1
    if worst:
        print("%d pairs, largest difference %+.3f %% (%s); bound %g or %g %%%s"
              % (len(bperf), worst[0], worst[1], args.abs, args.pct,
                 "; off the clock by %+.4f ms a CPU at most, bound %g" %
                 (clock, args.clock_ms) if clock is not None else ""))
    return 1 if bad else 0


def compare_pair(args, label, value, en_b, pvalue, en_p):
    """Print one pair; (whether it passes, its difference in percent or
    None where there is none)."""
    try:
        b, p = float(value), float(pvalue)
    except ValueError:
        print("%s: not a number: bperf %r, plain %r" % (label, value, pvalue))
        return False, None
    if args.same_window:
        if not en_b or not en_p:
            print("%s: no enabled time to bring plain %s to bperf's window" %
                  (label, pvalue))
            return False, None
        p = p * en_b / en_p
        # A count of whole events (switches, faults) brought to another
        # window is still a whole count: 10 switches scaled to 9.99988
        # would make one switch in the gap between the two enables
        # more than one.
        if value.isdigit() and pvalue.isdigit():
            p = float(round(p))
        pvalue = "%.6g (%s over %.6g of %.6g enabled)" % \
            (p, pvalue, en_b, en_p)
    diff = b - p
    pct = 100.0 * diff / p if p else (0.0 if b == p else float("inf"))
    # Within the bound as printed: 2.06 - 2.16 is -0.10000000000000009
    # in binary floating point, which a bound of 0.1 must take.
    ok = abs(diff) <= max(args.abs, args.pct * abs(p) / 100.0) + \
        1e-9 * max(1.0, abs(b), abs(p))
    # A check that saw no data fails: plain must have counted something,
    # and at least --min where that is given.
    seen = p > 0 and (args.min is None or p >= args.min)
    print("%s: bperf %s, plain %s: %+.6g (%+.3f %%)%s" %
          (label, value, pvalue, diff, pct, "" if ok and seen else "  <- off"))
    if not seen:
        print("  plain %s is %s: the work was not seen" %
              (pvalue, "0" if p <= 0 else "below %g" % args.min))
    return ok and seen, pct


def clock_off(args, label, value, plain_row, durations):
    """How far bperf's value is from the session's duration_time x CPUs x
    plain's rate, in ms a CPU: from the nearer of the duration_time events
    listed right before and right after it (perf kept off the CPU between
    two enables or two disables moves one of them away, not both; a wrong
    bperf window moves both).  None if there is nothing to compare."""
    pvalue, en_p = plain_row
    try:
        b, p = float(value), float(pvalue)
        ds = [float(d) for d in durations]
    except (TypeError, ValueError):
        ds = []
    if not ds:
        print("  %s: no duration_time %r beside it to check bperf %s "
              "against" % (label, durations, value))
        return None
    if not en_p or p <= 0 or min(ds) <= 0:
        print("  %s: no plain rate (%s over %s ns enabled) or no duration "
              "%r" % (label, pvalue, en_p, durations))
        return None
    rate = p / en_p     # plain's count per enabled ns of one CPU
    offs = [(b - args.clock * d * rate) / rate / 1e6 / args.clock for d in ds]
    off = min(offs, key=abs)
    print("  %s: against the clock, %d CPUs x %s ns of duration_time x "
          "%.6g a ns: %s ms a CPU%s" %
          (label, args.clock, " or ".join("%.0f" % d for d in ds), rate,
           " or ".join("%+.4f" % o for o in offs),
           "" if abs(off) <= args.clock_ms else "  <- off"))
    return off


if __name__ == "__main__":
    sys.exit(main())
