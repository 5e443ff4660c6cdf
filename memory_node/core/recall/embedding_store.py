"""Unit text embeddings kept in SQLite, so a restart does not re-embed the memory.

Rows are keyed by (text hash, model id). The model id is a hash of the ONNX file's bytes
plus the embedder's settings that change vectors (max tokens): a stored vector of another
model or version is simply not found, and the text is recomputed, never mixed. A vector
that is not finite or has the wrong size is neither stored nor returned.
"""

from __future__ import annotations

import hashlib
from collections.abc import Sequence
from pathlib import Path

import numpy as np

from memory_node.core.persistence.derived_rows import DerivedRows
from memory_node.core.persistence.store import MemoryStore

# Vectors kept in memory (EmbeddingCache) and in SQLite: 1.5 kB each at 384 dimensions.
MAX_CACHED_VECTORS = 100_000

def model_identity(model_path: str | Path, max_tokens: int) -> str:
    """Hash of the model file's bytes and the settings that shape its vectors."""
    h = hashlib.blake2b(digest_size=16)
    with open(model_path, "rb") as fh:
        for chunk in iter(lambda: fh.read(1 << 20), b""):
            h.update(chunk)
    h.update(f"|max_tokens={max_tokens}".encode())
    return h.hexdigest()


class EmbeddingStore:
    """Load and save float32 vectors of one model in a :class:`MemoryStore`."""

    def __init__(self, store: MemoryStore, model_id: str, dim: int,
                 max_rows: int = MAX_CACHED_VECTORS) -> None:
        if not model_id or dim <= 0:
            raise ValueError("model_id must be non-empty and dim positive")
        self.store = store
        self.model_id = model_id
        self.dim = dim
        self.rows = DerivedRows(store, "text_embeddings", "text_hash", "model_id", model_id,
                                ("dim", "vector"), max_rows)

    def load(self, hashes: Sequence[str]) -> dict[str, np.ndarray]:
        """Stored vectors of this model for ``hashes`` (missing ones are absent)."""
        out: dict[str, np.ndarray] = {}
        for r in self.rows.load(hashes):
            if r["dim"] != self.dim or len(r["vector"]) != 4 * self.dim:
                continue
            v = np.frombuffer(r["vector"], dtype=np.float32).copy()
            if np.isfinite(v).all():
                out[r["text_hash"]] = v
        return out

    def save(self, items: Sequence[tuple[str, np.ndarray]]) -> int:
        """Store (text hash, vector) pairs in one transaction; returns how many were kept."""
        rows = []
        for h, v in items:
            v = np.asarray(v, dtype=np.float32)
            if v.shape != (self.dim,) or not np.isfinite(v).all():
                continue
            rows.append((h, self.dim, v.tobytes()))
        return self.rows.save(rows)

    def count(self) -> int:
        return self.rows.count()
