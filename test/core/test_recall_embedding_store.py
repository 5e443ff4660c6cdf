"""Embeddings in SQLite (migration 4): a restart loads instead of embedding; vectors of
another model are never mixed in; non-finite vectors are never stored."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

from memory_node.core.persistence.store import MemoryStore
from memory_node.core.recall.embedder import Embedder, EmbeddingCache, text_hash
from memory_node.core.recall.embedding_store import EmbeddingStore


def test_restart_loads_stored_vectors(tmp_path: Path, embedder: Embedder) -> None:
    items = [(f"Mug_{i}", f"a {c} mug on the counter") for i, c in
             enumerate(("red", "blue", "green"))]
    db = tmp_path / "memory.db"
    store = MemoryStore(db)
    assert store.schema_version >= 3
    first = EmbeddingCache(embedder, store=EmbeddingStore(store, embedder.model_id, embedder.dim))
    a = first.get_many(items)
    assert first.computed == 3 and first.loaded == 0
    store.close()

    store = MemoryStore(db)  # the restart
    again = EmbeddingCache(embedder, store=EmbeddingStore(store, embedder.model_id, embedder.dim))
    b = again.get_many(items)
    assert again.computed == 0 and again.loaded == 3
    np.testing.assert_array_equal(a, b)

    other = EmbeddingCache(embedder, store=EmbeddingStore(store, "another-model", embedder.dim))
    other.get_many(items[:1])
    assert other.computed == 1 and other.loaded == 0  # recomputed, never mixed
    store.close()


def test_non_finite_or_misshapen_vectors_are_not_stored(tmp_path: Path) -> None:
    store = MemoryStore(tmp_path / "m.db")
    es = EmbeddingStore(store, "m", 4)
    kept = es.save([(text_hash("a"), np.array([1, 0, 0, 0], np.float32)),
                    (text_hash("b"), np.array([np.nan, 0, 0, 0], np.float32)),
                    (text_hash("c"), np.zeros(3, np.float32))])
    assert kept == 1 and es.count() == 1
    assert set(es.load([text_hash("a"), text_hash("b"), text_hash("c")])) == {text_hash("a")}
    with pytest.raises(ValueError):
        EmbeddingStore(store, "", 4)
    store.close()


def test_model_identity_follows_the_model_file(embedder: Embedder) -> None:
    assert len(embedder.model_id) == 32
    assert Embedder(max_tokens=128).model_id != embedder.model_id  # settings change vectors
