"""Round 64: cache_steered_ab's Zipf stream through one policy, for callgrind (no clock).

``ref`` is a git revision (steered.py and wtinylfu.py as they were there, as cache_steered_ab
loads them) or ``this`` (the tree's defaults). Instructions per access = (Ir at N - Ir at 0) / N.

    valgrind --tool=callgrind --callgrind-out-file=/tmp/cg.REF.N .venv/bin/python \\
        bench/cache_callgrind_r64.py REF N

Round 69: ``--server M`` runs cache_steered_ab's ``--server M`` stream instead (M keys put into
capacity M, then 2M uniform gets, seed 3: the memory server's short-term memory at M units),
its first N accesses: the instructions behind ``--per-access --server``'s wall percentiles.

Round 70: ``--opcodes NAME`` (no valgrind) counts, for every access (the get, and the put after a
miss), the Python bytecode instructions executed in every frame under the policy's call
(``sys.settrace`` with ``f_trace_opcodes``): a deterministic per-access cost, so a percentile of
it (p99, max) is the code's and not the machine's. Writes mean / p50 / p99 / p99.9 / max and the
accesses at the p99 and max to ``results/NAME.json`` (a list of refs is accepted: ``a,b``).

    .venv/bin/python bench/cache_callgrind_r64.py b5eef2ca,this 30000 --server 10000 \\
        --opcodes cache_opcodes_r70_lacks_server
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import sys
from collections.abc import Hashable
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from cache_steered_ab import policy_at  # noqa: E402
from environment import with_environment  # noqa: E402
from opcode_count import OpcodeCount  # noqa: E402

from memory_node.core.cache.steered import SteeredWTinyLFUPolicy  # noqa: E402


def stream(n: int, server: int) -> tuple[list[int], int]:
    """The first ``n`` keys of the stream and its capacity (as cache_steered_ab builds them)."""
    if server:
        rng = random.Random(3)
        trace = list(range(server))
        trace += [rng.randrange(server) for _ in range(2 * server)]
        return trace[:n], server
    rng = random.Random(7)
    weights = [1 / (i + 1) ** 0.9 for i in range(10_000)]
    return rng.choices(range(10_000), weights=weights, k=100_000)[:n], 1000


def opcodes_per_access(cls: type, trace: list[int], capacity: int) -> tuple[list[int], int]:
    """Each access's Python bytecode instructions (every frame under the get / put) and the
    hits."""
    p = cls(capacity)
    counts: list[int] = []
    hits = 0
    key: Hashable
    for key in trace:
        with OpcodeCount() as c:
            hit = p.get(key)
            if not hit:
                p.put(key)
        hits += bool(hit)
        counts.append(c.n)
    return counts, hits


def summary(counts: list[int]) -> dict[str, Any]:
    order = sorted(range(len(counts)), key=lambda i: (counts[i], i))

    def at(q: float) -> int:
        return counts[order[min(len(order) - 1, int(q * len(order)))]]
    return {"accesses": len(counts), "mean": round(statistics.fmean(counts), 2),
            "p50": at(0.5), "p99": at(0.99), "p99_9": at(0.999), "max": counts[order[-1]],
            "max_at": order[-1], "total": sum(counts)}


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0])
    ap.add_argument("ref")
    ap.add_argument("n", type=int)
    ap.add_argument("--server", type=int, default=0,
                    help="round 69: the memory server's stream at this capacity, not the Zipf one")
    ap.add_argument("--opcodes", metavar="NAME",
                    help="round 70: count each access's bytecode instructions (no valgrind); "
                    "REF may be a comma-separated list; -> results/NAME.json")
    a = ap.parse_args()
    trace, capacity = stream(a.n, a.server)
    if a.opcodes:
        out: dict[str, Any] = {"what": "round 70: Python bytecode instructions per access "
                               "(get, and the put after a miss), every frame under the policy",
                               "stream": f"server {a.server}" if a.server else "zipf 0.9 C=1000",
                               "accesses": len(trace), "refs": {}}
        for ref in a.ref.split(","):
            cls = SteeredWTinyLFUPolicy if ref == "this" else policy_at(ref)
            counts, hits = opcodes_per_access(cls, trace, capacity)
            out["refs"][ref] = {"hits": hits, **summary(counts)}
            print(ref, json.dumps(out["refs"][ref]))
        path = Path(__file__).resolve().parent / "results" / f"{a.opcodes}.json"
        path.write_text(json.dumps(with_environment(out), indent=1))
        return 0
    ref = a.ref
    cls = SteeredWTinyLFUPolicy if ref == "this" else policy_at(ref)
    p = cls(capacity)
    hits = 0
    for k in trace:
        if p.get(k):
            hits += 1
        else:
            p.put(k)
    print(ref, a.n, hits)
    return 0


if __name__ == "__main__":
    sys.exit(main())
