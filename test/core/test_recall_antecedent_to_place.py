"""Round 30b (issue 11): what a later pronoun carries from an earlier step. Its object
ends at "to the ...": in "Tote that big pot over to the sink and run some water in it",
then "set it on the stove", the object phrase ran on through "to the sink" (no place
preposition before it), so the sink, ranked above the pot in that step, was what "it"
carried first, and the pot fell out of k (blind 11 k09). And a step whose first clause
acts on nothing here gives its later clause's object (blind 9 h06)."""

from __future__ import annotations

import pytest
from test_recall_structure import kitchen, step_labels
from wordnet_data import needs_wordnet

from memory_node.core.recall.embedder import Embedder
from memory_node.core.recall.recall import RecallConfig, Recaller
from memory_node.core.recall.subtasks import object_phrase, recall_subtasks


@pytest.mark.parametrize(("step", "phrase"), [
    ("tote that big pot over to the sink", "that big pot over"),
    ("take the mug to the coffee machine", "the mug"),
    # "to" before a verb opens no place: the phrase goes on, as before.
    ("you need to wash the mug in the sink", "you need to wash the mug"),
    ("go to the fridge", "go"),
])
def test_to_before_a_determiner_ends_the_object(step: str, phrase: str) -> None:
    assert object_phrase(step, to_place=True) == phrase
    assert object_phrase(step).startswith(phrase)  # without it: a prefix, as before


@needs_wordnet
@pytest.mark.parametrize(("first", "thing"), [
    ("tote that big pan over to the sink and run some water in it", "Pan"),
    ("carry the bowl over to the sink", "Bowl"),
    ("take the mug to the coffee machine", "Mug"),
])
def test_it_is_the_thing_taken_to_a_place_not_the_place(first: str, thing: str) -> None:
    steps = [first, "then set it on the stove"]
    # k=2 leaves the pronoun one carried slot: the first thing carried is the one kept.
    # (no fill of a short step: its next units by cosine may be either anyway)
    on = Recaller(Embedder(), config=RecallConfig(step_fill_floor=0.5))
    assert step_labels(recall_subtasks(on, "x", kitchen(), 2, steps=steps), 1) == [
        "StoveBurner", thing]
    off = Recaller(Embedder(), config=RecallConfig(antecedent_to_place=False,
                                                   step_fill_floor=0.5))
    assert thing not in step_labels(recall_subtasks(off, "x", kitchen(), 2, steps=steps), 1)


@needs_wordnet
@pytest.mark.parametrize("first", ["proceed to the coffee machine and collect the bowl",
                                   "go over to the coffee machine and fetch the bowl"])
def test_a_later_clause_names_the_thing_when_the_first_acts_on_nothing(first: str) -> None:
    # Round 30b (blind 9 h06): "Proceed to the dining table and collect the pen and the
    # pencil", "Deliver them to the drawer": the first clause's object is "proceed", so
    # only the places fallback read the step, and the table, ranked first, was carried.
    steps = [first, "deliver it to the microwave"]
    on = Recaller(Embedder(), config=RecallConfig(step_fill_floor=0.5))
    assert step_labels(recall_subtasks(on, "x", kitchen(), 2, steps=steps), 1) == [
        "Microwave", "Bowl"]
    off = Recaller(Embedder(), config=RecallConfig(antecedent_clauses=False,
                                                   step_fill_floor=0.5))
    assert step_labels(recall_subtasks(off, "x", kitchen(), 2, steps=steps), 1) == [
        "Microwave", "CoffeeMachine"]
