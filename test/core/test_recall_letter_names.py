"""Round 24 (issue 11): a letter the instruction defines stands for its phrase in a step.
"Let R be the remote control and let T be the TV stand" opens the instruction, a
preamble no step holds; "(i) R lies on the sofa; move R to the coffee table" then named
no remote, and "(v) The statue is on T" no TV stand (blind 13 n19)."""

from __future__ import annotations

import pytest
from recall_rooms import labels, room
from wordnet_data import needs_wordnet

from memory_node.core.recall.embedder import Embedder
from memory_node.core.recall.recall import RecallConfig, Recaller
from memory_node.core.recall.subtasks import defined_letters, recall_subtasks, spell_letters

LIVING = ["Sofa", "ArmChair", "CoffeeTable", "SideTable", "TVStand", "Television",
          "FloorLamp", "GarbageCan", "Drawer", "Drawer", "Cabinet", "Cabinet", "Shelf",
          "HousePlant", "Painting", "LightSwitch", "Window", "RemoteControl", "Statue",
          "Watch", "Newspaper", "TissueBox", "Box", "Laptop", "Vase"]
PROOF = ("Let R be the remote control and let T be the TV stand. Proof. (i) R lies on the "
         "sofa; move R to the coffee table. (ii) The newspaper N is on the armchair; N "
         "belongs in the garbage can. (iii) The statue is on T; move it to the shelf.")
STEPS = ["(i) R lies on the sofa; move R to the coffee table.",
         "(ii) The newspaper N is on the armchair; N belongs in the garbage can.",
         "(iii) The statue is on T; move it to the shelf."]


def test_the_letters_an_instruction_defines() -> None:
    assert defined_letters(PROOF) == {"R": "the remote control", "T": "the TV stand",
                                      "N": "The newspaper"}
    assert spell_letters("move R to T", defined_letters(PROOF)) == \
        "move the remote control to the TV stand"


@pytest.mark.parametrize("text", [
    "Put the mug on shelf B, then the cup",     # a label, not a definition
    "I put a cup in the sink. A mug too.",      # "I" and "A" are words
    "the Lux soap by the W.C.",                 # an abbreviation's letters
    "Let me see: put the mug in the sink",      # no letter defined
])
def test_no_letter_is_defined_or_spelled_here(text: str) -> None:
    assert spell_letters(text, defined_letters(text)) == text


@needs_wordnet
def test_a_defined_letter_names_its_thing_in_a_step(embedder: Embedder) -> None:
    units = room(LIVING)
    on = recall_subtasks(Recaller(embedder), PROOF, units, 3, steps=STEPS)
    assert "RemoteControl" in labels(on.steps[0][1])
    assert "TVStand" in labels(on.steps[2][1])
    assert [s for s, _ in on.steps] == STEPS       # the caller's steps, as given
    off = recall_subtasks(Recaller(embedder, config=RecallConfig(letter_names=False)),
                          PROOF, units, 3, steps=STEPS)
    assert "RemoteControl" not in labels(off.steps[0][1])
    assert "TVStand" not in labels(off.steps[2][1])
