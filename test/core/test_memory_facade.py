"""The memory as the server exposes it, without ROS."""

from __future__ import annotations

import math
from pathlib import Path

import pytest

from memory_node.core.errors import Conflict, ErrorCode, InvalidArgument, NotFound
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


def test_get_units_answers_per_id(memory: Memory) -> None:
    memory.upsert_object(ObjectMemoryUnit("mug_1", "Mug", (1.0, 0.0, 0.8)))
    found, missing, bad = memory.get_units(["mug_1", "nope", "bad\x00id"])
    assert found.unit is not None and found.code is ErrorCode.NONE
    assert missing.unit is None and missing.code is ErrorCode.NOT_FOUND
    assert bad.unit is None and bad.code is ErrorCode.INVALID_ARGUMENT
    with pytest.raises(InvalidArgument):
        memory.get_units(["x"] * 10_000)


def test_conditional_write_and_revisions(memory: Memory) -> None:
    memory.upsert_object(ObjectMemoryUnit("mug_1", "Mug", (1.0, 0.0, 0.8)))
    first = memory.short_term.peek("mug_1").revision
    memory.upsert_object(ObjectMemoryUnit("mug_1", "Mug", (1.0, 0.0, 0.8), state="dirty"),
                         expected_revision=first)
    second = memory.short_term.peek("mug_1").revision
    assert second > first
    with pytest.raises(Conflict):
        memory.upsert_object(ObjectMemoryUnit("mug_1", "Mug", (9.0, 0.0, 0.8)),
                             expected_revision=first)
    assert memory.short_term.peek("mug_1").position == (1.0, 0.0, 0.8)
    with pytest.raises(Conflict):
        memory.upsert_object(ObjectMemoryUnit("mug_1", "Mug", (1.0, 0.0, 0.8)),
                             expected_revision=0)
    # Revisions survive a restart: they are the write sequence in SQLite.
    memory.close()
    again = Memory(memory.settings)
    try:
        assert again.short_term.peek("mug_1").revision == second
    finally:
        again.close()


def test_ending_an_episode_summarises_and_frees_it(memory: Memory) -> None:
    memory.upsert_object(ObjectMemoryUnit("mug_1", "Mug", (1.0, 0.0, 0.8)))
    memory.recall.record_outcome("ep", "pick", ["mug_1"], True)
    memory.recall.record_outcome("ep", "pick", ["mug_1"], False,
                                 error_code=ErrorCode.PRECONDITION_FAILED)
    summary = memory.end_episode("ep", task_succeeded=True)
    assert (summary.steps, summary.successes, summary.failures) == (2, 1, 1)
    assert summary.task_succeeded and memory.recall.open_episodes == 0
    with pytest.raises(NotFound):
        memory.end_episode("ep")
