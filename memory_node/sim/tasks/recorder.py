"""The runner's side of the records: one `Recorder` per sequence writes what happened in
the form `metrics` reads, so a runner only says what it saw.

    rec = Recorder(run, sequence)
    for task in sequence.tasks:
        for i, sub in enumerate(task.subtasks):
            ...execute the subtask, calling rec.skill(...), rec.recall(...), rec.cache(...)
            rec.check_subtask(task, i, world_checker)   # right after the subtask ends
        rec.end(task)                                   # or rec.end(task, "error", "TIMEOUT")
"""

from __future__ import annotations

from collections.abc import Callable, Iterable

from memory_node.sim.tasks.model import Skipped, Task, TaskSequence
from memory_node.sim.tasks.records import (
    CacheAccess,
    GoalCheck,
    Recall,
    Run,
    SkillCall,
    TaskEnd,
    Usage,
)


class Recorder:
    def __init__(self, run: Run, sequence: TaskSequence | str) -> None:
        self.run = run
        self.sequence = sequence if isinstance(sequence, str) else sequence.id

    def skill(self, task: Task, skill: str, args: Iterable[str], error_code: int,
              sim_duration_s: float, subtask: int = 0) -> None:
        self.run.add(SkillCall(self.sequence, task.id, skill, tuple(args), int(error_code),
                               float(sim_duration_s), subtask))

    def recall(self, task: Task, returned: Iterable[str], needed: Iterable[str],
               subtask: int = 0, stage: str = "step") -> None:
        reference = task.subtasks[subtask].reference if subtask < len(task.subtasks) \
            else "direct"
        self.run.add(Recall(self.sequence, task.id, tuple(returned), tuple(needed), reference,
                            subtask, stage))

    def cache(self, task: Task, hit: bool, occupancy: int, capacity: int) -> None:
        self.run.add(CacheAccess(self.sequence, task.id, bool(hit), occupancy, capacity))

    def usage(self, task: Task, component: str, wall_s: float = 0.0, prompt_tokens: int = 0,
              completion_tokens: int = 0, calls: int = 0) -> None:
        self.run.add(Usage(self.sequence, task.id, component, wall_s, prompt_tokens,
                           completion_tokens, calls))

    def check_subtask(self, task: Task, index: int, holds: Callable[[str], bool]) -> bool:
        """Check every goal of subtask `index` now with `holds` (the world's checker on the
        predicate's text, e.g. `INSIDE(Apple, Fridge)`); record each; True if all held as
        expected. A checker error propagates: the runner reports the task as an error."""
        achieved = True
        for c in task.subtasks[index].conditions:
            observed = bool(holds(c.text))
            self.run.add(GoalCheck(self.sequence, task.id, index, str(c), c.expected,
                                   observed))
            achieved &= observed is c.expected
        return achieved

    def end(self, task: Task, status: str = "run", reason: str = "") -> None:
        self.run.add(TaskEnd(self.sequence, task.id, task.category, status,
                             len(task.subtasks), len(task.conditions), reason))

    def skipped(self, skip: Skipped, category: str = "") -> None:
        """A task the reader refused, so the summary counts it."""
        self.run.add(TaskEnd(skip.sequence or self.sequence, skip.task or "(file)", category,
                             "skipped", reason=skip.reason.value))
