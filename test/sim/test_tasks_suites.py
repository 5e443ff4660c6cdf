"""Our suite format and our suites (config/tasks/): every task accepted, the categories'
promises kept (composite reuse, vague complex references), ALFRED's object rules obeyed,
the round trip exact, and bad suite files skipped task by task."""

from __future__ import annotations

import copy
import json
from collections import Counter
from pathlib import Path

import pytest
from tasks_support import requires_floor_plans

from memory_node.core.skills import load_skill_table
from memory_node.sim.tasks.build import skill_for
from memory_node.sim.tasks.floorplans import floor_plan, room_type
from memory_node.sim.tasks.model import SkipReason, Suite
from memory_node.sim.tasks.suite_io import parse_suite, read_suite, suite_to_dict, write_suite

SUITES = Path(__file__).resolve().parents[2] / "config" / "tasks"
pytestmark = requires_floor_plans


@pytest.fixture(scope="module")
def karma_style() -> Suite:
    return read_suite(SUITES / "karma_style.json")


def test_every_shipped_suite_reads_without_a_skip() -> None:
    files = sorted(SUITES.glob("*.json"))
    assert files
    for f in files:
        suite = read_suite(f)
        assert suite.skipped == (), [str(s) for s in suite.skipped]


def test_size_categories_and_room_types(karma_style: Suite) -> None:
    tasks = karma_style.tasks()
    assert len(tasks) >= 48
    per_cat = Counter(t.category for t in tasks)
    assert set(per_cat) == {"simple", "composite", "complex"} and min(per_cat.values()) >= 16
    plans_per_room: dict[str, set[int]] = {}
    for t in tasks:
        assert t.floor_plan is not None
        plans_per_room.setdefault(str(room_type(t.floor_plan)), set()).add(t.floor_plan)
    assert set(plans_per_room) == {"kitchen", "living_room", "bedroom", "bathroom"}
    assert all(len(p) >= 3 for p in plans_per_room.values()), plans_per_room
    assert len({t.id for t in tasks}) == len(tasks)


def test_objects_occur_and_pairs_follow_alfreds_rules(karma_style: Suite) -> None:
    from alfworld.gen import constants

    action = {"cleaned": "Cleanable", "heated": "Heatable", "cooled": "Coolable",
              "sliced": "Sliceable"}
    for t in karma_style.tasks():
        plan = floor_plan(t.floor_plan)
        assert plan is not None
        for c in t.conditions:
            for a in c.object_args:
                assert plan.has(a.removesuffix("Sliced")), (t.id, str(c))
            if c.predicate in ("ON", "INSIDE"):
                assert c.args[0] in constants.VAL_RECEPTACLE_OBJECTS[c.args[1]], (t.id, str(c))
            if c.predicate == "STATE":
                assert c.args[0] in constants.VAL_ACTION_OBJECTS[action[c.args[1]]], (t.id,
                                                                                      str(c))
            if c.predicate in ("TOGGLEON", "TOGGLEOFF"):
                assert c.args[0] in constants.VAL_ACTION_OBJECTS["Toggleable"], (t.id, str(c))
            assert skill_for(c, load_skill_table()) is not None


def test_composite_tasks_reuse_what_earlier_tasks_touched(karma_style: Suite) -> None:
    table = load_skill_table()
    for seq in karma_style.sequences:
        if seq.category != "composite":
            continue
        seen: set[str] = set()
        reusing = 0
        stored = False
        for i, t in enumerate(seq.tasks):
            # What a task touches: the objects its goals name and the fixtures its skills
            # need (slicing the bread needs the knife an earlier task put away).
            mine = {a.removesuffix("Sliced") for c in t.conditions for a in c.object_args}
            mine |= {f for c in t.conditions for g in table.fixtures_for(skill_for(c, table))
                     for f in g}
            reusing += bool(i and mine & seen)
            seen |= mine
            # Gains must come from what the world demands: something is put away closed.
            stored |= any(c.predicate == "CLOSED" for c in t.conditions)
        assert reusing >= len(seq.tasks) - 2, f"{seq.id}: too few tasks reuse earlier objects"
        assert stored, seq.id


def test_complex_tasks_are_vague_and_loosely_related(karma_style: Suite) -> None:
    for seq in karma_style.sequences:
        if seq.category != "complex":
            continue
        assert all(s.reference == "vague" for t in seq.tasks for s in t.subtasks)
        targets = [t.conditions[0].args[0].removesuffix("Sliced") for t in seq.tasks]
        assert len(set(targets)) < len(targets), f"{seq.id}: no task comes back to an object"
        for t in seq.tasks:
            # A vague instruction does not spell the type it means.
            assert t.conditions[0].args[0].lower() not in t.instruction.lower(), t.id


def test_round_trip(karma_style: Suite, tmp_path: Path) -> None:
    path = tmp_path / "again.json"
    write_suite(karma_style, path)
    again = read_suite(path)
    assert again.sequences == karma_style.sequences
    assert suite_to_dict(again) == suite_to_dict(karma_style)


def base() -> dict:
    return {"format": "memory_node-task-suite", "version": 1, "name": "t", "sequences": [
        {"id": "s1", "category": "composite", "floor_plan": 1, "tasks": [
            {"id": "a", "instruction": "Put the apple in the fridge and close it.",
             "subtasks": [{"goal_conditions": ["INSIDE(Apple, Fridge)"]},
                          {"goal_conditions": ["CLOSED(Fridge)"]}]},
            {"id": "b", "instruction": "Slice the apple.",
             "subtasks": [{"goal_conditions": ["STATE(Apple, sliced)"]}]}]}]}


