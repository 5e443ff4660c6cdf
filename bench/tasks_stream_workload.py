"""What the random task streams ask of a short-term memory, before any robot runs them.

A proxy, not the robot's MHR: each stream (`memory_node.sim.tasks.streams`) is turned into
the sequence of object types its subtasks need (`build.needed_types`: the objects the goals
name, then one type of each skill fixture group the floor plan has), one query per needed
type, and replayed through every short-term policy of `memory_node.core.cache` and Belady's
optimum at capacities 5-25. Hit rate after warm-up (95% occupancy), averaged over streams.
The real MHR comes from the runner's `cache` records through the memory server; this says
whether the streams separate policies at all, per room type.

Streams: floor plans 1 (kitchen), 201 (living room), 301 (bedroom), 401 (bathroom); seeds
100-104 (the generator's defaults were chosen before looking at these seeds). Writes
bench/results/tasks_stream_workload.{json,md}.

    .venv/bin/python bench/tasks_stream_workload.py [--length 200] [--seeds 100,101,...]
        [--ref main] [--out-dir DIR]

``--ref REV`` adds a column ``wtinylfu@REV``: the steered policy as steered.py was at that git
revision, replayed in the same run (so a change to the steering is compared cell for cell).
"""

from __future__ import annotations

import argparse
import json
import platform
import statistics
import sys
import time
from pathlib import Path

from environment import environment

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))

import memory_node.core.cache as cache_module  # noqa: E402
from memory_node.core.cache import POLICY_NAMES  # noqa: E402
from memory_node.core.cache.simulate import simulate  # noqa: E402
from memory_node.sim.tasks.build import needed_types  # noqa: E402
from memory_node.sim.tasks.floorplans import floor_plan  # noqa: E402
from memory_node.sim.tasks.streams import StreamSettings, generate  # noqa: E402

PLANS = {1: "kitchen", 201: "living_room", 301: "bedroom", 401: "bathroom"}
CAPACITIES = (5, 10, 15, 20, 25)
POLICIES = (*POLICY_NAMES, "optimum")


def trace(plan: int, length: int, seed: int) -> list[str]:
    fp = floor_plan(plan)
    assert fp is not None
    keys: list[str] = []
    for task in generate(StreamSettings(floor_plan=plan, length=length, seed=seed)).tasks():
        for sub in task.subtasks:
            for group in needed_types(sub):
                present = sorted(t for t in group if fp.has(t))
                keys.append(present[0] if present else sorted(group)[0])
    return keys


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--length", type=int, default=200)
    ap.add_argument("--seeds", default="100,101,102,103,104")
    ap.add_argument("--out-dir", default=str(REPO / "bench" / "results"))
    ap.add_argument("--ref", help="also replay steered.py at this git revision")
    a = ap.parse_args()
    seeds = [int(s) for s in a.seeds.split(",")]
    policies: tuple[str, ...] = POLICIES
    if a.ref:
        from cache_steered_ab import policy_at

        # Registered under its own name so simulate() replays it exactly like the others.
        cache_module._FACTORIES[f"wtinylfu@{a.ref}"] = policy_at(a.ref)
        policies = (*POLICIES, f"wtinylfu@{a.ref}")
    started = time.perf_counter()
    rows = []
    for plan, room in PLANS.items():
        traces = [trace(plan, a.length, s) for s in seeds]
        for cap in CAPACITIES:
            for pol in policies:
                rates = []
                for t in traces:
                    c = simulate(t, pol, cap)
                    if c.warm_queries:
                        rates.append(c.warm_hits / c.warm_queries)
                rows.append({"floor_plan": plan, "room": room, "capacity": cap, "policy": pol,
                             "mean_warm_hit_rate": statistics.fmean(rates) if rates else None,
                             "streams_warm": len(rates),
                             "distinct_types": statistics.fmean(len(set(t)) for t in traces),
                             "queries": statistics.fmean(len(t) for t in traces)})
    out = Path(a.out_dir)
    out.mkdir(parents=True, exist_ok=True)
    meta = {"length": a.length, "seeds": seeds, "capacities": CAPACITIES,
            "policies": policies, "python": platform.python_version(), "environment": environment(),
            "seconds": round(time.perf_counter() - started, 1)}
    (out / "tasks_stream_workload.json").write_text(json.dumps({"meta": meta, "rows": rows},
                                                               indent=1) + "\n")
    lines = ["Warm hit rate (%) of the stream workload proxy, mean over seeds "
             f"{a.seeds}, {a.length} tasks each (bench/tasks_stream_workload.py)", ""]
    for plan, room in PLANS.items():
        sub = [r for r in rows if r["floor_plan"] == plan]
        lines += [f"FloorPlan{plan} ({room}): {sub[0]['distinct_types']:.1f} distinct types, "
                  f"{sub[0]['queries']:.0f} queries per stream", "",
                  "| C | " + " | ".join(policies) + " |",
                  "|---|" + "---|" * len(policies)]
        for cap in CAPACITIES:
            cells = []
            for pol in policies:
                r = next(x for x in sub if x["capacity"] == cap and x["policy"] == pol)
                v = r["mean_warm_hit_rate"]
                cells.append("-" if v is None else f"{100 * v:.1f}")
            lines.append(f"| {cap} | " + " | ".join(cells) + " |")
        lines.append("")
    (out / "tasks_stream_workload.md").write_text("\n".join(lines))
    print("\n".join(lines))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
