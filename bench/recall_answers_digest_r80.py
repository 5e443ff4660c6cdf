"""Round 80 (issue 11, part 4): every answer `recall_human.py --configs full` gives, digested,
so two codes' answers can be compared answer by answer (a request-path change must leave
them bit-identical).

For each instruction set named, `recall_human.evaluate` runs as ever; every ranking it asks
(`Recaller.rank`: the whole instruction and each hand step alone) and every per-subtask
recall (`recall_subtasks`: the planner's own split and the hand steps) is recorded as its
units' ids and exact scores (``repr``), per step for a per-subtask recall; the file keeps a
digest per answer, in order, per set.

    .venv/bin/python bench/recall_answers_digest_r80.py --sets tune,1,2,... --out FILE.json
        # set "tune": recall_human_instructions.yaml's tune half; N: recall_blindN's
        # (blind1 = recall_blind_instructions.yaml)
    .venv/bin/python bench/recall_answers_digest_r80.py --compare A.json B.json
        # -> how many answers per set, and every set / position where the two differ

Never give it a report-only set (the held-out half, blind 71-74 from round 81): it refuses them.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))
import recall_human  # noqa: E402
from environment import with_environment  # noqa: E402

from memory_node.core.recall.recall import RecallConfig, Recaller  # noqa: E402

REPORT_ONLY_BLIND = range(71, 75)  # round 81: blind 70 is validation, 71-74 report-only
ANSWERS: list[str] = []


def _digest(payload: Any) -> str:
    return hashlib.blake2b(json.dumps(payload).encode(), digest_size=8).hexdigest()


def _units(ranked: Any) -> list[list[str]]:
    return [[r.unit.object_id, repr(r.score)] for r in ranked]


def _recorded() -> None:
    """`recall_human`'s two entry points wrapped to record every answer they return."""
    rank = Recaller.rank
    subtasks = recall_human.recall_subtasks

    def recorded_rank(self: Recaller, *a: Any, **kw: Any) -> Any:
        out = rank(self, *a, **kw)
        ANSWERS.append(_digest(["rank", _units(out)]))
        return out

    def recorded_subtasks(*a: Any, **kw: Any) -> Any:
        out = subtasks(*a, **kw)
        ANSWERS.append(_digest(["subtasks", [[said, _units(r)] for said, r in out.steps],
                                _units(out.units)]))
        return out

    Recaller.rank = recorded_rank  # type: ignore[method-assign]
    recall_human.recall_subtasks = recorded_subtasks  # type: ignore[assignment]


def instructions_of(name: str) -> tuple[Path, str]:
    here = Path(recall_human.__file__).resolve().parent
    if name == "tune":
        return here / "recall_human_instructions.yaml", "tune"
    n = int(name)
    if n in REPORT_ONLY_BLIND:
        raise SystemExit(f"blind {n} is report-only: not run")
    return here / ("recall_blind_instructions.yaml" if n == 1
                   else f"recall_blind{n}_instructions.yaml"), ""


def run(sets: list[str]) -> dict[str, list[str]]:
    import yaml

    rooms = recall_human.rearrangement_rooms()
    if rooms is None:
        raise SystemExit("skip: AI2-THOR rearrangement data absent")
    _recorded()
    embedder = recall_human.make_embedder(recall_human.RecallSettings().encoder, None)
    recaller = Recaller(embedder, config=RecallConfig())  # recall_human's "full"
    out: dict[str, list[str]] = {}
    for name in sets:
        path, split = instructions_of(name)
        items = yaml.safe_load(path.read_text(encoding="utf-8"))["instructions"]
        if split:
            items = [i for i in items if i["split"] == split]
        scenes = {fp: recall_human.room_units(fp, rooms[fp][0])
                  for fp in {it["room"] for it in items}}
        ANSWERS.clear()
        recall_human.evaluate(recaller, items, scenes)
        out[name] = list(ANSWERS)
        print(name, len(items), "instructions", len(ANSWERS), "answers", flush=True)
    return out


def compare(a: dict[str, list[str]], b: dict[str, list[str]]) -> dict:
    # The environment recorded beside the digests is not a set of answers.
    a = {k: v for k, v in a.items() if k != "environment"}
    b = {k: v for k, v in b.items() if k != "environment"}
    sets = sorted(set(a) | set(b), key=lambda s: (s != "tune", int(s) if s != "tune" else 0))
    rows = {}
    for s in sets:
        x, y = a.get(s), b.get(s)
        if x is None or y is None:
            rows[s] = {"missing_in": "A" if x is None else "B"}
            continue
        diff = [i for i, (p, q) in enumerate(zip(x, y, strict=False)) if p != q]
        rows[s] = {"answers": len(x), "differing": len(diff) + abs(len(x) - len(y)),
                   "first_differing": diff[:5]}
    return {"sets": rows, "identical": all(r.get("differing", 1) == 0 for r in rows.values()),
            "answers": sum(r.get("answers", 0) for r in rows.values())}


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--sets", default="")
    ap.add_argument("--out", default="")
    ap.add_argument("--compare", nargs=2, type=Path)
    args = ap.parse_args()
    if args.compare:
        result = compare(*(json.loads(p.read_text()) for p in args.compare))
        print(json.dumps({k: v for k, v in result.items() if k != "sets"}))
        for s, r in result["sets"].items():
            if r.get("differing", 1):
                print(s, r)
        return 0 if result["identical"] else 1
    Path(args.out).write_text(json.dumps(with_environment(run(args.sets.split(",")))))
    return 0


if __name__ == "__main__":
    sys.exit(main())
