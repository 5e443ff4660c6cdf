"""Fit the planner's room prior (`memory_node/planner/core/room_prior.py`) on AI2-THOR floor
plans, and measure how well it orders rooms.

    # fit on the layout sweep's 25 odd (tuning) plans -> config/room_priors.json
    .venv/bin/python bench/room_prior_fit.py fit
    # rank of the room kind that holds each type, prior against no prior (aggregates only)
    .venv/bin/python bench/room_prior_fit.py score --plans 14,22,30,... --out room_prior_even_r20
    # the same on the procedural four-room houses (layouts.from_seed), per small object
    .venv/bin/python bench/room_prior_fit.py houses --seeds 1-40 --out room_prior_houses_r20
    # the main job's five tasks in-process (geometric camera), both arms, in houses 0-9
    .venv/bin/python bench/room_prior_fit.py mainjob --seeds 0-9 --out room_prior_mainjob_r20

`score`: for each plan and each object type in it, the rank (1-4) of the plan's room kind
among the four kinds when rooms are ordered by the prior (ties: the mean rank over the
tie), against 2.5, the mean rank of a blind order. `houses`: for each small object of a
procedural house, how many rooms an explore in the map's room order and in the prior's
order visits up to and including the object's room (what the planner's first explores for
a type memory never saw cost).
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from environment import with_environment  # noqa: E402

from memory_node.core.config_files import config_path  # noqa: E402
from memory_node.core.recall.categories import type_key  # noqa: E402
from memory_node.planner.core.room_prior import FORMAT, VERSION, RoomPrior  # noqa: E402
from memory_node.sim.tasks.floorplans import ROOM_TYPES, floor_plan  # noqa: E402

RESULTS = ROOT / "bench" / "results"
# The layout sweep's tuning split (round 18: every other never-used odd plan).
ODD = (7, 11, 17, 21, 25, 29, 209, 213, 217, 221, 225, 229, 307, 311, 315, 319, 323, 327,
       401, 407, 411, 415, 419, 423, 427)


def fit(plans: tuple[int, ...]) -> dict:
    counted = {kind: 0 for kind in ROOM_TYPES}
    types: dict[str, dict[str, int]] = {}
    for n in plans:
        fp = floor_plan(n)
        if fp is None:
            raise SystemExit(f"no data for floor plan {n} (is alfworld installed?)")
        counted[fp.room_type] += 1
        for t in sorted(fp.types):
            row = types.setdefault(t, {})
            row[fp.room_type] = row.get(fp.room_type, 0) + 1
    return {"format": FORMAT, "version": VERSION,
            "source": "bench/room_prior_fit.py fit: alfworld's FloorPlan<N>-objects.json, "
                      "plans " + ",".join(map(str, plans)),
            "plans": counted, "types": {t: types[t] for t in sorted(types)}}


def _rank(prior: RoomPrior, object_type: str, kind: str) -> float:
    """1-based rank of `kind` among the kinds by the prior, ties counted at their mean."""
    mine = prior.likelihood(object_type, kind)
    others = [prior.likelihood(object_type, k) for k in ROOM_TYPES if k != kind]
    above = sum(v > mine for v in others)
    tied = sum(v == mine for v in others)
    return 1 + above + tied / 2


def score(prior: RoomPrior, plans: list[int]) -> dict:
    ranks: list[float] = []
    unknown = 0
    for n in plans:
        fp = floor_plan(n)
        assert fp is not None
        for t in sorted(fp.types):
            unknown += type_key(t) not in prior.counts
            ranks.append(_rank(prior, t, fp.room_type))
    return {"plans": len(plans), "types_scored": len(ranks),
            "types_never_fitted": unknown,
            "mean_rank_prior": round(statistics.fmean(ranks), 3),
            "mean_rank_blind": 2.5,
            "first_rank_share": round(sum(r == 1 for r in ranks) / len(ranks), 3)}


def houses(prior: RoomPrior, seeds: list[int]) -> dict:
    from memory_node.sim.core.layouts import SMALL, from_seed
    small = {t for ts in SMALL.values() for t in ts}
    map_cost: list[int] = []
    prior_cost: list[float] = []
    for seed in seeds:
        world = from_seed(seed)
        rooms = [r.name for r in world.rooms]
        for o in world.objects.values():
            if o.type not in small:
                continue
            map_cost.append(rooms.index(o.room) + 1)
            ordered = prior.order((o.type,), rooms)
            # Rooms of equal likelihood keep the map's order (the planner's stable sort).
            prior_cost.append(ordered.index(o.room) + 1)
    return {"seeds": len(seeds), "objects": len(map_cost),
            "rooms_explored_map_order": round(statistics.fmean(map_cost), 3),
            "rooms_explored_prior_order": round(statistics.fmean(prior_cost), 3),
            "found_in_first_room_map_order": round(
                sum(c == 1 for c in map_cost) / len(map_cost), 3),
            "found_in_first_room_prior_order": round(
                sum(c == 1 for c in prior_cost) / len(prior_cost), 3)}


def mainjob(seeds: list[int]) -> dict:
    """config/tasks/main_job.json's five tasks in the house of each seed (the suite's house
    is seed 0), blind arm ("none") and memory arm ("full"), in-process: per arm, tasks
    solved, explores, and simulated seconds, per task and in all."""
    from dataclasses import replace

    from memory_node.core.recall.embedder import Embedder
    from memory_node.sim.tasks.driver import run_suite
    from memory_node.sim.tasks.inprocess import InProcessSettings, InProcessStack
    from memory_node.sim.tasks.metrics import task_outcomes
    from memory_node.sim.tasks.records import Run
    from memory_node.sim.tasks.suite_io import read_suite

    base = read_suite(str(ROOT / "config" / "tasks" / "main_job.json"))
    embedder = Embedder()
    out: dict = {"seeds": seeds, "arms": {}}
    for arm in ("none", "full"):
        per_task: dict[str, dict[str, float]] = {}
        total = {"tasks": 0, "solved": 0, "explores": 0, "sim_time_s": 0.0}
        for seed in seeds:
            seq = replace(base.sequences[0], seed=seed, id=f"house{seed}-composite")
            suite = replace(base, sequences=(seq,))
            stack = InProcessStack(InProcessSettings(ablation=arm, seed=0), embedder=embedder)
            run = Run(meta={"ablation": arm, "path": "in-process", "planner": "offline"})
            run_suite(suite, stack, run)
            stack.end_sequence()
            for o in task_outcomes(run):
                key = o.task.rsplit("-", 1)[-1]
                t = per_task.setdefault(key, {"solved": 0, "explores": 0, "sim_time_s": 0.0})
                t["solved"] += o.success
                t["explores"] += o.exploration_attempts
                t["sim_time_s"] = round(t["sim_time_s"] + o.sim_time_s, 1)
                total["tasks"] += 1
                total["solved"] += o.success
                total["explores"] += o.exploration_attempts
                total["sim_time_s"] = round(total["sim_time_s"] + o.sim_time_s, 1)
            print(arm, seed, total, flush=True)
        out["arms"][arm] = {"all": total, "per_task": per_task}
    return out


def _numbers(text: str) -> list[int]:
    out: list[int] = []
    for part in text.split(","):
        lo, _, hi = part.partition("-")
        out += list(range(int(lo), int(hi or lo) + 1))
    return out


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("part", choices=("fit", "score", "houses", "mainjob"))
    ap.add_argument("--plans", default=",".join(map(str, ODD)))
    ap.add_argument("--seeds", default="1-40")
    ap.add_argument("--prior", default="", help="room prior file (default: config's)")
    ap.add_argument("--out", default="")
    a = ap.parse_args()
    if a.part == "fit":
        path = Path(a.prior) if a.prior else config_path("room_priors.json")
        data = fit(tuple(_numbers(a.plans)))
        rows = [f"  {json.dumps(t)}: {json.dumps(row)}" for t, row in data.pop("types").items()]
        head = json.dumps(data, indent=1)[:-2]
        path.write_text(head + ',\n "types": {\n' + ",\n".join(rows) + "\n }\n}\n")
        print(f"wrote {path}")
        return
    if a.part == "mainjob":
        result = mainjob(_numbers(a.seeds))
    else:
        prior = RoomPrior.load(a.prior or None)
        result = score(prior, _numbers(a.plans)) if a.part == "score" \
            else houses(prior, _numbers(a.seeds))
        result["prior"] = prior.source
    print(json.dumps(result, indent=1))
    if a.out:
        (RESULTS / f"{a.out}.json").write_text(
            json.dumps(with_environment(result), indent=1) + "\n")


if __name__ == "__main__":
    main()
