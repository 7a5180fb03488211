#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
"""bperf benchmarks: the cost and accuracy of sharing, against plain counting.

  bench.py measure DIR   run the sections, write DIR/raw.csv, then report
  bench.py report DIR    from DIR/raw.csv: print the table (DIR/table.txt),
                         write DIR/summary.json, DIR/summary.csv and the
                         plot data DIR/*.dat

bench/run.sh builds the helpers and calls this; the knobs are environment
variables, documented there.  Timings on a shared VM are noisy: every
number comes from repeated, alternated runs and is shown with its spread
(the switch costs as a low quantile, since other work only adds time; the
rest as medians), and a target is only ever reported as PASS or MISS,
never asserted.
"""

import csv
import json
import math
import os
import platform
import re
import signal
import statistics
import subprocess
import sys
import time
import urllib.request

SECTIONS = ("switch", "start", "read", "accuracy", "footprint", "serve",
            "fault")

EVENTS = {
    1: "cpu-clock",
    4: "cpu-clock,task-clock,context-switches,page-faults",
    16: "cpu-clock,task-clock,context-switches,cpu-migrations,page-faults,"
    "minor-faults,major-faults,alignment-faults,emulation-faults,"
    "cpu-clock:u,cpu-clock:k,task-clock:u,task-clock:k,"
    "context-switches:u,context-switches:k,page-faults:u",
}

# Switch costs: the 10th percentile of the runs of a configuration.  Other
# work on a shared machine only ever adds time, in bursts; a low quantile
# of many alternated runs is what stayed stable from one run to the next.
LOW_QUANTILE = 0.10

# Targets: what a miss is measured against.
TARGET_LEADER_NS = 250.0
# The programs of a leader besides on_switch (the kernel keeps 15
# characters of a name).
LEADER_HOOKS = ("on_fork", "on_free", "on_task", "on_exit_kprobe",
                "on_switched", "on_mm_switched", "on_event", "on_fault_user",
                "on_fault_kernel", "on_fault_counted", "on_fault_counte")
TARGET_CPU_SESSION_NS = 5.0
TARGET_FIRST_TASK_NS = 40.0
TARGET_MISS_SESSION_NS = 2.0
TARGET_HIT_SESSION_NS = 40.0
TARGET_JOIN_MS = 10.0
# Creating a leader, over plain counting of the same 'true' run (-a).
TARGET_CREATE_OVER_PLAIN_MS = 15.0
# Where creating a leader goes, as perf stat -v prints it (leader__create).
CREATE_PARTS = ("open", "hooks chosen", "load", "events",
                "attach and publish")
TARGET_JOIN_TASK_OVER_PLAIN_MS = 3.0
TARGET_TASK_CLOCK_PCT = 1.0
# Section 1: 4 events as 4 single leaders or one group leader ({...}).
GROUP_CONFIGS = ("bperf-singles4", "bperf-group4", "bperf-singles4-hit",
                 "bperf-group4-hit")
TARGET_CPU_CLOCK_PCT = 2.0
# perf stat --serve: one scrape against one -I interval, same counters.
TARGET_SCRAPE_OVER_INTERVAL = 2.0
# Section 7: what a page-faults leader's fault hooks add to each fault on
# the machine, over plain counting of page faults (-a).
TARGET_FAULT_HOOKS_NS = 30.0
FAULT_CONFIGS = ("nothing", "plain", "floor", "bperf-leader", "bperf-hit")


class BenchError(Exception):
    pass


def log(msg):
    print(f"bench: {msg}", file=sys.stderr, flush=True)


def env_int(name, default, quick_default):
    quick = os.environ.get("QUICK", "0") not in ("", "0")
    val = os.environ.get(name)
    if val:
        return int(val)
    return quick_default if quick else default


def env_list(name, default, quick_default):
    quick = os.environ.get("QUICK", "0") not in ("", "0")
    val = os.environ.get(name)
    if val is None:
        val = quick_default if quick else default
    return [int(x) for x in val.split()]


def median(xs):
    xs = [x for x in xs if x is not None and not math.isnan(x)]
    return statistics.median(xs) if xs else float("nan")


def spread(xs):
    xs = [x for x in xs if x is not None and not math.isnan(x)]
    return (min(xs), max(xs)) if xs else (float("nan"), float("nan"))


def quantile(xs, q):
    """The q-quantile of xs, interpolated; NaN for no data."""
    xs = sorted(x for x in xs if x is not None and not math.isnan(x))
    if not xs:
        return float("nan")
    pos = q * (len(xs) - 1)
    lo = int(pos)
    hi = min(lo + 1, len(xs) - 1)
    return xs[lo] + (xs[hi] - xs[lo]) * (pos - lo)


def slope(points):
    """Least-squares slope of (x, y) points; NaN with fewer than 2 x."""
    pts = [(x, y) for x, y in points if not math.isnan(y)]
    if len({x for x, _ in pts}) < 2:
        return float("nan")
    mx = sum(x for x, _ in pts) / len(pts)
    my = sum(y for _, y in pts) / len(pts)
    sxx = sum((x - mx) ** 2 for x, _ in pts)
    return sum((x - mx) * (y - my) for x, y in pts) / sxx


# ---- processes -------------------------------------------------------------

LIVE = []  # every process we started and have not reaped


def spawn(argv, log_file=None, stdout=subprocess.DEVNULL):
    proc = subprocess.Popen(argv, stdin=subprocess.DEVNULL, stdout=stdout,
                            stderr=log_file or subprocess.DEVNULL,
                            text=True)
    proc.argv = argv
    LIVE.append(proc)
    return proc


def stop(procs, sig=signal.SIGINT, timeout=10.0):
    """End our processes with sig, then SIGKILL whatever is left."""
    for proc in procs:
        if proc.poll() is None:
            try:
                proc.send_signal(sig)
            except ProcessLookupError:
                pass
    deadline = time.monotonic() + timeout
    for proc in procs:
        try:
            proc.wait(max(0.1, deadline - time.monotonic()))
        except subprocess.TimeoutExpired:
            log(f"pid {proc.pid} ({proc.argv[0]}) ignored {sig.name}; "
                "killing it")
            proc.kill()
            proc.wait()
        if proc in LIVE:
            LIVE.remove(proc)


def stop_all():
    stop(list(LIVE), signal.SIGKILL, 5.0)


def perf_event_fds(pid):
    n = 0
    try:
        for fd in os.listdir(f"/proc/{pid}/fd"):
            try:
                if os.readlink(f"/proc/{pid}/fd/{fd}") == \
                        "anon_inode:[perf_event]":
                    n += 1
            except OSError:
                pass
    except OSError:
        pass
    return n


def wait_for(what, ready, procs, timeout=60.0):
    """Poll ready() until true; fail if one of procs exits first."""
    deadline = time.monotonic() + timeout
    while True:
        if ready():
            return
        for proc in procs:
            if proc.poll() is not None:
                raise BenchError(f"{what}: '{' '.join(proc.argv)}' exited "
                                 f"with status {proc.returncode} before it "
                                 "was ready (see sessions.log)")
        if time.monotonic() > deadline:
            raise BenchError(f"{what}: not ready after {timeout:.0f} s")
        time.sleep(0.05)


def bpftool(*args):
    res = subprocess.run(["bpftool", "-j"] + list(args), capture_output=True,
                         text=True, timeout=30)
    if res.returncode:
        raise BenchError(f"bpftool {' '.join(args)} failed: "
                         + (res.stderr.strip() or res.stdout.strip()))
    return json.loads(res.stdout or "null")


def status_kb(pid, field):
    with open(f"/proc/{pid}/status") as f:
        for line in f:
            if line.startswith(field + ":"):
                return int(line.split()[1])
    return 0


# ---- the benchmark ---------------------------------------------------------

