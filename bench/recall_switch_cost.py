"""What recall switches cost per request, in one process (less noise than two).

Recalls every tuning instruction of the hand-written sets (the human set's tune half and
blind sets 1-13, tuning data since round 23 and 24) whole, per hand step and auto-split at k=3
over its room's memory, with the named ``RecallConfig`` switches on and off in
alternating rounds, with warm WordNet and model caches (a first pass is not timed).
Prints, per round, the off and on totals and their ratio, then the median ratio.

    .venv/bin/python bench/recall_switch_cost.py part_wholes,place_nouns [--rounds 4]
"""

from __future__ import annotations

import argparse
import statistics
import time
from dataclasses import replace
from pathlib import Path

import yaml
from recall_human import rearrangement_rooms, room_units

from memory_node.core.recall.encoders import make_embedder
from memory_node.core.recall.recall import RecallConfig, Recaller
from memory_node.core.recall.settings import RecallSettings
from memory_node.core.recall.subtasks import recall_subtasks

HERE = Path(__file__).resolve().parent
TUNING = ["recall_human_instructions.yaml"] + [
    f"recall_blind{n}_instructions.yaml" for n in ("", 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13)]


def run(recaller: Recaller, items: list[dict], scenes: dict) -> float:
    t0 = time.perf_counter()
    for it in items:
        units = scenes[it["room"]]
        recaller.rank(it["text"], units, 3)
        recall_subtasks(recaller, it["text"], units, 3)
        recall_subtasks(recaller, it["text"], units, 3, steps=[s["text"] for s in it["steps"]])
    return time.perf_counter() - t0


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("switches", help="comma-separated RecallConfig booleans to turn off")
    ap.add_argument("--rounds", type=int, default=4)
    args = ap.parse_args()
    rooms = rearrangement_rooms()
    if rooms is None:
        return 0
    items = []
    for name in TUNING:
        doc = yaml.safe_load((HERE / name).read_text(encoding="utf-8"))
        items += [i for i in doc["instructions"] if i["split"] != "heldout"]
    scenes = {fp: room_units(fp, rooms[fp][0]) for fp in {it["room"] for it in items}}
    embedder = make_embedder(RecallSettings().encoder)
    on = Recaller(embedder, config=RecallConfig())
    off = Recaller(embedder, config=replace(
        RecallConfig(), **{s: False for s in args.switches.split(",")}))
    run(on, items, scenes)
    run(off, items, scenes)  # warm: WordNet, the model's query cache, terms
    ratios = []
    for r in range(args.rounds):
        t_off = run(off, items, scenes)
        t_on = run(on, items, scenes)
        ratios.append(t_on / t_off)
        print(f"round {r}: off {t_off:.2f} s, on {t_on:.2f} s, on/off {ratios[-1]:.3f} "
              f"({len(items)} instructions)")
    print(f"median on/off {statistics.median(ratios):.3f}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
