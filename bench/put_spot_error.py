"""How far memory's estimate of where a put object stands is from where the world's arm set
it down, on the in-process path (the memory core, the planner core and the world's skill
logic; a geometric camera).

    .venv/bin/python bench/put_spot_error.py --plans 7,9,11 --length 10 --out put_spot_error
    -> bench/results/<out>.json

For every successful `put(object, receptacle, on)` of the memory arm ("full") on one
10-task stream per floor plan (`streams.generate`, seed = plan, as tasks_layout_sweep.py):
the horizontal distance between the object's unit right after the outcome (what
`record_outcome` returned: memory's estimate, before any camera frame corrects it) and the
world object. Floor plans: only the tuning split of the layout sweep (never-used, odd).
Main's code runs the same script with `PYTHONPATH=<main's tree>` first on the path.
"""

from __future__ import annotations

import argparse
import json
import math
import os
import statistics
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
if not os.environ.get("PYTHONPATH"):
    sys.path.insert(0, str(ROOT))

from environment import with_environment  # noqa: E402

from memory_node.core.recall.embedder import Embedder  # noqa: E402
from memory_node.sim.tasks import inprocess  # noqa: E402
from memory_node.sim.tasks.driver import run_suite  # noqa: E402
from memory_node.sim.tasks.inprocess import (  # noqa: E402
    InProcessSettings,
    InProcessStack,
    reachable_in,
)
from memory_node.sim.tasks.records import Run  # noqa: E402
from memory_node.sim.tasks.streams import StreamSettings, generate  # noqa: E402

RESULTS = ROOT / "bench" / "results"


def measure(plan: int, length: int, embedder: Embedder) -> list[dict]:
    errors: list[dict] = []
    stack = InProcessStack(InProcessSettings(ablation="full", seed=0), embedder=embedder)
    held: dict[str, str] = {}
    execute = stack.execute

    def watched_execute(call, targets, episode_id, timeout_s, cancel):  # noqa: ANN001, ANN202
        assert stack.world is not None
        held["world_id"] = stack.world.robot.held or ""
        return execute(call, targets, episode_id, timeout_s, cancel)

    stack.execute = watched_execute  # type: ignore[method-assign]
    record = inprocess._RecordingPort.record_outcome

    def watched_record(self, episode_id, call, result):  # noqa: ANN001, ANN202
        changed = record(self, episode_id, call, result)
        if call.skill == "put" and result.success and held.get("world_id"):
            obj = stack.world.objects[held["world_id"]]  # type: ignore[union-attr]
            unit = next((u for u in changed if u.object_id == call.args[0]), None)
            if unit is not None and obj.relation == "on":
                rec = stack.world.objects[obj.parent]  # type: ignore[union-attr]
                errors.append({
                    "plan": plan, "receptacle": rec.type, "yaw": round(rec.yaw, 3),
                    "size": [round(float(v), 2) for v in rec.size],
                    "error_m": round(math.dist(unit.position[:2], obj.position[:2]), 3)})
        return changed

    inprocess._RecordingPort.record_outcome = watched_record  # type: ignore[method-assign]
    try:
        suite = generate(StreamSettings(floor_plan=plan, length=length, seed=plan),
                         reachable=reachable_in(plan, 0))
        run_suite(suite, stack, Run(meta={}))  # type: ignore[arg-type]
        stack.end_sequence()
    finally:
        inprocess._RecordingPort.record_outcome = record  # type: ignore[method-assign]
    return errors


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--plans", default="7,9,11,15,17,19,21,23")
    ap.add_argument("--length", type=int, default=10)
    ap.add_argument("--out", default="")
    a = ap.parse_args()
    embedder = Embedder()
    rows: list[dict] = []
    for plan in (int(p) for p in a.plans.split(",")):
        try:
            rows += measure(plan, a.length, embedder)
        except ValueError as exc:   # too few objects for the stream
            print(f"plan {plan}: {exc}")
    errs = sorted(r["error_m"] for r in rows)
    turned = [r["error_m"] for r in rows if abs(math.sin(r["yaw"])) > 0.5]
    summary = {"puts_on": len(errs),
               "median_m": statistics.median(errs) if errs else None,
               "p90_m": errs[int(0.9 * (len(errs) - 1))] if errs else None,
               "max_m": errs[-1] if errs else None,
               "over_0_3_m": sum(e > 0.3 for e in errs),
               "turned_receptacles": len(turned),
               "turned_median_m": statistics.median(turned) if turned else None}
    print(json.dumps(summary))
    if a.out:
        RESULTS.mkdir(parents=True, exist_ok=True)
        (RESULTS / f"{a.out}.json").write_text(json.dumps(with_environment(
            {"plans": a.plans, "length": a.length, "summary": summary, "rows": rows}),
            indent=1) + "\n")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