def test_base_reads() -> None:
    suite = parse_suite(base())
    assert [t.id for t in suite.tasks()] == ["a", "b"] and suite.skipped == ()
    assert suite.sequences[0].floor_plan == 1


def _edit_task_a(d: dict, **fields: object) -> None:
    d["sequences"][0]["tasks"][0].update(fields)


@pytest.mark.parametrize("edit, reason", [
    (lambda d: _edit_task_a(d, subtasks=[{"goal_conditions": ["OPEN(Fridge)",
                                                              "CLOSED(Fridge)"]}]),
     SkipReason.CONTRADICTORY_GOALS),
    (lambda d: _edit_task_a(d, subtasks=[{"goal_conditions": ["INSIDE(Apple, Fridge)",
                                                              "ON(Apple, CounterTop)"]}]),
     SkipReason.CONTRADICTORY_GOALS),
    (lambda d: _edit_task_a(d, floor_plan=2), SkipReason.BAD_FORMAT),
    (lambda d: _edit_task_a(d, category="simple"), SkipReason.BAD_FORMAT),
    (lambda d: _edit_task_a(d, id="bad id!"), SkipReason.BAD_FORMAT),
    (lambda d: _edit_task_a(d, instruction=""), SkipReason.BAD_FORMAT),
    (lambda d: _edit_task_a(d, subtasks=[]), SkipReason.NO_GOALS),
    (lambda d: _edit_task_a(d, subtasks=[{"goal_conditions": []}]), SkipReason.NO_GOALS),
    (lambda d: _edit_task_a(d, subtasks="INSIDE(Apple, Fridge)"), SkipReason.BAD_FORMAT),
    (lambda d: _edit_task_a(d, subtasks=[{"goal_conditions": ["INSIDE(Laptop, Fridge)"]}]),
     SkipReason.ABSENT_OBJECT),
    (lambda d: _edit_task_a(d, subtasks=[{"goal_conditions": ["FLY(Apple)"]}]),
     SkipReason.UNKNOWN_PREDICATE),
    (lambda d: _edit_task_a(d, subtasks=[{"goal_conditions": ["OPEN(Fridge)"],
                                          "reference": "fuzzy"}]), SkipReason.BAD_FORMAT),
    (lambda d: _edit_task_a(d, subtasks=[{"goal_conditions": ["OPEN(Fridge)"]}] * 17),
     SkipReason.TOO_LARGE),
    (lambda d: _edit_task_a(d, subtasks=[{"goal_conditions": [
        f"STATE({t}, cleaned)" for t in ["Apple", "Mug", "Plate", "Bowl", "Cup", "Pot"] * 6]}]),
     SkipReason.TOO_LARGE),
])
def test_a_bad_task_is_skipped_and_the_next_read(edit, reason: SkipReason) -> None:
    data = copy.deepcopy(base())
    edit(data)
    suite = parse_suite(data)
    assert [s.reason for s in suite.skipped] == [reason]
    assert [t.id for t in suite.tasks()] == ["b"]


def test_a_repeated_id_skips_the_second() -> None:
    data = copy.deepcopy(base())
    _edit_task_a(data, id="b")
    suite = parse_suite(data)
    assert [(s.task, s.reason) for s in suite.skipped] == [("b", SkipReason.DUPLICATE_ID)]
    assert [t.instruction for t in suite.tasks()] == ["Put the apple in the fridge and close it."]


@pytest.mark.parametrize("edit, reason", [
    (lambda d: d["sequences"][0].update(floor_plan=99), SkipReason.UNKNOWN_FLOOR_PLAN),
    (lambda d: d["sequences"][0].update(category="weird"), SkipReason.BAD_FORMAT),
    (lambda d: d["sequences"][0].pop("floor_plan"), SkipReason.BAD_FORMAT),
    (lambda d: d["sequences"][0].update(floor_plan=None, seed=-1), SkipReason.BAD_FORMAT),
])
def test_a_bad_sequence_skips_each_of_its_tasks(edit, reason: SkipReason) -> None:
    data = copy.deepcopy(base())
    edit(data)
    suite = parse_suite(data)
    assert suite.tasks() == []
    assert [(s.task, s.reason) for s in suite.skipped] == [("a", reason), ("b", reason)]


def test_seeded_house_without_floor_plan_data_checks() -> None:
    data = copy.deepcopy(base())
    data["sequences"][0].pop("floor_plan")
    data["sequences"][0]["seed"] = 7
    suite = parse_suite(data)
    assert [t.seed for t in suite.tasks()] == [7, 7]


@pytest.mark.parametrize("data", [
    [], {"format": "other", "version": 1, "sequences": []},
    {"format": "memory_node-task-suite", "version": 2, "sequences": []},
    {"format": "memory_node-task-suite", "version": 1, "sequences": {}},
])
def test_bad_files(data: object) -> None:
    suite = parse_suite(data)
    assert suite.tasks() == [] and suite.skipped[0].reason is SkipReason.BAD_FORMAT


def test_broken_json_file(tmp_path: Path) -> None:
    path = tmp_path / "cut.json"
    path.write_text(json.dumps(base())[:-20])
    suite = read_suite(path)
    assert suite.tasks() == [] and suite.skipped[0].reason is SkipReason.BROKEN_FILE
