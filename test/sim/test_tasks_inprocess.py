"""The in-process fast path: the real planner core, memory core and world skill logic in one
process, run by the task driver. A composite sequence runs and writes every kind of record;
memory saves exploration where the world demands it (an object put away in a closed fridge
is invisible to a robot that forgot it); bad tasks are skipped with their reasons."""

from __future__ import annotations

import json
import math
from dataclasses import replace
from pathlib import Path

import pytest
from tasks_support import FRIDGE_SUITE, requires_floor_plans

from memory_node.core.recall.embedder import Embedder
from memory_node.sim.core.layouts import from_floorplan, from_seed
from memory_node.sim.tasks.driver import run_suite
from memory_node.sim.tasks.inprocess import InProcessSettings, InProcessStack
from memory_node.sim.tasks.metrics import mhr, task_outcomes
from memory_node.sim.tasks.records import (
    CacheAccess,
    GoalCheck,
    Recall,
    Run,
    SkillCall,
    TaskEnd,
)
from memory_node.sim.tasks.suite_io import parse_suite, read_suite

pytestmark = requires_floor_plans
MAIN_JOB = Path(__file__).resolve().parents[2] / "config" / "tasks" / "main_job.json"


@pytest.fixture(scope="module")
def embedder() -> Embedder:
    return Embedder()


def run(suite, ablation: str, embedder: Embedder, **kw) -> Run:
    stack = InProcessStack(InProcessSettings(ablation=ablation, **kw), embedder=embedder)
    out = Run(meta={"ablation": ablation})
    run_suite(suite, stack, out)
    stack.end_sequence()
    return out


def test_memory_explores_less_when_the_object_is_shut_away(embedder: Embedder) -> None:
    world = from_floorplan(1)
    # The world's property the comparison rests on: one apple, so once it is in the closed
    # fridge no look around the kitchen can find it.
    assert len(world.of_type("Apple")) == 1
    assert world.of_type("Fridge") and world.of_type("CounterTop")
    suite = parse_suite(FRIDGE_SUITE)
    assert not suite.skipped
    full = run(suite, "full", embedder, per_step_recall=False)
    none = run(suite, "none", embedder, per_step_recall=False)
    out_full = {o.task: o for o in task_outcomes(full)}
    out_none = {o.task: o for o in task_outcomes(none)}
    # The first task is the same for both: nothing earlier to remember.
    assert out_full["store"].success and out_none["store"].success
    assert out_full["serve"].exploration_attempts < out_none["serve"].exploration_attempts
    assert out_full["serve"].sim_time_s < out_none["serve"].sim_time_s
    # Without memory the robot still finds it, the slow way: a look around the kitchen
    # finds nothing, then it opens closed receptacles that could hold an apple.
    assert out_full["serve"].success and out_none["serve"].success
    calls = [e for e in none.events if isinstance(e, SkillCall) and e.task == "serve"]
    assert calls[0].skill == "explore" and not calls[0].ok
    assert "open" in [c.skill for c in calls]


def test_a_composite_sequence_runs_in_process(embedder: Embedder) -> None:
    suite = read_suite("config/tasks/karma_style.json")
    seq = next(s for s in suite.sequences if s.category == "composite")
    seq = replace(seq, tasks=seq.tasks[:2])
    records = run(replace(suite, sequences=(seq,), skipped=()), "full", embedder, capacity=5,
                  per_step_recall=False)
    ends = [e for e in records.events if isinstance(e, TaskEnd)]
    assert [e.task for e in ends] == [t.id for t in seq.tasks]
    assert all(e.status == "run" for e in ends), ends
    calls = [e for e in records.events if isinstance(e, SkillCall)]
    assert calls and all(c.sim_duration_s >= 0 for c in calls)
    assert any(c.skill == "pick" and c.ok for c in calls)
    recalls = [e for e in records.events if isinstance(e, Recall)]
    assert any(r.stage == "instruction" for r in recalls)
    cache = [e for e in records.events if isinstance(e, CacheAccess)]
    assert cache and all(c.capacity == 5 for c in cache)
    assert mhr(records).all_queries == len(cache)
    checks = [e for e in records.events if isinstance(e, GoalCheck)]
    assert len(checks) == sum(len(t.conditions) for t in seq.tasks)   # every goal judged


