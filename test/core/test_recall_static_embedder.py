"""The static encoder distilled from MiniLM (round 16): its table comes from the shipped
model, its vectors are never mixed with MiniLM's, and bad input never yields NaN."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

from memory_node.core.persistence.store import MemoryStore
from memory_node.core.recall.embedder import Embedder, EmbeddingCache
from memory_node.core.recall.embedding_store import EmbeddingStore
from memory_node.core.recall.encoders import make_embedder
from memory_node.core.recall.settings import RecallSettings
from memory_node.core.recall.static_embedder import StaticEmbedder, table_path, teacher_rows
from memory_node.core.recall_memory import RecallMemory
from memory_node.core.short_term import ShortTermMemory
from memory_node.core.units import ObjectMemoryUnit as Unit

# Paraphrases sharing no word with their object: only meaning can match them, so a table
# of random vectors (which matches shared tokens just as well) cannot pass.
OBJECTS = ["a ceramic coffee mug", "a red apple", "a kitchen knife", "a television",
           "a pillow", "a laptop computer", "a potted plant", "a bottle of wine",
           "a basketball", "a bath towel"]
QUERIES = ["cup for hot drinks", "fruit", "blade to cut bread", "tv screen", "cushion",
           "notebook pc", "flower in a pot", "alcoholic drink", "ball game",
           "dry off after a shower"]


@pytest.fixture(scope="module")
def static() -> StaticEmbedder:
    return StaticEmbedder()


@pytest.fixture(scope="module")
def minilm() -> Embedder:
    return Embedder()


def top1(embedder: StaticEmbedder | Embedder) -> float:
    sims = embedder.embed(QUERIES) @ embedder.embed(OBJECTS).T
    return float(np.mean(np.argmax(sims, axis=1) == np.arange(len(QUERIES))))


def test_table_rows_are_the_teachers_token_vectors(static: StaticEmbedder,
                                                   minilm: Embedder) -> None:
    # A real distillation of the shipped model: any row is MiniLM's own vector of that
    # token, centred and weighted, recomputed here from the ONNX file.
    with np.load(static.model_path) as data:
        table, centre, weights = data["vectors"], data["centre"], data["weights"]
    ids = np.array([2000, 2208, 14757, 7592, 29000])
    want = (teacher_rows(minilm, ids) - centre) * weights[ids, None]
    np.testing.assert_allclose(table[ids], want, rtol=1e-4, atol=1e-5)
    assert table.shape == (minilm._tokenizer.get_vocab_size(), minilm.dim)  # noqa: SLF001


def test_meaning_survives_and_a_random_table_fails(static: StaticEmbedder, tmp_path: Path
                                                   ) -> None:
    assert top1(static) >= 0.8
    with np.load(static.model_path) as data:
        shape = data["vectors"].shape
    fake = tmp_path / "random.npz"
    np.savez(fake, vectors=np.random.default_rng(0).standard_normal(shape).astype(np.float32))
    assert top1(StaticEmbedder(fake)) <= 0.3


def test_vectors_are_unit_length_for_bad_input(static: StaticEmbedder) -> None:
    texts = ["", "   ", "the of and to a", "mug " * 10_000, "冰箱里的苹果", "🍎🍎", "ßüñ"]
    v = static.embed(texts)
    assert v.shape == (len(texts), static.dim) and v.dtype == np.float32
    assert np.isfinite(v).all()
    np.testing.assert_allclose(np.linalg.norm(v, axis=1), 1.0, atol=1e-5)
    # Truncated at max_tokens as MiniLM is: 10,000 words cost what 256 do.
    np.testing.assert_array_equal(v[3], static.embed_one("mug " * static.max_tokens))
    with pytest.raises(ValueError):
        static.embed("a single string")  # type: ignore[arg-type]


def test_a_non_finite_table_is_refused(tmp_path: Path) -> None:
    bad = tmp_path / "nan.npz"
    table = np.ones((30, 8), np.float32)
    table[3, 2] = np.nan
    np.savez(bad, vectors=table)
    with pytest.raises(ValueError, match="finite"):
        StaticEmbedder(bad)
    with pytest.raises(FileNotFoundError, match="setup.sh"):
        StaticEmbedder(tmp_path / "absent.npz")


def test_vectors_of_the_other_encoder_are_recomputed(tmp_path: Path, static: StaticEmbedder,
                                                     minilm: Embedder) -> None:
    assert static.model_id != minilm.model_id
    assert table_path().name in str(static.model_path)
    items = [(f"Mug_{i}", f"a {c} mug on the counter") for i, c in enumerate(("red", "blue"))]
    store = MemoryStore(tmp_path / "memory.db")
    first = EmbeddingCache(minilm, store=EmbeddingStore(store, minilm.model_id, minilm.dim))
    first.get_many(items)
    after = EmbeddingCache(static, store=EmbeddingStore(store, static.model_id, static.dim))
    got = after.get_many(items)
    assert after.loaded == 0 and after.computed == 2  # MiniLM's rows never read as static
    np.testing.assert_array_equal(got, static.embed([t for _, t in items]))
    store.close()


def test_the_setting_chooses_the_encoder() -> None:
    assert RecallSettings().encoder == "minilm"
    with pytest.raises(ValueError):
        RecallSettings(encoder="word2vec")
    with pytest.raises(ValueError):
        make_embedder("word2vec")
    st = ShortTermMemory(4, "wtinylfu")
    st.upsert(Unit("Mug_1", "Mug", (0.0, 0.0, 0.9)))
    st.upsert(Unit("Sofa_1", "Sofa", (1.0, 0.0, 0.4)))
    recall = RecallMemory(st, RecallSettings(encoder="static"))
    got = recall.recall("bring me the mug", k=1, token_budget=200)
    assert [u.unit.object_id for u in got.units] == ["Mug_1"]
    assert isinstance(recall._recaller.embedder, StaticEmbedder)  # noqa: SLF001
    # Loaded units' vectors are the static table's: the encoder is a start-up setting.
    with pytest.raises(RuntimeError, match="start-up"):
        recall.configure(RecallSettings(encoder="minilm"))
    recall.configure(RecallSettings(encoder="static", min_score=0.4))
