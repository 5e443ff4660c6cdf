"""Round 48 (issue 11, part 4): an instruction sent ahead of its per-subtask recall.

The planner knows an instruction's text before it waits for a fresh view and then recalls
it per subtask; every such request is the text's first arrival, so it paid the model call
(~2/3 of its CPU, bench/README_recall.md round 48). `RecallMemory.prefetch_subtasks`
embeds exactly the query texts that request will ask (`subtask_queries`, the one place
`recall_subtasks` prepares them) on the background worker; the request then finds them
cached, or waits for the running call (bounded: `PREFETCH_WAIT_S`), and answers the same.
"""

from __future__ import annotations

import threading
from collections.abc import Sequence
from pathlib import Path

import numpy as np
import pytest
from recall_rooms import kitchen_memory

from memory_node.core.memory import Memory
from memory_node.core.recall import recall as recall_module
from memory_node.core.recall.embedder import Embedder
from memory_node.core.recall.subtasks import subtask_queries

NOW = 1_700_000_500.0
# Three steps, one with a slip the speller corrects ("aple").
TASK = "take the mug to the sink, then put the aple in the fridge, then wipe the table"


def _answer(memory: Memory, episode: str = "ep1") -> tuple[list[tuple[str, str]], str]:
    a = memory.recall.recall(TASK, 3, 600, episode, now=NOW, per_subtask=True)
    return [(u.unit.object_id, repr(u.score)) for u in a.units], a.context


def _cold(path: Path, embedder: Embedder) -> tuple[list[tuple[str, str]], str]:
    memory = kitchen_memory(path, embedder, NOW)
    try:
        return _answer(memory)
    finally:
        memory.close()


def test_the_texts_prefetched_are_the_ones_the_request_asks(
        tmp_path: Path, embedder: Embedder, monkeypatch: pytest.MonkeyPatch) -> None:
    memory = kitchen_memory(tmp_path / "m", embedder, NOW)
    try:
        recaller = memory.recall._ensure()
        asked: list[list[str]] = []
        real = recaller.start_queries

        def spy(texts: Sequence[str]) -> recall_module.PendingQueries:
            asked.append(list(texts))
            return real(texts)

        monkeypatch.setattr(recaller, "start_queries", spy)
        _answer(memory, "")
        texts = subtask_queries(recaller, TASK).texts
        assert asked[0] == texts and len(texts) == 3
        assert "put the apple in the fridge" in texts  # spelled, as the ranking asks it
    finally:
        memory.close()


def test_a_text_sent_ahead_leaves_the_request_no_model_call_and_the_same_answer(
        tmp_path: Path, embedder: Embedder) -> None:
    cold = _cold(tmp_path / "cold", embedder)
    memory = kitchen_memory(tmp_path / "m", embedder, NOW)
    try:
        rm = memory.recall
        rm._ensure()
        assert rm.prefetch_subtasks(TASK) == 3
        assert rm.prefetch_subtasks(TASK) == 0  # running or cached: not asked again
        assert rm._ensure().wait_for_prefetch(60)
        assert _answer(memory) == cold
        counts = rm.query_counts()
        assert counts["subtask.embedded"] == 0 and counts["prefetch_used"] == 3
    finally:
        memory.close()


def test_a_request_arriving_while_its_prefetch_runs_waits_for_it(
        tmp_path: Path, embedder: Embedder, monkeypatch: pytest.MonkeyPatch) -> None:
    """No second model call: the request takes the running call's vectors (on main's code
    it embedded the three steps again, beside the call already making them)."""
    cold = _cold(tmp_path / "cold", embedder)
    memory = kitchen_memory(tmp_path / "m", embedder, NOW)
    monkeypatch.setattr(recall_module, "PREFETCH_WAIT_S", 60.0)
    release = threading.Event()
    real = embedder.embed
    inline: list[list[str]] = []

    def held(texts: Sequence[str], *, background: bool = False) -> np.ndarray:
        if background:
            assert release.wait(60)
            return real(texts, background=True)
        inline.append(list(texts))
        return real(texts)

    try:
        rm = memory.recall
        recaller = rm._ensure()
        monkeypatch.setattr(embedder, "embed", held)
        assert rm.prefetch_subtasks(TASK) == 3
        got: list[tuple[list[tuple[str, str]], str]] = []
        request = threading.Thread(target=lambda: got.append(_answer(memory)))
        request.start()
        # Released once the request has found the running call (no fixed sleep).
        while recaller.query_texts_prefetch_waited < 3 and request.is_alive():
            request.join(0.005)
        release.set()
        request.join(60)
        assert got == [cold]
        counts = rm.query_counts()
        assert counts["subtask.embedded"] == 0 and counts["prefetch_waited"] == 3
        assert counts["prefetch_used"] == 3 and counts["prefetch_late"] == 0
        steps = subtask_queries(recaller, TASK).texts
        assert not any(t in call for call in inline for t in steps)
    finally:
        release.set()
        memory.close()


