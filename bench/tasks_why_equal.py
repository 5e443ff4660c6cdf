"""Why does the no-memory arm pass what it passes? (issue 14, round 6)

Runs the suite's `none` and `full` arms on the fast path and, per task, records what the
world demanded and how each arm met it, from the world's side (never shown to the
planner): for every object an arm picked, where it was when the task started — in the
gripper, shut in a closed receptacle, in the camera's view from where the robot stood,
or elsewhere in the house — whether an earlier task had moved it, and whether an
instance of the task's object type that an earlier task had shut away was still shut
away when the arm used another one. Each task of the `none` arm that succeeds, and each
task both arms fail, gets one class from those facts (rules in `classify`).

    .venv/bin/python bench/tasks_why_equal.py [--suite FILE] [--out NAME]
    # -> bench/results/tasks_why_equal.json (+ a table on stdout)
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import time
from collections import Counter
from collections.abc import Sequence
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from environment import with_environment  # noqa: E402

from memory_node.core.recall.embedder import Embedder  # noqa: E402
from memory_node.planner.core.types import CancelToken, SkillResult  # noqa: E402
from memory_node.planner.core.types import SkillCall as PlanCall  # noqa: E402
from memory_node.planner.core.types import Target as PlanTarget  # noqa: E402
from memory_node.sim.core.skill_logic import SkillFailure  # noqa: E402
from memory_node.sim.core.skill_logic import Target as WorldTarget  # noqa: E402
from memory_node.sim.core.world import World  # noqa: E402
from memory_node.sim.tasks.driver import SubtaskRun, run_suite  # noqa: E402
from memory_node.sim.tasks.inprocess import InProcessSettings, InProcessStack  # noqa: E402
from memory_node.sim.tasks.metrics import task_outcomes  # noqa: E402
from memory_node.sim.tasks.model import Task, TaskSequence  # noqa: E402
from memory_node.sim.tasks.recorder import Recorder  # noqa: E402
from memory_node.sim.tasks.records import Run, SkillCall  # noqa: E402
from memory_node.sim.tasks.suite_io import read_suite  # noqa: E402

SUITE = ROOT / "config" / "tasks" / "karma_style.json"
RESULTS = ROOT / "bench" / "results"
MOVED_M = 0.3   # an object farther than this from where the layout put it was moved
# Skills whose first argument is the object the task is about (what was fetched or
# worked on); navigate and put name places.
ACTED = ("pick", "slice", "clean", "heat", "cool", "toggle_on", "toggle_off")


class Tracing(InProcessStack):
    """The fast-path stack, noting the world's side of every pick and each task's start."""

    def __init__(self, settings: InProcessSettings, embedder: Embedder) -> None:
        super().__init__(settings, embedder=embedder)
        self.facts: dict[str, dict] = {}
        self._start: World | None = None
        self._touched: set[str] = set()     # world objects earlier tasks acted on
        self._opens: list[str] = []
        self._tid = ""

    def start_sequence(self, sequence: TaskSequence) -> None:
        super().start_sequence(sequence)
        self._touched = set()

    def run_subtask(self, task: Task, index: int, recorder: Recorder) -> SubtaskRun:
        if index == 0:
            assert self.world is not None
            self._tid = task.id
            self._start = self.world.copy()
            seen = {o.id for o in self.camera.visible_objects(self._start)}
            types = sorted({c.args[0] for s in task.subtasks for c in s.conditions
                            if c.args})
            self.facts[task.id] = {"types": types, "picks": [], "opens": 0,
                                   "hidden_by_earlier": self._hidden(types),
                                   "_seen": seen}
        return super().run_subtask(task, index, recorder)

    def _hidden(self, types: Sequence[str]) -> list[str]:
        """World objects of the task's types that an earlier task acted on and that are
        shut in a closed receptacle now."""
        w = self._start
        assert w is not None
        return sorted(o.id for o in w.objects.values()
                      if o.id in self._touched and any(o.type == t or
                                                      o.type == t.removesuffix("Sliced")
                                                      for t in types)
                      and w.visible_container_closed(o))

    def execute(self, call: PlanCall, targets: Sequence[PlanTarget], episode_id: str,
                timeout_s: float, cancel: CancelToken) -> SkillResult:
        w, start = self.world, self._start
        assert w is not None and start is not None
        facts = self.facts[self._tid]
        acted = ""
        if call.skill in ACTED and call.args:
            # The world object the skill will act on, resolved as the world resolves it.
            by_id = {t.id: WorldTarget(t.id, t.label, t.position, t.position_known)
                     for t in targets}
            try:
                acted = self.runner.resolve_object(w, call.args[0], by_id).id
            except SkillFailure:
                acted = ""
        result = super().execute(call, targets, episode_id, timeout_s, cancel)
        if call.skill == "open" and result.success:
            facts["opens"] += 1
        if acted and result.success:
            before = start.objects.get(acted)
            where = "elsewhere"
            if start.robot.held == acted:
                where = "held"
            elif before is not None and start.visible_container_closed(before):
                where = "closed_in"
            elif acted in facts["_seen"]:
                where = "in_view"
            layout = self._layout.get(acted)
            moved = bool(before is not None and layout is not None and (
                before.parent != layout.parent or float(np.linalg.norm(
                    before.position[:2] - layout.position[:2])) > MOVED_M))
            facts["picks"].append({"skill": call.skill, "object": acted,
                                   "type": w.objects[acted].type, "at_start": where,
                                   "moved_before": moved,
                                   "touched_before": acted in self._touched,
                                   "opens_before": facts["opens"]})
            self._touched.add(acted)
        return result


def classify(facts: dict, ok: bool, explores: int, steps: int) -> str:
    picks = [p for p in facts["picks"] if any(
        p["type"] == t or p["type"] == t.removesuffix("Sliced") for t in facts["types"])]
    if not picks:
        return "no object of the goal's types acted on" if ok else "failed before acting"
    first = picks[0]
    other = facts["hidden_by_earlier"] and first["object"] not in facts["hidden_by_earlier"]
    base = {"held": "held from the task before",
            "closed_in": f"searched closed receptacles ({first['opens_before']} opened "
                         "before it was found)",
            "in_view": "in the camera's view where the robot stood",
            "elsewhere": "found by exploring" if explores else "found in a glimpse on the way",
            }[first["at_start"]]
    if other:
        base += "; another instance than the one an earlier task shut away"
    elif first["moved_before"]:
        base += "; an earlier task had moved it"
    return base


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--suite", default=str(SUITE))
    ap.add_argument("--out", default="tasks_why_equal.json")
    args = ap.parse_args(argv)
    suite = read_suite(args.suite)
    embedder = Embedder()
    load_start = list(os.getloadavg())
    start = time.perf_counter()
    arms: dict[str, tuple[Run, Tracing]] = {}
    for name in ("none", "full"):
        stack = Tracing(InProcessSettings(ablation=name), embedder)
        run = Run(meta={"ablation": name})
        run_suite(suite, stack, run)
        stack.end_sequence()
        arms[name] = (run, stack)
    outcomes = {name: {(o.sequence, o.task): o.success for o in task_outcomes(run)}
                for name, (run, _) in arms.items()}
    rows = []
    for seq in suite.sequences:
        for task in seq.tasks:
            row: dict = {"sequence": seq.id, "task": task.id, "category": task.category,
                         "instruction": task.instruction}
            for name, (run, stack) in arms.items():
                ok = outcomes[name].get((seq.id, task.id), False)
                calls = [e for e in run.events if isinstance(e, SkillCall)
                         and e.task == task.id]
                explores = sum(c.skill == "explore" for c in calls)
                facts = {k: v for k, v in stack.facts.get(task.id, {}).items()
                         if not k.startswith("_")}
                row[name] = {"success": ok, "steps": len(calls), "explores": explores,
                             "opens": facts.get("opens", 0), "picks": facts.get("picks", []),
                             "hidden_by_earlier": facts.get("hidden_by_earlier", []),
                             "why": classify(stack.facts[task.id], ok, explores, len(calls))
                             if task.id in stack.facts else "not run"}
            rows.append(row)
    none_pass = Counter(r["none"]["why"] for r in rows if r["none"]["success"])
    both_fail = [r["task"] for r in rows
                 if not r["none"]["success"] and not r["full"]["success"]]
    out = {"suite": suite.name, "tasks": len(rows), "none_passes": dict(none_pass),
           "both_fail": both_fail, "max_steps_used": {
               n: max((r[n]["steps"] for r in rows), default=0) for n in arms},
           "per_task": rows, "wall_s": round(time.perf_counter() - start, 1),
           "load_start": load_start, "load_end": list(os.getloadavg())}
    RESULTS.mkdir(parents=True, exist_ok=True)
    (RESULTS / args.out).write_text(json.dumps(with_environment(out), indent=1) + "\n")
    for why, n in none_pass.most_common():
        print(f"{n:3d}  {why}")
    print("both fail:", ", ".join(both_fail))
    print("most skill calls in one task:", out["max_steps_used"])
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
