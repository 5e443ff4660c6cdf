"""A source's noun is a place noun too (issue 11, round 45): "off the cistern" says the
toilet as "on the cistern" does (round 32), and "off the windowsill" the window as "on the
windowsill" does (round 29). Where a thing is taken from is where it is, and the robot goes
there; before ``RecallConfig.source_place_nouns`` only the words after a preposition of
place were read by their WordNet definitions."""

from __future__ import annotations

import pytest
from wordnet_data import needs_wordnet

from memory_node.core.recall.embedder import Embedder
from memory_node.core.recall.names import PARTIAL
from memory_node.core.recall.recall import RecallConfig, Recaller

BATH = sorted({"Toilet", "ToiletPaper", "ToiletPaperHanger", "Cabinet", "SinkBasin",
               "Sink", "TowelHolder", "HandTowelHolder", "SprayBottle", "TissueBox",
               "CounterTop", "Mirror"})
LIVING = sorted({"Statue", "Window", "Cabinet", "Shelf", "Box", "Drawer", "Sofa"})


@pytest.fixture(scope="module")
def recaller() -> Recaller:
    return Recaller(Embedder())


@pytest.fixture(scope="module")
def off() -> Recaller:
    return Recaller(Embedder(), config=RecallConfig(source_place_nouns=False))


@needs_wordnet
@pytest.mark.parametrize(("text", "types", "place"), [
    ("Spray bottle off the cistern, onto the counter.", BATH, "Toilet"),
    ("The little square tissue box, from the cistern into the cabinet.", BATH, "Toilet"),
    ("Ornaments (statue) off the windowsill, into the cabinet", LIVING, "Window"),
])
def test_a_source_names_its_place_partly(recaller: Recaller, off: Recaller, text: str,
                                         types: list[str], place: str) -> None:
    assert recaller.names_in(text, types)[place] == PARTIAL
    assert off.names_in(text, types)[place] < PARTIAL


@needs_wordnet
def test_a_place_phrase_reads_as_before(recaller: Recaller, off: Recaller) -> None:
    # No source in the text: the switch changes nothing; a source noun that is no type's
    # definition ("off the floor") names nothing either.
    for text in ("the spray bottle is on the cistern, put it in the cabinet",
                 "the cistern is leaking, put the spray bottle in the cabinet",
                 "pick the spray bottle up off the floor, into the cabinet"):
        assert recaller.names_in(text, BATH) == off.names_in(text, BATH), text
