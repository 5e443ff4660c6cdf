"""Round 78 (lat82, issue 11, part 4): an onnxruntime session variant of the query model against
`Embedder`'s own session, one variant per process (so callgrind and the RSS see one session):

    python bench/recall_model_options_r78.py VARIANT cpu      # per-call thread CPU (us)
    python bench/recall_model_options_r78.py VARIANT calls    # the calls alone (for callgrind)
    python bench/recall_model_options_r78.py VARIANT vectors OUT.npz
    python bench/recall_model_options_r78.py VARIANT rss      # RSS after 1,000 calls (kB)
    python bench/recall_model_options_r78.py VARIANT start    # CPU of the session + 1st call

VARIANT: `float` (the session `Embedder` made on 150783e8: the file's graph, its int8 weights folded
into float32), `no_mem_pattern` (the same without onnxruntime's memory pattern) or `integer` (the
weight products as integer kernels, onnx_graph.py: `Embedder`'s default from round 78). Under
callgrind (`valgrind --tool=callgrind --trace-children=yes --instr-atstart=no`), `calls` turns
the instrumentation on for the timed passes only (`callgrind_control -i on|off`). The calls are
the tune half's steps (bench/recall_human_instructions.yaml), one text per call as a request's
own call is, a warm-up pass then `--passes`; `vectors` also embeds 300 unit texts of the
labelled set (bench/recall_common.py's scenes, seeded), alone and in batches of 32.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import resource
import subprocess
import sys
import time
from pathlib import Path

import numpy as np
import yaml

from memory_node.core.recall.describe import Describer
from memory_node.core.recall.embedder import Embedder

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
VARIANTS = ("float", "no_mem_pattern", "integer")


def embedder_of(variant: str) -> Embedder:
    e = Embedder(intra_op_threads=1, integer_weights=variant == "integer")
    if variant == "no_mem_pattern":
        import onnxruntime as ort

        o = ort.SessionOptions()
        o.intra_op_num_threads = 1
        o.inter_op_num_threads = 1
        o.add_session_config_entry("session.intra_op.allow_spinning", "0")
        o.enable_mem_pattern = False
        e._session = ort.InferenceSession(str(e.model_path), sess_options=o,
                                          providers=["CPUExecutionProvider"])
    return e


def tune_steps() -> list[list[str]]:
    doc = yaml.safe_load((HERE / "recall_human_instructions.yaml").read_text())
    return [[s["text"] for s in i["steps"]] for i in doc["instructions"]
            if i.get("split") == "tune"]


def unit_texts(n: int = 300) -> list[str]:
    import recall_common

    doc = recall_common.load()
    if doc is None:
        raise SystemExit("the labelled set's data is absent (MEMORY_NODE_SHARED_DATA)")
    units = [u for s in doc["scenes"] for u in recall_common.scene_units(s)]
    picked = random.Random(78).sample(units, n)
    d = Describer()
    return [d.describe(u).content for u in picked]


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("variant", choices=VARIANTS)
    ap.add_argument("mode", choices=("cpu", "calls", "vectors", "rss", "start"))
    ap.add_argument("out", nargs="?")
    ap.add_argument("--passes", type=int, default=3)
    a = ap.parse_args()
    steps = [t for lst in tune_steps() for t in lst]
    began, rss0 = time.process_time(), resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    e = embedder_of(a.variant)
    if a.mode == "start":  # what a restart pays before its first recall's model call returns
        e.embed([steps[0]])
        print(json.dumps({"variant": a.variant, "cpu_ms": (time.process_time() - began) * 1e3,
                          "max_rss_growth_kb":
                              resource.getrusage(resource.RUSAGE_SELF).ru_maxrss - rss0}))
        return
    if a.mode == "vectors":
        lists = tune_steps()
        units = unit_texts()
        arrays = {f"list{i}": e.embed(lst) for i, lst in enumerate(lists)}
        arrays["steps_alone"] = np.stack([e.embed([t])[0] for t in steps])
        arrays["units_alone"] = np.stack([e.embed([t])[0] for t in units])
        arrays["units_batched"] = e.embed(units)  # batch_size 32
        np.savez(a.out, **arrays)
        return
    passes = 1000 // len(steps) + 1 if a.mode == "rss" else a.passes
    for t in steps:  # warm-up
        e.embed([t])
    times: list[int] = []
    if a.mode == "calls" and os.environ.get("CALLGRIND_TOGGLE"):
        subprocess.run(["callgrind_control", "-i", "on", str(os.getpid())], check=True)
    for _ in range(passes):
        for t in steps:
            b = time.thread_time_ns()
            e.embed([t])
            times.append(time.thread_time_ns() - b)
    if a.mode == "calls" and os.environ.get("CALLGRIND_TOGGLE"):
        subprocess.run(["callgrind_control", "-i", "off", str(os.getpid())], check=True)
    if a.mode == "cpu":
        print(json.dumps({"variant": a.variant, "calls": len(times),
                          "median_us": float(np.median(times)) / 1e3,
                          "mean_us": float(np.mean(times)) / 1e3}))
    elif a.mode == "rss":
        print(json.dumps({"variant": a.variant, "calls": len(times),
                          "max_rss_kb": resource.getrusage(resource.RUSAGE_SELF).ru_maxrss}))


if __name__ == "__main__":
    main()
