"""Round 19 (issue 11): a skill none of whose fixtures the memory holds does not say
what a step does, so a named thing's use still does: "run the bath not too hot" in a
bathroom implies heating (no microwave, no stove here), and so implied nothing; the
bathtub is "a ... container that you fill with water" (WordNet), and filling needs the
faucet."""

from __future__ import annotations

import pytest
from recall_rooms import labels, room
from wordnet_data import needs_wordnet

from memory_node.core.recall.embedder import Embedder
from memory_node.core.recall.lexicon import Lexicon
from memory_node.core.recall.recall import RecallConfig, Recaller

BATHROOM = ["Sink", "SinkBasin", "Faucet", "Toilet", "ToiletPaperHanger", "TowelHolder",
            "Towel", "Bathtub", "BathtubBasin", "CounterTop", "Cabinet", "GarbageCan",
            "Mirror", "LightSwitch", "ShowerHead", "SoapBar", "Candle"]
KITCHEN = ["CounterTop", "Cabinet", "Microwave", "Fridge", "SinkBasin", "Faucet",
           "StoveBurner", "Pot", "Mug", "Bowl"]


@needs_wordnet
def test_what_you_do_to_a_container_is_its_use(lex: Lexicon) -> None:
    assert "fill" in lex.done_to("bathtub")
    assert "fill" not in lex.purposes("bathtub")


@needs_wordnet
@pytest.mark.parametrize("vectorised", [True, False])
def test_running_a_bath_needs_the_faucet(embedder: Embedder, vectorised: bool) -> None:
    on = Recaller(embedder, config=RecallConfig(vectorised=vectorised))
    off = Recaller(embedder, config=RecallConfig(vectorised=vectorised, absent_skills=False))
    for text in ("run the bath not too hot", "Run the bath - warm, not hot"):
        assert "Faucet" not in labels(off.rank(text, room(BATHROOM), 3)), text
        got = labels(on.rank(text, room(BATHROOM), 3))
        assert got[0] == "Bathtub" and "Faucet" in got, (text, got)
    # With no skill said, the bath is where the soap is, not a thing to fill.
    got = labels(on.rank("the soap's taking a swim in the tub again fish it out",
                         room(BATHROOM), 3))
    assert "Faucet" not in got, got
    # Where heating can be done, it says what happens: the microwave, not the faucet.
    got = labels(on.rank("warm up the soup in the bowl", room(KITCHEN), 3))
    assert "Microwave" in got and "Faucet" not in got, got
