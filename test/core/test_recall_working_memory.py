"""Working memory: one warning per precondition rule, and a table that is only data."""

from __future__ import annotations

import pytest

from memory_node.core.recall.describe import HELD_BY_ROBOT
from memory_node.core.recall.preconditions import StepRecord, load_rules, parse_rules
from memory_node.core.recall.working_memory import WorkingMemory
from memory_node.core.units import ObjectMemoryUnit as Unit


def memory() -> dict[str, Unit]:
    units = [
        Unit("Apple_1", "Apple", (0, 0, 0)), Unit("Mug_1", "Mug", (0, 0, 0)),
        Unit("Fridge_1", "Fridge", (0, 0, 0), state="closed"),
        Unit("Cabinet_1", "Cabinet", (0, 0, 0), state="opened"),
        Unit("Faucet_1", "Faucet", (0, 0, 0), state="off"),
        Unit("Sink_1", "SinkBasin", (0, 0, 0)),
        Unit("Lamp_1", "DeskLamp", (0, 0, 0), state="on"),
        Unit("Tv_1", "Television", (0, 0, 0), state="off"),
        Unit("Bread_1", "Bread", (0, 0, 0), state="sliced"),
        Unit("Knife_1", "Knife", (0, 0, 0)),
        Unit("Egg_1", "Egg", (0, 0, 0), state="absent"),
        Unit("Kettle_1", "Kettle", (0, 0, 0), state="filled"),
    ]
    return {u.object_id: u for u in units}


def rule_ids(wm: WorkingMemory, skill: str, args: list[str], units=None) -> set[str]:
    return {w.rule_id for w in wm.check(skill, args, units if units is not None else memory())}


def holding(obj: str) -> WorkingMemory:
    wm = WorkingMemory()
    wm.record(StepRecord("pick", (obj,), "success", held_object=obj, location="kitchen"))
    return wm


def test_every_rule_in_the_table_is_exercised() -> None:
    # keeps this file honest: a rule added to the YAML needs a test here
    tested = {"pick_while_holding", "put_holding_nothing", "put_other_object", "put_into_closed",
              "faucet_empty_sink", "repeat_failed_call", "reexplore_area", "open_opened",
              "close_closed", "toggle_on_on", "toggle_off_off", "slice_without_knife",
              "slice_sliced", "pick_absent", "fill_filled"}
    assert {r.rule_id for r in load_rules()} == tested


def test_pick_while_holding() -> None:
    wm = holding("Apple_1")
    warnings = wm.check("pick", ["Mug_1"], memory())
    assert [w.rule_id for w in warnings] == ["pick_while_holding"]
    assert "Apple_1" in warnings[0].message and "Mug_1" in warnings[0].message
    assert "pick_while_holding" not in rule_ids(WorkingMemory(), "pick", ["Mug_1"])


def test_put_holding_nothing_and_other_object() -> None:
    assert "put_holding_nothing" in rule_ids(WorkingMemory(), "put", ["Apple_1", "Cabinet_1"])
    assert "put_other_object" in rule_ids(holding("Mug_1"), "put", ["Apple_1", "Cabinet_1"])
    assert rule_ids(holding("Apple_1"), "put", ["Apple_1", "Cabinet_1"]) == set()


def test_put_into_closed_receptacle() -> None:
    assert rule_ids(holding("Apple_1"), "put", ["Apple_1", "Fridge_1"]) == {"put_into_closed"}


def test_faucet_with_empty_sink() -> None:
    assert rule_ids(WorkingMemory(), "toggle_on", ["Faucet_1"]) == {"faucet_empty_sink"}
    units = memory()
    units["Mug_1"].receptacle_id, units["Mug_1"].relation = "Sink_1", "in"
    assert rule_ids(WorkingMemory(), "toggle_on", ["Faucet_1"], units) == set()


def test_repeating_a_failed_call() -> None:
    wm = WorkingMemory()
    wm.record(StepRecord("open", ("Fridge_1",), "failure"))
    assert "repeat_failed_call" in rule_ids(wm, "open", ["Fridge_1"])
    assert "repeat_failed_call" not in rule_ids(wm, "open", ["Cabinet_1"])
    wm.record(StepRecord("open", ("Fridge_1",), "success"))
    assert "repeat_failed_call" not in rule_ids(wm, "open", ["Fridge_1"])


