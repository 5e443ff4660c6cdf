"""SQLite store: migrations, transactions, snapshots, path confinement."""

from __future__ import annotations

import sqlite3
import threading
from pathlib import Path

import pytest

from memory_node.core.persistence.migrations import MIGRATIONS, Migration
from memory_node.core.persistence.store import MemoryStore, PathOutsideMemoryDir


def test_new_database_is_wal_with_every_migration(tmp_path: Path) -> None:
    store = MemoryStore(tmp_path / "m.sqlite")
    assert store.schema_version == MIGRATIONS[-1].version
    assert store.query("PRAGMA journal_mode")[0][0] == "wal"
    assert "object_units" in store.data_tables()
    store.close()


def test_migrations_apply_once_and_in_order(tmp_path: Path) -> None:
    first = [Migration(1, "a", "CREATE TABLE a (x INTEGER);")]
    store = MemoryStore(tmp_path / "m.sqlite", migrations=first)
    with store.transaction() as conn:
        conn.execute("INSERT INTO a VALUES (7)")
    store.close()
    both = first + [Migration(2, "b", "ALTER TABLE a ADD COLUMN y TEXT DEFAULT 'new';")]
    store = MemoryStore(tmp_path / "m.sqlite", migrations=both)
    assert store.schema_version == 2
    assert [tuple(r) for r in store.query("SELECT x, y FROM a")] == [(7, "new")]
    store.close()
    with pytest.raises(RuntimeError, match="newer than this code"):
        MemoryStore(tmp_path / "m.sqlite", migrations=first)


def test_failed_transaction_changes_nothing(tmp_path: Path) -> None:
    store = MemoryStore(tmp_path / "m.sqlite")
    with store.transaction() as conn:
        conn.execute("INSERT INTO memory_meta VALUES ('k', 'v1')")
    with pytest.raises(sqlite3.IntegrityError):
        with store.transaction() as conn:
            conn.execute("UPDATE memory_meta SET value = 'v2'")
            conn.execute("INSERT INTO memory_meta VALUES ('k', 'dup')")
    assert [tuple(r) for r in store.query("SELECT * FROM memory_meta")] == [("k", "v1")]


def test_snapshot_save_clear_load_round_trip(tmp_path: Path) -> None:
    store = MemoryStore(tmp_path / "m.sqlite")
    with store.transaction() as conn:
        conn.execute("INSERT INTO memory_meta VALUES ('robot', 'tiago')")
    saved = store.save_snapshot("snaps/first")
    assert saved == (tmp_path / "snaps" / "first.sqlite").resolve()
    assert not list(saved.parent.glob(".*.tmp"))  # the temporary file was renamed away
    store.clear()
    assert store.query("SELECT COUNT(*) FROM memory_meta")[0][0] == 0
    store.load_snapshot("snaps/first")
    assert store.query("SELECT value FROM memory_meta")[0][0] == "tiago"
    assert store.integrity_ok()


@pytest.mark.parametrize("name", ["../escape", "/etc/passwd", "a/../../b", "", "   ", "x\x00y"])
def test_snapshot_paths_outside_memory_dir_are_refused(tmp_path: Path, name: str) -> None:
    store = MemoryStore(tmp_path / "mem" / "m.sqlite")
    with pytest.raises(ValueError):
        store.save_snapshot(name)
    assert not (tmp_path / "escape.sqlite").exists()


def test_outside_path_error_type(tmp_path: Path) -> None:
    store = MemoryStore(tmp_path / "mem" / "m.sqlite")
    with pytest.raises(PathOutsideMemoryDir):
        store.resolve_snapshot_path("../x")
    with pytest.raises(ValueError, match="live database"):
        store.resolve_snapshot_path("m.sqlite")


def test_loading_a_corrupt_or_foreign_file_keeps_the_memory(tmp_path: Path) -> None:
    store = MemoryStore(tmp_path / "m.sqlite")
    with store.transaction() as conn:
        conn.execute("INSERT INTO memory_meta VALUES ('keep', 'me')")
    (tmp_path / "junk.sqlite").write_bytes(b"this is not a database" * 100)
    with pytest.raises(ValueError, match="not a memory snapshot"):
        store.load_snapshot("junk")
    with pytest.raises(FileNotFoundError):
        store.load_snapshot("missing")
    assert store.query("SELECT value FROM memory_meta")[0][0] == "me"


def test_bad_durability_is_refused(tmp_path: Path) -> None:
    with pytest.raises(ValueError, match="durability"):
        MemoryStore(tmp_path / "m.sqlite", durability="sometimes")


