"""Round 49 (issue 11): a denial that says again a thing said earlier in its sentence
withdraws that earlier mention too.

A self-repair repeats what it repairs: "put it in the bin - well, not the bin, on the
shelf" (blind 37 r27) and "into the laundry hamper, I keep tripping on them - well, not
the hamper, it smells, on the shelf" (blind 38 r28) want the shelf, but the retraction rule
kept the bin and the hamper, said outside the denied words, and they held a slot."""

from __future__ import annotations

import pytest
from recall_rooms import room, top_types
from wordnet_data import needs_wordnet

from memory_node.core.recall.embedder import Embedder
from memory_node.core.recall.lexicon import Lexicon
from memory_node.core.recall.names import query_terms, retracted
from memory_node.core.recall.recall import RecallConfig

BEDROOM = ["CellPhone", "Drawer", "Shelf", "GarbageCan", "AlarmClock", "Window", "Bed",
           "Desk", "TennisRacket", "BaseballBat", "LaundryHamper", "SideTable", "Book"]


def denied(lex: Lexicon, text: str, repeated: bool) -> list[str]:
    """The words ``retracted`` takes back (contrasts read as recall does), as
    ``query_terms`` tokenises them."""
    tokens = query_terms(text, lex).tokens
    return [tokens[i] for i in sorted(retracted(text, lex, True, True, repeated))]


@needs_wordnet
@pytest.mark.parametrize(("text", "off", "on"), [
    ("put it in the bin - well, not the bin, on the shelf",
     ["the", "bin"], ["bin", "the", "bin"]),
    ("into the laundry hamper, I keep tripping on them - well, not the hamper, on the shelf",
     ["the", "hamper"], ["laundry", "hamper", "the", "hamper"]),
    # A plural denied is its singular said before (tokens are singular: "the bins").
    ("the cup in the bin, not the bins", ["the", "bin"], ["bin", "the", "bin"]),
])
def test_the_repaired_mention_is_withdrawn(lex: Lexicon, text: str, off: list[str],
                                           on: list[str]) -> None:
    assert denied(lex, text, False) == off
    assert denied(lex, text, True) == on


@needs_wordnet
@pytest.mark.parametrize("text", [
    "use the fish slice, not the knife",                      # nothing said before
    "the tissue box on the side table, not the coffee table",  # another table said
    "Throw out the wine bottle, not the other bottle,",       # another of its kind
    "Put the pen in the drawer. Not the pen on the desk.",    # another sentence
    "Not the big pot, the small one, put it on the stove.",   # two of a kind told apart
    "put a new bar of - no, the liquid soap",                 # a repair with no negator
    "the cup is not in the sink, look on the counter",        # no noun phrase denied
])
def test_other_denials_withdraw_as_before(lex: Lexicon, text: str) -> None:
    assert denied(lex, text, True) == denied(lex, text, False)


@needs_wordnet
@pytest.mark.parametrize("text", [
    "My work phone, the old one, it's in the drawer, put it in the bin - well, not the "
    "bin, on the shelf, I'll give it back to them.",
    "The tennis racket and the baseball bat off the floor and into the laundry hamper, I "
    "keep tripping on them - well, not the hamper, it smells, on the shelf.",
])
def test_the_place_meant_takes_the_slot(embedder: Embedder, text: str) -> None:
    units = room(BEDROOM)
    on = top_types(embedder, text, units, 3)
    off = top_types(embedder, text, units, 3, repeated_denials=False)
    assert "Shelf" in on and not {"GarbageCan", "LaundryHamper"} & set(on)
    assert "Shelf" not in off


def test_on_by_default() -> None:
    assert RecallConfig().repeated_denials is True
