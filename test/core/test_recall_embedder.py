"""Embedder: deterministic, sensible similarities, cache refreshed only on text change."""

from __future__ import annotations

import numpy as np
import pytest

from memory_node.core.recall.embedder import Embedder, EmbeddingCache, text_hash


def test_vectors_are_unit_length_and_deterministic(embedder: Embedder) -> None:
    a = embedder.embed(["a red apple on the counter", "sofa"])
    b = embedder.embed(["a red apple on the counter", "sofa"])
    assert a.shape == (2, embedder.dim) and a.dtype == np.float32
    np.testing.assert_allclose(np.linalg.norm(a, axis=1), 1.0, atol=1e-5)
    np.testing.assert_array_equal(a, b)


def test_batching_does_not_change_vectors(embedder: Embedder) -> None:
    texts = [f"object number {i} in the kitchen" for i in range(7)] + ["a much longer text " * 5]
    small = Embedder(batch_size=3).embed(texts)
    whole = embedder.embed(texts)
    np.testing.assert_allclose(small, whole, atol=1e-4)


def test_int8_model_similarities_are_sensible(embedder: Embedder) -> None:
    apple, fruit, sofa, couch, knife, utensil = embedder.embed(
        ["apple", "fruit", "sofa", "couch", "knife", "utensil"])
    assert apple @ fruit > apple @ sofa + 0.1
    assert sofa @ couch > sofa @ apple + 0.3
    assert knife @ utensil > knife @ sofa


def test_embed_rejects_a_bare_string(embedder: Embedder) -> None:
    with pytest.raises(ValueError, match="sequence"):
        embedder.embed("apple")


def test_empty_input_gives_empty_array(embedder: Embedder) -> None:
    assert embedder.embed([]).shape == (0, embedder.dim)


def test_bad_parameters_are_rejected() -> None:
    with pytest.raises(ValueError, match="batch_size"):
        Embedder(batch_size=0)
    with pytest.raises(ValueError, match="max_tokens"):
        Embedder(max_tokens=4)


def test_cache_recomputes_only_changed_texts(embedder: Embedder) -> None:
    cache = EmbeddingCache(embedder)
    first = cache.get_many([("a", "red apple"), ("b", "blue mug")])
    assert cache.computed == 2
    again = cache.get_many([("a", "red apple"), ("b", "blue mug")])
    assert cache.computed == 2
    np.testing.assert_array_equal(first, again)
    changed = cache.get_many([("a", "sliced red apple"), ("b", "blue mug")])
    assert cache.computed == 3 and len(cache) == 2
    assert not np.allclose(changed[0], first[0])
    np.testing.assert_array_equal(changed[1], first[1])


def test_cache_eviction_bounds_size(embedder: Embedder) -> None:
    cache = EmbeddingCache(embedder, max_entries=2)
    cache.get_many([("a", "x"), ("b", "y"), ("c", "z")])
    assert len(cache) == 2


def test_text_hash_is_stable_and_distinguishes() -> None:
    assert text_hash("apple") == text_hash("apple")
    assert text_hash("apple") != text_hash("apple ")


def test_pool_threads_do_not_spin_between_calls(embedder: Embedder) -> None:
    """With two intra-op threads the pool's thread must not spin-wait after a call (on the
    shared robot that took a core for nothing; bench/README_recall.md, round 36), and the
    vectors stay bit for bit those of one thread."""
    two = Embedder(intra_op_threads=2)
    entry = "session.intra_op.allow_spinning"
    assert two._session.get_session_options().get_session_config_entry(entry) == "0"
    texts = ["pick up what is needed to put the mug in the sink", "the red apple"]
    assert np.array_equal(two.embed(texts), embedder.embed(texts))
