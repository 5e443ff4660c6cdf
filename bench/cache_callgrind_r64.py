"""Round 64: cache_steered_ab's Zipf stream through one policy, for callgrind (no clock).

``ref`` is a git revision (steered.py and wtinylfu.py as they were there, as cache_steered_ab
loads them) or ``this`` (the tree's defaults). Instructions per access = (Ir at N - Ir at 0) / N.

    valgrind --tool=callgrind --callgrind-out-file=/tmp/cg.REF.N .venv/bin/python \\
        bench/cache_callgrind_r64.py REF N
"""

from __future__ import annotations

import random
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from cache_steered_ab import policy_at  # noqa: E402

from memory_node.core.cache.steered import SteeredWTinyLFUPolicy  # noqa: E402


def main() -> int:
    ref, n = sys.argv[1], int(sys.argv[2])
    cls = SteeredWTinyLFUPolicy if ref == "this" else policy_at(ref)
    rng = random.Random(7)
    weights = [1 / (i + 1) ** 0.9 for i in range(10_000)]
    trace = rng.choices(range(10_000), weights=weights, k=100_000)[:n]
    p = cls(1000)
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
