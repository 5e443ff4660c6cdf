"""Round 64: cache_steered_ab's Zipf stream through one policy, for callgrind (no clock).

``ref`` is a git revision (steered.py and wtinylfu.py as they were there, as cache_steered_ab
loads them) or ``this`` (the tree's defaults). Instructions per access = (Ir at N - Ir at 0) / N.

    valgrind --tool=callgrind --callgrind-out-file=/tmp/cg.REF.N .venv/bin/python \\
        bench/cache_callgrind_r64.py REF N

Round 69: ``--server M`` runs cache_steered_ab's ``--server M`` stream instead (M keys put into
capacity M, then 2M uniform gets, seed 3: the memory server's short-term memory at M units),
its first N accesses: the instructions behind ``--per-access --server``'s wall percentiles.
"""

from __future__ import annotations

import argparse
import random
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from cache_steered_ab import policy_at  # noqa: E402

from memory_node.core.cache.steered import SteeredWTinyLFUPolicy  # noqa: E402


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0])
    ap.add_argument("ref")
    ap.add_argument("n", type=int)
    ap.add_argument("--server", type=int, default=0,
                    help="round 69: the memory server's stream at this capacity, not the Zipf one")
    a = ap.parse_args()
    ref, n = a.ref, a.n
    cls = SteeredWTinyLFUPolicy if ref == "this" else policy_at(ref)
    if a.server:  # as cache_steered_ab.streams builds it
        rng = random.Random(3)
        trace = list(range(a.server))
        trace += [rng.randrange(a.server) for _ in range(2 * a.server)]
        trace = trace[:n]
        capacity = a.server
    else:
        rng = random.Random(7)
        weights = [1 / (i + 1) ** 0.9 for i in range(10_000)]
        trace = rng.choices(range(10_000), weights=weights, k=100_000)[:n]
        capacity = 1000
    p = cls(capacity)
    hits = 0
    for k in trace:
        if p.get(k):
            hits += 1
        else:
            p.put(k)
    print(ref, n, hits)
    return 0


if __name__ == "__main__":
    sys.exit(main())
