"""Round 57 (issue 11, part 4): the split kept between the text sent ahead and its request.

The planner sends its instruction on memory/recall_ahead, then recalls it per subtask
(round 48). `RecallMemory.prefetch_subtasks` split it (`subtask_queries`) to start its steps'
model call, and the request split it again. The last few splits are kept on the recaller
(`Recaller.split_memo`) under the config and the lexicon's availability they were made
with: the request finds its split made, and answers as a request with nothing sent ahead.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from pathlib import Path

import pytest
from recall_rooms import kitchen_memory

from memory_node.core.memory import Memory
from memory_node.core.recall import subtasks as subtasks_module
from memory_node.core.recall.embedder import Embedder
from memory_node.core.recall.lexicon import Lexicon
from memory_node.core.recall.subtasks import subtask_queries

NOW = 1_700_000_500.0
# Three steps, one with a slip the speller corrects ("aple").
TASK = "take the mug to the sink, then put the aple in the fridge, then wipe the table"


def _answer(memory: Memory) -> tuple[list[tuple[str, str, str]], str, str]:
    a = memory.recall.recall(TASK, 3, 600, "ep1", now=NOW, per_subtask=True)
    return ([(u.unit.object_id, repr(u.score), u.recalled_as) for u in a.units], a.context,
            a.long_term_text)


def _count_splits(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """The instructions split_subtasks is asked to split (by subtask_queries), in order."""
    split: list[str] = []
    real = subtasks_module.split_subtasks

    def spy(instruction: str, lexicon: Lexicon | None = None) -> list[str]:
        split.append(instruction)
        return real(instruction, lexicon)

    monkeypatch.setattr(subtasks_module, "split_subtasks", spy)
    return split


def test_the_request_finds_the_split_of_the_text_sent_ahead_and_answers_the_same(
        tmp_path: Path, embedder: Embedder, monkeypatch: pytest.MonkeyPatch) -> None:
    """Fails on 0f8a97d4: the request split the text again (two splits, not one)."""
    cold_memory = kitchen_memory(tmp_path / "cold", embedder, NOW)
    memory = kitchen_memory(tmp_path / "m", embedder, NOW)
    try:
        cold = _answer(cold_memory)  # nothing sent ahead
        recaller = memory.recall._ensure()
        split = _count_splits(monkeypatch)
        assert memory.recall.prefetch_subtasks(TASK) == 3
        assert recaller.wait_for_prefetch(60)
        assert _answer(memory) == cold
        assert split == [TASK]  # once, ahead
    finally:
        memory.close()
        cold_memory.close()


def test_a_split_is_made_again_under_another_config_and_the_memo_is_bounded(
        tmp_path: Path, embedder: Embedder, monkeypatch: pytest.MonkeyPatch) -> None:
    memory = kitchen_memory(tmp_path / "m", embedder, NOW)
    try:
        recaller = memory.recall._ensure()
        first = subtask_queries(recaller, TASK)
        assert subtask_queries(recaller, TASK) is first
        assert subtask_queries(recaller, TASK, brief_state="holding the mug") is not first
        recaller.config = replace(recaller.config, letter_names=False)
        again = subtask_queries(recaller, TASK)
        assert again is not first and again == first  # made again, the same here
        # The caller's own steps are never kept: they are the caller's.
        steps: Sequence[str] = ["wipe the table"]
        assert subtask_queries(recaller, TASK, steps=steps).steps == ["wipe the table"]
        for i in range(2 * subtasks_module.SPLIT_MEMO):
            subtask_queries(recaller, f"bring me cup number {i}")
        assert len(recaller.split_memo) == subtasks_module.SPLIT_MEMO
        split = _count_splits(monkeypatch)
        subtask_queries(recaller, TASK)
        assert split == [TASK]  # pushed out: split again
    finally:
        memory.close()
