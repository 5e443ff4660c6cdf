"""Round 23 (issue 11): a British word inside a compound ("loo roll", "bog roll") makes
the compound its American name makes ("toilet roll"), and WordNet's names of that
compound (a toilet roll is a kind of toilet paper) name the type outright, as the
speaker's own "toilet roll" does. Before, "loo" was read as the toilet and "roll" only
partly named the toilet paper, which fell below the relevance floor."""

from __future__ import annotations

import pytest
from recall_rooms import room, top_types
from wordnet_data import needs_wordnet

from memory_node.core.recall.embedder import Embedder
from memory_node.core.recall.lexicon import Lexicon
from memory_node.core.recall.names import query_terms

BATHROOM = ["Sink", "SinkBasin", "Faucet", "Toilet", "ToiletPaperHanger", "TowelHolder",
            "Towel", "HandTowelHolder", "HandTowel", "Bathtub", "BathtubBasin",
            "CounterTop", "Cabinet", "GarbageCan", "Mirror", "LightSwitch", "ShowerHead",
            "SoapBar", "SoapBottle", "ToiletPaper", "ScrubBrush", "Plunger"]


@needs_wordnet
def test_the_british_compound_reads_as_the_american_ones_names(lex: Lexicon) -> None:
    on = query_terms("a spare loo roll", lex, regional_compounds=True)
    off = query_terms("a spare loo roll", lex, regional_compounds=False)
    assert ("toilet", "paper") in on.grams
    assert ("toilet", "paper") not in off.grams
    # Placed where the speaker said the compound: both words, not one.
    v = on.variants.index(next(v for v in on.variants if v[-2:] == ("toilet", "paper")))
    assert on.origins[v][-2:] == ((2, 4), (2, 4))
    # A compound of the instruction's own words is read as before.
    assert ("toilet", "paper") in query_terms("a toilet roll", lex, regional_compounds=False).grams


@needs_wordnet
@pytest.mark.parametrize("vectorised", [True, False])
@pytest.mark.parametrize("text", [
    "the bog roll's run out, stick a new one on the holder",
    "the spare loo rolls go in the cabinet",
])
def test_a_loo_roll_recalls_the_toilet_paper(embedder: Embedder, vectorised: bool,
                                              text: str) -> None:
    assert "ToiletPaper" in top_types(embedder, text, room(BATHROOM),
                                      vectorised=vectorised), text
    assert "ToiletPaper" not in top_types(embedder, text, room(BATHROOM), vectorised=vectorised,
                                          regional_compounds=False), text
