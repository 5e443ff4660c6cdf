"""Round 23 (issue 11, part 4): how often a caller's query texts repeat, in /memory/stats.

A request whose text was asked before takes its vector from the query cache and pays no
model call (~5-10 ms of MiniLM, most of a request at 10,000 units); one whose text is new
pays it. `recall.query_texts.asked` / `.embedded` say which share of a run's texts was
which, so the tail of a kind of request can be told apart (bench/README_recall.md, round 23).
"""

from __future__ import annotations

from pathlib import Path

from memory_node.core.memory import Memory
from memory_node.core.memory_settings import MemorySettings, ShortTermSettings
from memory_node.core.recall.embedder import Embedder
from memory_node.core.recall_memory import brief_from_fields
from memory_node.core.units import ObjectMemoryUnit as Unit

NOW = 1_700_000_500.0


def _memory(path: Path, embedder: Embedder) -> Memory:
    memory = Memory(MemorySettings(memory_dir=str(path), durability="normal",
                                   short_term=ShortTermSettings(capacity=100)),
                    embedder=embedder)
    for i, label in enumerate(["Apple", "Fridge", "Mug", "Sink", "Faucet", "Plate"]):
        memory.upsert_object(Unit(f"{label}_{i}", label, (float(i), 0.9, 0.0),
                                  area_id="kitchen", first_seen=NOW - 600,
                                  last_seen=NOW - 60))
    return memory


def test_repeated_query_texts_are_counted_and_cost_no_model_call(
        tmp_path: Path, embedder: Embedder) -> None:
    memory = _memory(tmp_path / "m", embedder)
    try:
        rm = memory.recall
        assert rm.query_counts() == {}  # nothing asked before the model is loaded
        rm.recall("put the apple in the fridge", 3, 600, now=NOW)
        assert rm.query_counts() == {"asked": 1, "embedded": 1, "prefetched": 0,
                                     "prefetch_used": 0, "prefetch_waited": 0, "prefetch_late": 0,
                                     "scored_memo_hits": 0,
                                     "instruction.asked": 1, "instruction.embedded": 1}
        busy = embedder.busy_s
        again = rm.recall("put the apple in the fridge", 3, 600, now=NOW)
        assert embedder.busy_s == busy  # the cached vector: the model was not called
        # The same text in the same units version: its ranking too (round 25).
        assert rm.query_counts() == {"asked": 2, "embedded": 1, "prefetched": 0,
                                     "prefetch_used": 0, "prefetch_waited": 0, "prefetch_late": 0,
                                     "scored_memo_hits": 1,
                                     "instruction.asked": 2, "instruction.embedded": 1}
        assert "Apple" in {r.unit.label for r in again.units}
        # Per subtask: the first step is the text asked above, the second is new.
        rm.recall("put the apple in the fridge, then wash the mug", 3, 600, now=NOW,
                  per_subtask=True)
        counts = rm.query_counts()
        # (a request asks its steps up front in one call, then each ranking asks its own)
        assert counts["subtask.embedded"] == 1 and counts["subtask.asked"] >= 2
        assert counts["embedded"] == 2
        # A step asks its own query text; the same step again is cached.
        brief = brief_from_fields("pick up the apple", robot_area="kitchen")
        rm.recall("put the apple in the fridge", 3, 600, "ep0", brief, now=NOW)
        after_step = rm.query_counts()
        rm.recall("put the apple in the fridge", 3, 600, "ep0", brief, now=NOW)
        counts = rm.query_counts()
        assert counts["embedded"] == after_step["embedded"]
        assert counts["step.asked"] > 0 and counts["step.embedded"] == 0
        assert counts["step_pool.embedded"] == after_step["embedded"] - 2
    finally:
        memory.close()
