"""A place noun whose WordNet kind one type here names by compounding its head before it
names that type partly (issue 11, round 46): "off the sill" is the window's sill
("windowsill", a kind of sill), as "off the windowsill" is (rounds 29 and 45). English
shortens such a compound where the room makes the other half plain."""

from __future__ import annotations

import pytest
from wordnet_data import needs_wordnet

from memory_node.core.recall.embedder import Embedder
from memory_node.core.recall.names import PARTIAL
from memory_node.core.recall.recall import RecallConfig, Recaller

KITCHEN = sorted({"DishSponge", "Window", "GarbageCan", "Spoon", "SoapBottle", "Cabinet",
                  "Sink", "Candle", "Drawer"})


@pytest.fixture(scope="module")
def recaller() -> Recaller:
    return Recaller(Embedder())


@pytest.fixture(scope="module")
def off() -> Recaller:
    return Recaller(Embedder(), config=RecallConfig(compound_place_kinds=False))


@needs_wordnet
@pytest.mark.parametrize("text", ["Sponge off the sill, bin it.",
                                  "The candle on the sill, into the drawer."])
def test_a_shortened_compound_names_its_type_partly(recaller: Recaller, off: Recaller,
                                                     text: str) -> None:
    assert recaller.names_in(text, KITCHEN)["Window"] == PARTIAL
    assert off.names_in(text, KITCHEN)["Window"] < PARTIAL


@needs_wordnet
def test_a_kind_that_is_no_part_names_nothing(recaller: Recaller, off: Recaller) -> None:
    # "bedroom" is a kind of room named after the bed, but no part of one: "the mugs from
    # the spare room" names no bed.
    types = sorted({"Mug", "Bed", "Chair", "Window", "Desk"})
    text = "mugs from the spare room back to the kitchen"
    assert recaller.names_in(text, types) == off.names_in(text, types)


@needs_wordnet
def test_no_such_type_here_names_nothing(recaller: Recaller, off: Recaller) -> None:
    # No window here: "sill" names nothing (its other kind, "doorsill", no type either);
    # a place noun with no compound kind ("off the floor") changes nothing.
    types = [t for t in KITCHEN if t != "Window"]
    for text in ("Sponge off the sill, bin it.", "the sponge off the floor, into the sink",
                 "the candle on the shelf, into the drawer"):
        assert recaller.names_in(text, types) == off.names_in(text, types), text
        assert recaller.names_in(text, KITCHEN) == off.names_in(text, KITCHEN) or \
            "sill" in text, text
