"""Round 24 (issue 11): a place the speaker contrasts away after a pause ("the soap
beside the sink, NOT in the cabinet", "the alarm clock - not on the dresser") is taken
back, as "not the cup" is. Before, a negator before a preposition denied nothing, so the
cabinet, named outright, took a slot from the soap bar the step moves (blind 13 n38).
A negator inside a clause ("if it's not in the fridge") still denies nothing: that
place is where to look."""

from __future__ import annotations

import re

import pytest
from recall_rooms import room, top_types
from wordnet_data import needs_wordnet

from memory_node.core.recall.embedder import Embedder
from memory_node.core.recall.names import retracted

BATHROOM = ["Sink", "SinkBasin", "Faucet", "Toilet", "ToiletPaperHanger", "TowelHolder",
            "Towel", "HandTowelHolder", "HandTowel", "Bathtub", "BathtubBasin", "CounterTop",
            "Cabinet", "Cabinet", "GarbageCan", "Mirror", "LightSwitch", "ShowerHead",
            "SoapBar", "SoapBottle", "ToiletPaper", "Candle", "ScrubBrush"]
BEDROOM = ["Bed", "Desk", "Dresser", "SideTable", "DeskLamp", "Drawer", "GarbageCan",
           "Shelf", "Mirror", "LaundryHamper", "Chair", "AlarmClock", "CellPhone", "Book"]


def words_at(text: str, idx: frozenset[int]) -> list[str]:
    """The words (query_terms' tokens of a lower-case text) at ``idx``."""
    return [w for i, w in enumerate(re.findall(r"[a-z0-9]+", text.lower())) if i in idx]


@pytest.mark.parametrize(("text", "denied"), [
    ("soap by the sink, not in the cabinet", ["the", "cabinet"]),
    ("the clock - not on the dresser", ["the", "dresser"]),
    ("the lamp, not next to the bed", ["the", "bed"]),
])
def test_a_place_contrasted_away_is_taken_back(text: str, denied: list[str]) -> None:
    assert words_at(text, retracted(text, contrast_places=True)) == denied
    assert retracted(text, contrast_places=False) == frozenset()


@pytest.mark.parametrize("text", [
    "if it's not in the fridge look on the counter",   # where to look
    "the roll is not on its holder",                    # a state: the holder to fill
    "careful, not to touch the stove",                  # an infinitive, no place
    "the watch-not on the desk",                        # a hyphen joins, no pause
])
def test_a_negator_inside_a_clause_denies_no_place(text: str) -> None:
    assert retracted(text, contrast_places=True) == frozenset(), text


@needs_wordnet
@pytest.mark.parametrize("vectorised", [True, False])
def test_the_cabinet_contrasted_away_leaves_the_soap_its_slot(embedder: Embedder,
                                                              vectorised: bool) -> None:
    text = "3. The Lux soap to go beside the sink, NOT in the cabinet."
    got = top_types(embedder, text, room(BATHROOM), vectorised=vectorised)
    assert "SoapBar" in got and "Cabinet" not in got, got
    off = top_types(embedder, text, room(BATHROOM), vectorised=vectorised,
                    contrast_places=False)
    assert "Cabinet" in off, off


@needs_wordnet
def test_a_place_said_again_stays(embedder: Embedder) -> None:
    # "said nowhere else" (drop_retracted): the bedside table is both contrasted and meant.
    text = "the alarm clock - not on the dresser, on the bedside table"
    got = top_types(embedder, text, room(BEDROOM))
    assert got[:2] == ["AlarmClock", "SideTable"] or set(got[:2]) == {"AlarmClock",
                                                                     "SideTable"}, got
    assert "Dresser" not in got, got
    text = "if the phone is not on the desk, it is on the bed; put it on the shelf"
    assert "Desk" in top_types(embedder, text, room(BEDROOM), k=4)
