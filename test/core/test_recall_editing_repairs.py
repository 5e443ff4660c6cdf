"""Round 51 (issue 11): an editing term alone after a pause ("sorry", "I mean", "actually",
"or rather") with another place or thing right after it repairs the phrase before it, as
a lone "no" does.

"the teddy bear off the bed and into the drawer - sorry, onto the shelf" (blind 40 r25)
wants the shelf, but with no "no" nothing was taken back and the drawer held the slot;
"... into the drawer... actually onto the shelf" (blind 32 r21) the same. What follows
the marker says what it repairs: a place withdraws the place before it, a noun phrase
the noun phrase. A verb after it is a new request ("the cabinet - actually take the
spoon out first": the cabinet is still wanted), and a negator after it has its own rule."""

from __future__ import annotations

import pytest
from recall_rooms import room, top_types
from wordnet_data import needs_wordnet

from memory_node.core.recall.embedder import Embedder
from memory_node.core.recall.lexicon import Lexicon
from memory_node.core.recall.names import query_terms, retracted
from memory_node.core.recall.recall import RecallConfig

BEDROOM = ["AlarmClock", "Desk", "Drawer", "Shelf", "Bed", "Vase", "SideTable", "Dresser",
           "Box", "Laptop", "Pen", "Book"]


def taken_back(lex: Lexicon, text: str, repairs: bool) -> list[str]:
    """The words ``retracted`` takes back (every other rule on, as recall reads them),
    as ``query_terms`` tokenises them."""
    tokens = query_terms(text, lex).tokens
    return [tokens[i] for i in sorted(retracted(text, lex, True, True, True, True, repairs))]


@needs_wordnet
@pytest.mark.parametrize(("text", "on"), [
    # A place repairs the place phrase before it.
    ("Move the alarm clock off the desk and into the drawer - sorry, onto the shelf.",
     ["into", "the", "drawer"]),
    ("The book on the bed... actually on the dresser.", ["on", "the", "bed"]),
    # A noun phrase repairs the noun phrase before it, from its determiner.
    ("The vase goes on the desk, I mean the side table.", ["the", "desk"]),
    ("the box - or rather the vase - onto the shelf", ["the", "box"]),
    # With no determiner before it, a bare noun repairs the noun right before it.
    ("pen on bed, box... i mean drawer", ["box"]),
])
def test_the_phrase_before_is_repaired(lex: Lexicon, text: str, on: list[str]) -> None:
    assert taken_back(lex, text, False) == []
    assert taken_back(lex, text, True) == on


@needs_wordnet
@pytest.mark.parametrize("text", [
    # A verb after the marker: a new request, the cabinet still wanted.
    "Then the bowl goes into the cabinet - actually take the spoon out first.",
    "Sorry to bother you, the laptop on the desk please.",     # "to": no repair
    "Put the vase on the, sorry, not the shelf, the side table.",  # the negator's
    "Every book off the shelf and into the box, I mean it, every one.",
    "The laptop's on the bed, and I'd rather it lived on the desk.",  # no pause
    "Put the pen in the drawer so I actually use it.",
])
def test_other_markers_repair_nothing(lex: Lexicon, text: str) -> None:
    assert taken_back(lex, text, True) == taken_back(lex, text, False)


@needs_wordnet
@pytest.mark.parametrize(("text", "wanted", "dropped"), [
    ("Move the alarm clock off the desk and into the drawer - sorry, onto the shelf.",
     {"AlarmClock", "Desk", "Shelf"}, {"Drawer"}),
    ("The laptop off the bed, onto the dresser, I mean the side table.",
     {"Laptop", "Bed", "SideTable"}, {"Dresser"}),
])
def test_the_repair_takes_the_slot(embedder: Embedder, text: str, wanted: set[str],
                                   dropped: set[str]) -> None:
    units = room(BEDROOM)
    on = top_types(embedder, text, units, 3)
    off = top_types(embedder, text, units, 3, editing_repairs=False)
    assert set(on) == wanted
    assert dropped & set(off)


def test_on_by_default() -> None:
    assert RecallConfig().editing_repairs is True


# Round 51 (recall51b): an editing term before an additive phrase adds a thing; the
# phrase before it is still wanted ("the plate in the sink, actually, the mug too").
@needs_wordnet
@pytest.mark.parametrize(("added", "replaced", "before"), [
    ("The book on the bed, actually, the laptop too.",
     "The book on the bed, actually, the laptop.", ["the", "bed"]),
    ("The vase goes on the desk, sorry, the pen as well.",
     "The vase goes on the desk, sorry, the pen.", ["the", "desk"]),
    ("Put the pen in the drawer - I mean the box also - then the book on the shelf.",
     "Put the pen in the drawer - I mean the box - then the book on the shelf.",
     ["the", "drawer"]),
    ("The alarm clock into the drawer... actually onto the shelf too.",
     "The alarm clock into the drawer... actually onto the shelf.",
     ["into", "the", "drawer"]),
])
def test_an_additive_phrase_repairs_nothing(lex: Lexicon, added: str, replaced: str,
                                            before: list[str]) -> None:
    assert taken_back(lex, added, True) == []
    assert taken_back(lex, replaced, True) == before


@needs_wordnet
@pytest.mark.parametrize("text", [
    "The towel off the bed, sorry, and the book as well.",  # a conjunction opens it
    "The book on the bed, sorry, also the laptop.",
    # The particle is read in the repairing phrase only: a later clause's "too" is not it.
    "The vase on the desk, I mean the side table, and the pen too.",
    "The vase on the desk, I mean the side table - put the pen there too.",
])
def test_additive_readings(lex: Lexicon, text: str) -> None:
    got = taken_back(lex, text, True)
    assert got == (["the", "desk"] if "side table" in text else [])


@needs_wordnet
@pytest.mark.parametrize(("text", "wanted"), [
    ("The book on the bed, actually, the laptop too.", {"Book", "Laptop", "Bed"}),
    ("Put the vase on the dresser, sorry, the pen as well.", {"Vase", "Pen", "Dresser"}),
])
def test_an_added_thing_keeps_the_place(embedder: Embedder, text: str,
                                        wanted: set[str]) -> None:
    assert set(top_types(embedder, text, room(BEDROOM), 3)) == wanted
