"""The name table (config/task_vocabulary.yaml): it parses, every target is a real type,
states are the skill table's, floor plans pick among candidates, refusals at load time."""

from __future__ import annotations

import copy

import pytest
import yaml
from tasks_support import requires_floor_plans

from memory_node.core.skills import load_skill_table
from memory_node.sim.tasks.floorplans import floor_plan
from memory_node.sim.tasks.vocabulary import CONFIG_DIR, load_vocabulary, parse_vocabulary

V = load_vocabulary()


def raw() -> tuple[dict, dict]:
    return (yaml.safe_load((CONFIG_DIR / "task_vocabulary.yaml").read_text()),
            yaml.safe_load((CONFIG_DIR / "object_categories.yaml").read_text()))


def test_yaml_booleans_did_not_eat_predicates() -> None:
    # ON / OFF unquoted would load as True / False.
    data, _ = raw()
    for section in ("predicates", "predicate_aliases", "one_argument_forms"):
        assert all(isinstance(k, str) for k in data[section]), section
        assert all(v is None or isinstance(v, (str, int)) and not isinstance(v, bool)
                   for v in data[section].values()), section
    assert V.arity == {"ON": 2, "INSIDE": 2, "STATE": 2, "TOGGLEON": 1, "TOGGLEOFF": 1,
                       "OPEN": 1, "CLOSED": 1, "HOLDING": 1}


def test_states_are_the_skill_tables_effects() -> None:
    table = load_skill_table()
    effects = {s.state_after[1] for s in table.skills.values() if s.state_after}
    assert V.states == effects | {"filled"}
    assert {"sliced", "cleaned", "heated", "cooled", "cooked", "opened", "on"} <= V.states


@requires_floor_plans
def test_every_target_type_is_an_ai2thor_type() -> None:
    from alfworld.gen import constants

    thor = set(constants.OBJECTS_WSLICED)
    targets = {t for ts in V.objects.values() for t in ts}
    assert targets <= thor, sorted(targets - thor)


@pytest.mark.parametrize("name, expected", [
    ("Apple", "Apple"), ("apple", "Apple"), ("APPLE", "Apple"), ("apples", "Apple"),
    ("fridge", "Fridge"), ("Refrigerator", "Fridge"), ("coffee mug", "Mug"),
    ("trash can", "GarbageCan"), ("trash_can", "GarbageCan"), ("tv", "Television"),
    ("knives", "Knife"), ("boxes", "Box"), ("butter knife", "ButterKnife"),
    ("sliced apple", "AppleSliced"), ("apple slices", "AppleSliced"),
    ("AppleSliced", "AppleSliced"), ("tomato_sliced", "TomatoSliced"),
    ("Cup", "Cup"), ("cup", "Cup"), ("remote", "RemoteControl"), ("couch", "Sofa"),
])
def test_names_without_a_floor_plan(name: str, expected: str) -> None:
    assert V.resolve_object(name)[0] == expected


@pytest.mark.parametrize("name", ["Zorblax", "", "the", "oven", "slices"])
def test_unknown_names(name: str) -> None:
    assert V.resolve_object(name)[0] is None


@requires_floor_plans
def test_a_floor_plan_chooses_among_candidates() -> None:
    k1 = floor_plan(1)
    assert k1 is not None and not k1.has("DiningTable")
    assert V.resolve_object("table", k1.types)[0] == "CounterTop"
    assert V.resolve_object("table", floor_plan(201).types)[0] == "DiningTable"
    # An exact type is never swapped for another, even when absent: absence is a skip.
    assert V.resolve_object("Laptop", k1.types)[0] == "Laptop"
    # A type only a floor plan lists is known with it.
    assert V.resolve_object("Glassbottle", k1.types)[0] == "Glassbottle"


def test_relation_follows_the_category_table() -> None:
    assert V.relation("Fridge") == "INSIDE" and V.relation("Drawer") == "INSIDE"
    assert V.relation("CounterTop") == "ON" and V.relation("Plate") == "ON"


@pytest.mark.parametrize("edit, message", [
    (lambda d: d["predicate_aliases"].update({"NEAR": "CLOSE_TO"}), "unknown predicate"),
    (lambda d: d["state_aliases"].update({"dirty": "dirty"}), "no skill"),
    (lambda d: d["state_predicates"].update({"DIRTY": "dirty"}), "no skill"),
    (lambda d: d["objects"].update({"thing": "Apple"}), "list of AI2-THOR type"),
    (lambda d: d["objects"].update({"thing": ["apple"]}), "list of AI2-THOR type"),
    (lambda d: d["one_argument_forms"].update({"ON": "INSIDE"}), "one-argument"),
    (lambda d: d["predicates"].update({"BETWEEN": 3}), "one or two"),
])
def test_bad_tables_are_refused_at_load(edit, message: str) -> None:
    data, categories = raw()
    data = copy.deepcopy(data)
    edit(data)
    with pytest.raises(ValueError, match=message):
        parse_vocabulary(data, categories, load_skill_table())
