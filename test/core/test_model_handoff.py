"""Round 30 (issue 11, part 4): the model worker's hand-off.

A request starts its query's model call on the worker thread and does its own Python work
meanwhile (round 21). The worker needs the GIL for the call's first Python lines (the
tokenizer, the input arrays) before onnxruntime's run releases it; it got it only when the
request blocked on the vectors or after the interpreter's switch interval (5 ms), so a
state-conditioned step's 1-2 ms of Python ran first and the model after it: nothing of a
warm step's call was overlapped (`model_hidden` median 0 in round 29's quiet DDS run). Now
``model_worker.submit`` returns once the call is inside onnxruntime's run. The switch
interval is set to a second here, so without the hand-off the worker cannot start before
the caller blocks: each test fails on the code before it.
"""

from __future__ import annotations

import sys
import threading
from collections.abc import Iterator

import numpy as np
import pytest

from memory_node.core.recall import model_worker
from memory_node.core.recall.embedder import Embedder
from memory_node.core.recall.recall import Recaller
from memory_node.core.units import ObjectMemoryUnit as Unit

NOW = 1_700_000_500.0


class _Session:
    """The embedder's onnxruntime session, recording when its run is entered."""

    def __init__(self, inner, on_run) -> None:  # type: ignore[no-untyped-def]
        self._inner, self._on_run = inner, on_run

    def run(self, *args, **kwargs):  # type: ignore[no-untyped-def]
        self._on_run()
        return self._inner.run(*args, **kwargs)

    def __getattr__(self, name: str):  # type: ignore[no-untyped-def]
        return getattr(self._inner, name)


@pytest.fixture
def long_switch_interval() -> Iterator[None]:
    before = sys.getswitchinterval()
    sys.setswitchinterval(1.0)
    try:
        yield
    finally:
        sys.setswitchinterval(before)


def _units() -> list[Unit]:
    kinds = ["Apple", "Mug", "Fridge", "CounterTop", "Kettle", "StoveBurner"]
    return [Unit(f"{label}_{i}", label, (float(i), 0.9, 0.0), area_id="kitchen",
                 first_seen=NOW - 900 + i, last_seen=NOW - 60 - i)
            for i, label in enumerate(kinds * 2)]


def test_submit_returns_with_the_call_inside_the_model_run(
        embedder: Embedder, monkeypatch: pytest.MonkeyPatch,
        long_switch_interval: None) -> None:
    model_worker.submit(lambda ts: embedder.embed(ts), ["warm the worker up"]).vectors()
    entered = threading.Event()
    monkeypatch.setattr(embedder, "_session", _Session(embedder._session, entered.set))
    job = model_worker.submit(lambda ts: embedder.embed(ts), ["open the fridge"])
    # No blocking call between submit and here: only the hand-off let the worker run.
    assert entered.is_set()
    assert np.array_equal(job.vectors(), embedder.embed(["open the fridge"]))


def test_a_step_ranking_runs_its_python_beside_the_model(
        embedder: Embedder, monkeypatch: pytest.MonkeyPatch,
        long_switch_interval: None) -> None:
    """A warm step's call (score_all of the subgoal over its candidates): the model run
    begins before the lexical half, and its time counts as hidden."""
    recaller = Recaller(embedder)
    units = _units()
    recaller.score_all("bring me the mug", units)  # unit vectors made, words warm
    lexical_started = threading.Event()
    seen: dict[str, bool] = {}
    real_lexical = recaller._lexical_arrays

    def lexical(*args):  # type: ignore[no-untyped-def]
        lexical_started.set()
        return real_lexical(*args)

    monkeypatch.setattr(embedder, "_session", _Session(
        embedder._session, lambda: seen.setdefault("before_lexical",
                                                   not lexical_started.is_set())))
    monkeypatch.setattr(recaller, "_lexical_arrays", lexical)
    hidden = recaller.model_hidden_s
    ranked = recaller.score_all("pick up the red apple", units)
    assert seen["before_lexical"] is True
    assert recaller.model_hidden_s > hidden
    assert ranked[0].unit.label == "Apple"


def test_an_embed_that_never_says_it_releases_the_gil_still_returns() -> None:
    """A stand-in embed (tests, another encoder) frees its caller when it ends (its
    vectors are the call's, taken as ever)."""
    job = model_worker.submit(lambda ts: np.ones((len(ts), 4), np.float32), ["a", "b"])
    assert job.vectors().shape == (2, 4)


def test_the_background_worker_is_not_held_by_the_hand_off(embedder: Embedder) -> None:
    """releasing_gil on a thread with no waiting caller (the prefetch's) does nothing."""
    job = model_worker.submit_background(lambda ts: embedder.embed(ts, background=True),
                                         ["put the kettle on"])
    assert job.wait(30)
    assert np.array_equal(job.vectors(), embedder.embed(["put the kettle on"]))
