"""Planner core fixtures: a real in-process memory (SQLite + the recall model) and a house."""

from __future__ import annotations

from pathlib import Path

import pytest

from memory_node.core.memory import Memory
from memory_node.core.memory_settings import MemorySettings, ShortTermSettings
from memory_node.core.recall.embedder import Embedder
from memory_node.core.units import ObjectMemoryUnit as Unit


@pytest.fixture(scope="session")
def embedder() -> Embedder:
    return Embedder()


@pytest.fixture()
def memory(tmp_path: Path, embedder: Embedder) -> Memory:
    m = Memory(MemorySettings(memory_dir=str(tmp_path), durability="normal",
                              short_term=ShortTermSettings(capacity=200)), embedder=embedder)
    yield m
    m.close()


# Receptacles before what they hold: memory refuses a receptacle id it does not know.
KITCHEN = [
    Unit("CounterTop_1", "CounterTop", (1.0, 0.0, 1.0), area_id="kitchen"),
    Unit("Apple_1", "Apple", (1.0, 0.9, 1.0), area_id="kitchen", receptacle_id="CounterTop_1",
         relation="on"),
    Unit("Fridge_1", "Fridge", (3.0, 0.0, 1.0), state="closed", area_id="kitchen"),
    Unit("Sofa_1", "Sofa", (5.0, 0.0, 5.0), area_id="living_room"),
    Unit("Book_1", "Book", (6.0, 0.5, 5.0), area_id="living_room"),
]
