"""Colour names of JPEG crops kept in SQLite, so a restart does not decode every crop.

Rows are keyed by (hash of the JPEG bytes, colour method). The method names the algorithm
and its thresholds (:data:`~memory_node.core.recall.colour.COLOUR_METHOD`): a row written by
another version is simply not found and the crop is decoded again, never mixed. Only known
colour names (or "" for an undecodable crop) are stored or returned.
"""

from __future__ import annotations

import hashlib
from collections.abc import Sequence

from memory_node.core.persistence.store import MemoryStore
from memory_node.core.recall.colour import COLOUR_METHOD, COLOUR_NAMES

MAX_BATCH = 500  # SQLite's bound-parameter limit is 999 on old builds
_VALID = frozenset(COLOUR_NAMES) | {""}


def crop_hash(jpeg: bytes) -> str:
    return hashlib.blake2b(jpeg, digest_size=16).hexdigest()


class CropColourStore:
    """Load and save crop colour names of one colour method in a :class:`MemoryStore`."""

    def __init__(self, store: MemoryStore, method: str = COLOUR_METHOD) -> None:
        if not method:
            raise ValueError("method must be non-empty")
        self.store = store
        self.method = method

    def load(self, hashes: Sequence[str]) -> dict[str, str]:
        out: dict[str, str] = {}
        unique = list(dict.fromkeys(hashes))
        for start in range(0, len(unique), MAX_BATCH):
            chunk = unique[start:start + MAX_BATCH]
            marks = ",".join("?" * len(chunk))
            rows = self.store.query(
                f"SELECT crop_hash, colour FROM crop_colours "  # noqa: S608 - only '?' marks are formatted in
                f"WHERE method = ? AND crop_hash IN ({marks})", (self.method, *chunk))
            for r in rows:
                if r["colour"] in _VALID:
                    out[r["crop_hash"]] = r["colour"]
        return out

    def save(self, items: Sequence[tuple[str, str]]) -> int:
        rows = [(h, self.method, c) for h, c in items if c in _VALID and h]
        if rows:  # derived data, recomputed if lost: no fsync (MemoryStore.unacknowledged)
            with self.store.unacknowledged(), self.store.transaction() as conn:
                conn.executemany("INSERT OR REPLACE INTO crop_colours (crop_hash, method, "
                                 "colour) VALUES (?, ?, ?)", rows)
        return len(rows)

    def count(self) -> int:
        rows = self.store.query("SELECT COUNT(*) AS n FROM crop_colours WHERE method = ?",
                                (self.method,))
        return int(rows[0]["n"])
