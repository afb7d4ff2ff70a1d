#!/usr/bin/env python3
"""Runs a command and prints the CPU time of its whole process tree, for docs/performance.md.

`/usr/bin/time` reads RUSAGE_CHILDREN, which counts only the processes reaped under it:
Chromium's renderers are orphaned when their browser is killed and reaped by init, so it saw
215 s of a browser suite of 771 s. This parent is a child subreaper (PR_SET_CHILD_SUBREAPER),
so every orphan of the tree is reparented to it, and it reaps them all before it reads the
figure. Usage: bench/cpu-tree.py npx playwright test e2e/stepper.spec.ts (Linux only).
"""
import ctypes, os, resource, subprocess, sys, time

PR_SET_CHILD_SUBREAPER = 36
ctypes.CDLL(None).prctl(PR_SET_CHILD_SUBREAPER, 1, 0, 0, 0)
began, load = time.time(), os.getloadavg()[0]
rc = subprocess.Popen(sys.argv[1:]).wait()
# the orphans: wait for each, so its time is in RUSAGE_CHILDREN
while True:
    try:
        os.wait()
    except ChildProcessError:
        break
r = resource.getrusage(resource.RUSAGE_CHILDREN)
print(
    f"CPU user {r.ru_utime:.1f} s sys {r.ru_stime:.1f} s total {r.ru_utime + r.ru_stime:.1f} s;"
    f" wall {time.time() - began:.1f} s; load before {load:.1f} after {os.getloadavg()[0]:.1f}; rc {rc}",
    file=sys.stderr,
)
sys.exit(rc)
