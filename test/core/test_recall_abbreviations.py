"""Round 25 (issue 11): a name written without its vowels is read as that name. Notes
and texts drop vowels ("rmt on the floor -> tv stand", blind 14 n20; "Pncls, dsk drwr",
"Alm clk -> bdsd tbl", blind 10 j27): the word is no slip of a name (three letters or
more are missing), so the speller left it, and the thing it names was lost."""

from __future__ import annotations

import pytest
from recall_rooms import labels, room
from wordnet_data import needs_wordnet

from memory_node.core.recall.embedder import Embedder
from memory_node.core.recall.lexicon import Lexicon
from memory_node.core.recall.recall import RecallConfig, Recaller
from memory_node.core.recall.spelling import Speller

LIVING = ["Sofa", "ArmChair", "CoffeeTable", "SideTable", "TVStand", "Television",
          "FloorLamp", "GarbageCan", "Drawer", "Drawer", "Cabinet", "Cabinet", "Shelf",
          "HousePlant", "Painting", "LightSwitch", "Window", "RemoteControl", "Statue",
          "Watch", "Newspaper", "TissueBox", "Box", "Laptop", "Vase"]


@pytest.fixture()
def speller(lex: Lexicon) -> Speller:
    return Speller(lex, abbreviations=True)


@needs_wordnet
@pytest.mark.parametrize(("text", "read"), [
    ("rmt on the floor -> tv stand", "remote on the floor -> tv stand"),
    ("put the pncls in the drwr", "put the pencils in the drawer"),   # a plural keeps "s"
    ("dsk drwr", "desk drawer"),
    ("toilt brsh", "toilet brush"),                                   # slips stay slips
])
def test_a_name_without_its_vowels_is_read_as_the_name(speller: Speller, text: str,
                                                        read: str) -> None:
    assert speller.correct(text) == read


@needs_wordnet
@pytest.mark.parametrize("text", [
    "pls thx omw",          # text-speak whose letters are no name's
    "srt it out",           # a subsequence of "sports", not its vowel-less form
    "Alm clk",              # "alarm"/"aluminum" and "clock" drop more than vowels
    "the mug in the sink",  # known words never change
])
def test_no_other_word_is_read_as_a_name(speller: Speller, text: str) -> None:
    assert speller.correct(text) == text


@needs_wordnet
def test_off_the_speller_leaves_abbreviations(speller: Speller) -> None:
    plain = Speller(speller.lexicon, speller.vocabulary)
    assert plain.correct("rmt on the floor") == "rmt on the floor"


@needs_wordnet
def test_the_remote_written_without_vowels_is_recalled(embedder: Embedder) -> None:
    units = room(LIVING)
    text = "rmt on the floor -> tv stand."
    assert "RemoteControl" in labels(Recaller(embedder).rank(text, units, 3))
    off = Recaller(embedder, config=RecallConfig(abbreviations=False))
    assert "RemoteControl" not in labels(off.rank(text, units, 3))
