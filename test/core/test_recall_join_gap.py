"""Round 15 (issue 11): two words are read as one compound only when nothing but space or
a hyphen stands between them. "1 book -> shelf" joined "book" and "shelf" into
"bookshelf" (a shelf), which spent the word "book" and left the book unnamed."""

from __future__ import annotations

from wordnet_data import names_said, needs_wordnet

from memory_node.core.recall.lexicon import Lexicon
from memory_node.core.recall.names import FULL

TYPES = ["Book", "Shelf", "SoapBar", "SaltShaker", "Sink"]


def named(text: str, lex: Lexicon) -> dict[str, float]:
    return names_said(text, lex, TYPES)


@needs_wordnet
def test_an_arrow_or_a_comma_is_not_inside_a_name(lex: Lexicon) -> None:
    for text in ("1 book -> shelf", "book, shelf", "book/shelf"):
        got = named(text, lex)
        assert got.get("Book") == FULL and got.get("Shelf") == FULL, (text, got)


@needs_wordnet
def test_words_with_a_space_or_hyphen_still_join(lex: Lexicon) -> None:
    assert named("put the soap bar by the sink", lex).get("SoapBar") == FULL
    assert named("pass the salt-shaker", lex).get("SaltShaker") == FULL
    # Said as one compound, "book shelf" is the shelf, and the book is not named.
    assert "Book" not in named("dust the book shelf", lex)
