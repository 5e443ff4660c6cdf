"""Running a suite: sequences in order, tasks in order, subtasks in order, every goal
checked by the world right after its subtask. The driver knows nothing of ROS or of how a
subtask is executed; a `TaskStack` does that (the whole robot stack over DDS, or the
in-process fast path for sweeps), and both write the same records through the `Recorder`.

    run = Run(meta={...})
    run_suite(suite, stack, run, progress=print_progress)
    summarize(run, baseline)

A task never stops the run: a skipped task (the reader's reason) is recorded as skipped; a
stack that raises while a task runs gets `recover()` called (restart what crashed) and the
task is recorded as an error with the exception's error code name; the next task starts.
"""

from __future__ import annotations

import traceback
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Protocol

from memory_node.core.errors import ErrorCode, MemoryRequestError
from memory_node.sim.tasks.model import Suite, Task, TaskSequence
from memory_node.sim.tasks.recorder import Recorder
from memory_node.sim.tasks.records import Run


@dataclass
class SubtaskRun:
    """What the stack says about one executed subtask (goals are checked separately)."""

    planner_success: bool = False
    error_code: int = ErrorCode.NONE
    message: str = ""
    steps: int = 0


class TaskStack(Protocol):
    """One way of executing tasks. Every method may raise; the driver records the task as
    an error (the exception's `code` if it is a MemoryRequestError, else INTERNAL) and
    calls `recover` before the next task."""

    def start_sequence(self, sequence: TaskSequence) -> None:
        """Build the sequence's house and bring memory to the ablation's starting state."""

    def run_subtask(self, task: Task, index: int, recorder: Recorder) -> SubtaskRun:
        """Execute subtask `index` of `task`; record its skill calls, recalls, cache
        accesses and usage through `recorder` (what happened, not what the planner claims)."""

    def holds(self, condition: str) -> bool:
        """The world's ground truth for one goal condition's text, e.g. INSIDE(Apple, Fridge)."""

    def recover(self, error: BaseException) -> None:
        """Put the stack back into a state where the next task can run (restart nodes)."""

    def end_sequence(self, sequence: TaskSequence) -> None:
        """Sequence done (close episodes, save what a report needs)."""


@dataclass(frozen=True)
class Progress:
    """One thing the driver reports as it goes (for a progress bar and log lines)."""

    kind: str                       # sequence | subtask | task | error | skipped
    sequence: str
    task: str = ""
    subtask: int = -1
    done_tasks: int = 0
    total_tasks: int = 0
    success: bool = False
    detail: str = ""


@dataclass
class DriverCounts:
    run: int = 0
    skipped: int = 0
    errors: int = 0
    error_reasons: dict[str, int] = field(default_factory=dict)


def error_name(error: BaseException) -> str:
    code = error.code if isinstance(error, MemoryRequestError) else ErrorCode.INTERNAL
    return ErrorCode(code).name


def error_detail(error: BaseException) -> str:
    """The error's code name, its exception type and message, and the innermost frame that
    raised it: a bug inside a task (an INTERNAL code) is otherwise only a lost task in a
    benchmark's figures (round 77: a planner note key two owners used, an AttributeError
    mid-task, found only by adding a print to this path)."""
    frames = traceback.extract_tb(error.__traceback__)
    where = ""
    if frames:
        last = frames[-1]
        where = f" (at {Path(last.filename).name}:{last.lineno} in {last.name})"
    return f"{error_name(error)}: {type(error).__name__}: {error}{where}"


def run_suite(suite: Suite, stack: TaskStack, run: Run,
              progress: Callable[[Progress], None] | None = None,
              sequences: Callable[[TaskSequence], bool] | None = None) -> DriverCounts:
    """Run every sequence of `suite` (or those `sequences` accepts) on `stack`, appending
    records to `run`. Returns counts; the records are the result."""
    say = progress or (lambda _p: None)
    chosen = [s for s in suite.sequences if sequences is None or sequences(s)]
    total = sum(len(s.tasks) for s in chosen)
    counts = DriverCounts()
    done = 0
    category = {s.id: s.category for s in suite.sequences}
    for skip in suite.skipped:
        Recorder(run, skip.sequence or suite.name).skipped(skip,
                                                           category.get(skip.sequence, ""))
        counts.skipped += 1
        say(Progress("skipped", skip.sequence, skip.task, detail=str(skip)))
    for sequence in chosen:
        rec = Recorder(run, sequence)
        say(Progress("sequence", sequence.id, done_tasks=done, total_tasks=total,
                     detail=sequence.description))
        try:
            stack.start_sequence(sequence)
        except Exception as exc:  # noqa: BLE001 - a house that cannot be built skips its tasks
            for task in sequence.tasks:
                rec.end(task, "error", error_name(exc))
                counts.errors += 1
                done += 1
            _count(counts, error_name(exc))
            say(Progress("error", sequence.id, done_tasks=done, total_tasks=total,
                         detail=f"sequence not started: {error_detail(exc)}"))
            _recover(stack, exc)
            continue
        for task in sequence.tasks:
            ok = _run_task(stack, rec, sequence, task, counts, say, done, total)
            done += 1
            say(Progress("task", sequence.id, task.id, done_tasks=done, total_tasks=total,
                         success=ok))
        try:
            stack.end_sequence(sequence)
        except Exception as exc:  # noqa: BLE001 - reported, the next sequence still runs
            say(Progress("error", sequence.id, done_tasks=done, total_tasks=total,
                         detail=f"sequence end: {error_detail(exc)}"))
            _recover(stack, exc)
    return counts


def _run_task(stack: TaskStack, rec: Recorder, sequence: TaskSequence, task: Task,
              counts: DriverCounts, say: Callable[[Progress], None], done: int,
              total: int) -> bool:
    achieved = True
    try:
        for index in range(len(task.subtasks)):
            result = stack.run_subtask(task, index, rec)
            held = rec.check_subtask(task, index, stack.holds)
            achieved &= held
            say(Progress("subtask", sequence.id, task.id, index, done, total, held,
                         detail=result.message))
    except Exception as exc:  # noqa: BLE001 - one task's failure never stops the run
        name = error_name(exc)
        rec.end(task, "error", name)
        counts.errors += 1
        _count(counts, name)
        say(Progress("error", sequence.id, task.id, done_tasks=done, total_tasks=total,
                     detail=error_detail(exc)))
        _recover(stack, exc)
        return False
    rec.end(task)
    counts.run += 1
    return achieved


def _count(counts: DriverCounts, name: str) -> None:
    counts.error_reasons[name] = counts.error_reasons.get(name, 0) + 1


def _recover(stack: TaskStack, exc: BaseException) -> None:
    try:
        stack.recover(exc)
    except Exception:  # noqa: BLE001, S110 - a stack that cannot recover errors the next task too
        pass
