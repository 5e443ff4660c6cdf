"""Round 12 (issue 11, words): British names of things read as the American names the
labels use, from breame's British word lists ("hob" -> cooktop, "the loo" -> toilet,
"kitchen roll" -> paper towels, "taps" -> faucet)."""

from __future__ import annotations

import logging
import sys

import pytest
from wordnet_data import needs_wordnet

from memory_node.core.recall.lexicon import Lexicon
from memory_node.core.recall.names import (
    FULL,
    consume,
    label_terms,
    name_match,
    query_terms,
    sole_names,
)
from memory_node.core.recall.regional import RegionalNames, build_table, equivalents, key_of

KITCHEN = ["Faucet", "SinkBasin", "Knife", "SoapBottle", "Mug", "Pan", "Pot", "StoveBurner",
           "StoveKnob", "DishSponge", "Bowl", "Plate", "Fridge", "PaperTowelRoll",
           "GarbageCan", "Toaster"]
BATHROOM = ["SoapBar", "Sink", "Faucet", "Towel", "HandTowel", "Toilet", "ToiletPaper",
            "ToiletPaperHanger", "Mirror", "ScrubBrush", "Candle", "GarbageCan"]

try:
    import breame  # noqa: F401
    HAVE_BREAME = True
except ImportError:
    HAVE_BREAME = False
needs_breame = pytest.mark.skipif(not HAVE_BREAME, reason="breame absent (requirements.txt)")


def named(lex: Lexicon, text: str, present: list[str]) -> dict[str, float]:
    terms = {t: label_terms(t, lex) for t in present}
    q = query_terms(text, lex)
    names = consume({t: name_match(terms[t], q) for t in present}, terms, q)
    names = sole_names(names, {t: terms[t] for t, m in names.items() if m}, q)
    return {t: m for t, m in names.items() if m}


def test_a_definition_gives_its_us_note_and_a_short_noun_phrase() -> None:
    # breame's own wording (its first British sense; later lines are other senses).
    assert equivalents("the flat top surface of a cooking stove (US: cooktop)\na part of a "
                       "fireplace\nan elf") == ("cooktop",)
    assert equivalents("an appliance for cooking food (US: cookstove, stove, range)\na "
                       "cooking apple") == ("cookstove", "stove", "range")
    assert equivalents("toilet (usually the room, not just the plumbing device) (US: "
                       "bathroom, restroom)") == ("bathroom", "restroom", "toilet")
    assert equivalents("paper towels") == ("paper towels",)
    assert equivalents("(informal) television") == ("television",)
    # A note wrapped over two lines is one sense.
    assert equivalents("valve through which liquid is drawn (US usu.: faucet, \nspigot)\n"
                       "(tap up) to negotiate") == ("faucet", "spigot")
    assert equivalents("/ˈbaɪəroʊ/ a ballpoint pen. Named after its inventor") == \
        ("ballpoint pen",)


def test_a_verb_sense_or_a_longer_phrases_sense_gives_nothing() -> None:
    assert equivalents("(v.) to throw away.\n(bread bin) container for storing bread (US: "
                       "breadbox)") == ()
    assert equivalents("(bread bin) container for storing bread (US: breadbox)") == ()
    # A description, not a name, and no note.
    assert equivalents("a room for relaxation and entertainment in a house") == ()


def test_a_note_inside_the_definition_glosses_one_word_not_the_entry() -> None:
    # breame's "bathroom": the note explains "a bath"; a bathroom is no bathtub, and the
    # room's name is common in instructions ("clean the bathroom sink").
    assert equivalents("room containing a bath (US: bathtub) or shower, other washing "
                       "facilities, \nand usu. (but not necessarily) a toilet") == ()
    # breame's "mince": the second clause's note is another sense's ("He/She doesn't ...").
    assert "he" not in equivalents(
        "1. ground meat, especially beef (US: ground beef, hamburger meat, mince typically "
        "describes a chopping style); 2. Walk daintily or effeminately; 3. Mince your words "
        "-- to obfuscate or conceal (or use euphemisms) when talking or writing (US: "
        "\"He/She doesn't mince words.\")")