class Bench:
    def __init__(self, out_dir):
        self.dir = out_dir
        self.perf = os.environ.get("PERF", "tools/perf/perf")
        self.distro_perf = os.environ.get("DISTRO_PERF", "/usr/bin/perf")
        self.helpers = os.environ.get("HELPERS", "build/bench")
        self.attr_map = os.environ.get(
            "ATTR_MAP", f"/sys/fs/bpf/bperf_bench_{os.getpid()}")
        self.ncpus = len(os.sched_getaffinity(0))
        self.online = sorted(os.sched_getaffinity(0))
        self.cpu = int(os.environ.get("BENCH_CPU", self.online[-1]))
        self.reps = env_int("REPS", 7, 2)
        self.pp_rounds = env_int("PP_ROUNDS", 50000, 30000)
        self.pp_inner = env_int("PP_INNER", 5, 3)
        self.plain_ks = env_list("PLAIN_SESSIONS", "1 4 16", "1 16")
        self.bperf_ks = env_list("BPERF_SESSIONS", "1 4 16 32", "1 32")
        self.start_runs = env_int("START_RUNS", 20, 6)
        self.start_gap_ms = env_int("START_GAP_MS", 200, 100)
        self.read_reads = env_int("READS", 200, 60)
        self.read_reps = env_int("READ_REPS", 5, 1)
        self.intervals = env_int("INTERVALS", 20, 10)
        self.acc_reps = env_int("ACC_REPS", 5, 2)
        self.acc_seconds = env_int("ACC_SECONDS", 2, 1)
        self.acc_spin = env_int("ACC_SPIN", 300000000, 150000000)
        self.serve_cgroups = env_int("SERVE_CGROUPS", 100, 100)
        self.serve_reps = env_int("SERVE_REPS", 3, 1)
        self.serve_scrapes = env_int("SERVE_SCRAPES", 30, 10)
        self.fault_pages = env_int("FAULT_PAGES", 4000, 2000)
        self.fault_inner = env_int("FAULT_INNER", 8, 4)
        self.fault_missing = set()
        self.sections = os.environ.get("SECTIONS", " ".join(SECTIONS)).split()
        self.log_file = open(os.path.join(out_dir, "sessions.log"), "w")
        raw = open(os.path.join(out_dir, "raw.csv"), "w", newline="")
        self.raw_file = raw
        self.raw = csv.writer(raw)
        self.raw.writerow(["section", "config", "k", "rep", "metric",
                           "value"])
        self.idle = None

    def record(self, section, config, k, rep, metric, value):
        self.raw.writerow([section, config, k, rep, metric, value])
        self.raw_file.flush()

    def helper(self, name):
        return os.path.join(self.helpers, name)

    def bperf_stat(self, *args):
        return [self.perf, "stat", "--use-bpf", "--attr-map",
                self.attr_map] + list(args)

    # -- bperf state --

    def bperf_entries(self):
        res = subprocess.run([self.perf, "bperf", "list", "-j",
                              "--attr-map", self.attr_map],
                             capture_output=True, text=True, timeout=30)
        if res.returncode:
            raise BenchError("perf bperf list failed: " +
                             res.stderr.strip())
        return [json.loads(line) for line in res.stdout.splitlines()
                if line.strip()]

    def wait_bperf(self, procs, sessions, followers=0, leaders=1):
        """
        Until there are this many live leaders, each with this many
        sessions and this many followers.
        """
        def ready():
            live = [e for e in self.bperf_entries() if e["state"] == "live"]
            if len(live) != leaders:
                return False
            return all(e["sessions"] == sessions and
                       e["followers"] == followers for e in live)
        wait_for("bperf sessions", ready, procs)

    def wait_bperf_gone(self):
        """Until the attr map holds no live leader (all sessions gone)."""
        deadline = time.monotonic() + 20
        while time.monotonic() < deadline:
            if not [e for e in self.bperf_entries()
                    if e["state"] == "live"]:
                return
            time.sleep(0.05)
        log("warning: bperf leaders still live 20 s after their sessions "
            "ended")

    def start_sessions(self, argvs):
        return [spawn(argv, self.log_file) for argv in argvs]

    # -- 1. cost per context switch --

    def start_floor(self, prog):
        """floor_load holding prog of floor.bpf.o; None: not attached."""
        proc = spawn([self.helper("floor_load"), self.helper("floor.bpf.o"),
                      prog], self.log_file, stdout=subprocess.PIPE)
        if proc.stdout.readline().strip() != "ready":
            stop([proc])
            return None
        return [proc]

    def run_helper(self, argv, header, start):
        """
        Run a timed helper with -w: read its header line ("HEADER ID..."),
        start(IDs) the sessions (None: this configuration is not here),
        let it go (SIGUSR1) and return its output once it ended, with the
        sessions stopped; None where start gave None.
        """
        proc = spawn([self.helper(argv[0])] + argv[1:] + ["-w"],
                     self.log_file, stdout=subprocess.PIPE)
        procs = []
        try:
            words = proc.stdout.readline().split()
            if not words or words[0] != header:
                raise BenchError(f"{argv[0]} did not start (see "
                                 "sessions.log)")
            procs = start(words[1:])
            if procs is None:
                return None
            proc.send_signal(signal.SIGUSR1)
            out, _ = proc.communicate(timeout=600)
        finally:
            stop(procs or [])
            if proc.poll() is None:
                proc.kill()
            stop([proc])
        return out

    def switch_configs(self):
        idle = str(self.idle.pid)
        cfgs = [("nothing", 0, None)]
        for k in self.plain_ks:
            cfgs.append(("plain-cpu", k, ("plain-cpu", k)))
        for k in self.plain_ks:
            cfgs.append(("plain-task", k, ("plain-task", k)))
        cfgs.append(("floor", 0, ("floor", 0)))
        cfgs.append(("bperf-leader", 0, ("bperf-cpu", 0)))
        for k in self.bperf_ks:
            cfgs.append(("bperf-cpu", k, ("bperf-cpu", k)))
        for k in self.bperf_ks:
            cfgs.append(("bperf-task", k, ("bperf-task", k)))
        for k in self.bperf_ks:
            cfgs.append(("bperf-hit", k, ("bperf-hit", k)))
        # The same 4 events as 4 leaders or as one group leader, with one
        # -a session (no follower) or one -p session of the ping-pong.
        for kind in GROUP_CONFIGS:
            cfgs.append((kind, 0, (kind, 0)))
        self.idle_pid = idle
        return cfgs

    def switch_start(self, spec, pids):
        """Start the sessions of one configuration; return when counting."""
        if spec is None:
            return []
        kind, k = spec
        if kind == "plain-cpu":
            procs = self.start_sessions(
                [[self.perf, "stat", "-e", "cpu-clock", "-a"]] * k)
            wait_for("plain -a sessions", lambda: all(
                perf_event_fds(p.pid) >= self.ncpus for p in procs), procs)
            return procs
        if kind == "plain-task":
            procs = self.start_sessions(
                [[self.perf, "stat", "-e", "task-clock", "-p",
                  ",".join(pids)]] * k)
            wait_for("plain -p sessions", lambda: all(
                perf_event_fds(p.pid) >= len(pids) for p in procs), procs)
            return procs
        if kind == "floor":
            procs = self.start_floor("bench_floor")
            if procs is None:
                raise BenchError("floor_load did not attach (see "
                                 "sessions.log)")
            return procs
        if kind in GROUP_CONFIGS:
            events = EVENTS[4]
            if kind.startswith("bperf-group4"):
                events = "{" + events + "}"
            hit = kind.endswith("-hit")
            target = ["-p", ",".join(pids)] if hit else ["-a"]
            procs = self.start_sessions(
                [self.bperf_stat("-e", events, *target)])
            self.wait_bperf(procs, 1, int(hit),
                            1 if kind.startswith("bperf-group4") else 4)
            return procs
        # bperf: a holder keeps the leader (CPU-scoped: no follower)
        holder = self.start_sessions(
            [self.bperf_stat("-e", "cpu-clock", "-a")])
        self.wait_bperf(holder, 1, 0)
        if kind == "bperf-cpu":
            argv = self.bperf_stat("-e", "cpu-clock", "-a")
            nfollow = 0
        elif kind == "bperf-hit":
            # Sessions that count the tasks switched out: the ping-pong.
            argv = self.bperf_stat("-e", "cpu-clock", "-p", ",".join(pids))
            nfollow = k
        else:
            # Sessions that count none of them: an idle task.
            argv = self.bperf_stat("-e", "cpu-clock", "-p", self.idle_pid)
            nfollow = k
        procs = holder + self.start_sessions([argv] * k)
        self.wait_bperf(procs, 1 + k, nfollow)
        return procs

    def switch_once(self, name, k, spec, rep):
        def start(pids):
            if len(pids) != 2:
                raise BenchError("pingpong did not start (see "
                                 "sessions.log)")
            return self.switch_start(spec, pids)

        out = self.run_helper(["pingpong", "-c", str(self.cpu), "-n",
                               str(self.pp_rounds), "-r", str(self.pp_inner)],
                              "pids", start)
        if spec and spec[0].startswith("bperf"):
            self.wait_bperf_gone()
        runs = []
        for line in out.splitlines():
            w = line.split()
            if w and w[0] == "ns_per_switch":
                runs.append({w[i]: float(w[i + 1])
                             for i in range(0, len(w), 2)})
        if len(runs) != self.pp_inner:
            raise BenchError(f"pingpong printed {len(runs)} results")
        for run in runs:
            for metric in ("ns_per_switch", "cpu_ns_per_switch"):
                self.record("switch", name, k, rep, metric, run[metric])
        return median([run["cpu_ns_per_switch"] for run in runs])

    def section_switch(self):
        cfgs = self.switch_configs()
        n = len(cfgs)
        # Sessions and this driver stay off the ping-pong's CPU.
        everything = os.sched_getaffinity(0)
        if len(everything) > 1:
            os.sched_setaffinity(0, everything - {self.cpu})
        try:
            self.switch_reps(cfgs)
        finally:
            os.sched_setaffinity(0, everything)

    def switch_reps(self, cfgs):
        n = len(cfgs)
        log(f"1/7 cost per context switch: {n} configurations x "
            f"{self.reps} reps, ping-pong on CPU {self.cpu}, "
            f"{self.pp_rounds} round trips x {self.pp_inner}")
        for rep in range(self.reps):
            # Alternate: rotate the order every rep; "nothing" at the
            # start, a third and two thirds of each rep.
            rest = cfgs[1:]
            shift = rep % len(rest)
            order = rest[shift:] + rest[:shift]
            third = len(order) // 3
            order = [cfgs[0]] + order[:third] + [cfgs[0]] + \
                order[third:2 * third] + [cfgs[0]] + order[2 * third:]
            line = []
            for name, k, spec in order:
                v = self.switch_once(name, k, spec, rep)
                line.append(f"{name}{'-' + str(k) if k else ''}={v:.0f}")
            log(f"  rep {rep + 1}/{self.reps}: " + " ".join(line))

    # -- 2. session start --

    def timecmd(self, argv, runs, gap_ms=0):
        res = subprocess.run([self.helper("timecmd"), "-n", str(runs), "-g",
                              str(gap_ms), "--"] + argv,
                             capture_output=True, text=True)
        if res.returncode:
            raise BenchError("timecmd failed: " + res.stderr.strip())
        rows = []
        for line in res.stdout.splitlines():
            w = line.split()
            rows.append({w[i]: int(w[i + 1]) for i in range(2, len(w), 2)})
        for row in rows:
            if row["status"]:
                raise BenchError(f"'{' '.join(argv)}' exited with status "
                                 f"{row['status']}")
        return rows

    def create_parts(self, runs, gap_ms):
        """Where creating a leader goes: runs of a creating session with
        -v, each its parts in ms (CREATE_PARTS) and their sum."""
        argv = self.bperf_stat("-v", "-e", "cpu-clock", "-a", "true")
        rows = []
        for _ in range(runs):
            time.sleep(gap_ms / 1000.0)
            res = subprocess.run(argv, capture_output=True, text=True,
                                 timeout=60)
            line = next((l for l in res.stderr.splitlines()
                         if "bperf: made the leader of" in l), None)
            if res.returncode or not line:
                raise BenchError("no leader made by '" + " ".join(argv) +
                                 "': " + res.stderr.strip()[-300:])
            total = float(line.split(" in ", 1)[1].split(" ms", 1)[0])
            parts = []
            for name in CREATE_PARTS:
                word = line.split(", " + name + " " if name != "open" else
                                  ": open ", 1)[1]
                parts.append(float(word.split()[0].rstrip(",")))
            # And the verifier's own time, where -v could read it.
            verified = re.search(r"\(verification ([0-9.]+):", line)
            rows.append(parts + [total] +
                        ([float(verified.group(1))] if verified else []))
        return rows

    def section_start(self):
        log(f"2/7 session start: {self.start_runs} runs each, alternated "
            f"in blocks of 5, {self.start_gap_ms} ms apart")
        cmds = {
            "plain": [self.perf, "stat", "-e", "cpu-clock", "-a", "true"],
            "plain-task": [self.perf, "stat", "-e", "cpu-clock", "--",
                           "true"],
            "distro": [self.distro_perf, "stat", "-e", "cpu-clock", "-a",
                       "true"],
            "bperf-create": self.bperf_stat("-e", "cpu-clock", "-a",
                                            "true"),
            "bperf-join": self.bperf_stat("-e", "cpu-clock", "-a", "true"),
            "bperf-join-task": self.bperf_stat("-e", "cpu-clock", "--",
                                               "true"),
        }
        cmds["bperf-create-b2b"] = cmds["bperf-create"]
        done = 0
        while done < self.start_runs:
            n = min(5, self.start_runs - done)
            # Back to back: each run creates the leader the run before it
            # just let go (the kernel's cost of re-adding the only
            # sched_switch probe shows there).
            for name, gap in (("plain", self.start_gap_ms),
                              ("plain-task", self.start_gap_ms),
                              ("distro", self.start_gap_ms),
                              ("bperf-create", self.start_gap_ms),
                              ("bperf-create-b2b", 0)):
                time.sleep(self.start_gap_ms / 1000.0)
                for i, row in enumerate(self.timecmd(cmds[name], n, gap)):
                    self.record("start", name, 0, done + i, "wall_ns",
                                row["wall_ns"])
            holder = self.start_sessions(
                [self.bperf_stat("-e", "cpu-clock", "-a")])
            try:
                self.wait_bperf(holder, 1, 0)
                for name in ("bperf-join", "bperf-join-task"):
                    time.sleep(self.start_gap_ms / 1000.0)
                    for i, row in enumerate(self.timecmd(
                            cmds[name], n, self.start_gap_ms)):
                        self.record("start", name, 0, done + i, "wall_ns",
                                    row["wall_ns"])
            finally:
                stop(holder)
            self.wait_bperf_gone()
            for i, parts in enumerate(self.create_parts(
                    n, self.start_gap_ms)):
                for k, ms in enumerate(parts):
                    self.record("start", "bperf-create-parts", k, done + i,
                                "ms", ms)
            done += n

    # -- 3. read cost --

    def section_read(self):
        log(f"3/7 read cost: direct reads ({self.read_reads} x "
            f"{self.read_reps}) and -I 100 for 1, 4, 16 events")
        for rep in range(self.read_reps):
            for nev in (1, 4, 16):
                for backend in ("plain", "bperf"):
                    for scope in ("cpu", "task"):
                        res = subprocess.run(
                            [self.helper("readcost"), "-b", backend, "-s",
                             scope, "-m", self.attr_map, "-n",
                             str(self.read_reads), "-e", EVENTS[nev]],
                            capture_output=True, text=True, timeout=300)
                        if res.returncode:
                            raise BenchError("readcost failed: " +
                                             res.stderr.strip())
                        w = res.stdout.split()
                        vals = {w[i]: w[i + 1] for i in range(0, len(w), 2)}
                        self.record("read", f"{backend}-{scope}", nev, rep,
                                    "read_ns", int(vals["median_ns"]))
                        if backend == "bperf":
                            self.wait_bperf_gone()
        short = 5
        long_ = short + self.intervals
        for rep in range(self.read_reps):
            for nev in (1, 4, 16):
                for backend in ("plain", "bperf"):
                    base = self.bperf_stat() if backend == "bperf" else \
                        [self.perf, "stat"]
                    cpu = {}
                    for count in (short, long_):
                        argv = base + ["-e", EVENTS[nev], "-a", "-I", "100",
                                       "--interval-count", str(count)]
                        row = self.timecmd(argv, 1)[0]
                        cpu[count] = row["user_ns"] + row["sys_ns"]
                    per = (cpu[long_] - cpu[short]) / (long_ - short)
                    self.record("read", f"{backend}-interval", nev, rep,
                                "cpu_ns_per_interval", per)
                    if backend == "bperf":
                        self.wait_bperf_gone()

    # -- 4. accuracy --

    def stat_csv(self, argv, outfile, interrupt_after=None, timeout=120):
        """Run perf stat -x, -o outfile; return its (value, event) rows."""
        if os.path.exists(outfile):
            os.unlink(outfile)
        proc = spawn(argv, self.log_file)
        try:
            if interrupt_after:
                time.sleep(interrupt_after)
                proc.send_signal(signal.SIGINT)
            proc.wait(timeout)
        except subprocess.TimeoutExpired:
            raise BenchError(f"'{' '.join(argv)}' hung")
        finally:
            stop([proc], signal.SIGKILL)
        # Interrupted, perf stat prints its counts and ends with the
        # signal, as upstream perf does.
        ok = (0, -signal.SIGINT) if interrupt_after else (0,)
        if proc.returncode not in ok:
            raise BenchError(f"'{' '.join(argv)}' exited with status "
                             f"{proc.returncode} (see sessions.log)")
        rows = []
        with open(outfile) as f:
            for line in f:
                fields = line.strip().split(",")
                if line.startswith("#") or len(fields) < 3:
                    continue
                try:
                    rows.append((float(fields[0]), fields[2]))
                except ValueError:
                    raise BenchError(f"cannot parse '{line.strip()}' from "
                                     f"'{' '.join(argv)}'")
        if len(rows) < 2:
            raise BenchError(f"'{' '.join(argv)}' printed {len(rows)} "
                             "counts, wanted 2")
        return rows

    def section_accuracy(self):
        log(f"4/7 accuracy: {self.acc_reps} reps of each comparison")
        work = self.helper("work")
        outfile = os.path.join(self.dir, "accuracy.out")
        for rep in range(self.acc_reps):
            spin = f"{work} spin {self.acc_spin}"
            rows = self.stat_csv(
                [self.perf, "stat", "-x,", "-o", outfile, "--attr-map",
                 self.attr_map, "-e", "task-clock:b,task-clock", "--",
                 "sh", "-c", f"{spin} & {spin}; wait"], outfile=outfile)
            self.record("accuracy", "task-clock", 0, rep, "bperf",
                        rows[0][0])
            self.record("accuracy", "task-clock", 0, rep, "plain",
                        rows[1][0])
            self.wait_bperf_gone()

            secs = self.acc_seconds
            rows = self.stat_csv(
                [self.perf, "stat", "-x,", "-o", outfile, "-a",
                 "--attr-map", self.attr_map, "-e", "cpu-clock:b,cpu-clock",
                 "--", "sleep", str(secs)], outfile=outfile)
            self.record("accuracy", "cpu-clock-a", 0, rep, "bperf",
                        rows[0][0])
            self.record("accuracy", "cpu-clock-a", 0, rep, "plain",
                        rows[1][0])
            self.record("accuracy", "cpu-clock-a", 0, rep, "reference",
                        self.ncpus * secs * 1000.0)
            self.wait_bperf_gone()

            napper = spawn([work, "nap", "100"])
            try:
                time.sleep(0.2)
                rows = self.stat_csv(
                    [self.perf, "stat", "-x,", "-o", outfile,
                     "--attr-map", self.attr_map, "-e",
                     "context-switches:b,context-switches", "-p",
                     str(napper.pid)], outfile=outfile,
                    interrupt_after=secs)
            finally:
                stop([napper], signal.SIGKILL)
            self.record("accuracy", "context-switches-p", 0, rep, "bperf",
                        rows[0][0])
            self.record("accuracy", "context-switches-p", 0, rep, "plain",
                        rows[1][0])
            self.wait_bperf_gone()

    # -- 5. footprint --

    def bpf_objects(self):
        def show(kind):
            res = subprocess.run(["bpftool", "-j", kind, "show"],
                                 capture_output=True, text=True)
            if res.returncode:
                raise BenchError(f"bpftool {kind} show failed: "
                                 + res.stderr.strip())
            return {o["id"]: o for o in json.loads(res.stdout or "[]")}
        return show("prog"), show("map")

    @staticmethod
    def held_ids(pid):
        """BPF program and map ids the process holds through its fds."""
        progs, maps = set(), set()
        fddir = f"/proc/{pid}/fdinfo"
        for fd in os.listdir(fddir):
            try:
                with open(os.path.join(fddir, fd)) as f:
                    text = f.read()
            except OSError:
                continue
            for line in text.splitlines():
                key, _, val = line.partition(":")
                if key == "prog_id":
                    progs.add(int(val))
                elif key == "map_id":
                    maps.add(int(val))
        return progs, maps

    def footprint_of(self, progs, maps, prog_ids, map_ids):
        """bytes_memlock of these programs and maps, with their maps."""
        map_ids = set(map_ids)
        for pid_ in prog_ids:
            map_ids |= set(progs.get(pid_, {}).get("map_ids", []))
        total = sum(progs[i]["bytes_memlock"] for i in prog_ids
                    if i in progs)
        total += sum(maps[i]["bytes_memlock"] for i in map_ids if i in maps)
        return total, map_ids

    def section_footprint(self):
        log("5/7 footprint: leaders, followers and session RSS for 1, 4, "
            "16 events")
        idle = str(self.idle.pid)
        for nev in (1, 4, 16):
            ev = EVENTS[nev]
            plain = self.start_sessions(
                [[self.perf, "stat", "-e", ev, "-a"],
                 [self.perf, "stat", "-e", ev, "-p", idle]])
            holder = self.start_sessions([self.bperf_stat("-e", ev, "-a")])
            procs = plain + holder
            try:
                wait_for("plain sessions", lambda: perf_event_fds(
                    plain[0].pid) >= nev * self.ncpus and perf_event_fds(
                    plain[1].pid) >= nev, procs)
                self.wait_bperf(holder, 1, 0, leaders=nev)
                task = self.start_sessions(
                    [self.bperf_stat("-e", ev, "-p", idle)])
                procs += task
                self.wait_bperf(procs[2:], 2, 1, leaders=nev)
                time.sleep(0.5)  # let the sessions settle before RSS
                progs, maps = self.bpf_objects()
                attr_map = bpftool("map", "show", "pinned", self.attr_map)
                shared = {attr_map["id"]}
                # A leader is on_switch and its hooks, held by every
                # session: its programs are those of the holder.
                leader_progs = {e["prog_id"] for e in self.bperf_entries()}
                leader_progs |= {i for i in self.held_ids(holder[0].pid)[0]
                                 if progs.get(i, {}).get("name") in
                                 LEADER_HOOKS}
                leader_bytes, leader_maps = self.footprint_of(
                    progs, maps, leader_progs, [])
                by_name = {}
                for i in leader_maps:
                    name = maps[i].get("name", "?")
                    by_name[name] = by_name.get(name, 0) + \
                        maps[i]["bytes_memlock"]
                for name, val in sorted(by_name.items()):
                    self.record("footprint", f"leader-map-{name}", nev, 0,
                                "bytes", val / nev)
                self.record("footprint", "leader", nev, 0, "bytes",
                            leader_bytes / nev)
                for name, proc in (("session-cpu", holder[0]),
                                   ("session-task", task[0])):
                    # What this session adds to the leaders: its own
                    # programs and the maps only they or it hold.
                    hp, hm = self.held_ids(proc.pid)
                    own_progs = hp - leader_progs
                    own_maps = set(hm)
                    for p in own_progs:
                        own_maps |= set(progs.get(p, {}).get("map_ids", []))
                    own_maps -= leader_maps | shared
                    own = sum(progs[i]["bytes_memlock"]
                              for i in own_progs if i in progs)
                    own += sum(maps[i]["bytes_memlock"]
                               for i in own_maps if i in maps)
                    names = sorted({progs[i]["name"] for i in own_progs
                                    if i in progs})
                    self.record("footprint", name, nev, 0, "bytes",
                                own / nev)
                    self.record("footprint", name, nev, 0, "programs",
                                " ".join(names) or "-")
                for name, proc in (("rss-plain-cpu", plain[0]),
                                   ("rss-plain-task", plain[1]),
                                   ("rss-bperf-cpu", holder[0]),
                                   ("rss-bperf-task", task[0])):
                    self.record("footprint", name, nev, 0, "kb",
                                status_kb(proc.pid, "VmRSS"))
            finally:
                stop(procs)
            self.wait_bperf_gone()

    # -- 6. perf stat --serve --

    @staticmethod
    def cpu_ns(pid):
        """CPU time of every thread of pid so far (schedstat, ns)."""
        total = 0
        for tid in os.listdir(f"/proc/{pid}/task"):
            with open(f"/proc/{pid}/task/{tid}/schedstat") as f:
                total += int(f.read().split()[0])
        return total

    def serve_cgroups_make(self):
        with open("/proc/mounts") as f:
            mnt = [ln.split()[1] for ln in f if ln.split()[2] == "cgroup2"]
        if not mnt:
            raise BenchError("cgroup v2 is not mounted")
        top = f"bperf_bench_serve_{os.getpid()}"
        names = [f"{top}/c{i:03d}" for i in range(self.serve_cgroups)]
        for name in names:
            os.makedirs(os.path.join(mnt[0], name))
        return mnt[0], top, names

    def serve_interval(self, base, out):
        """CPU time of perf stat per -I 100 interval (rows per interval)."""
        if os.path.exists(out):
            os.unlink(out)
        proc = spawn(base + ["-I", "100", "-x,", "-o", out], self.log_file)
        per = len(EVENTS[16].split(",")) * self.serve_cgroups

        def intervals():
            with open(out) as f:
                return sum(1 for ln in f if ln[:1] == " ") // per
        try:
            wait_for("-I session", lambda: os.path.exists(out) and
                     intervals() >= 3, [proc])
            c0, n0 = self.cpu_ns(proc.pid), intervals()
            time.sleep(3)
            c1, n1 = self.cpu_ns(proc.pid), intervals()
        finally:
            stop([proc])
        if n1 - n0 < 10:
            raise BenchError(f"-I 100: {n1 - n0} intervals in 3 s")
        return (c1 - c0) / (n1 - n0)

    def serve_scrape(self, base, err):
        """CPU time of perf stat --serve per scrape of /metrics."""
        with open(err, "w") as ef:
            proc = spawn(base + ["--serve", "127.0.0.1:0", "-o",
                                 "/dev/null"], ef)
        url = []

        def listening():
            with open(err) as f:
                url[:] = [ln.split()[-1] for ln in f
                          if ln.startswith("perf stat: serving ")]
            return bool(url)
        try:
            wait_for("--serve session", listening, [proc])
            for _ in range(3):  # the first waits for counting to start
                urllib.request.urlopen(url[0], timeout=60).read()
            c0 = self.cpu_ns(proc.pid)
            for _ in range(self.serve_scrapes):
                body = urllib.request.urlopen(url[0], timeout=60).read()
            c1 = self.cpu_ns(proc.pid)
        finally:
            stop([proc])
        self.serve_series = body.count(b"\nperf_stat_count_total{")
        return (c1 - c0) / self.serve_scrapes

    def section_serve(self):
        log(f"6/7 --serve: a scrape against a -I interval, 16 events x "
            f"{self.serve_cgroups} cgroups x {self.ncpus} CPUs")
        mnt, top, names = self.serve_cgroups_make()
        try:
            for rep in range(self.serve_reps):
                for backend in ("plain", "bperf"):
                    base = (self.bperf_stat() if backend == "bperf" else
                            [self.perf, "stat"]) + [
                        "-e", EVENTS[16], "-a",
                        "--for-each-cgroup", ",".join(names)]
                    iv = self.serve_interval(
                        base, os.path.join(self.dir, "serve-interval.csv"))
                    self.record("serve", f"{backend}-interval",
                                self.serve_cgroups, rep,
                                "cpu_ns", iv)
                    if backend == "bperf":
                        self.wait_bperf_gone()
                    sc = self.serve_scrape(
                        base, os.path.join(self.dir, "serve.err"))
                    self.record("serve", f"{backend}-scrape",
                                self.serve_cgroups, rep, "cpu_ns", sc)
                    self.record("serve", f"{backend}-scrape",
                                self.serve_cgroups, rep, "series",
                                self.serve_series)
                    if backend == "bperf":
                        self.wait_bperf_gone()
        finally:
            for name in names:
                os.rmdir(os.path.join(mnt, name))
            os.rmdir(os.path.join(mnt, top))

    # -- 7. cost per page fault --

    def fault_start(self, kind, pid):
        """Start the sessions of one configuration; None: not here."""
        if kind == "nothing":
            return []
        if kind == "plain":
            procs = self.start_sessions(
                [[self.perf, "stat", "-e", "page-faults", "-a"]])
            wait_for("plain -a session", lambda: all(
                perf_event_fds(p.pid) >= self.ncpus for p in procs), procs)
            return procs
        if kind == "floor":
            # None without a page_fault_user tracepoint (arm64).
            return self.start_floor("bench_floor_fault")
        target = ["-a"] if kind == "bperf-leader" else ["-p", pid]
        procs = self.start_sessions(
            [self.bperf_stat("-e", "page-faults", *target)])
        self.wait_bperf(procs, 1, int(kind == "bperf-hit"))
        return procs

    def fault_once(self, kind, rep):
        def start(pids):
            if len(pids) != 1:
                raise BenchError("faults did not start (see sessions.log)")
            return self.fault_start(kind, pids[0])

        out = self.run_helper(["faults", "-c", str(self.cpu), "-n",
                               str(self.fault_pages), "-r",
                               str(self.fault_inner)], "pid", start)
        if out is None:
            self.fault_missing.add(kind)
            return None
        if kind.startswith("bperf"):
            self.wait_bperf_gone()
        runs = [float(w[1]) for w in (line.split()
                                      for line in out.splitlines())
                if w and w[0] == "ns_per_fault"]
        if len(runs) != self.fault_inner:
            raise BenchError(f"faults printed {len(runs)} results")
        for v in runs:
            self.record("fault", kind, 0, rep, "ns_per_fault", v)
        return median(runs)

    def section_fault(self):
        log(f"7/7 cost per page fault: {len(FAULT_CONFIGS)} configurations "
            f"x {self.reps} reps, {self.fault_pages} pages x "
            f"{self.fault_inner} on CPU {self.cpu}")
        self.record("fault", "params", 0, 0, "pages", self.fault_pages)
        everything = os.sched_getaffinity(0)
        if len(everything) > 1:
            os.sched_setaffinity(0, everything - {self.cpu})
        try:
            for rep in range(self.reps):
                # Alternate: rotate the order every rep, nothing first.
                rest = [c for c in FAULT_CONFIGS[1:]
                        if c not in self.fault_missing]
                shift = rep % len(rest)
                line = []
                for kind in ["nothing"] + rest[shift:] + rest[:shift]:
                    v = self.fault_once(kind, rep)
                    if v is not None:
                        line.append(f"{kind}={v:.0f}")
                log(f"  rep {rep + 1}/{self.reps}: " + " ".join(line))
        finally:
            os.sched_setaffinity(0, everything)

    def run(self):
        self.idle = spawn(["sleep", "100000"])
        try:
            for section in self.sections:
                if section not in SECTIONS:
                    raise BenchError(f"unknown section '{section}'")
            t0 = time.monotonic()
            for section in SECTIONS:
                if section in self.sections:
                    t = time.monotonic()
                    self.record("load", section, 0, 0, "loadavg_start",
                                loadavg())
                    getattr(self, "section_" + section)()
                    self.record("load", section, 0, 0, "loadavg_end",
                                loadavg())
                    log(f"  {section} took {time.monotonic() - t:.0f} s")
            log(f"measured in {time.monotonic() - t0:.0f} s")
        finally:
            stop_all()
            self.raw_file.close()
            self.log_file.close()
        with open(os.path.join(self.dir, "machine.json"), "w") as f:
            json.dump(dict(machine(), bench_cpu=self.cpu), f, indent=1)


