"""A place phrase's noun defined by one thing here and defining it (issue 11, round 18):
"stack them in the cupboard" names the cabinet (WordNet: cabinet, "... resembling a
cupboard"; cupboard, "a small room or cabinet used for storage space") outright, ahead of
the fixtures the washing only implies."""

from __future__ import annotations

import pytest
from wordnet_data import needs_wordnet

from memory_node.core.recall.embedder import Embedder
from memory_node.core.recall.names import FULL
from memory_node.core.recall.recall import RecallConfig, Recaller
from memory_node.core.units import ObjectMemoryUnit as Unit

KITCHEN = (["Cabinet"] * 5 + ["Drawer"] * 3
           + ["Fridge", "Microwave", "SinkBasin", "Sink", "Faucet", "StoveBurner", "StoveKnob",
              "CounterTop", "DiningTable", "Toaster", "CoffeeMachine", "GarbageCan",
              "LightSwitch", "Window", "Shelf", "Bowl", "Plate", "Cup", "Mug", "Pot", "Pan"])


@pytest.fixture(scope="module")
def recaller() -> Recaller:
    return Recaller(Embedder())


def units() -> list[Unit]:
    return [Unit(f"{t}_{i}", t, (i, 0.8, 0), area_id="kitchen") for i, t in enumerate(KITCHEN)]


@needs_wordnet
def test_a_place_defined_by_one_type_names_it(recaller: Recaller) -> None:
    for text in ("wash the bowls and stack them in the cupboard",
                 "the bowls already wash put inside the cupboard"):
        got = [r.unit.label for r in recaller.rank(text, units(), 3)]
        assert "Cabinet" in got and "Bowl" in got, (text, got)
    types = sorted(set(KITCHEN))
    assert recaller.names_in("put the mug in the cupboard", types)["Cabinet"] == FULL
    off = Recaller(Embedder(), config=RecallConfig(place_nouns=False))
    assert off.names_in("put the mug in the cupboard", types)["Cabinet"] < FULL


@needs_wordnet
def test_only_a_place_and_only_a_mutual_definition(recaller: Recaller) -> None:
    types = sorted(set(KITCHEN))
    # Not a place phrase: the cupboard is talked about, not where something goes.
    assert recaller.names_in("the cupboard door squeaks", types)["Cabinet"] < FULL
    # A word a type's definition only uses names nothing more ("sink: ... fixed to a
    # wall or floor"; the floor's definition names no sink).
    names = recaller.names_in("put the pan on the floor", types)
    assert names["Sink"] < FULL and names["Window"] < FULL
