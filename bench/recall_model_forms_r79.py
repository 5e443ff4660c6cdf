"""Round 79 (lat83, issue 11, part 4): the query model's integer forms (onnx_graph.py) against
the file's float graph.

``forms``: which rewrite moves the vectors least -- cosine of each form's vectors to the float
graph's over the decision texts (the tune half's and blind 1-18, 22-67's instructions and hand
steps, and the unit texts of their rooms as recall describes them), and a rough per-call CPU
(thread CPU median of the tune-half steps one at a time) of each form and of the float graph in
the same process. ``cpu`` / ``start`` / ``rss``: one process of one arm for the keep rule's
pooled CPU, restart and RSS clauses (run alternately by ``recall_model_forms_r79.sh``).

    PYTHONPATH=$PWD .venv/bin/python bench/recall_model_forms_r79.py forms --graph-dir D --out F
    PYTHONPATH=$PWD .venv/bin/python bench/recall_model_forms_r79.py cpu integer --graph-dir DIR
"""

from __future__ import annotations

import argparse
import json
import resource
import sys
import time
from pathlib import Path

import numpy as np
import yaml

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

from memory_node.core.recall.embedder import Embedder  # noqa: E402
from memory_node.core.recall.onnx_graph import (  # noqa: E402
    DEFAULT_FORM,
    FEED_FORWARD,
    FIRST_LAYER,
    IntegerForm,
)

DECISION = ["tune", *map(str, range(1, 19)), *map(str, range(22, 68))]
FORMS = {"F0_block32": IntegerForm(32), "F1_block16": IntegerForm(16),
         "F2_block32_first_layer_float": IntegerForm(32, FIRST_LAYER),
         "F3_block32_feed_forward_float": IntegerForm(32, FEED_FORWARD)}


def tune_steps() -> list[str]:
    doc = yaml.safe_load((HERE / "recall_human_instructions.yaml").read_text())
    return [s["text"] for i in doc["instructions"] if i.get("split") == "tune" for s in i["steps"]]


def decision_texts() -> tuple[list[str], list[str]]:
    """The decision sets' instruction and hand-step texts, and their rooms' unit texts."""
    import recall_human as rh
    from recall_switch_probe import load_set

    from memory_node.core.recall.describe import Describer

    queries: list[str] = []
    rooms: set[str] = set()
    for s in DECISION:
        for it in load_set(s):
            queries += [it["text"], *(st["text"] for st in it["steps"])]
            rooms.add(it["room"])
    plans = rh.rearrangement_rooms()
    d = Describer()
    units = [d.describe(u).content for fp in sorted(rooms)
             for u in rh.room_units(fp, plans[fp][0])]
    return sorted(set(queries)), sorted(set(units))


def per_call_us(e: Embedder, steps: list[str], passes: int) -> list[float]:
    for t in steps:  # warm-up
        e.embed([t])
    times = []
    for _ in range(passes):
        for t in steps:
            b = time.thread_time_ns()
            e.embed([t])
            times.append((time.thread_time_ns() - b) / 1e3)
    return times


def cosines(a: np.ndarray, b: np.ndarray) -> dict:
    c = (a * b).sum(axis=1)
    return {"median": float(np.median(c)), "p01": float(np.quantile(c, 0.01)),
            "min": float(c.min()), "n": int(len(c))}


# Every QUERY_STRIDE-th decision query (sorted, deduplicated): all 11,678 through five graphs
# cost ~80 min of CPU at load 20 (README_recall.md, round 79).
QUERY_STRIDE = 20


def forms(graph_dir: Path, out: Path) -> None:
    queries, units = decision_texts()
    queries = queries[::QUERY_STRIDE]
    steps = tune_steps()
    floated = Embedder(intra_op_threads=1, integer_form=None)
    ref_q, ref_u = floated.embed(queries), floated.embed(units)
    res: dict = {"queries": len(queries), "query_stride": QUERY_STRIDE, "units": len(units),
                 "forms": {}}
    for name, form in FORMS.items():
        e = Embedder(intra_op_threads=1, integer_form=form, graph_dir=graph_dir)
        q, u = e.embed(queries), e.embed(units)
        both = cosines(np.vstack([q, u]), np.vstack([ref_q, ref_u]))
        f_cpu = float(np.median(per_call_us(floated, steps, 1)))
        i_cpu = float(np.median(per_call_us(e, steps, 1)))
        res["forms"][name] = {"form": form.name, "cosine": both,
                              "cosine_queries": cosines(q, ref_q),
                              "cosine_units": cosines(u, ref_u),
                              "rough_cpu_us": i_cpu, "float_cpu_us": f_cpu,
                              "rough_ratio": i_cpu / f_cpu}
        print(name, json.dumps(res["forms"][name]), flush=True)
    out.write_text(json.dumps(res, indent=1))


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("mode", choices=("forms", "cpu", "start", "rss"))
    ap.add_argument("variant", nargs="?", choices=("float", "integer"), default="integer")
    ap.add_argument("--graph-dir", type=Path, required=True)
    ap.add_argument("--out", type=Path)
    ap.add_argument("--passes", type=int, default=3)
    a = ap.parse_args()
    if a.mode == "forms":
        forms(a.graph_dir, a.out)
        return
    steps = tune_steps()
    began, rss0 = time.process_time(), resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    e = Embedder(intra_op_threads=1, graph_dir=a.graph_dir,
                 integer_form=DEFAULT_FORM if a.variant == "integer" else None)
    if a.mode == "start":  # what a restart pays before its first recall's model call returns
        e.embed([steps[0]])
        _ = e.model_id  # a server's store reads it at start
        print(json.dumps({"variant": a.variant, "graph": e.graph,
                          "cpu_ms": (time.process_time() - began) * 1e3,
                          "max_rss_growth_kb":
                              resource.getrusage(resource.RUSAGE_SELF).ru_maxrss - rss0}))
        return
    passes = 1000 // len(steps) + 1 if a.mode == "rss" else a.passes
    times = per_call_us(e, steps, passes)
    print(json.dumps({"variant": a.variant, "graph": e.graph, "calls": len(times),
                      "median_us": float(np.median(times)),
                      "max_rss_kb": resource.getrusage(resource.RUSAGE_SELF).ru_maxrss,
                      **({"times_us": [round(t, 1) for t in times]} if a.mode == "cpu" else {})}))


if __name__ == "__main__":
    main()
