"""Goal-condition strings: canonical forms, each quirk of hand-written sets, each refusal,
and contradictions within one moment."""

from __future__ import annotations

import pytest
from tasks_support import requires_floor_plans

from memory_node.core.errors import ErrorCode
from memory_node.sim.tasks.conditions import (
    conflict,
    parse_condition,
    split_at_conflicts,
    split_top_level,
)
from memory_node.sim.tasks.floorplans import floor_plan
from memory_node.sim.tasks.model import GoalCondition, SkipReason, TaskRejected
from memory_node.sim.tasks.vocabulary import load_vocabulary

V = load_vocabulary()


def cond(text: str, plan: int | None = None) -> GoalCondition:
    return parse_condition(text, V, floor_plan(plan) if plan else None).condition


@pytest.mark.parametrize("text, expected", [
    ("INSIDE(Apple, Fridge): 1", GoalCondition("INSIDE", ("Apple", "Fridge"))),
    ("INSIDE(Apple, Fridge)", GoalCondition("INSIDE", ("Apple", "Fridge"))),      # no ": 1"
    ("inside(apple, fridge): 1", GoalCondition("INSIDE", ("Apple", "Fridge"))),
    ("In(Apple,Fridge):1", GoalCondition("INSIDE", ("Apple", "Fridge"))),
    ("SWITCHON(Microwave): 1", GoalCondition("TOGGLEON", ("Microwave",))),
    ("Toggle_On(Microwave)", GoalCondition("TOGGLEON", ("Microwave",))),
    ("turnoff(Faucet): true", GoalCondition("TOGGLEOFF", ("Faucet",))),
    ("ON(DeskLamp): 1", GoalCondition("TOGGLEON", ("DeskLamp",))),            # one argument
    ("SLICED(Apple): 1", GoalCondition("STATE", ("Apple", "sliced"))),
    ("Clean(Mug)", GoalCondition("STATE", ("Mug", "cleaned"))),
    ("STATE(Apple, Cool): 1", GoalCondition("STATE", ("Apple", "cooled"))),
    ("STATE(Potato, hot): 1", GoalCondition("STATE", ("Potato", "heated"))),
    ("STATE(Fridge, open): 1", GoalCondition("OPEN", ("Fridge",))),
    ("OPEN(Fridge): 0", GoalCondition("CLOSED", ("Fridge",))),                 # negation
    ("TOGGLEON(Microwave): 0", GoalCondition("TOGGLEOFF", ("Microwave",))),
    ("INSIDE(Apple, Fridge): 0", GoalCondition("INSIDE", ("Apple", "Fridge"), False)),
    ("HOLDING(Agent, Apple)", GoalCondition("HOLDING", ("Apple",))),
    ("INSIDE(Apple, CounterTop): 1", GoalCondition("ON", ("Apple", "CounterTop"))),
    ("ON(Apple, Fridge): 1", GoalCondition("INSIDE", ("Apple", "Fridge"))),
    ("ON(sliced apple, dish): 1", GoalCondition("ON", ("AppleSliced", "Plate"))),
    ("ON(AppleSliced, Plate)", GoalCondition("ON", ("AppleSliced", "Plate"))),
    ("INSIDE(coffee mugs, cupboard)", GoalCondition("INSIDE", ("Mug", "Cabinet"))),
    ("INSIDE(Egg, Fridge|-02.10|+00.00|+01.09)", GoalCondition("INSIDE", ("Egg", "Fridge"))),
])
def test_quirks_are_read_as_the_canonical_condition(text: str, expected: GoalCondition) -> None:
    assert cond(text) == expected


def test_every_rewrite_is_noted() -> None:
    parsed = parse_condition("inside(coffee mug, cupboard)", V, value_expected=True)
    assert parsed.condition.text == "INSIDE(Mug, Cabinet)"
    notes = " | ".join(parsed.notes)
    assert "no value" in notes and "'coffee mug' -> Mug" in notes and "Cabinet" in notes
    assert parse_condition("INSIDE(Apple, Fridge): 1", V, value_expected=True).notes == ()
    assert parse_condition("INSIDE(Apple, Fridge)", V).notes == ()   # our canonical form


@requires_floor_plans
def test_coordinates_resolve_to_the_receptacle_there() -> None:
    # FloorPlan1's microwave is Microwave|-00.24|+01.69|-02.53.
    parsed = parse_condition("INSIDE(Potato, (-0.24, 1.69, -2.53))", V, floor_plan(1))
    assert parsed.condition == GoalCondition("INSIDE", ("Potato", "Microwave"))
    assert any("Microwave|-00.24|+01.69|-02.53" in n for n in parsed.notes)
    # (x, z) on the floor plan works too.
    assert cond("INSIDE(Potato, [-0.2, -2.5])", 1).args[1] == "Microwave"