BAD = {"format": "memory_node-task-suite", "version": 1, "name": "bad",
       "sequences": [{"id": "k1", "category": "simple", "floor_plan": 1, "tasks": [
           {"id": "fly", "instruction": "Fly.", "subtasks": [{"goal_conditions": ["FLY(Apple)"]}]},
           {"id": "ghost", "instruction": "Put the unicorn away.",
            "subtasks": [{"goal_conditions": ["INSIDE(Unicorn, Fridge)"]}]},
           {"id": "open", "instruction": "Open the fridge.",
            "subtasks": [{"goal_conditions": ["OPEN(Fridge)"]}]}]}]}


def test_bad_tasks_are_skipped_with_reasons_and_the_rest_runs(embedder: Embedder) -> None:
    records = run(parse_suite(BAD), "full", embedder, per_step_recall=False)
    ends = {e.task: e for e in records.events if isinstance(e, TaskEnd)}
    assert ends["fly"].status == "skipped" and ends["fly"].reason == "unknown_predicate"
    assert ends["ghost"].status == "skipped" and ends["ghost"].reason == "unknown_object"
    assert ends["open"].status == "run"
    assert {o.task: o.success for o in task_outcomes(records)}["open"]


def test_unknown_ablation_is_refused() -> None:
    with pytest.raises(ValueError, match="ablation"):
        InProcessSettings(ablation="half")


DRAWER = {"format": "memory_node-task-suite", "version": 1, "name": "drawer",
          "sequences": [{"id": "h3", "category": "composite", "seed": 3, "tasks": [
              {"id": "knife", "instruction": "Put the knife in a drawer and close the drawer.",
               "subtasks": [{"goal_conditions": ["INSIDE(Knife, Drawer)"]},
                            {"goal_conditions": ["CLOSED(Drawer)"]}]}]}]}


def test_close_the_drawer_is_judged_and_done_on_the_drawer_the_knife_went_into(
        embedder: Embedder) -> None:
    """The seed-3 house has five drawers, all closed but the one the knife goes into: judged
    on any drawer, "close the drawer" held at once and the planner had nothing to do."""
    world = from_seed(3)
    assert len(world.of_type("Drawer")) > 1
    assert not any(world.objects[k.parent].type == "Drawer"
                   for k in world.of_type("Knife") if k.parent)
    suite = parse_suite(DRAWER)
    stack = InProcessStack(InProcessSettings(ablation="full"), embedder=embedder)
    out = Run(meta={"ablation": "full"})
    run_suite(suite, stack, out)
    assert stack.world is not None
    w = stack.world
    used = [w.objects[k.parent] for k in w.of_type("Knife")
            if k.parent and w.objects[k.parent].type == "Drawer"]
    stack.end_sequence()
    assert len(used) == 1
    assert used[0].is_open is False                 # the robot closed the drawer it used
    closes = [e.args for e in out.events if isinstance(e, SkillCall) and e.skill == "close"]
    assert len(closes) == 1
    goals = [(e.condition, e.observed) for e in out.events if isinstance(e, GoalCheck)]
    assert goals == [("INSIDE(Knife, Drawer)", True), ("CLOSED(Drawer)", True)]


def test_the_in_process_camera_reports_upright_boxes_turned_with_the_object(
        embedder: Embedder) -> None:
    """The perception node's boxes are upright and oriented; the in-process camera gave the
    object's own extent unturned, so a counter standing along y was remembered along x and
    a mug the robot set down on it lay outside memory's box of it (the in-process main job's
    h0c-1, round 15: the mug's sighting was not claimed by the put and became a second mug).
    Memory's box of the counter must cover the counter as it stands."""
    suite = parse_suite(json.loads(MAIN_JOB.read_text()))
    sequence = suite.sequences[0]
    stack = InProcessStack(InProcessSettings(ablation="full"), embedder=embedder)
    try:
        stack.start_sequence(sequence)
        w = stack.world
        counter = next(o for o in sorted(w.objects.values(), key=lambda o: o.id)
                       if o.type == "CounterTop" and abs(math.sin(o.yaw)) > 0.99)
        w.robot.x, w.robot.y, w.robot.yaw = (float(counter.position[0]) - 1.6,
                                             float(counter.position[1]), 0.0)
        w.follow_robot()
        stack._frame(force=True)
        g = stack.memory.long_term.graph
        node = next(n for n in g.nodes("object") if g.node(n)["label"] == "CounterTop"
                    and math.dist(g.node(n)["position"][:2], counter.position[:2]) < 0.3)
        box = g.node(node).get("filled")
        assert box is not None
        along_x, along_y = box[3] - box[0], box[4] - box[1]
        assert along_y > 1.4 and along_x < 0.8, box
    finally:
        stack.end_sequence()
