"""A place said by a noun that one type here defines (issue 11, round 29): "the remote's
on the windowsill" says the window (WordNet: "windowsill: the sill of a window"). No type
is named "windowsill", and the window's definition does not name the word back (so
``place_nouns``' two-way rule misses it); the word's own definition naming one type here
names that type partly (``RecallConfig.defined_places``)."""

from __future__ import annotations

import pytest
from test_recall_landmarks import units
from wordnet_data import needs_wordnet

from memory_node.core.recall.embedder import Embedder
from memory_node.core.recall.names import PARTIAL
from memory_node.core.recall.recall import RecallConfig, Recaller

LIVING = ["Sofa", "SideTable", "CoffeeTable", "RemoteControl", "Television", "TVStand",
          "FloorLamp", "Window", "Box", "Book", "Laptop", "Statue", "Vase", "Shelf",
          "CellPhone", "CreditCard"]


@pytest.fixture(scope="module")
def recaller() -> Recaller:
    return Recaller(Embedder())


@pytest.fixture(scope="module")
def off() -> Recaller:
    return Recaller(Embedder(), config=RecallConfig(defined_places=False))


@needs_wordnet
def test_a_place_noun_one_type_defines_names_it_partly(recaller: Recaller,
                                                       off: Recaller) -> None:
    text = "the remote's on the windowsill, put it on the coffee table"
    living = sorted(set(LIVING))
    assert recaller.names_in(text, living)["Window"] == PARTIAL
    assert off.names_in(text, living)["Window"] < PARTIAL
    # The step's own top 3: the remote, the table and the window it is on, the window
    # on more evidence than without the rule.
    got = [r.unit.label for r in recaller.rank(text, units(LIVING, "living"), 3)]
    assert sorted(got) == ["CoffeeTable", "RemoteControl", "Window"], got

    def window_score(r: Recaller) -> float:
        return next(float(x.score) for x in r.rank(text, units(LIVING, "living"), 3)
                    if x.unit.label == "Window")

    assert window_score(recaller) > window_score(off)


@needs_wordnet
def test_only_a_thing_in_a_place_phrase_defined_by_one_type(recaller: Recaller,
                                                            off: Recaller) -> None:
    living = sorted(set(LIVING))
    # Not after a preposition of place: the word places nothing.
    assert recaller.names_in("dust the windowsill", living)["Window"] < PARTIAL
    # A place whose definition names no type here ("the floor": the inside lower
    # horizontal surface of a room; "the pillow": a cushion to support the head), and a
    # word after "to" or "at" that is no thing in its main sense ("my mother": the
    # mother of vinegar is "a film of yeast cells"; "five": a card with five pips) add
    # nothing to what the text names.
    for text in ("the book is on the floor, put it on the shelf",
                 "the book under the pillow goes on the shelf",
                 "remind me to call my mother at five"):
        assert recaller.names_in(text, living) == off.names_in(text, living), text
