"""Full (generation-2) garbage collections over the DDS bench's requests, per heap policy.

The DDS benchmark's servers count the full collections inside requests
(`recall.gc_in_requests.<kind>.gen2`, `heap.full_collections`); this says what they walked
and what they found, in one process per policy: the DDS bench's 10,000-unit memory and
request sequence (`recall_rank_cost.build`, with `--calls` instructions), the memory
opened as the server opens it (`served_memory`: preload, one full collection, freeze), then
every request through `RecallMemory.recall`. Per full collection the interpreter starts:
the request it fell in, the objects generation 2 held (`gc.get_objects(2)`, counted in the
collection's start hook, before its CPU is timed), its CPU (`time.thread_time`) and what
it collected. At the end, generation 2's size and one explicit full collection of it
(what a settle would find there, without unfreezing).

Policies (each in its own process; the collector's state is the process's):

* ``base``: the interpreter's own thresholds (main's server before round 29);
* ``first``: also `gc.freeze()` after the first recall (its objects out of later walks);
* ``survivors``: `gc.freeze()` at the end of every automatic full collection (what it
  found alive is out of the next one's walk);
* ``settles_only``: the server's `HeapSettler(settles_only=True)` (round 29's default):
  no automatic full collection between settles.

    .venv/bin/python bench/recall_gc_full.py [--calls N] [--policies a,b] [--out NAME]
        # -> bench/results/<NAME>.json (default recall_gc_full)
"""

from __future__ import annotations

import collections
import gc
import json
import os
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
import recall_rank_cost as rrc  # noqa: E402
from recall_common import load, save_result, served_memory  # noqa: E402

POLICIES = ("base", "first", "survivors", "settles_only")
ARGV = sys.argv[1:]


def _arg(name: str, default: str) -> str:
    return ARGV[ARGV.index(name) + 1] if name in ARGV else default


def child(memory_dir: Path, requests: list[dict], policy: str) -> dict:
    from memory_node.core.recall_memory import brief_from_fields
    from memory_node.nodes.heap import HeapSettler

    m = served_memory(memory_dir)
    settler = HeapSettler(settles_only=policy == "settles_only")
    events: list[dict] = []
    now: dict = {"request": -1}

    def on_collection(phase: str, info: dict) -> None:
        if info["generation"] != 2:
            return
        if phase == "start":
            objects = gc.get_objects(generation=2)
            now["objects"] = len(objects)
            now["types"] = collections.Counter(type(o).__name__ for o in objects).most_common(6)
            del objects
            now["cpu"] = time.thread_time()
            return
        events.append({"request": now["request"], "kind": now.get("kind"),
                       "gen2_objects": now["objects"], "types": now["types"],
                       "cpu_ms": round((time.thread_time() - now["cpu"]) * 1e3, 2),
                       "collected": info["collected"]})
        if policy == "survivors":
            gc.freeze()

    gc.callbacks.append(on_collection)
    try:
        rm = m.recall
        rm.recall("bring me the mug from the kitchen", rrc.K, rrc.BUDGET)  # the first recall
        if policy == "first":
            gc.freeze()
        for i, req in enumerate(requests):
            now["request"] = i
            now["kind"] = ("step" if req["subgoal"] else
                           "subtask" if req["per_subtask"] else "instruction")
            brief = (brief_from_fields(req["subgoal"][:500], robot_area="kitchen")
                     if req["subgoal"] else None)
            rm.recall(req["text"], req["k"], rrc.BUDGET, req["episode"], brief,
                      per_subtask=req["per_subtask"])
    finally:
        gc.callbacks.remove(on_collection)
    left = len(gc.get_objects(generation=2))
    t = time.thread_time()
    found = gc.collect()
    out = {"policy": policy, "requests": len(requests), "full_collections": events,
           "gen2_objects_at_end": left, "end_full_collection": {
               "collected": found, "cpu_ms": round((time.thread_time() - t) * 1e3, 2)},
           "frozen_objects": gc.get_freeze_count(), "gc_stats": gc.get_stats()}
    settler.close()
    m.close()
    return out


def main() -> int:
    if "--child" in ARGV:
        memory_dir = Path(_arg("--dir", ""))
        requests = json.loads((memory_dir / "requests.json").read_text())
        print(json.dumps(child(memory_dir, requests, _arg("--policy", "base"))))
        return 0
    if load() is None:
        print("skip: AI2-THOR rearrangement data absent; the labelled set is generated from it")
        return 0
    calls = int(_arg("--calls", "480"))  # the labelled set holds 498 distinct texts
    policies = _arg("--policies", ",".join(POLICIES)).split(",")
    rrc.CALLS, rrc.EPISODES = calls, max(4, calls // 4)
    result: dict = {"units": 10_000, "calls": calls, "episodes": rrc.EPISODES, "runs": []}
    with tempfile.TemporaryDirectory(prefix="recall_gc_full_") as tmp:
        memory_dir = Path(tmp) / "memory"
        memory_dir.mkdir()
        (memory_dir / "requests.json").write_text(json.dumps(rrc.build(memory_dir)))
        for policy in policies:
            run_dir = Path(tmp) / policy  # each on a fresh copy: a run stores derived rows
            shutil.copytree(memory_dir, run_dir)
            load_before = os.getloadavg()
            proc = subprocess.run(
                [sys.executable, str(Path(__file__).resolve()), "--child", "--dir",
                 str(run_dir), "--policy", policy], capture_output=True, text=True)
            if proc.returncode:
                raise RuntimeError(proc.stderr[-3000:])
            run = json.loads(proc.stdout.strip().splitlines()[-1])
            run["loadavg_before_after"] = [load_before, os.getloadavg()]
            result["runs"].append(run)
            print(policy, [(e["request"], e["kind"], e["gen2_objects"], e["cpu_ms"],
                            e["collected"]) for e in run["full_collections"]],
                  run["gen2_objects_at_end"], run["end_full_collection"], flush=True)
    out = save_result(_arg("--out", "recall_gc_full"), result)
    print(f"wrote {out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
