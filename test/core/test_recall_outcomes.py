"""Outcome effects: each skill's change to memory, and rejected outcomes change nothing."""

from __future__ import annotations

import copy
import math
from dataclasses import replace

import pytest

from memory_node.core.recall.describe import HELD_BY_ROBOT
from memory_node.core.recall.outcomes import (
    REASON_NOT_FOUND,
    SkillOutcome,
    apply_outcome,
    follow_robot,
)
from memory_node.core.units import ObjectMemoryUnit as Unit


def memory() -> dict[str, Unit]:
    units = [
        Unit("Apple_1", "Apple", (1.0, 0.9, 1.0), area_id="kitchen", last_seen=10.0,
             confidence=0.8),
        Unit("Fridge_1", "Fridge", (3.0, 0.0, 1.0), state="closed", area_id="kitchen"),
        Unit("CounterTop_1", "CounterTop", (2.0, 0.9, 0.0), area_id="kitchen"),
        Unit("Mug_1", "Mug", (0.0, 0.9, 1.0), state="filled", area_id="kitchen"),
        Unit("Kettle_1", "Kettle", (0.0, 0.9, 2.0), area_id="kitchen"),
        Unit("Faucet_1", "Faucet", (0.0, 1.0, 0.0), state="off", area_id="kitchen"),
    ]
    return {u.object_id: u for u in units}


def one(units: dict, skill: str, *args: str, **kw) -> Unit:
    changed = apply_outcome(units, SkillOutcome(skill, args, kw.pop("success", True),
                                                stamp=100.0, **kw))
    assert len(changed) == 1
    return changed[0]


@pytest.mark.parametrize(("skill", "obj", "state"), [
    ("slice", "Apple_1", "sliced"), ("clean", "Mug_1", "cleaned"), ("heat", "Mug_1", "heated"),
    ("cook", "Apple_1", "cooked"), ("toggle_on", "Faucet_1", "on"),
    ("toggle_off", "Faucet_1", "off"), ("open", "Fridge_1", "opened"),
    ("close", "Fridge_1", "closed"), ("fill", "Kettle_1", "filled"),
])
def test_state_changing_skills(skill: str, obj: str, state: str) -> None:
    units = memory()
    before = copy.deepcopy(units)
    changed = one(units, skill, obj)
    assert changed.object_id == obj and changed.state == state
    assert changed.last_seen == 100.0 and changed.last_touched_by == "robot"
    assert units == before  # inputs are never mutated


def test_put_in_and_on() -> None:
    units = memory()
    into = one(units | {"Fridge_1": replace(units["Fridge_1"], state="opened")},
               "put", "Apple_1", "Fridge_1")
    assert (into.receptacle_id, into.relation, into.position) == ("Fridge_1", "in",
                                                                 (3.0, 0.0, 1.0))
    onto = one(units, "put", "Apple_1", "CounterTop_1")
    assert (onto.receptacle_id, onto.relation) == ("CounterTop_1", "on")
    explicit = one(units, "put", "Apple_1", "Mug_1", "on")
    assert explicit.relation == "on"


def test_put_on_a_long_top_stands_where_the_robot_set_it_down() -> None:
    units = memory()  # the counter's centre (2.0, 0.9, 0.0); 1.6 x 0.6 x 0.9 m
    extents = {"CounterTop_1": (1.6, 0.6, 0.9)}
    robot = (1.0, 0.0, 0.0)  # in front of the counter's left end
    (onto,) = apply_outcome(units, SkillOutcome("put", ("Apple_1", "CounterTop_1"), True,
                                                robot_position=robot, stamp=100.0),
                            extents=extents)
    # On the top (z 0.45), inside the footprint less 0.1 m, towards the robot.
    x, y, z = onto.position
    assert (x, y, z) == pytest.approx((1.3, 0.7, 0.45))
    assert math.dist(onto.position[:2], robot[:2]) < math.dist((2.0, 0.9), robot[:2]) - 0.3
    # Standing over the top's middle: the spot in front of the robot, on the top.
    (over,) = apply_outcome(units, SkillOutcome("put", ("Apple_1", "CounterTop_1"), True,
                                                robot_position=(2.1, 0.95, 0.0), stamp=1.0),
                            extents=extents)
    assert over.position == pytest.approx((2.1, 0.95, 0.45))
    # Without a box or the robot's position: the receptacle's position, as before.
    for kw in ({"extents": {}}, {"extents": extents, "robot": None}):
        (centre,) = apply_outcome(units, SkillOutcome(
            "put", ("Apple_1", "CounterTop_1"), True, stamp=1.0,
            robot_position=kw.get("robot", robot)), extents=kw["extents"])
        assert centre.position == (2.0, 0.9, 0.0)
    # Into a receptacle: its position (a fridge's shelf is not in front of the robot).
    into, _ = apply_outcome(units, SkillOutcome("put", ("Apple_1", "Fridge_1"), True,
                                                robot_position=robot, stamp=1.0),
                            extents={"Fridge_1": (0.8, 0.8, 1.8)})
    assert into.position == (3.0, 0.0, 1.0)


