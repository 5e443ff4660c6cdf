"""Round 54 (dds54): does an idle gap before a fixed piece of work make it cost more CPU?

The planner's per-subtask request reaches the memory server after a 0.2 s wait (the bench's
RECALL_BENCH_PLANNER mode models it), so the server's thread wakes cold each time. This
times one fixed burst (a 10,000 x 384 float32 matrix-vector product, a top-50 partition and
a 20,000-step Python loop: the shape of a recall's ranking) by its thread CPU, back to back
and after each gap given, three rounds interleaved, and writes the medians as JSON.

    OMP_NUM_THREADS=1 .venv/bin/python bench/cold_burst_r54.py OUT.json 0 0.001 0.01 0.05 0.2

Run it on a quiet machine beside the DDS bench: a gap penalty there, with the guest idle,
is the host's (other tenants), not this code's.
"""

from __future__ import annotations

import json
import statistics
import sys
import time

import numpy as np
from environment import with_environment

RNG = np.random.default_rng(11)
MATRIX = RNG.standard_normal((10_000, 384)).astype(np.float32)
PER_ROUND = 40
ROUNDS = 3


def burst() -> int:
    scores = MATRIX @ RNG.standard_normal(384).astype(np.float32)
    top = np.argpartition(-scores, 50)[:50]
    kept = {int(i): float(scores[i]) for i in top}
    x = 0
    for i in range(20_000):
        x += i % 7
    return len(kept) + x


def timed(gap_s: float, n: int) -> list[float]:
    """Thread CPU of `n` bursts, in microseconds, each after `gap_s` of sleep."""
    out = []
    for _ in range(n):
        if gap_s:
            time.sleep(gap_s)
        start = time.thread_time_ns()
        burst()
        out.append((time.thread_time_ns() - start) / 1e3)
    return out


def main(argv: list[str]) -> None:
    out_path, gaps = argv[0], [float(g) for g in argv[1:]] or [0.0, 0.2]
    samples: dict[str, list[float]] = {str(g): [] for g in gaps}
    load_before = open("/proc/loadavg").read().split()[:3]
    for _ in range(ROUNDS):
        for gap in gaps:
            samples[str(gap)] += timed(gap, PER_ROUND)
    result = {
        "load_before": load_before, "load_after": open("/proc/loadavg").read().split()[:3],
        "thread_cpu_us": {g: {"median": round(statistics.median(v)),
                              "p90": round(sorted(v)[int(0.9 * len(v))]), "n": len(v)}
                          for g, v in samples.items()}}
    with open(out_path, "w") as f:
        json.dump(with_environment(result), f, indent=1)
    print(json.dumps(result))


if __name__ == "__main__":
    main(sys.argv[1:])
