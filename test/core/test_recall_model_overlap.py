"""A ranking's lexical half runs while the model embeds the query (round 18).

The model call (MiniLM, ~5-6 ms) releases the GIL; the lexical half (WordNet's first look at
a request's words, posting lists) used to wait for it. Now the query is embedded on the
recaller's model thread and joined before the cosines: the same answer, sooner.
"""

from __future__ import annotations

import threading

import numpy as np
import pytest

from memory_node.core.recall.embedder import Embedder
from memory_node.core.recall.recall import Recaller
from memory_node.core.units import ObjectMemoryUnit as Unit

UNITS = [Unit("Mug_1", "Mug", (0, 0, 0), area_id="kitchen"),
         Unit("Apple_1", "Apple", (1, 0, 0), area_id="kitchen"),
         Unit("Sink_1", "Sink", (2, 0, 0), area_id="kitchen")]


class _Gate(Embedder):
    """The real model; a query's call does not finish until the ranking's lexical half has
    begun (or a bound wait ran out: the two were not concurrent)."""

    def __init__(self) -> None:
        super().__init__()
        self.lexical_started = threading.Event()
        self.overlapped: list[bool] = []
        self.gated: set[str] = set()

    def embed(self, texts):  # type: ignore[no-untyped-def]
        if any(t in self.gated for t in texts):
            self.overlapped.append(self.lexical_started.wait(timeout=3.0))
        return super().embed(texts)


def _recaller(embedder: Embedder) -> Recaller:
    r = Recaller(embedder)
    r.rank("warm up", UNITS, 3)   # unit vectors and type names, before the timed question
    return r


def test_the_query_is_embedded_while_the_lexical_half_runs(monkeypatch) -> None:
    gate = _Gate()
    r = _recaller(gate)
    real = Recaller._lexical_arrays

    def lexical(self, instruction, rows):  # type: ignore[no-untyped-def]
        gate.lexical_started.set()
        return real(self, instruction, rows)

    monkeypatch.setattr(Recaller, "_lexical_arrays", lexical)
    gate.gated.add("wash the red mug in the sink")
    r.rank("wash the red mug in the sink", UNITS, 3)
    assert gate.overlapped == [True]


def test_overlapped_answers_equal_the_sequential_ones(embedder: Embedder) -> None:
    overlapped = _recaller(embedder)
    texts = ["wash the red mug in the sink", "bring me an apple", "something to drink from"]
    got = [overlapped.rank(t, UNITS, 3) for t in texts]
    sequential = _recaller(embedder)
    for t in texts:
        sequential.embed_queries([t])          # the vector first, as before round 18
    want = [sequential.rank(t, UNITS, 3) for t in texts]
    for g, w in zip(got, want, strict=True):
        assert [x.unit.object_id for x in g] == [x.unit.object_id for x in w]
        assert [x.score for x in g] == [x.score for x in w]


class _NaN(Embedder):
    def embed(self, texts):  # type: ignore[no-untyped-def]
        out = super().embed(texts)
        if "poisoned query" in texts:
            out[:] = np.nan
        return out


def test_a_non_finite_query_vector_is_still_a_clear_error() -> None:
    r = _recaller(_NaN())
    with pytest.raises(ValueError, match="non-finite query vector"):
        r.rank("poisoned query", UNITS, 3)
    assert "poisoned query" not in r._query_cache
    assert [x.unit.object_id for x in r.rank("bring me an apple", UNITS, 1)] == ["Apple_1"]
