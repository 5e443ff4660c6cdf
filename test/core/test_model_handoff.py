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

The tests observe the hand-off itself (``releasing_gil``, said on the worker before
``submit`` may return), not the run it leads to: which of the two threads runs first after
the hand-off is the scheduler's choice, and at load 25 it once ran the caller's lexical
half before the worker's next line (round 35). The hidden time is measured after waiting
for the model's job to end, not on a race between the two halves.
"""

from __future__ import annotations

import sys
import threading
from collections.abc import Callable, Iterator

import numpy as np
import pytest

from memory_node.core.recall import model_worker
from memory_node.core.recall.embedder import Embedder
from memory_node.core.recall.recall import Recaller
from memory_node.core.units import ObjectMemoryUnit as Unit

NOW = 1_700_000_500.0


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


def _observe_handoff(monkeypatch: pytest.MonkeyPatch, seen: Callable[[], None]) -> None:
    """Call `seen` on the worker when its model call says it enters the run (before the
    caller is let go)."""
    real = model_worker.releasing_gil

    def releasing_gil() -> None:
        seen()
        real()

    monkeypatch.setattr(model_worker, "releasing_gil", releasing_gil)


def test_submit_returns_with_the_call_inside_the_model_run(
        embedder: Embedder, monkeypatch: pytest.MonkeyPatch,
        long_switch_interval: None) -> None:
    model_worker.submit(lambda ts: embedder.embed(ts), ["warm the worker up"]).vectors()
    entered = threading.Event()
    _observe_handoff(monkeypatch, entered.set)
    job = model_worker.submit(lambda ts: embedder.embed(ts), ["open the fridge"])
    # No blocking call between submit and here: only the hand-off let the worker run.
    assert entered.is_set()
    assert np.array_equal(job.vectors(), embedder.embed(["open the fridge"]))


def test_a_step_ranking_runs_its_python_beside_the_model(
        embedder: Embedder, monkeypatch: pytest.MonkeyPatch,
        long_switch_interval: None) -> None:
    """A warm step's call (score_all of the subgoal over its candidates): the model call
    reaches its run before the lexical half begins, and its time counts as hidden."""
    recaller = Recaller(embedder)
    units = _units()
    recaller.score_all("bring me the mug", units)  # unit vectors made, words warm
    lexical_started = threading.Event()
    seen: dict[str, bool] = {}
    real_lexical = recaller._lexical_arrays
    jobs: list[model_worker.ModelJob] = []
    real_submit = model_worker.submit

    def submit(*args):  # type: ignore[no-untyped-def]
        jobs.append(real_submit(*args))
        return jobs[-1]

    def lexical(*args):  # type: ignore[no-untyped-def]
        lexical_started.set()
        out = real_lexical(*args)
        # The model's job ends before the caller asks for it: all its time ran beside the
        # caller, whatever the scheduler did (an event, not a race of the two halves).
        assert jobs and jobs[-1].wait(30)
        return out

    _observe_handoff(monkeypatch, lambda: seen.setdefault("before_lexical",
                                                          not lexical_started.is_set()))
    monkeypatch.setattr(model_worker, "submit", submit)
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
