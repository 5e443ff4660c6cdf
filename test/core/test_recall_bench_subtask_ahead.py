"""Round 48 (issue 11, part 4): the bench measuring a per-subtask request whose steps were
embedded before it arrived (`bench/recall_subtask_ahead.py`) prefetches exactly the texts
the request asks: the request then calls the model for none of them, its answer the same
as a cold request's. A step list that drifted from `recall_subtasks`' (a slip not
corrected, the whole text instead of the steps) would leave the
request embedding, and the bench would measure a cold request twice."""

from __future__ import annotations

from pathlib import Path

from bench_scripts import load_bench
from recall_rooms import kitchen_memory

from memory_node.core.recall.embedder import Embedder

NOW = 1_700_000_500.0
# Three steps, one with a slip the speller corrects ("aple").
TASK = "take the mug to the sink, then put the aple in the fridge, then wipe the table"


def _answer(memory, ahead: bool) -> tuple[list, str, int]:  # type: ignore[no-untyped-def]
    bench = load_bench("recall_subtask_ahead")
    rm = memory.recall
    recaller = rm._ensure()
    if ahead:
        texts = bench.ahead_texts(recaller, TASK)
        assert len(texts) == 3
        assert recaller.prefetch_queries(texts) == 3
        assert recaller.wait_for_prefetch(60)
    before = recaller.query_texts_embedded
    answer = rm.recall(TASK, 3, 600, episode_id="", now=NOW, per_subtask=True)
    return ([(u.unit.object_id, repr(u.score)) for u in answer.units], answer.context,
            recaller.query_texts_embedded - before)


def test_texts_ahead_are_the_requests_own(tmp_path: Path) -> None:
    embedder = Embedder()
    cold, ahead = (kitchen_memory(tmp_path / name, embedder, NOW) for name in ("c", "a"))
    try:
        cold_units, cold_context, cold_embedded = _answer(cold, ahead=False)
        ahead_units, ahead_context, ahead_embedded = _answer(ahead, ahead=True)
    finally:
        cold.close()
        ahead.close()
    assert cold_embedded == 3
    assert ahead_embedded == 0
    assert ahead_units == cold_units and ahead_context == cold_context
