"""The SQLite file behind the memory.

Why these settings:
- WAL journal: readers never block the writer, and a process killed mid-transaction leaves
  the database at the last committed transaction (SQLite replays or discards the WAL).
- synchronous=FULL by default: a write acknowledged to a client has been fsync'd, so even
  a power cut cannot lose it. `durability="normal"` trades that for speed (a crash of the
  process still loses nothing; an OS crash may lose the last transactions).
- Snapshots go through SQLite's online backup API into a temporary file that is fsync'd and
  renamed into place: a reader of the snapshot directory sees the old file or the new one,
  never half of one.
"""

from __future__ import annotations

import contextlib
import os
import sqlite3
import threading
from collections.abc import Iterator
from pathlib import Path

from memory_node.core.persistence.migrations import MIGRATIONS, Migration

_SNAPSHOT_SUFFIX = ".sqlite"


class PathOutsideMemoryDir(ValueError):
    """A snapshot path that would escape the memory directory."""


class MemoryStore:
    """One SQLite database, with schema migrations and atomic snapshots.

    All access goes through one connection guarded by a lock: the memory server is one
    process, and SQLite serialises writers anyway.
    """

    def __init__(
        self,
        path: str | Path,
        durability: str = "full",
        migrations: list[Migration] | None = None,
    ) -> None:
        if durability not in ("full", "normal"):
            raise ValueError(f"durability must be 'full' or 'normal', got {durability!r}")
        self.path = Path(path).resolve()
        self.path.parent.mkdir(parents=True, exist_ok=True)
        self.memory_dir = self.path.parent
        self._lock = threading.RLock()
        self._migrations = sorted(migrations or MIGRATIONS, key=lambda m: m.version)
        self._conn = self._open(self.path, durability)
        self._migrate()

    @staticmethod
    def _open(path: Path, durability: str) -> sqlite3.Connection:
        # isolation_level=None: we issue BEGIN/COMMIT ourselves, so a transaction is exactly
        # what `transaction()` encloses and nothing is committed implicitly.
        conn = sqlite3.connect(str(path), isolation_level=None, check_same_thread=False)
        conn.row_factory = sqlite3.Row
        mode = conn.execute("PRAGMA journal_mode=WAL").fetchone()[0]
        if mode.lower() != "wal":
            raise RuntimeError(f"{path}: SQLite refused WAL journal mode ({mode})")
        conn.execute(f"PRAGMA synchronous={durability.upper()}")
        conn.execute("PRAGMA foreign_keys=ON")
        conn.execute("PRAGMA busy_timeout=5000")
        return conn

    # -- schema -------------------------------------------------------------------------
    @property
    def schema_version(self) -> int:
        with self._lock:
            row = self._conn.execute("SELECT MAX(version) FROM schema_version").fetchone()
        return int(row[0] or 0)

    def _migrate(self) -> None:
        with self.transaction() as conn:
            conn.execute(
                "CREATE TABLE IF NOT EXISTS schema_version ("
                " version INTEGER PRIMARY KEY, name TEXT NOT NULL,"
                " applied_at TEXT NOT NULL DEFAULT CURRENT_TIMESTAMP)"
            )
        current = self.schema_version
        known = self._migrations[-1].version if self._migrations else 0
        if current > known:
            raise RuntimeError(
                f"{self.path} has schema version {current}, newer than this code ({known}); "
                "refusing to open it rather than misread it"
            )
        for migration in self._migrations:
            if migration.version <= current:
                continue
            with self.transaction() as conn:
                for statement in _split_sql(migration.sql):
                    conn.execute(statement)
                conn.execute(
                    "INSERT INTO schema_version (version, name) VALUES (?, ?)",
                    (migration.version, migration.name),
                )

    # -- access -------------------------------------------------------------------------
    @contextlib.contextmanager
    def transaction(self) -> Iterator[sqlite3.Connection]:
        """BEGIN IMMEDIATE ... COMMIT, or ROLLBACK if the block raises."""
        with self._lock:
            self._conn.execute("BEGIN IMMEDIATE")
            try:
                yield self._conn
            except BaseException:
                self._conn.execute("ROLLBACK")
                raise
            self._conn.execute("COMMIT")

    def query(self, sql: str, params: tuple | dict = ()) -> list[sqlite3.Row]:
        with self._lock:
            return self._conn.execute(sql, params).fetchall()

    def data_tables(self) -> list[str]:
        rows = self.query(
            "SELECT name FROM sqlite_master WHERE type='table' AND name NOT LIKE 'sqlite_%'"
            " AND name != 'schema_version' ORDER BY name"
        )
        return [r[0] for r in rows]

    def integrity_ok(self) -> bool:
        return self.query("PRAGMA integrity_check")[0][0] == "ok"

    def clear(self) -> None:
        """Delete every remembered thing; the schema stays."""
        with self.transaction() as conn:
            for table in self.data_tables():
                conn.execute(f'DELETE FROM "{table}"')

    # -- snapshots ----------------------------------------------------------------------
    def resolve_snapshot_path(self, name: str) -> Path:
        """Map a client-given snapshot name or path to a file inside the memory directory."""
        if not name or not name.strip():
            raise ValueError("snapshot path is empty")
        if "\x00" in name:
            raise ValueError("snapshot path contains a NUL byte")
        candidate = Path(name)
        if not candidate.is_absolute():
            candidate = self.memory_dir / candidate
        candidate = candidate.resolve()
        if candidate.suffix != _SNAPSHOT_SUFFIX:
            candidate = candidate.with_name(candidate.name + _SNAPSHOT_SUFFIX)
        if self.memory_dir not in candidate.parents:
            raise PathOutsideMemoryDir(
                f"snapshot path {name!r} resolves outside the memory directory {self.memory_dir}"
            )
        if candidate == self.path:
            raise ValueError("snapshot path is the live database itself")
        return candidate

    def save_snapshot(self, name: str) -> Path:
        """Copy the live database to `name` atomically; returns the file written."""
        target = self.resolve_snapshot_path(name)
        target.parent.mkdir(parents=True, exist_ok=True)
        tmp = target.with_name(f".{target.name}.{os.getpid()}.tmp")
        try:
            dest = sqlite3.connect(str(tmp))
            try:
                with self._lock:
                    self._conn.backup(dest)
                dest.execute("PRAGMA journal_mode=DELETE")
            finally:
                dest.close()
            _fsync_file(tmp)
            os.replace(tmp, target)
            _fsync_dir(target.parent)
        finally:
            tmp.unlink(missing_ok=True)
        return target

    def load_snapshot(self, name: str) -> Path:
        """Replace the live memory with the snapshot `name`, all or nothing."""
        source = self.resolve_snapshot_path(name)
        if not source.is_file():
            raise FileNotFoundError(f"no snapshot at {source}")
        src = sqlite3.connect(f"file:{source}?mode=ro", uri=True)
        try:
            try:
                ok = src.execute("PRAGMA integrity_check").fetchone()[0] == "ok"
                version = src.execute("SELECT MAX(version) FROM schema_version").fetchone()[0]
            except sqlite3.DatabaseError as exc:
                raise ValueError(f"{source} is not a memory snapshot: {exc}") from exc
            if not ok:
                raise ValueError(f"{source} fails SQLite's integrity check")
            if int(version or 0) > self.schema_version:
                raise ValueError(f"{source} has schema version {version}, newer than this code")
            with self._lock:
                # The backup API replaces the destination's pages in one write transaction:
                # readers see the old memory or the new one.
                src.backup(self._conn)
        finally:
            src.close()
        self._migrate()  # an older snapshot is brought up to the current schema
        return source

    def close(self) -> None:
        with self._lock:
            self._conn.close()


def _split_sql(script: str) -> list[str]:
    """Split a migration script into statements (sqlite3.execute takes one at a time, and
    executescript would COMMIT our transaction behind our back)."""
    statements, buffer = [], ""
    for line in script.splitlines(keepends=True):
        if line.strip().startswith("--"):
            continue
        buffer += line
        if sqlite3.complete_statement(buffer):
            statements.append(buffer.strip())
            buffer = ""
    if buffer.strip():
        raise ValueError(f"incomplete SQL statement in migration: {buffer.strip()[:80]}")
    return statements


def _fsync_file(path: Path) -> None:
    fd = os.open(path, os.O_RDONLY)
    try:
        os.fsync(fd)
    finally:
        os.close(fd)


def _fsync_dir(path: Path) -> None:
    fd = os.open(path, os.O_RDONLY | os.O_DIRECTORY)
    try:
        os.fsync(fd)
    finally:
        os.close(fd)
