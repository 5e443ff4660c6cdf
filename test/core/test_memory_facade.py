"""The memory as the server exposes it, without ROS."""

from __future__ import annotations

import math
from pathlib import Path

import pytest

from memory_node.core.memory import Memory
from memory_node.core.memory_settings import MemorySettings, ShortTermSettings
from memory_node.core.units import ObjectMemoryUnit


@pytest.fixture()
def memory(tmp_path: Path) -> Memory:
    m = Memory(MemorySettings(memory_dir=str(tmp_path),
                              short_term=ShortTermSettings(capacity=10)))
    yield m
    m.close()


def test_query_object_validates(memory: Memory) -> None:
    memory.upsert_object(ObjectMemoryUnit("mug_1", "Mug", (1.0, 0.0, 0.8)))
    assert [c.object_id for c in memory.query_object(" mug ")] == ["mug_1"]
    with pytest.raises(ValueError, match="query is empty"):
        memory.query_object("")
    with pytest.raises(ValueError, match="near"):
        memory.query_object("Mug", near=(0.0, math.inf, 0.0))
    with pytest.raises(ValueError, match="max_results"):
        memory.query_object("Mug", max_results=0)


def test_save_clear_load_and_snapshot(memory: Memory) -> None:
    memory.upsert_object(ObjectMemoryUnit("mug_1", "Mug", (1.0, 0.0, 0.8)))
    memory.save("keep")
    memory.clear()
    assert memory.query_object("Mug") == []
    memory.load("keep")
    assert [c.object_id for c in memory.query_object("Mug")] == ["mug_1"]
    first, second = memory.snapshot(), memory.snapshot()
    assert first != second and first.is_file() and second.is_file()


def test_database_file_must_be_a_plain_name(tmp_path: Path) -> None:
    with pytest.raises(ValueError, match="plain file name"):
        Memory(MemorySettings(memory_dir=str(tmp_path), database_file="../x.sqlite"))
