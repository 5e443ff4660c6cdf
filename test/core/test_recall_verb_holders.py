"""Round 19 (issue 11): a container whose WordNet definition says it holds what the
instruction's verbs deal with is where the verb's thing goes ("throw away" and "dispose
of" mean discarding; trashing, a kind of it, is done to rubbish; "garbage can: a bin that
holds rubbish"), though no skill and no word of the step names the place."""

from __future__ import annotations

import pytest
from recall_rooms import labels, room
from wordnet_data import needs_wordnet

from memory_node.core.recall.embedder import Embedder
from memory_node.core.recall.lexicon import Lexicon
from memory_node.core.recall.names import query_terms
from memory_node.core.recall.recall import RecallConfig, Recaller

LIVING = ["Sofa", "ArmChair", "CoffeeTable", "SideTable", "TVStand", "Television",
          "FloorLamp", "GarbageCan", "Drawer", "Cabinet", "Shelf", "Newspaper", "Box",
          "RemoteControl", "Laptop", "Statue"]


@needs_wordnet
def test_what_a_verb_deals_with_is_derived_from_its_kinds(lex: Lexicon) -> None:
    # dispose (2nd main sense: discard) -> its kind "trash" -> rubbish, trash.
    assert {"rubbish", "trash"} <= lex.verb_matter("dispose")
    assert "rubbish" in lex.verb_matter("discard")
    # A verb with its particle in its main sense only: "throw away" is discarding;
    # "put away" is first to lock up (its second sense, discard, is not read).
    assert "rubbish" in lex.verb_matter("throw_away")
    assert "rubbish" not in lex.verb_matter("put_away")
    # Light verbs mean too much to say what they deal with.
    assert lex.verb_matter("put") == frozenset()
    assert "rubbish" in query_terms("newspaper from yesterday throw away", lex).matter
    assert "rubbish" not in query_terms("put away the newspaper", lex).matter
    assert "rubbish" not in query_terms("throw the ball", lex).matter


@needs_wordnet
@pytest.mark.parametrize("vectorised", [True, False])
def test_throwing_away_recalls_the_bin(embedder: Embedder, vectorised: bool) -> None:
    on = Recaller(embedder, config=RecallConfig(vectorised=vectorised))
    off = Recaller(embedder, config=RecallConfig(vectorised=vectorised, verb_holders=False))
    for text in ("newspaper from yesterday throw away", "3) Dispose of the empty box"):
        assert "GarbageCan" not in labels(off.rank(text, room(LIVING), 3)), text
        got = labels(on.rank(text, room(LIVING), 3))
        assert "GarbageCan" in got, (text, got)
    # What is said outright comes first; a step that puts things away is no discarding.
    assert labels(on.rank("dispose of the box", room(LIVING), 3))[0] == "Box"
    assert "GarbageCan" not in labels(on.rank("put away the newspaper", room(LIVING), 3))


@needs_wordnet
def test_a_container_said_is_the_one_here_for_the_same_matter(lex: Lexicon) -> None:
    # "wastebasket: a container ... for discarded paper": discard -> rubbish.
    assert "rubbish" in lex.container_matter("wastebasket")
    assert "rubbish" in lex.container_matter("wastepaper_basket")
    # Not what a container is made of ("a glass or plastic vessel"), nor a non-container.
    assert lex.container_matter("bottle") == frozenset()
    assert lex.container_matter("hamper") == frozenset()


@needs_wordnet
@pytest.mark.parametrize("vectorised", [True, False])
def test_the_wastebasket_is_the_garbage_can(embedder: Embedder, vectorised: bool) -> None:
    bedroom = ["Bed", "Desk", "Dresser", "SideTable", "DeskLamp", "Drawer", "GarbageCan",
               "Shelf", "Mirror", "LaundryHamper", "Chair", "CD", "Book", "CellPhone"]
    on = Recaller(embedder, config=RecallConfig(vectorised=vectorised))
    off = Recaller(embedder, config=RecallConfig(vectorised=vectorised, verb_holders=False))
    for text in ("throw that scratched CD in the wastebasket", "empty wastepaper basket"):
        assert "GarbageCan" not in labels(off.rank(text, room(bedroom), 3)), text
        assert "GarbageCan" in labels(on.rank(text, room(bedroom), 3)), text
    assert "GarbageCan" not in labels(on.rank("put the book in the basket", room(bedroom), 3))
