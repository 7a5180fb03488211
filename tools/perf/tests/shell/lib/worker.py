# SPDX-License-Identifier: GPL-2.0
"""A busy process whose every software event counts, for the shell tests.

    worker.py [SECONDS]

Runs on the CPU for SECONDS (default: until killed), and meanwhile, about
once a millisecond, touches a fresh anonymous page (one page fault, a
minor fault) and, about every 100 ms, moves to the next CPU it may run on
(a migration, and the context switch that does it).  A plain busy loop
counts no page fault or migration at all, so a comparison of those would
compare zeros.
"""
import mmap
import os
import sys
import time


def main():
    secs = float(sys.argv[1]) if len(sys.argv) > 1 else float("inf")
    cpus = sorted(os.sched_getaffinity(0))
    end = time.monotonic() + secs
    move = time.monotonic()
    turn = 0
    while time.monotonic() < end:
        area = mmap.mmap(-1, mmap.PAGESIZE)
        area[0] = 1
        area.close()
        now = time.monotonic()
        if len(cpus) > 1 and now >= move:
            turn += 1
            # moved there, then free again to run where the scheduler
            # likes: pinned, it would get less of a loaded machine
            os.sched_setaffinity(0, {cpus[turn % len(cpus)]})
            os.sched_setaffinity(0, cpus)
            move = now + 0.1
        spin = time.monotonic() + 0.001
        while time.monotonic() < spin:
            pass


main()
