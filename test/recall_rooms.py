"""Rooms of one unit per type, and the labels of a ranking: what the recall tests build
their memories from and read their answers with."""

from __future__ import annotations

from collections.abc import Iterable
from pathlib import Path
from typing import Any

from memory_node.core.memory import Memory
from memory_node.core.memory_settings import MemorySettings, ShortTermSettings
from memory_node.core.recall.embedder import Embedder
from memory_node.core.recall.recall import RecallConfig, Recaller
from memory_node.core.units import ObjectMemoryUnit as Unit


def room(types: list[str]) -> list[Unit]:
    """One unit per type, `<Type>_1`, a metre apart in one area."""
    return [Unit(f"{t}_1", t, (i, 0.9, 0), area_id="room") for i, t in enumerate(types)]


def labels(ranked: Iterable[Any]) -> list[str]:
    """The types of a ranking, in its order."""
    return [r.unit.label for r in ranked]


def top_types(embedder: Embedder, text: str, units: list[Unit], k: int = 3,
              **settings: Any) -> list[str]:
    """The types recall ranks first for `text` over `units`, with `settings` (fields of
    RecallConfig) over the defaults: a rule's test ranks once with it on and once off."""
    return labels(Recaller(embedder, config=RecallConfig(**settings)).rank(text, units, k))


KITCHEN_TYPES = ["Apple", "Fridge", "Mug", "Sink", "Faucet", "Plate", "Pot", "Microwave",
                 "StoveBurner", "Bowl"]


def kitchen_memory(path: Path, embedder: Embedder, now: float) -> Memory:
    """A memory on disk holding one unit of each KITCHEN_TYPES type in one kitchen, seen
    ten minutes to one minute before `now`: the request-path tests' memory."""
    memory = Memory(MemorySettings(memory_dir=str(path), durability="normal",
                                   short_term=ShortTermSettings(capacity=100)),
                    embedder=embedder)
    for i, label in enumerate(KITCHEN_TYPES):
        memory.upsert_object(Unit(f"{label}_{i}", label, (float(i), 0.9, 0.0),
                                  area_id="kitchen", first_seen=now - 600,
                                  last_seen=now - 60))
    return memory
