"""Derived rows (unit vectors, crop colours): version pruning and the row bound."""

from __future__ import annotations

from pathlib import Path

import numpy as np

from memory_node.core.persistence.store import MemoryStore
from memory_node.core.recall.colour_store import CropColourStore
from memory_node.core.recall.embedding_store import EmbeddingStore


def test_rows_of_another_model_are_deleted_when_the_cache_opens(tmp_path: Path) -> None:
    store = MemoryStore(tmp_path / "m.sqlite")
    old = EmbeddingStore(store, "model-a", 4)
    assert old.save([(f"h{i}", np.ones(4, np.float32) * i) for i in range(10)]) == 10
    assert EmbeddingStore(store, "model-a", 4).rows.pruned == 0  # same model: kept
    new = EmbeddingStore(store, "model-b", 4)
    assert new.rows.pruned == 10 and old.count() == 0 and new.count() == 0
    assert new.save([("h1", np.full(4, 2.0, np.float32))]) == 1
    assert np.array_equal(new.load(["h1", "h2"])["h1"], np.full(4, 2.0, np.float32))
    store.close()


def test_the_row_bound_holds_while_writing_and_what_is_left_still_reads(
        tmp_path: Path) -> None:
    store = MemoryStore(tmp_path / "m.sqlite")
    colours = CropColourStore(store, max_rows=50)
    for batch in range(6):
        colours.save([(f"{batch:02d}-{i:03d}", "red") for i in range(20)])
        assert colours.count() <= 50 + 20  # pruned as soon as a save passes the bound
    left = colours.count()
    assert 0 < left <= 50 + 20 and colours.rows.pruned >= 120 - left
    keys = [r["crop_hash"] for r in store.query("SELECT crop_hash FROM crop_colours")]
    assert colours.load(keys) == dict.fromkeys(keys, "red")
    store.close()


def test_derived_rows_skip_the_fsync(tmp_path: Path) -> None:
    store = MemoryStore(tmp_path / "m.sqlite")
    colours = CropColourStore(store)
    with store.transaction() as conn:  # an acknowledged write first: FULL
        conn.execute("INSERT INTO memory_meta VALUES ('k', 'v')")
    seen: list[str] = []
    store._conn.set_trace_callback(lambda sql: seen.append(sql.strip().upper()))
    colours.save([("abc", "blue")])
    assert seen[0] == "PRAGMA SYNCHRONOUS=NORMAL" and seen[-1] == "COMMIT"
    store.close()
