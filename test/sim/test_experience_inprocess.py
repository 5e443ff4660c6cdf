"""Experience memory changes what the robot does (issue 15), on the in-process fast path:
the same short stream of repeated task types (the tuning stream: kitchen 1, seed 0), memory
never reset, with and without experience memory. Before the offline planner read the
procedures and known-bad actions, both runs gave identical records."""

from __future__ import annotations

import pytest
from tasks_support import requires_floor_plans

from memory_node.core.recall.embedder import Embedder
from memory_node.sim.tasks.driver import run_suite
from memory_node.sim.tasks.inprocess import InProcessSettings, InProcessStack
from memory_node.sim.tasks.records import Run, SkillCall
from memory_node.sim.tasks.streams import StreamSettings, generate

pytestmark = [requires_floor_plans, pytest.mark.slow]

KINDS = ("put_away_and_close", "pick_heat_then_place_in_recep", "pick_and_place_simple")
TASKS = 12


@pytest.fixture(scope="module")
def embedder() -> Embedder:
    return Embedder()


def calls(ablation: str, embedder: Embedder) -> tuple[list[tuple], dict[str, int]]:
    suite = generate(StreamSettings(floor_plan=1, length=TASKS, seed=0, kinds=KINDS))
    stack = InProcessStack(InProcessSettings(ablation=ablation, tidy_each_task=True),
                           embedder=embedder)
    stats: dict[str, int] = {}
    end = stack.end_sequence

    def keep_stats(sequence: object = None) -> None:
        if stack.memory is not None and stack.memory.experience is not None:
            stats.update(stack.memory.experience.stats())
        end(sequence)  # type: ignore[arg-type]

    stack.end_sequence = keep_stats  # type: ignore[method-assign]
    run = Run(meta={"ablation": ablation})
    run_suite(suite, stack, run)
    stack.end_sequence()
    return [(e.task, e.skill, e.args, e.ok) for e in run.events
            if isinstance(e, SkillCall)], stats


def test_experience_changes_what_the_robot_does_on_a_repeated_stream(
        embedder: Embedder) -> None:
    off, _ = calls("full", embedder)
    on, stats = calls("full+experience", embedder)
    # The experience memory learnt from the stream ...
    assert stats.get("experience.procedures", 0) > 0
    assert stats.get("experience.transitions", 0) > 0
    # ... and the planner acted on it: the same tasks, the same world, other skill calls.
    assert on != off
    first = next(i for i, (a, b) in enumerate(zip(on, off, strict=False)) if a != b)
    # The first task has nothing earlier to learn from: it runs the same in both.
    assert on[first][0] != on[0][0]
