"""Round 74 (issue 11, part 4): the planner's per-subtask requests in process, each after its
text sent ahead, this code against another: the handler's CPU and the process's.

The DDS bench's memory (10,000 units, the 1,000-object scene graph: `recall_rank_cost.build`)
and its planner-mode texts (`recall_dds_latency.planner_subtask_texts`: 100 texts new to the
server, each with an episode id). Per text, as the planner and the memory server do it:
``RecallMemory.prefetch_subtasks`` (the memory/recall_ahead callback), the background calls
waited for (the planner's wait for a view is 0.2 s), then the memory/recall callback itself
(``RecallCapability._recall``: the recall and the response's conversion; its thread CPU is
``handler_us``), then whatever background call the request started waited for. ``pair_us``
is the process's CPU (every thread: the model calls too) from the text sent ahead to that
end; ``started`` how many texts the request itself sent to the background worker (after its
reply, over DDS). Each answer's digest (ids, exact scores, context) for the identity check.
Processes alternate (this, peer, peer, this, ...: ``recall_common.alternating_child_runs``).

    .venv/bin/python bench/recall_ahead_cpu.py --against DIR [--rounds 4] [--out NAME]
        # -> bench/results/<NAME>.json (default recall_ahead_cpu)
"""

from __future__ import annotations

import hashlib
import json
import statistics
import sys
import time
from pathlib import Path

import numpy as np
from recall_common import (
    ab_bench_start,
    save_result,
    served_memory,
)

ARGV = sys.argv[1:]
K, BUDGET = 5, 600


def measure(memory_dir: Path, requests: list[dict]) -> dict:
    from memory_node.nodes.recall_capability import RecallCapability
    from memory_node.srv import Recall

    m = served_memory(memory_dir)
    try:
        rm = m.recall
        rm.recall("bring me the mug from the kitchen", K, BUDGET)  # the server's first
        recaller = rm._ensure()
        cap = RecallCapability.__new__(RecallCapability)  # its callback, without a node
        cap.recall = rm
        rows = []
        for r in requests:
            if not r["per_subtask"]:
                continue
            pair = time.process_time()
            rm.prefetch_subtasks(r["text"])
            recaller.wait_for_prefetch(10.0)
            started = recaller.query_texts_prefetched
            request = Recall.Request(instruction=r["text"], k=K, token_budget=BUDGET,
                                     episode_id=r["episode"], per_subtask=True)
            response = Recall.Response()
            t = time.thread_time()
            cap._recall(request, response)
            handler = time.thread_time() - t
            started = recaller.query_texts_prefetched - started
            recaller.wait_for_prefetch(10.0)
            pair = time.process_time() - pair
            digest = hashlib.blake2b(json.dumps(
                [[u.object_id, repr(u.score)] for u in response.units] + [response.context]
            ).encode(), digest_size=8).hexdigest()
            rows.append({"handler_us": round(handler * 1e6), "pair_us": round(pair * 1e6),
                         "started": started, "answer": digest})
        return {"requests": rows}
    finally:
        m.close()


def summary(rows: list[dict]) -> dict:
    out: dict = {"n": len(rows), "started_requests": sum(r["started"] > 0 for r in rows)}
    for part in ("handler_us", "pair_us"):
        xs = [r[part] for r in rows]
        out[part] = {"p50": float(np.percentile(xs, 50)), "p99": float(np.percentile(xs, 99)),
                     "mean": round(statistics.fmean(xs))}
    return out


def pooled(runs: list[dict], part: str, only: set[int] | None = None) -> float:
    """The median over every process's requests (those in `only`, if given)."""
    return float(np.median([x[part] for run in runs for i, x in enumerate(run["requests"])
                            if only is None or i in only]))


def main() -> int:
    import recall_rank_cost
    started = ab_bench_start(ARGV, measure, 4, "recall_ahead_cpu")
    if started is None:
        return 0
    against, rounds, name = started
    result: dict = {"units": 10_000, "k": K, "token_budget": BUDGET, "rounds": rounds,
                    "peer_code": against}
    _, runs = recall_rank_cost.ab_runs(__file__, against, rounds, True, summary)
    result["runs"] = runs
    this = [r for r in runs if r["code"] == "this"]
    peer = [r for r in runs if r["code"] == "peer"]
    if peer:
        answers = {tuple(x["answer"] for x in r["requests"]) for r in runs}
        result["answers_identical"] = len(answers) == 1
        # The requests that start a background call at their end on the peer's code.
        started = {i for r in peer for i, x in enumerate(r["requests"]) if x["started"]}
        result["peer_started_requests"] = sorted(started)
        result["pooled_median_this_to_peer"] = {
            f"{part}{tag}": round(pooled(this, part, only) / pooled(peer, part, only), 4)
            for part in ("handler_us", "pair_us")
            for tag, only in (("", None), ("_peer_started", started))}
        result["pooled_median_us"] = {
            f"{who}_{part}{tag}": pooled(rs, part, only)
            for who, rs in (("this", this), ("peer", peer))
            for part in ("handler_us", "pair_us")
            for tag, only in (("", None), ("_peer_started", started))}
        print(json.dumps({k: result[k] for k in ("answers_identical", "peer_started_requests",
                                                  "pooled_median_this_to_peer",
                                                  "pooled_median_us")}, indent=1))
    out = save_result(name, result, indent=None)
    print(f"wrote {out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
