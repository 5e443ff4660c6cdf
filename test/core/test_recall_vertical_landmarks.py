"""A phrase after "under", "above", "behind" that places a noun is a landmark too (issue 11,
round 46): in "into the cupboard under the sink" the sink only says which cupboard, as "the
table by the sofa" says which table (round 27's ``landmarks``, prepositions of nearness
only). The same tests hold: right after a noun, with another place said in its clause; "put
the mug under the coffee maker" is where the mug goes."""

from __future__ import annotations

import pytest
from wordnet_data import needs_wordnet

from memory_node.core.recall.embedder import Embedder
from memory_node.core.recall.names import FULL, query_terms
from memory_node.core.recall.recall import RecallConfig, Recaller

BATH = sorted({"SoapBottle", "Window", "Cabinet", "Sink", "SinkBasin", "Toilet",
               "ToiletPaper", "Mirror", "CounterTop", "Towel"})


@pytest.fixture(scope="module")
def recaller() -> Recaller:
    return Recaller(Embedder())


def marked(recaller: Recaller, text: str, vertical: bool = True) -> list[str]:
    lex = recaller.lexicon
    assert lex is not None and lex.available
    q = query_terms(text, lex, landmark_places=True, vertical_landmarks=vertical)
    return [q.tokens[i] for i in sorted(q.landmarks)]


@needs_wordnet
@pytest.mark.parametrize(("text", "landmark"), [
    ("Soap bottle off the sill and into the cupboard under the sink.", "sink"),
    ("The birthday CD on the side table, on the shelf behind the books.", "book"),
    ("the towel goes in the cabinet beneath the basin", "basin"),
])
def test_a_vertical_phrase_after_a_noun_is_a_landmark(recaller: Recaller, text: str,
                                                      landmark: str) -> None:
    assert marked(recaller, text) == [landmark]
    assert marked(recaller, text, vertical=False) == []


@needs_wordnet
def test_where_a_thing_goes_is_no_landmark(recaller: Recaller) -> None:
    # After a pronoun or a verb, or with no other place said in its clause, the phrase
    # says where the thing goes (or is).
    for text in ("put the mug under the coffee maker", "put it under the sink",
                 "stand the spray under the basin",
                 "rinse the pot under the faucet and place it in the cabinet"):
        assert marked(recaller, text) == [], text


@needs_wordnet
def test_the_landmark_yields_its_slot(recaller: Recaller) -> None:
    text = "Soap bottle off the sill and into the cabinet under the sink."
    off = Recaller(Embedder(), config=RecallConfig(vertical_landmarks=False))
    assert recaller.names_in(text, BATH)["Sink"] < FULL
    assert off.names_in(text, BATH)["Sink"] == FULL
    # Said anywhere else as well, it is named.
    assert recaller.names_in("the sponge off the sink and into the cupboard under the sink",
                             BATH)["Sink"] == FULL
