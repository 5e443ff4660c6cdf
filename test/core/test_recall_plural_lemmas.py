"""Round 14 (issue 11): plurals WordNet also lists as words of their own ("bowls": a game;
"drawers": underpants; "eggs"). morphy stops at the first form the index knows, so "the
bowls" never named the bowl outright; now such a plural is read as its singular, on the
label side and the instruction side alike ("chest of drawers" still names the dresser)."""

from __future__ import annotations

from wordnet_data import needs_wordnet

from memory_node.core.recall.embedder import Embedder
from memory_node.core.recall.lexicon import Lexicon
from memory_node.core.recall.names import FULL, label_terms, name_match, query_terms
from memory_node.core.recall.recall import Recaller
from memory_node.core.units import ObjectMemoryUnit as Unit


@needs_wordnet
def test_plurals_that_are_words_of_their_own(lex: Lexicon) -> None:
    assert lex.singular("bowls") == "bowl"
    assert lex.singular("drawers") == "drawer"
    assert lex.singular("eggs") == "egg"
    assert lex.singular("knives") == "knife"      # morphy's own answer, as before
    assert lex.singular("pass") == "pass"         # mostly a verb: not "pas"
    assert lex.singular("hands") == "hands"       # no physical main sense of "hand"


@needs_wordnet
def test_the_bowls_name_the_bowl(lex: Lexicon) -> None:
    q = query_terms("the bowls go in the cupboard and the eggs in the fridge", lex)
    assert name_match(label_terms("Bowl", lex), q) == FULL
    assert name_match(label_terms("Egg", lex), q) == FULL
    q = query_terms("fetch my book from the chest of drawers", lex)
    assert name_match(label_terms("Dresser", lex), q) == FULL


@needs_wordnet
def test_recall_names_the_bowls(embedder: Embedder) -> None:
    rec = Recaller(embedder)
    units = [Unit(f"{t}_1", t, (i, 0.9, 0), area_id="room") for i, t in
             enumerate(["Bowl", "Plate", "Cup", "Cabinet", "SinkBasin", "Faucet", "Fridge"])]
    got = rec.rank("the bowls already washed, put them away", units, 3)
    assert got and got[0].unit.label == "Bowl" and got[0].named
