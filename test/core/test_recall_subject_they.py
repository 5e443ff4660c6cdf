"""Round 52 (issue 11): "they" whose verb goes to a place ("go home to", "go to") is what
the step moves, so it ends what the step acts on as "them" does.

"... bowls and plates get a bath, then they go home to the cupboard" (blind 6 g27/1): the
step's object phrase ran on past "they" ("them plates" is a determiner, so a pronoun
before a content word did not end it) and took in the cupboard, so the step was read as
naming its own object and the bowls and plates "they" are were not carried. Only a
baseball sense of "home" (the plate's, round 52's household_senses) had put a plate in."""

from __future__ import annotations

import pytest
from recall_rooms import room

from memory_node.core.recall.embedder import Embedder
from memory_node.core.recall.recall import RecallConfig, Recaller
from memory_node.core.recall.subtasks import pronoun_object, recall_subtasks

KITCHEN = ["Bowl", "Plate", "Sink", "Faucet", "Cabinet", "Drawer", "GarbageCan", "Fridge",
           "Spoon", "Mug"]


@pytest.mark.parametrize(("step", "on", "off"), [
    ("then they go home to the cupboard", "then they", "then they go home to the cupboard"),
    ("they go to the shelf", "they", "they go to the shelf"),
])
def test_they_going_to_a_place_ends_the_object(step: str, on: str, off: str) -> None:
    assert pronoun_object(step, True, subjects=True) == on
    assert pronoun_object(step, True) == off


@pytest.mark.parametrize("step", [
    # People: the step names its own object after the verb (blind 34 r10/2, r29/2).
    "they brought back the bowl we lent them, it's on the counter - into the cabinet.",
    "They took my laptop but left the phone, it's on the chair.",
    "They're borrowing our plunger: take it from beside the toilet.",
    "wash them plates up",          # "them" before a noun: a determiner, as before
    "put them in the drawer",
])
def test_other_pronouns_read_as_before(step: str) -> None:
    assert pronoun_object(step, True, subjects=True) == pronoun_object(step, True)


def test_they_carries_what_the_step_before_named(embedder: Embedder) -> None:
    units = room(KITCHEN)
    text = "Bowls and plates get a wash in the sink, then they go home to the cupboard."
    steps = ["Bowls and plates get a wash in the sink", "then they go home to the cupboard"]

    def second(**kw: bool) -> set[str]:
        recaller = Recaller(embedder, config=RecallConfig(**kw))
        return {r.unit.label for r in recall_subtasks(recaller, text, units, 3,
                                                      steps=steps).steps[1][1]}

    on = second(subject_they=True, household_senses=True)
    off = second(subject_they=False, household_senses=True)
    assert "Cabinet" in on and {"Bowl", "Plate"} & on
    assert not {"Bowl", "Plate"} & off
