"""A compound WordNet does not know, whose words name nothing here, read through its
head's parents (issue 11, round 15b): "nightstand" -> a stand, one sense of which is "a
small table" -> the side table."""

from __future__ import annotations

import pytest
from wordnet_data import needs_wordnet

from memory_node.core.recall.embedder import Embedder
from memory_node.core.recall.names import PARTIAL
from memory_node.core.recall.recall import RecallConfig, Recaller
from memory_node.core.units import ObjectMemoryUnit as Unit


@pytest.fixture(scope="module")
def recaller() -> Recaller:
    return Recaller(Embedder())


def bedroom(*extra: str) -> list[Unit]:
    types = ["Bed", "Desk", "Dresser", "SideTable", "DeskLamp", "Drawer", "GarbageCan",
             "Shelf", "Mirror", "AlarmClock", "CellPhone", "Book", "Pillow", "Pencil", *extra]
    return [Unit(f"{t}_{i}", t, (i, 0.8, 0), area_id="bedroom") for i, t in enumerate(types)]


def labels(recaller: Recaller, text: str, units: list[Unit]) -> list[str]:
    return [r.unit.label for r in recaller.rank(text, units, 3)]


@needs_wordnet
def test_a_compound_nobody_here_is_named_by_reads_as_its_head_s_parent(
        recaller: Recaller) -> None:
    for text in ("put the alarm clock on the nightstand", "bring the clock onto the night stand"):
        assert labels(recaller, text, bedroom())[:2] == ["AlarmClock", "SideTable"], text
        assert recaller.names_in(text, ["SideTable", "AlarmClock"])["SideTable"] == PARTIAL
    off = Recaller(Embedder(), config=RecallConfig(compound_parents=False))
    assert "SideTable" not in labels(off, "put the alarm clock on the nightstand", bedroom())


@needs_wordnet
def test_only_when_its_words_name_nothing_else_here(recaller: Recaller) -> None:
    # With a TV stand in the room, "stand" is that stand: no table gains a name.
    names = recaller.names_in("put the clock on the nightstand", ["SideTable", "TVStand"])
    assert names["SideTable"] == 0.0 and names["TVStand"] > 0.0
    # A compound WordNet knows is read as what it is, not through its head's parents
    # ("coffee table" names the coffee table, not every table).
    names = recaller.names_in("put the book on the coffee table", ["SideTable", "CoffeeTable"])
    assert names["CoffeeTable"] > names["SideTable"]
    # A single word is not a compound: "the stand" alone names no side table.
    assert recaller.names_in("put the clock on the stand", ["SideTable"])["SideTable"] == 0.0
