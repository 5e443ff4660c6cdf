"""Round 24 (issue 11): what a step acts on ends at its pronoun. "Deliver them to the
drawer" names the drawer after "them"; "to" does not end an object phrase (it also opens a
verb's object), so the drawer read as the step's own object and "them" was never looked
up: the pen and the pencil the step before collected were missing (blind 9 h06)."""

from __future__ import annotations

import pytest
from recall_rooms import labels, room
from wordnet_data import needs_wordnet

from memory_node.core.recall.embedder import Embedder
from memory_node.core.recall.recall import RecallConfig, Recaller
from memory_node.core.recall.subtasks import object_phrase, pronoun_object, recall_subtasks

KITCHEN = ["Cabinet"] * 5 + ["Drawer"] * 3 + [
    "Fridge", "Sink", "Faucet", "StoveBurner", "CounterTop", "DiningTable", "GarbageCan",
    "Pen", "Pencil", "Mug", "Pot", "WineBottle", "Bottle"]


@pytest.mark.parametrize(("step", "acted_on"), [
    ("Deliver them to the drawer", "them"),
    ("then set it on the stove", "then it"),
    ("wash it with the sponge", "it"),
    ("take the mug to the sink", "the mug to the sink"),   # no pronoun: as before
    # "them" before a noun is its determiner (blind 11 k09: the plates, not "them").
    ("Them plates on the table is plumb dirty, wash 'em up.", "them plates"),
])
def test_the_object_ends_at_the_pronoun(step: str, acted_on: str) -> None:
    assert pronoun_object(step) == acted_on
    assert object_phrase(step).startswith(acted_on)  # a prefix of the object phrase


@needs_wordnet
@pytest.mark.parametrize("second", ["Deliver them to the drawer",
                                    "bring them over to the drawer"])
def test_them_taken_to_a_place_is_what_the_step_before_named(embedder: Embedder,
                                                              second: str) -> None:
    steps = ["collect the pen and the pencil from the dining table", second]
    units = room(KITCHEN)
    on = Recaller(embedder, config=RecallConfig())
    got = labels(recall_subtasks(on, "x", units, 3, steps=steps).steps[1][1])
    assert "Drawer" in got and {"Pen", "Pencil"} & set(got), got
    # Without the rule, and without round 25's fill of a short step (whose next units
    # by cosine may be the pen or pencil anyway), nothing is carried.
    off = Recaller(embedder, config=RecallConfig(pronoun_ends_object=False,
                                                 step_fill_floor=0.5))
    got = labels(recall_subtasks(off, "x", units, 3, steps=steps).steps[1][1])
    assert not {"Pen", "Pencil"} & set(got), got


@needs_wordnet
def test_a_step_naming_its_own_object_carries_nothing(embedder: Embedder) -> None:
    # "it" after a thing the step names itself is that thing: nothing is carried.
    steps = ["collect the pen and the pencil from the dining table",
             "take the mug to the sink and rinse it"]
    got = labels(recall_subtasks(Recaller(embedder), "x", room(KITCHEN), 3,
                                 steps=steps).steps[1][1])
    assert not {"Pen", "Pencil"} & set(got), got
