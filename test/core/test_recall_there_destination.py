"""Round 31 (issue 11): a later step's "there" is where an earlier step put its thing.
"See the candle on the TV stand? Pick it up." / "Carry it to the coffee table." / "Light
it and leave it there.": "it" carried the candle and the TV stand, and the coffee table
that "there" stands for was in no slot (blind 20 r16); "the rubber thing ... stand it
next to the toilet" / "The bristly thing you clean the bowl with goes there too.": the
sink and tap that "clean" implies took the slots, not the toilet (blind 14 n33)."""

from __future__ import annotations

import pytest
from test_recall_structure import kitchen, step_labels
from wordnet_data import needs_wordnet

from memory_node.core.recall.embedder import Embedder
from memory_node.core.recall.recall import RecallConfig, Recaller
from memory_node.core.recall.subtasks import destination_phrase, recall_subtasks, there_place


@pytest.mark.parametrize(("step", "says"), [
    ("light it and leave it there", True),
    ("the bristly thing you clean the bowl with goes there too", True),
    ("take it out and put it there", True),
    # a dummy subject, a state, a preposition's or a determiner's word: no place pro-form
    ("there's a mug on the desk, take it to the sink", False),
    ("there are two shakers on the table", False),
    ("how long has that been there, throw it out", False),
    ("it's there since tuesday", False),
    ("the toilet needs a scrub, it's filthy in there", False),
    ("that there plunger goes by the toilet", False),
    # the step names its own place before it
    ("put the book back up on the shelf there", False),
    ("the mug on the desk, leave it there", False),
    ("put the mug in the sink", False),
])
def test_there_as_a_place_said_before(step: str, says: bool) -> None:
    assert there_place(step) is says


@pytest.mark.parametrize(("step", "phrase"), [
    ("carry it to the coffee table", "to the coffee table"),
    ("take the laptop off the bed and put it on the desk", "on the desk"),
    # the last clause that puts a thing somewhere: where it went last
    ("the plunger is lying in the bath - stand it next to the toilet", "next to the toilet"),
    ("pick it up", ""),
    ("you need to wash the mug", ""),
])
def test_destination_of_a_step(step: str, phrase: str) -> None:
    assert destination_phrase(step) == phrase


def _labels(steps: list[str], k: int, **config: object) -> list[str]:
    """The last step's answer, without the fill of a short step (its next units by
    cosine may be anything)."""
    recaller = Recaller(Embedder(), config=RecallConfig(step_fill_floor=0.5, **config))  # type: ignore[arg-type]
    return step_labels(recall_subtasks(recaller, "x", kitchen(), k, steps=steps), len(steps) - 1)


@needs_wordnet
def test_there_carries_the_destination_after_the_thing() -> None:
    steps = ["grab the mug from the cabinet", "carry it to the microwave",
             "wipe it and leave it there"]
    # k=3: the pronoun's two carried slots, the thing and then where "there" is; without
    # the rule the second is where the thing came from (the cabinet).
    assert _labels(steps, 3) == ["Mug", "Microwave"]
    assert _labels(steps, 3, there_destination=False) == ["Mug", "Cabinet"]


@needs_wordnet
def test_there_without_a_pronoun_takes_a_slot_from_an_implied_fixture() -> None:
    steps = ["put the pan on the stove", "the bottle you wash the mug with goes there too"]
    assert _labels(steps, 2) == ["Bottle", "StoveBurner"]
    # without it the stove, where the bottle goes, is in no slot
    assert _labels(steps, 2, there_destination=False) == ["Bottle", "Mug"]