def test_prefetches_are_bounded_and_refused_texts_change_nothing(
        tmp_path: Path, embedder: Embedder, monkeypatch: pytest.MonkeyPatch) -> None:
    memory = kitchen_memory(tmp_path / "m", embedder, NOW)
    release = threading.Event()
    real = embedder.embed

    def held(texts: Sequence[str], *, background: bool = False) -> np.ndarray:
        if background:
            assert release.wait(60)
        return real(texts, background=background)

    try:
        rm = memory.recall
        recaller = rm._ensure()
        monkeypatch.setattr(embedder, "embed", held)
        cap = recall_module.MAX_PREFETCH_CALLS
        for i in range(cap):
            assert rm.prefetch_subtasks(f"bring me the cup number {i}") == 1
        assert recaller.prefetch_calls_running() == cap
        assert rm.prefetch_subtasks("bring me the spoon") == -1  # nothing started
        for bad in ("", "x" * (rm.settings.max_instruction_chars + 1), "a\x00b", 7):
            with pytest.raises(ValueError):
                rm.prefetch_subtasks(bad)
        assert recaller.query_texts_prefetched == cap
        # Recall's lock held elsewhere (the start-up preload): never waited for.
        held_lock, done = threading.Event(), threading.Event()

        def hold() -> None:
            with rm._lock:
                held_lock.set()
                done.wait(60)

        holder = threading.Thread(target=hold)
        holder.start()
        assert held_lock.wait(60)
        try:
            assert rm.prefetch_subtasks("bring me the fork") == -1
        finally:
            done.set()
            holder.join(60)
        assert recaller.query_texts_prefetched == cap
        release.set()
        assert recaller.wait_for_prefetch(60)
        assert recaller.prefetch_calls_running() == 0
        assert rm.prefetch_subtasks("bring me the spoon") == 1
        assert recaller.wait_for_prefetch(60)
    finally:
        release.set()
        memory.close()


def test_a_background_call_counts_while_it_runs_wherever_its_texts_are(
        tmp_path: Path, embedder: Embedder, monkeypatch: pytest.MonkeyPatch) -> None:
    """Round 80: the running calls are counted from the calls started, not by walking the
    query cache; a call counts until it ends, whether its texts are still pending, taken
    by a request, or pushed out of both maps by newer texts."""
    memory = kitchen_memory(tmp_path / "m", embedder, NOW)
    release = threading.Event()
    real = embedder.embed

    def held(texts: Sequence[str], *, background: bool = False) -> np.ndarray:
        if background:
            assert release.wait(60)
        return real(texts, background=background)

    try:
        recaller = memory.recall._ensure()
        monkeypatch.setattr(embedder, "embed", held)
        assert recaller.prefetch_queries(["the red mug"]) == 1
        assert recaller.prefetch_queries(["the blue plate"]) == 1
        assert recaller.prefetch_calls_running() == 2
        jobs = list(recaller._background_calls)
        # A request takes the first call's text: the call now sits in the query cache.
        pending = recaller.start_queries(["the red mug"])
        assert "the red mug" not in recaller._prefetching
        assert recaller.prefetch_calls_running() == 2
        # The second call's text pushed out of the pending map: the call still runs.
        recaller._prefetching.clear()
        assert recaller.prefetch_calls_running() == 2
        release.set()
        assert pending.result()[0].shape == (embedder.dim,)
        assert all(job.wait(60) for job in jobs)  # the second call ends on the worker
        assert recaller.prefetch_calls_running() == 0
        assert recaller._background_calls == []
    finally:
        release.set()
        memory.close()
