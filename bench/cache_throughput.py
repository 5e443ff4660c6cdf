"""Throughput and memory of the short-term memory's policies vs theine and cachetools.

Mixed get/put operations per second at capacity 1000 on a seeded Zipf stream, read-through
style (every event is a ``get``; a miss is followed by a ``put``; ops = gets + puts). The
contenders run interleaved, round after round, and the median of the rounds is reported, so
drift on a noisy machine hits all of them alike. Memory: bytes per resident entry measured
with tracemalloc after filling the policy to capacity (keys are created beforehand and not
counted). Writes ``bench/results/cache_throughput.json``.

    .venv/bin/python bench/cache_throughput.py [--repeats 7] [--ops 200000] [--out FILE]
"""

from __future__ import annotations

import argparse
import gc
import json
import platform
import statistics
import sys
import time
import tracemalloc
from collections.abc import Callable
from importlib.metadata import version
from pathlib import Path
from typing import Any

from environment import environment

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))

from memory_node.core.cache import POLICY_NAMES, make_policy  # noqa: E402


def zipf_stream(n_keys: int, length: int, s: float, seed: int) -> list[int]:
    """``length`` draws from a Zipf(s) law over ``n_keys`` keys; ranks are shuffled onto key
    ids so that popularity is not correlated with the key's integer value."""
    import numpy as np

    rng = np.random.default_rng(seed)
    weights = 1.0 / np.arange(1, n_keys + 1, dtype=np.float64) ** s
    weights /= weights.sum()
    ids = rng.permutation(n_keys)
    return ids[rng.choice(n_keys, size=length, p=weights)].tolist()


def run_ours(name: str, capacity: int, stream: list[int]) -> tuple[float, int]:
    p = make_policy(name, capacity)
    get, put = p.get, p.put
    puts = 0
    t0 = time.perf_counter()
    for k in stream:
        if not get(k):
            put(k)
            puts += 1
    return time.perf_counter() - t0, puts


def run_theine(capacity: int, stream: list[int], nolock: bool) -> tuple[float, int]:
    from theine import Cache

    c = Cache(capacity, nolock=nolock)
    get, put = c.get, c.set
    puts = 0
    t0 = time.perf_counter()
    for k in stream:
        if not get(k)[1]:
            put(k, True)
            puts += 1
    dt = time.perf_counter() - t0
    c.close()
    return dt, puts


def run_cachetools(kind: str, capacity: int, stream: list[int]) -> tuple[float, int]:
    import cachetools

    c = (cachetools.LRUCache if kind == "lru" else cachetools.LFUCache)(capacity)
    get = c.get
    puts = 0
    t0 = time.perf_counter()
    for k in stream:
        if get(k) is None:
            c[k] = True
            puts += 1
    return time.perf_counter() - t0, puts


def contenders(capacity: int, stream: list[int]) -> dict[str, Callable[[], tuple[float, int]]]:
    out: dict[str, Callable[[], tuple[float, int]]] = {
        f"ours_{n}": (lambda n=n: run_ours(n, capacity, stream)) for n in POLICY_NAMES
    }
    out["theine"] = lambda: run_theine(capacity, stream, nolock=False)
    out["theine_nolock"] = lambda: run_theine(capacity, stream, nolock=True)
    out["cachetools_lru"] = lambda: run_cachetools("lru", capacity, stream)
    out["cachetools_lfu"] = lambda: run_cachetools("lfu", capacity, stream)
    return out


