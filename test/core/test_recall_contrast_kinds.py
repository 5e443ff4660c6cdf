"""Round 37 (issue 11): a speaker telling apart two things of one kind keeps the kind, and
a three-letter name typed with two letters swapped is read as that name.

"Not the big pot, the small one, put it on the stove" (blind 18 q05) wants a pot: the
negation tells two pots apart, and the retraction rule took the pot back. "The book on the
bed, not the one on the desk" denies the desk, not a thing. "A drawer, no, not the pen"
(blind 26 r05): the "no" opens the negation after it, it takes back nothing before it.
"The pna on the stove" (blind 8 h02): three letters are below the speller's slip length."""

from __future__ import annotations

import pytest
from recall_rooms import room, top_types
from wordnet_data import needs_wordnet

from memory_node.core.recall.embedder import Embedder
from memory_node.core.recall.lexicon import Lexicon
from memory_node.core.recall.names import query_terms, retracted
from memory_node.core.recall.spelling import Speller, transpositions

KITCHEN = ["Pot", "Pan", "StoveBurner", "Sink", "Faucet", "Fridge", "CounterTop", "Cabinet",
           "Drawer", "Mug", "Cup", "Kettle"]
LIVING = ["RemoteControl", "Sofa", "SideTable", "TVStand", "Book", "Bed", "Desk", "Shelf",
          "Television", "ArmChair", "Pen", "Pencil", "DiningTable", "Drawer"]


def denied(lex: Lexicon, text: str, kinds: bool) -> list[str]:
    """The words ``retracted`` takes back, as ``query_terms`` tokenises them."""
    tokens = query_terms(text, lex).tokens
    return [tokens[i] for i in sorted(retracted(text, lex, True, kinds))]


@needs_wordnet
@pytest.mark.parametrize(("text", "off", "on"), [
    ("Not the big pot, the small one, put it on the stove.", ["the", "big", "pot"], []),
    ("Not the remote on the sofa, the one on the side table, put that one on the TV stand.",
     ["the", "remote"], ["the", "sofa"]),
    ("The book on the bed, not the one on the desk, goes on the shelf.",
     ["the"], ["the", "desk"]),
    ("not the red mug, the blue one", ["the", "red", "mug"], []),
    ("Pen off the table into a drawer, no, not the pen, the pencil.",
     ["a", "drawer", "the", "pen"], ["the", "pen"]),
])
def test_two_of_a_kind_told_apart_keep_the_kind(lex: Lexicon, text: str, off: list[str],
                                                on: list[str]) -> None:
    assert denied(lex, text, False) == off
    assert denied(lex, text, True) == on


@needs_wordnet
@pytest.mark.parametrize("text", [
    "use the fish slice, not the knife",                        # no "one": a kind denied
    "not the pen, the one you can rub out",                     # a clause may name another
    "Not the wine bottle, the other bottle, the plain one.",    # a noun, not "one", after it
    "put a new bar of - no, the liquid soap",                   # a repair, no negator
    "by the sink, NOT in the cabinet, the one on the left",     # a place contrasted
])
def test_other_negations_deny_as_before(lex: Lexicon, text: str) -> None:
    assert denied(lex, text, True) == denied(lex, text, False)


@needs_wordnet
@pytest.mark.parametrize(("types", "text", "flag", "k", "want", "gone"), [
    # The two things it acts on: the pot and the stove (off, the pot ranks after a cup).
    (KITCHEN, "Not the big pot, the small one, put it on the stove.", "contrast_kinds", 2,
     "Pot", "Cup"),
    (LIVING, "Not the remote on the sofa, the one on the side table, put that one on the "
     "TV stand.", "contrast_kinds", 3, "RemoteControl", "Sofa"),
    (KITCHEN, "also the pna on the stove needs washing", "transpositions", 3, "Pan", None),
])
def test_what_the_rule_reads_is_recalled(embedder: Embedder, types: list[str], text: str,
                                         flag: str, k: int, want: str,
                                         gone: str | None) -> None:
    units = room(types)
    on = top_types(embedder, text, units, k)
    assert want in on and gone not in on
    assert want not in top_types(embedder, text, units, k, **{flag: False})


def test_a_word_swapped_at_each_pair_of_neighbours() -> None:
    assert transpositions("pan") == {"apn", "pna"}
    assert transpositions("egg") == {"geg"}  # "gg" swapped is itself


@needs_wordnet
def test_a_three_letter_name_with_two_letters_swapped_is_read(lex: Lexicon) -> None:
    on = Speller(lex, transposed=True)
    off = Speller(lex)
    text = "also the pna on the stvoe, teh mgu too"
    assert on.correct(text) == "also the pan on the stove, teh mug too"
    assert off.correct(text) == "also the pna on the stove, teh mgu too"
    # Words WordNet knows stay ("opt", "cpu"), as do swaps of no name ("teh", "cna").
    for kept in ("opt for the cpu", "cna you put teh box away"):
        assert on.correct(kept) == kept
