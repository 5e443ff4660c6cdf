"""Round 47 (issue 11, part 4): the recall benches' per-subtask requests as the planner
sends them, and the in-process bench's model counter passing background calls through.

The planner (planner/core/loop.py) sends one per-subtask recall of an instruction when it
arrives, with its episode id: a text the server has never seen. The DDS bench's per-subtask
phase sent an earlier instruction's text + ", then tidy up", whose steps the instruction
phase had embedded already; `RECALL_BENCH_PLANNER=1` / `--planner` send unsent texts.
`recall_rank_cost.py`'s model counter took no `background` argument, so in process every
prefetch (Recaller.prefetch_queries) failed and the request that asked its texts embedded
them: a model call the server does not make (round 46 read request 11's CPU as the model's).
"""

from __future__ import annotations

from pathlib import Path

import pytest
from bench_scripts import load_bench
from recall_rooms import kitchen_memory

from memory_node.core.recall.embedder import Embedder
from memory_node.core.recall.subtasks import split_subtasks

NOW = 1_700_000_500.0
TASK = "wash the mug in the sink, then put the apple in the fridge, then heat the soup"


def test_the_model_counter_lets_a_prefetch_run_and_counts_it_apart(tmp_path: Path) -> None:
    """On main's bench the counter had no `timed_model`, and its inline wrapper failed the
    prefetch: the per-subtask request embedded the three steps itself."""
    rank_cost = load_bench("recall_rank_cost")
    embedder = Embedder()  # its own: the wrapper stays on it
    memory = kitchen_memory(tmp_path / "m", embedder, NOW)
    try:
        rm = memory.recall
        recaller = rm._ensure()
        assert len(split_subtasks(TASK, recaller.lexicon)) == 3
        cpu = rank_cost.timed_model(recaller.embedder)
        rm.recall(TASK, 3, 600, now=NOW)
        assert recaller.wait_for_prefetch(60)
        assert cpu["background"] > 0.0  # the steps' call ran, through the wrapper
        cpu["model"] = 0.0
        rm.recall(TASK, 3, 600, now=NOW, per_subtask=True)
        counts = rm.query_counts()
        assert counts["prefetched"] == 3 and counts["prefetch_used"] == 3
        assert counts["subtask.embedded"] == 0
        assert cpu["model"] == 0.0  # no request call: the prefetch is no request's
    finally:
        memory.close()


def test_planner_texts_are_unsent_distinct_and_fixed() -> None:
    dds = load_bench("recall_dds_latency")
    texts = [f"text {i}" for i in range(40)]
    sent = texts[::3]
    chosen = dds.planner_subtask_texts(texts, sent, 20)
    assert len(chosen) == len(set(chosen)) == 20
    assert not set(chosen) & set(sent) and set(chosen) <= set(texts)
    # the same whatever order the texts come in (the bench's draws do not move it)
    assert dds.planner_subtask_texts(texts[::-1], sent, 20) == chosen
    with pytest.raises(ValueError, match="unsent texts"):
        dds.planner_subtask_texts(texts, sent, 27)
