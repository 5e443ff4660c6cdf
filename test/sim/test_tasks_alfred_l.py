"""KARMA's ALFRED-L files read as published: categories, sequences per floor plan, every
quirk of the fixture accepted as the canonical goal, every bad task skipped with its
reason, and reading never stops."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from tasks_support import FIXTURES, requires_floor_plans

from memory_node.core.errors import ErrorCode
from memory_node.sim.tasks.alfred_l import parse_alfred_l, read_alfred_l
from memory_node.sim.tasks.model import MAX_TASKS_PER_FILE, SkipReason, Suite, Task

pytestmark = requires_floor_plans


def by_id(suite: Suite) -> dict[str, Task]:
    return {t.id: t for t in suite.tasks()}


def goals(task: Task) -> list[list[str]]:
    return [[str(c) for c in s.conditions] for s in task.subtasks]


def test_clean_file_categories_and_sequences() -> None:
    suite = read_alfred_l(FIXTURES / "alfred_l_clean.json")
    assert suite.skipped == ()
    assert suite.summary()["per_category"] == {"simple": 3, "composite": 3, "complex": 2}
    seqs = {s.id: [t.id for t in s.tasks] for s in suite.sequences}
    # One sequence per category and floor plan, tasks in file order.
    assert seqs == {"simple-FloorPlan1": ["simple-1", "simple-2"],
                    "simple-FloorPlan301": ["simple-3"],
                    "composite-FloorPlan1": ["composite-1", "composite-2", "composite-3"],
                    "complex-FloorPlan5": ["complex-1", "complex-2"]}
    tasks = by_id(suite)
    assert goals(tasks["simple-2"]) == [["ON(Mug, CounterTop)", "STATE(Mug, cleaned)"]]
    assert tasks["composite-2"].instruction == "Put the washed apple in the fridge."
    assert tasks["composite-2"].subtasks[0].planner_conditions == ("INSIDE(Apple, Fridge)",)
    # KARMA's complex set names objects loosely: its recalls count as vague for MRA.
    assert {s.reference for t in suite.tasks() if t.category == "complex"
            for s in t.subtasks} == {"vague"}
    assert {s.reference for t in suite.tasks() if t.category != "complex"
            for s in t.subtasks} == {"direct"}


QUIRKS = {
    "composite-1": ([["INSIDE(Apple, Fridge)", "STATE(Apple, cooled)"]], "no value"),
    "composite-2": ([["INSIDE(Tomato, Fridge)", "TOGGLEON(Microwave)"]], "Toggle_On"),
    "composite-3": ([["TOGGLEON(Microwave)", "TOGGLEOFF(Faucet)"]], "SWITCHON"),
    "composite-4": ([["STATE(Bread, sliced)", "STATE(Plate, cleaned)"]], "SLICED(x)"),
    "composite-5": ([["INSIDE(Egg, Fridge)"]], "object id Fridge|-02.10|+00.00|+01.09"),
    "composite-6": ([["INSIDE(Potato, Microwave)"]], "coordinates (-0.24, 1.69, -2.53)"),
    "composite-7": ([["INSIDE(Mug, Cabinet)", "ON(AppleSliced, Plate)"]], "'coffee mug'"),
    "composite-8": ([["OPEN(Fridge)", "INSIDE(Lettuce, Fridge)"], ["CLOSED(Fridge)"]],
                    "split into 2 subtasks"),
    "composite-9": ([["ON(Apple, CounterTop)"]], "FloorPlan 'FloorPlan5' read as 5"),
    "composite-10": ([["TOGGLEON(FloorLamp)", "HOLDING(RemoteControl)"]], "HOLDING(Agent"),
    "composite-11": ([["CLOSED(Microwave)"]], "not OPEN -> CLOSED"),
    "composite-12": ([["ON(Bowl, CounterTop)"]], "field 'goal_condition'"),
}


@pytest.mark.parametrize("task_id", sorted(QUIRKS))
def test_each_quirk_is_accepted_with_a_note(task_id: str) -> None:
    suite = read_alfred_l(FIXTURES / "alfred_l_quirks.json")
    assert suite.skipped == ()
    task = by_id(suite)[task_id]
    want, note = QUIRKS[task_id]
    assert goals(task) == want
    assert any(note in n for n in task.notes), task.notes


BAD = {
    "simple-1": SkipReason.DUPLICATE_ID,        # ID 1 appears twice: both are doubtful
    "simple-2": SkipReason.ABSENT_OBJECT,
    "simple-3": SkipReason.UNKNOWN_OBJECT,
    "simple-4": SkipReason.WRONG_ARITY,
    "simple-5": SkipReason.UNKNOWN_FLOOR_PLAN,
    "simple-6": SkipReason.UNKNOWN_STATE,
    "simple-7": SkipReason.UNRESOLVED_COORDINATES,
    "simple-8": SkipReason.NO_GOALS,
    "simple-9": SkipReason.BAD_CONDITION,
    "simple-10": SkipReason.BAD_FORMAT,
    "simple-11": SkipReason.UNKNOWN_PREDICATE,
    "simple-12": SkipReason.ABSENT_OBJECT,      # heating needs a microwave or a stove
}


def test_bad_tasks_are_skipped_with_reasons_and_the_rest_read() -> None:
    suite = read_alfred_l(FIXTURES / "alfred_l_bad.json")
    assert [t.id for t in suite.tasks()] == ["simple-13"]
    reasons = {s.task: s.reason for s in suite.skipped if s.task}
    # The first simple-1 (unknown predicate) and the repeated one are both reported.
    first = [s for s in suite.skipped if s.task == "simple-1"]
    assert [s.reason for s in first] == [SkipReason.UNKNOWN_PREDICATE, SkipReason.DUPLICATE_ID]
    assert reasons == BAD
    # The unknown top-level list is reported at file level.
    assert any(s.sequence == "ExtraTasks" and s.reason is SkipReason.BAD_FORMAT
               for s in suite.skipped)
    summary = suite.summary()
    assert summary["tasks"] == 1 and summary["skipped"] == 14
    assert summary["skipped_per_reason"]["absent_from_floor_plan"] == 2
    assert all(isinstance(s.code, ErrorCode) for s in suite.skipped)
    assert "FloorPlan1 has no Laptop" in str(next(s for s in suite.skipped
                                                  if s.task == "simple-2"))


def test_broken_file_is_one_skip_not_an_error(tmp_path: Path) -> None:
    suite = read_alfred_l(FIXTURES / "alfred_l_broken.json")
    assert suite.tasks() == [] and len(suite.skipped) == 1
    assert suite.skipped[0].reason is SkipReason.BROKEN_FILE
    missing = read_alfred_l(tmp_path / "absent.json")
    assert missing.skipped[0].reason is SkipReason.BROKEN_FILE
    deep = tmp_path / "deep.json"
    deep.write_text("[" * 100000 + "]" * 100000)
    assert read_alfred_l(deep).skipped[0].reason in (SkipReason.BROKEN_FILE,
                                                     SkipReason.BAD_FORMAT)
    binary = tmp_path / "binary.json"
    binary.write_bytes(b"\xff\xfe\x00garbage")
    assert read_alfred_l(binary).skipped[0].reason is SkipReason.BROKEN_FILE


@pytest.mark.parametrize("data", [[], "text", 3, None])
def test_top_level_not_an_object(data: object) -> None:
    suite = parse_alfred_l(data)
    assert suite.tasks() == [] and suite.skipped[0].reason is SkipReason.BAD_FORMAT


@pytest.mark.parametrize("entry, reason", [
    ("not an object", SkipReason.BAD_FORMAT),
    ({"FloorPlan": 1.5, "ID": 1, "Goal Condition": "OPEN(Fridge)", "Instruction": "x"},
     SkipReason.BAD_FORMAT),
    ({"FloorPlan": True, "ID": 1, "Goal Condition": "OPEN(Fridge)", "Instruction": "x"},
     SkipReason.BAD_FORMAT),
    ({"FloorPlan": "kitchen", "ID": 1, "Goal Condition": "OPEN(Fridge)", "Instruction": "x"},
     SkipReason.BAD_FORMAT),
    ({"FloorPlan": 1, "ID": 1, "Goal Condition": "OPEN(Fridge)", "Instruction": ""},
     SkipReason.BAD_FORMAT),
    ({"FloorPlan": 1, "ID": 1, "Goal Condition": "OPEN(Fridge)", "Instruction": "x" * 5000},
     SkipReason.TOO_LARGE),
    ({"FloorPlan": 1, "ID": 1, "Goal Condition": 7, "Instruction": "x"},
     SkipReason.BAD_FORMAT),
    ({"FloorPlan": 1, "ID": 1, "Goal Condition": ", ".join(["OPEN(Fridge)"] * 2 +
                                                          [f"STATE(Apple, {s})" for s in
                                                           ["sliced", "cleaned"] * 20]),
      "Instruction": "x"}, SkipReason.TOO_LARGE),
])
def test_malformed_entries(entry: object, reason: SkipReason) -> None:
    suite = parse_alfred_l({"SimpleTasks": [entry, {"FloorPlan": 1, "ID": 99,
                                                    "Goal Condition": "OPEN(Fridge): 1",
                                                    "Instruction": "Open the fridge."}]})
    assert [s.reason for s in suite.skipped] == [reason]
    assert [t.id for t in suite.tasks()] == ["simple-99"]       # the next task still read


def test_goal_list_instead_of_string() -> None:
    suite = parse_alfred_l({"SimpleTasks": [{"FloorPlan": 1, "ID": 1, "Instruction": "x",
                                             "Goal Condition": ["OPEN(Fridge): 1",
                                                                "INSIDE(Egg, Fridge): 1"]}]})
    assert goals(suite.tasks()[0]) == [["OPEN(Fridge)", "INSIDE(Egg, Fridge)"]]


def test_task_count_limit(tmp_path: Path) -> None:
    entry = {"FloorPlan": 1, "Goal Condition": "OPEN(Fridge): 1", "Instruction": "x"}
    data = {"SimpleTasks": [dict(entry, ID=i) for i in range(MAX_TASKS_PER_FILE + 3)]}
    path = tmp_path / "many.json"
    path.write_text(json.dumps(data))
    suite = read_alfred_l(path)
    assert len(suite.tasks()) == MAX_TASKS_PER_FILE
    assert [s.reason for s in suite.skipped] == [SkipReason.TOO_LARGE] * 3
