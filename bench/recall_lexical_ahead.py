"""Round 49 (issue 11, part 4): the text sent ahead (memory/recall_ahead) also makes its
steps' lexical halves (`Recaller.prepare_lexical`), so the planner's per-subtask request
is left the cosines, the selection and the answer.

Two measurements, in process:

* ``--sequence`` (default): the DDS bench's memory and the planner's sequence
  (`recall_rank_cost.build` with ``planner=True``: 10,000 units, 200 instructions, then
  100 per-subtask texts new to the server), on two copies of one memory opened as the
  server opens them; per planner text, on both copies in alternating order:
  `RecallMemory.prefetch_subtasks` (A: with ``prepare_lexical`` switched off, round 48's
  prefetch; B: as built), its background call's end, then the request. Per request: the
  request's thread CPU and wall; whether the two answers are identical (every field of
  the answer and of each unit).
* ``--sets decision|validation``: the recall decision (tune half, blind 1-18, 22-37) or
  validation (blind 19, 20, 21, 38) instructions through ``recall_subtasks`` (the
  automatic split and the hand steps, every k), keyed by room, on two recallers: A as
  ever, B after ``prepare_lexical`` of exactly the request's step queries; the answers
  (each step's ids, exact scores and why) compared.

    .venv/bin/python bench/recall_lexical_ahead.py [--rounds N] [--out NAME]
    .venv/bin/python bench/recall_lexical_ahead.py --sets decision [--out NAME]
"""

from __future__ import annotations

import json
import shutil
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

import yaml

sys.path.insert(0, str(Path(__file__).resolve().parent))
import recall_human as rh  # noqa: E402
import recall_rank_cost as rc  # noqa: E402
from recall_common import save_result, served_memory  # noqa: E402

from memory_node.core.recall.recall import RecallConfig, Recaller  # noqa: E402
from memory_node.core.recall.subtasks import recall_subtasks, subtask_queries  # noqa: E402

ARGV = sys.argv[1:]
HERE = Path(__file__).resolve().parent


def _arg(name: str, default: str) -> str:
    return ARGV[ARGV.index(name) + 1] if name in ARGV else default


def pct(xs: list[float], q: float) -> float:
    s = sorted(xs)
    return round(s[min(len(s) - 1, round(q * (len(s) - 1)))], 3)


def _answer(a: Any) -> tuple:
    return ([(u.unit.object_id, repr(u.score), u.description, u.reason, u.unit.attributes)
             for u in a.units], a.long_term_text, a.context, a.context_tokens, a.warnings,
            a.mode, a.truncated, a.known_bad_actions, a.procedure, a.facts, a.kind)


def sequence_round(memory: Path, run: Path, requests: list[dict]) -> dict[str, Any]:
    mems = []
    for name in ("A", "B"):
        shutil.copytree(memory, run / name)
        mems.append(served_memory(run / name))
    try:
        recs = []
        for m in mems:
            m.recall.recall("bring me the mug from the kitchen", rc.K, rc.BUDGET)
            recs.append(m.recall._ensure())
        recs[0].prepare_lexical = lambda *a, **k: 0  # type: ignore[method-assign]
        for r in requests:
            if not r["per_subtask"] and not r["subgoal"]:
                for m in mems:
                    m.recall.recall(r["text"], r["k"], rc.BUDGET, "", None)
        for rec in recs:
            rec.wait_for_prefetch(30)
        rows: dict[str, list[dict]] = {"A": [], "B": []}
        same = 0
        planner = [r for r in requests if r["per_subtask"]]
        for i, r in enumerate(planner):
            answers = {}
            for j in ((0, 1) if i % 2 == 0 else (1, 0)):
                m, rec = mems[j], recs[j]
                m.recall.prefetch_subtasks(r["text"])
                rec.wait_for_prefetch(30)
                t, w = time.thread_time(), time.perf_counter()
                a = m.recall.recall(r["text"], r["k"], rc.BUDGET, r["episode"], None,
                                    per_subtask=True)
                w, t = time.perf_counter() - w, time.thread_time() - t
                rows["AB"[j]].append({"cpu_ms": t * 1e3, "wall_ms": w * 1e3})
                answers[j] = _answer(a)
                rec.wait_for_prefetch(30)
            same += answers[0] == answers[1]
        return {"requests": len(planner), "answers_identical": same,
                "summary": {k: {f: {"p50": pct([x[f] for x in v], .5),
                                    "p99": pct([x[f] for x in v], .99)}
                                for f in ("cpu_ms", "wall_ms")} for k, v in rows.items()},
                "lexical_made": recs[1].lexical_ahead_made,
                "lexical_used": recs[1].lexical_ahead_used, "rows": rows}
    finally:
        for m in mems:
            m.close()


