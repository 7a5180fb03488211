#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
"""Clients of perf stat --serve for the shell tests.

  serve_client.py scrape URL om|text     one scrape, parsed strictly (the
                                         prometheus_client parsers); prints
                                         one JSON object: "name{k=v,...}" -> value
  serve_client.py parse FILE om|text      the same, of a body saved by curl
  serve_client.py clients URL N          N scrapes at once (threads released
                                         together); each must be a 200 that
                                         parses; prints "ok N" and the slowest
  serve_client.py bad URL                bad requests, with a slow client held
                                         open meanwhile; prints one line per
                                         request: what, status (or "closed")

Exit status: 0 when every check held, 1 otherwise (the reason on stderr).
"""
import json
import socket
import sys
import threading
import time
import urllib.error
import urllib.parse
import urllib.request

from prometheus_client.openmetrics import parser as om_parser
from prometheus_client import parser as text_parser

ACCEPT = {
    # What Prometheus 2.42 sends, and what a 0.0.4-only client sends.
    "om": "application/openmetrics-text;version=1.0.0,"
          "application/openmetrics-text;version=0.0.1;q=0.75,"
          "text/plain;version=0.0.4;q=0.5,*/*;q=0.1",
    "text": "text/plain;version=0.0.4",
}
CTYPE = {
    "om": "application/openmetrics-text; version=1.0.0; charset=utf-8",
    "text": "text/plain; version=0.0.4; charset=utf-8",
}


def fetch(url, fmt):
    req = urllib.request.Request(url, headers={"Accept": ACCEPT[fmt]})
    with urllib.request.urlopen(req, timeout=30) as resp:
        body = resp.read().decode()
        ctype = resp.headers.get("Content-Type")
    if ctype != CTYPE[fmt]:
        raise ValueError(f"Content-Type {ctype!r}, expected {CTYPE[fmt]!r}")
    return parse(body, fmt)


def parse(body, fmt):
    if fmt == "om":
        families = om_parser.text_string_to_metric_families(body)
    else:
        families = text_parser.text_string_to_metric_families(body)
    samples = {}
    for fam in families:
        for s in fam.samples:
            key = s.name + "{" + ",".join(
                f"{k}={v}" for k, v in sorted(s.labels.items())) + "}"
            if key in samples:
                raise ValueError(f"sample {key} twice")
            samples[key] = s.value
    if not samples:
        raise ValueError("no samples")
    return samples


def cmd_scrape(url, fmt):
    print(json.dumps(fetch(url, fmt), sort_keys=True))
    return 0


def cmd_parse(path, fmt):
    with open(path) as f:
        print(json.dumps(parse(f.read(), fmt), sort_keys=True))
    return 0


def cmd_clients(url, n):
    n = int(n)
    barrier = threading.Barrier(n)
    results = [None] * n

    def one(i):
        barrier.wait()
        t0 = time.monotonic()
        try:
            samples = fetch(url, "om" if i % 2 else "text")
            results[i] = (True, time.monotonic() - t0, len(samples))
        except Exception as e:  # report every failure, not just the first
            results[i] = (False, time.monotonic() - t0, repr(e))

    threads = [threading.Thread(target=one, args=(i,)) for i in range(n)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    bad = [r for r in results if not r[0]]
    for r in bad:
        print(f"failed after {r[1]:.3f} s: {r[2]}", file=sys.stderr)
    print(f"ok {n - len(bad)} of {n}, slowest {max(r[1] for r in results):.3f} s")
    return 1 if bad else 0


def raw(host, port, data, timeout=10):
    """Send data, return the status of the answer or 'closed'."""
    with socket.create_connection((host, port), timeout=timeout) as s:
        s.sendall(data)
        try:
            s.shutdown(socket.SHUT_WR)
        except OSError:
            pass
        buf = b""
        try:
            while True:
                chunk = s.recv(65536)
                if not chunk:
                    break
                buf += chunk
        except (ConnectionResetError, socket.timeout):
            pass
    if not buf:
        return "closed"
    line = buf.split(b"\r\n", 1)[0].decode(errors="replace")
    parts = line.split(" ")
    return parts[1] if len(parts) > 1 and parts[0].startswith("HTTP/") else "garbage"


def cmd_bad(url):
    u = urllib.parse.urlsplit(url)
    host, port = u.hostname, u.port
    # A slow client: half a request line, then silence, held open while
    # the others are served.
    slow = socket.create_connection((host, port), timeout=30)
    slow.sendall(b"GET /metr")
    # Binary garbage: MHD holds it until the connection times out; in a
    # thread of its own, so that the others go on meanwhile.
    garbage = {}

    def send_garbage():
        t0 = time.monotonic()
        garbage["status"] = raw(host, port, b"\x00\x01\x02 hello\r\n\r\n", 30)
        garbage["time"] = time.monotonic() - t0

    gthread = threading.Thread(target=send_garbage)
    gthread.start()
    cases = [
        ("no-version", b"GET /metrics\r\n\r\n"),
        ("bad-version", b"GET /metrics HTTP/9.9\r\nHost: x\r\n\r\n"),
        ("huge-header", b"GET /metrics HTTP/1.1\r\nHost: x\r\nX-Big: " +
         b"a" * (256 * 1024) + b"\r\n\r\n"),
        ("post-body", b"POST /metrics HTTP/1.1\r\nHost: x\r\n"
         b"Content-Length: 5\r\n\r\nhello"),
        ("delete", b"DELETE /metrics HTTP/1.1\r\nHost: x\r\n\r\n"),
        ("other-path", b"GET /../../etc/passwd HTTP/1.1\r\nHost: x\r\n\r\n"),
        ("bad-length", b"GET /metrics HTTP/1.1\r\nHost: x\r\n"
         b"Content-Length: -3\r\n\r\n"),
        ("ok", b"GET /metrics HTTP/1.1\r\nHost: x\r\n"
         b"Connection: close\r\n\r\n"),
    ]
    for what, data in cases:
        t0 = time.monotonic()
        status = raw(host, port, data)
        print(what, status, f"{time.monotonic() - t0:.3f} s")
    # The slow client did not hold the others up, and is still connected
    # or was dropped: either way a normal scrape works now.
    t0 = time.monotonic()
    fetch(url, "om")
    print("scrape-after ok", f"{time.monotonic() - t0:.3f} s")
    gthread.join()
    print("garbage", garbage["status"], f"{garbage['time']:.3f} s")
    slow.close()
    return 0


def main(argv):
    cmds = {"scrape": cmd_scrape, "parse": cmd_parse, "clients": cmd_clients, "bad": cmd_bad}
    if len(argv) < 3 or argv[1] not in cmds:
        print(__doc__, file=sys.stderr)
        return 2
    try:
        return cmds[argv[1]](*argv[2:])
    except Exception as e:
        print(f"serve_client.py {argv[1]}: {e!r}", file=sys.stderr)
        return 1


if __name__ == "__main__":
    sys.exit(main(sys.argv))
