"""Round 66 (flake67): a test run on a machine busier than this one, for a CPU-bound test:
the command runs in a session of its own and every process in it (the test's own
subprocesses too) is stopped and continued in turn, RUN_S of every PERIOD_S running
(``--share 0.33``: a third of the CPU time the load would give it). Wall-time limits
(pytest-timeout's SIGALRM, a wait's monotonic deadline) keep counting while it is stopped,
so a test whose verdict is its total time goes red where one bounded by its progress
waits on.

    .venv/bin/python bench/ci_cpu_share_variant_r66.py --share 0.33 --out /tmp/x.txt -- \\
        .venv/bin/python -m pytest -p no:dash -q test/sim/test_tasks_memoryless.py -k no_memory

Writes the command's output, its start and end (UTC, load average) and exit status to
--out; exits with the command's status.
"""
from __future__ import annotations

import argparse
import os
import signal
import subprocess
import sys
import threading
import time

PERIOD_S = 0.3


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--share", type=float, required=True, help="running share of each period")
    ap.add_argument("--out", required=True)
    ap.add_argument("cmd", nargs=argparse.REMAINDER)
    a = ap.parse_args()
    cmd = a.cmd[1:] if a.cmd[:1] == ["--"] else a.cmd
    pause = threading.Event()
    with open(a.out, "w") as out:
        out.write(f"start {time.strftime('%H:%M:%S', time.gmtime())} load "
                  f"{os.getloadavg()} share {a.share} cmd {' '.join(cmd)}\n")
        out.flush()
        proc = subprocess.Popen(cmd, stdout=out, stderr=subprocess.STDOUT,
                                start_new_session=True)
        try:
            while proc.poll() is None:
                pause.wait(PERIOD_S * a.share)
                os.killpg(proc.pid, signal.SIGSTOP)
                pause.wait(PERIOD_S * (1.0 - a.share))
                os.killpg(proc.pid, signal.SIGCONT)
        except ProcessLookupError:
            pass
        finally:
            try:
                os.killpg(proc.pid, signal.SIGCONT)
            except ProcessLookupError:
                pass
        rc = proc.wait()
        out.write(f"end {time.strftime('%H:%M:%S', time.gmtime())} rc {rc} load "
                  f"{os.getloadavg()}\n")
    return rc


if __name__ == "__main__":
    sys.exit(main())