@requires_floor_plans
def test_table_means_the_table_the_floor_plan_has() -> None:
    assert cond("ON(Book, table)", 201).args[1] == "DiningTable"
    assert cond("ON(Book, table)", 210).args[1] == "CoffeeTable"     # no dining table there
    assert cond("ON(Bowl, table)", 1).args[1] == "CounterTop"        # kitchen 1: no table


@pytest.mark.parametrize("text, reason", [
    ("NEAR(Apple, Fridge): 1", SkipReason.UNKNOWN_PREDICATE),
    ("CONTAINS(Fridge, Apple): 1", SkipReason.UNKNOWN_PREDICATE),   # order not guessed
    ("INSIDE(Apple): 1", SkipReason.WRONG_ARITY),
    ("TOGGLEON(Lamp, Desk): 1", SkipReason.WRONG_ARITY),
    ("SLICED(Apple, Knife)", SkipReason.WRONG_ARITY),
    ("STATE(Apple, Purple): 1", SkipReason.UNKNOWN_STATE),
    ("STATE(Mug, dirty): 1", SkipReason.UNKNOWN_STATE),               # no skill dirties
    ("INSIDE(Zorblax, Fridge): 1", SkipReason.UNKNOWN_OBJECT),
    ("INSIDE(Apple, Fridge|x|y): 1", SkipReason.UNKNOWN_OBJECT),
    ("INSIDE(Apple, (1.0, 2.0, 3.0)): 1", SkipReason.UNRESOLVED_COORDINATES),  # no plan
    ("INSIDE(Apple, Fridge): 2", SkipReason.BAD_CONDITION),
    ("Apple in the Fridge", SkipReason.BAD_CONDITION),
    ("INSIDE(Apple, ): 1", SkipReason.WRONG_ARITY),
    ("ON(" + "A" * 300 + ", Fridge)", SkipReason.TOO_LARGE),
])
def test_refusals_carry_their_reason(text: str, reason: SkipReason) -> None:
    with pytest.raises(TaskRejected) as info:
        parse_condition(text, V)
    assert info.value.reason is reason
    assert info.value.code == reason.code


@requires_floor_plans
def test_far_coordinates_are_refused() -> None:
    with pytest.raises(TaskRejected) as info:
        parse_condition("INSIDE(Apple, (9.0, 9.0, 9.0))", V, floor_plan(1))
    assert info.value.reason is SkipReason.UNRESOLVED_COORDINATES
    assert info.value.code is ErrorCode.NOT_FOUND


def test_split_top_level_keeps_brackets_together() -> None:
    assert split_top_level("ON(a, b): 1, INSIDE(c, (1, 2, 3)): 1; OPEN(d)") == [
        "ON(a, b): 1", "INSIDE(c, (1, 2, 3)): 1", "OPEN(d)"]
    assert split_top_level(" , ") == []


@pytest.mark.parametrize("a, b", [
    ("OPEN(Fridge)", "CLOSED(Fridge)"),
    ("TOGGLEON(Microwave)", "TOGGLEOFF(Microwave)"),
    ("INSIDE(Apple, Fridge)", "INSIDE(Apple, Fridge): 0"),
    ("INSIDE(Apple, Fridge)", "ON(Apple, CounterTop)"),
    ("HOLDING(Apple)", "HOLDING(Mug)"),
    ("HOLDING(Apple)", "INSIDE(Apple, Fridge)"),
])
def test_contradictions(a: str, b: str) -> None:
    assert conflict(cond(a), cond(b))
    assert conflict(cond(b), cond(a))


@pytest.mark.parametrize("a, b", [
    ("OPEN(Fridge)", "CLOSED(Microwave)"),
    ("INSIDE(Apple, Fridge)", "INSIDE(AppleSliced, Bowl)"),   # the slices are other objects
    ("INSIDE(Apple, Fridge)", "STATE(Apple, cooled)"),
    ("INSIDE(Apple, Fridge): 0", "ON(Apple, CounterTop)"),
    ("HOLDING(Apple)", "TOGGLEON(DeskLamp)"),
])
def test_compatible_goals(a: str, b: str) -> None:
    assert conflict(cond(a), cond(b)) is None


def test_split_at_conflicts_orders_subtasks() -> None:
    goals = [cond(t) for t in ("OPEN(Fridge)", "INSIDE(Lettuce, Fridge)", "CLOSED(Fridge)",
                               "STATE(Lettuce, cooled)", "OPEN(Fridge)")]
    groups = split_at_conflicts(goals)
    assert [[c.text for c in g] for g in groups] == [
        ["OPEN(Fridge)", "INSIDE(Lettuce, Fridge)"],
        ["CLOSED(Fridge)", "STATE(Lettuce, cooled)"],
        ["OPEN(Fridge)"]]
    # Repeating a goal is not a new moment.
    assert len(split_at_conflicts([cond("OPEN(Fridge)"), cond("OPEN(Fridge)")])) == 1
