"""Start-up makes what the first requests' model calls would otherwise make (round 60).

The background worker's tokenizer (``Tokenizer.from_file``: ~13 ms of CPU holding the GIL)
was made in the first background call, beside a request; the model worker's and the
background worker's threads were started by the first request that used each (a thread
start waits for the new thread to be scheduled). ``RecallMemory.warm_up`` now makes them.
"""

from __future__ import annotations

import threading
from pathlib import Path

import numpy as np
import pytest

from memory_node.core.memory import Memory
from memory_node.core.memory_settings import MemorySettings, ShortTermSettings
from memory_node.core.recall import model_worker
from memory_node.core.recall.embedder import Embedder
from memory_node.core.recall_memory import RecallMemory
from memory_node.core.units import ObjectMemoryUnit as Unit


def _threads(prefix: str) -> list[str]:
    return [t.name for t in threading.enumerate() if t.name.startswith(prefix)]


@pytest.fixture()
def memory(tmp_path: Path) -> Memory:
    m = Memory(MemorySettings(memory_dir=str(tmp_path), durability="normal",
                              short_term=ShortTermSettings(capacity=50)))
    # A fresh model: the background tokenizer is the embedder's own.
    m.recall = RecallMemory(m.short_term, m.recall.settings, embedder=Embedder())
    m.upsert_object(Unit(object_id="mug_1", label="Mug", position=(1.0, 0.0, 1.0)))
    yield m
    m.close()


def test_warm_up_makes_the_background_tokenizer_and_both_worker_threads(
        memory: Memory, monkeypatch: pytest.MonkeyPatch) -> None:
    r = memory.recall
    r.warm_up()
    recaller = r._ensure()
    embedder = recaller.embedder
    assert isinstance(embedder, Embedder)
    assert embedder._background_tokenizer is not None
    assert _threads("recall-model_") and _threads("recall-prefetch_")
    # After it, neither a request nor a background call loads a tokenizer or starts a thread.
    loads: list[int] = []
    real = Embedder._load_tokenizer
    monkeypatch.setattr(Embedder, "_load_tokenizer",
                        lambda self: loads.append(1) or real(self))
    before = {t.ident for t in threading.enumerate()}
    assert recaller.prefetch_queries(["fetch the mug", "wash the mug"]) == 2
    assert recaller.wait_for_prefetch(timeout=60)
    answer = r.recall("put the mug in the sink", k=3, token_budget=400)
    assert [u.unit.object_id for u in answer.units] == ["mug_1"]
    assert loads == []
    started = [t.name for t in threading.enumerate() if t.ident not in before]
    assert not [n for n in started if n.startswith(("recall-model_", "recall-prefetch_"))]


def test_background_vectors_after_warm_background_equal_the_inline_call() -> None:
    e = Embedder()
    e.warm_background()
    tokenizer = e._background_tokenizer
    e.warm_background()  # idempotent
    assert e._background_tokenizer is tokenizer
    texts = ["put the mug in the sink", "the knife on the counter top"]
    assert np.array_equal(e.embed(texts, background=True), e.embed(texts))


def test_start_workers_is_idempotent() -> None:
    model_worker.start_workers()
    model_worker.start_workers()
    assert len(_threads("recall-model_")) == 1
    assert len(_threads("recall-prefetch_")) == 1