def bytes_per_entry(capacity: int) -> dict[str, Any]:
    """tracemalloc of a policy filled to capacity, divided by capacity."""
    keys = list(range(10**9, 10**9 + capacity))  # outside the small-int cache, pre-allocated
    out: dict[str, Any] = {}

    def measure(build: Callable[[], Any], fill: Callable[[Any, int], None]) -> float:
        gc.collect()
        tracemalloc.start()
        obj = build()
        for k in keys:
            fill(obj, k)
        current, _ = tracemalloc.get_traced_memory()
        tracemalloc.stop()
        del obj
        return current / capacity

    for name in POLICY_NAMES:
        out[f"ours_{name}"] = round(measure(lambda n=name: make_policy(n, capacity),
                                            lambda p, k: p.put(k)), 1)
    probe = make_policy("wtinylfu", capacity)
    out["ours_wtinylfu_sketch_only"] = round(probe.sketch.nbytes / capacity, 1)  # type: ignore[attr-defined]
    import cachetools

    def ct_fill(c: Any, k: int) -> None:
        c[k] = True

    out["cachetools_lru"] = round(measure(lambda: cachetools.LRUCache(capacity), ct_fill), 1)
    out["cachetools_lfu"] = round(measure(lambda: cachetools.LFUCache(capacity), ct_fill), 1)
    from theine import Cache

    def th_build() -> Any:
        return Cache(capacity, nolock=True)

    def th_fill(c: Any, k: int) -> None:
        c.set(k, True)

    # Only the Python side: theine's Rust core allocates outside tracemalloc's view.
    out["theine_python_side_only"] = round(measure(th_build, th_fill), 1)
    return out


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--capacity", type=int, default=1000)
    ap.add_argument("--keys", type=int, default=100_000, help="distinct keys in the stream")
    ap.add_argument("--ops", type=int, default=200_000, help="stream length (gets)")
    ap.add_argument("--zipf", type=float, default=1.0, help="Zipf exponent s")
    ap.add_argument("--seed", type=int, default=42)
    ap.add_argument("--repeats", type=int, default=7)
    ap.add_argument("--out", type=Path,
                    default=REPO / "bench" / "results" / "cache_throughput.json")
    args = ap.parse_args()
    if args.capacity < 1 or args.keys < 1 or args.ops < 1 or args.repeats < 1:
        ap.error("capacity, keys, ops and repeats must be >= 1")

    stream = zipf_stream(args.keys, args.ops, args.zipf, args.seed)
    runs = contenders(args.capacity, stream)
    for f in runs.values():  # warm-up: imports, allocator, caches
        f()
    rates: dict[str, list[float]] = {n: [] for n in runs}
    hit_rates: dict[str, float] = {}
    for _ in range(args.repeats):
        for name, f in runs.items():
            gc.collect()
            dt, puts = f()
            rates[name].append((len(stream) + puts) / dt)
            hit_rates[name] = 1.0 - puts / len(stream)
    med = {n: statistics.median(v) for n, v in rates.items()}
    ours = med["ours_wtinylfu"]
    result = {
        "benchmark": "cache_throughput",
        "python": platform.python_version(), "environment": environment(),
        "machine": platform.machine(),
        "versions": {"theine": version("theine"), "theine_core": version("theine_core"),
                     "cachetools": version("cachetools")},
        "workload": {"capacity": args.capacity, "keys": args.keys, "gets": args.ops,
                     "zipf_s": args.zipf, "seed": args.seed, "repeats": args.repeats,
                     "op_mix": "read-through: get every event, put on miss"},
        "ops_per_second_median": {n: round(v) for n, v in med.items()},
        "ops_per_second_all": {n: [round(x) for x in v] for n, v in rates.items()},
        "hit_rate": {n: round(v, 4) for n, v in hit_rates.items()},
        "ratio_ours_wtinylfu_to": {n: round(ours / v, 3) for n, v in med.items()
                                   if n != "ours_wtinylfu"},
        "bytes_per_entry": {str(c): bytes_per_entry(c) for c in (args.capacity, 10_000)},
    }
    args.out.parent.mkdir(parents=True, exist_ok=True)
    args.out.write_text(json.dumps(result, indent=1) + "\n")
    for n in runs:
        print(f"{n:18s} {med[n] / 1e3:8.0f} kops/s  hit {hit_rates[n]:.3f}")
    for n, r in result["ratio_ours_wtinylfu_to"].items():
        print(f"wtinylfu / {n}: {r:.2f}")
    print("bytes/entry:", json.dumps(result["bytes_per_entry"]))
    print(f"wrote {args.out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
