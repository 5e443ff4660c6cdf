"""Round 38 (issue 11, part 4): one against two onnxruntime intra-op threads for a query
call, in one process, calls alternated so both meet the same load.

Two ``Embedder`` sessions of the packaged model (``intra_op_threads`` 1 and 2; the pool
does not spin between calls, round 36's default), each text embedded as the per-subtask
recall embeds a step ("pick up what is needed to <text>"), in the order 1, 2, 2, 1 (the
next text 2, 1, 1, 2). Per call: the process CPU (all threads, ``time.process_time``) and
the wall; the two sessions' vectors are compared bit for bit. The texts are the hand-written
set's tune half (its instructions and their steps); the held-out half is never read.

    .venv/bin/python bench/embed_threads_ab.py [--out NAME]   # -> bench/results/<NAME>.json
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import time
from pathlib import Path

import numpy as np
import yaml

sys.path.insert(0, str(Path(__file__).resolve().parent))

from recall_common import save_result  # noqa: E402

from memory_node.core.recall.embedder import Embedder  # noqa: E402

SET = Path(__file__).resolve().parent / "recall_human_instructions.yaml"


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--out", default="embed_threads_ab")
    args = ap.parse_args()
    texts: list[str] = []
    for ins in yaml.safe_load(SET.read_text())["instructions"]:
        if ins.get("split") != "tune":  # the held-out half is report-only
            continue
        texts.append(ins["text"])
        texts.extend(step["text"] for step in ins.get("steps", []))
    texts = list(dict.fromkeys(texts))
    sessions = {1: Embedder(intra_op_threads=1), 2: Embedder(intra_op_threads=2)}
    for text in texts[:5]:  # first calls allocate
        for e in sessions.values():
            e.embed([text])
    cpu: dict[int, list[float]] = {1: [], 2: []}
    wall: dict[int, list[float]] = {1: [], 2: []}
    equal = 0
    load = os.getloadavg()
    for j, text in enumerate(texts):
        vectors = {}
        for n in ((1, 2, 2, 1) if j % 2 == 0 else (2, 1, 1, 2)):
            c, w = time.process_time(), time.perf_counter()
            vectors[n] = sessions[n].embed([f"pick up what is needed to {text}"])
            cpu[n].append((time.process_time() - c) * 1e3)
            wall[n].append((time.perf_counter() - w) * 1e3)
        equal += bool(np.array_equal(vectors[1], vectors[2]))
    out: dict = {"texts": len(texts), "calls_per_variant": len(cpu[1]),
                 "vectors_bit_equal": f"{equal}/{len(texts)}",
                 "loadavg_before_after": [load, os.getloadavg()]}
    for n in (1, 2):
        out[f"threads_{n}"] = {
            "process_cpu_ms_p50_p90": [round(float(np.percentile(cpu[n], q)), 3) for q in (50, 90)],
            "process_cpu_ms_sum": round(sum(cpu[n]), 1),
            "wall_ms_p50_p90_p99": [round(float(np.percentile(wall[n], q)), 3)
                                    for q in (50, 90, 99)]}
    out["two_over_one_cpu_sum"] = round(sum(cpu[2]) / sum(cpu[1]), 3)
    out["two_over_one_wall_per_call_p50"] = round(
        float(np.median(np.array(wall[2]) / np.array(wall[1]))), 3)
    print(json.dumps(out))
    print("wrote", save_result(args.out, out))
    return 0


if __name__ == "__main__":
    sys.exit(main())
