"""Round 23 (issue 11): a place a thing is moved from or off ("from the stove", "off the
stove") is a place phrase for places_first, as "on the stove" is: the word names the
stove's burner, where things stand, before its knob. Before, only prepositions of a
goal or position opened a place phrase, and the knob's closer cosine took the slot."""

from __future__ import annotations

import pytest
from recall_rooms import room, top_types
from wordnet_data import needs_wordnet

from memory_node.core.recall.embedder import Embedder
from memory_node.core.recall.recall import _place_words

KITCHEN = ["Cabinet"] * 5 + ["Drawer"] * 3 + [
    "Fridge", "Microwave", "SinkBasin", "Sink", "Faucet", "StoveBurner", "StoveBurner",
    "StoveKnob", "CounterTop", "DiningTable", "Toaster", "CoffeeMachine", "GarbageCan",
    "LightSwitch", "Window", "Shelf", "Pot", "Pan", "Kettle", "Mug", "Plate", "Ladle", "Egg"]


def test_a_source_opens_a_place_phrase() -> None:
    tokens = ("move", "the", "pot", "from", "the", "stove", "to", "the", "sink")
    assert _place_words(tokens) == {"sink"}
    assert _place_words(tokens, sources=True) == {"stove", "sink"}
    assert _place_words(("lift", "it", "off", "the", "hob"), sources=True) == {"hob"}


@needs_wordnet
@pytest.mark.parametrize("vectorised", [True, False])
@pytest.mark.parametrize("text", [
    "The soup pot was moved from the stove to the refrigerator to cool.",
    "the soup pot came off the stove to cool in the fridge",
])
def test_the_stove_a_thing_comes_from_is_its_burner(embedder: Embedder, vectorised: bool,
                                                    text: str) -> None:
    got = top_types(embedder, text, room(KITCHEN), vectorised=vectorised)
    assert "StoveBurner" in got and "StoveKnob" not in got, (text, got)
    assert "StoveBurner" not in top_types(embedder, text, room(KITCHEN),
                                          vectorised=vectorised, source_places=False), text
