# SPDX-License-Identifier: GPL-2.0
"""A workload with a known number of page faults, for the shell tests.

    touch_pages.py CTL ACK N0 [N1 N2 ...]

Touches N0 fresh anonymous pages (one page fault each), then, between
phases, writes "enable" or "disable" (alternately, starting with enable)
to the perf stat --control fifo CTL and waits for perf's "ack" on ACK.
After an even number of phases it ends with "disable".  CTL and ACK may be
/dev/null with one phase: then it only touches N0 pages.  With
TOUCH_PAGES_EVENT set, the commands name that event ("enable EVENT").
"""
import mmap
import os
import sys


def touch(pages):
    area = mmap.mmap(-1, max(pages, 1) * mmap.PAGESIZE)
    for i in range(pages):
        area[i * mmap.PAGESIZE] = 1
    area.close()


def main():
    phases = [int(n) for n in sys.argv[3:]]
    with open(sys.argv[1], "w") as ctl, open(sys.argv[2]) as ack:
        event = os.environ.get("TOUCH_PAGES_EVENT")

        def command(cmd):
            if event:
                cmd += " " + event
            ctl.write(cmd + "\n")
            ctl.flush()
            if len(phases) > 1 and ack.readline() != "ack\n":
                sys.exit("touch_pages: no ack for " + cmd)

        for i, pages in enumerate(phases):
            if i:
                command("enable" if i % 2 else "disable")
            touch(pages)
        if len(phases) % 2 == 0:
            command("disable")


main()
