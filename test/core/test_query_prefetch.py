"""Round 24 (issue 11, part 4): an instruction's steps embedded off the request path.

A caller that recalls an instruction whole and then per subtask (or step by step, whose
pool is built per subtask) paid a model call on the later request for every step that is
not the whole text: the p99 of per-subtask requests over DDS is those requests
(bench/README_recall.md, rounds 23-24). Now the whole-instruction request starts its
steps' model call on a background thread; the later request finds them in
the query cache. A request never waits for that thread, and the answers are the same.
"""

from __future__ import annotations

import threading
from collections.abc import Sequence
from dataclasses import replace
from pathlib import Path

import numpy as np
import pytest
from recall_rooms import kitchen_memory

from memory_node.core.memory import Memory
from memory_node.core.recall.embedder import Embedder
from memory_node.core.recall.subtasks import split_subtasks
from memory_node.core.recall_memory import brief_from_fields

NOW = 1_700_000_500.0
TASK = "wash the mug in the sink, then put the apple in the fridge, then heat the soup"


def _memory(path: Path, embedder: Embedder, prefetch: bool = True) -> Memory:
    memory = kitchen_memory(path, embedder, NOW)
    if not prefetch:  # on by default
        memory.recall.configure(replace(memory.recall.settings, prefetch_subtasks=False))
    return memory


def _answer(memory: Memory, per_subtask: bool) -> list[tuple[str, float]]:
    a = memory.recall.recall(TASK, 3, 600, now=NOW, per_subtask=per_subtask)
    return [(u.unit.object_id, u.score) for u in a.units]


def test_a_whole_recall_embeds_its_steps_so_per_subtask_calls_no_model(
        tmp_path: Path, embedder: Embedder) -> None:
    """On main's code the per-subtask request embedded the instruction's three steps."""
    memory = _memory(tmp_path / "m", embedder)
    try:
        rm = memory.recall
        assert len(split_subtasks(TASK, rm._ensure().lexicon)) == 3
        _answer(memory, per_subtask=False)
        assert rm._ensure().wait_for_prefetch(60)
        busy = embedder.busy_s
        _answer(memory, per_subtask=True)
        counts = rm.query_counts()
        assert counts["subtask.embedded"] == 0 and counts["subtask.asked"] >= 3
        assert embedder.busy_s == busy  # no model call of the request's own
        assert counts["prefetched"] == 3 and counts["prefetch_used"] == 3
        assert counts["instruction.embedded"] == 1  # the prefetch is not the request's
    finally:
        memory.close()


def test_prefetched_steps_give_the_same_answers(tmp_path: Path, embedder: Embedder) -> None:
    """The steps go to the model in the batch the per-subtask request would have made:
    the same vectors, so the same units with the same scores."""
    answers = []
    for prefetch in (False, True):
        memory = _memory(tmp_path / f"m{prefetch}", embedder, prefetch)
        try:
            whole = _answer(memory, per_subtask=False)
            assert memory.recall._ensure().wait_for_prefetch(60)
            answers.append((whole, _answer(memory, per_subtask=True)))
        finally:
            memory.close()
    assert answers[0] == answers[1]
    assert answers[0][1]  # the per-subtask answer is not empty


def test_a_request_waits_a_bounded_time_for_a_prefetch_still_running(
        tmp_path: Path, embedder: Embedder, monkeypatch: pytest.MonkeyPatch) -> None:
    """While the background call is held, the per-subtask request waits for it at most
    PREFETCH_WAIT_S, then embeds its steps itself and answers as it would without the
    prefetch; the held call's vectors are dropped for texts the request already cached,
    and a failed call leaves nothing behind."""
    memory = _memory(tmp_path / "m", embedder)
    release = threading.Event()
    real = embedder.embed

    def held(texts: Sequence[str], *, background: bool = False) -> np.ndarray:
        if background:
            assert release.wait(60)
            raise RuntimeError("a background call that fails")
        return real(texts)

    monkeypatch.setattr(embedder, "embed", held)
    try:
        rm = memory.recall
        _answer(memory, per_subtask=False)
        recaller = rm._ensure()
        assert not recaller.wait_for_prefetch(0.01)  # it is held
        sub = _answer(memory, per_subtask=True)     # returns: the wait is bounded
        counts = rm.query_counts()
        assert counts["subtask.embedded"] == 3
        assert counts["prefetch_waited"] == 3 and counts["prefetch_late"] == 3
        release.set()
        assert recaller.wait_for_prefetch(60)
        assert _answer(memory, per_subtask=True) == sub
        counts = rm.query_counts()
        assert counts["prefetch_used"] == 0 and counts["subtask.embedded"] == 3
        assert not recaller._prefetching  # the failed call's texts were dropped
    finally:
        release.set()
        memory.close()


def test_a_one_step_instruction_is_its_own_step_unless_it_opens_with_a_filler(
        tmp_path: Path, embedder: Embedder) -> None:
    """A one-step instruction's step is the text already embedded: no background call.
    One that opens with a filler ("can you ...") has a step without it, which main's code
    embedded on the later per-subtask request (bench/README_recall.md, round 24)."""
    memory = _memory(tmp_path / "m", embedder)
    try:
        rm = memory.recall
        rm.recall("put the apple in the fridge", 3, 600, now=NOW)
        assert rm.query_counts()["prefetched"] == 0
        rm.recall("can you grab the mug", 3, 600, now=NOW)
        assert rm.query_counts()["prefetched"] == 1
        assert rm._ensure().wait_for_prefetch(60)
        rm.recall("can you grab the mug", 3, 600, now=NOW, per_subtask=True)
        counts = rm.query_counts()
        assert counts["subtask.embedded"] == 0 and counts["prefetch_used"] == 1
    finally:
        memory.close()


def test_a_per_subtask_recall_embeds_the_whole_text_a_step_pool_ranks(
        tmp_path: Path, embedder: Embedder) -> None:
    """The planner's path: per subtask first, then a step with the brief state, whose
    candidate pool ranks the whole instruction. On main's code that step request embedded
    the whole text and its subgoal (two calls); now only the subgoal, which is new."""
    memory = _memory(tmp_path / "m", embedder)
    try:
        rm = memory.recall
        _answer(memory, per_subtask=True)  # no episode: no step follows, nothing guessed
        assert rm.query_counts()["prefetched"] == 0
        rm.recall(TASK, 3, 600, "ep0", now=NOW, per_subtask=True)
        assert rm.query_counts()["prefetched"] == 1
        assert rm._ensure().wait_for_prefetch(60)
        brief = brief_from_fields("pick up the mug", robot_area="kitchen")
        rm.recall(TASK, 3, 600, "ep0", brief, now=NOW, per_subtask=True)
        counts = rm.query_counts()
        assert counts["step_pool.embedded"] == 1  # the subgoal
        assert counts["prefetch_used"] == 1
    finally:
        memory.close()


def test_a_background_call_shares_no_lock_with_the_requests_and_gives_the_same_vectors(
        embedder: Embedder) -> None:
    """The background thread tokenizes with its own tokenizer: a request's call never waits
    for it on the tokenizer's lock (held by a thread waiting for a core, that held a step's
    model call up for 0.8 s at load 45), and its vectors are the requests' own bytes."""
    texts = ["wash the mug in the sink", "put the apple in the fridge, then heat the soup"]
    busy = embedder.busy_s
    with embedder._lock:  # a request's call holding the tokenizer
        background = embedder.embed(texts, background=True)
    assert embedder.busy_s == busy and embedder.background_s > 0
    assert np.array_equal(background, embedder.embed(texts))
