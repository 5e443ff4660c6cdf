"""Round 44 (issue 11): a word whose letters are written as the digits or letter pairs
that look like them ("tab1e", "rnug", "1oo roll", "t0ilet": a scanned or photographed note,
blind 32 r03, r18, r26, r35) is read as the word its look-alikes undo to. Left as
written, "rnug + bow1 -> kitchen" named nothing and got nothing."""

from __future__ import annotations

import pytest
from recall_rooms import room, top_types
from wordnet_data import needs_wordnet

from memory_node.core.recall.embedder import Embedder
from memory_node.core.recall.lexicon import Lexicon
from memory_node.core.recall.spelling import Speller

KITCHEN = ["Mug", "Bowl", "Sink", "Faucet", "Fridge", "Microwave", "DiningTable", "Cabinet",
           "Plate", "Pot"]


@pytest.fixture()
def speller(lex: Lexicon) -> Speller:
    return Speller(lex, lookalikes=True)


@needs_wordnet
@pytest.mark.parametrize(("text", "read"), [
    ("the rnugs -> sink", "the mugs -> sink"),            # "rn" for "m", a plural
    ("bow1 on the tab1e", "bowl on the table"),            # "1" for "l"
    ("p1ates out of the rnicrowave", "plates out of the microwave"),
    ("next to the t0ilet", "next to the toilet"),          # "0" for "o"
    ("my ce11 phone", "my cell phone"),                    # cell and ceil: the table's name
    ("1oo roll -> ho1der", "loo roll -> holder"),          # "oo" is no word: no unit
    ("KITCHEN: 5PO0NS", "KITCHEN: SPOONS"),                # upper case stays upper case
])
def test_a_word_in_lookalikes_is_read_as_the_word_they_undo_to(speller: Speller, text: str,
                                                               read: str) -> None:
    assert speller.correct(text) == read


@needs_wordnet
@pytest.mark.parametrize("text", [
    "Q1: the mug on P1",     # one letter: a label
    "1x remote, 2x cups",    # a count
    "back by 5am",           # a number and its unit ("am" is a word): never "sam"
    "the 1950s lamp",        # a "9" looks like no letter: a number
    "return the corner chair",  # "rn" inside words that are words
    "room 101b",             # one letter after a number
])
def test_no_other_word_is_read_as_lookalikes(speller: Speller, text: str) -> None:
    assert speller.correct(text) == text


@needs_wordnet
def test_without_the_switch_the_speller_reads_no_lookalikes(speller: Speller) -> None:
    assert Speller(speller.lexicon).correct("rnug on the tab1e") == "rnug on the tab1e"


@needs_wordnet
def test_a_note_in_lookalikes_recalls_its_things(embedder: Embedder) -> None:
    units = room(KITCHEN)
    text = "rnug + bow1 -> cupboard"
    got = top_types(embedder, text, units)
    assert {"Mug", "Bowl"} <= set(got)
    assert not {"Mug", "Bowl"} <= set(top_types(embedder, text, units,
                                                  lookalike_letters=False))
