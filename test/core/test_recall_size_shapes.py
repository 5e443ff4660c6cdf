"""Round 22 (issue 11): a size said before a noun ("the big spoon for soup") names partly
a type WordNet defines as shaped like that noun ("ladle: a spoon-shaped vessel with a
long handle"): a speaker who does not know a thing's name calls it after what it looks
like. The size is WordNet's (an adjective whose main sense has the attribute "size");
only the definition's genus counts ("spoon: a piece of cutlery with a shallow
bowl-shaped container" is no big bowl)."""

from __future__ import annotations

import pytest
from recall_rooms import labels, room
from wordnet_data import needs_wordnet

from memory_node.core.recall.embedder import Embedder
from memory_node.core.recall.lexicon import Lexicon
from memory_node.core.recall.recall import RecallConfig, Recaller

KITCHEN = ["Cabinet", "Drawer", "Fridge", "Microwave", "SinkBasin", "Sink", "Faucet",
           "StoveBurner", "StoveKnob", "CounterTop", "DiningTable", "Toaster",
           "CoffeeMachine", "GarbageCan", "Bowl", "Plate", "Cup", "Spoon", "Ladle", "Fork",
           "Pot", "Pan"]


@needs_wordnet
def test_shapes_and_sizes(lex: Lexicon) -> None:
    assert lex.shaped_like("ladle") == {"spoon"}
    assert lex.shaped_like("spoon") == frozenset()  # its bowl-shaped part, not its genus
    assert all(lex.is_size_word(w) for w in ("big", "large", "little", "huge", "tiny"))
    assert not any(lex.is_size_word(w) for w in ("deep", "long", "red", "clean", "spoon"))


@needs_wordnet
@pytest.mark.parametrize("vectorised", [True, False])
@pytest.mark.parametrize("text", ["the big deep spoon you serve soup with",
                                  "you help me take the big spoon for soup",
                                  "bring the big spoon over to the table"])
def test_a_big_spoon_recalls_the_ladle(embedder: Embedder, vectorised: bool,
                                       text: str) -> None:
    on = Recaller(embedder, config=RecallConfig(vectorised=vectorised))
    assert "Ladle" in labels(on.rank(text, room(KITCHEN), 3))
    off = Recaller(embedder, config=RecallConfig(vectorised=vectorised, size_shapes=False))
    assert "Ladle" not in labels(off.rank(text, room(KITCHEN), 3))


@needs_wordnet
def test_no_size_no_ladle(embedder: Embedder) -> None:
    # Without a size the noun is the spoon; a size said of another noun says nothing.
    r = Recaller(embedder)
    assert "Ladle" not in labels(r.rank("put the spoon in the drawer", room(KITCHEN), 3))
    assert "Ladle" not in labels(r.rank("put the big pot on the stove", room(KITCHEN), 3))
