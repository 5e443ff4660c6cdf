"""Is a kind's slow tail over DDS the same requests every time, or the scheduler's?
(round 36, issue 11 part 4)

Reads runs of `recall_dds_latency.py` made with ``RECALL_BENCH_SPLIT=1 RECALL_BENCH_TRACE=1``
(each request's wall split, in request order; the request sequence is the bench's seeded
one, so request i is the same text in every server and run) and, per kind, compares every
pair of servers (both servers of an interleaved run, and across runs): the rank correlation
(Spearman) of each part of a request's wall and how many of one server's slowest 2 % are
among the other's. A part that is a property of the request (its handler CPU: the words it
reads, the steps it ranks) correlates across runs; a part that is the machine's (waiting
for a core, the queue) does not. Also, per server, the mean of each part over its slowest
2 % by wall.

    .venv/bin/python bench/dds_tail_repeat.py RUN.json [RUN.json ...] --out NAME
        # -> bench/results/NAME.json
"""

from __future__ import annotations

import argparse
import itertools
import json
import sys
from pathlib import Path

import numpy as np

KINDS = ("per_subtask", "instruction", "step", "step_pool")
PARTS = ("total", "handler_cpu", "handler_waited", "server_queue", "handler")
TAIL_PARTS = ("total", "handler", "handler_cpu", "handler_waited", "server_queue",
              "server_send", "dds_response", "client_queue")


def _spearman(a: np.ndarray, b: np.ndarray) -> float:
    ra, rb = np.argsort(np.argsort(a)), np.argsort(np.argsort(b))
    return round(float(np.corrcoef(ra, rb)[0, 1]), 2)


def _slowest(xs: np.ndarray) -> set[int]:
    return set(np.argsort(-xs)[:max(1, len(xs) // 50)].tolist())


def compare(servers: dict[str, dict]) -> dict:
    """`servers`: name -> that server's ``wall_split`` (with ``rows_ms``)."""
    out: dict = {}
    for kind in KINDS:
        rows = {n: w[kind]["rows_ms"] for n, w in servers.items() if "rows_ms" in w.get(kind, {})}
        if len(rows) < 2:
            continue
        sizes = {len(r) for r in rows.values()}
        if len(sizes) != 1:
            sys.exit(f"{kind}: the servers ran different numbers of requests {sizes}")
        per: dict = {"pairs": {}, "slowest_2pct_mean_ms": {}}
        for part in PARTS:
            arrs = {n: np.array([r[part] for r in rs]) for n, rs in rows.items()}
            per["pairs"][part] = {
                f"{a} ~ {b}": {"spearman": _spearman(arrs[a], arrs[b]),
                               "slowest_2pct_shared": len(_slowest(arrs[a]) & _slowest(arrs[b])),
                               "of": len(_slowest(arrs[a]))}
                for a, b in itertools.combinations(arrs, 2)}
        for n, rs in rows.items():
            tail = _slowest(np.array([r["total"] for r in rs]))
            per["slowest_2pct_mean_ms"][n] = {
                p: round(float(np.mean([rs[i][p] for i in tail])), 2) for p in TAIL_PARTS}
        out[kind] = per
    return out


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("runs", nargs="+", type=Path)
    ap.add_argument("--size", default="10000")
    ap.add_argument("--out", default="dds_tail_repeat")
    args = ap.parse_args()
    servers: dict[str, dict] = {}
    for path in args.runs:
        size = json.loads(path.read_text())["sizes"][args.size]
        for name in ("vectorised", "peer", "loop"):
            if "wall_split" in size.get(name, {}):
                servers[f"{path.stem}:{name}"] = size[name]["wall_split"]
    result = {"runs": [str(p) for p in args.runs], "compared": compare(servers)}
    sys.path.insert(0, str(Path(__file__).resolve().parent))
    from recall_common import save_result

    print(f"wrote {save_result(args.out, result, indent=1)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
