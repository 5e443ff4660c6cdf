"""The no-memory baseline is memoryless (issue 14's rule: the same planner whose memory
answers nothing, no other handicap), checked by behaviour: before each task of the `none`
arm a twin stack that never ran a task — fresh memory, plan loop and planner, given only
the house as it is and the robot's own state (pose, what it holds) — runs the same task.
Knowledge carried across tasks outside the memory server makes the two differ; the same
check on the `full` arm must see its memory (so the check can fail)."""

from __future__ import annotations

import math
from pathlib import Path

import pytest
from tasks_support import LAST_RESORT_S, REPORT_SKILL_CALLS, requires_floor_plans, run_at_once

from memory_node.sim.core.layouts import from_floorplan
from memory_node.sim.core.visibility import GeometricCamera

pytestmark = [requires_floor_plans, pytest.mark.slow]

# One arm's run with its twins, in a process of its own that reports its progress: the run is
# CPU (the arm's 7 tasks and a twin stack running each again), 191.5-246.9 s of
# pytest-timeout's 300 s at load 25 (round 65) when it ran in the test's process.
RUN = REPORT_SKILL_CALLS + """
import json
from dataclasses import replace
from pathlib import Path

sys.path.insert(0, "bench")
import tasks_memoryless_audit as audit

from memory_node.core.recall.embedder import Embedder
from memory_node.sim.tasks.driver import run_suite
from memory_node.sim.tasks.inprocess import InProcessSettings
from memory_node.sim.tasks.records import Run
from memory_node.sim.tasks.suite_io import read_suite

suite = read_suite(Path("config") / "tasks" / "karma_style.json")
# Kitchen 1's composite sequence: the robot ends a task holding the knife, a put
# away apple is needed again, and ids run on across the tasks.
suite = replace(suite, sequences=tuple(s for s in suite.sequences
                                       if s.id == "kitchen1-composite"))
stack = audit.AuditedStack(InProcessSettings(ablation=sys.argv[1]), Embedder())
run = Run(meta={})
run_suite(suite, stack, run, progress=lambda p: print("progress", p.kind, p.done_tasks,
                                                    file=sys.stderr, flush=True))
stack.end_sequence()
print(json.dumps([t.id for t in suite.sequences[0].tasks
                  if audit.trace(run, t.id) != stack.twins[t.id]]))
"""


def _differ(ablation: str, out: Path) -> list[str]:
    """The tasks of the arm `ablation` whose calls or goals differ from their twin's."""
    return run_at_once(RUN, {ablation: [ablation]}, out)[ablation]


@pytest.mark.timeout(LAST_RESORT_S)
def test_the_no_memory_arm_acts_as_a_robot_that_never_ran_a_task(tmp_path: Path) -> None:
    assert _differ("none", tmp_path) == []


@pytest.mark.timeout(LAST_RESORT_S)
def test_the_check_sees_memory_when_memory_is_kept(tmp_path: Path) -> None:
    assert _differ("full", tmp_path) != []


def test_a_wall_mounted_receptacle_is_seen_and_a_painting_is_not() -> None:
    """A toilet-paper hanger is a receptacle tasks put things on; marked decor, it was
    never detected, so "put the toilet paper on its hanger" failed in both arms. ALFWorld's
    detector covers ALFRED's static receptacles; paintings stay unseen."""
    world = from_floorplan(402)
    hanger = world.of_type("ToiletPaperHanger")[0]
    camera = GeometricCamera()
    # Stand on the free cell 1.5-2.5 m from the hanger and face it.
    cells = [c for c in sorted(world.free)
             if 1.5 <= math.dist(world.cell_xy(c), hanger.position[:2]) <= 2.5]
    seen_from = []
    for c in cells:
        world.robot.x, world.robot.y = world.cell_xy(c)
        world.robot.yaw = math.atan2(hanger.position[1] - world.robot.y,
                                     hanger.position[0] - world.robot.x)
        world.follow_robot()
        ids = {o.id for o in camera.visible_objects(world)}
        assert not any(world.objects[i].type == "Painting" for i in ids)
        if hanger.id in ids:
            seen_from.append(c)
    assert seen_from, "the hanger is in view from none of the free cells facing it"
