"""Hand-offs and wake-ups on a recall request's path, per thread (round 61, issue 11 part 4).

Reads the raw server records of ``bench/recall_dds_latency.py`` run with
``RECALL_BENCH_SPLIT=deep RECALL_BENCH_SWITCHES=1 RECALL_BENCH_SPLIT_RAW=DIR``: each served
request's record then holds every task of the server process (its Python threads and the
middleware's) at the callback's start and end: voluntary context switches (a block: an
Event, a lock, the GIL's condition, a DDS wait, each one a later wake-up), involuntary ones
(preempted), CPU ns, run-queue ns and times on a core (Linux /proc/self/task/*/{status,
schedstat}). Per server and request kind (the stages the callback timed say which), the
median and p99 over requests of: the handler thread's blocks and preemptions inside the
callback, each other thread's blocks, CPU and run-queue wait in the same window (by thread
name), and the handler's stages. Counts, not times: the machine's load moves them little.

    .venv/bin/python bench/recall_handoffs_r61.py DIR [--kind instruction] [--out NAME]
"""

from __future__ import annotations

import argparse
import json
import re
import sys
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parent))
from recall_common import save_result  # noqa: E402


def _kind(record: dict) -> str:
    for name, *_ in record.get("stages") or []:
        if name.endswith(".total"):
            return name.split(".", 1)[0]
    return ""


def _thread_class(task: str) -> str:
    """A task's name without its tid and pool index (recall-model_0/123 -> recall-model)."""
    name = task.rsplit("/", 1)[0]
    return re.sub(r"[_-]?\d+$", "", name) or name


def summarise(path: Path, kind: str) -> dict:
    rows = [json.loads(x) for x in path.read_text().splitlines() if x.strip()]
    recs = [r for r in rows if r.get("k") == "srv" and r.get("sw") and _kind(r) == kind]
    handler: dict[str, list[float]] = {"blocks": [], "preempted": [], "cpu_ms": [],
                                       "runqueue_ms": [], "wall_ms": []}
    others: dict[str, dict[str, list[float]]] = {}
    for r in recs:
        before, after = r["sw"]
        own = [t for t in after if t.endswith(f"/{r['tid']}")]
        for task, a in after.items():
            b = before.get(task)
            if b is None:
                continue
            d = [x - y for x, y in zip(a, b, strict=True)]
            if own and task == own[0]:
                handler["blocks"].append(d[0])
                handler["preempted"].append(d[1])
                handler["cpu_ms"].append(d[2] / 1e6)
                handler["runqueue_ms"].append(d[3] / 1e6)
                handler["wall_ms"].append((r["cb1"] - r["cb0"]) / 1e6)
                continue
            o = others.setdefault(_thread_class(task), {"blocks": [], "preempted": [],
                                                        "cpu_ms": [], "runqueue_ms": []})
            o["blocks"].append(d[0])
            o["preempted"].append(d[1])
            o["cpu_ms"].append(d[2] / 1e6)
            o["runqueue_ms"].append(d[3] / 1e6)
    n = len(handler["wall_ms"])

    def stats(values: list[float]) -> dict:
        a = np.asarray(values, dtype=float)
        if not len(a):
            return {}
        return {"median": round(float(np.median(a)), 3),
                "p99": round(float(np.percentile(a, 99)), 3), "mean": round(float(a.mean()), 3)}

    per_thread = {}
    for name, o in sorted(others.items()):
        # Several tasks of one class in one window: the sums per request.
        k = max(1, len(o["blocks"]) // max(1, n))
        summed = {key: [sum(v[i:i + k]) for i in range(0, len(v), k)] for key, v in o.items()}
        if max(summed["blocks"] + [0]) == 0 and max(summed["cpu_ms"] + [0]) < 0.05:
            continue
        per_thread[name] = {"tasks": k} | {key: stats(v) for key, v in summed.items()}
    return {"records": path.name, "kind": kind, "requests": n,
            "handler_thread": {key: stats(v) for key, v in handler.items()},
            "other_threads_in_the_callback": per_thread}


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("raw", type=Path)
    ap.add_argument("--kind", default="instruction")
    ap.add_argument("--out", default="")
    args = ap.parse_args()
    out = {"kind": args.kind, "servers": [summarise(p, args.kind)
                                          for p in sorted(args.raw.glob("*_server.jsonl"))]}
    for s in out["servers"]:
        h = s["handler_thread"]
        print(f"{s['records']}: {s['requests']} {args.kind} requests; handler blocks "
              f"{h['blocks']} preempted {h['preempted']} cpu_ms {h['cpu_ms']} "
              f"runqueue_ms {h['runqueue_ms']} wall_ms {h['wall_ms']}")
        for name, t in s["other_threads_in_the_callback"].items():
            print(f"   {name} (x{t['tasks']}): blocks {t['blocks']} cpu_ms {t['cpu_ms']} "
                  f"runqueue_ms {t['runqueue_ms']}")
    if args.out:
        save_result(args.out, out)
    return 0


if __name__ == "__main__":
    sys.exit(main())
