"""Trace simulator: replay a cache trace through policies and report hit rates.

    python -m memory_node.core.cache.simulate PATH [PATH ...] --format lirs|cache2k|corda|auto \\
        --capacities 5,10,25 --policies wtinylfu,lru,optimum [--output FILE] [--seed 0]

Prints one JSON object per (trace, policy, capacity) as JSON lines on stdout, or writes them
to ``--output``. Every trace event is one query: ``if not p.get(k): p.put(k)``. Besides
:data:`POLICY_NAMES`, ``optimum`` is Belady's MIN with bypass (the ceiling for every policy
here) and ``optimum_nobypass`` the classic MIN that admits every miss.
"""

from __future__ import annotations

import argparse
import contextlib
import json
import sys
import time
from collections.abc import Hashable, Iterable, Sequence
from itertools import islice
from pathlib import Path
from typing import Any

from . import POLICY_NAMES, make_policy
from .metrics import HitRateCounter
from .optimum import optimal_hit_rate
from .traces import TRACE_FORMATS, read_trace, trace_name

__all__ = ["ALL_POLICIES", "OPTIMA", "main", "read_through_hits", "run", "simulate"]

OPTIMA = ("optimum", "optimum_nobypass")
ALL_POLICIES: tuple[str, ...] = POLICY_NAMES + OPTIMA


def simulate(
    trace: Sequence[Hashable], policy: str, capacity: int, *, seed: int = 0,
    warm_fraction: float = 0.95,
) -> HitRateCounter:
    """Replay ``trace`` through ``policy`` at ``capacity``; return the hit-rate counter."""
    if policy == "optimum":
        return optimal_hit_rate(trace, capacity, bypass=True, warm_fraction=warm_fraction)
    if policy == "optimum_nobypass":
        return optimal_hit_rate(trace, capacity, bypass=False, warm_fraction=warm_fraction)
    p = make_policy(policy, capacity, seed=seed)
    counter = HitRateCounter(capacity, warm_fraction)
    threshold = counter.warm_threshold
    get = p.get
    put = p.put
    # Two loops: occupancy is only checked until the cache first warms up, which keeps
    # len() off the steady-state path.
    cold_hits = 0
    warm_start: int | None = None
    for i, k in enumerate(trace):
        if len(p) >= threshold:
            warm_start = i
            break
        if get(k):
            cold_hits += 1
        else:
            put(k)
    warm_hits = 0
    if warm_start is not None:
        for k in islice(trace, warm_start, None):
            if get(k):
                warm_hits += 1
            else:
                put(k)
    n = len(trace)
    warm_queries = n - warm_start if warm_start is not None else 0
    counter.add(cold_hits + warm_hits, n, warm_hits, warm_queries, warm_start)
    return counter


def read_through_hits(policy: Any, trace: Iterable[Hashable]) -> int:  # noqa: ANN401 - any policy
    """Lookups of ``trace`` that one ``policy`` instance answered (a miss puts the key),
    counted from the first lookup: for tests and benches that build a policy with their
    own settings, where :func:`simulate` takes one by name and counts from warm-up."""
    n = 0
    for key in trace:
        if policy.get(key):
            n += 1
        else:
            policy.put(key)
    return n


def run(
    trace: Sequence[Hashable], name: str, policies: Sequence[str], capacities: Sequence[int],
    *, seed: int = 0,
) -> list[dict[str, Any]]:
    """Every policy at every capacity on one trace, as JSON-ready rows."""
    rows = []
    for capacity in capacities:
        for policy in policies:
            t0 = time.perf_counter()
            c = simulate(trace, policy, capacity, seed=seed)
            row = {"trace": name, "policy": policy, "capacity": capacity, "seed": seed,
                   "events": len(trace)}
            row.update(c.as_dict())
            row["seconds"] = round(time.perf_counter() - t0, 4)
            rows.append(row)
    return rows


def _int_list(text: str) -> list[int]:
    try:
        values = [int(x) for x in text.split(",") if x.strip()]
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a comma-separated list of ints: {text!r}") from None
    if not values or min(values) < 1:
        raise argparse.ArgumentTypeError(f"capacities must be ints >= 1, got {text!r}")
    return values


def _policy_list(text: str) -> list[str]:
    names = [x.strip() for x in text.split(",") if x.strip()]
    bad = [x for x in names if x not in ALL_POLICIES]
    if not names or bad:
        raise argparse.ArgumentTypeError(
            f"unknown policies {bad}; choose from {','.join(ALL_POLICIES)}"
        )
    return names


def main(argv: Sequence[str] | None = None) -> int:
    ap = argparse.ArgumentParser(
        prog="python -m memory_node.core.cache.simulate",
        description="Replay cache traces through replacement policies; JSON lines out.",
    )
    ap.add_argument("paths", nargs="+", type=Path, metavar="PATH", help="trace file(s)")
    ap.add_argument("--format", default="auto", choices=TRACE_FORMATS)
    ap.add_argument("--capacities", type=_int_list, default=[5, 10, 25, 50, 100, 250, 1000])
    ap.add_argument("--policies", type=_policy_list, default=list(ALL_POLICIES))
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--output", type=Path, help="write JSON lines here instead of stdout")
    args = ap.parse_args(argv)

    with contextlib.ExitStack() as stack:
        out = stack.enter_context(open(args.output, "w")) if args.output else sys.stdout
        for path in args.paths:
            try:
                trace = read_trace(path, args.format)
            except (OSError, ValueError) as exc:
                print(f"error: {exc}", file=sys.stderr)
                return 1
            for row in run(trace, trace_name(path), args.policies, args.capacities,
                           seed=args.seed):
                out.write(json.dumps(row) + "\n")
                out.flush()
    return 0


if __name__ == "__main__":
    sys.exit(main())
