# SPDX-License-Identifier: GPL-2.0
# shellcheck shell=bash
#
# Helpers for the hardening_*.sh tests.  Source after lib.sh and
# lib/bperf.sh:
#
#   bperf_objects [unheld] every bperf program, map and link alive, one a
#                          line; "unheld": only those no process holds
#   bperf_left_over BASE   wait until no unheld bperf object beyond those
#                          listed in the file BASE is alive; print what is
#                          left if not
#   leaders_now            leader links held by this test's processes

# Every bperf object alive: "prog:ID name", "map:ID name", "link:ID prog"
# for the programs named after the bperf hooks, the maps of leaders,
# followers and tokens (not attr maps: those stay pinned by design), and
# the links of those programs.  With "unheld": only those that no process
# holds, directly or through a link or program it holds (what is left of
# a session that is gone; sessions of other tests hold theirs).
bperf_objects() {
	local progs maps links
	# A listing that failed would pass for a machine with nothing left.
	progs=$(bpftool -j prog show 2>/dev/null) &&
		maps=$(bpftool -j map show 2>/dev/null) &&
		links=$(bpftool -j link show 2>/dev/null) ||
		{ echo "error: bpftool cannot list the BPF objects"; return 1; }
	python3 - "$progs" "$maps" "$links" "${1:-all}" <<'EOF'
import json, os, sys
progs, maps, links = (json.loads(a or "[]") for a in sys.argv[1:4])
progs = [p for p in progs if "id" in p]	# {"error": ...} when freed meanwhile
maps = [m for m in maps if "id" in m]
links = [l for l in links if "id" in l]
held = set()
if sys.argv[4] == "unheld":
    for pid in filter(str.isdigit, os.listdir("/proc")):
        try:
            fds = os.listdir("/proc/%s/fdinfo" % pid)
        except OSError:
            continue
        for fd in fds:
            try:
                with open("/proc/%s/fdinfo/%s" % (pid, fd)) as f:
                    for line in f:
                        k, _, v = line.partition(":")
                        if k in ("map_id", "prog_id", "link_id"):
                            held.add((k[:-3], int(v)))
            except (OSError, ValueError):
                pass
    for l in links:
        if ("link", l["id"]) in held:
            held.add(("prog", l.get("prog_id")))
    for p in progs:
        if ("prog", p["id"]) in held:
            held.update(("map", m) for m in p.get("map_ids", []))
prog_names = ("on_switch", "on_fork", "on_free", "on_exec", "on_exit",
              "on_tick", "on_fault_user", "on_fault_kernel")
map_names = ("events", "prev_readings", "diff_readings", "sessions",
             "chain_busy", "cpu_state", "task_index", "follower_gen",
             "counts", "exec_joins", "scratch", "bperf_token")
ours = {}
for p in progs:
    if p.get("name") in prog_names:
        ours[p["id"]] = p["name"]
        if ("prog", p["id"]) not in held:
            print("prog:%d %s" % (p["id"], p["name"]))
for m in maps:
    n = m.get("name", "")
    if (n in map_names or (n.startswith("bperf_") and n != "bperf_attr_map")) \
       and ("map", m["id"]) not in held:
        print("map:%d %s" % (m["id"], n))
for l in links:
    if l.get("prog_id") in ours and ("link", l["id"]) not in held:
        print("link:%d %s" % (l["id"], ours[l["prog_id"]]))
EOF
}

# bperf_left_over BASE_FILE: wait up to 10 s until no bperf object that
# no process holds exists beyond those in BASE_FILE; prints what is left
# otherwise.
bperf_left_over() {
	local now left
	for _ in $(seq 50); do
		now=$(bperf_objects unheld) || { echo "$now"; return 1; }
		left=$(comm -13 <(sort "$1") <(echo "$now" | sort) | grep .)
		[ -z "$left" ] && return 0
		sleep 0.2
	done
	echo "$left"
	return 1
}

# Leader links in use by this test's sessions: sched_switch links of
# programs named on_switch that a descendant of this shell holds an fd of
# (found in /proc/PID/fdinfo), so that sessions of other tests running at
# the same time do not count.
leaders_now() {
	local progs links
	progs=$(bpftool -j prog show 2>/dev/null)
	links=$(bpftool -j link show 2>/dev/null)
	python3 - "$progs" "$links" "$T_MAIN_PID" <<'EOF'
import json, os, sys
# bpftool prints {"error": ...} for an object freed while it lists.
progs = {p["id"]: p.get("name") for p in json.loads(sys.argv[1] or "[]")
         if "id" in p}
links = {l["id"]: l for l in json.loads(sys.argv[2] or "[]") if "id" in l}
root = int(sys.argv[3])
parent = {}
for d in os.listdir("/proc"):
    if not d.isdigit():
        continue
    try:
        with open("/proc/%s/stat" % d) as f:
            parent[int(d)] = int(f.read().rsplit(")", 1)[1].split()[1])
    except (OSError, IndexError, ValueError):
        pass
def ours(pid):
    for _ in range(64):
        if pid == root:
            return True
        pid = parent.get(pid, 0)
        if pid <= 1:
            return False
    return False
held = set()
for pid in parent:
    if pid == root or not ours(pid):
        continue
    try:
        fds = os.listdir("/proc/%d/fdinfo" % pid)
    except OSError:
        continue
    for fd in fds:
        try:
            with open("/proc/%d/fdinfo/%s" % (pid, fd)) as f:
                for line in f:
                    if line.startswith("link_id:"):
                        held.add(int(line.split()[1]))
        except (OSError, ValueError):
            pass
print(sum(1 for i in held if i in links and
          links[i].get("tp_name") == "sched_switch" and
          progs.get(links[i].get("prog_id")) == "on_switch"))
EOF
}
