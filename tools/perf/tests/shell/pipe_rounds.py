#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
"""A known number of context switches: pipe_rounds.py N.

This process and a child it forks pass one byte back and forth N times
over two pipes, each blocking in read() until the other has written.  Run
on one CPU (taskset -c CPU), every round trip switches twice: from this
process to the child and back.  All but one of the 2N are certain: where
this process runs first after the fork and writes before the child has
read, the child's first read finds its byte and does not block, and the
child's last switch is its exit, which perf does not count (the task's
events are gone by then).  So 2N - 1 at least.  Exits 0 when the N
round trips are done.
"""

import os
import sys


def main():
    rounds = int(sys.argv[1])
    from_parent, to_child = os.pipe()
    from_child, to_parent = os.pipe()
    pid = os.fork()
    if pid == 0:
        for _ in range(rounds):
            os.read(from_parent, 1)
            os.write(to_parent, b".")
        os._exit(0)
    for _ in range(rounds):
        os.write(to_child, b".")
        os.read(from_child, 1)
    _, status = os.waitpid(pid, 0)
    return 0 if status == 0 else 1


if __name__ == "__main__":
    sys.exit(main())
