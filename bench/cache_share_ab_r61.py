"""Round 61: in-process ops/s (CPU clock) of several copies of steered.py, interleaved (the order
reversed every other round), median of RUNS rounds, each as a ratio to the first file; the same
Zipf(0.9) stream as cache_steered_ab.py (100,000 accesses, 10,000 keys, C=1000, read-through).
A copy is steered.py at some revision with its relative imports made absolute:

    git show REV:memory_node/core/cache/steered.py \\
        | sed 's/from \\. import/from memory_node.core.cache import/;
               s/from \\./from memory_node.core.cache./' > /tmp/x/main.py
    RUNS=15 PYTHONPATH=$PWD .venv/bin/python bench/cache_share_ab_r61.py \\
        /tmp/x/main.py /tmp/x/cand.py ...

Instructions (results/cache_share_cost_r61.json) were counted on the same loop without the
clock, one copy at a time, under ``valgrind --tool=callgrind`` (100,000 accesses minus 0).
"""

from __future__ import annotations

import importlib.util
import os
import random
import statistics
import sys
import time


def load(path: str, name: str) -> type:
    spec = importlib.util.spec_from_file_location(name, path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module
    spec.loader.exec_module(module)
    cls: type = module.SteeredWTinyLFUPolicy  # type: ignore[attr-defined]
    return cls


def main() -> int:
    paths = sys.argv[1:]
    classes = [load(p, f"steered_v{i}") for i, p in enumerate(paths)]
    rng = random.Random(7)
    weights = [1 / (i + 1) ** 0.9 for i in range(10_000)]
    trace = rng.choices(range(10_000), weights=weights, k=100_000)

    def run(cls: type) -> float:
        p = cls(1000)
        t0 = time.process_time()
        for k in trace:
            if not p.get(k):
                p.put(k)
        return len(trace) / (time.process_time() - t0)

    res: dict[str, list[float]] = {p: [] for p in paths}
    for i in range(int(os.environ.get("RUNS", "7"))):
        pairs = list(zip(classes, paths, strict=True))
        if i % 2:
            pairs.reverse()
        for cls, path in pairs:
            res[path].append(run(cls))
    base = statistics.median(res[paths[0]])
    for path in paths:
        print(f"{statistics.median(res[path]) / base:.4f} {path}")
    print("load", os.getloadavg())
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
