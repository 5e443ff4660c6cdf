"""What experience adds to a recall at robot scale (issue 15: recall latency within 20 % of
the memory without experience), on the real memory core (Memory facade, real SQLite, the
real embedding model; no DDS).

    .venv/bin/python bench/experience_recall_cost.py [--units 10000] [--n 200]
    -> bench/results/experience_recall_cost.json

A short-term memory of `--units` units (a few hundred object types, as a house has), an
experience memory taught by `--episodes` episodes over them, then step recalls (with a
brief) and instruction recalls in three arms, alternated request by request on the same
memory: `without` (no experience source), `cached` (experience as it runs), `rebuilt`
(experience with its per-request views dropped before every request: what every request
paid before they were cached). Reported: medians of the whole recall and of
`ExperienceMemory.recall_extra` alone, and their ratios to `without` / to `rebuilt`, with
the load average (the machine is shared).
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import random
import statistics
import tempfile
import time
from pathlib import Path
from typing import Any

from environment import environment

from memory_node.core.episode_hooks import ExtraContext
from memory_node.core.experience import ExperienceSettings
from memory_node.core.memory import Memory
from memory_node.core.memory_settings import MemorySettings, ShortTermSettings
from memory_node.core.recall.embedder import Embedder
from memory_node.core.recall_memory import RecallMemory, brief_from_fields
from memory_node.core.units import ObjectMemoryUnit

RESULTS = Path(__file__).resolve().parent / "results"
K, BUDGET = 5, 600
INSTRUCTIONS = ("put the washed apple in the fridge", "heat the bread in the microwave",
                "put the knife away in the drawer", "make coffee in the mug")
BASE_TYPES = ("Apple", "Bread", "Knife", "Mug", "Fridge", "Microwave", "Drawer",
              "SinkBasin", "CoffeeMachine", "Cabinet", "CounterTop", "Tomato")


def build(workdir: Path, n_units: int, n_types: int, episodes: int, seed: int,
          embedder: Embedder) -> Memory:
    rng = random.Random(seed)
    m = Memory(MemorySettings(memory_dir=str(workdir), durability="normal",
                              short_term=ShortTermSettings(capacity=n_units)))
    m.recall = RecallMemory(m.short_term, m.recall.settings, embedder=embedder)
    m.attach_experience(ExperienceSettings())
    types = list(BASE_TYPES) + [f"Thing{i}" for i in range(n_types - len(BASE_TYPES))]
    for i in range(n_units):
        label = types[i % len(types)]
        state = "closed" if label in ("Fridge", "Microwave", "Drawer", "Cabinet") else ""
        m.upsert_object(ObjectMemoryUnit(
            f"{label}_{i}", label, (rng.uniform(-5, 5), rng.uniform(-5, 5), 1.0),
            state=state, area_id="kitchen"))
    r = m.recall
    for e in range(episodes):
        ep = f"teach{e}"
        apple, fridge = f"Apple_{e % 5 * len(types)}", f"Fridge_{4 + e % 3 * len(types)}"
        r.recall(INSTRUCTIONS[0], K, BUDGET, episode_id=ep)
        r.record_outcome(ep, "navigate", [apple], True, robot_area="kitchen")
        r.record_outcome(ep, "pick", [apple], True, robot_area="kitchen")
        r.record_outcome(ep, "navigate", [fridge], True, robot_area="kitchen")
        r.record_outcome(ep, "put", [apple, fridge, "in"], e % 2 == 1, robot_area="kitchen")
        r.record_outcome(ep, "open", [fridge], True, robot_area="kitchen")
        r.record_outcome(ep, "put", [apple, fridge, "in"], True, robot_area="kitchen")
        r.record_outcome(ep, "close", [fridge], True, robot_area="kitchen")
        m.end_episode(ep, task_succeeded=True)
    return m


def measure(m: Memory, n: int) -> dict:
    r = m.recall
    exp = m.experience
    assert exp is not None
    sources = list(r.sources)
    extra_times: list[float] = []
    original = exp.recall_extra

    def timed(*args: Any, **kwargs: Any) -> ExtraContext:
        t = time.perf_counter()
        out = original(*args, **kwargs)
        extra_times.append(time.perf_counter() - t)
        return out

    exp.recall_extra = timed  # type: ignore[method-assign]
    brief = brief_from_fields("put the apple in the fridge", "Apple_0", "kitchen")
    arms = ("without", "cached", "rebuilt")
    kinds = ("step", "instruction")
    times: dict[str, list[float]] = {f"{kind}_{a}": [] for kind in kinds for a in arms}
    extra: dict[str, list[float]] = {f"{kind}_{a}": [] for kind in kinds for a in arms[1:]}
    for i in range(n):
        text = INSTRUCTIONS[i % len(INSTRUCTIONS)]
        order = arms[i % 3:] + arms[:i % 3]   # rotated: no arm always runs first
        for arm in order:
            r.sources = [] if arm == "without" else sources
            for kind in ("step", "instruction"):
                if arm == "rebuilt":
                    exp.drop_recall_views()
                # Each request embeds its own text (a new subgoal would), in every arm.
                r._ensure()._query_cache.clear()
                extra_times.clear()
                t = time.perf_counter()
                if kind == "step":
                    r.recall(text, K, BUDGET, "bench", brief)
                else:
                    r.recall(text, K, BUDGET, episode_id="bench")
                times[f"{kind}_{arm}"].append(time.perf_counter() - t)
                if arm != "without":
                    extra[f"{kind}_{arm}"].append(sum(extra_times))
    r.sources = sources
    exp.recall_extra = original  # type: ignore[method-assign]

    def med(v: list[float]) -> float:
        return round(statistics.median(v) * 1000, 3)

    out: dict = {"recall_median_ms": {k: med(v) for k, v in times.items()},
                 "recall_extra_median_ms": {k: med(v) for k, v in extra.items()}, "n": n}
    for kind in ("step", "instruction"):
        rm, em = out["recall_median_ms"], out["recall_extra_median_ms"]
        out[f"{kind}_ratio_cached_vs_without"] = round(rm[f"{kind}_cached"]
                                                       / rm[f"{kind}_without"], 3)
        out[f"{kind}_ratio_rebuilt_vs_without"] = round(rm[f"{kind}_rebuilt"]
                                                        / rm[f"{kind}_without"], 3)
        out[f"{kind}_extra_ratio_cached_vs_rebuilt"] = round(
            em[f"{kind}_cached"] / em[f"{kind}_rebuilt"], 3)
    return out


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--units", type=int, default=10_000)
    ap.add_argument("--types", type=int, default=300)
    ap.add_argument("--episodes", type=int, default=40)
    ap.add_argument("--n", type=int, default=200, help="requests per arm and kind")
    ap.add_argument("--seed", type=int, default=11)
    ap.add_argument("--out", default=str(RESULTS / "experience_recall_cost.json"))
    a = ap.parse_args()
    result: dict = {"units": a.units, "types": a.types, "episodes": a.episodes,
                    "python": platform.python_version(),
                    "environment": environment(), "load_before": os.getloadavg()}
    with tempfile.TemporaryDirectory() as tmp:
        start = time.perf_counter()
        m = build(Path(tmp), a.units, a.types, a.episodes, a.seed,
                  Embedder(intra_op_threads=1))
        m.recall.recall(INSTRUCTIONS[0], K, BUDGET)   # embeds every unit once
        result["build_s"] = round(time.perf_counter() - start, 1)
        result.update(measure(m, a.n))
        m.close()
    result["load_after"] = os.getloadavg()
    Path(a.out).parent.mkdir(parents=True, exist_ok=True)
    Path(a.out).write_text(json.dumps(result, indent=1) + "\n")
    print(json.dumps({k: v for k, v in result.items() if k not in ("python", "environment")},
                     indent=1))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
