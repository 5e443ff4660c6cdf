"""Garbage collections inside timed /memory/recall requests (round 19).

Reads a result of bench/recall_dds_latency.py run with RECALL_BENCH_TRACE=1 and the
servers' collection logs from bench/gc_trace/sitecustomize.py, and says per server how many
collections of each generation fell inside the timed requests, their wall and CPU time, the
share of request time they cover, and what overlapped the three slowest requests of each
kind:

    mkdir -p /tmp/gc && GC_TRACE_DIR=/tmp/gc PYTHONPATH=bench/gc_trace:$PYTHONPATH \\
      RECALL_BENCH_TRACE=1 RECALL_BENCH_OUT=NAME RECALL_BENCH_CALLS=60 \\
      .venv/bin/python bench/recall_dds_latency.py 10000 --against DIR --interleave
    .venv/bin/python bench/recall_gc_trace.py bench/results/NAME.json /tmp/gc
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

import numpy as np

Event = tuple[int, float, float, float]  # generation, start, wall s, cpu s


def overlap(start: float, wall: float, e: Event) -> float:
    return max(0.0, min(start + wall, e[1] + e[2]) - max(start, e[1]))


def report(result: Path, gc_dir: Path) -> dict:
    sizes = json.loads(result.read_text())["sizes"]
    out: dict = {}
    for n, size in sizes.items():
        for server in ("vectorised", "peer"):
            if server not in size:
                continue
            s = size[server]
            log = gc_dir / f"gc_{s['server_pid']}.txt"
            events: list[Event] = [
                (int(f[0]), float(f[1]), float(f[2]), float(f[3]))
                for f in (line.split() for line in log.read_text().splitlines())]
            requests = s["requests_mode_start_s_wall_s"]
            inside = [e for e in events if any(overlap(t, w, e) > 0 for _, t, w in requests)]
            rec: dict = {"collections_inside_requests": {
                f"gen{g}": {"count": sum(e[0] == g for e in inside),
                            "wall_ms_max": round(max((e[2] for e in inside if e[0] == g),
                                                     default=0) * 1000, 2),
                            "cpu_ms_max": round(max((e[3] for e in inside if e[0] == g),
                                                    default=0) * 1000, 2)}
                for g in (0, 1, 2)}, "kinds": {}}
            for kind in sorted({m for m, _, _ in requests}):
                rs = [(t, w) for m, t, w in requests if m == kind]
                total = sum(w for _, w in rs)
                in_gc = sum(overlap(t, w, e) for t, w in rs for e in events)
                slowest = sorted(rs, key=lambda r: -r[1])[:3]
                rec["kinds"][kind] = {
                    "n": len(rs), "p99_ms": round(float(np.percentile([w for _, w in rs], 99))
                                                  * 1000, 1),
                    "gc_share_of_request_time": round(in_gc / total, 4),
                    "slowest_ms_and_gc_ms": [
                        (round(w * 1000, 1), round(sum(overlap(t, w, e) for e in events)
                                                   * 1000, 1)) for t, w in slowest]}
            out[f"{n}/{server}"] = rec
    return out


if __name__ == "__main__":
    print(json.dumps(report(Path(sys.argv[1]), Path(sys.argv[2])), indent=1))
