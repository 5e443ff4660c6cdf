"""A word made from a thing's noun says that noun (issue 11, round 33): "bag it and shelve
it" puts the book on a shelf; "the little pots that make food salty and peppery" are the
salt and pepper shakers. WordNet knows "shelve", "salty", "peppery" as no noun, and no
type's name holds them; their own definitions do ("shelve: place on a shelf", "salty:
containing or filled with salt"), and the noun is the word's own first letters
(``Lexicon.root_noun``). With ``RecallConfig.root_nouns`` the word is read as that noun
as well."""

from __future__ import annotations

import pytest
from test_recall_landmarks import units
from wordnet_data import needs_wordnet

from memory_node.core.recall.embedder import Embedder
from memory_node.core.recall.names import FULL, MODIFIER
from memory_node.core.recall.recall import RecallConfig, Recaller

BEDROOM = ["Book", "Bed", "Chair", "Drawer", "Shelf", "Dresser", "Pencil", "Laptop"]
KITCHEN = ["SaltShaker", "PepperShaker", "Pot", "Shelf", "Egg", "Plate", "CounterTop"]


@pytest.fixture(scope="module")
def recaller() -> Recaller:
    return Recaller(Embedder())


@pytest.fixture(scope="module")
def off() -> Recaller:
    return Recaller(Embedder(), config=RecallConfig(root_nouns=False))


@needs_wordnet
def test_the_noun_a_word_is_made_from(recaller: Recaller) -> None:
    lex = recaller._lexicon()
    assert lex is not None
    # By a main sense's definition ("shelve": to postpone first, then "place on a shelf").
    assert lex.root_noun("shelve") == "shelf"
    assert lex.root_noun("salty") == "salt"
    assert lex.root_noun("peppery") == "pepper"
    assert lex.root_noun("soapy") == "soap"
    # A noun itself, a noun longer than the word's base, the verb's own noun, no thing,
    # a word whose definition says no noun of its letters: nothing.
    for word in ("shelf", "painted", "watered", "imagine", "put", "kindly", "fetch"):
        assert lex.root_noun(word) == "", word


@needs_wordnet
def test_shelve_it_names_the_shelf(recaller: Recaller, off: Recaller) -> None:
    text = "Item three: one book on the chair - bag it and shelve it."
    assert recaller.names_in(text, BEDROOM)["Shelf"] == FULL
    assert off.names_in(text, BEDROOM).get("Shelf", 0.0) < FULL


@needs_wordnet
def test_salty_and_peppery_name_the_shakers(recaller: Recaller, off: Recaller) -> None:
    text = "The little pots that make food salty and peppery go back on the shelf."
    on_names = recaller.names_in(text, KITCHEN)
    off_names = off.names_in(text, KITCHEN)
    for shaker in ("SaltShaker", "PepperShaker"):
        assert on_names[shaker] >= MODIFIER, shaker
        assert off_names.get(shaker, 0.0) < MODIFIER, shaker
    got = [r.unit.label for r in recaller.rank(text, units(KITCHEN, "kitchen"), 3)]
    assert {"SaltShaker", "PepperShaker"} <= set(got)


@needs_wordnet
def test_text_without_such_a_word_reads_as_before(recaller: Recaller, off: Recaller) -> None:
    for text in ("put the book on the shelf and the pencil in the drawer",
                 "could you fetch me the newspaper, imagine, and the painted vase"):
        assert recaller.names_in(text, BEDROOM) == off.names_in(text, BEDROOM), text

