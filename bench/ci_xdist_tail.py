"""Per-worker timeline of an xdist run: a pytest plugin, and its summary (round 39).

As a plugin (`PYTHONPATH=bench ... pytest -p ci_xdist_tail`), every worker appends one line
per finished test (worker, wall time, test id) to `$CI_XDIST_TAIL_LOG`. As a script it reads
that log and prints, per worker, its tests and when its last one ended, and the idle tail:
how long the first worker to finish had nothing left while another still ran.

    CI_XDIST_TAIL_LOG=/tmp/tail_load.log PYTHONPATH=.:bench bash scripts/test.sh -p ci_xdist_tail
    .venv/bin/python bench/ci_xdist_tail.py /tmp/tail_load.log
"""

from __future__ import annotations

import json
import os
import sys
import time
from collections import defaultdict


def pytest_runtest_logfinish(nodeid: str, location: tuple) -> None:
    path = os.environ.get("CI_XDIST_TAIL_LOG")
    worker = os.environ.get("PYTEST_XDIST_WORKER")
    if path and worker:  # the workers only: the controller replays the same reports
        with open(path, "a", encoding="utf-8") as f:
            f.write(json.dumps({"w": worker, "t": time.time(), "id": nodeid}) + "\n")


def summary(path: str) -> dict:
    rows = [json.loads(line) for line in open(path, encoding="utf-8") if line.strip()]
    t0 = min(r["t"] for r in rows)
    ends: dict[str, float] = defaultdict(float)
    counts: dict[str, int] = defaultdict(int)
    for r in rows:
        ends[r["w"]] = max(ends[r["w"]], r["t"] - t0)
        counts[r["w"]] += 1
    return {"workers": {w: {"tests": counts[w], "last_end_s": round(ends[w], 1)}
                        for w in sorted(ends)},
            "idle_tail_s": round(max(ends.values()) - min(ends.values()), 1)}


if __name__ == "__main__":
    print(json.dumps(summary(sys.argv[1]), indent=2))
