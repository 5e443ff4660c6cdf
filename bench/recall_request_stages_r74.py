"""Round 74 (issue 11, part 4): where a request's thread CPU goes at 10,000 units, in process,
without a profiler: the DDS bench's memory and planner texts (`recall_rank_cost.build`), each
planner text sent ahead (`prefetch_subtasks`, its background calls waited for) and then
recalled per subtask in its episode through the memory/recall callback
(`RecallCapability._recall`: the recall and the response's conversion), after the 200
whole-instruction requests; the parts timed by wrapping the functions named in the output
(thread CPU, inclusive; a part called several times a request is summed), and rclpy's
serialisation of each response (`serialize_message`, what the executor does before the
send). The first 20 requests of each kind are left out (words new to the process).
`RECALL_BENCH_CODE=DIR` times that tree's code.

    .venv/bin/python bench/recall_request_stages_r74.py [--out NAME]
        # -> bench/results/<NAME>.json (default recall_request_stages_r74): per kind, per
        #    part p50 / p90 / p99 / mean ms
"""

from __future__ import annotations

import os
import shutil
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import numpy as np
import recall_rank_cost
from rclpy.serialization import serialize_message
from recall_common import save_result, served_memory, timed_into

import memory_node.core.recall.recall as recall_module
from memory_node.core import recall_memory
from memory_node.core.recall import subtasks
from memory_node.core.recall.recall import Recaller
from memory_node.nodes.recall_capability import RecallCapability
from memory_node.srv import Recall

ARGV = sys.argv[1:]
SPENT: dict[str, float] = {}  # part -> thread CPU (s) in the current request


def _timed(f: Callable[..., Any], part: str) -> Callable[..., Any]:
    return timed_into(SPENT, f, part)


def wrap(owner: Any, name: str, part: str) -> None:
    held = owner.__dict__.get(name) if isinstance(owner, type) else None
    if isinstance(held, staticmethod):
        setattr(owner, name, staticmethod(_timed(held.__func__, part)))
    else:
        setattr(owner, name, _timed(getattr(owner, name), part))


def main() -> int:
    name = ARGV[ARGV.index("--out") + 1] if "--out" in ARGV else "recall_request_stages_r74"
    tmp = Path(tempfile.mkdtemp(prefix="recall_stages_"))
    try:
        (tmp / "memory").mkdir()
        requests = recall_rank_cost.build(tmp / "memory", planner=True)
        m = served_memory(tmp / "memory")
        try:
            rows = measure(m, requests)
        finally:
            m.close()
    finally:
        shutil.rmtree(tmp)
    summary: dict = {"units": 10_000,
                     "code": os.environ.get("RECALL_BENCH_CODE", "") or "this checkout"}
    for kind in ("instruction", "subtask"):
        rs = [x for x in rows if x["kind"] == kind][20:]
        print(kind, len(rs))
        summary[kind] = {"n": len(rs)}
        for part in sorted({k for x in rs for k in x if k != "kind"}):
            v = [x.get(part, 0.0) for x in rs]
            q = [round(float(x), 3) for x in np.percentile(v, [50, 90, 99])]
            summary[kind][part] = dict(zip(("p50", "p90", "p99", "mean"),
                                           [*q, round(float(np.mean(v)), 3)], strict=True))
            print(f"  {part:18s} p50 {q[0]:8.3f} p90 {q[1]:8.3f} p99 {q[2]:8.3f}")
    print("wrote", save_result(name, summary))
    return 0


def measure(m: Any, requests: list[dict]) -> list[dict]:
    rm = m.recall
    rm.recall("bring me the mug from the kitchen", 5, 600)  # the server's first
    rec = rm._ensure()
    for owner, fname, part in (
            (recall_memory.RecallMemory, "recall", "rm_recall"),
            (recall_memory, "recall_subtasks", "recall_subtasks"),
            (recall_memory.RecallMemory, "_with_evidence", "with_evidence"),
            (recall_memory.RecallMemory, "_extra", "extra"),
            (recall_memory.RecallMemory, "_snapshot", "snapshot"),
            (subtasks, "subtask_queries", "subtask_queries"),
            (Recaller, "rank_filled", "rank_filled"), (Recaller, "scored", "scored"),
            (Recaller, "_lexical_arrays", "lexical_arrays"),
            (Recaller, "_lexical_made", "lexical_made"), (Recaller, "_select", "select"),
            (Recaller, "_spare", "spare"), (Recaller, "_fill_candidates", "fill_candidates"),
            (Recaller, "context_for", "context_for"),
            (Recaller, "start_queries", "start_queries"),
            (Recaller, "prefetch_queries", "prefetch_queries"),
            (recall_module, "assemble_context", "assemble_context"),
            (recall_module.Scored, "candidate_array", "candidate_array"),
            (recall_module.Scored, "make", "make"), (rec.describer, "describe", "describe")):
        wrap(owner, fname, part)
    cap = RecallCapability.__new__(RecallCapability)  # its callback, without a node
    cap.recall = rm
    rows = []
    for r in requests:
        if r["subgoal"]:
            continue
        kind = "subtask" if r["per_subtask"] else "instruction"
        if kind == "subtask":
            rm.prefetch_subtasks(r["text"])
            rec.wait_for_prefetch(5.0)
        SPENT.clear()
        request = Recall.Request(instruction=r["text"], k=5, token_budget=600,
                                 episode_id=r["episode"], per_subtask=r["per_subtask"])
        response = Recall.Response()
        started = rec.query_texts_prefetched
        t = time.thread_time()
        cap._recall(request, response)
        t1 = time.thread_time()
        raw = serialize_message(response)
        t2 = time.thread_time()
        rows.append({"kind": kind, "handler_ms": (t1 - t) * 1e3,
                     "serialise_ms": (t2 - t1) * 1e3, "bytes": len(raw),
                     "started": rec.query_texts_prefetched - started,
                     **{k: v * 1e3 for k, v in SPENT.items()}})
        rec.wait_for_prefetch(5.0)
    return rows


if __name__ == "__main__":
    sys.exit(main())
