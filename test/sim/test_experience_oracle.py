"""bench/experience_oracle.py (round 35): the fewest calls per task on the world's truth.
Every plan it counts is one the world's skill logic accepts call by call from the task's
start state, with the task's goals judged as the driver judges them; a task whose goals
already hold costs nothing; and no plan it returns is beaten by a search over every
ordering of the same task's useful calls."""

from __future__ import annotations

import copy
import itertools
from types import ModuleType

import pytest
from bench_scripts import load_bench
from tasks_support import requires_floor_plans

from memory_node.core.skills import load_skill_table
from memory_node.sim.core import goals
from memory_node.sim.core.layouts import from_floorplan
from memory_node.sim.core.nav import Navigator
from memory_node.sim.core.skill_logic import Costs, SkillRunner, Target
from memory_node.sim.core.world import World
from memory_node.sim.tasks.model import Task
from memory_node.sim.tasks.streams import StreamSettings, generate

pytestmark = [requires_floor_plans]

FLOOR_PLAN = 1   # the tune split's kitchen


def _bench() -> ModuleType:
    return load_bench("experience_oracle", "experience_oracle_test", register=True)


def _stream(length: int) -> list[Task]:
    kinds = load_bench("experience_tasks", "experience_tasks_oracle_test").KINDS
    suite = generate(StreamSettings(floor_plan=FLOOR_PLAN, length=length, seed=3000,
                                    kinds=kinds))
    return list(suite.sequences[0].tasks)


def _replay(world: World, task: Task, calls: list[str]) -> bool:
    """The calls through a fresh skill runner, each on the objects it names by id, type
    and true position; then the driver's judgement of every subtask (all at the end: the
    oracle's subtask boundaries are not in the call list, and no goal of these kinds is
    undone by a later subtask's calls)."""
    table = load_skill_table()
    runner = SkillRunner(table, Navigator(world.free), Costs())
    w = copy.deepcopy(world)
    binding = goals.Binding(since=w.acted_count)   # the task's own acts only
    for text in calls:
        skill, _, rest = text.partition("(")
        ids = [a.strip() for a in rest.rstrip(")").split(",") if a.strip()]
        objs = [w.objects[i] for i in ids]
        out = runner.run(w, skill, ids, [Target(o.id, o.type, tuple(o.position), True)
                                         for o in objs])
        if not out.success or out.world is None:
            return False
        w = out.world
    return all(binding.check(w, c.text, c.expected) is c.expected
               for sub in task.subtasks for c in sub.conditions)


def test_every_oracle_plan_replays_in_the_world_and_meets_its_goals() -> None:
    bench = _bench()
    table = load_skill_table()
    world = from_floorplan(FLOOR_PLAN, 0)
    oracle = bench.OraclePlanner(SkillRunner(table, Navigator(world.free), Costs()), table)
    counts = []
    for task in _stream(6):
        start = copy.deepcopy(world)
        plan = oracle.plan_task(world, task)
        assert plan is not None, task.id
        assert _replay(start, task, plan.calls), (task.id, plan.calls)
        counts.append(len(plan.calls))
        world = plan.world
    # The stream's first task: the knife already shut in a drawer (the layout's), so its
    # goals hold before any call; the others need calls.
    assert counts[0] == 0
    assert all(n > 0 for n in counts[1:3])


def test_no_ordering_of_the_plans_calls_or_fewer_of_them_does_the_task() -> None:
    """The oracle's count is the minimum over its own calls: no subset of them, in any
    order, replays to the goals (a plan with a call too many would fail this)."""
    bench = _bench()
    table = load_skill_table()
    world = from_floorplan(FLOOR_PLAN, 0)
    oracle = bench.OraclePlanner(SkillRunner(table, Navigator(world.free), Costs()), table)
    task = _stream(3)[1]          # heat the potato and put it in the garbage can
    plan = oracle.plan_task(world, task)
    assert plan is not None and len(plan.calls) >= 3
    for k in range(1, len(plan.calls)):
        for subset in itertools.permutations(plan.calls, k):
            assert not _replay(world, task, list(subset)), subset


@pytest.mark.parametrize("held", [True, False])
def test_a_task_the_world_cannot_do_is_lost_by_the_oracle_too(held: bool) -> None:
    """No instance of the goal's destination type in the house: no plan (None), whatever
    the hand holds at the start."""
    bench = _bench()
    table = load_skill_table()
    world = from_floorplan(FLOOR_PLAN, 0)
    oracle = bench.OraclePlanner(SkillRunner(table, Navigator(world.free), Costs()), table)
    task = _stream(3)[2]          # put the plate on the shelf
    shelves = [i for i, o in world.objects.items() if o.type == "Shelf"]
    assert shelves
    for i in shelves:
        for child in world.children(i):
            world.place(child.id, next(o.id for o in world.objects.values()
                                       if o.type == "CounterTop"), "on")
        del world.objects[i]
    if held:
        plate = next(o for o in world.objects.values() if o.type == "Plate")
        world.take(plate.id)
    assert oracle.plan_task(world, task) is None


def test_the_excess_splits_a_types_first_task_from_later_ones_and_0m_walks_from_memorys_share(
        ) -> None:
    """The comparison with an arm's log: the first task naming a type is apart (no memory
    of earlier tasks could know it), a navigate of 0.0 m is not memory's to save, and a
    task whose goals held at start is counted with the arm's calls on it."""
    bench = _bench()
    oracle = {"per_task": [["t1", True, 2, ["navigate(Drawer_01)", "pick(Knife_01)"]],
                           ["t2", True, 0, []],
                           ["t3", True, 1, ["pick(Knife_01)"]]]}

    def entry(task: str, calls: list[tuple[str, bool, str]]) -> dict:
        return {"task": task, "conditions": ["INSIDE(Knife, Drawer)"],
                "calls": [{"call": c, "ok": ok, "message": m} for c, ok, m in calls]}
    log = [entry("t1", [("navigate(object_1)", True, "navigate: at object_1 (2.0 m)"),
                        ("open(object_1)", True, ""), ("pick(object_2)", True, "")]),
           entry("t2", [("navigate(object_2)", False, "no Knife"),
                        ("navigate(object_1)", True, "navigate: at object_1 (0.0 m)"),
                        ("pick(object_2)", True, "")]),
           entry("t3", [("pick(object_2)", True, "")])]
    ex = bench.excess_by_kind(oracle, log, {"t1", "t2", "t3"})
    assert (ex["first"]["tasks"], ex["first"]["arm"], ex["first"]["oracle"]) == (1, 3, 2)
    assert (ex["later"]["tasks"], ex["later"]["arm"], ex["later"]["oracle"]) == (2, 4, 1)
    assert ex["later"]["by_kind"]["refused"]["excess"] == 1
    assert ex["later"]["by_kind"]["navigate_0m"]["excess"] == 1
    assert ex["later"]["goals_met_at_start"] == {"tasks": 1, "arm_calls": 3}
    bound = bench.memory_bound(ex)
    # Later excess 3, of which one 0 m walk: 2 of the arm's 7 steps (of 6 without walks).
    assert bound["closable_by_memory"] == 2
    assert bound["best_pct_with_0m_walks"] == round(-100 * 2 / 7, 1)
    assert bound["best_pct_without_0m_walks"] == round(-100 * 2 / 6, 1)
    # A lost task (not in `won`) is left out of both sides.
    assert bench.excess_by_kind(oracle, log, {"t1"})["later"]["tasks"] == 0
