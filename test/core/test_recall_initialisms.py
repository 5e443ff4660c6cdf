"""Round 34 (issue 11): a type name of several words written as its initials is read as
that name. Notes write toilet paper as "TP" ("TP -> holdr (spare in cab)", blind 16
q38; "tp on holder", blind 17 q35): WordNet does not know "tp", it is no slip of a name
word and has no vowels to drop, so the speller left it and the toilet paper was lost."""

from __future__ import annotations

import pytest
from recall_rooms import room, top_types
from wordnet_data import needs_wordnet

from memory_node.core.recall.embedder import Embedder
from memory_node.core.recall.lexicon import Lexicon
from memory_node.core.recall.spelling import Speller, initials, table_names

BATHROOM = ["Toilet", "ToiletPaper", "ToiletPaperHanger", "Cabinet", "Sink", "SinkBasin",
            "Faucet", "Mirror", "SoapBar", "SprayBottle", "Towel", "TowelHolder",
            "HandTowel", "HandTowelHolder", "Plunger", "ScrubBrush", "GarbageCan",
            "Bathtub", "LightSwitch"]


@pytest.fixture()
def speller(lex: Lexicon) -> Speller:
    return Speller(lex, abbreviations=True, names=table_names())


def test_the_names_of_the_table_and_their_initials() -> None:
    names = table_names()
    assert {"toilet paper", "toilet paper hanger", "remote control", "mug"} <= names
    assert initials("toilet paper hanger") == "tph"


@needs_wordnet
@pytest.mark.parametrize(("text", "read"), [
    ("TP -> holder", "toilet paper -> holder"),
    ("tp on holder (2 rolls)", "toilet paper on holder (2 rolls)"),
    ("Spare TP: on holder.", "Spare toilet paper: on holder."),
    ("the ptr on the counter", "the paper towel roll on the counter"),  # three words
])
def test_initials_are_read_as_the_one_name_they_begin(speller: Speller, text: str,
                                                       read: str) -> None:
    assert speller.correct(text) == read


@needs_wordnet
@pytest.mark.parametrize("text", [
    "sb on the sink",         # soap bar, spray bottle, scrub brush, ...: no way to tell
    "the cc in the drawer",   # WordNet knows "cc" (cubic centimetre)
    "the TV off",             # a word WordNet knows
    "keep it by the WC",      # WordNet's "w.c." (the toilet), not the watering can
    "put the rc on the sofa",  # WordNet's "r.c." (Roman Catholic): the guard's cost
    "put the 1st cup away",   # "st" joined to a digit is no word
    "pls thx",                # the initials of no name
])
def test_no_other_word_is_read_as_initials(speller: Speller, text: str) -> None:
    assert speller.correct(text) == text


@needs_wordnet
def test_without_names_the_speller_reads_no_initials(speller: Speller) -> None:
    plain = Speller(speller.lexicon, speller.vocabulary, abbreviations=True)
    assert plain.correct("TP -> holder") == "TP -> holder"


@needs_wordnet
def test_the_toilet_paper_written_as_initials_is_recalled(embedder: Embedder) -> None:
    units = room(BATHROOM)
    text = "TP -> holder (spare in cab)"
    assert "ToiletPaper" in top_types(embedder, text, units)
    assert "ToiletPaper" not in top_types(embedder, text, units, initialisms=False)
