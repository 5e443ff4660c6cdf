"""State rules and the goal checker on hand-made states."""

from __future__ import annotations

import pytest

from memory_node.sim.core.goals import check, parse_condition
from memory_node.sim.core.rules import apply_rules, basin_under


def _first(w, t):
    return sorted(w.of_type(t), key=lambda o: o.id)[0]


def _small(w, t):
    objs = sorted(w.of_type(t), key=lambda o: o.id)
    if objs:
        return objs[0]
    import numpy as np

    from memory_node.sim.core.world import WorldObject
    o = WorldObject(id=f"{t}_99", type=t, position=np.zeros(3))
    w.objects[o.id] = o
    w.place(o.id, _first(w, "CounterTop").id, "on")
    return o


def test_faucet_on_cleans_and_fills_what_is_in_the_basin(world) -> None:
    faucet = _first(world, "Faucet")
    basin = basin_under(world, faucet)
    assert basin is not None and basin.room == faucet.room
    mug = _small(world, "Mug")
    mug.dirty = True
    world.place(mug.id, basin.id, "in")
    assert apply_rules(world) == []          # faucet off: nothing happens
    assert mug.dirty
    faucet.is_on = True
    changes = apply_rules(world)
    assert f"{mug.id} cleaned" in changes and f"{mug.id} filled" in changes
    assert not mug.dirty and mug.filled == "water"


def test_microwave_heats_only_when_on_and_closed(world) -> None:
    mw = _first(world, "Microwave")
    apple = _small(world, "Apple")
    world.place(apple.id, mw.id, "in")
    mw.is_on, mw.is_open = True, True
    apply_rules(world)
    assert not apple.heated
    mw.is_open = False
    apply_rules(world)
    assert apple.heated and not apple.cooked


def test_burner_cooks_food_in_a_pan_on_it(world) -> None:
    burner = _first(world, "StoveBurner")
    pan = _small(world, "Pan")
    egg = _small(world, "Egg")
    world.place(pan.id, burner.id, "on")
    world.place(egg.id, pan.id, "in")
    burner.is_on = True
    apply_rules(world)
    assert egg.cooked and egg.heated


def test_closed_fridge_cools_and_open_one_does_not(world) -> None:
    fridge = _first(world, "Fridge")
    tomato = _small(world, "Tomato")
    fridge.is_open = True
    world.place(tomato.id, fridge.id, "in")
    apply_rules(world)
    assert not tomato.cooled
    fridge.is_open = False
    apply_rules(world)
    assert tomato.cooled


def test_moving_a_receptacle_moves_its_contents(world) -> None:
    plate = _small(world, "Plate")
    apple = _small(world, "Apple")
    world.place(apple.id, plate.id, "on")
    world.take(plate.id)
    assert apple.parent == plate.id
    assert abs(apple.position[2] - (plate.top + apple.size[2] / 2)) < 1e-6
    table = _first(world, "DiningTable")
    world.place(plate.id, table.id, "on")
    assert world.robot.held is None
    assert abs(apple.position[2] - (plate.top + apple.size[2] / 2)) < 1e-6
    assert world.problems() == []


@pytest.mark.parametrize("text,ok", [
    ("ON(Apple, Plate)", True), ("inside(Apple, Fridge)", True), ("STATE(Mug, clean)", True),
    ("SWITCHON(Microwave)", True), ("HOLDING(Knife)", True), ("OPEN(Fridge)", True),
    ("FLY(Apple)", False), ("ON(Apple)", False), ("STATE(Apple, purple)", False),
    ("ON Apple Plate", False), ("x" * 300, False),
])
def test_condition_parsing(text: str, ok: bool) -> None:
    if ok:
        parse_condition(text)
    else:
        with pytest.raises(ValueError):
            parse_condition(text)


def test_goal_checker_on_hand_made_states(world) -> None:
    fridge = _first(world, "Fridge")
    apple = _small(world, "Apple")
    plate = _small(world, "Plate")
    mw = _first(world, "Microwave")
    for o in world.of_type("Apple"):
        if o.id != apple.id:
            del world.objects[o.id]
    world.place(apple.id, plate.id, "on")
    fridge.is_open, mw.is_on = False, True
    conds = ["ON(Apple, Plate)", "INSIDE(Apple, Fridge)", "CLOSED(Fridge)", "OPEN(Fridge)",
             "TOGGLEON(Microwave)", "TOGGLEOFF(Microwave)", "HOLDING(Apple)",
             "STATE(Apple, sliced)", "ON(AppleSliced, Plate)", f"ON({apple.id}, {plate.id})"]
    assert check(world, conds) == [True, False, True, False, True, False, False, False, False,
                                   True]
    fridge.is_open = True
    world.place(apple.id, fridge.id, "in")
    apple.sliced = True
    assert check(world, ["INSIDE(Apple, Fridge)", "ON(Apple, Plate)", "STATE(Apple, sliced)",
                         "INSIDE(AppleSliced, Fridge)"]) == [True, False, True, True]
    world.take(apple.id)
    assert check(world, ["HOLDING(Apple)", "INSIDE(Apple, Fridge)"]) == [True, False]


def test_goals_score_the_same_on_the_published_ground_truth(world) -> None:
    import json

    from memory_node.sim.core.truth import from_state, to_state

    fridge = _first(world, "Fridge")
    apple = _small(world, "Apple")
    fridge.is_open = True
    world.place(apple.id, fridge.id, "in")
    fridge.is_open = False
    apply_rules(world)
    mug = _small(world, "Mug")
    world.take(mug.id)
    conds = ["INSIDE(Apple, Fridge)", "STATE(Apple, cooled)", "CLOSED(Fridge)",
             "HOLDING(Mug)", "ON(Mug, CounterTop)", "TOGGLEOFF(Microwave)", "OPEN(Fridge)"]
    again = from_state(json.loads(json.dumps(to_state(world))))
    assert check(again, conds) == check(world, conds)
    assert check(world, conds)[:4] == [True, True, True, True]