def test_reexploring_an_area() -> None:
    wm = WorkingMemory(window=3)
    wm.record(StepRecord("explore", ("kitchen",), "success", location="kitchen"))
    assert rule_ids(wm, "explore", ["kitchen"]) == {"reexplore_area"}
    assert rule_ids(wm, "explore", ["bedroom"]) == set()
    for _ in range(3):  # the window forgets
        wm.record(StepRecord("navigate", ("bedroom",), "success"))
    assert rule_ids(wm, "explore", ["kitchen"]) == set()


def test_state_rules() -> None:
    wm = WorkingMemory()
    assert rule_ids(wm, "open", ["Cabinet_1"]) == {"open_opened"}
    assert rule_ids(wm, "open", ["Fridge_1"]) == set()
    assert rule_ids(wm, "close", ["Fridge_1"]) == {"close_closed"}
    assert rule_ids(wm, "toggle_on", ["Lamp_1"]) == {"toggle_on_on"}
    assert rule_ids(wm, "toggle_off", ["Tv_1"]) == {"toggle_off_off"}
    assert rule_ids(wm, "pick", ["Egg_1"]) == {"pick_absent"}
    assert rule_ids(wm, "fill", ["Kettle_1"]) == {"fill_filled"}


def test_slicing_rules() -> None:
    assert rule_ids(WorkingMemory(), "slice", ["Apple_1"]) == {"slice_without_knife"}
    assert rule_ids(holding("Knife_1"), "slice", ["Apple_1"]) == set()
    assert rule_ids(holding("Knife_1"), "slice", ["Bread_1"]) == {"slice_sliced"}


def test_held_object_read_from_memory_before_any_step() -> None:
    units = memory()
    units["Mug_1"].receptacle_id = HELD_BY_ROBOT
    assert "pick_while_holding" in rule_ids(WorkingMemory(), "pick", ["Apple_1"], units)


def test_window_and_summary() -> None:
    wm = WorkingMemory(window=2)
    for obj in ("Apple_1", "Mug_1", "Knife_1"):
        wm.record(StepRecord("navigate", (obj,), "success", location="kitchen"))
    assert len(wm.steps) == 2 and wm.steps[0].args == ("Mug_1",)
    assert wm.summary().splitlines()[0] == "1. navigate(Mug_1) -> success, in kitchen"


def test_bad_steps_are_rejected() -> None:
    wm = WorkingMemory()
    with pytest.raises(ValueError, match="unknown skill"):
        wm.record(StepRecord("fly", ("x",), "success"))
    with pytest.raises(ValueError, match="result"):
        wm.record(StepRecord("pick", ("x",), "meh"))
    with pytest.raises(ValueError, match="arguments"):
        wm.check("put", ["only_one"])
    with pytest.raises(ValueError, match="window"):
        WorkingMemory(window=0)


@pytest.mark.parametrize(("table", "message"), [
    ({"rules": [{"id": "r", "skills": ["pick"], "when": {"__import__": "os"}}]},
     "unknown condition"),
    ({"rules": [{"id": "r", "skills": ["fly"], "when": {"holding": "any"}}]}, "unknown"),
    ({"rules": [{"id": "r", "skills": ["pick"], "when": {"holding": "maybe"}}]},
     "bad parameter"),
    ({"rules": [{"id": "r", "skills": ["pick"], "when": {}}]}, "non-empty"),
    ({"rules": "pick"}, "rules"),
])
def test_rule_table_is_validated(table: dict, message: str) -> None:
    with pytest.raises(ValueError, match=message):
        parse_rules(table)


def test_messages_cannot_reach_attributes() -> None:
    rules = parse_rules({"rules": [{"id": "r", "skills": ["pick"], "when": {"holding": "nothing"},
                                    "message": "{arg0.__class__} {arg0}"}]})
    wm = WorkingMemory(rules=rules)
    assert wm.check("pick", ["Apple_1"])[0].message == "{arg0.__class__} Apple_1"
