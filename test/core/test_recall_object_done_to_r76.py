"""Round 76 (issue 11): a text that asks a verb and says no place acts on the thing it
names, so what you do to that thing (WordNet: the bathtub, "that you fill with water")
says what happens, as round 19's absent_skills reads it when a skill is said that no
fixture here can do. "run me a bath, dear" says no skill at all: filling, the faucet."""

from __future__ import annotations

import pytest
from recall_rooms import labels, room
from wordnet_data import needs_wordnet

from memory_node.core.recall.embedder import Embedder
from memory_node.core.recall.implied import _acts_in_place
from memory_node.core.recall.lexicon import Lexicon
from memory_node.core.recall.recall import RecallConfig, Recaller

BATHROOM = ["Sink", "SinkBasin", "Faucet", "Toilet", "ToiletPaperHanger", "TowelHolder",
            "Towel", "HandTowel", "Bathtub", "BathtubBasin", "CounterTop", "Cabinet",
            "GarbageCan", "Mirror", "LightSwitch", "ShowerHead", "SoapBar", "SoapBottle",
            "Candle", "Plunger", "SprayBottle"]


def _arms(embedder: Embedder, vectorised: bool, flag: str) -> tuple[Recaller, Recaller]:
    """A recaller with the default config (the flag on) and one with only ``flag`` off."""
    on = Recaller(embedder, config=RecallConfig(vectorised=vectorised))
    assert getattr(on.config, flag)
    return on, Recaller(embedder, config=RecallConfig(vectorised=vectorised, **{flag: False}))


@needs_wordnet
def test_a_verb_with_no_place_acts_where_the_thing_is(lex: Lexicon) -> None:
    assert _acts_in_place("run me a bath, dear", lex, {"bath"})
    assert _acts_in_place("Run me a cool bath, not cold", lex, {"bath"})
    # A place: the tub is where the soap goes, not what is done.
    assert not _acts_in_place("soap on the edge of the tub", lex, {"soap", "tub"})
    assert not _acts_in_place("take the shower head off", lex, {"shower", "head"})
    # No verb asked: "is" is no base form, a thing's own word is no verb.
    assert not _acts_in_place("Bath is not sauna", lex, {"bath"})


@needs_wordnet
@pytest.mark.parametrize("vectorised", [True, False])
def test_running_a_bath_with_no_skill_said_needs_the_faucet(embedder: Embedder,
                                                              vectorised: bool) -> None:
    on, off = _arms(embedder, vectorised, "object_done_to")
    for text in ("run me a bath, dear", "run the bath", "Run me a cool bath, not cold"):
        assert "Faucet" not in labels(off.rank(text, room(BATHROOM), 3)), text
        got = labels(on.rank(text, room(BATHROOM), 3))
        assert got[0] == "Bathtub" and "Faucet" in got, (text, got)
    # The tub as a place, or no verb: no faucet.
    for text in ("soap on the edge of the tub where she can reach it",
                 "the soap's taking a swim in the tub again fish it out",
                 "Bathing Bella for the show in the bath", "plunger IN the bath"):
        assert "Faucet" not in labels(on.rank(text, room(BATHROOM), 3)), text



LIVING_ROOM = ["Sofa", "ArmChair", "CoffeeTable", "SideTable", "FloorLamp", "LightSwitch",
               "Television", "HousePlant", "WateringCan", "Shelf", "Window", "Mug"]


@needs_wordnet
@pytest.mark.parametrize("vectorised", [True, False])
def test_a_remark_asks_for_what_its_opposite_names(embedder: Embedder,
                                                    vectorised: bool) -> None:
    on, off = _arms(embedder, vectorised, "remark_opposites")
    for text in ("it's getting dark in here", "it is so dark"):
        assert "LightSwitch" not in labels(off.rank(text, room(LIVING_ROOM), 3)), text
        assert "LightSwitch" in labels(on.rank(text, room(LIVING_ROOM), 3)), text
    # An adjective of a thing, not a remark on how things are.
    text = "put the dark blue mug on the shelf"
    assert labels(on.rank(text, room(LIVING_ROOM), 3)) == labels(
        off.rank(text, room(LIVING_ROOM), 3))
