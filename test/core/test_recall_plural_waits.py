"""Round 15 (issue 11): a second unit of a type asked in the plural waits behind the
things the instruction names or implies that have no unit yet. "take the two statues out
of the box and stand them on the shelf" at k=3 got two statues and the box; the shelf
they go to was left out. With every named thing in, the second statue takes the next
slot, before any unit only a cosine brought."""

from __future__ import annotations

import pytest
from recall_rooms import labels
from wordnet_data import needs_wordnet

from memory_node.core.recall.embedder import Embedder
from memory_node.core.recall.recall import RecallConfig, Recaller
from memory_node.core.units import ObjectMemoryUnit as Unit

LIVING = ["Statue", "Statue", "Statue", "Box", "Shelf", "Sofa", "CoffeeTable", "Vase",
          "Television", "RemoteControl"]


def room(types: list[str]) -> list[Unit]:
    return [Unit(f"{t}_{i}", t, (i, 0.9, 0), area_id="room") for i, t in enumerate(types)]


@needs_wordnet
@pytest.mark.parametrize("vectorised", [True, False])
def test_every_named_thing_before_a_second_of_one(embedder: Embedder,
                                                  vectorised: bool) -> None:
    on = Recaller(embedder, config=RecallConfig(vectorised=vectorised))
    off = Recaller(embedder, config=RecallConfig(vectorised=vectorised, plural_waits=False))
    text = "the two little statues ended up in the box, take them out and stand them back " \
           "on the shelf"
    before = labels(off.rank(text, room(LIVING), 3))
    assert before.count("Statue") == 2 and "Shelf" not in before, before
    got = labels(on.rank(text, room(LIVING), 3))
    assert sorted(got) == ["Box", "Shelf", "Statue"], got


@needs_wordnet
@pytest.mark.parametrize("vectorised", [True, False])
def test_the_plural_still_fills_the_slots_left(embedder: Embedder, vectorised: bool) -> None:
    rec = Recaller(embedder, config=RecallConfig(vectorised=vectorised))
    # One other thing named: the second and third statues take the slots left, ahead of
    # anything the instruction does not tie.
    got = labels(rec.rank("put the statues on the shelf", room(LIVING), 4))
    assert got.count("Statue") == 3 and "Shelf" in got, got
    got = labels(rec.rank("bring me the statues", room(LIVING), 3))
    assert got == ["Statue"] * 3, got
