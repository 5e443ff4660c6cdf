"""Steered W-TinyLFU's ops/s against the same policy at another git revision, same run.

The machine is shared, so absolute ops/s drift; this interleaves the two versions (a
100,000-access seeded Zipf(0.9) stream over 10,000 keys, read-through, C=1000), five runs
each, and reports the medians and their ratio, with the load average. ``--clock cpu`` (round
58) times each run in the process's CPU time instead of wall time: on a machine loaded 15-20
on 2 cores a wall-clock run mostly measures the scheduler.

    .venv/bin/python bench/cache_steered_ab.py [--ref main] [--runs 5] [--out NAME]
        # -> bench/results/NAME.json (default cache_steered_ab)

``--per-access`` (round 66) times every access instead (get, and the put after a miss) and
reports per version and stream the p50 / p99 / p99.9 / max in ns, the accesses over 50 us and
the calls of ``_lacked_by`` (the share's victim search, a scan of the stale keys and then the
residents) with their summed and largest time: a rare expensive access, not the mean.
Streams: the Zipf one, ``--server N`` (N keys put into capacity N, then 2N uniform gets: the
memory server's short-term memory in recall_dds_latency.py at N units) and ``--trace
SET/NAME@C`` (a tuning trace of cache_rule_tuning, 30,000 lookups, at capacity C).
"""

from __future__ import annotations

import argparse
import importlib.util
import json
import os
import random
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Hashable
from pathlib import Path
from typing import Any

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))

from environment import with_environment  # noqa: E402

from memory_node.core.cache.steered import SteeredWTinyLFUPolicy  # noqa: E402


def _source_at(ref: str, path: str) -> str:
    src = subprocess.run(["git", "-C", str(REPO), "show", f"{ref}:{path}"],
                         capture_output=True, text=True, check=True).stdout
    return src.replace("from . import", "from memory_node.core.cache import").replace(
        "from .", "from memory_node.core.cache.")


