"""Colour names of JPEG crops kept in SQLite, so a restart does not decode every crop.

Rows are keyed by (hash of the JPEG bytes, colour method). The method names the algorithm
and its thresholds (:data:`~memory_node.core.recall.colour.COLOUR_METHOD`): a row written by
another version is simply not found and the crop is decoded again, never mixed. Only known
colour names (or "" for an undecodable crop) are stored or returned.
"""

from __future__ import annotations

import hashlib
from collections.abc import Sequence

from memory_node.core.persistence.derived_rows import DerivedRows
from memory_node.core.persistence.store import MemoryStore
from memory_node.core.recall.colour import COLOUR_METHOD, COLOUR_NAMES

MAX_ROWS = 200_000  # ~60 bytes each; rows of gone crops are dropped past it
_VALID = frozenset(COLOUR_NAMES) | {""}


def crop_hash(jpeg: bytes) -> str:
    return hashlib.blake2b(jpeg, digest_size=16).hexdigest()


class CropColourStore:
    """Load and save crop colour names of one colour method in a :class:`MemoryStore`."""

    def __init__(self, store: MemoryStore, method: str = COLOUR_METHOD,
                 max_rows: int = MAX_ROWS) -> None:
        if not method:
            raise ValueError("method must be non-empty")
        self.store = store
        self.method = method
        self.rows = DerivedRows(store, "crop_colours", "crop_hash", "method", method,
                                ("colour",), max_rows)

    def load(self, hashes: Sequence[str]) -> dict[str, str]:
        return {r["crop_hash"]: r["colour"] for r in self.rows.load(hashes)
                if r["colour"] in _VALID}

    def save(self, items: Sequence[tuple[str, str]]) -> int:
        return self.rows.save([(h, c) for h, c in items if c in _VALID and h])

    def count(self) -> int:
        return self.rows.count()
