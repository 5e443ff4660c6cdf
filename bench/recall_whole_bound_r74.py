"""Round 74 (issue 11, parts 1-3): how far the whole-instruction request can reach at k, set
by the count of needed objects alone. A request returns at most k units, so an instruction
whose hand labels need n > k distinct objects (alternatives one need, only those its room
holds: ``recall_human.groups``, as the A/B scores them) loses at least n - k of them. Over
the decision sets only (the tune half and blind 1-18, 22-62): the needs' bound at each k, the
share of instructions whose needs all fit, the least k for 0.90 of each, and the same count
per hand step (what the per-subtask path asks of k=3).

``--planner-path SETS --raw FILE``: the closest real thing, measured: each instruction of the
named decision sets answered as the planner asks (the split, each subtask its own top 3,
``recall_subtasks``), the needs found over the union and the instructions with every need
found, resumable per set; ``--summarise FILE...`` adds their totals to the result.

    .venv/bin/python bench/recall_whole_bound_r74.py    # -> results/recall_whole_bound_r74.json
    .venv/bin/python bench/recall_whole_bound_r74.py --planner-path tune,1,2 --raw /tmp/pp.json
    .venv/bin/python bench/recall_whole_bound_r74.py --summarise /tmp/pp*.json
"""

from __future__ import annotations

import json
import sys
from collections import Counter
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))

import recall_human as rh  # noqa: E402
import recall_switch_ab as switch_ab  # noqa: E402
from environment import with_environment  # noqa: E402
from recall_switch_probe import load_set  # noqa: E402

DECISION = ["tune", *map(str, range(1, 19)), *map(str, range(22, 63))]
KS = (3, 5, 8, 10, 12, 15)
K = 3


def bound(counts: list[int], k: int) -> float:
    """The share of all needs a k-unit answer can hold at best."""
    return sum(min(n, k) for n in counts) / sum(counts)


def fits(counts: list[int], k: int) -> float:
    """The share of instructions (or steps) whose needs all fit in k units."""
    return sum(n <= k for n in counts) / len(counts)


def planner_path(sets: list[str], raw: Path) -> None:
    """Each instruction of ``sets`` through the planner's path at k=3 into ``raw``: its
    needs' count and how many the union of its subtasks' answers holds."""
    from memory_node.core.recall.categories import type_key
    from memory_node.core.recall.recall import Recaller

    def per_set(emb: Any, items: list[dict], scenes: dict[str, list]) -> tuple[dict, str]:
        rec = Recaller(emb)
        rows = {}
        for it in items:
            units = scenes[it["room"]]
            need = rh.groups(sorted({n for st in it["steps"] for n in st["needs"]}),
                             {type_key(u.label) for u in units})
            sub = rh.recall_subtasks(rec, it["text"], units, K)
            got = rh.found(need, {type_key(r.unit.label) for r in sub.units})
            rows[it["id"]] = [len(need), sum(got)]
        return rows, ""

    switch_ab.run_resumable(sets, raw, per_set)


def main() -> int:
    import argparse

    ap = argparse.ArgumentParser()
    ap.add_argument("--planner-path", help="decision sets to answer through the split")
    ap.add_argument("--raw", type=Path)
    ap.add_argument("--summarise", nargs="+", type=Path)
    args = ap.parse_args()
    if args.planner_path:
        sets = args.planner_path.split(",")
        if set(sets) - set(DECISION):
            raise SystemExit(f"not decision sets: {sorted(set(sets) - set(DECISION))}")
        planner_path(sets, args.raw)
        return 0
    from memory_node.core.recall.categories import type_key

    rooms = rh.rearrangement_rooms()
    if rooms is None:
        return 0
    held: dict[str, set[str]] = {}
    whole: list[int] = []
    steps: list[int] = []
    widest: list[int] = []  # per instruction, its hand step with the most needs
    for s in DECISION:
        for it in load_set(s):
            fp = it["room"]
            if fp not in held:
                held[fp] = {type_key(u.label) for u in rh.room_units(fp, rooms[fp][0])}
            whole.append(len(rh.groups(sorted({n for st in it["steps"] for n in st["needs"]}),
                                       held[fp])))
            per = [len(rh.groups(st["needs"], held[fp])) for st in it["steps"]]
            steps.extend(per)
            widest.append(max(per, default=0))
    out = {
        "round": 74, "what": (__doc__ or "").split("\n\n")[0], "sets": "decision",
        "instructions": len(whole), "needs": sum(whole),
        "needs_per_instruction": dict(sorted(Counter(whole).items())),
        "whole": {f"k={k}": {"needs_bound": round(bound(whole, k), 4),
                             "instructions_all_fit": round(fits(whole, k), 4)} for k in KS},
        "least_k_needs_bound_0.90": next(k for k in range(1, 40) if bound(whole, k) >= 0.9),
        "least_k_instructions_all_fit_0.90": next(k for k in range(1, 40)
                                                  if fits(whole, k) >= 0.9),
        "steps": len(steps), "needs_per_step": dict(sorted(Counter(steps).items())),
        "per_step_k=3": {"needs_bound": round(bound(steps, 3), 4),
                         "steps_all_fit": round(fits(steps, 3), 4),
                         "instructions_every_hand_step_fits": round(fits(widest, 3), 4)},
    }
    if args.summarise:
        rows = [r for f in args.summarise for d in json.loads(f.read_text()).values()
                for r in d.values()]
        out["planner_path_k=3"] = {
            "sets": sorted({s for f in args.summarise for s in json.loads(f.read_text())}),
            "instructions": len(rows), "needs": sum(n for n, _ in rows),
            "needs_found": round(sum(g for _, g in rows) / sum(n for n, _ in rows), 4),
            "instructions_all_found": round(sum(g == n for n, g in rows) / len(rows), 4)}
        print("planner path", out["planner_path_k=3"])
    for k in KS:
        print(f"k={k}", out["whole"][f"k={k}"])
    print("per step k=3", out["per_step_k=3"])
    path = Path(__file__).resolve().parent / "results" / "recall_whole_bound_r74.json"
    path.write_text(json.dumps(with_environment(out), indent=1) + "\n")
    print("wrote", path)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
