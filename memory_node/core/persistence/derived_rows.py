"""Rows derived from stored data (unit vectors, crop colours), kept so a restart does not
recompute them: one table, keyed by (content hash, version of what computed them).

Derived means recomputed when missing, so these rows are written without an fsync
(`MemoryStore.unacknowledged`) and bounded: rows of another version are deleted when the
cache opens (nothing reads them again), and past `max_rows` rows are dropped in hash order,
which is as good as random (a dropped row only costs its recomputation). Table and column
names come from the code, never from input.
"""

from __future__ import annotations

import sqlite3
from collections.abc import Sequence

from memory_node.core.persistence.store import MemoryStore

MAX_BATCH = 500  # SQLite's bound-parameter limit is 999 on old builds


class DerivedRows:
    def __init__(self, store: MemoryStore, table: str, key: str, version_column: str,
                 version: str, values: Sequence[str], max_rows: int) -> None:
        if not version or max_rows <= 0:
            raise ValueError("version must be non-empty and max_rows positive")
        self.store, self.table, self.key = store, table, key
        self.version_column, self.version = version_column, version
        self.values = tuple(values)
        self.max_rows = max_rows
        self.pruned = self._prune()
        self._rows = self.count()  # rows of this version, kept up to date approximately

    def load(self, keys: Sequence[str]) -> list[sqlite3.Row]:
        """The rows of this version for `keys` (each key at most once; missing ones absent)."""
        out: list[sqlite3.Row] = []
        unique = list(dict.fromkeys(keys))
        columns = ", ".join((self.key, *self.values))
        for start in range(0, len(unique), MAX_BATCH):
            chunk = unique[start:start + MAX_BATCH]
            marks = ",".join("?" * len(chunk))
            out += self.store.query(
                f"SELECT {columns} FROM {self.table} "  # noqa: S608 - names are code constants
                f"WHERE {self.version_column} = ? AND {self.key} IN ({marks})",
                (self.version, *chunk))
        return out

    def save(self, rows: Sequence[tuple[object, ...]]) -> int:
        """(key, *values) rows of this version, in one transaction; returns how many."""
        if not rows:
            return 0
        columns = ", ".join((self.key, self.version_column, *self.values))
        marks = ", ".join("?" * (2 + len(self.values)))
        with self.store.unacknowledged(), self.store.transaction() as conn:
            conn.executemany(
                f"INSERT OR REPLACE INTO {self.table} ({columns}) "  # noqa: S608 - code constants
                f"VALUES ({marks})", [(r[0], self.version, *r[1:]) for r in rows])
        self._rows += len(rows)  # an over-count when rows were replaced: prunes early, safe
        if self._rows > self.max_rows:
            self.pruned += self._prune()
            self._rows = self.count()
        return len(rows)

    def count(self) -> int:
        rows = self.store.query(
            f"SELECT COUNT(*) AS n FROM {self.table} "  # noqa: S608 - names are code constants
            f"WHERE {self.version_column} = ?", (self.version,))
        return int(rows[0]["n"])

    def _prune(self) -> int:
        with self.store.unacknowledged(), self.store.transaction() as conn:
            gone = conn.execute(
                f"DELETE FROM {self.table} "  # noqa: S608 - names are code constants
                f"WHERE {self.version_column} != ?", (self.version,)).rowcount
            gone += conn.execute(
                f"DELETE FROM {self.table} WHERE {self.key} IN "  # noqa: S608 - code constants
                f"(SELECT {self.key} FROM {self.table} ORDER BY {self.key} "
                f"LIMIT -1 OFFSET ?)", (self.max_rows,)).rowcount
        return gone
