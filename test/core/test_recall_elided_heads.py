"""A noun that is the head of a type's WordNet compound, said without the modifier the
room makes obvious (issue 11, round 16): "a new roll" is a toilet roll, a kind of toilet
paper; "scrub the bowl" is the toilet bowl, a part of the toilet."""

from __future__ import annotations

import pytest
from wordnet_data import needs_wordnet

from memory_node.core.recall.embedder import Embedder
from memory_node.core.recall.names import MODIFIER, PARTIAL
from memory_node.core.recall.recall import RecallConfig, Recaller
from memory_node.core.units import ObjectMemoryUnit as Unit


@pytest.fixture(scope="module")
def recaller() -> Recaller:
    return Recaller(Embedder())


def room(types: list[str], area: str) -> list[Unit]:
    return [Unit(f"{t}_{i}", t, (i, 0.8, 0), area_id=area) for i, t in enumerate(types)]


BATHROOM = ["Sink", "SinkBasin", "Faucet", "Toilet", "ToiletPaperHanger", "TowelHolder",
            "Towel", "HandTowelHolder", "HandTowel", "Bathtub", "Mirror", "Cabinet",
            "GarbageCan", "LightSwitch", "ToiletPaper", "ScrubBrush", "Plunger", "SoapBar",
            "SprayBottle", "Candle"]


def labels(recaller: Recaller, text: str, units: list[Unit], k: int = 3) -> list[str]:
    return [r.unit.label for r in recaller.rank(text, units, k)]


@needs_wordnet
def test_a_kind_s_head_said_alone_names_the_kind(recaller: Recaller) -> None:
    units = room(BATHROOM, "bathroom")
    got = labels(recaller, "a fresh roll on the holder", units)
    # Both holders are holders (one head): "the holder" said once is one of them, so
    # the toilet paper's hanger, named after the paper meant, gets the third slot.
    assert "ToiletPaper" in got and "ToiletPaperHanger" in got, got
    names = recaller.names_in("spare rolls into the cabinet", BATHROOM)
    assert names["ToiletPaper"] == PARTIAL
    # What is named after the thing meant is named as the whole compound would name it.
    assert names["ToiletPaperHanger"] == MODIFIER
    off = Recaller(Embedder(), config=RecallConfig(elided_heads=False))
    assert off.names_in("spare rolls into the cabinet", BATHROOM)["ToiletPaper"] == 0.0


@needs_wordnet
def test_a_part_s_head_said_alone_names_the_whole(recaller: Recaller) -> None:
    units = room(BATHROOM, "bathroom")
    for text in ("scrub the bowl with the brush", "stow the plunger behind the bowl"):
        assert "Toilet" in labels(recaller, text, units), text
    assert recaller.names_in("wipe the seat", BATHROOM)["Toilet"] == PARTIAL


@needs_wordnet
def test_a_word_of_a_type_here_is_that_type_s(recaller: Recaller) -> None:
    # With a bowl in the room, "the bowl" is the bowl, not the toilet's.
    names = recaller.names_in("scrub the bowl", ["Toilet", "Bowl"])
    assert names["Bowl"] > 0.0 and names["Toilet"] == 0.0
    # In a kitchen the roll is the paper towel roll's, not toilet paper.
    names = recaller.names_in("put the roll on the counter", ["ToiletPaper", "PaperTowelRoll"])
    assert names["ToiletPaper"] == 0.0 and names["PaperTowelRoll"] > 0.0
    # A head that is also an adjective is not read: "the white one" is no egg white.
    assert recaller.names_in("the white one on the plate", ["Egg", "Plate"])["Egg"] == 0.0
    # Nor a word the speaker takes back.
    assert recaller.names_in("not the roll, the soap", BATHROOM)["ToiletPaper"] == 0.0
