"""Round 21 (issue 11): a verb none of whose own tools is here is done with the tools of
its siblings that do what it does. WordNet's "scrub" is "clean with hard rubbing", a kind
of "rub"; its only kind named after a tool is the holystone. Its sibling "sponge down" is
"clean with a sponge, by rubbing": "scrub the pan" in a kitchen needs the dish sponge,
though nobody names it."""

from __future__ import annotations

import pytest
from recall_rooms import labels, room
from wordnet_data import needs_wordnet

from memory_node.core.recall.embedder import Embedder
from memory_node.core.recall.lexicon import Lexicon
from memory_node.core.recall.names import query_terms
from memory_node.core.recall.recall import RecallConfig, Recaller

KITCHEN = ["Cabinet", "Drawer", "Fridge", "Microwave", "SinkBasin", "Sink", "Faucet",
           "StoveBurner", "StoveKnob", "CounterTop", "DiningTable", "Toaster",
           "CoffeeMachine", "GarbageCan", "Pan", "Pot", "DishSponge", "Plate", "Bowl",
           "Spatula", "Egg", "Apple"]


@needs_wordnet
def test_a_scrub_is_done_with_its_siblings_sponge(lex: Lexicon) -> None:
    # scrub: "clean with hard rubbing" (rub); sponge down: "clean with a sponge, by
    # rubbing" (rub). Its own kinds give only the holystone.
    assert "sponge" in lex.sibling_tools("scrub")
    assert "sponge" not in lex.verb_tools("scrub")
    assert "sponge" in lex.sibling_tools("scour")      # one of its senses is scrub's
    assert "sponge" in lex.sibling_tools("scrubbing")
    # A sibling that does something else is no tool of it: wipe's own tools are
    # sponge and towel; pumice ("rub with pumice") does not start as scrub's does.
    assert "pumice" not in lex.sibling_tools("scrub")
    # A word mostly a noun ("towel": wipe with a towel) names its own tool, not the
    # sponge beside it; light verbs mean too much.
    assert lex.sibling_tools("towel") == frozenset()
    assert lex.sibling_tools("put") == frozenset()
    q = query_terms("scrub the pan its lowkey crusty", lex, sibling_tools=True)
    assert ("sponge", "scrub") in q.sibling_tools
    assert query_terms("scrub the pan", lex).sibling_tools == frozenset()


@needs_wordnet
@pytest.mark.parametrize("vectorised", [True, False])
def test_scrubbing_recalls_the_sponge(embedder: Embedder, vectorised: bool) -> None:
    on = Recaller(embedder, config=RecallConfig(vectorised=vectorised))
    off = Recaller(embedder, config=RecallConfig(vectorised=vectorised, sibling_tools=False))
    for text, thing in (("scrub the pan its lowkey crusty", "Pan"),
                        ("scour the burner", "StoveBurner")):
        assert "DishSponge" not in labels(off.rank(text, room(KITCHEN), 3)), text
        got = labels(on.rank(text, room(KITCHEN), 3))
        assert "DishSponge" in got and thing in got, (text, got)
    # A tool said outright is the scrub's own; no sponge is added beside a brush.
    bath = ["Toilet", "ScrubBrush", "DishSponge", "Sink", "SinkBasin", "Faucet", "Cabinet",
            "Towel", "TowelHolder", "SoapBar"]
    got = labels(on.rank("scrub the toilet with the brush", room(bath), 2))
    assert set(got) == {"Toilet", "ScrubBrush"}, got
