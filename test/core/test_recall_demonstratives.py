"""Round 36 (issue 11): a step referring back by a demonstrative or "one" with no number.
"grab the foil and cover the bowl with it", then "put that in the fridge"; "the one
leaning on the desk goes under the bed", then "and the one lying on the bed goes next to
the dresser": the step names nothing it acts on, as a step whose object is "it" does."""

from __future__ import annotations

import pytest
from test_recall_structure import kitchen, step_labels
from wordnet_data import needs_wordnet

from memory_node.core.recall.embedder import Embedder
from memory_node.core.recall.recall import RecallConfig, Recaller
from memory_node.core.recall.subtasks import pronoun_object, recall_subtasks, refers_back


@pytest.mark.parametrize("step", [
    "put that in the fridge",
    "get that out first",
    "carry that",
    "take that one to the kitchen",
    "the other one goes under the bed",
    "and the one lying on the bed goes next to the dresser",
])
def test_a_demonstrative_standing_alone_refers_back(step: str) -> None:
    assert refers_back(step, demonstratives=True), step
    # Without the flag only "it" / "them" do.
    assert not refers_back(step), step


@pytest.mark.parametrize("step", [
    "see that it goes in the drawer",          # a conjunction before a clause
    "ask that the lamp be switched off",       # ... before a determiner
    "the card that was down the side",         # a relative before a verb
    "before that, put the laptop on the stand",  # a time, not a thing
    "put one on the roll",                     # a count, not a pro-form
    "this is the way we wash the mug",         # the step's own subject
    "take that mug to the sink",               # a determiner of a noun
])
def test_a_demonstrative_that_stands_for_no_earlier_thing(step: str) -> None:
    assert not refers_back(step, demonstratives=True), step


def test_the_object_phrase_ends_at_a_demonstrative() -> None:
    # ("take" before a determiner is the step's verb, not a name.)
    assert pronoun_object("take that one to the cabinet", demonstratives=True) == "that"
    assert pronoun_object("take that one to the cabinet") == "that one to the cabinet"


def _last(steps: list[str], **config: object) -> list[str]:
    recaller = Recaller(Embedder(), config=RecallConfig(step_fill_floor=0.5, **config))  # type: ignore[arg-type]
    return step_labels(recall_subtasks(recaller, " ".join(steps), kitchen(), 3, steps=steps),
                       len(steps) - 1)


@needs_wordnet
def test_put_that_recalls_the_earlier_steps_thing() -> None:
    steps = ["Grab the bowl from the counter.", "Put that in the microwave."]
    got = _last(steps)
    assert got[:2] == ["Microwave", "Bowl"], got
    assert "Bowl" not in _last(steps, demonstratives=False)
    steps = ["Wash the mug at the sink.", "then take that one to the cabinet."]
    got = _last(steps)
    assert got[:2] == ["Cabinet", "Mug"], got
    assert "Mug" not in _last(steps, demonstratives=False)