def test_a_put_into_a_receptacle_memory_has_closed_says_it_is_open() -> None:
    """The skill table requires a put's receptacle open: a put that succeeded went into an
    open one, whatever the camera read. Memory's cabinet, misread shut twice just before
    the put, kept the plunger in a "closed" cabinet, and "close it" then had nothing to
    do with the cabinet open (plan 425, blind arm, s0002). A failed put, a put on a top
    and a put into what memory has open say nothing of the state."""
    units = memory()   # the fridge closed
    into, fridge = apply_outcome(units, SkillOutcome("put", ("Apple_1", "Fridge_1"), True,
                                                     stamp=100.0))
    assert into.receptacle_id == "Fridge_1"
    assert (fridge.object_id, fridge.state, fridge.last_seen) == ("Fridge_1", "opened", 100.0)
    assert units["Fridge_1"].state == "closed"   # inputs are never mutated
    assert apply_outcome(units, SkillOutcome("put", ("Apple_1", "Fridge_1"), False,
                                             stamp=100.0)) == []
    opened = units | {"Fridge_1": replace(units["Fridge_1"], state="opened")}
    assert [u.object_id for u in apply_outcome(opened, SkillOutcome(
        "put", ("Apple_1", "Fridge_1"), True, stamp=100.0))] == ["Apple_1"]
    assert [u.object_id for u in apply_outcome(units, SkillOutcome(
        "put", ("Apple_1", "CounterTop_1"), True, stamp=100.0))] == ["Apple_1"]


def test_pick_makes_the_robot_hold_it_and_it_follows() -> None:
    units = memory()
    held = one(units, "pick", "Apple_1", robot_position=(5.0, 0.0, 5.0), robot_area="hall")
    assert held.receptacle_id == HELD_BY_ROBOT and held.relation == ""
    assert held.position == (5.0, 0.0, 5.0) and held.area_id == "hall"
    units[held.object_id] = held
    moved = apply_outcome(units, SkillOutcome("navigate", ("bedroom",), True,
                                              robot_position=(9.0, 0.0, 9.0),
                                              robot_area="bedroom", stamp=101.0))
    assert [(u.object_id, u.position, u.area_id) for u in moved] == [
        ("Apple_1", (9.0, 0.0, 9.0), "bedroom")]
    assert follow_robot(units, (1.0, 2.0, 3.0))[0].position == (1.0, 2.0, 3.0)


def test_pour_empties_the_source_and_fills_the_target() -> None:
    changed = apply_outcome(memory(), SkillOutcome("pour", ("Mug_1", "Kettle_1"), True))
    assert {u.object_id: u.state for u in changed} == {"Mug_1": "none", "Kettle_1": "filled"}


def test_failed_pick_because_absent_marks_it_absent() -> None:
    units = memory()
    gone = one(units, "pick", "Apple_1", success=False, reason=REASON_NOT_FOUND)
    assert gone.state == "absent" and gone.confidence == pytest.approx(0.4)
    units["Apple_1"] = gone
    found = one(units, "pick", "Apple_1")
    assert found.state == "none" and found.confidence == 1.0


def test_other_failures_change_nothing() -> None:
    assert apply_outcome(memory(), SkillOutcome("pick", ("Apple_1",), False, "blocked")) == []
    assert apply_outcome(memory(), SkillOutcome("open", ("Fridge_1",), False)) == []
    assert apply_outcome(memory(), SkillOutcome("explore", ("kitchen",), True)) == []


