"""Round 27 (issue 11, part 4): an answer's units are described once per request.

`Recaller.context_for` describes every ranked unit for the context block's lines; the
answer then described each again for its own `description` field, with the same labels
(the block's view reads the memory's labels first) and the same clock: the same text, made
twice per unit (more units per answer since the step fill). The block now carries its texts
(`ContextBlock.descriptions`) and the answer takes them; a step's block, written with its
own few labels, carries none, and its units are described for the answer as before.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from recall_rooms import kitchen_memory

from memory_node.core.recall.describe import Describer
from memory_node.core.recall.embedder import Embedder
from memory_node.core.recall_memory import brief_from_fields

NOW = 1_700_000_500.0
TASK = "wash the mug in the sink, then put the apple in the fridge, then tidy up"


@pytest.fixture
def described(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """The object ids `Describer.describe` was asked about, in order."""
    seen: list[str] = []
    inner = Describer.describe

    def counted(self: Describer, unit, **kw):  # noqa: ANN001, ANN202
        seen.append(unit.object_id)
        return inner(self, unit, **kw)

    monkeypatch.setattr(Describer, "describe", counted)
    return seen


@pytest.mark.parametrize("per_subtask", [False, True])
def test_each_unit_is_described_once_and_as_before(
        tmp_path: Path, embedder: Embedder, described: list[str], per_subtask: bool) -> None:
    """On round 26's code every unit was described twice (2 x the answer's units)."""
    memory = kitchen_memory(tmp_path / "m", embedder, NOW)
    rm = memory.recall
    rm.recall(TASK, 5, 600, now=NOW, per_subtask=per_subtask)  # first: loads, warms
    described.clear()
    answer = rm.recall(TASK, 5, 600, now=NOW, per_subtask=per_subtask)
    assert len(answer.units) >= 3
    assert sorted(described) == sorted(u.unit.object_id for u in answer.units)
    # The text is what describing the unit with every known label gives (round 26's).
    labels = {u.object_id: u.label for u in memory.short_term.units()}
    describer = rm._ensure().describer
    for u in answer.units:
        assert u.description == describer.describe(u.unit, labels=labels, now=NOW).text
        assert u.description in answer.context or answer.context_tokens >= 600
    memory.close()


def test_a_step_still_describes_its_units_for_the_answer(
        tmp_path: Path, embedder: Embedder, described: list[str]) -> None:
    """A step's block names receptacles by its own units' labels only: its texts are not
    the answer's, so the answer describes them itself (as on round 26's code)."""
    memory = kitchen_memory(tmp_path / "m", embedder, NOW)
    rm = memory.recall
    brief = brief_from_fields("pick up the mug", robot_area="kitchen")
    rm.recall(TASK, 3, 600, "ep1", brief, now=NOW)
    described.clear()
    answer = rm.recall(TASK, 3, 600, "ep1", brief, now=NOW)
    assert answer.units
    assert len(described) == 2 * len(answer.units)
    labels = {u.object_id: u.label for u in memory.short_term.units()}
    describer = rm._ensure().describer
    for u in answer.units:
        assert u.description == describer.describe(u.unit, labels=labels, now=NOW).text
    memory.close()
