#!/usr/bin/env python3
"""Runs a command and prints where its CPU went, by process kind and thread name, for
docs/performance.md.

`bench/cpu-tree.py` gives one total for a whole tree; this one tells a renderer's main thread
(the lesson's script, style, layout, paint) from the simulator's workers (`DedicatedWorker`),
V8's and the rasteriser's pool (`ThreadPoolForeg…`) and the compositor, and Chromium's
processes from the test runner's. Every 0.3 s it reads the user plus system time of each
thread of the command's processes (the command and its descendants, nothing else on the
machine) from /proc and keeps each thread's last reading, so a thread that lives less than that
is missed or cut short: the table sums to a little less than the tree's total.
Usage: bench/cpu-threads.py npx playwright test e2e/stepper.spec.ts (Linux only).
"""
import collections, os, re, subprocess, sys, time

HZ = os.sysconf("SC_CLK_TCK")


def kind(pid):
    """What a process is, from its command line: Chromium's by its type, else its program."""
    try:
        cmd = open(f"/proc/{pid}/cmdline", "rb").read().replace(b"\0", b" ").decode("utf8", "replace")
    except OSError:
        return "?"
    if "chrom" in cmd:
        m = re.search(r"--type=(\S+)", cmd)
        return "chromium " + (m.group(1) if m else "browser")
    for name in ("vitest", "playwright", "redis-server"):
        if name in cmd:
            return name
    return os.path.basename(cmd.split(" ")[0]) or "?"


def stat(path):
    """A /proc stat file's fields after the name: [0] state, [1] parent, [11:13] CPU, [19] start."""
    raw = open(path).read()
    return raw[raw.index("(") + 1 : raw.rindex(")")], raw.rsplit(")", 1)[1].split()


# Only the command's own processes count: a process is the command's if it is the command or
# its parent is one of them, read when it is first seen (an orphan's parent is init by then).
# Keyed by pid and start time, since the system gives a pid out again.
child = subprocess.Popen(sys.argv[1:])
began = time.time()
ours = {}  # (pid, start) -> kind
mine = {str(child.pid)}  # pids of ours alive at the last look
last = {}  # (pid, tid, start) -> (kind, thread name with its digits folded, CPU seconds)
while child.poll() is None:
    seen = {}
    for pid in filter(str.isdigit, os.listdir("/proc")):
        try:
            seen[pid] = stat(f"/proc/{pid}/stat")[1]
        except OSError:
            pass
    # parents before children, whatever their pids: repeat until no process joins
    grew = True
    while grew:
        grew = False
        for pid, f in seen.items():
            if (pid, f[19]) not in ours and (pid == str(child.pid) or f[1] in mine):
                ours[(pid, f[19])] = kind(pid)
                mine.add(pid)
                grew = True
    mine = {pid for pid, f in seen.items() if (pid, f[19]) in ours}
    for pid in mine:
        what = ours[(pid, seen[pid][19])]
        try:
            tids = os.listdir(f"/proc/{pid}/task")
        except OSError:
            continue
        for tid in tids:
            try:
                name, f = stat(f"/proc/{pid}/task/{tid}/stat")
            except OSError:
                continue
            cpu = (int(f[11]) + int(f[12])) / HZ
            last[(pid, tid, f[19])] = (what, re.sub(r"\d+", "#", name), cpu)
    time.sleep(0.3)

total = collections.Counter()
for k, name, cpu in last.values():
    total[(k, name)] += cpu
whole = sum(total.values())
print(f"{whole:.1f} s of CPU seen over {time.time() - began:.1f} s of wall time", file=sys.stderr)
for (k, name), cpu in total.most_common(20):
    print(f"{cpu:8.1f} s {100 * cpu / (whole or 1):5.1f}%  {k:22s} {name}", file=sys.stderr)
sys.exit(child.returncode)
