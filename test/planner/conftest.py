"""Planner core fixtures: a real in-process memory (SQLite + the recall model) and a house."""

from __future__ import annotations

from pathlib import Path

import pytest

from memory_node.core.memory import Memory
from memory_node.core.memory_settings import MemorySettings, ShortTermSettings
from memory_node.core.recall.embedder import Embedder


@pytest.fixture(scope="session")
def embedder() -> Embedder:
    return Embedder()


@pytest.fixture()
def memory(tmp_path: Path, embedder: Embedder) -> Memory:
    m = Memory(MemorySettings(memory_dir=str(tmp_path), durability="normal",
                              short_term=ShortTermSettings(capacity=200)), embedder=embedder)
    yield m
    m.close()
