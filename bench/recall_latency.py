"""Pure-core recall latency with 100 and 10,000 memory units (no ROS, no DDS).

Units are drawn (with replacement, ids made unique) from the labelled AI2-THOR scenes, so
their texts are real descriptions. Embeddings are warmed first: a memory server embeds a
unit when its text changes, not per request, so the steady state is what a recall costs.
Reported: median and p99 of `Recaller.recall` (hybrid, k=5, budget 600) over the
instruction set, of a state-conditioned step with a warm pool, and the one-off cost of
embedding all units. Single onnxruntime thread.

    .venv/bin/python bench/recall_latency.py    # -> bench/results/recall_latency.json
"""

from __future__ import annotations

import json
import platform
import random
import time
from dataclasses import replace

import numpy as np
from recall_common import RESULTS, load, scene_units

from memory_node.core.recall.brief_state import BriefState
from memory_node.core.recall.embedder import Embedder
from memory_node.core.recall.recall import Recaller
from memory_node.core.recall.step_recall import StateConditionedRecall

SIZES = (100, 10_000)
QUERIES = 200


def percentiles(xs: list[float]) -> dict:
    a = np.array(xs) * 1000
    return {"median_ms": round(float(np.median(a)), 2),
            "p99_ms": round(float(np.percentile(a, 99)), 2), "n": len(xs)}


def main() -> int:
    doc = load()
    if doc is None:
        print("skip: AI2-THOR rearrangement data absent; the labelled set is generated from it")
        return 0
    rng = random.Random(7)
    pool = [u for s in doc["scenes"] for u in scene_units(s)]
    texts = [i["text"] for i in doc["instructions"]]
    embedder = Embedder(intra_op_threads=1)
    result: dict = {"machine": platform.machine(), "python": platform.python_version(),
                    "onnx_threads": 1, "mode": "hybrid", "k": 5, "token_budget": 600}
    for n in SIZES:
        units = [replace(rng.choice(pool), object_id=f"u{i}") for i in range(n)]
        recaller = Recaller(embedder)
        t0 = time.perf_counter()
        recaller.rank("warm up", units, 5)
        warm = time.perf_counter() - t0
        queries = [rng.choice(texts) for _ in range(QUERIES if n <= 1000 else QUERIES // 4)]
        times = []
        for q in queries:
            recaller._query_cache.clear()  # every request pays for its instruction embedding
            t = time.perf_counter()
            recaller.recall(q, units, 5, 600)
            times.append(time.perf_counter() - t)
        stepper = StateConditionedRecall(recaller)
        stepper.recall_step("ep", queries[0], BriefState("pick up the mug"), units, 600)
        step_times = []
        for q in queries:
            recaller._query_cache.clear()
            t = time.perf_counter()
            stepper.recall_step("ep", queries[0], BriefState(q[:200]), units, 600,
                                units_version=None)
            step_times.append(time.perf_counter() - t)
        result[f"units_{n}"] = {"recall": percentiles(times),
                                "state_conditioned_step": percentiles(step_times),
                                "embed_all_units_once_s": round(warm, 2)}
        print(n, json.dumps(result[f"units_{n}"]))
    RESULTS.mkdir(parents=True, exist_ok=True)
    (RESULTS / "recall_latency.json").write_text(json.dumps(result, indent=1) + "\n")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
