"""Round 25 (issue 11, part 4): a step ranked again in the same units version costs no
lexical pass.

A per-subtask request's time is its steps' rankings, each ~1-2 ms of Python at 10,000
units (the name rules over every type present, then the arrays); the p99 of the kind is
its requests with more steps (bench/README_recall.md, round 25). The planner's next
request (a step's, whose pool is built per subtask) ranks the same steps again, a re-plan
asks them again, and "tidy up" ends many instructions: now the Recaller keeps the last
rankings of the current units version (`RecallConfig.scored_memo`), the same arrays, so
the same answers; any change of the units starts afresh.
"""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest
from recall_rooms import kitchen_memory

from memory_node.core.memory import Memory
from memory_node.core.recall.embedder import Embedder
from memory_node.core.recall.recall import Recaller
from memory_node.core.recall_memory import brief_from_fields
from memory_node.core.units import ObjectMemoryUnit as Unit

NOW = 1_700_000_500.0
TASK = "wash the mug in the sink, then put the apple in the fridge, then tidy up"


def _memory(path: Path, embedder: Embedder, memo: bool = True) -> Memory:
    memory = kitchen_memory(path, embedder, NOW)
    if not memo:  # on by default
        recaller = memory.recall._ensure()
        recaller.config = replace(recaller.config, scored_memo=0)
    return memory


@pytest.fixture
def lexical_passes(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """The texts the hybrid's lexical half was computed for, in order."""
    seen: list[str] = []
    inner = Recaller._lexical_arrays

    def counted(self: Recaller, instruction: str, rows):  # noqa: ANN001, ANN202
        seen.append(instruction)
        return inner(self, instruction, rows)

    monkeypatch.setattr(Recaller, "_lexical_arrays", counted)
    return seen


def _ids(answer) -> list[tuple[str, float]]:  # noqa: ANN001
    return [(u.unit.object_id, u.score) for u in answer.units]


def test_a_repeated_per_subtask_request_ranks_nothing_again(
        tmp_path: Path, embedder: Embedder, lexical_passes: list[str]) -> None:
    """On main's code the second request made all three lexical passes again."""
    memory = _memory(tmp_path / "m", embedder)
    try:
        first = memory.recall.recall(TASK, 3, 600, now=NOW, per_subtask=True)
        made = len(lexical_passes)
        assert made == 3
        again = memory.recall.recall(TASK, 3, 600, now=NOW, per_subtask=True)
        assert len(lexical_passes) == made
        assert _ids(again) == _ids(first) and again.context == first.context
    finally:
        memory.close()


def test_the_planners_pool_reuses_the_per_subtask_requests_rankings(
        tmp_path: Path, embedder: Embedder, lexical_passes: list[str]) -> None:
    """The planner's flow: a per-subtask recall in an episode, then a step whose pool is
    built per subtask (the whole instruction and each step again, with k = pool size):
    only the whole instruction is a new ranking, then the subgoal's own (its few
    candidates, unkeyed). On main's code the three steps were ranked again."""
    memory = _memory(tmp_path / "m", embedder)
    try:
        rm = memory.recall
        rm.recall(TASK, 3, 600, episode_id="ep", now=NOW, per_subtask=True)
        steps = list(lexical_passes)
        rm.recall(TASK, 3, 600, episode_id="ep", now=NOW, per_subtask=True,
                  brief=brief_from_fields("wash the mug", robot_area="kitchen"))
        assert lexical_passes[len(steps):] == [TASK, "wash the mug"]
    finally:
        memory.close()


def test_a_changed_unit_is_ranked_afresh(tmp_path: Path, embedder: Embedder,
                                         lexical_passes: list[str]) -> None:
    memory = _memory(tmp_path / "m", embedder)
    try:
        rm = memory.recall
        before = _ids(rm.recall("put the kettle on", 3, 600, now=NOW))
        assert not any(oid.startswith("Kettle") for oid, _ in before)
        memory.upsert_object(Unit("Kettle_1", "Kettle", (1.0, 0.9, 0.0), area_id="kitchen",
                                  first_seen=NOW - 60, last_seen=NOW - 10))
        made = len(lexical_passes)
        after = _ids(rm.recall("put the kettle on", 3, 600, now=NOW))
        assert len(lexical_passes) == made + 1
        assert after[0][0] == "Kettle_1"
    finally:
        memory.close()


def test_answers_are_the_same_with_the_memo_on_and_off(tmp_path: Path,
                                                       embedder: Embedder) -> None:
    answers = []
    for memo in (False, True):
        memory = _memory(tmp_path / f"m{memo}", embedder, memo)
        try:
            rm = memory.recall
            run = [rm.recall(TASK, 3, 600, now=NOW),
                   rm.recall(TASK, 3, 600, now=NOW, per_subtask=True),
                   rm.recall(TASK, 3, 600, episode_id="ep", now=NOW, per_subtask=True),
                   rm.recall(TASK, 3, 600, episode_id="ep", now=NOW, per_subtask=True,
                             brief=brief_from_fields("put the apple in the fridge",
                                                     robot_area="kitchen")),
                   rm.recall("tidy up", 5, 600, now=NOW)]
            answers.append([(_ids(a), a.context) for a in run])
            hits = rm._ensure().scored_memo_hits
            assert hits == 0 if not memo else hits > 0
        finally:
            memory.close()
    assert answers[0] == answers[1]
