"""Round 74 (issue 11, part 4): which of the DDS bench's planner-mode texts make a per-subtask
recall start a background model call at the end of its handler (the whole text's vector for
the step pool, `RecallMemory.recall`'s ``elif episode_id`` branch): those whose steps
(`subtask_queries`) do not include the whole (spelled) text.

The texts are drawn as `recall_dds_latency.py 10000` draws them with RECALL_BENCH_PLANNER=1 and
RECALL_BENCH_CALLS (default 498): the same `random.Random(11)` draws, replayed without
writing a memory (the units, then the scene graph's 1,000 objects, then the two samples),
then `planner_subtask_texts`; the flags are read on the bench's own 10,000-unit memory
(`recall_rank_cost.build`, which draws the same units). The texts are not written out.

    .venv/bin/python bench/recall_dds_planner_multistep_r74.py
        # -> bench/results/recall_dds77_planner_multistep_r74.json: one flag per planner
        #    request, in the DDS bench's request order
"""

from __future__ import annotations

import os
import random
import shutil
import sys
import tempfile
from pathlib import Path

import recall_dds_latency as dds
import recall_rank_cost
from recall_common import load, save_result, scene_units, served_memory

from memory_node.core.recall.subtasks import subtask_queries


def planner_texts(doc: dict, calls: int) -> list[str]:
    rng = random.Random(11)
    pool = [u for s in doc["scenes"] for u in scene_units(s)]
    texts = sorted({i["text"] for i in doc["instructions"]})
    for _ in range(10_000):  # prepare_bench_memory's units
        rng.choice(pool)
    labels = sorted({u.label for u in pool})
    for _ in range(dds.SCENE_OBJECTS):  # prepare_scene_graph's objects
        rng.choice(labels)
        rng.uniform(0, 20)
        rng.uniform(0, 20)
        rng.uniform(0, 2)
    instructions = rng.sample(texts, min(calls, len(texts)))
    rng.sample(texts, max(4, calls // 4))  # the episodes
    instructions = instructions[:min(len(instructions), len(texts) - calls // 2)]
    return dds.planner_subtask_texts(texts, instructions, min(calls, len(texts)) // 2)


def main() -> int:
    doc = load()
    if doc is None:
        print("skip: AI2-THOR rearrangement data absent")
        return 0
    texts = planner_texts(doc, int(os.environ.get("RECALL_BENCH_CALLS", "498")))
    tmp = Path(tempfile.mkdtemp(prefix="recall_multistep_"))
    try:
        (tmp / "memory").mkdir()
        recall_rank_cost.build(tmp / "memory", planner=True)
        m = served_memory(tmp / "memory")
        try:
            rec = m.recall._ensure()
            flags = [rec.spelled(t) not in subtask_queries(rec, t).texts for t in texts]
        finally:
            m.close()
    finally:
        shutil.rmtree(tmp)
    print(len(texts), "planner texts,", sum(flags), "start the whole text's call")
    print("wrote", save_result("recall_dds77_planner_multistep_r74",
                               {"n": len(texts), "starts_whole_call": flags}))
    return 0


if __name__ == "__main__":
    sys.exit(main())