@pytest.mark.parametrize(("outcome", "message"), [
    (SkillOutcome("teleport", ("Apple_1",), True), "unknown skill"),
    (SkillOutcome("pick", ("Banana_9",), True), "unknown object id"),
    (SkillOutcome("put", ("Apple_1", "Nowhere_1"), True), "unknown object id"),
    (SkillOutcome("put", ("Apple_1",), True), "arguments"),
    (SkillOutcome("put", ("Apple_1", "Fridge_1", "under"), True), "relation"),
    (SkillOutcome("pick", "Apple_1", True), "list of strings"),
    (SkillOutcome("pick", ("Apple_1",), True, robot_position=(float("nan"), 0, 0)),
     "not finite"),
    (SkillOutcome("pick", ("Apple_1",), True, stamp=-5.0), "valid time"),
])
def test_rejected_outcomes_leave_memory_unchanged(outcome: SkillOutcome, message: str) -> None:
    units = memory()
    before = copy.deepcopy(units)
    with pytest.raises(ValueError, match=message):
        apply_outcome(units, outcome)
    assert units == before


def kitchen_with_fixtures() -> dict[str, Unit]:
    units = memory()
    more = [
        Unit("Cup_1", "Cup", (3.0, 0.0, 1.0), state="heated", area_id="kitchen",
             receptacle_id="Fridge_1", relation="in"),
        Unit("Bowl_1", "Bowl", (3.0, 0.0, 1.0), area_id="kitchen",
             receptacle_id="Fridge_1", relation="in"),
        Unit("Egg_1", "Egg", (3.0, 0.0, 1.0), state="heated", area_id="kitchen",
             receptacle_id="Bowl_1", relation="in"),
        Unit("Plate_1", "Plate", (3.0, 0.0, 1.0), state="cleaned", area_id="kitchen",
             receptacle_id="Fridge_1", relation="in"),
        Unit("Tomato_1", "Tomato", (3.0, 0.0, 1.0), state="sliced", area_id="kitchen",
             receptacle_id="Fridge_1", relation="in"),
        Unit("Potato_1", "Potato", (3.0, 0.0, 1.0), state="cooled", area_id="kitchen",
             receptacle_id="Fridge_1", relation="in"),
        Unit("Microwave_1", "Microwave", (5.0, 0.0, 1.0), state="opened", area_id="kitchen"),
        Unit("Mug_2", "Mug", (5.0, 0.0, 1.0), state="heated", area_id="kitchen",
             receptacle_id="Microwave_1", relation="in"),
        Unit("StoveBurner_1", "StoveBurner", (6.0, 0.0, 1.0), state="on", area_id="kitchen"),
    ]
    units.update({u.object_id: u for u in more})
    return units


def test_shutting_a_fixture_withdraws_the_state_beliefs_it_may_undo() -> None:
    """The fridge is the fixture of `cool` in the skill table, whose effect clears heated:
    shut, it may chill what is in it out of sight, so a heated cup (and a heated egg in a
    bowl in it) is no longer known heated; what cooling does not clear (cooled, sliced,
    cleaned) stays. Without it memory kept the cup heated (round 12, tune s0017)."""
    units = kitchen_with_fixtures()
    before = copy.deepcopy(units)
    changed = {u.object_id: u for u in apply_outcome(
        units, SkillOutcome("close", ("Fridge_1",), True, stamp=100.0))}
    assert changed["Fridge_1"].state == "closed"
    assert changed["Cup_1"].state == "none" and changed["Egg_1"].state == "none"
    assert changed["Cup_1"].last_seen == units["Cup_1"].last_seen  # not a sighting
    assert {"Tomato_1", "Potato_1", "Plate_1", "Bowl_1", "Mug_2"}.isdisjoint(changed)
    assert units == before
    # A microwave is where `heat` leaves things heated: shutting it keeps the mug heated.
    shut = apply_outcome(units, SkillOutcome("close", ("Microwave_1",), True, stamp=100.0))
    assert [u.object_id for u in shut] == ["Microwave_1"]
    # Opening a fridge starts nothing; a failed close changes nothing.
    assert [u.object_id for u in apply_outcome(
        units, SkillOutcome("open", ("Fridge_1",), True, stamp=100.0))] == ["Fridge_1"]
    assert apply_outcome(units, SkillOutcome("close", ("Fridge_1",), False, stamp=1.0)) == []


