"""The driver: tasks in order, goals checked by the world after each subtask, a failing
task recorded as an error without stopping the run, skipped tasks counted."""

from __future__ import annotations

from tasks_support import requires_floor_plans

from memory_node.core.errors import ErrorCode, Unavailable
from memory_node.sim.core.goals import check
from memory_node.sim.core.layouts import from_floorplan
from memory_node.sim.core.world import World
from memory_node.sim.tasks.driver import Progress, SubtaskRun, run_suite
from memory_node.sim.tasks.metrics import scores, task_outcomes
from memory_node.sim.tasks.model import Task, TaskSequence
from memory_node.sim.tasks.recorder import Recorder
from memory_node.sim.tasks.records import Run
from memory_node.sim.tasks.suite_io import parse_suite

SUITE = {"format": "memory_node-task-suite", "version": 1, "name": "driver",
         "sequences": [{"id": "k1", "category": "composite", "floor_plan": 1, "tasks": [
             {"id": "open", "instruction": "Open the fridge.",
              "subtasks": [{"goal_conditions": ["OPEN(Fridge)"]}]},
             {"id": "crash", "instruction": "Open the microwave.",
              "subtasks": [{"goal_conditions": ["OPEN(Microwave)"]}]},
             {"id": "never", "instruction": "Close the fridge.",
              "subtasks": [{"goal_conditions": ["CLOSED(Fridge)"]}]},
             {"id": "bad", "instruction": "Fly.",
              "subtasks": [{"goal_conditions": ["FLY(Fridge)"]}]}]}]}


class OpenerStack:
    """Acts on the real world core: opens what an OPEN goal names, fails on task `crash`
    (as a stack whose planner node died would), does nothing for other goals."""

    def __init__(self) -> None:
        self.world: World | None = None
        self.recovered: list[str] = []

    def start_sequence(self, sequence: TaskSequence) -> None:
        assert sequence.floor_plan is not None
        self.world = from_floorplan(sequence.floor_plan)

    def run_subtask(self, task: Task, index: int, recorder: Recorder) -> SubtaskRun:
        if task.id == "crash":
            raise Unavailable("planner node died")
        assert self.world is not None
        for c in task.subtasks[index].conditions:
            if c.predicate == "OPEN":
                for o in self.world.of_type(c.args[0]):
                    o.is_open = True
                recorder.skill(task, "open", [c.args[0]], ErrorCode.NONE, 2.0, index)
        return SubtaskRun(planner_success=True)

    def holds(self, condition: str) -> bool:
        assert self.world is not None
        return check(self.world, [condition])[0]

    def recover(self, error: BaseException) -> None:
        self.recovered.append(str(error))

    def end_sequence(self, sequence: TaskSequence) -> None:
        pass


@requires_floor_plans
def test_every_task_is_run_checked_or_recorded_with_its_reason() -> None:
    suite = parse_suite(SUITE, "driver")
    stack = OpenerStack()
    run = Run(meta={"ablation": "test"})
    seen: list[Progress] = []
    counts = run_suite(suite, stack, run, progress=seen.append)

    assert (counts.run, counts.errors, counts.skipped) == (2, 1, 1)
    assert counts.error_reasons == {"UNAVAILABLE": 1}
    assert stack.recovered == ["planner node died"]
    by_task = {o.task: o for o in task_outcomes(run)}
    assert by_task["open"].success and by_task["open"].status == "run"
    assert by_task["crash"].status == "error" and not by_task["crash"].success
    assert not by_task["never"].success            # nothing closed the fridge: checked, failed
    assert by_task["bad"].status == "skipped"
    composite = scores(list(by_task.values()))["composite"]
    assert (composite.tasks, composite.skipped, composite.errors) == (3, 1, 1)
    assert composite.sr == 1 / 3                   # an error is a failure; a skip is not run
    kinds = [p.kind for p in seen]
    assert kinds.count("task") == 3 and "error" in kinds and "skipped" in kinds
    assert seen[-1].done_tasks == seen[-1].total_tasks == 3


class BuggyStack(OpenerStack):
    """A stack whose own code has a bug on task `crash` (a tuple used as a set), the shape
    of round 77's note-key crash: not a memory error, so its code is INTERNAL."""

    def run_subtask(self, task: Task, index: int, recorder: Recorder) -> SubtaskRun:
        if task.id == "crash":
            notes: dict[str, object] = {"opened_for": ("object_12",)}
            notes["opened_for"].add("object_13")  # type: ignore[attr-defined]
        return super().run_subtask(task, index, recorder)


@requires_floor_plans
def test_a_bug_inside_a_task_is_reported_with_its_type_message_and_frame() -> None:
    suite = parse_suite(SUITE, "driver")
    seen: list[Progress] = []
    counts = run_suite(suite, BuggyStack(), Run(meta={"ablation": "test"}), progress=seen.append)

    assert counts.error_reasons == {"INTERNAL": 1}
    (error,) = [p for p in seen if p.kind == "error"]
    assert error.task == "crash"
    assert error.detail.startswith(
        "INTERNAL: AttributeError: 'tuple' object has no attribute 'add'")
    assert "test_tasks_driver.py" in error.detail and "in run_subtask" in error.detail
