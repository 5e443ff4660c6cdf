"""Round 17: the unit index keeps each distinct vector once (rows point at slots), and what
it derives from a rows array (types, distinct types, tie order) is cached per version;
every write bumps the version, so a write after a recall shows in the next recall."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest

from memory_node.core.memory import Memory
from memory_node.core.memory_settings import MemorySettings, ShortTermSettings
from memory_node.core.recall.embedder import Embedder
from memory_node.core.recall.index import UnitIndex
from memory_node.core.recall_memory import RecallMemory
from memory_node.core.units import ObjectMemoryUnit as Unit

DIM = 8


def _index(n: int, distinct: int, seed: int = 3) -> tuple[UnitIndex, np.ndarray, np.ndarray]:
    rng = np.random.default_rng(seed)
    base = rng.standard_normal((distinct, DIM)).astype(np.float32)
    pick = np.arange(n) % distinct
    index = UnitIndex(DIM, capacity=4)
    rows = np.array([index.put(f"u{i}", f"type {i % 5}", f"text {pick[i]}", frozenset(),
                               frozenset()) for i in range(n)], dtype=np.int64)
    index.set_vectors(rows.tolist(), base[pick])
    return index, rows, base[pick]


def test_equal_vectors_share_a_slot_and_every_cosine_is_its_own_rows() -> None:
    index, rows, vectors = _index(300, 7)
    assert index.distinct_vectors == 7
    q = np.random.default_rng(9).standard_normal(DIM).astype(np.float32)
    expected = np.einsum("ij,j->i", vectors, q)
    assert np.array_equal(index.cosines(q, rows), expected)            # the whole set
    assert np.array_equal(index.cosines(q, rows[5:9]), expected[5:9])  # a few rows
    # A vector that differs in the last bit is a vector of its own, never merged.
    nudged = vectors[0].copy()
    nudged[0] = np.nextafter(nudged[0], np.float32(np.inf))
    index.set_vectors([int(rows[0])], nudged[None, :])
    assert index.distinct_vectors == 8
    assert index.cosines(q, rows[:1])[0] == np.einsum("j,j->", nudged, q)


def test_vectors_whose_hashes_collide_keep_their_own_values() -> None:
    rng = np.random.default_rng(4)
    vectors = rng.standard_normal((50, DIM)).astype(np.float32)
    index = UnitIndex(DIM, capacity=4)
    index._hash_w[:] = 0          # every vector hashes alike: only the exact check is left
    rows = [index.put(f"u{i}", "t", f"text {i}", frozenset(), frozenset()) for i in range(50)]
    index.set_vectors(rows, vectors)
    q = rng.standard_normal(DIM).astype(np.float32)
    assert np.array_equal(index.cosines(q, np.array(rows)), np.einsum("ij,j->i", vectors, q))
    assert index.distinct_vectors == 50


def test_a_slot_is_freed_with_its_last_row_and_a_changed_text_drops_the_vector() -> None:
    index, rows, _ = _index(20, 4)
    for i in range(0, 20, 4):          # every unit of text 0
        index.remove(f"u{i}")
    assert index.distinct_vectors == 3
    index.put("u1", "type 1", "another text", frozenset(), frozenset())
    assert index.needs_vector(int(rows[1]))
    index.put("u2", "type 2", "text 2", frozenset(), frozenset())   # same text: kept
    assert not index.needs_vector(int(rows[2]))


def test_rows_derived_views_follow_every_write() -> None:
    index, rows, _ = _index(300, 7)
    version = index.version
    assert index.types(rows) is index.types(rows)          # cached while nothing changes
    before = index.present_types(rows).tolist()
    index.put("u3", "a new type", "text 3", frozenset(), frozenset())
    assert index.version > version
    t = index.type_ids()["a new type"]
    assert index.types(rows)[3] == t
    assert index.present_types(rows).tolist() == sorted({*before, t})
    # A new id sorts last: the tie order of the same rows array changes with it.
    assert index.tie_rank(rows)[0] == 0
    index.remove("u0")
    index.put("z0", "type 0", "text 0", frozenset(), frozenset())
    reused = index.row("z0")
    assert reused == rows[0]                                # the freed row, reused
    assert index.tie_rank(rows)[0] == len(rows) - 1
    version = index.version
    index.set_vectors([reused], np.ones((1, DIM), np.float32))
    assert index.version > version


def test_a_write_after_a_recall_shows_in_the_next_recall(tmp_path: Path,
                                                         embedder: Embedder) -> None:
    memory = Memory(MemorySettings(memory_dir=str(tmp_path), durability="normal",
                                   short_term=ShortTermSettings(capacity=1000)),
                    embedder=embedder)
    memory.recall = RecallMemory(memory.short_term, memory.recall.settings, embedder=embedder)
    # Enough units of few texts that the cached views and shared slots are in use.
    for i in range(400):
        memory.upsert_object(Unit(f"Book_{i}", "Book", (i * 0.01, 0.0, 0.0),
                                  area_id="living_room", attributes={"colour": "blue"}))
    first = memory.recall.recall("the red kettle", 3, 300)
    assert all(r.unit.label != "Kettle" for r in first.units)
    # A new unit: in the next answer.
    memory.upsert_object(Unit("Kettle_1", "Kettle", (1, 1, 1), area_id="kitchen",
                              attributes={"colour": "red"}))
    second = memory.recall.recall("the red kettle", 3, 300)
    assert second.units[0].unit.object_id == "Kettle_1"
    # A changed unit (its text, so its vector and type): the next answer reads the change.
    memory.upsert_object(Unit("Book_7", "Kettle", (1, 2, 1), area_id="kitchen",
                              attributes={"colour": "red"}))
    third = memory.recall.recall("the red kettles", 3, 300)   # plural: both may come
    ids = [r.unit.object_id for r in third.units]
    assert "Book_7" in ids
    score = {r.unit.object_id: r.score for r in third.units}
    assert score["Book_7"] == pytest.approx(score["Kettle_1"], abs=1e-6)
    # A removed unit: gone from the next answer.
    memory.remove_object("Kettle_1")
    fourth = memory.recall.recall("the red kettle", 3, 300)
    assert "Kettle_1" not in {r.unit.object_id for r in fourth.units}
    assert fourth.units[0].unit.object_id == "Book_7"
    memory.close()


def test_sorted_distinct_is_np_unique_of_integer_rows() -> None:
    # Round 45: the index's distinct rows, slots and types, without np.unique (whose first
    # call imports numpy.ma inside a server's preload).
    from memory_node.core.recall.index import sorted_distinct

    rng = np.random.default_rng(45)
    for n in (0, 1, 2, 3, 17, 1000):
        for high in (1, 5, 10_000):
            values = rng.integers(-1, high, n, dtype=np.int64)
            got = sorted_distinct(values)
            assert got.dtype == values.dtype and np.array_equal(got, np.unique(values))
            assert got is not values


def test_the_index_never_imports_numpys_masked_arrays() -> None:
    probe = ("import sys\nimport numpy as np\nimport test_recall_index_slots as t\n"
             "index, rows, vectors = t._index(300, 7)\n"
             "index.set_vectors(rows[:50].tolist(), vectors[:50])\n"  # rows dropped, set again
             "index.remove('u3')\n"
             "present = index.present_types(rows)\n"
             "masked = 'numpy.ma' in sys.modules\n"  # before np.unique below loads it
             "print(masked, np.array_equal(present, np.unique(index.types(rows))))")
    done = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True,
                          timeout=120, cwd=Path(__file__).parent,
                          env=os.environ | {"PYTHONPATH": os.pathsep.join(
                              [str(Path(__file__).resolve().parents[2]), "."])})
    assert done.returncode == 0, done.stderr[-2000:]
    assert done.stdout.split() == ["False", "True"]
