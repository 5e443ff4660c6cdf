"""A place noun read by its own first entry in WordNet (issue 11, round 32): "on the
cistern" says the toilet. WordNet lists "cistern" first as another name of the body's
"cisterna", so the word's main sense is no physical thing and round 29's defined place
(``RecallConfig.defined_places``) did not read it; its own first entry, "a tank that
holds the water used to flush a toilet", is one (``Lexicon.headed_thing``), and with
``RecallConfig.place_own_entry`` it names the toilet partly."""

from __future__ import annotations

import pytest
from test_recall_landmarks import units
from wordnet_data import needs_wordnet

from memory_node.core.recall.embedder import Embedder
from memory_node.core.recall.names import PARTIAL
from memory_node.core.recall.recall import RecallConfig, Recaller

BATH = sorted({"Toilet", "ToiletPaper", "ToiletPaperHanger", "Cabinet", "SinkBasin",
               "Sink", "TowelHolder", "HandTowelHolder", "SprayBottle", "TissueBox",
               "CounterTop", "Mirror"})


@pytest.fixture(scope="module")
def recaller() -> Recaller:
    return Recaller(Embedder())


@pytest.fixture(scope="module")
def off() -> Recaller:
    return Recaller(Embedder(), config=RecallConfig(place_own_entry=False))


@needs_wordnet
def test_a_word_whose_own_first_entry_is_a_thing(recaller: Recaller) -> None:
    lex = recaller._lexicon()
    assert lex is not None
    # Its main sense is the body's cisterna (a second name there), its own entry a tank.
    assert not lex.is_thing("cistern")
    assert lex.headed_thing("cistern")
    # Its own first entry is a person: still no thing.
    assert not lex.headed_thing("mother")
    assert lex.headed_thing("windowsill") == lex.is_thing("windowsill")


@needs_wordnet
def test_the_cistern_names_the_toilet_partly(recaller: Recaller, off: Recaller) -> None:
    text = "the spray bottle is on the cistern, put it in the cabinet"
    assert recaller.names_in(text, BATH)["Toilet"] == PARTIAL
    assert off.names_in(text, BATH)["Toilet"] < PARTIAL


@needs_wordnet
def test_only_a_place_phrase_and_only_a_thing(recaller: Recaller, off: Recaller) -> None:
    # Not after a preposition of place, and a word whose own entry is no thing: as before.
    for text in ("the cistern is leaking, put the spray bottle in the cabinet",
                 "remind me to call my mother at five"):
        assert recaller.names_in(text, BATH) == off.names_in(text, BATH), text


@needs_wordnet
def test_a_word_mostly_a_verb_is_no_place(recaller: Recaller, off: Recaller) -> None:
    lex = recaller._lexicon()
    assert lex is not None
    # WordNet's own first noun "flip" is a drink made with a beaten egg; said after "to"
    # it is the act, and it names no egg.
    assert lex.headed_thing("flip") and not lex.is_thing("flip")
    kitchen = ["Egg", "Pan", "Spatula", "StoveBurner", "CounterTop", "SaltShaker"]
    text = "hand me something to flip pancakes with"
    assert recaller.names_in(text, kitchen) == off.names_in(text, kitchen)


@needs_wordnet
def test_a_synonyms_word_is_read_by_its_main_sense(recaller: Recaller, off: Recaller) -> None:
    # With no dresser here, "dresser" is read through WordNet's "chest of drawers";
    # "chest" is first the body's, and its own first entry ("box with a lid") must not
    # make the dresser say a box: only the speaker's own words are read by their entry.
    bedroom = ["Box", "TissueBox", "Bed", "Newspaper", "Pencil", "TeddyBear", "AlarmClock"]
    text = "move the tissue box to the dresser"

    def scores(r: Recaller) -> list[tuple[str, float]]:
        return [(x.unit.label, round(float(x.score), 4))
                for x in r.rank(text, units(bedroom, "bedroom"), 5)]

    assert scores(recaller) == scores(off)