def sets(which: str) -> dict[str, Any]:
    files: list[tuple[Path, str | None]] = []
    if which == "decision":
        files.append((rh.INSTRUCTIONS, "tune"))
        nums = list(range(1, 19)) + list(range(22, 38))
    else:
        nums = [19, 20, 21, 38]
    files += [(HERE / f"recall_blind{'' if n == 1 else n}_instructions.yaml", None)
              for n in nums]
    rooms = rh.rearrangement_rooms()
    assert rooms is not None
    embedder = rh.make_embedder(rh.RecallSettings().encoder, None)
    a_rec, b_rec = Recaller(embedder, config=RecallConfig()), \
        Recaller(embedder, config=RecallConfig())
    total = same = used = 0
    diffs = []

    def key(res: Any) -> tuple:
        return ([(s, [(r.unit.object_id, repr(r.score), r.why) for r in got])
                 for s, got in res.steps], [(r.unit.object_id, repr(r.score)) for r in res.units])

    for f, split in files:
        items = yaml.safe_load(f.read_text(encoding="utf-8"))["instructions"]
        if split:
            items = [i for i in items if i["split"] == split]
        scenes = {fp: rh.room_units(fp, rooms[fp][0]) for fp in {it["room"] for it in items}}
        for it in items:
            units = scenes[it["room"]]
            ukey = (f.name, it["room"])
            for k in rh.KS:
                for steps in (None, [s["text"] for s in it["steps"]]):
                    a = recall_subtasks(a_rec, it["text"], units, k, units_key=ukey, steps=steps)
                    before = b_rec.lexical_ahead_used
                    b_rec.prepare_lexical(subtask_queries(b_rec, it["text"], steps=steps).queries,
                                          units, units_key=ukey)
                    b = recall_subtasks(b_rec, it["text"], units, k, units_key=ukey, steps=steps)
                    total += 1
                    used += b_rec.lexical_ahead_used - before
                    if key(a) == key(b):
                        same += 1
                    else:
                        diffs.append([f.name, it["id"], k])
    return {"set": which, "requests": total, "identical": same, "lexical_taken": used,
            "lexical_made": b_rec.lexical_ahead_made, "diffs": diffs}


def main() -> int:
    import os

    out = _arg("--out", "recall_lexical_ahead")
    if "--sets" in ARGV:
        got = sets(_arg("--sets", "decision"))
        print(json.dumps({k: v for k, v in got.items() if k != "diffs"}))
        save_result(out, got)
        return 0
    result: dict[str, Any] = {"rounds": []}
    with tempfile.TemporaryDirectory(prefix="recall_lexical_ahead_") as tmp:
        root = Path(tmp)
        (root / "memory").mkdir()
        requests = rc.build(root / "memory", planner=True)
        for n in range(int(_arg("--rounds", "1"))):
            run = root / f"round{n}"
            run.mkdir()
            load = os.getloadavg()[0]
            got = sequence_round(root / "memory", run, requests)
            got["load_before"] = round(load, 2)
            print(json.dumps({k: v for k, v in got.items() if k != "rows"}))
            result["rounds"].append(got)
    save_result(out, result)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
