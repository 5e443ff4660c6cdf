"""Round 19 (issue 11): of two types of one head that a word of a thing named outright
names partly ("the towel ... on the rail": the towel holder and the hand towel holder,
both by "towel"), the one named after the thing said comes first; the other is named
after a thing not said (the hand towel) and waits. "The hand towel" said keeps its own
holder first."""

from __future__ import annotations

import pytest
from recall_rooms import labels, room
from wordnet_data import needs_wordnet

from memory_node.core.recall.embedder import Embedder
from memory_node.core.recall.recall import RecallConfig, Recaller

BATHROOM = ["Sink", "SinkBasin", "Faucet", "Toilet", "ToiletPaperHanger", "TowelHolder",
            "Towel", "HandTowelHolder", "HandTowel", "Bathtub", "BathtubBasin",
            "CounterTop", "Cabinet", "GarbageCan", "Mirror", "LightSwitch", "ShowerHead"]


@needs_wordnet
@pytest.mark.parametrize("vectorised", [True, False])
def test_the_holder_named_after_the_thing_said_comes_first(embedder: Embedder,
                                                          vectorised: bool) -> None:
    on = Recaller(embedder, config=RecallConfig(vectorised=vectorised))
    off = Recaller(embedder, config=RecallConfig(vectorised=vectorised,
                                                 holder_of_named=False))
    # k=2: the towel and one holder.
    text = "hang her towel on the rail so it warms"
    assert labels(off.rank(text, room(BATHROOM), 2)) == ["Towel", "HandTowelHolder"]
    assert labels(on.rank(text, room(BATHROOM), 2)) == ["Towel", "TowelHolder"]
    # The hand towel said: its own holder, not the towel's.
    got = labels(on.rank("hang the hand towel back on its rail", room(BATHROOM), 2))
    assert got == ["HandTowel", "HandTowelHolder"], got
