"""Round 42 (issue 11, part 4): the prefetch's background call beside back-to-back requests.

The DDS bench's client sends its whole-instruction requests back to back, with no think
time; after ~1 in 5 of them recall starts the instruction's steps' model call on its
background thread (``recall.prefetch_subtasks``), which then runs beside the next request:
its model run on the model worker, its Python on the request thread, the background run,
on two cores. Here, in one process at 10,000 units, the DDS bench's first two phases as it
sends them (``N`` distinct instructions whole, then the first half again per subtask as
"<text>, then tidy up"), per arm in a child process of its own, the arms alternating by
round:

* ``nice0``: the background thread at niceness 0 (round 24's setting);
* ``nice19``: at 19 (``model_worker.BACKGROUND_NICE``), below the requests' threads;
* ``off``: no prefetch (``recall.prefetch_subtasks`` false): no background call at all;
* with ``--gate-code DIR`` (a checkout with ``recall_prefetch_gate_r42.patch`` applied):
  ``gate``, a request's model run stops a running background run (onnxruntime's terminate
  flag), which starts again once no request's run is running; ``gate_once``, stopped at
  most once per call (``SCALE42_MAX_STOPS=1``).

Per arm and round: the instruction requests' wall and thread CPU p50 / p90 / p99, the same
for the requests that landed while a background call was pending and for the rest, the
per-subtask requests' wall and how many texts they embedded (the prefetch's use).

    .venv/bin/python bench/recall_prefetch_backtoback.py [--rounds 2] [--requests 200]
        [--arms nice0,nice19,off[,gate,gate_once] --gate-code DIR] [--out NAME]
        # -> bench/results/<NAME>.json
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import time
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parent))

ARMS = ("nice0", "nice19", "off", "gate", "gate_once")


def _pcts(xs: list[float]) -> list[float]:
    if not xs:
        return []
    return [round(float(np.percentile(xs, q)), 2) for q in (50, 90, 99)]


def child(arm: str, requests: int) -> dict:
    from recall_common import loaded_recall

    from memory_node.core.recall import model_worker
    from memory_node.core.recall.settings import RecallSettings
    from memory_node.nodes.heap import HeapSettler

    # Before the background worker exists: its thread takes the niceness when it starts.
    model_worker.BACKGROUND_NICE = 19 if arm == "nice19" else 0
    loaded = loaded_recall(10_000, RecallSettings(prefetch_subtasks=arm != "off"))
    if loaded is None:
        return {}
    rm, texts, rng = loaded
    recaller = rm._ensure()
    HeapSettler(settles_only=True).settle()  # as the server's start does
    rm.recall("bring me the mug from the kitchen", 5, 600)  # the DDS bench's first recall
    recaller.wait_for_prefetch(5.0)
    instructions = rng.sample(texts, min(requests, len(texts)))

    def pending() -> bool:
        return any(not j.done and not j.failed for j, _ in list(recaller._prefetching.values()))

    rows = []
    for text in instructions:  # back to back, as the DDS client sends them
        landed = pending()
        w, c = time.perf_counter(), time.thread_time()
        rm.recall(text, 5, 600)
        rows.append(((time.perf_counter() - w) * 1e3, (time.thread_time() - c) * 1e3, landed))
    sub, embedded = [], 0
    for text in instructions[:len(instructions) // 2]:
        before = recaller.query_texts_embedded
        w = time.perf_counter()
        rm.recall(f"{text}, then tidy up", 5, 600, per_subtask=True)
        sub.append((time.perf_counter() - w) * 1e3)
        embedded += recaller.query_texts_embedded - before
    return {
        "instruction_wall": _pcts([r[0] for r in rows]),
        "instruction_cpu": _pcts([r[1] for r in rows]),
        "landed_on_pending_wall": _pcts([r[0] for r in rows if r[2]]),
        "landed_on_pending_n": sum(1 for r in rows if r[2]),
        "not_pending_wall": _pcts([r[0] for r in rows if not r[2]]),
        "subtask_wall": _pcts(sub), "subtask_texts_embedded": embedded,
        "prefetched": recaller.query_texts_prefetched,
        "prefetch_used": recaller.query_texts_prefetch_used,
        "background_runs_stopped": getattr(model_worker, "background_runs_stopped", None),
        "background_stopped_s": round(getattr(model_worker, "background_stopped_s", 0.0), 3)}


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--rounds", type=int, default=2)
    ap.add_argument("--requests", type=int, default=200)
    ap.add_argument("--arms", default=",".join(ARMS))
    ap.add_argument("--out", default="recall_prefetch_backtoback")
    ap.add_argument("--gate-code", default="")
    ap.add_argument("--child", default="")
    args = ap.parse_args()
    if args.child:
        print(json.dumps(child(args.child, args.requests)))
        return 0
    from recall_common import save_result

    arms = [a for a in args.arms.split(",") if a]
    for a in arms:
        if a not in ARMS or (a.startswith("gate") and not args.gate_code):
            raise SystemExit(f"unknown arm {a!r}; arms: {', '.join(ARMS)} (gate: --gate-code)")
    runs = []
    for r in range(args.rounds):
        for arm in arms[r % len(arms):] + arms[:r % len(arms)]:  # rotated per round
            load = os.getloadavg()
            env = dict(os.environ)
            if arm.startswith("gate"):
                env["RECALL_BENCH_CODE"] = str(Path(args.gate_code).resolve())
                env["SCALE42_MAX_STOPS"] = "1" if arm == "gate_once" else "1000000"
            proc = subprocess.run([sys.executable, __file__, "--child", arm,
                                   "--requests", str(args.requests)],
                                  capture_output=True, text=True, check=True, env=env)
            res = json.loads(proc.stdout.strip().splitlines()[-1])
            if not res:
                print("skip: AI2-THOR rearrangement data absent")
                return 0
            res |= {"arm": arm, "round": r, "loadavg_before_after": [load, os.getloadavg()]}
            print(json.dumps(res), flush=True)
            runs.append(res)
    print(f"wrote {save_result(args.out, {'requests': args.requests, 'runs': runs})}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
