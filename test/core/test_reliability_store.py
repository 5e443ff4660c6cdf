"""Issue 9: snapshots confined by name, LOAD checks the full schema first, stale temporary
files removed at start (findings 1, 8, 9, 10), without ROS."""

from __future__ import annotations

import os
import sqlite3
from pathlib import Path

import pytest

from memory_node.core.errors import ErrorCode, code_of
from memory_node.core.memory import Memory
from memory_node.core.memory_settings import MemorySettings
from memory_node.core.persistence.store import (
    MemoryStore,
    PathOutsideMemoryDir,
    SchemaMismatch,
    SnapshotNotFound,
)
from memory_node.core.units import ObjectMemoryUnit


@pytest.mark.parametrize("name", [
    "%2e%2e/x", "%2e%2e%2f%2e%2e/x", "a?mode=rw", "a#frag", "file:a", ".hidden", "a/./b",
    "a/b/c", "a\\b", "a b", "ä", "x" * 129, "/abs", "../x", "a/../../x", "", " ",
])
def test_unsafe_snapshot_names_are_refused(tmp_path: Path, name: str) -> None:
    store = MemoryStore(tmp_path / "mem" / "m.sqlite")
    with pytest.raises(PathOutsideMemoryDir) as info:
        store.save_snapshot(name)
    assert code_of(info.value) == ErrorCode.INVALID_ARGUMENT
    assert sorted(p.name for p in (tmp_path / "mem").iterdir()) == [
        "m.sqlite", "m.sqlite-shm", "m.sqlite-wal"]
    assert sorted(p.name for p in tmp_path.iterdir()) == ["mem"]


def test_safe_names_save_and_load(tmp_path: Path) -> None:
    store = MemoryStore(tmp_path / "m.sqlite")
    for name in ("before-demo", "runs/2024_01.a", "x.sqlite"):
        assert store.save_snapshot(name).is_file()
        store.load_snapshot(name)


def test_missing_snapshot_message_does_not_name_a_path(tmp_path: Path) -> None:
    store = MemoryStore(tmp_path / "mem" / "m.sqlite")
    with pytest.raises(SnapshotNotFound) as info:
        store.load_snapshot("nothing_here")
    assert code_of(info.value) == ErrorCode.NOT_FOUND
    assert str(tmp_path) not in str(info.value)


def foreign_file(path: Path, version: int = 2) -> None:
    conn = sqlite3.connect(path)
    conn.execute("CREATE TABLE schema_version (version INTEGER PRIMARY KEY, name TEXT "
                 "NOT NULL, applied_at TEXT)")
    conn.executemany("INSERT INTO schema_version VALUES (?, 'x', '')",
                     [(v,) for v in range(1, version + 1)])
    conn.commit()
    conn.close()


def test_load_of_a_foreign_file_with_a_schema_version_is_refused(tmp_path: Path) -> None:
    memory = Memory(MemorySettings(memory_dir=str(tmp_path)))
    memory.upsert_object(ObjectMemoryUnit("mug_1", "Mug", (1.0, 0.0, 0.8), source="manual"))
    foreign_file(tmp_path / "foreign.sqlite")
    with pytest.raises(SchemaMismatch, match="object_units"):
        memory.load("foreign")
    # Nothing changed, and writes still work.
    assert memory.short_term.peek("mug_1") is not None
    memory.upsert_object(ObjectMemoryUnit("cup_1", "Cup", (0.0, 0.0, 0.8), source="manual"))
    assert not list(tmp_path.glob(".*.tmp*"))
    memory.close()


def test_load_of_a_snapshot_with_unreadable_rows_is_refused(tmp_path: Path) -> None:
    memory = Memory(MemorySettings(memory_dir=str(tmp_path)))
    memory.upsert_object(ObjectMemoryUnit("mug_1", "Mug", (1.0, 0.0, 0.8), source="manual"))
    memory.save("good")
    conn = sqlite3.connect(tmp_path / "good.sqlite")
    conn.execute("UPDATE object_units SET attributes = 'not json'")
    conn.commit()
    conn.close()
    with pytest.raises(SchemaMismatch, match="cannot read"):
        memory.load("good")
    assert memory.short_term.peek("mug_1").attributes == {}
    memory.close()


def test_opening_a_foreign_database_is_a_configuration_error(tmp_path: Path) -> None:
    foreign_file(tmp_path / "memory.sqlite")
    with pytest.raises(SchemaMismatch) as info:
        Memory(MemorySettings(memory_dir=str(tmp_path)))
    assert isinstance(info.value, ValueError)  # the runner's exit status 2
    (tmp_path / "junk").mkdir()
    (tmp_path / "junk" / "memory.sqlite").write_bytes(b"garbage" * 1000)
    with pytest.raises(SchemaMismatch):
        Memory(MemorySettings(memory_dir=str(tmp_path / "junk")))


def test_stale_temporary_files_are_removed_at_start(tmp_path: Path) -> None:
    dead_pid = 2**22 + 17  # above pid_max on Linux defaults: no such process
    (tmp_path / "snapshots").mkdir()
    stale = [tmp_path / f".a.sqlite.{dead_pid}.tmp", tmp_path / f".b.sqlite.{dead_pid}.tmp-journal",
             tmp_path / "snapshots" / f".c.sqlite.{dead_pid}.tmp"]
    live = tmp_path / f".d.sqlite.{os.getppid()}.tmp"  # a running process may still write it
    keep = [tmp_path / "user.tmp", tmp_path / "x.sqlite", live]
    for p in stale + keep:
        p.write_bytes(b"x")
    store = MemoryStore(tmp_path / "m.sqlite")
    assert sorted(store.removed_stale) == sorted(stale)
    assert all(not p.exists() for p in stale) and all(p.exists() for p in keep)
