"""Round 14 (issue 11): a word said once names one thing. Two types named only partly by
the same word of their own names ("the stove": the stove burner and the stove knob; "the
basin": the sink basin and the bathtub basin) do not both take a slot while another thing
the instruction needs waits; said in the plural, or said twice, the word may name more."""

from __future__ import annotations

import pytest
from recall_rooms import labels, room
from wordnet_data import needs_wordnet

from memory_node.core.recall.embedder import Embedder
from memory_node.core.recall.recall import RecallConfig, Recaller

KITCHEN = ["Kettle", "StoveBurner", "StoveKnob", "Faucet", "SinkBasin", "Pot", "Microwave",
           "CoffeeMachine", "Pan", "Fridge", "Mug"]
BATHROOM = ["SoapBar", "SoapBottle", "Sink", "SinkBasin", "BathtubBasin", "Bathtub", "Faucet",
            "Towel", "HandTowel", "Toilet", "ScrubBrush"]


@needs_wordnet
@pytest.mark.parametrize("vectorised", [True, False])
def test_the_stove_said_once_is_one_thing(embedder: Embedder, vectorised: bool) -> None:
    on = Recaller(embedder, config=RecallConfig(vectorised=vectorised))
    off = Recaller(embedder, config=RecallConfig(vectorised=vectorised, one_referent=False))
    text = "fill the kettle and put it on the stove"
    # Filling needs the faucet; "stove" named the burner and its knob, which took the slot.
    assert "Faucet" not in labels(off.rank(text, room(KITCHEN), 3))
    got = labels(on.rank(text, room(KITCHEN), 3))
    # Which of the two the cosine prefers is its business; one of them, and the faucet.
    assert "Kettle" in got and "Faucet" in got, got
    assert len({"StoveBurner", "StoveKnob"} & set(got)) == 1, got
    # Nothing else above the floor: the waiting type still fills the slot.
    got = labels(on.rank("put the pot on the stove", room(KITCHEN), 3))
    assert got[0] == "Pot" and {"StoveBurner", "StoveKnob"} <= set(got), got


@needs_wordnet
@pytest.mark.parametrize("vectorised", [True, False])
def test_the_basin_said_once_leaves_room_for_the_soap(embedder: Embedder,
                                                      vectorised: bool) -> None:
    on = Recaller(embedder, config=RecallConfig(vectorised=vectorised))
    off = Recaller(embedder, config=RecallConfig(vectorised=vectorised, one_referent=False))
    text = "put the new soap near the wash basin"
    assert not {"SoapBar", "SoapBottle"} & set(labels(off.rank(text, room(BATHROOM), 3)))
    assert {"SoapBar", "SoapBottle"} & set(labels(on.rank(text, room(BATHROOM), 3)))


@needs_wordnet
def test_a_general_name_or_a_plural_may_name_several(embedder: Embedder) -> None:
    rec = Recaller(embedder)
    # A kind ("cutlery") may be several things: not deferred.
    units = room(["Fork", "Spoon", "ButterKnife", "DiningTable", "Cup", "Plate"])
    got = labels(rec.rank("bring me the cutlery on the dining table and the piece of "
                          "silverware", units, 3))
    assert {"Fork", "Spoon"} <= set(got), got
    # In the plural a word names as many as it likes.
    units = room(["SoapBar", "SoapBottle", "Towel", "Toilet", "Mirror"])
    got = labels(rec.rank("put the soaps by the towel", units, 3))
    assert {"SoapBar", "SoapBottle"} <= set(got), got
