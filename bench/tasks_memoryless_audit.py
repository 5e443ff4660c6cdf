"""Is the `none` ablation memoryless? (issue 14, round 6)

The `none` arm clears memory before every task, but the robot stack keeps more than the
memory server: the plan loop (what is held, the robot's position, the objects acted on),
the planner object, the stack's aliases, the memory facade's in-process state. If any of
it carried where things were seen from one task to the next, the blind robot would not be
blind. The check is by behaviour, not by reading code: before each task of the `none`
arm, a *twin* stack is built from nothing (fresh memory, fresh plan loop, fresh planner)
and given only what a memoryless robot may know — the house as it is now (world state,
the camera's noise stream), where the robot stands and what it holds — then runs the same
task. Any difference in the skill calls or the goals between the twin and the `none` arm
is knowledge that crossed a task boundary outside the memory server.

    .venv/bin/python bench/tasks_memoryless_audit.py [--sequences a,b] [--suite FILE]
    # -> bench/results/tasks_memoryless_audit.json

Fast path only (`InProcessStack`); the rendered stack's planner node shares `PlanLoop`.
"""

from __future__ import annotations

import argparse
import copy
import json
import os
import sys
import time
from dataclasses import replace
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from environment import with_environment  # noqa: E402

from memory_node.core.recall.embedder import Embedder  # noqa: E402
from memory_node.sim.tasks.driver import SubtaskRun, run_suite  # noqa: E402
from memory_node.sim.tasks.inprocess import InProcessSettings, InProcessStack  # noqa: E402
from memory_node.sim.tasks.model import Task, TaskSequence  # noqa: E402
from memory_node.sim.tasks.recorder import Recorder  # noqa: E402
from memory_node.sim.tasks.records import GoalCheck, Run, SkillCall  # noqa: E402
from memory_node.sim.tasks.suite_io import read_suite  # noqa: E402

SUITE = ROOT / "config" / "tasks" / "karma_style.json"
RESULTS = ROOT / "bench" / "results"


def trace(run: Run, task_id: str) -> dict:
    calls = [(e.subtask, e.skill, list(e.args), e.error_code) for e in run.events
             if isinstance(e, SkillCall) and e.task == task_id]
    goals = [(e.subtask, e.condition, e.observed) for e in run.events
             if isinstance(e, GoalCheck) and e.task == task_id]
    return {"calls": calls, "goals": goals}


def twin_of(stack: InProcessStack, sequence: TaskSequence,
            embedder: Embedder) -> InProcessStack:
    """A stack that never ran a task, in the house and robot state `stack` is in now."""
    twin = InProcessStack(stack.settings, embedder=embedder, table=stack.table)
    twin.start_sequence(sequence)
    assert stack.world is not None
    twin.world = copy.deepcopy(stack.world)
    twin._layout = stack._layout
    twin.camera = copy.deepcopy(stack.camera)   # the same noise draws ahead
    twin.runner.detector = twin.camera.labels_seen
    # Numbering is not knowledge: ids are never reused after a clear, so the twin counts
    # on from where the arm's memory is (the calls then name the same ids).
    assert stack.memory is not None and twin.memory is not None
    twin.memory.long_term.graph.counters.update(stack.memory.long_term.graph.counters)
    # What a memoryless robot knows of itself: what it holds, where it stands.
    twin.loop.held = stack.loop.held
    twin.loop.held_unit = stack.loop.held_unit
    twin.loop.position = stack.loop.position
    twin._held_alias = stack._held_alias
    twin._last_frame = stack._last_frame
    twin._stamp = stack._stamp
    return twin


class AuditedStack(InProcessStack):
    """The `none` arm; before each task a twin runs it from the same world and robot."""

    def __init__(self, settings: InProcessSettings, embedder: Embedder) -> None:
        super().__init__(settings, embedder=embedder)
        self.sequence: TaskSequence | None = None
        self.twins: dict[str, dict] = {}

    def start_sequence(self, sequence: TaskSequence) -> None:
        super().start_sequence(sequence)
        self.sequence = sequence

    def run_subtask(self, task: Task, index: int, recorder: Recorder) -> SubtaskRun:
        if index == 0:
            assert self.sequence is not None
            twin = twin_of(self, self.sequence, self.embedder)
            run = Run(meta={})
            rec = Recorder(run, self.sequence)
            try:
                for i in range(len(task.subtasks)):
                    twin.run_subtask(task, i, rec)
                    rec.check_subtask(task, i, twin.holds)
            finally:
                twin.end_sequence()
            self.twins[task.id] = trace(run, task.id)
        return super().run_subtask(task, index, recorder)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--suite", default=str(SUITE))
    ap.add_argument("--sequences", default="")
    ap.add_argument("--out", default="tasks_memoryless_audit.json")
    ap.add_argument("--ablation", default="none",
                    help="`full` shows the audit can fail: memory kept, so tasks differ")
    args = ap.parse_args(argv)
    suite = read_suite(args.suite)
    if args.sequences:
        wanted = set(args.sequences.split(","))
        suite = replace(suite, sequences=tuple(s for s in suite.sequences
                                               if s.id in wanted))
    embedder = Embedder()
    stack = AuditedStack(InProcessSettings(ablation=args.ablation), embedder)
    run = Run(meta={"ablation": args.ablation})
    load_start = list(os.getloadavg())
    start = time.perf_counter()
    run_suite(suite, stack, run)
    stack.end_sequence()
    tasks, differ = [], []
    for seq in suite.sequences:
        for task in seq.tasks:
            arm = trace(run, task.id)
            twin = stack.twins.get(task.id)
            same = twin == arm
            tasks.append({"sequence": seq.id, "task": task.id, "same": same,
                          "arm_calls": len(arm["calls"]),
                          "twin_calls": len(twin["calls"]) if twin else None})
            if not same:
                differ.append({"task": task.id, "arm": arm, "twin": twin})
                print(f"DIFFER {seq.id} {task.id}", flush=True)
    out = {"suite": suite.name, "ablation": args.ablation, "tasks": len(tasks),
           "differ": len(differ),
           "per_task": tasks, "differences": differ,
           "wall_s": round(time.perf_counter() - start, 1),
           "load_start": load_start, "load_end": list(os.getloadavg())}
    RESULTS.mkdir(parents=True, exist_ok=True)
    (RESULTS / args.out).write_text(json.dumps(with_environment(out), indent=1) + "\n")
    print(f"{len(tasks)} tasks, {len(differ)} differ from a twin with no past "
          f"({out['wall_s']} s)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
