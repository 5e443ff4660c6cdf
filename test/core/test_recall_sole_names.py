"""Round 11 (issue 11): a kind of a thing called by another of the kind's names ("tap" ->
faucet), a word naming a thing in memory after a determiner read as that thing, and a word
that names one type only partly, and nothing outright, naming it outright ("the soap")."""

from __future__ import annotations

import pytest
from recall_rooms import labels, room
from wordnet_data import names_sole as named
from wordnet_data import needs_wordnet

from memory_node.core.recall.embedder import Embedder
from memory_node.core.recall.implied import implied_skills
from memory_node.core.recall.lexicon import Lexicon
from memory_node.core.recall.names import (
    FULL,
    MODIFIER,
    VERB_MARK,
    label_terms,
)
from memory_node.core.recall.recall import RecallConfig, Recaller
from memory_node.core.skills import load_skill_table

KITCHEN = ["Faucet", "SinkBasin", "Knife", "SoapBottle", "Mug", "Pan", "StoveBurner",
           "StoveKnob", "DishSponge", "Bowl", "Plate", "Fridge"]
BATHROOM = ["SoapBar", "Sink", "Faucet", "Towel", "HandTowel", "Toilet", "Mirror",
            "ScrubBrush", "Candle"]


@needs_wordnet
def test_a_kind_called_by_its_other_name_names_the_type_partly(lex: Lexicon) -> None:
    # WordNet's kind of faucet {water faucet, water tap, tap}: one name says "faucet".
    assert "tap" in lex.kind_aliases("faucet", "faucet")
    assert "tap" in label_terms("Faucet", lex).partial
    assert "skillet" in label_terms("Pan", lex).partial
    # A kind none of whose names says the head is left out ("coffee" under pot).
    assert not label_terms("Pot", lex).partial & {"coffee", "crock"}
    # WordNet alone names it partly; breame's British "tap" (US: faucet) names it
    # outright (round 12, test_recall_regional.py).
    assert named(Lexicon(regional=False), "put the soap by the tap", KITCHEN,
                 sole=False)["Faucet"] < FULL


@needs_wordnet
def test_a_word_naming_a_thing_in_memory_after_a_determiner_is_that_thing(
        lex: Lexicon) -> None:
    skills = load_skill_table()
    # "tap" is also a light blow and a tool that cuts threads: read as an action noun it
    # implied slicing and brought the knife. Naming the faucet, it is the faucet.
    assert "slice" in implied_skills("turn on the tap", skills, lex)
    assert "slice" not in implied_skills("turn on the tap", skills, lex, things={"tap"})
    # An action said as a noun still implies its skill when it names nothing.
    assert implied_skills("give the mug a rinse", skills, lex, things={"mug"}) == {"clean"}


@needs_wordnet
def test_a_word_naming_one_type_partly_and_nothing_outright_names_it(lex: Lexicon) -> None:
    without = named(lex, "wash your hands with the soap", BATHROOM, sole=False)
    assert without["SoapBar"] == MODIFIER
    assert named(lex, "wash your hands with the soap", BATHROOM)["SoapBar"] == FULL
    # Said outright elsewhere, the word is that type's; the partial stays partial.
    got = named(lex, "hang the towel on the towel holder", BATHROOM + ["TowelHolder"])
    assert got["Towel"] == FULL and got.get("HandTowel", 0.0) < FULL
    # A word with rival claims says a kind, not a thing: "dish" is also in the bowl's
    # definition, "stove" names both the burner and the knob.
    assert named(lex, "every dish washed", KITCHEN).get("DishSponge", 0.0) < FULL
    got = named(lex, "leave it near the stove", KITCHEN)
    assert got["StoveBurner"] < FULL and got["StoveKnob"] < FULL
    # In the plural a word asks for a kind ("do the dishes"), not the one thing.
    assert named(lex, "put the pans away", ["Pan", "Pot"]).get("Pot", 0.0) < FULL


@needs_wordnet
@pytest.mark.parametrize("vectorised", [True, False])
def test_recall_finds_the_soap_and_the_tap(embedder: Embedder, vectorised: bool) -> None:
    on = Recaller(embedder, config=RecallConfig(vectorised=vectorised))
    off = Recaller(embedder, config=RecallConfig(vectorised=vectorised, sole_names=False))
    text = "wash your hands with the soap"
    # Named, the soap ranks before the washing fixtures; unnamed, after them.
    assert labels(on.rank(text, room(BATHROOM), 3))[0] == "SoapBar"
    assert labels(off.rank(text, room(BATHROOM), 3))[0] != "SoapBar"
    got = labels(on.rank("turn on the tap", room(KITCHEN), 3))
    assert got[0] == "Faucet" and "Knife" not in got


@needs_wordnet
def test_the_words_before_a_function_word_head_are_modifiers(lex: Lexicon) -> None:
    # "can" of garbage can is a stopword: "garbage" still names it partly, and alone.
    assert "garbage" in label_terms("GarbageCan", lex).modifiers
    assert "watering" in label_terms("WateringCan", lex).modifiers
    got = named(lex, "the old newspapers put in garbage", ["Newspaper", "GarbageCan"])
    assert got["GarbageCan"] == FULL and got["Newspaper"] == FULL
    # A head that is not a function word stays the head ("coffee" of coffee table
    # remains the modifier, "table" the head).
    terms = label_terms("CoffeeTable", lex)
    assert "table" in terms.partial and "table" not in terms.modifiers


@needs_wordnet
def test_a_gerund_in_a_name_is_named_by_its_verb(lex: Lexicon) -> None:
    # "watering can", WordNet's "scrubbing brush": what the thing is for, in its name.
    assert VERB_MARK + "water" in label_terms("WateringCan", lex).modifiers
    assert VERB_MARK + "scrub" in label_terms("ScrubBrush", lex).modifiers
    present = ["HousePlant", "WateringCan", "GarbageCan", "Sofa"]
    assert named(lex, "the plants watered", present)["WateringCan"] == FULL
    assert named(lex, "the plants watered", present, sole=False)["WateringCan"] < FULL
    # A noun that is also a verb does not name anything through the mark by itself.
    assert "WateringCan" not in named(lex, "put the plant on the shelf", present)


@needs_wordnet
def test_a_verb_inside_a_said_name_is_no_action(lex: Lexicon) -> None:
    skills = load_skill_table()
    text = "wash up the pot and the frying pan"
    assert "cook" in implied_skills(text, skills, lex)  # "frying" read as frying
    assert implied_skills(text, skills, lex, in_names={"frying", "pan"}) == {"clean"}


@needs_wordnet
@pytest.mark.parametrize("vectorised", [True, False])
def test_washing_a_frying_pan_brings_the_sink_not_the_stove(embedder: Embedder,
                                                            vectorised: bool) -> None:
    rec = Recaller(embedder, config=RecallConfig(vectorised=vectorised))
    got = labels(rec.rank("wash up the pot and the frying pan", room(KITCHEN + ["Pot"]), 4))
    assert {"Pan", "Pot", "SinkBasin", "Faucet"} == set(got)


@needs_wordnet
def test_a_function_word_after_a_determiner_is_a_noun_that_can_name_a_thing(
        lex: Lexicon) -> None:
    present = ["WateringCan", "GarbageCan", "Shelf"]
    got = named(lex, "put the can back on the shelf", present)
    assert got["WateringCan"] > 0 and got["GarbageCan"] > 0
    # As a modal it names nothing.
    assert set(named(lex, "can you put it on the shelf", present)) == {"Shelf"}