def test_migration_versions_are_contiguous() -> None:
    # The store applies the versions above a database's own; a gap filled later would never
    # reach databases created in between.
    from memory_node.core.persistence.migrations import MIGRATIONS
    assert [m.version for m in MIGRATIONS] == list(range(1, len(MIGRATIONS) + 1))


def _synchronous_per_commit(store: MemoryStore) -> list[str]:
    """What SQLite was set to at each COMMIT on the store's connection (a statement trace)."""
    seen: list[str] = []
    state = {"sync": store.durability.upper()}

    def trace(sql: str) -> None:
        text = sql.strip().upper()
        if text.startswith("PRAGMA SYNCHRONOUS="):
            state["sync"] = text.split("=", 1)[1]
        elif text == "COMMIT":
            seen.append(state["sync"])

    store._conn.set_trace_callback(trace)
    return seen


def test_unacknowledged_writes_skip_the_fsync_and_acknowledged_ones_keep_it(
        tmp_path: Path) -> None:
    store = MemoryStore(tmp_path / "m.sqlite")  # durability full
    commits = _synchronous_per_commit(store)
    with store.transaction() as conn:
        conn.execute("INSERT INTO memory_meta VALUES ('a', '1')")
    with store.unacknowledged():
        with store.transaction() as conn:
            conn.execute("INSERT INTO memory_meta VALUES ('b', '2')")
        with store.unacknowledged(), store.transaction() as conn:  # nested scopes
            conn.execute("INSERT INTO memory_meta VALUES ('c', '3')")
    with store.transaction() as conn:
        conn.execute("INSERT INTO memory_meta VALUES ('d', '4')")
    assert commits == ["FULL", "NORMAL", "NORMAL", "FULL"]
    assert store.query("PRAGMA synchronous")[0][0] == 2  # FULL again after the scope
    store.close()
    reopened = MemoryStore(tmp_path / "m.sqlite")
    assert [r[0] for r in reopened.query("SELECT key FROM memory_meta WHERE key IN "
                                         "('a', 'b', 'c', 'd') ORDER BY key")] == list("abcd")
    reopened.close()


def test_the_scope_belongs_to_its_thread(tmp_path: Path) -> None:
    store = MemoryStore(tmp_path / "m.sqlite")
    commits = _synchronous_per_commit(store)
    done = threading.Event()

    def acknowledged_write() -> None:
        with store.transaction() as conn:
            conn.execute("INSERT INTO memory_meta VALUES ('other', 'x')")
        done.set()

    with store.unacknowledged():
        worker = threading.Thread(target=acknowledged_write)
        worker.start()
        assert done.wait(10)
        worker.join()
    assert commits == ["FULL"]  # another thread's write inside the scope kept its fsync
    store.close()


def _main_file_rows(store: MemoryStore, tmp_path: Path) -> list[str]:
    """Keys in the database file alone (what checkpoints have copied out of the WAL)."""
    copy = tmp_path / "main_file_only.sqlite"
    copy.write_bytes(store.path.read_bytes())
    conn = sqlite3.connect(str(copy))
    try:
        return [r[0] for r in conn.execute("SELECT key FROM memory_meta WHERE key LIKE 'k%'")]
    except sqlite3.OperationalError:  # not even the schema was checkpointed
        return []
    finally:
        conn.close()


@pytest.mark.parametrize("period", [0.0, 0.05])
def test_wal_checkpoints_run_on_a_background_thread(tmp_path: Path, period: float) -> None:
    store = MemoryStore(tmp_path / "m.sqlite", checkpoint_period_s=period)
    with store.transaction() as conn:
        conn.execute("INSERT INTO memory_meta VALUES ('k1', 'v')")
    if period == 0:  # SQLite's own checkpoint waits for 1,000 pages: the row is in the WAL
        assert store.checkpoints == (0, 0)
        assert _main_file_rows(store, tmp_path) == []
    else:
        runs = store.checkpoints[0]
        deadline = threading.Event()
        for _ in range(200):  # a few periods; each wait is bounded
            if store.checkpoints[0] >= runs + 2:
                break
            deadline.wait(period)
        assert store.checkpoints[0] >= runs + 2 and store.checkpoints[1] == 0
        assert _main_file_rows(store, tmp_path) == ["k1"]
        assert store.query("PRAGMA wal_autocheckpoint")[0][0] == 0
    store.close()
    reopened = MemoryStore(tmp_path / "m.sqlite")
    assert [r[0] for r in reopened.query("SELECT key FROM memory_meta WHERE key = 'k1'")] == ["k1"]
    reopened.close()
