"""The query model's weight products as integer kernels (onnx_graph.py, rounds 78-79): the
rewrite finds every column-scaled int8 weight of the packaged file (or those a form does not keep
float), the result runs in onnxruntime and gives vectors close to the float graph's, it is written
once and read as a file at later starts, and its vectors carry their own identity, so vectors
stored by the other form are recomputed, never mixed."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import onnxruntime as ort
import pytest

from memory_node.core.persistence.store import MemoryStore
from memory_node.core.recall import onnx_graph
from memory_node.core.recall.embedder import Embedder, EmbeddingCache, packaged_model_path
from memory_node.core.recall.embedding_store import EmbeddingStore, file_hash, model_identity
from memory_node.core.recall.onnx_graph import (
    DEFAULT_FORM,
    FEED_FORWARD,
    FIRST_LAYER,
    IntegerForm,
    cached_integer_graph,
    integer_graph_path,
    integer_weight_graph,
)

OBJECTS = ["a coffee mug", "a bread knife", "a television", "a laptop", "a potted plant"]
QUERIES = ["cup for hot drinks", "blade to cut bread", "tv screen", "notebook pc",
           "flower in a pot"]
TEXTS = ["a red mug on the counter", "bring me something to cut bread with", "open the fridge",
         "the lamp beside the sofa", "put the apple in the bowl"]


@pytest.fixture(scope="module")
def floated() -> Embedder:
    return Embedder(integer_form=None)


def ops(session_model: bytes) -> list[str]:
    """Node types of a model's graph, read with the module's own wire reader."""
    from memory_node.core.recall import onnx_graph as g

    graph = next(v for n, _, v in g._fields(memoryview(session_model)) if n == g._MODEL_GRAPH)
    assert isinstance(graph, memoryview)
    return [g._Node.parse(v).op for n, _, v in g._fields(graph)  # type: ignore[arg-type]
            if n == g._GRAPH_NODE]


def test_every_weight_matmul_of_the_packaged_file_is_rewritten() -> None:
    original = packaged_model_path().read_bytes()
    rewritten, count = integer_weight_graph(original)
    before, after = ops(original), ops(rewritten)
    # MiniLM-L6: six layers of query, key, value, output and two feed-forward products; the
    # attention's two products per layer multiply activations and stay float.
    assert count == 36
    assert after.count("MatMulNBits") == 36
    assert after.count("MatMul") == before.count("MatMul") - 36 == 12
    # The embeddings' tables are read by Gather, not multiplied: their Cast and Mul stay.
    assert before.count("Cast") - after.count("Cast") == 36
    assert before.count("Mul") - after.count("Mul") == 36
    # The int8 matrices move into the blocks (nothing kept twice: that would be +46 %); the
    # scales and zero points per block of 16 add 3.2 MB.
    assert abs(len(rewritten) - len(original)) < 0.16 * len(original)
    # No weight is left to rewrite, so a second pass changes nothing.
    again, none = integer_weight_graph(rewritten)
    assert none == 0 and again == rewritten


@pytest.mark.parametrize(("form", "count"), [
    (IntegerForm(32), 36),  # lat82's form (round 78)
    # The first layer's query, key, value, output and two feed-forward products stay float.
    (IntegerForm(32, FIRST_LAYER), 30),
    # Only attention's four square products per layer are rewritten.
    (IntegerForm(32, FEED_FORWARD), 24),
])
def test_a_form_rewrites_the_products_it_names(form: IntegerForm, count: int) -> None:
    original = packaged_model_path().read_bytes()
    rewritten, made = integer_weight_graph(original, form)
    assert made == count
    assert ops(rewritten).count("MatMulNBits") == count
    assert ops(rewritten).count("MatMul") == 12 + 36 - count
    assert rewritten.count(b"block_size") == count
    assert form.name != DEFAULT_FORM.name  # its own identity and cached file
    with pytest.raises(ValueError):
        IntegerForm(24)
    with pytest.raises(ValueError):
        IntegerForm(32, "attention")


def test_a_graph_without_scaled_int8_weights_is_returned_unchanged(tmp_path: Path) -> None:
    o = ort.SessionOptions()
    o.optimized_model_filepath = str(tmp_path / "folded.onnx")
    o.graph_optimization_level = ort.GraphOptimizationLevel.ORT_ENABLE_BASIC
    ort.InferenceSession(str(packaged_model_path()), o, providers=["CPUExecutionProvider"])
    folded = (tmp_path / "folded.onnx").read_bytes()  # constant folding made float weights
    assert integer_weight_graph(folded) == (folded, 0)
    with pytest.raises(ValueError):
        integer_weight_graph(b"\x08\x07")  # a varint field and no graph


def test_integer_vectors_are_close_to_the_float_graphs(embedder: Embedder,
                                                       floated: Embedder) -> None:
    assert embedder.graph == DEFAULT_FORM.name and floated.graph == ""
    a, b = embedder.embed(TEXTS), floated.embed(TEXTS)
    assert not np.array_equal(a, b)  # the activations are quantised: a new model version
    cos = (a * b).sum(axis=1)
    assert cos.min() > 0.999, cos
    np.testing.assert_allclose(np.linalg.norm(a, axis=1), 1.0, rtol=1e-5)
    # A paraphrase still finds its object, as with the float graph.
    for e in (embedder, floated):
        sims = e.embed(QUERIES) @ e.embed(OBJECTS).T
        assert (np.argmax(sims, axis=1) == np.arange(len(QUERIES))).all()


def test_each_form_has_its_own_identity_and_stored_vectors_are_never_mixed(
        tmp_path: Path, embedder: Embedder, floated: Embedder) -> None:
    path = packaged_model_path()
    assert floated.model_id == model_identity(path, floated.max_tokens)  # as before round 78
    assert embedder.model_id == model_identity(path, embedder.max_tokens, DEFAULT_FORM.name)
    assert embedder.model_id != floated.model_id
    items = [(f"Mug_{i}", t) for i, t in enumerate(TEXTS)]
    store = MemoryStore(tmp_path / "memory.db")
    old = EmbeddingCache(floated, store=EmbeddingStore(store, floated.model_id, floated.dim))
    old.get_many(items)
    assert old.computed == len(items)
    new = EmbeddingCache(embedder, store=EmbeddingStore(store, embedder.model_id, embedder.dim))
    got = new.get_many(items)
    assert new.loaded == 0 and new.computed == len(items)  # recomputed by the integer graph
    np.testing.assert_array_equal(got, embedder.embed(TEXTS))
    # A store keeps one model's rows: going back recomputes the float graph's, never reads
    # the integer rows.
    back = EmbeddingCache(floated, store=EmbeddingStore(store, floated.model_id, floated.dim))
    np.testing.assert_array_equal(back.get_many(items), floated.embed(TEXTS))
    assert back.loaded == 0 and back.computed == len(items)
    store.close()


def test_the_rewritten_file_is_written_once_and_read_at_later_starts(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    source = file_hash(packaged_model_path())
    path = integer_graph_path(source, DEFAULT_FORM, tmp_path)
    assert source.hexdigest() in path.name and DEFAULT_FORM.name in path.name
    first = Embedder(integer_form=DEFAULT_FORM, graph_dir=tmp_path)
    assert path.is_file() and [p.name for p in tmp_path.iterdir()] == [path.name]  # no .tmp left
    made = path.stat().st_mtime_ns

    def no_rewrite(*_: object) -> tuple[bytes, int]:
        raise AssertionError("a start with the cached file rewrote the graph")

    monkeypatch.setattr(onnx_graph, "integer_weight_graph", no_rewrite)
    again = Embedder(integer_form=DEFAULT_FORM, graph_dir=tmp_path)
    assert path.stat().st_mtime_ns == made
    assert again.graph == first.graph == DEFAULT_FORM.name
    assert again.model_id == first.model_id
    np.testing.assert_array_equal(again.embed(TEXTS), first.embed(TEXTS))
    # Another form is another file: never the cached one of this form.
    other = integer_graph_path(source, IntegerForm(32), tmp_path)
    assert other != path


def test_an_unwritable_cache_rewrites_in_memory(tmp_path: Path) -> None:
    blocked = tmp_path / "file"
    blocked.write_text("")  # a file where the directory would be: mkdir fails
    got = cached_integer_graph(packaged_model_path(), file_hash(packaged_model_path()),
                               DEFAULT_FORM, blocked / "graphs")
    assert isinstance(got, bytes) and integer_weight_graph(got)[1] == 0