def loadavg():
    """The 1-minute load average: how busy the machine was around us."""
    with open("/proc/loadavg") as f:
        return float(f.read().split()[0])


def machine():
    model = "?"
    try:
        with open("/proc/cpuinfo") as f:
            for line in f:
                if line.startswith("model name"):
                    model = line.split(":", 1)[1].strip()
                    break
    except OSError:
        pass
    return {"cpus": os.cpu_count(), "model": model,
            "kernel": platform.release(), "machine": platform.machine(),
            "date": time.strftime("%Y-%m-%d %H:%M:%S %Z")}


# ---- report ----------------------------------------------------------------

def load_raw(path):
    rows = []
    with open(path) as f:
        for r in csv.DictReader(f):
            try:
                r["value"] = float(r["value"])
            except ValueError:
                pass
            r["k"] = int(r["k"])
            r["rep"] = int(r["rep"])
            rows.append(r)
    return rows


def fmt(x, spec="+.0f"):
    return "-" if x is None or (isinstance(x, float) and math.isnan(x)) \
        else format(x, spec)


def verdict(ok):
    if ok is None:
        return ""
    return "PASS" if ok else "MISS"


class Report:
    def __init__(self, out_dir):
        self.dir = out_dir
        self.rows = load_raw(os.path.join(out_dir, "raw.csv"))
        try:
            with open(os.path.join(out_dir, "machine.json")) as f:
                self.machine = json.load(f)
        except OSError:
            self.machine = machine()
        self.lines = []
        self.summary = {"machine": self.machine, "targets": []}

    def out(self, line=""):
        self.lines.append(line.rstrip())

    def sel(self, section, config=None, metric=None, k=None):
        return [r for r in self.rows if r["section"] == section and
                (config is None or r["config"] == config) and
                (metric is None or r["metric"] == metric) and
                (k is None or r["k"] == k)]

    def target(self, what, value, limit, unit, ok):
        self.summary["targets"].append(
            {"target": what, "value": value, "limit": limit, "unit": unit,
             "result": verdict(ok) if ok is not None else "NO DATA"})

    # -- 1 --

    def runs(self, config, k, metric, section="switch"):
        return [r["value"] for r in self.sel(section, config, metric, k)]

    def rep_min(self, config, k, metric, section="switch"):
        """{rep: the fastest run of that setup}"""
        reps = {}
        for r in self.sel(section, config, metric, k):
            reps[r["rep"]] = min(reps.get(r["rep"], r["value"]), r["value"])
        return reps

    @staticmethod
    def switch_line(label, low, delta, rng, per, med, el_delta, tgt):
        return (f"   {label:<44}{low:>7} {delta:>6} {rng:<17}{per:>8}  "
                f"{med:>7}  {el_delta:>7}   {tgt}").rstrip()

    def report_switch(self):
        primary, other = "cpu_ns_per_switch", "ns_per_switch"
        if not self.sel("switch", "nothing", primary):
            primary = other  # results from before the CPU-time metric
        if not self.runs("nothing", 0, primary):
            return
        nreps = len(self.rep_min("nothing", 0, primary))
        nruns = len(self.runs("bperf-leader", 0, primary))
        self.out(f"1. Cost per context switch: pipe ping-pong pinned to CPU "
                 f"{self.machine.get('bench_cpu', '?')}, {nreps} reps of "
                 f"every configuration, alternated; {nruns} timed runs per "
                 "configuration")
        self.out("   ns/switch: CPU time of the two ping-pong processes / "
                 "2N, 10th percentile of the runs (other work on the "
                 "machine only adds time);")
        self.out("   delta: over 'nothing counting' [min..max over the "
                 "reps, fastest run of each]; median: of all runs; "
                 "elapsed: the delta in wall time / 2N.")
        self.out(self.switch_line("configuration", "ns/sw", "delta",
                                  "[min..max]", "/session", "median",
                                  "elapsed", "target"))
        base = {m: quantile(self.runs("nothing", 0, m), LOW_QUANTILE)
                for m in (primary, other)}

        def delta(config, k, metric=primary):
            return quantile(self.runs(config, k, metric), LOW_QUANTILE) - \
                base[metric]

        def rep_delta(config, k, metric=primary):
            return {rep: v - base[metric]
                    for rep, v in self.rep_min(config, k, metric).items()}

        summary = {}

        def row(label, config, k, lead=None, tgt=""):
            if not self.runs(config, k, primary):
                return None
            d = delta(config, k)
            lo, hi = spread(rep_delta(config, k).values())
            per = float("nan")
            if k:
                per = (d - (lead or 0.0)) / k
            self.out(self.switch_line(
                label, f"{d + base[primary]:.0f}", fmt(d),
                f"[{fmt(lo)}..{fmt(hi)}]",
                "" if math.isnan(per) else fmt(per, "+.1f"),
                fmt(median(self.runs(config, k, primary)), ".0f"),
                fmt(delta(config, k, other)), tgt))
            summary[f"{config}-{k}"] = {
                "ns_per_switch": d + base[primary], "delta_ns": d,
                "delta_min": lo, "delta_max": hi, "per_session_ns": per,
                "median_ns_per_switch":
                    median(self.runs(config, k, primary)),
                "elapsed_delta_ns": delta(config, k, other)}
            return d

        nothing = self.rep_min("nothing", 0, primary).values()
        self.out(self.switch_line(
            "nothing counting", f"{base[primary]:.0f}", "",
            f"[{min(nothing):.0f}..{max(nothing):.0f}]", "",
            fmt(median(self.runs("nothing", 0, primary)), ".0f"), "", ""))
        summary["nothing-0"] = {
            "ns_per_switch": base[primary],
            "median_ns_per_switch":
                median(self.runs("nothing", 0, primary))}
        for k in sorted({r["k"] for r in self.sel("switch", "plain-cpu")}):
            row(f"plain -a cpu-clock x{k}", "plain-cpu", k)
        for k in sorted({r["k"] for r in self.sel("switch", "plain-task")}):
            row(f"plain -p (the ping-pong) task-clock x{k}", "plain-task", k)
        row("floor: empty BPF prog on sched_switch", "floor", 0)
        lead = None
        if self.runs("bperf-leader", 0, primary):
            lead = delta("bperf-leader", 0)
            ok = lead <= TARGET_LEADER_NS
            row("bperf leader alone (one -a session)", "bperf-leader", 0,
                tgt=f"<= {TARGET_LEADER_NS:.0f} ns  {verdict(ok)}")
            self.target("bperf leader per context switch", lead,
                        TARGET_LEADER_NS, "ns", ok)
        for kind, label, limit, what in (
                ("bperf-cpu", "CPU-scoped -a", TARGET_CPU_SESSION_NS,
                 "each extra CPU-scoped session"),
                ("bperf-task", "task-scoped -p idle (miss)",
                 TARGET_MISS_SESSION_NS,
                 "each task-scoped session that counts nothing here"),
                ("bperf-hit", "task-scoped -p ping-pong (hit)",
                 TARGET_HIT_SESSION_NS,
                 "each session that counts the task switched out")):
            ks = sorted({r["k"] for r in self.sel("switch", kind)})
            for k in ks:
                row(f"bperf leader + {k} {label}", kind, k, lead)
            if not ks or lead is None:
                continue
            if kind == "bperf-task" and 1 in ks:
                first = delta(kind, 1) - lead
                ok = first <= TARGET_FIRST_TASK_NS
                lo, hi = spread([v - lead_v for rep, v in
                                 rep_delta(kind, 1).items()
                                 for r2, lead_v in
                                 rep_delta("bperf-leader", 0).items()
                                 if rep == r2])
                self.out(self.switch_line(
                    "  -> the first task-scoped session", "", "",
                    f"[{fmt(lo, '+.1f')}..{fmt(hi, '+.1f')}]",
                    fmt(first, "+.1f"), "", "",
                    f"<= {TARGET_FIRST_TASK_NS:.0f} ns  {verdict(ok)}"))
                self.target("the first task-scoped session per context "
                            "switch", first, TARGET_FIRST_TASK_NS, "ns", ok)
                summary["bperf-task-first"] = {"ns": first, "min": lo,
                                               "max": hi}
            # Per extra session: the slope over k.  A CPU-scoped one costs
            # nothing, so k=0 (the leader alone) is a point of its line; a
            # task-scoped one turns the index lookup on, which the first
            # session pays: its slope starts at k=1.
            from_leader = kind == "bperf-cpu"
            sl = {m: slope([(0, delta("bperf-leader", 0, m))] *
                           from_leader +
                           [(k, delta(kind, k, m)) for k in ks])
                  for m in (primary, other)}
            lead_r = rep_delta("bperf-leader", 0)
            ds = {k: rep_delta(kind, k) for k in ks}
            reps = [slope([(0, lead_r[rep])] * from_leader +
                          [(k, ds[k][rep]) for k in ks if rep in ds[k]])
                    for rep in lead_r]
            lo, hi = spread(reps)
            sm = sl[primary]
            ok = None if math.isnan(sm) else sm <= limit
            self.out(self.switch_line(
                "  -> " + what + " (slope)", "", "",
                f"[{fmt(lo, '+.1f')}..{fmt(hi, '+.1f')}]", fmt(sm, "+.1f"),
                "", fmt(sl[other], "+.1f"),
                f"<= {limit:.0f} ns  {verdict(ok)}"))
            self.target(what + " per context switch", sm, limit, "ns", ok)
            summary[f"{kind}-slope"] = {
                "ns_per_session": sm, "min": lo, "max": hi,
                "elapsed_ns_per_session": sl[other]}
        for what, singles, group in (
                ("-a", "bperf-singles4", "bperf-group4"),
                ("-p ping-pong", "bperf-singles4-hit", "bperf-group4-hit")):
            if not (self.runs(singles, 0, primary) and
                    self.runs(group, 0, primary)):
                continue
            s4 = row(f"bperf {EVENTS[4].count(',') + 1} events, 4 leaders, "
                     f"{what}", singles, 0)
            g4 = row(f"bperf the same as one group leader, {what}", group,
                     0)
            ok = g4 < s4
            self.out(self.switch_line(
                "  -> the group leader over 4 leaders", "", fmt(g4 - s4),
                "", "", "", "", f"< 0 ns  {verdict(ok)}"))
            self.target(f"a 4-event group leader against 4 leaders ({what})"
                        " per context switch", g4 - s4, 0.0, "ns", ok)
        self.summary["switch"] = summary
        self.out()

    # -- 2 --

    def report_start(self):
        names = [("distro", "/usr/bin/perf stat -e cpu-clock -a true"),
                 ("plain", "perf stat -e cpu-clock -a true"),
                 ("plain-task", "perf stat -e cpu-clock -- true"),
                 ("bperf-create", "perf stat --use-bpf ... -a true "
                  "(creates the leader)"),
                 ("bperf-create-b2b", "  the same, back to back (a leader "
                  "just went away)"),
                 ("bperf-join", "perf stat --use-bpf ... -a true "
                  "(joins a leader)"),
                 ("bperf-join-task", "perf stat --use-bpf ... -- true "
                  "(joins, with a follower)")]
        if not self.sel("start"):
            return
        n = len(self.sel("start", "plain"))
        self.out(f"2. Session start: wall time of a 'true' run, median of "
                 f"{n} runs [min..max]; over plain: median of the "
                 "differences of runs made side by side")
        summary = {}
        plain = {r["rep"]: r["value"] / 1e6
                 for r in self.sel("start", "plain")}
        plain_task = {r["rep"]: r["value"] / 1e6
                      for r in self.sel("start", "plain-task")}
        for config, label in names:
            runs = {r["rep"]: r["value"] / 1e6
                    for r in self.sel("start", config)}
            vals = list(runs.values())
            if not vals:
                continue
            m = median(vals)
            lo, hi = spread(vals)
            ref = plain_task if config == "bperf-join-task" else plain
            over = median([v - ref[i] for i, v in runs.items()
                           if i in ref])
            tgt = ""
            if config == "bperf-join":
                ok = m <= TARGET_JOIN_MS
                tgt = f"<= {TARGET_JOIN_MS:.0f} ms  {verdict(ok)}"
                self.target("joining an existing leader (wall, 'true' run)",
                            m, TARGET_JOIN_MS, "ms", ok)
            if config == "bperf-join-task" and plain_task:
                ok = over <= TARGET_JOIN_TASK_OVER_PLAIN_MS
                tgt = (f"<= plain -- true + "
                       f"{TARGET_JOIN_TASK_OVER_PLAIN_MS:.0f} ms  "
                       f"{verdict(ok)}")
                self.target("joining with a task-scoped session, over "
                            "plain counting of the same run", over,
                            TARGET_JOIN_TASK_OVER_PLAIN_MS, "ms", ok)
            if config == "bperf-create":
                ok = over <= TARGET_CREATE_OVER_PLAIN_MS
                tgt = (f"<= plain + {TARGET_CREATE_OVER_PLAIN_MS:.0f} ms  "
                       f"{verdict(ok)}")
                self.target("creating a leader, over plain counting of the "
                            "same run", over, TARGET_CREATE_OVER_PLAIN_MS,
                            "ms", ok)
            over_s = "" if config.startswith("plain") else f"{over:+.1f} ms"
            self.out(f"   {label:<64}{m:>7.1f} ms [{lo:.1f}..{hi:.1f}]"
                     .ljust(90) + f"{over_s:>10}  {tgt}".rstrip())
            summary[config] = {"ms": m, "min": lo, "max": hi,
                               "over_plain_ms": over}
            if config == "bperf-create":
                self.report_create_parts()
        self.summary["start"] = summary
        self.out()

    def report_create_parts(self):
        """The median of each part of creating a leader (perf stat -v)."""
        parts = {}
        for r in self.sel("start", "bperf-create-parts"):
            parts.setdefault(r["k"], []).append(r["value"])
        if not parts:
            return
        names = list(CREATE_PARTS) + ["all", "verification"]
        med = {names[k]: median(v) for k, v in sorted(parts.items())
               if k < len(names)}

        def part(name, ms):
            if name == "load" and "verification" in med:
                return (f"load {ms:.1f} (verification "
                        f"{med['verification']:.1f})")
            return f"{name} {ms:.1f}"
        self.out("     where it goes (perf stat -v, median ms of "
                 f"{len(parts[0])} runs): " +
                 ", ".join(part(name, ms) for name, ms in med.items()
                           if name not in ("all", "verification")) +
                 f" (all {med.get('all', 0):.1f}; load: the kernel's BTF, "
                 "verification, maps)")
        self.summary["start_create_parts_ms"] = med

    # -- 3 --

    def report_read(self):
        if not self.sel("read"):
            return
        reps = len(self.sel("read", "plain-cpu", "read_ns", 1))
        self.out(f"3. Read cost, median of {reps} reps: one read of every "
                 "event on every CPU (bperf syncs the leader on each CPU "
                 "first), and CPU time per -I 100 interval (-a)")
        self.out(f"   {'events':>6}  {'plain -a':>10} {'bperf -a':>10} "
                 f"{'plain -p':>10} {'bperf -p':>10}   "
                 f"{'-I 100 plain':>13} {'-I 100 bperf':>13}")
        summary = {}
        for nev in (1, 4, 16):
            cells = []
            entry = {}
            for config in ("plain-cpu", "bperf-cpu", "plain-task",
                           "bperf-task"):
                vals = [r["value"] / 1e3
                        for r in self.sel("read", config, "read_ns", nev)]
                m = median(vals)
                entry[config + "_us"] = m
                cells.append(f"{fmt(m, '.1f'):>7} us")
            for config in ("plain-interval", "bperf-interval"):
                vals = [r["value"] / 1e3 for r in self.sel(
                    "read", config, "cpu_ns_per_interval", nev)]
                m = median(vals)
                entry[config + "_us"] = m
                cells.append(f"{fmt(m, '.0f'):>7} us CPU")
            self.out(f"   {nev:>6}  " + " ".join(cells[:4]) + "   " +
                     " ".join(cells[4:]))
            summary[nev] = entry
        self.summary["read"] = summary
        self.out()

    # -- 4 --

    def report_accuracy(self):
        if not self.sel("accuracy"):
            return
        n = len(self.sel("accuracy", "task-clock", "bperf"))
        self.out(f"4. Accuracy: bperf against plain counting of the same "
                 f"work in one session, {n} reps, median |diff| "
                 "[min..max of diff]")
        summary = {}
        for config, label, short, ref, limit in (
                ("task-clock", "task-clock, 2 spinning children (:b vs "
                 "plain)", "task-clock", "plain", TARGET_TASK_CLOCK_PCT),
                ("cpu-clock-a", "cpu-clock -a over a sleep (:b vs plain)",
                 "cpu-clock -a", "plain", TARGET_CPU_CLOCK_PCT),
                ("cpu-clock-a", "cpu-clock -a: bperf vs CPUs x elapsed",
                 "bperf vs CPUs x T", "reference", TARGET_CPU_CLOCK_PCT),
                ("cpu-clock-a", "cpu-clock -a: plain vs CPUs x elapsed",
                 "plain vs CPUs x T", "reference", None),
                ("context-switches-p", "context-switches -p (:b vs plain)",
                 "context-switches -p", "plain", None)):
            num = "plain" if label.startswith("cpu-clock -a: plain") \
                else "bperf"
            a = {r["rep"]: r["value"]
                 for r in self.sel("accuracy", config, num)}
            b = {r["rep"]: r["value"]
                 for r in self.sel("accuracy", config, ref)}
            diffs = [100.0 * (a[rep] - b[rep]) / b[rep] for rep in a
                     if rep in b and b[rep]]
            if not diffs:
                continue
            m = median([abs(d) for d in diffs])
            lo, hi = spread(diffs)
            tgt = ""
            if limit is not None:
                ok = m <= limit
                tgt = f"<= {limit:.0f} %  {verdict(ok)}"
                self.target(f"accuracy: {label}", m, limit, "%", ok)
            self.out(f"   {label:<52}{m:>7.2f} % [{lo:+.2f}..{hi:+.2f}]"
                     .ljust(86) + f"  {tgt}".rstrip())
            summary[label] = {"abs_diff_pct": m, "min": lo, "max": hi,
                              "diff_pct": median(diffs), "short": short,
                              "bperf": median(list(a.values())),
                              ref: median(list(b.values()))}
        self.summary["accuracy"] = summary
        self.out()

    # -- 5 --

    def report_footprint(self):
        if not self.sel("footprint"):
            return
        self.out(f"5. Footprint on {self.machine.get('cpus', '?')} CPUs: "
                 "BPF memory (bytes_memlock) per event, RSS per session")
        self.out(f"   {'events':>6}  {'leader':>10} {'-a session':>11} "
                 f"{'follower':>10}   {'RSS plain -a':>13} "
                 f"{'plain -p':>9} {'bperf -a':>9} {'bperf -p':>9}")
        summary = {}

        def val(config, nev, metric):
            v = [r["value"] for r in self.sel("footprint", config, metric,
                                              nev)]
            return v[0] if v else float("nan")
        for nev in (1, 4, 16):
            e = {c: val(c, nev, m) for c, m in (
                ("leader", "bytes"), ("session-cpu", "bytes"),
                ("session-task", "bytes"), ("rss-plain-cpu", "kb"),
                ("rss-plain-task", "kb"), ("rss-bperf-cpu", "kb"),
                ("rss-bperf-task", "kb"))}
            if all(math.isnan(x) for x in e.values()):
                continue
            self.out(f"   {nev:>6}  {fmt(e['leader'] / 1024, '.0f'):>7} KiB "
                     f"{fmt(e['session-cpu'] / 1024, '.1f'):>7} KiB "
                     f"{fmt(e['session-task'] / 1024, '.0f'):>6} KiB   "
                     f"{fmt(e['rss-plain-cpu'] / 1024, '.1f'):>9} MiB "
                     f"{fmt(e['rss-plain-task'] / 1024, '.1f'):>5} MiB "
                     f"{fmt(e['rss-bperf-cpu'] / 1024, '.1f'):>5} MiB "
                     f"{fmt(e['rss-bperf-task'] / 1024, '.1f'):>5} MiB")
            summary[nev] = e
        maps = sorted({r["config"][len("leader-map-"):]
                       for r in self.sel("footprint")
                       if r["config"].startswith("leader-map-")})
        if maps:
            parts = [f"{m} {val('leader-map-' + m, 1, 'bytes') / 1024:.0f}"
                     for m in maps]
            self.out("   leader maps (KiB, 1 event): " + ", ".join(parts))
        progs = [r["value"] for r in self.sel("footprint", "session-task",
                                              "programs", 1)]
        if progs:
            self.out(f"   follower programs: {progs[0]}")
        self.summary["footprint"] = summary
        self.out()

    def write_plot_data(self):
        """One .dat file per panel of plot.gp, only where there is data."""
        def write(name, lines):
            path = os.path.join(self.dir, name)
            if os.path.exists(path):
                os.unlink(path)
            if lines:
                with open(path, "w") as f:
                    f.write("".join(lines))

        sw = self.summary.get("switch", {})

        def d(key):
            return sw.get(key, {}).get("delta_ns", float("nan"))
        lines = []
        if sw:
            lines.append("# sessions plain-cpu plain-task bperf-cpu "
                         "bperf-task floor (ns per switch over nothing)\n")
            for k in sorted({r["k"] for r in self.sel("switch")} | {0}):
                pc = 0.0 if k == 0 else d(f"plain-cpu-{k}")
                pt = 0.0 if k == 0 else d(f"plain-task-{k}")
                bc = d("bperf-leader-0") if k == 0 else d(f"bperf-cpu-{k}")
                bt = d("bperf-leader-0") if k == 0 else d(f"bperf-task-{k}")
                lines.append(f"{k} {pc} {pt} {bc} {bt} {d('floor-0')}\n")
        write("switch.dat", lines)
        write("start.dat", [f"{name} {e['ms']} {e['min']} {e['max']}\n"
                            for name, e in
                            self.summary.get("start", {}).items()])
        lines = []
        for nev, e in self.summary.get("read", {}).items():
            lines.append(f"{nev} {e['plain-cpu_us']} {e['bperf-cpu_us']} "
                         f"{e['plain-task_us']} {e['bperf-task_us']} "
                         f"{e['plain-interval_us']} "
                         f"{e['bperf-interval_us']}\n")
        write("read.dat", lines)
        lines = []
        for i, (label, e) in enumerate(
                self.summary.get("accuracy", {}).items()):
            lines.append(f"{i} \"{e['short']}\" {e['diff_pct']} "
                         f"{e['min']} {e['max']}\n")
        write("accuracy.dat", lines)

    def report_serve(self):
        if not self.sel("serve"):
            return
        cfg = self.sel("serve", "plain-scrape", "series")
        reps = len(cfg)
        self.out(f"6. perf stat --serve: CPU time of perf for one scrape of "
                 f"/metrics against one -I 100 interval of the same "
                 f"counters, median of {reps} reps [min..max]")
        self.out(f"   16 events x {cfg[0]['k'] if cfg else 0} cgroups "
                 f"(--for-each-cgroup) on all CPUs: "
                 f"{int(cfg[0]['value']) if cfg else 0} series of counts "
                 "per scrape, as many rows per interval")
        summary = {}
        for backend in ("plain", "bperf"):
            iv = [r["value"] / 1e3 for r in
                  self.sel("serve", f"{backend}-interval", "cpu_ns")]
            sc = [r["value"] / 1e3 for r in
                  self.sel("serve", f"{backend}-scrape", "cpu_ns")]
            if not iv or not sc:
                continue
            ratio = median(sc) / median(iv)
            ok = ratio <= TARGET_SCRAPE_OVER_INTERVAL
            self.out(f"   {backend:<6} -I interval {median(iv):8.0f} us CPU "
                     f"[{min(iv):.0f}..{max(iv):.0f}]   scrape "
                     f"{median(sc):8.0f} us CPU [{min(sc):.0f}..{max(sc):.0f}]"
                     f"   scrape / interval {ratio:.2f}   <= "
                     f"{TARGET_SCRAPE_OVER_INTERVAL:.0f}x  {verdict(ok)}")
            self.target(f"{backend} --serve scrape over -I interval",
                        ratio, TARGET_SCRAPE_OVER_INTERVAL, "x", ok)
            summary[backend] = {"interval_us": median(iv),
                                "scrape_us": median(sc), "ratio": ratio}
        self.summary["serve"] = summary
        self.out()

    # -- 7 --

    def report_fault(self):
        def runs(config):
            return self.runs(config, 0, "ns_per_fault", "fault")

        def rep_min(config):
            return self.rep_min(config, 0, "ns_per_fault", "fault")

        if not runs("nothing"):
            return
        pages = [r["value"] for r in self.sel("fault", "params", "pages")]
        nreps = len(rep_min("nothing"))
        self.out(f"7. Cost per page fault: one process pinned to CPU "
                 f"{self.machine.get('bench_cpu', '?')} writes a byte to "
                 f"each of {pages[0] if pages else 0:.0f} fresh pages a run, "
                 f"{nreps} reps of every configuration, alternated; "
                 f"{len(runs('nothing'))} timed runs per configuration")
        self.out("   ns/fault: CPU time of the writing loop / its minor "
                 "faults, 10th percentile of the runs; delta: over "
                 "'nothing counting' [min..max over the reps, fastest run "
                 "of each]; median: of all runs.")
        self.out(f"   {'configuration':<44}{'ns/fault':>8} {'delta':>6} "
                 f"{'[min..max]':<17}{'median':>7}   target")
        base = quantile(runs("nothing"), LOW_QUANTILE)
        base_r = rep_min("nothing")
        summary = {"nothing": {"ns_per_fault": base}}

        def line(label, value, delta, rng, med, tgt=""):
            self.out(f"   {label:<44}{value:>8} {delta:>6} {rng:<17}"
                     f"{med:>7}   {tgt}".rstrip())

        def rep_deltas(config, against=None):
            ref = rep_min(against) if against else base_r
            return [v - ref[rep] for rep, v in rep_min(config).items()
                    if rep in ref]

        line("nothing counting", f"{base:.0f}", "",
             f"[{min(base_r.values()):.0f}..{max(base_r.values()):.0f}]",
             fmt(median(runs("nothing")), ".0f"))
        deltas = {}
        for config, label in (
                ("plain", "plain -a page-faults"),
                ("floor", "floor: empty BPF prog on page_fault_user"),
                ("bperf-leader", "bperf page-faults leader (one -a session)"),
                ("bperf-hit", "bperf page-faults -p (the writer)")):
            if not runs(config):
                continue
            d = quantile(runs(config), LOW_QUANTILE) - base
            lo, hi = spread(rep_deltas(config))
            deltas[config] = d
            line(label, f"{d + base:.0f}", fmt(d), f"[{fmt(lo)}..{fmt(hi)}]",
                 fmt(median(runs(config)), ".0f"))
            summary[config] = {"ns_per_fault": d + base, "delta_ns": d,
                               "delta_min": lo, "delta_max": hi}
        if "plain" in deltas and "bperf-leader" in deltas:
            hooks = deltas["bperf-leader"] - deltas["plain"]
            lo, hi = spread(rep_deltas("bperf-leader", "plain"))
            ok = hooks <= TARGET_FAULT_HOOKS_NS
            line("  -> the fault hooks: the leader over plain -a", "",
                 fmt(hooks), f"[{fmt(lo)}..{fmt(hi)}]", "",
                 f"<= {TARGET_FAULT_HOOKS_NS:.0f} ns  {verdict(ok)}")
            self.target("a page-faults leader's fault hooks per page fault",
                        hooks, TARGET_FAULT_HOOKS_NS, "ns", ok)
            summary["hooks"] = {"ns": hooks, "min": lo, "max": hi}
        self.summary["fault"] = summary
        self.out()

    def run(self):
        m = self.machine
        self.out(f"bperf benchmarks: {m['cpus']} CPUs ({m['model']}), "
                 f"Linux {m['kernel']}, {m['date']}")
        loads = [r["value"] for r in self.sel("load")]
        if loads:
            self.out(f"load average (1 min) around the sections: "
                     f"{min(loads):.2f}..{max(loads):.2f} "
                     "(other work on the machine inflates absolute times; "
                     "compare within a table)")
        self.out()
        self.report_switch()
        self.report_start()
        self.report_read()
        self.report_accuracy()
        self.report_footprint()
        self.report_serve()
        self.report_fault()
        misses = [t for t in self.summary["targets"]
                  if t["result"] != "PASS"]
        self.out(f"targets: {len(self.summary['targets']) - len(misses)} "
                 f"PASS, {len(misses)} MISS")
        for t in misses:
            self.out(f"  MISS {t['target']}: {t['value']:.1f} {t['unit']} "
                     f"(target <= {t['limit']:.0f} {t['unit']})")
        text = "\n".join(self.lines) + "\n"
        sys.stdout.write(text)
        with open(os.path.join(self.dir, "table.txt"), "w") as f:
            f.write(text)
        with open(os.path.join(self.dir, "summary.json"), "w") as f:
            json.dump(self.summary, f, indent=1, default=str)
        with open(os.path.join(self.dir, "summary.csv"), "w",
                  newline="") as f:
            w = csv.writer(f)
            w.writerow(["target", "value", "limit", "unit", "result"])
            for t in self.summary["targets"]:
                w.writerow([t["target"], f"{t['value']:.3f}", t["limit"],
                            t["unit"], t["result"]])
        self.write_plot_data()


def main(argv):
    if len(argv) != 3 or argv[1] not in ("measure", "report"):
        print(__doc__, file=sys.stderr)
        return 2
    out_dir = argv[2]
    if argv[1] == "measure":
        def on_signal(sig, frame):
            raise KeyboardInterrupt
        signal.signal(signal.SIGTERM, on_signal)
        status = 0
        try:
            Bench(out_dir).run()
        except BenchError as e:
            print(f"bench: error: {e}", file=sys.stderr)
            status = 1
        except KeyboardInterrupt:
            print("bench: interrupted", file=sys.stderr)
            return 130
        if status:
            print("bench: the table below is partial", file=sys.stderr)
        Report(out_dir).run()
        return status
    Report(out_dir).run()
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
