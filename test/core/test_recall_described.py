"""A thing described by its look, matter or use, its name not said (issue 11, round 28):
"the rubber thing on a stick for when the loo blocks" is the plunger ("a stick with a
rubber suction cup at one end"), "the round deep thing we cook pasta in" the pot ("a
cooking vessel that is usually round and deep"). Two different words the speaker says,
no word of any type here, that are words of the type's WordNet definition and of few
other types' definitions here, name it partly (names.described)."""

from __future__ import annotations

import pytest
from wordnet_data import needs_wordnet

from memory_node.core.recall.embedder import Embedder
from memory_node.core.recall.names import GLOSS, PARTIAL
from memory_node.core.recall.recall import RecallConfig, Recaller
from memory_node.core.units import ObjectMemoryUnit as Unit

BATHROOM = ["Toilet", "ToiletPaper", "ToiletPaperHanger", "Plunger", "ScrubBrush",
            "Bathtub", "SoapBar", "SoapBottle", "SprayBottle", "Faucet", "Sink", "Towel",
            "HandTowelHolder", "Candle", "Cabinet", "Mirror"]
KITCHEN = ["Pot", "Pan", "Kettle", "Spatula", "Spoon", "Knife", "Cup", "Mug", "Plate",
           "Bowl", "Sink", "Faucet", "StoveBurner", "StoveKnob", "Microwave", "Cabinet",
           "Drawer", "DiningTable", "CounterTop", "Fridge"]


@pytest.fixture(scope="module")
def recaller() -> Recaller:
    return Recaller(Embedder())


@pytest.fixture(scope="module")
def off() -> Recaller:
    return Recaller(Embedder(), config=RecallConfig(described_words=0))


def units(types: list[str], area: str) -> list[Unit]:
    return [Unit(f"{t}_{i}", t, (i, 0.8, 0), area_id=area) for i, t in enumerate(types)]


@needs_wordnet
def test_two_telling_words_of_a_definition_name_the_thing(recaller: Recaller,
                                                          off: Recaller) -> None:
    text = "the rubber thing on a stick for when the loo blocks - next to the toilet"
    assert recaller.names_in(text, BATHROOM)["Plunger"] == PARTIAL
    assert off.names_in(text, BATHROOM)["Plunger"] <= GLOSS
    text = "the round deep thing we cook pasta in is on the table - into the cabinet"
    assert recaller.names_in(text, KITCHEN)["Pot"] == PARTIAL
    assert off.names_in(text, KITCHEN)["Pot"] <= GLOSS
    # "stiff-bristled": the brush's "short stiff bristles", the verb form read as the noun.
    text = "the stiff-bristled thing for the loo bowl goes next to the toilet"
    assert recaller.names_in(text, BATHROOM)["ScrubBrush"] == PARTIAL


@needs_wordnet
def test_words_many_definitions_share_tell_nothing(recaller: Recaller) -> None:
    # "heat" and "water": words of the microwave's definition and of others' here; with
    # a spread of one type they tell nothing, and the microwave is not described.
    text = "the pot then on the stove to heat, with water from the tap"
    one = Recaller(Embedder(), config=RecallConfig(described_spread=1))
    kitchen = KITCHEN + ["Kettle", "CoffeeMachine", "Bathtub", "Toaster"]
    lex = recaller.lexicon
    assert lex is not None
    sharing = [t for t in kitchen if "water" in lex.description_words(
        " ".join(recaller.terms_for(t).words))]
    assert len(sharing) >= 2, sharing
    assert one.names_in(text, kitchen)["Microwave"] <= GLOSS
    # One telling word is chance: "the rubber duck" describes no plunger.
    assert recaller.names_in("put the rubber duck on the bath", BATHROOM)["Plunger"] <= GLOSS


@needs_wordnet
def test_the_described_thing_takes_a_slot(recaller: Recaller, off: Recaller) -> None:
    # No type here has "toilet" in its name but the toilet (no toilet paper to share it).
    room = ["Toilet", "Plunger", "ScrubBrush", "Bathtub", "SoapBar", "SoapBottle",
            "SprayBottle", "Faucet", "Sink", "Towel", "Candle", "Cabinet", "Mirror",
            "HandTowelHolder"]
    text = "the stiff-bristled thing for the loo bowl goes next to the toilet."
    got = [r.unit.label for r in recaller.rank(text, units(room, "bathroom"), 2)]
    assert got == ["Toilet", "ScrubBrush"], got
    got = [r.unit.label for r in off.rank(text, units(room, "bathroom"), 2)]
    assert "ScrubBrush" not in got, got
