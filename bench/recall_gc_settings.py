"""Round 24 (issue 11, part 4): does a garbage-collector setting cut recall's tail?

In one process, a 10,000-unit memory's recall (RecallMemory.recall, the server's request
path without DDS) answers the DDS bench's kinds of request: each of the labelled set's
distinct instructions once whole, then once per subtask (``"<text>, then tidy up"``).
Between requests the collector's setting rotates among the variants, so every variant
sees the same load, the same mix of first-use words and a third of the texts:

* ``default``: the interpreter's thresholds (700, 10, 10), the heap frozen after the
  preload as the server does (``gc.freeze``);
* ``raised``: thresholds (10_000, 20, 100): fewer young collections, each walking more;
* ``off_in_request``: the collector disabled for the request and one young collection
  after it (what a service could do around each callback).

Per variant: the request's thread CPU p50/p99 (``time.thread_time``: what the request
paid, whatever the load), its wall p50/p99, and the collections that ran inside requests
(count, CPU max). The query model runs inline (overlap_model's worker would mix the
worker's CPU into neither), so the CPU figures include it.

    .venv/bin/python bench/recall_gc_settings.py [--units N] [--out NAME]
        # -> results/NAME.json (default recall_gc_settings)
"""

from __future__ import annotations

import argparse
import gc
import os
import time
from dataclasses import replace

import numpy as np
from recall_common import loaded_recall, save_result

from memory_node.core.recall.settings import RecallSettings

VARIANTS = {"default": (700, 10, 10), "raised": (10_000, 20, 100), "off_in_request": None}


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--units", type=int, default=10_000)
    ap.add_argument("--out", default="recall_gc_settings")
    args = ap.parse_args()
    loaded = loaded_recall(args.units, RecallSettings(prefetch_subtasks=False), shuffle_texts=True)
    if loaded is None:
        print("skip: AI2-THOR rearrangement data absent")
        return 0
    rm, texts, rng = loaded
    rm.recall("bring me the mug from the kitchen", 5, 600)  # unit vectors embedded here
    rm._ensure().config = replace(rm._ensure().config, overlap_model=False)
    gc.collect()
    gc.freeze()

    inside: dict[str, list[float]] = {v: [] for v in VARIANTS}
    current: list[str] = []
    began: list[float] = [0.0]

    def on_gc(phase: str, info: dict) -> None:
        if not current:
            return
        if phase == "start":
            began[0] = time.thread_time()
        else:
            inside[current[0]].append(1e3 * (time.thread_time() - began[0]))

    gc.callbacks.append(on_gc)
    rows: dict[str, dict[str, list[float]]] = {v: {"cpu": [], "wall": []} for v in VARIANTS}
    names = list(VARIANTS)
    requests = [(t, False) for t in texts] + [(f"{t}, then tidy up", True) for t in texts]
    load_before = os.getloadavg()
    for i, (text, per_subtask) in enumerate(requests):
        v = names[i % len(names)]
        thresholds = VARIANTS[v]
        if thresholds is None:
            gc.disable()
        else:
            gc.set_threshold(*thresholds)
        current[:] = [v]
        w, c = time.perf_counter(), time.thread_time()
        rm.recall(text, 5, 600, per_subtask=per_subtask)
        c, w = time.thread_time() - c, time.perf_counter() - w
        current.clear()
        if thresholds is None:
            gc.enable()
            gc.collect(0)
        rows[v]["cpu"].append(c * 1e3)
        rows[v]["wall"].append(w * 1e3)
    gc.callbacks.remove(on_gc)
    gc.set_threshold(*VARIANTS["default"])
    out: dict = {"units": args.units, "requests": len(requests),
                 "loadavg_before_after": [load_before, os.getloadavg()], "variants": {}}
    for v in names:
        cpu, wall = np.array(rows[v]["cpu"]), np.array(rows[v]["wall"])
        out["variants"][v] = {
            "thresholds": VARIANTS[v], "n": len(cpu),
            "cpu_ms_p50_p90_p99": [round(float(np.percentile(cpu, q)), 2) for q in (50, 90, 99)],
            "wall_ms_p50_p90_p99": [round(float(np.percentile(wall, q)), 2)
                                    for q in (50, 90, 99)],
            "collections_inside": len(inside[v]),
            "collection_cpu_ms_max": round(max(inside[v], default=0.0), 2),
            "collection_cpu_ms_sum": round(sum(inside[v]), 1)}
        print(v, out["variants"][v])
    print(f"wrote {save_result(args.out, out, indent=2)}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
