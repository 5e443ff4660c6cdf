"""The scene-graph text in recall's context is rendered once per graph revision, not once
per request, and never served stale after the graph changes."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

import pytest

from memory_node.core.memory import Memory
from memory_node.core.memory_settings import MemorySettings, ShortTermSettings
from memory_node.core.perception.camera import CameraIntrinsics, Pose
from memory_node.core.perception.frustum import CameraView
from memory_node.core.perception.observation import Observation
from memory_node.core.recall.context import SceneGraphMemo

LOOK_X = Pose.make((0.0, 0.0, 1.0), (-0.5, 0.5, -0.5, 0.5))
K = CameraIntrinsics(300.0, 300.0, 160.0, 120.0, 320, 240)


def view(stamp: float) -> CameraView:
    return CameraView(stamp, LOOK_X, K, 0.3, 6.0)


class Graph:
    """A renderer whose text depends on its revision, counting its renders."""

    def __init__(self) -> None:
        self.revision = 0
        self.renders = 0

    def render(self, labels: Sequence[str], areas: Sequence[str], budget: int) -> str:
        self.renders += 1
        return f"rev {self.revision}: {','.join(labels)} {','.join(areas)} {budget}"


def test_same_revision_and_arguments_render_once() -> None:
    g, memo = Graph(), SceneGraphMemo()
    for _ in range(5):
        text = memo.source(g.render, lambda: g.revision)(["Mug"], ["kitchen"], 100)  # type: ignore[operator]
    assert text == "rev 0: Mug kitchen 100" and g.renders == 1 and memo.hits == 4
    # Other arguments are another text.
    memo.source(g.render, lambda: g.revision)(["Cup"], [], 100)  # type: ignore[operator]
    memo.source(g.render, lambda: g.revision)(["Cup"], [], 90)  # type: ignore[operator]
    assert g.renders == 3


def test_a_new_revision_renders_again_and_drops_the_old_texts() -> None:
    g, memo = Graph(), SceneGraphMemo()
    assert memo.source(g.render, lambda: g.revision)(["Mug"], [], 50).startswith("rev 0")  # type: ignore[operator]
    g.revision = 1
    assert memo.source(g.render, lambda: g.revision)(["Mug"], [], 50).startswith("rev 1")  # type: ignore[operator]
    assert g.renders == 2 and len(memo._texts) == 1


def test_bounded_and_passthrough() -> None:
    g, memo = Graph(), SceneGraphMemo(max_entries=3)
    for budget in range(10):
        memo.source(g.render, lambda: g.revision)([], [], budget)  # type: ignore[operator]
    assert len(memo._texts) == 3
    # A fixed text or no key: nothing to memoise.
    assert memo.source("fixed", lambda: 0) == "fixed"
    assert memo.source(g.render, None) == g.render
    with pytest.raises(ValueError, match="positive"):
        SceneGraphMemo(max_entries=0)


@pytest.fixture()
def memory(tmp_path: Path):
    m = Memory(MemorySettings(memory_dir=str(tmp_path), durability="normal",
                              short_term=ShortTermSettings(capacity=50)))
    yield m
    m.close()


def test_recall_serialises_the_graph_once_per_revision(memory: Memory) -> None:
    lt = memory.long_term
    lt.apply([Observation.at("Mug", (2.0, 0.0, 0.9), 1.0)], view(1.0), 1.0)
    calls = []
    serialise = lt._serialiser.serialise

    def counting(*a, **kw):  # type: ignore[no-untyped-def]
        calls.append(a)
        return serialise(*a, **kw)

    lt._serialiser.serialise = counting  # type: ignore[method-assign]
    first = memory.recall.recall("bring me the mug", 3, 400)
    second = memory.recall.recall("bring me the mug", 3, 400)
    assert "Mug" in first.long_term_text and second.long_term_text == first.long_term_text
    assert len(calls) == 1
    # A frame that adds an object: a new revision, so the text is rendered again and shows it.
    lt.apply([Observation.at("Book", (2.5, 0.5, 0.9), 2.0)], view(2.0), 2.0)
    lt._serialiser.serialise = counting  # type: ignore[method-assign]
    third = memory.recall.recall("bring me the mug", 3, 400)
    assert "Book" in third.long_term_text and len(calls) == 2
    # Cleared (the graph object is replaced): nothing stale is served.
    memory.long_term.clear()
    assert memory.recall.recall("bring me the mug", 3, 400).long_term_text == ""


def test_a_move_of_the_robot_to_another_area_changes_the_key(memory: Memory) -> None:
    lt = memory.long_term
    lt.apply([Observation.at("Mug", (2.0, 0.0, 0.9), 1.0)], view(1.0), 1.0)
    before = lt.text_key()
    lt.graph.current_area = "somewhere else"  # where the nearest-first order starts
    assert lt.text_key() != before