def _load(path: Path, name: str) -> object:
    spec = importlib.util.spec_from_file_location(name, path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module
    spec.loader.exec_module(module)
    return module


def policy_at(ref: str) -> type:
    """SteeredWTinyLFUPolicy as steered.py was at ``ref`` (its relative imports made absolute),
    with its W-TinyLFU expert as wtinylfu.py was at ``ref`` too (round 27: a change to the
    expert's hot path is part of the steered policy's cost)."""
    tmp = Path(tempfile.mkdtemp())
    (tmp / "wtinylfu_ref.py").write_text(_source_at(ref, "memory_node/core/cache/wtinylfu.py"))
    _load(tmp / "wtinylfu_ref.py", "wtinylfu_ref")
    src = _source_at(ref, "memory_node/core/cache/steered.py").replace(
        "from memory_node.core.cache.wtinylfu import", "from wtinylfu_ref import")
    (tmp / "steered_ref.py").write_text(src)
    module = _load(tmp / "steered_ref.py", "steered_ref")
    cls: type = module.SteeredWTinyLFUPolicy  # type: ignore[attr-defined]
    return cls


def ops_per_second(cls: type, trace: list[int], capacity: int,
                   clock: Callable[[], float] = time.perf_counter) -> float:
    p = cls(capacity)
    t0 = clock()
    for k in trace:
        if not p.get(k):
            p.put(k)
    return len(trace) / (clock() - t0)


def per_access(cls: type, trace: list[Hashable], capacity: int,
               walls: list[list[int]] | None = None) -> dict[str, Any]:
    """Round 66: every access's wall (perf_counter_ns) through ``cls``, and its _lacked_by
    calls; percentiles of the accesses, their hits. Given ``walls`` (round 68), the accesses'
    walls in stream order are appended to it (``min_of_runs``)."""
    pc = time.perf_counter_ns

    class Timed(cls):
        __slots__ = ("lacked",)

        def _lacked_by(self, expert: int, key: Hashable) -> Hashable | None:
            t = pc()
            v: Hashable | None = super()._lacked_by(expert, key)
            self.lacked.append(pc() - t)
            return v

    p = Timed(capacity)
    p.lacked = []
    per: list[int] = []
    hits = 0
    for k in trace:
        t = pc()
        if p.get(k):
            hits += 1
        else:
            p.put(k)
        per.append(pc() - t)
    if walls is not None:
        walls.append(list(per))
    per.sort()

    def at(q: float) -> int:
        return per[min(len(per) - 1, int(q * len(per)))]

    return {"hits": hits, "p50_ns": at(0.5), "p99_ns": at(0.99), "p999_ns": at(0.999),
            "max_ns": per[-1], "over_50us": sum(x > 50_000 for x in per),
            "lacked_by_calls": len(p.lacked), "lacked_by_ms": round(sum(p.lacked) / 1e6, 2),
            "lacked_by_max_ns": max(p.lacked, default=0),
            "share_shut_at_end": bool(getattr(p, "_share_shut", False))}


def min_of_runs(walls: list[list[int]]) -> dict[str, int]:
    """Round 68: each access's least wall over the runs (the same stream, the same order), then
    its percentiles: a preemption or a page fault lands on one run's access, rarely on the same
    access in every run, so this is the code's per-access cost with the machine's spikes out."""
    per = sorted(min(x) for x in zip(*walls, strict=True))

    def at(q: float) -> int:
        return per[min(len(per) - 1, int(q * len(per)))]

    return {"runs": len(walls), "p50_ns": at(0.5), "p99_ns": at(0.99), "p999_ns": at(0.999),
            "max_ns": per[-1], "over_50us": sum(x > 50_000 for x in per)}


def streams(a: argparse.Namespace, zipf: list[int]) -> dict[str, tuple[list[Hashable], int]]:
    """--per-access's streams by name: (trace, capacity)."""
    keys: list[Hashable] = list(zipf)
    out: dict[str, tuple[list[Hashable], int]] = {f"zipf@{a.capacity}": (keys, a.capacity)}
    if a.server:
        rng = random.Random(3)
        keys = list(range(a.server))
        keys += [rng.randrange(a.server) for _ in range(2 * a.server)]
        out[f"server@{a.server}"] = (keys, a.server)
    if a.trace:
        sys.path.insert(0, str(REPO / "bench"))
        import cache_rule_tuning as crt

        for spec in a.trace:
            name, cap = spec.rsplit("@", 1)
            which, trace = name.rsplit("/", 1)
            loaded: list[Hashable] = list(crt.load_trace((which, trace, 30_000)))
            out[spec] = (loaded, int(cap))
    return out


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--ref", default="main")
    ap.add_argument("--runs", type=int, default=5)
    ap.add_argument("--capacity", type=int, default=1000)
    ap.add_argument("--clock", choices=("wall", "cpu"), default="wall")
    ap.add_argument("--out", default="cache_steered_ab",
                    help="result name under bench/results/ (a round's A/B keeps its own file)")
    ap.add_argument("--per-access", action="store_true",
                    help="round 66: every access timed (percentiles, _lacked_by calls)")
    ap.add_argument("--server", type=int, default=0,
                    help="with --per-access: also N keys put into capacity N, then 2N gets")
    ap.add_argument("--trace", action="append", default=[],
                    help="with --per-access: also a tuning trace, SET/NAME@C (repeatable)")
    ap.add_argument("--min-of-runs", action="store_true",
                    help="round 68, with --per-access: also per side the percentiles of each "
                    "access's least wall over the runs (min_of_runs)")
    ap.add_argument("--no-zipf", action="store_true",
                    help="with --per-access: leave the Zipf stream out")
    a = ap.parse_args()
    rng = random.Random(7)
    weights = [1 / (i + 1) ** 0.9 for i in range(10_000)]
    trace = rng.choices(range(10_000), weights=weights, k=100_000)
    ref = policy_at(a.ref)
    if a.per_access:
        rows: dict[str, dict[str, list[dict[str, Any]]]] = {}
        mins: dict[str, dict[str, dict[str, int]]] = {}
        for name, (tr, cap) in streams(a, trace).items():
            if a.no_zipf and name.startswith("zipf@"):
                continue
            rows[name] = {"ref": [], "this": []}
            walls: dict[str, list[list[int]]] = {"ref": [], "this": []}
            keep = a.min_of_runs
            for _ in range(a.runs):  # interleaved, as the ops/s runs
                rows[name]["ref"].append(
                    per_access(ref, tr, cap, walls["ref"] if keep else None))
                rows[name]["this"].append(per_access(
                    SteeredWTinyLFUPolicy, tr, cap, walls["this"] if keep else None))
            print(name, json.dumps({k: {f: [r[f] for r in v] for f in (
                "hits", "p50_ns", "p99_ns", "max_ns", "over_50us", "lacked_by_calls",
                "lacked_by_ms")} for k, v in rows[name].items()}), flush=True)
            if keep:
                mins[name] = {k: min_of_runs(v) for k, v in walls.items()}
                print(name, "min_of_runs", json.dumps(mins[name]), flush=True)
        (REPO / "bench" / "results").mkdir(exist_ok=True)
        (REPO / "bench" / "results" / f"{a.out}.json").write_text(json.dumps(with_environment(
            {"ref": a.ref, "per_access": rows, "loadavg_after": os.getloadavg()}
            | ({"min_of_runs": mins} if a.min_of_runs else {})), indent=1))
        return 0
    clock = time.process_time if a.clock == "cpu" else time.perf_counter
    load_before = os.getloadavg()
    runs: dict[str, list[float]] = {"ref": [], "this": []}
    for _ in range(a.runs):
        runs["ref"].append(ops_per_second(ref, trace, a.capacity, clock))
        runs["this"].append(ops_per_second(SteeredWTinyLFUPolicy, trace, a.capacity, clock))
    med = {k: statistics.median(v) for k, v in runs.items()}
    out = {"ref": a.ref, "capacity": a.capacity, "clock": a.clock, "accesses": len(trace),
           "ops_per_second_median": med, "ratio_this_over_ref": med["this"] / med["ref"],
           "ops_per_second_all": runs, "loadavg_before_after": [load_before, os.getloadavg()]}
    (REPO / "bench" / "results").mkdir(exist_ok=True)
    (REPO / "bench" / "results" / f"{a.out}.json").write_text(
        json.dumps(with_environment(out), indent=1))
    print(json.dumps({k: out[k] for k in ("ref", "ops_per_second_median", "ratio_this_over_ref")}))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
