"""Round 59 (issue 11, part 4): a request's prefetch run after its answer is sent.

A whole-instruction request started its steps' model call on the background worker (round
24), and a per-subtask request in an episode the whole instruction's (the step pool's), at
the end of `RecallMemory.recall`, before the server converted and sent the answer: the
split's CPU and a background model call starting beside the send were on the request's
path. With `prefetch_later` the request holds it (`prefetch_due`) and the server runs it
(`run_prefetch_due`) once the answer is sent; a request that comes first runs it before its
own work. The same texts are prefetched in the same order, and every answer is the same.
"""

from __future__ import annotations

from pathlib import Path

from recall_rooms import kitchen_memory

from memory_node.core.memory import Memory
from memory_node.core.recall.embedder import Embedder

NOW = 1_700_000_500.0
TASK = "wash the mug in the sink, then put the apple in the fridge, then heat the soup"


def _answer(memory: Memory, later: bool, per_subtask: bool = False,
            episode: str = "") -> tuple[list[tuple[str, str]], str]:
    a = memory.recall.recall(TASK, 3, 600, episode, now=NOW, per_subtask=per_subtask,
                             prefetch_later=later)
    return [(u.unit.object_id, repr(u.score)) for u in a.units], a.context


def test_the_whole_instructions_prefetch_waits_for_run_prefetch_due(
        tmp_path: Path, embedder: Embedder) -> None:
    """Fails on 6d59c029: recall takes no `prefetch_later` (and has no run_prefetch_due)."""
    memory = kitchen_memory(tmp_path / "m", embedder, NOW)
    try:
        rm = memory.recall
        _answer(memory, later=True)
        assert rm.prefetch_due
        assert rm.query_counts()["prefetched"] == 0  # nothing started in the request
        assert rm.run_prefetch_due() == 3  # the three steps, now
        assert not rm.prefetch_due and rm.run_prefetch_due() == 0
        assert rm._ensure().wait_for_prefetch(60)
        busy = embedder.busy_s
        _answer(memory, later=True, per_subtask=True)  # no episode: nothing held
        assert not rm.prefetch_due
        counts = rm.query_counts()
        assert counts["subtask.embedded"] == 0 and counts["prefetch_used"] == 3
        assert embedder.busy_s == busy
    finally:
        memory.close()


def test_a_request_runs_a_held_prefetch_first_and_every_answer_is_the_same(
        tmp_path: Path, embedder: Embedder) -> None:
    """The planner's sequence (whole, per subtask in an episode, again) with the prefetch
    held and never run by the caller: each next request starts it first, so the texts
    prefetched, and the answers, are those of the prefetch run in the request (whether a
    request finds a background call ended or still running is the machine's timing: not
    compared)."""
    runs = []
    for later in (False, True):
        memory = kitchen_memory(tmp_path / f"m{later}", embedder, NOW)
        try:
            rm = memory.recall
            whole = _answer(memory, later)
            sub = _answer(memory, later, per_subtask=True, episode="ep0")
            assert rm.prefetch_due == later  # the whole text, for the step pool
            again = _answer(memory, later)
            assert rm._ensure().wait_for_prefetch(60)
            counts = rm.query_counts()
            runs.append((whole, sub, again, counts["prefetched"]))
        finally:
            memory.close()
    assert runs[0] == runs[1]
    assert runs[0][0][0] and runs[0][1][0]  # not empty answers
