#!/usr/bin/env python3
"""Runs a command and prints where its CPU went, by process kind and thread name, for
docs/performance.md.

`bench/cpu-tree.py` gives one total for a whole tree; this one tells a renderer's main thread
(the lesson's script, style, layout, paint) from the simulator's workers (`DedicatedWorker`),
V8's and the rasteriser's pool (`ThreadPoolForeg…`) and the compositor, and Chromium's
processes from the test runner's. It reads every thread's user plus system time from /proc
every 0.3 s and keeps each thread's last reading, so a thread that lives less than that is
missed or cut short: the table sums to a little less than the tree's total.
Usage: bench/cpu-threads.py npx playwright test e2e/stepper.spec.ts (Linux only).
"""
import collections, os, re, subprocess, sys, time

HZ = os.sysconf("SC_CLK_TCK")


def kind(pid):
    """What a process is, from its command line; None for one this table leaves out."""
    try:
        cmd = open(f"/proc/{pid}/cmdline", "rb").read().replace(b"\0", b" ").decode("utf8", "replace")
    except OSError:
        return None
    if "chrom" in cmd:
        m = re.search(r"--type=(\S+)", cmd)
        return "chromium " + (m.group(1) if m else "browser")
    if "vitest" in cmd:
        return "vitest"
    if "playwright" in cmd:
        return "playwright"
    if cmd.split(" ")[0].endswith("node"):
        return "node"
    if "redis-server" in cmd:
        return "redis-server"
    return None


# (pid, tid, start time) -> (kind, thread name with its digits folded, CPU seconds)
last = {}
kinds = {}
began = time.time()
child = subprocess.Popen(sys.argv[1:])
while child.poll() is None:
    for pid in os.listdir("/proc"):
        if not pid.isdigit():
            continue
        try:
            started = open(f"/proc/{pid}/stat").read().rsplit(")", 1)[1].split()[19]
        except OSError:
            continue
        # a pid the system gave again to a new process is another process
        if (pid, started) not in kinds:
            kinds[(pid, started)] = kind(pid)
        what = kinds[(pid, started)]
        if not what:
            continue
        try:
            tids = os.listdir(f"/proc/{pid}/task")
        except OSError:
            continue
        for tid in tids:
            try:
                raw = open(f"/proc/{pid}/task/{tid}/stat").read()
            except OSError:
                continue
            name = re.sub(r"\d+", "#", raw[raw.index("(") + 1 : raw.rindex(")")])
            fields = raw.rsplit(")", 1)[1].split()
            cpu = (int(fields[11]) + int(fields[12])) / HZ
            last[(pid, tid, fields[19])] = (what, name, cpu)
    time.sleep(0.3)

total = collections.Counter()
for k, name, cpu in last.values():
    total[(k, name)] += cpu
whole = sum(total.values()) or 1
print(f"{whole:.1f} s of CPU seen over {time.time() - began:.1f} s of wall time", file=sys.stderr)
for (k, name), cpu in total.most_common(20):
    print(f"{cpu:8.1f} s {100 * cpu / whole:5.1f}%  {k:22s} {name}", file=sys.stderr)
sys.exit(child.returncode)
