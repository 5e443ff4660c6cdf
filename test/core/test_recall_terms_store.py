"""Types' WordNet names in SQLite (migration 6): a restart reads them instead of resolving
them again, gives the same ranking, never reads names of other code or data, and a damaged
row is resolved again rather than breaking recall. Also the server's start-up preload."""

from __future__ import annotations

from pathlib import Path

import pytest

from memory_node.core.memory import Memory
from memory_node.core.memory_settings import MemorySettings, ShortTermSettings
from memory_node.core.persistence.store import MemoryStore
from memory_node.core.recall.embedder import Embedder
from memory_node.core.recall.lexicon import shared_lexicon
from memory_node.core.recall.names import label_terms
from memory_node.core.recall.recall import Recaller
from memory_node.core.recall.terms_store import (
    LabelTermsStore,
    decode,
    encode,
)
from memory_node.core.recall_memory import RecallMemory
from memory_node.core.units import ObjectMemoryUnit as Unit

TYPES = ["Mug", "GarbageCan", "StoveBurner", "SinkBasin", "Television", "Fridge", "Vase",
         "SoapBar", "ButterKnife", "Pan"]


def units() -> list[Unit]:
    return [Unit(f"{t}_{i}", t, (i, 0.9, 0.0), area_id="kitchen")
            for i, t in enumerate(TYPES * 2)]


def _top(r: Recaller, text: str) -> list[tuple[str, float]]:
    return [(x.unit.object_id, round(x.score, 9)) for x in r.rank(text, units(), 5)]


def test_terms_round_trip_exactly() -> None:
    lex = shared_lexicon()
    for t in ("garbage can", "stove burner", "television", "soap bar", "vase"):
        terms = label_terms(t, lex)
        assert decode(encode(terms)) == terms


@pytest.mark.parametrize("row", [
    "", "not json", "[]", "{}", '{"words": ["mug"]}',
    '{"words":"mug","full":[],"partial":[],"modifiers":[],"gloss":[],"heads":[]}',
    '{"words":[],"full":[1],"partial":[],"modifiers":[],"gloss":[],"heads":[]}',
    '{"words":[],"full":[],"partial":[],"modifiers":[],"gloss":[],"heads":[],"x":[]}',
    "x" * 70_000, None, 7])
def test_anything_else_does_not_decode(row: object) -> None:
    assert decode(row) is None


def test_restart_reads_names_and_ranks_the_same(tmp_path: Path, embedder: Embedder) -> None:
    db = tmp_path / "memory.db"
    # Each answered through a WordNet name (dustbin, telly, a vase's definition, ...).
    texts = ["throw the mug in the dustbin", "put the dish soap by the sink",
             "turn on the telly", "put the flowers somewhere nice", "chill the wine"]
    store = MemoryStore(db)
    assert store.schema_version >= 6
    first = Recaller(embedder, terms_db=store)
    before = [_top(first, t) for t in texts]
    assert all(before) and before[2][0][0] == "Television_14"
    assert first.prefetch_terms(["vase"]) == 0          # resolved once, then memoised
    stored = LabelTermsStore(store, first._terms_version(first._lexicon()))
    assert stored.count() == len(TYPES)
    store.close()

    store = MemoryStore(db)  # the restart: every name read, none resolved in WordNet
    again = Recaller(embedder, terms_db=store)
    assert again.prefetch_terms(t for t in first._label_terms) == 0
    assert [_top(again, t) for t in texts] == before
    plain = Recaller(embedder)  # no store at all: the same answers
    assert [_top(plain, t) for t in texts] == before
    store.close()


def test_other_versions_and_damaged_rows_are_resolved_again(tmp_path: Path,
                                                            embedder: Embedder) -> None:
    store = MemoryStore(tmp_path / "memory.db")
    reference = Recaller(embedder)
    before = _top(reference, "throw the mug in the dustbin")
    assert [i for i, _ in before] == ["Mug_0", "GarbageCan_1"]
    first = Recaller(embedder, terms_db=store)
    assert _top(first, "throw the mug in the dustbin") == before
    version = first._terms_store.version  # type: ignore[union-attr]
    with store.transaction() as conn:   # damage every stored row but one
        conn.execute("UPDATE label_terms SET terms = '{\"words\": 5}' "
                     "WHERE type_name != 'mug'")
    damaged = Recaller(embedder, terms_db=store)
    assert damaged.prefetch_terms(first._label_terms) == len(TYPES) - 1
    assert damaged._terms_store.rejected == len(TYPES) - 1  # type: ignore[union-attr]
    assert _top(damaged, "throw the mug in the dustbin") == before
    # Another code or WordNet version: nothing read (and its rows are dropped on open).
    other = LabelTermsStore(store, "another-wordnet")
    assert other.load(first._label_terms) == {} and not version.endswith("another-wordnet")
    store.close()


def test_a_failing_store_only_costs_the_resolution(tmp_path: Path, embedder: Embedder) -> None:
    store = MemoryStore(tmp_path / "memory.db")
    before = _top(Recaller(embedder), "put the dish soap by the sink")
    broken = Recaller(embedder, terms_db=store)
    store.close()  # every read and write now fails
    assert _top(broken, "put the dish soap by the sink") == before


def _memory(path: Path, embedder: Embedder) -> Memory:
    m = Memory(MemorySettings(memory_dir=str(path), durability="normal",
                              short_term=ShortTermSettings(capacity=100)))
    m.recall = RecallMemory(m.short_term, m.recall.settings, embedder=embedder)
    return m


def test_preload_builds_what_the_first_recall_needs(tmp_path: Path, embedder: Embedder) -> None:
    m = _memory(tmp_path, embedder)
    try:
        assert m.recall.preload() == 0.0          # no units: nothing to build
        for u in units():
            m.upsert_object(u)
        m.recall.preload()
        recaller = m.recall._recaller
        assert recaller is not None and recaller.cached_units() == len(units())
        # Nothing stored yet: preload embeds nothing (that could take minutes and would
        # hold every request); the first recall does.
        assert recaller.unit_cache.computed == 0
        assert set(recaller._label_terms) >= {"garbage can", "stove burner"}
        before = m.recall.recall("throw the mug in the dustbin", 3, 600)
        assert {u.unit.label for u in before.units} == {"Mug", "GarbageCan"}
        assert recaller.unit_cache.computed > 0
    finally:
        m.close()
    m = _memory(tmp_path, embedder)  # the restart: vectors and names stored
    try:
        m.recall.preload()
        recaller = m.recall._recaller
        assert recaller is not None
        assert all(not recaller.index.needs_vector(recaller.index.row(u.object_id))
                   for u in units())
        assert recaller.unit_cache.loaded == len(units())
        # The request reuses the preloaded rows (same short-term version): nothing new.
        answer = m.recall.recall("throw the mug in the dustbin", 3, 600)
        assert [(u.unit.object_id, u.score) for u in answer.units] == \
            [(u.unit.object_id, u.score) for u in before.units]
        assert recaller.unit_cache.computed == 0 and recaller.prefetch_terms(
            recaller._label_terms) == 0
    finally:
        m.close()
