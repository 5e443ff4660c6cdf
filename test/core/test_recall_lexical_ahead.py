"""Round 57 (issue 11, part 4): a per-subtask step's lexical half made on the text sent ahead.

The planner sends its instruction on memory/recall_ahead before it waits for a fresh view
and then recalls it per subtask (round 48). `RecallMemory.prefetch_subtasks` started only
the steps' model call; the request then made each step's lexical half (the words' WordNet
reads, the name rules: most of a new text's ranking CPU) itself. Now the text sent ahead
makes them too (`Recaller.prepare_lexical`, on the same thread under the same lock as a
request), under the scored memo's key with the entries and config they read; the request
takes one only if all three are what its ranking reads, so it answers the same whether or
not the text came ahead, and whether or not the units changed in between. The split is kept
between the two (`subtask_queries`, `Recaller.split_memo`).
"""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest
from recall_rooms import kitchen_memory

from memory_node.core.memory import Memory
from memory_node.core.recall import recall as recall_module
from memory_node.core.recall.embedder import Embedder
from memory_node.core.recall.subtasks import subtask_queries
from memory_node.core.units import ObjectMemoryUnit as Unit

NOW = 1_700_000_500.0
# Three steps, one with a slip the speller corrects ("aple").
TASK = "take the mug to the sink, then put the aple in the fridge, then wipe the table"


def _memory(path: Path, embedder: Embedder) -> Memory:
    """The request-path tests' kitchen, indexed with every unit's vector made (as the
    server's preload and its embedding timer leave it)."""
    memory = kitchen_memory(path, embedder, NOW)
    memory.recall.preload()
    while memory.recall.embed_pending(100) > 0:
        pass
    return memory


def _answer(memory: Memory) -> tuple[list[tuple[str, str, str]], str, str]:
    a = memory.recall.recall(TASK, 3, 600, "ep1", now=NOW, per_subtask=True)
    return ([(u.unit.object_id, repr(u.score), u.recalled_as) for u in a.units], a.context,
            a.long_term_text)


def _count_lexical(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """The texts whose lexical half is computed (Recaller._lexical_arrays), in order."""
    made: list[str] = []
    real = recall_module.Recaller._lexical_arrays

    def spy(self: recall_module.Recaller, instruction: str, rows: object
            ) -> recall_module._Lexical:
        made.append(instruction)
        return real(self, instruction, rows)  # type: ignore[arg-type]

    monkeypatch.setattr(recall_module.Recaller, "_lexical_arrays", spy)
    return made


def _move_mug(memory: Memory) -> None:
    memory.upsert_object(Unit("Mug_2", "Mug", (2.0, 0.9, 0.5), area_id="kitchen",
                              first_seen=NOW - 600, last_seen=NOW - 30))


def test_the_request_takes_the_lexical_halves_made_ahead_and_answers_the_same(
        tmp_path: Path, embedder: Embedder, monkeypatch: pytest.MonkeyPatch) -> None:
    """Fails on 0f8a97d4: nothing is made ahead (no `lexical_ahead_used`; the request
    computes all three halves itself)."""
    cold_memory = _memory(tmp_path / "cold", embedder)
    memory = _memory(tmp_path / "m", embedder)
    try:
        cold = _answer(cold_memory)  # nothing sent ahead: the request does it all
        recaller = memory.recall._ensure()
        made = _count_lexical(monkeypatch)
        assert memory.recall.prefetch_subtasks(TASK) == 3
        assert recaller.wait_for_prefetch(60)
        steps = subtask_queries(recaller, TASK).queries
        assert made == [recaller.spelled(s) for s in steps]  # one per step, ahead
        assert recaller.lexical_ahead_made == 3
        made.clear()
        assert _answer(memory) == cold
        assert made == [] and recaller.lexical_ahead_used == 3  # none made again
        # Taken once: the next ranking of the same steps finds the scored memo.
        assert _answer(memory) == cold and made == []
    finally:
        memory.close()
        cold_memory.close()


def test_units_changed_after_the_text_came_ahead_are_read_by_the_request(
        tmp_path: Path, embedder: Embedder, monkeypatch: pytest.MonkeyPatch) -> None:
    """A unit seen between the text sent ahead and its request: the halves made over the
    old units are not taken (another entries list), the request reads the new ones."""
    cold_memory = _memory(tmp_path / "cold", embedder)
    memory = _memory(tmp_path / "m", embedder)
    try:
        _move_mug(cold_memory)
        cold = _answer(cold_memory)
        recaller = memory.recall._ensure()
        assert memory.recall.prefetch_subtasks(TASK) == 3
        assert recaller.wait_for_prefetch(60) and recaller.lexical_ahead_made == 3
        _move_mug(memory)
        made = _count_lexical(monkeypatch)
        assert _answer(memory) == cold
        assert recaller.lexical_ahead_used == 0 and len(made) == 3
    finally:
        memory.close()
        cold_memory.close()


def test_a_config_changed_after_the_text_came_ahead_is_the_one_read(
        tmp_path: Path, embedder: Embedder, monkeypatch: pytest.MonkeyPatch) -> None:
    memory = _memory(tmp_path / "m", embedder)
    try:
        recaller = memory.recall._ensure()
        assert memory.recall.prefetch_subtasks(TASK) == 3
        assert recaller.wait_for_prefetch(60)
        first = subtask_queries(recaller, TASK)
        assert subtask_queries(recaller, TASK) is first  # the split kept
        recaller.config = replace(recaller.config, fixture_weight=0.0)
        assert subtask_queries(recaller, TASK) is not first  # made again under it
        made = _count_lexical(monkeypatch)
        got = _answer(memory)
        assert recaller.lexical_ahead_used == 0 and len(made) == 3
        made.clear()
        # The same request on a memory that never had the text ahead, same config.
        cold_memory = _memory(tmp_path / "cold", embedder)
        try:
            cold_recaller = cold_memory.recall._ensure()
            cold_recaller.config = replace(cold_recaller.config, fixture_weight=0.0)
            assert _answer(cold_memory) == got
        finally:
            cold_memory.close()
    finally:
        memory.close()


def test_nothing_is_made_ahead_for_a_ranking_that_is_not_memoised(
        tmp_path: Path, embedder: Embedder) -> None:
    # Units whose vectors are not made yet (no preload): embedding them is the request's.
    memory = kitchen_memory(tmp_path / "cold", embedder, NOW)
    try:
        recaller = memory.recall._ensure()
        assert memory.recall.prefetch_subtasks(TASK) == 3
        assert recaller.wait_for_prefetch(60)
        assert recaller.lexical_ahead_made == 0
    finally:
        memory.close()
    memory = _memory(tmp_path / "m", embedder)
    try:
        recaller = memory.recall._ensure()
        recaller.config = replace(recaller.config, scored_memo=0)
        assert memory.recall.prefetch_subtasks(TASK) == 3
        assert recaller.wait_for_prefetch(60)
        assert recaller.lexical_ahead_made == 0
        _answer(memory)
        assert recaller.lexical_ahead_used == 0
    finally:
        memory.close()
