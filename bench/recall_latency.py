"""Pure-core recall latency with 100 and 10,000 memory units (no ROS, no DDS).

Units are drawn (with replacement, ids made unique) from the labelled AI2-THOR scenes, so
their texts are real descriptions. Embeddings are warmed first: a memory server embeds a
unit when its text changes, not per request, so the steady state is what a recall costs.
Reported for the per-unit scorer (``loop``, before the unit index) and the index
(``vectorised``) side by side, over the same units and instructions: median and p99 of
`Recaller.recall` (hybrid, k=5, budget 600), of per-subtask recall (`recall_subtasks`, the
planner's path), of a state-conditioned step with a warm pool, of the instruction
embedding alone (the floor of any recall), and the one-off cost of embedding all units.
Single onnxruntime thread.

    .venv/bin/python bench/recall_latency.py [--against DIR]
        # -> bench/results/recall_latency.json

With ``--against DIR`` (a checkout's ``memory_node/``, e.g. main's from ``git archive``) the
same benchmark then runs on that code in a child process, right after, and its figures are
stored beside these under ``peer``, each with the load average of its window. The 10,000
units case only with RECALL_BENCH_SIZES=10000; RECALL_BENCH_QUERIES sets the request count.
"""

from __future__ import annotations

import json
import os
import platform
import random
import subprocess
import sys
import time
from dataclasses import replace

import numpy as np
from environment import environment
from recall_common import PEER_CODE, load, save_result, scene_units

from memory_node.core.recall.brief_state import BriefState
from memory_node.core.recall.embedder import Embedder
from memory_node.core.recall.recall import RecallConfig, Recaller
from memory_node.core.recall.step_recall import StateConditionedRecall
from memory_node.core.recall.subtasks import recall_subtasks

SIZES = tuple(int(x) for x in os.environ.get("RECALL_BENCH_SIZES", "100,10000").split(","))
QUERIES = int(os.environ.get("RECALL_BENCH_QUERIES", "200"))


def percentiles(xs: list[float]) -> dict:
    a = np.array(xs) * 1000
    return {"median_ms": round(float(np.median(a)), 2),
            "p99_ms": round(float(np.percentile(a, 99)), 2), "n": len(xs)}


def main() -> int:
    doc = load()
    if doc is None:
        print("skip: AI2-THOR rearrangement data absent; the labelled set is generated from it")
        return 0
    against = ""
    if "--against" in sys.argv:
        against = sys.argv[sys.argv.index("--against") + 1]
    result = measure(doc)
    if PEER_CODE:  # the child of a side-by-side run: figures to the parent, no file
        print("RESULT " + json.dumps(result), flush=True)
        return 0
    if against:
        child = subprocess.run([sys.executable, __file__], capture_output=True, text=True,
                               env=os.environ | {"RECALL_BENCH_CODE": against}, check=True)
        line = next(x for x in child.stdout.splitlines() if x.startswith("RESULT "))
        result["peer"] = json.loads(line[len("RESULT "):]) | {"code": against}
    save_result("recall_latency", result)
    return 0


def measure(doc: dict) -> dict:
    rng = random.Random(7)
    pool = [u for s in doc["scenes"] for u in scene_units(s)]
    texts = [i["text"] for i in doc["instructions"]]
    embedder = Embedder(intra_op_threads=1)
    result: dict = {"machine": platform.machine(), "python": platform.python_version(),
                    "environment": environment(),
                    "onnx_threads": 1, "mode": "hybrid", "k": 5, "token_budget": 600}
    for n in SIZES:
        units = [replace(rng.choice(pool), object_id=f"u{i}") for i in range(n)]
        queries = [rng.choice(texts) for _ in range(QUERIES if n <= 1000 else QUERIES // 4)]
        shared = None
        result[f"units_{n}"] = {}
        for scorer in ("loop", "vectorised"):
            load_before = os.getloadavg()
            # Side by side in one run: the per-unit scorer (before the unit index) and the
            # index, over the same units, instructions and (shared) unit vectors.
            recaller = Recaller(embedder, config=RecallConfig(vectorised=scorer == "vectorised"))
            if shared is not None:
                recaller.unit_cache = shared
            t0 = time.perf_counter()
            recaller.rank("warm up", units, 5)
            warm = time.perf_counter() - t0
            shared = recaller.unit_cache
            times = []
            for q in queries:
                recaller._query_cache.clear()  # every request pays for its instruction embedding
                t = time.perf_counter()
                # units_key: the units are unchanged between requests, as the server's
                # short-term version says (the per-unit scorer ignores it).
                recaller.recall(q, units, 5, 600, units_key=n)
                times.append(time.perf_counter() - t)
            sub_times = []
            for q in queries:
                recaller._query_cache.clear()
                t = time.perf_counter()
                recall_subtasks(recaller, q, units, 5, units_key=n)
                sub_times.append(time.perf_counter() - t)
            stepper = StateConditionedRecall(recaller)
            stepper.recall_step("ep", queries[0], BriefState("pick up the mug"), units, 600)
            step_times = []
            for q in queries:
                recaller._query_cache.clear()
                t = time.perf_counter()
                stepper.recall_step("ep", queries[0], BriefState(q[:200]), units, 600,
                                    units_version=None)
                step_times.append(time.perf_counter() - t)
            embed_q = []
            for q in queries:
                t = time.perf_counter()
                embedder.embed_one(q)
                embed_q.append(time.perf_counter() - t)
            result[f"units_{n}"][scorer] = {
                "recall": percentiles(times), "per_subtask": percentiles(sub_times),
                "state_conditioned_step": percentiles(step_times),
                "instruction_embedding_alone": percentiles(embed_q),
                "first_rank_s (embeds all units for the first scorer)": round(warm, 2),
                "loadavg_1_5_15_before_after": [list(load_before), list(os.getloadavg())]}
            print(n, scorer, json.dumps(result[f"units_{n}"][scorer]), flush=True,
                  file=sys.stderr if PEER_CODE else sys.stdout)
    return result


if __name__ == "__main__":
    raise SystemExit(main())
