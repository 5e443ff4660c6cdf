"""Round 24 (issue 11, part 4): does the background prefetch delay the requests it runs beside?

The whole-instruction request starts its steps' model call on a background thread
(model_worker.submit_background, `recall.prefetch_subtasks`); the next request may arrive
while it runs. It shares the two cores and the GIL (onnxruntime and the tokenizer release
it; the call's few numpy lines hold it). Here, in one process with a 10,000-unit memory,
per-subtask requests whose texts are all cached (no model call of their own: what the
prefetch is for) are timed with and without a background call of 8 long new texts
started just before each, at the background thread's niceness 19 (the default) and at 0,
alternating request by request (the blocks rotate, so all three see the same load):

* ``none``: no background call;
* ``nice19`` / ``nice0``: a background call started just before the request.

Per variant: the request's wall and thread-CPU p50/p90/p99 and the share of requests
that ended while the background call was still running (it overlapped all of them).

    .venv/bin/python bench/recall_prefetch_interference.py [--units N] [--requests N] [--out NAME]
"""

from __future__ import annotations

import argparse
import os
import time

import numpy as np
from recall_common import loaded_recall, save_result

from memory_node.core.recall import model_worker
from memory_node.core.recall.settings import RecallSettings

VARIANTS = ("none", "nice19", "nice0")


def _pool_at(nice: int) -> None:
    """A new background worker at this niceness (its thread sets it when it starts)."""
    if model_worker._BACKGROUND is not None:
        model_worker._BACKGROUND.shutdown(wait=True)
    model_worker._BACKGROUND = None
    model_worker.BACKGROUND_NICE = nice


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--units", type=int, default=10_000)
    ap.add_argument("--requests", type=int, default=240)
    ap.add_argument("--out", default="recall_prefetch_interference")
    args = ap.parse_args()
    loaded = loaded_recall(args.units, RecallSettings(prefetch_subtasks=False))
    if loaded is None:
        print("skip: AI2-THOR rearrangement data absent")
        return 0
    rm, texts, rng = loaded
    asked = rng.sample(texts, 40)
    for t in asked:  # every text and its words cached: the timed requests call no model
        rm.recall(t, 5, 600, per_subtask=True)
    recaller = rm._ensure()
    long_texts = [t for t in texts if len(t) > 60] or texts
    rows: dict[str, dict[str, list[float]]] = {v: {"wall": [], "cpu": [], "overlap": []}
                                               for v in VARIANTS}
    load_before = os.getloadavg()
    n_new = 0
    for i in range(args.requests):
        v = VARIANTS[(i + i // len(VARIANTS)) % len(VARIANTS)]
        job = None
        if v != "none":
            _pool_at(19 if v == "nice19" else 0)
            # New texts each time (never cached): 8 long instructions with a counter.
            batch = [f"{rng.choice(long_texts)} ({n_new + j})" for j in range(8)]
            n_new += 8
            recaller.prefetch_queries(batch)
            job = recaller._prefetching[batch[0]][0]
        w, c = time.perf_counter(), time.thread_time()
        rm.recall(asked[i % len(asked)], 5, 600, per_subtask=True)
        c, w = time.thread_time() - c, time.perf_counter() - w
        rows[v]["wall"].append(w * 1e3)
        rows[v]["cpu"].append(c * 1e3)
        if job is not None:
            rows[v]["overlap"].append(0.0 if job.done else 1.0)
            job.wait()
    out: dict = {"units": args.units, "requests": args.requests,
                 "loadavg_before_after": [load_before, os.getloadavg()], "variants": {}}
    for v in VARIANTS:
        r = rows[v]
        out["variants"][v] = {
            "n": len(r["wall"]),
            "wall_ms_p50_p90_p99": [round(float(np.percentile(r["wall"], q)), 2)
                                    for q in (50, 90, 99)],
            "cpu_ms_p50_p90_p99": [round(float(np.percentile(r["cpu"], q)), 2)
                                   for q in (50, 90, 99)],
            "share_still_running_at_the_end": (round(float(np.mean(r["overlap"])), 3)
                                               if r["overlap"] else None)}
        print(v, out["variants"][v])
    print(f"wrote {save_result(args.out, out, indent=2)}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
