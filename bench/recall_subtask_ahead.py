"""Round 48 (issue 11, part 4): what the planner's per-subtask request would cost if its
steps' vectors were made before it arrives.

The planner's per-subtask recall is an instruction's first arrival at the server, so every
one calls the embedding model (round 47); the server already asks every step's vector in
one call (`recall_subtasks` -> `Recaller.start_queries`). The only way left to take the
model off the request is to embed the steps earlier: the planner knows the text when the
instruction arrives, before it waits for the view (`planner/core/loop.py` `_run`:
`_perceived`, then the recall). This measures the bound such a prefetch could reach, in
process, on the DDS bench's memory and the planner's sequence (`recall_rank_cost.build`
with ``planner=True``: 10,000 units, 200 instructions, then 100 per-subtask texts the
server has not seen, each with an episode id):

* two copies of one memory, opened as the server opens them, the same 200 instructions
  sent to both;
* each planner text then goes to both, in alternating order: ``cold`` as today, ``ahead``
  after `Recaller.prefetch_queries` of the query texts the request will ask
  (:func:`ahead_texts`) and the background call's end;
* per request: CPU (the request's thread plus the model's worker, ms), wall, the model's
  CPU, texts sent to the model, and whether the two answers (ids, exact scores, context)
  are the same.

    .venv/bin/python bench/recall_subtask_ahead.py [--rounds N] [--out NAME]
        # -> bench/results/<NAME>.json (default recall_subtask_ahead)
"""

from __future__ import annotations

import json
import shutil
import statistics
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))
import recall_rank_cost as rc  # noqa: E402
from recall_common import save_result, served_memory  # noqa: E402

from memory_node.core.recall.recall import Recaller  # noqa: E402
from memory_node.core.recall.subtasks import subtask_queries  # noqa: E402

ARGV = sys.argv[1:]


def _arg(name: str, default: str) -> str:
    return ARGV[ARGV.index(name) + 1] if name in ARGV else default


def ahead_texts(recaller: Recaller, instruction: str) -> list[str]:
    """The query texts a per-subtask recall of `instruction` without a brief state asks
    the model for, in its order: `subtask_queries`, the function `recall_subtasks` and the
    server's prefetch (RecallMemory.prefetch_subtasks, round 48) use."""
    return subtask_queries(recaller, instruction).texts


def pct(xs: list[float], q: float) -> float:
    s = sorted(xs)
    return round(s[min(len(s) - 1, round(q * (len(s) - 1)))], 3)


def one_round(memory: Path, run: Path, requests: list[dict]) -> dict[str, Any]:
    """One round on two fresh copies of `memory` made in `run`."""
    copies = [run / "cold", run / "ahead"]
    for copy in copies:
        shutil.copytree(memory, copy)
    mems = [served_memory(d) for d in copies]
    try:
        timed = []
        for m in mems:
            m.recall.recall("bring me the mug from the kitchen", rc.K, rc.BUDGET)
            recaller = m.recall._ensure()
            timed.append((recaller, rc.timed_model(recaller.embedder)))
        for req in requests:
            if not req["per_subtask"] and not req["subgoal"]:
                for m in mems:
                    m.recall.recall(req["text"], req["k"], rc.BUDGET, "", None)
        for recaller, _ in timed:
            recaller.wait_for_prefetch(30)
        rows: dict[str, list[dict]] = {"cold": [], "ahead": []}
        same = 0
        planner = [r for r in requests if r["per_subtask"]]
        for i, req in enumerate(planner):
            modes = ("cold", "ahead") if i % 2 == 0 else ("ahead", "cold")
            answers = {}
            for mode in modes:
                j = 0 if mode == "cold" else 1
                recaller, cpu = timed[j]
                if mode == "ahead":
                    recaller.prefetch_queries(ahead_texts(recaller, req["text"]))
                    recaller.wait_for_prefetch(30)
                cpu["model"] = cpu["model_inline"] = 0.0
                embedded = recaller.query_texts_embedded
                t, wall = time.thread_time(), time.perf_counter()
                answer = mems[j].recall.recall(req["text"], req["k"], rc.BUDGET,
                                               req["episode"], None, per_subtask=True)
                wall = time.perf_counter() - wall
                own = time.thread_time() - t
                rows[mode].append({
                    "total_ms": round((own + cpu["model"] - cpu["model_inline"]) * 1e3, 3),
                    "wall_ms": round(wall * 1e3, 3), "model_ms": round(cpu["model"] * 1e3, 3),
                    "embedded": recaller.query_texts_embedded - embedded})
                answers[mode] = (rc.answer_digest([[u.unit.object_id, repr(u.score)]
                                                   for u in answer.units]), answer.context)
                # The episode's whole-text prefetch (recall_memory) ends before the next
                # request, on both copies alike.
                recaller.wait_for_prefetch(30)
            same += answers["cold"] == answers["ahead"]
        return {"requests": len(planner), "answers_identical": same, "rows": rows}
    finally:
        for m in mems:
            m.close()


def summary(rows: list[dict]) -> dict[str, dict[str, float]]:
    return {key: {"p50": pct([r[key] for r in rows], 0.5),
                  "p99": pct([r[key] for r in rows], 0.99),
                  "mean": round(statistics.fmean(r[key] for r in rows), 3)}
            for key in ("total_ms", "wall_ms", "model_ms", "embedded")}


def main() -> int:
    import os

    rounds = int(_arg("--rounds", "1"))
    out = _arg("--out", "recall_subtask_ahead")
    result: dict[str, Any] = {"rounds": []}
    with tempfile.TemporaryDirectory(prefix="recall_ahead_") as tmp:
        root = Path(tmp)
        (root / "memory").mkdir()
        requests = rc.build(root / "memory", planner=True)
        for n in range(rounds):
            run = root / f"round{n}"
            run.mkdir()
            load = os.getloadavg()[0]
            got = one_round(root / "memory", run, requests)
            got["load_before"] = round(load, 2)
            got["summary"] = {mode: summary(rs) for mode, rs in got["rows"].items()}
            print(json.dumps({k: got[k] for k in ("requests", "answers_identical",
                                                  "load_before", "summary")}, indent=1))
            result["rounds"].append(got)
    save_result(out, result)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
