"""Round 17 (issue 11): a word in a place phrase that names two types partly, one of
them a fixture skills work at (the skill table's place fixtures), names that one first:
"beside the stove" is the stove's burner, where things are put, not its knob."""

from __future__ import annotations

import pytest
from recall_rooms import labels, room
from wordnet_data import needs_wordnet

from memory_node.core.recall.embedder import Embedder
from memory_node.core.recall.recall import RecallConfig, Recaller, _place_words

KITCHEN = ["Cabinet", "Fridge", "Microwave", "SinkBasin", "Sink", "Faucet", "StoveBurner",
           "StoveKnob", "CounterTop", "Toaster", "SaltShaker", "PepperShaker", "Kettle",
           "Pot", "Pan"]


def test_place_words_are_the_noun_phrases_after_a_place_preposition() -> None:
    tokens = ("the", "salt", "and", "pepper", "go", "back", "beside", "the", "big", "stove")
    assert _place_words(tokens) == {"big", "stove"}
    assert _place_words(("turn", "the", "stove", "off")) == frozenset()
    assert _place_words(("put", "it", "on", "the", "shelf", "and", "the", "pan")) == {"shelf"}


@needs_wordnet
@pytest.mark.parametrize("vectorised", [True, False])
def test_beside_the_stove_is_the_burner(embedder: Embedder, vectorised: bool) -> None:
    on = Recaller(embedder, config=RecallConfig(vectorised=vectorised))
    off = Recaller(embedder, config=RecallConfig(vectorised=vectorised, places_first=False))
    text = "the salt and pepper go back beside the stove"
    assert "StoveBurner" not in labels(off.rank(text, room(KITCHEN), 3))
    got = labels(on.rank(text, room(KITCHEN), 3))
    assert set(got) == {"SaltShaker", "PepperShaker", "StoveBurner"}, got
    # A word read in place of the one said is in the same place: "the hob", a British
    # word for a cooking stove.
    text = "fill the kettle and pop it on the hob"
    assert "StoveBurner" not in labels(off.rank(text, room(KITCHEN), 3))
    assert "StoveBurner" in labels(on.rank(text, room(KITCHEN), 3))
    # Not a place: switching the stove off acts on its knob, which keeps its rank.
    got = labels(on.rank("turn the stove off", room(KITCHEN), 3))
    assert got[0] == "StoveKnob", got
