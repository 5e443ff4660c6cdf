"""Round 40 (issue 11): a place's last word clipped from a place's name is read as that
name. Speech writes the drawer as "the draw" ("cd's in the draw", blind 14 n28; "goes in
the draw", blind 27 r05, r13, r21) and notes write the cabinet as "cab" ("spray->cab;",
blind 15 p37; "mug (counter) -> cab.", blind 26 r01): WordNet knows both words (a tie,
a taxi), so the speller left them and the drawer or cabinet was lost."""

from __future__ import annotations

import pytest
from recall_rooms import room, top_types
from wordnet_data import needs_wordnet

from memory_node.core.recall.embedder import Embedder
from memory_node.core.recall.lexicon import Lexicon
from memory_node.core.recall.spelling import Speller, place_names

BATHROOM = ["Toilet", "Cabinet", "Sink", "SinkBasin", "Faucet", "SprayBottle", "ScrubBrush",
            "Bathtub"]


@pytest.fixture()
def speller(lex: Lexicon) -> Speller:
    return Speller(lex, clipped=place_names())


def test_places_are_the_tables_furniture_fixtures_storage_and_surfaces() -> None:
    names = place_names()
    assert {"drawer", "cabinet", "towel holder", "counter top", "fridge"} <= names
    assert not {"tennis racket", "laptop", "toaster", "mug"} & names


@needs_wordnet
@pytest.mark.parametrize(("text", "read"), [
    ("cd's in the draw.", "cd's in the drawer."),
    ("the watch is on the sofa put it in the draw please", "the watch is on the sofa put "
     "it in the drawer please"),
    ("spray->cab;", "spray->cabinet;"),
    ("mug (counter) -> cab.", "mug (counter) -> cabinet."),
    ("1 spare in cab", "1 spare in cabinet"),
    ("the spatula goes in the draw next to the cooker",
     "the spatula goes in the drawer next to the cooker"),
])
def test_a_places_clipped_last_word_is_read_as_its_name(speller: Speller, text: str,
                                                         read: str) -> None:
    assert speller.correct(text) == read


@needs_wordnet
@pytest.mark.parametrize("text", [
    "the draw is open",            # no place said before it
    "in the draw of the desk",     # "of": a part of a thing
    "keep it in the rack",         # a tennis racket is no place
    "put it on my lap",            # nor a laptop
    "butter on the toast",         # nor a toaster
    "wipe it with a tow",          # "with": no place; and a towel holder's first word
    "the drawer is in the cab of the van",  # "of" again
    "in the cup",                  # a name word as it is
    "soap bar -> bath",            # WordNet's bath is a bathtub: named already
])
def test_no_other_word_is_read_as_a_clipped_place(speller: Speller, text: str) -> None:
    assert speller.correct(text) == text


@needs_wordnet
def test_without_place_names_the_speller_reads_no_clips(speller: Speller) -> None:
    assert Speller(speller.lexicon).correct("cd's in the draw.") == "cd's in the draw."


@needs_wordnet
def test_the_cabinet_written_as_cab_is_recalled(embedder: Embedder) -> None:
    units = room(BATHROOM)
    text = "spray btl under sink in cab"
    assert "Cabinet" in top_types(embedder, text, units)
    assert "Cabinet" not in top_types(embedder, text, units, clipped_names=False)
