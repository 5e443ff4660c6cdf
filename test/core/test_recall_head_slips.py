"""Round 14 (issue 11): autocorrect's real words in a noun's place. "put the smug in the
sink" ("smug" for "mug"): WordNet knows "smug", so it was never read as a slip. Between a
determiner and a function word (or the end) a word is a noun phrase's noun; one that
WordNet knows as no noun at all, one slip from an object's name, is read as that name."""

from __future__ import annotations

from recall_rooms import room
from wordnet_data import needs_wordnet

from memory_node.core.recall.embedder import Embedder
from memory_node.core.recall.lexicon import Lexicon
from memory_node.core.recall.recall import Recaller
from memory_node.core.recall.spelling import Speller


@needs_wordnet
def test_a_word_that_is_no_noun_in_a_nouns_place_is_a_slip(lex: Lexicon) -> None:
    sp = Speller(lex)
    assert sp.correct("put the smug in the sink") == "put the mug in the sink"
    assert sp.correct("rinse the smug.") == "rinse the mug."
    # A word with a noun sense may be what was meant ("the right", "the fort").
    assert sp.correct("to the right of the sink") == "to the right of the sink"
    # Not a head: an adjective before a noun or before "one" ("the near one").
    assert sp.correct("put the near one back") == "put the near one back"
    assert sp.correct("the smug cat") == "the smug cat"
    # No determiner before it: not read as a noun.
    assert sp.correct("he is smug in the kitchen") == "he is smug in the kitchen"


@needs_wordnet
def test_recall_finds_the_mug_autocorrect_hid(embedder: Embedder) -> None:
    rec = Recaller(embedder)
    units = room(["Mug", "Cup", "SinkBasin", "Faucet", "Fridge", "Bowl", "Plate", "Kettle"])
    got = [r.unit.label for r in rec.rank("put the smug in the sink and rinse it out",
                                           units, 3)]
    assert "Mug" in got, got