def test_table_keys_are_plain_base_forms_of_each_listed_word() -> None:
    table = build_table({"barmaid , barman": "(US: bartender)", "kitchen roll": "paper towels"},
                        {"hob": {"British English": "the flat top surface of a stove (US: "
                                                    "cooktop)",
                                 "Common": "trouble"},
                         "ace": {"American English": "a pitcher"}})
    assert table == {"barmaid": ("bartender",), "barman": ("bartender",),
                     "kitchen roll": ("paper towels",), "hob": ("cooktop",)}
    assert key_of("Kitchen-Rolls") == "kitchen roll"


def test_without_the_package_the_table_is_empty_and_says_so(
        monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture) -> None:
    monkeypatch.setitem(sys.modules, "breame.data.british_terms_constants", None)
    table = RegionalNames()
    with caplog.at_level(logging.WARNING):
        assert not table.available
    assert table.lookup("hob") == ()
    assert "breame" in table.error and "breame" in caplog.text


@needs_wordnet
@needs_breame
def test_british_names_name_the_american_type(lex: Lexicon) -> None:
    assert set(lex.regional("cooker")) >= {"stove"}
    assert "toilet" in lex.regional("loo")
    # An equivalent WordNet does not know as a thing is dropped ("worthless").
    assert "worthless" not in lex.regional("rubbish")
    # "taps": the British name of the faucet, in the plural too, names it outright; before,
    # only as a kind of faucet (partly), which the plural left partial.
    assert named(lex, "descale taps", KITCHEN).get("Faucet") == FULL
    assert named(lex, "plates in the cupboard nearest the cooker", KITCHEN).get("StoveBurner")
    assert named(lex, "clean the loo", BATHROOM).get("Toilet") == FULL
    assert named(lex, "papers in the rubbish", KITCHEN).get("GarbageCan")


@needs_wordnet
@needs_breame
def test_without_british_names_the_same_words_name_less() -> None:
    plain = Lexicon(regional=False)
    assert plain.regional("cooker") == ()
    assert named(plain, "descale taps", KITCHEN).get("Faucet", 0.0) < FULL
    assert not named(plain, "plates in the cupboard nearest the cooker", KITCHEN).get(
        "StoveBurner")


@needs_wordnet
@needs_breame
def test_a_british_word_wordnet_lacks_is_read_by_a_compound_its_definition_names(
        lex: Lexicon) -> None:
    # breame: "the flat top surface of a cooking stove (US: cooktop)"; WordNet has no
    # cooktop, but has "cooking stove" (a kitchen stove).
    assert lex.regional("hob") == ("cooking stove",)
    assert named(lex, "degrease hob", KITCHEN).get("StoveBurner")
    assert not named(Lexicon(regional=False), "degrease hob", KITCHEN).get("StoveBurner")


@needs_wordnet
def test_a_word_of_one_meaning_is_its_synonyms_alone(lex: Lexicon) -> None:
    # "vino" has one sense in WordNet, {wine, vino}: "the vino" is the wine, so the wine
    # bottle is named partly ("wine", its modifier), as "the wine" would.
    assert lex.one_sense("vino")
    assert not lex.one_sense("couch") and not lex.one_sense("pot")
    assert named(lex, "put the vino in the fridge", ["WineBottle", "Fridge", "Mug"]).get(
        "WineBottle")
    # A word of several meanings keeps its synonyms inside compounds only ("pot": not
    # "toilet", one of its other senses' names).
    assert not named(lex, "put the pot in the fridge", ["Toilet", "Fridge", "Pot"]).get(
        "Toilet")


@needs_wordnet
@needs_breame
def test_a_british_reading_yields_to_what_the_word_itself_names_here(lex: Lexicon) -> None:
    # breame's British "commode" is "a small cabinet"; WordNet's commode is a toilet. With
    # a toilet in memory the word names it, and the British reading takes nothing from it
    # (before: the cabinet, named by its own label, took the word and the toilet lost it).
    got = named(lex, "clean the commode", [*BATHROOM, "Cabinet"])
    assert got.get("Toilet") == FULL
    assert not got.get("Cabinet")
    # Without anything the word itself names, the British reading still stands.
    assert named(lex, "clean the commode", ["Cabinet", "Mirror", "Candle"]).get("Cabinet")
    # British words WordNet reads as nothing here keep their American names.
    assert named(lex, "clean the loo", [*BATHROOM, "Cabinet"]).get("Toilet") == FULL
