"""The embedders' busy seconds lose nothing when threads end their calls together.

`recall_memory` reads `busy_s` before and after a request while the model worker embeds on
another thread; `self.busy_s += elapsed` unguarded reads the total, then writes it back, so a
second thread's seconds written in between were lost. The clock here makes every call last
exactly 0.25 s and holds each thread's end-of-call reading until all threads have taken theirs
(a barrier): without the lock every thread has already read the old total by then and the sum
comes out as one call's, not all of them.
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from types import SimpleNamespace

import pytest

from memory_node.core.recall import embedder as embedder_module
from memory_node.core.recall import static_embedder as static_module
from memory_node.core.recall.embedder import Embedder
from memory_node.core.recall.static_embedder import StaticEmbedder

THREADS = 8
CALL_S = 0.25  # exact in binary: the sum of THREADS calls is exact too


def _lockstep_clock(threads: int) -> SimpleNamespace:
    """`time` whose perf_counter gives 0.0 at a call's start and CALL_S at its end, the end's
    reading only once every thread has asked for it."""
    barrier = threading.Barrier(threads, timeout=30)
    calls = threading.local()

    def perf_counter() -> float:
        n = getattr(calls, "n", 0)
        calls.n = n + 1
        if n % 2 == 0:
            return 0.0
        barrier.wait()
        return CALL_S

    return SimpleNamespace(perf_counter=perf_counter)


def _in_threads(call: Callable[[int], object], threads: int) -> None:
    errors: list[BaseException] = []

    def run(i: int) -> None:
        try:
            call(i)
        except BaseException as exc:  # noqa: BLE001 - reported by the test below
            errors.append(exc)

    workers = [threading.Thread(target=run, args=(i,)) for i in range(threads)]
    for w in workers:
        w.start()
    for w in workers:
        w.join()
    assert errors == []


def test_model_seconds_of_concurrent_calls_all_count(embedder: Embedder,
                                                     monkeypatch: pytest.MonkeyPatch) -> None:
    # One background caller, as in production (the model worker, whose tokenizer is its own
    # and made on first use: made here, before the clock is set), beside request threads.
    embedder.embed(["warm"], background=True)
    busy, ahead = embedder.busy_s, embedder.background_s
    monkeypatch.setattr(embedder_module, "time", _lockstep_clock(THREADS))
    _in_threads(lambda i: embedder.embed([f"a mug number {i}"], background=i == 0), THREADS)
    assert embedder.busy_s - busy == (THREADS - 1) * CALL_S
    assert embedder.background_s - ahead == CALL_S


def test_static_encoder_seconds_of_concurrent_calls_all_count(
        monkeypatch: pytest.MonkeyPatch) -> None:
    static = StaticEmbedder()
    monkeypatch.setattr(static_module, "time", _lockstep_clock(THREADS))
    _in_threads(lambda i: static.embed([f"a plate number {i}"]), THREADS)
    assert static.busy_s == THREADS * CALL_S
