"""Round 50 (issue 11): a verb of leaving alone with a pronoun for its object, after a
repair marker or a pause, takes back the phrase before it.

"Pencils and pens from the desk into the drawer - no, leave them, ... just put the book
from the desk on the shelf" (blind 39 r25) wants the book, the desk and the shelf, but the
"no" repair withdrew only the drawer and the pencils and pens held two slots; "the vase
from the side table - no wait, the vase is Mum's, leave it" (blind 38 r12) and "the vase
on the dresser - on second thought keep it" (blind 38 r29) kept the vase. A verb that says
where a thing goes ("leave it on the counter") or that is itself repaired ("leave it,
actually, no, put it in the drawer": blind 33 r21) takes nothing back."""

from __future__ import annotations

import pytest
from recall_rooms import room, top_types
from wordnet_data import needs_wordnet

from memory_node.core.recall.embedder import Embedder
from memory_node.core.recall.lexicon import Lexicon
from memory_node.core.recall.names import query_terms, retracted
from memory_node.core.recall.recall import RecallConfig

BEDROOM = ["Pencil", "Pen", "Book", "Desk", "Drawer", "Shelf", "Bed", "Vase", "Dresser",
           "SideTable", "Statue", "Box", "Laptop", "AlarmClock"]


def taken_back(lex: Lexicon, text: str, verbs: bool) -> list[str]:
    """The words ``retracted`` takes back (every other rule on, as recall reads them),
    as ``query_terms`` tokenises them."""
    tokens = query_terms(text, lex).tokens
    return [tokens[i] for i in sorted(retracted(text, lex, True, True, True, verbs))]


@needs_wordnet
@pytest.mark.parametrize(("text", "off", "on"), [
    # The phrase before the marker, whole ("the drawer" alone is the "no" repair's).
    ("Pencils and pens from the desk into the drawer - no, leave them, she'll want them "
     "out - just put the book from the desk on the shelf.",
     ["the", "drawer"], ["pencil", "pen", "desk", "the", "drawer"]),
    # An aside between the marker and the verb, and its thing said before it.
    ("The ugly statue on the shelf goes in the box, and the vase from the side table - no "
     "wait, the vase is Mum's, leave it, just the statue.",
     ["the", "side", "table"], ["vase", "the", "side", "table", "vase", "mum", "s"]),
    # "on second thought", its noun as written.
    ("the vase on the dresser - on second thougth keep it, but the books from the desk, "
     "on the bed", [], ["vase", "dresser"]),
    # After a pause, no marker.
    ("the candle on the table, forget it, the mug on the desk into the sink", [],
     ["candle", "table"]),
])
def test_the_phrase_before_is_taken_back(lex: Lexicon, text: str, off: list[str],
                                         on: list[str]) -> None:
    assert taken_back(lex, text, False) == off
    assert taken_back(lex, text, True) == on


@needs_wordnet
@pytest.mark.parametrize("text", [
    "The laptop on the desk - leave it, actually, no, put it in the drawer.",  # repaired
    "Put the egg in the fridge. Actually no, leave it out, I'm baking later.",  # more said
    "The big pot goes in the fridge - actually no, keep it on the stove.",      # a place
    "Fold the towel and leave it.",                        # a request, no pause or marker
    "Wrap the potatoes in foil and leave them on the counter till I get back.",
    "If the fridge is full just leave them on the counter.",
    "the bar of soap in the bath where I keep it?",        # a statement's verb (blind 16)
])
def test_other_verbs_take_nothing_back(lex: Lexicon, text: str) -> None:
    assert taken_back(lex, text, True) == taken_back(lex, text, False)


@needs_wordnet
@pytest.mark.parametrize(("text", "wanted", "dropped"), [
    ("Pencils and pens from the desk into the drawer - no, leave them, she'll want them "
     "out - just put the book from the desk on the shelf.",
     {"Book", "Desk", "Shelf"}, {"Pencil", "Pen"}),
    ("the vase on the dresser - on second thougth keep it, but the books from the desk, "
     "on the bed", {"Book", "Desk", "Bed"}, {"Vase", "Dresser"}),
])
def test_what_is_left_takes_the_slots(embedder: Embedder, text: str, wanted: set[str],
                                      dropped: set[str]) -> None:
    units = room(BEDROOM)
    on = top_types(embedder, text, units, 3)
    off = top_types(embedder, text, units, 3, verb_retractions=False)
    assert set(on) == wanted
    assert dropped & set(off)


def test_on_by_default() -> None:
    assert RecallConfig().verb_retractions is True
