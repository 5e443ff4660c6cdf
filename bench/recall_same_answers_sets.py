"""Are two codes' recall answers identical on the tuning sets? (round 20: a change to how
fast recall ranks must not change what it answers.)

Runs, in a child process per code (``RECALL_BENCH_CODE`` selects the tree), every
instruction of

* the labelled set (``build/bench/recall_instructions.yaml``, generated from ../shared/data:
  direct, vague and irrelevant, both halves), hybrid ranking at k = 3 and 5 over its scene;
* the hand-written set's tuning half (``recall_human_instructions.yaml``, split ``tune``)
  and blind sets 1-8 (tuning data; blind 9-12 are report-only and are not read): whole at
  k = 3 and 5, ``recall_subtasks`` split automatically at k = 3 and 5, and along the
  hand-split steps at k = 3;

and keeps each answer's object ids in order with their scores and cosines (exact floats).
The parent compares the two codes' answers answer by answer and prints how many differ
(their texts are not printed).

    .venv/bin/python bench/recall_same_answers_sets.py --against DIR [--out NAME]
        # -> bench/results/<NAME>.json (default recall_same_answers_sets)
    .venv/bin/python bench/recall_same_answers_sets.py --against . --model-path M.onnx \
        --halves tune     # another model file in this code against the packaged one

``--model-path`` runs this code's child with another ONNX file of the query model
(round 22's int8 copy): then scores differ everywhere and what is read is how many answers
name other objects (``ids_differing``: ids in order; ``sets_differing``: as sets).
``--halves tune`` keeps the labelled set's held-out half (odd scenes) unread.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import time
from pathlib import Path

ARGV = sys.argv[1:]
sys.path.insert(0, str(Path(__file__).resolve().parent))
from recall_common import load, save_result, scene_units  # noqa: E402

BENCH = Path(__file__).resolve().parent
HUMAN_SETS = ["recall_human_instructions.yaml", "recall_blind_instructions.yaml",
              *(f"recall_blind{n}_instructions.yaml" for n in range(2, 9))]
KS = (3, 5)


def _answer(ranked: list) -> list:
    return [[r.unit.object_id, repr(r.score), repr(r.cosine)] for r in ranked]


def answers() -> dict[str, list]:
    """Every answer of this process's code, by set."""
    import yaml
    from recall_human import rearrangement_rooms, room_units
    from recall_mra import half

    from memory_node.core.recall.embedder import Embedder
    from memory_node.core.recall.recall import Recaller
    from memory_node.core.recall.subtasks import recall_subtasks

    embedder = Embedder(os.environ.get("RECALL_BENCH_MODEL_PATH") or None)
    out: dict[str, list] = {}
    doc = load()
    assert doc is not None
    scenes = {s["scene_id"]: s for s in doc["scenes"]}
    order = {sid: i for i, sid in enumerate(scenes)}
    halves = os.environ.get("RECALL_BENCH_HALVES", "tune,heldout").split(",")
    recaller = Recaller(embedder)
    units_of: dict[str, list] = {}
    rows = []
    for item in doc["instructions"]:
        if half(item["scene"], order) not in halves:
            continue
        units = units_of.get(item["scene"])
        if units is None:
            units = units_of[item["scene"]] = scene_units(scenes[item["scene"]])
        rows.append([_answer(recaller.rank(item["text"], units, k)) for k in KS])
    out["labelled"] = rows
    rooms = rearrangement_rooms()
    assert rooms is not None
    for name in HUMAN_SETS:
        items = yaml.safe_load((BENCH / name).read_text(encoding="utf-8"))["instructions"]
        if name == "recall_human_instructions.yaml":
            items = [i for i in items if i["split"] == "tune"]
        recaller = Recaller(embedder)
        scenes_h = {fp: room_units(fp, rooms[fp][0]) for fp in {it["room"] for it in items}}
        rows = []
        for it in items:
            units = scenes_h[it["room"]]
            row = [_answer(recaller.rank(it["text"], units, k)) for k in KS]
            row += [_answer(recall_subtasks(recaller, it["text"], units, k).units)
                    for k in KS]
            hand = recall_subtasks(recaller, it["text"], units, 3,
                                   steps=[s["text"] for s in it["steps"]])
            row += [_answer(got) for _, got in hand.steps]
            rows.append(row)
        out[name] = rows
    return out


def main() -> int:
    if "--child" in ARGV:
        print(json.dumps(answers()))
        return 0
    if load() is None:
        print("skip: AI2-THOR rearrangement data absent")
        return 0
    against = str(Path(ARGV[ARGV.index("--against") + 1]).resolve())
    name = ARGV[ARGV.index("--out") + 1] if "--out" in ARGV else "recall_same_answers_sets"
    model = ARGV[ARGV.index("--model-path") + 1] if "--model-path" in ARGV else ""
    halves = ARGV[ARGV.index("--halves") + 1] if "--halves" in ARGV else "tune,heldout"
    got = {}
    t0 = time.perf_counter()
    for who, code in (("this", str(BENCH.parent)), ("peer", against)):
        env = os.environ | {"RECALL_BENCH_CODE": code, "RECALL_BENCH_HALVES": halves,
                            "RECALL_BENCH_MODEL_PATH": model if who == "this" else ""}
        proc = subprocess.run([sys.executable, __file__, "--child"], env=env,
                              check=True, capture_output=True, text=True)
        got[who] = json.loads(proc.stdout.strip().splitlines()[-1])
    result: dict = {"peer_code": against, "model_path": model, "halves": halves, "sets": {}}
    for s in got["this"]:
        a, b = got["this"][s], got["peer"][s]
        pairs = [(x, y) for ra, rb in zip(a, b, strict=True)
                 for x, y in zip(ra, rb, strict=True)]
        ids = [([u[0] for u in x], [u[0] for u in y]) for x, y in pairs]
        differ = sum(x != y for x, y in pairs)
        result["sets"][s] = {"instructions": len(a), "answers": len(pairs),
                             "answers_differing": differ,
                             "ids_differing": sum(x != y for x, y in ids),
                             "sets_differing": sum(set(x) != set(y) for x, y in ids)}
        r = result["sets"][s]
        print(f"{s:42s} instructions {len(a):4d} answers {len(pairs):5d} differing {differ} "
              f"(ids {r['ids_differing']}, as sets {r['sets_differing']})")
    result["identical"] = all(v["answers_differing"] == 0 for v in result["sets"].values())
    result["elapsed_s"] = round(time.perf_counter() - t0, 1)
    print("identical:", result["identical"])
    print(f"wrote {save_result(name, result)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