def test_switching_a_fixture_on_or_putting_on_a_working_one_withdraws_states() -> None:
    units = kitchen_with_fixtures()
    units["Potato_1"] = replace(units["Potato_1"], receptacle_id="", relation="")
    # A cooled potato put on a burner that is on: heat, worked at a stove, clears cooled.
    onto = one(units, "put", "Potato_1", "StoveBurner_1")
    assert onto.receptacle_id == "StoveBurner_1" and onto.state == "none"
    # The same put on a burner that is off keeps the belief.
    units["StoveBurner_1"] = replace(units["StoveBurner_1"], state="off")
    assert one(units, "put", "Potato_1", "StoveBurner_1").state == "cooled"
    # Switched on with the cooled potato on it: withdrawn then.
    units["Potato_1"] = replace(units["Potato_1"], receptacle_id="StoveBurner_1",
                                relation="on")
    changed = {u.object_id: u for u in apply_outcome(
        units, SkillOutcome("toggle_on", ("StoveBurner_1",), True, stamp=100.0))}
    assert changed["StoveBurner_1"].state == "on" and changed["Potato_1"].state == "none"


def test_what_memory_has_in_a_carried_box_goes_where_the_box_goes() -> None:
    """Plan 213 (rounds 22-23): the card put in the box stayed in memory at the box's old
    spot every time the robot carried the box elsewhere; four such cards, 1-1.5 m from
    any card, used up a later task's re-plans. Picked, carried and put, the box takes
    what memory has in it (nested too) along; what is beside it stays."""
    units = memory()
    units["Box_1"] = Unit("Box_1", "Box", (2.0, 0.9, 0.5), state="closed", area_id="kitchen")
    units["Card_1"] = Unit("Card_1", "CreditCard", (2.0, 0.9, 0.5), area_id="kitchen",
                           receptacle_id="Box_1", relation="in")
    units["Ring_1"] = Unit("Ring_1", "Ring", (2.0, 0.9, 0.5), area_id="kitchen",
                           receptacle_id="Card_1", relation="on")
    units["Key_1"] = Unit("Key_1", "KeyChain", (2.1, 0.9, 0.5), area_id="kitchen")
    changed = apply_outcome(units, SkillOutcome("pick", ("Box_1",), True, stamp=100.0,
                                                robot_position=(1.5, 0.5, 0.0)))
    assert {u.object_id: u.position for u in changed} == {
        "Box_1": (1.5, 0.5, 0.0), "Card_1": (1.5, 0.5, 0.0), "Ring_1": (1.5, 0.5, 0.0)}
    units.update({u.object_id: u for u in changed})
    moved = follow_robot(units, (6.0, 2.0, 0.0), "living_room", 110.0)
    assert {u.object_id: (u.position, u.area_id) for u in moved} == {
        o: ((6.0, 2.0, 0.0), "living_room") for o in ("Box_1", "Card_1", "Ring_1")}
    units.update({u.object_id: u for u in moved})
    units["Sofa_1"] = Unit("Sofa_1", "Sofa", (6.5, 2.0, 0.4), area_id="living_room")
    changed = apply_outcome(units, SkillOutcome("put", ("Box_1", "Sofa_1", "on"), True,
                                                stamp=120.0))
    by_id = {u.object_id: u for u in changed}
    assert set(by_id) == {"Box_1", "Card_1", "Ring_1"}
    assert by_id["Card_1"].position == by_id["Box_1"].position == (6.5, 2.0, 0.4)
    assert by_id["Card_1"].receptacle_id == "Box_1" and by_id["Card_1"].area_id == "living_room"


def test_a_put_without_a_relation_on_a_toilet_or_a_dresser_is_on_it_and_in_a_pan() -> None:
    """Round 52: a set-down put (no relation argument) is recorded with the category table's
    relation. The table had Toilet and Dresser "in", where the household world (and ALFRED)
    stands things on the tank / the top: memory kept a soap bar "in" a toilet the world had on
    it. A pan holds food in it as a pot does."""
    units = memory() | {u.object_id: u for u in (
        Unit("Toilet_1", "Toilet", (5.0, 0.0, 0.2), area_id="bathroom"),
        Unit("Dresser_1", "Dresser", (6.0, 0.0, 0.4), area_id="bedroom"),
        Unit("Pan_1", "Pan", (1.0, 0.0, 0.9), area_id="kitchen"))}
    assert one(units, "put", "Apple_1", "Toilet_1").relation == "on"
    assert one(units, "put", "Apple_1", "Dresser_1").relation == "on"
    assert one(units, "put", "Apple_1", "Pan_1").relation == "in"
