"""Issue 9 findings 3-5 reproduced without ROS: stale tracker ids, validation before any
change, and the graph update transactional in memory."""

from __future__ import annotations

import math
from pathlib import Path

import pytest

from memory_node.core.long_term import LongTermMemory
from memory_node.core.perception.camera import CameraIntrinsics, Pose
from memory_node.core.perception.frustum import CameraView
from memory_node.core.perception.observation import Observation
from memory_node.core.persistence.store import MemoryStore
from memory_node.core.scene_graph import EventKind, RegionView, SceneGraph, SceneGraphConfig
from memory_node.core.scene_graph.persistence import load_graph
from memory_node.core.short_term import ShortTermMemory

LOOK_X = Pose.make((0.0, 0.0, 1.0), (-0.5, 0.5, -0.5, 0.5))
K = CameraIntrinsics(300.0, 300.0, 160.0, 120.0, 320, 240)


@pytest.fixture()
def store(tmp_path: Path):
    s = MemoryStore(tmp_path / "memory.sqlite", durability="normal")
    yield s
    s.close()


def obs(label: str, pos, stamp: float = 0.0, **kw) -> Observation:
    return Observation.at(label, pos, stamp, **kw)


def test_stale_tracker_id_is_released_with_its_object():
    """Finding 3: mug seen as t1, then t2, then removed; t1 later raised KeyError."""
    g = SceneGraph(SceneGraphConfig(min_misses_to_remove=2, miss_penalty=0.3))
    view = RegionView((0, 0, 0), 3.0)
    g.update([obs("mug", (1, 0, 0.8), 0.0, tracker_id="t1")], view)
    g.update([obs("mug", (1, 0, 0.8), 1.0, tracker_id="t2")], view)
    events = []
    for k in range(2, 10):
        events += g.update([], view, stamp=float(k)).events
    assert any(e.kind is EventKind.REMOVED for e in events) and g.object_count == 0
    for k in range(10, 13):  # every later frame with t1 is applied
        result = g.update([obs("mug", (2, 0, 0.8), float(k), tracker_id="t1")], view)
        assert not result.rejected
    assert g.object_count == 1
    assert set(g._by_tracker) == {"t1"}


def test_far_and_huge_coordinates_refused_before_anything_changes():
    """Finding 4: a 20 km apple and a valid mug in one frame: the apple is refused, the
    mug applied with its NEW event; coordinates near 1e300 are refused, not raised."""
    g = SceneGraph()
    result = g.update([obs("apple", (20000, 0, 0.8)), obs("mug", (1, 1, 0.8)),
                       obs("pear", (1e300, 1e300, 0.8)), obs("cup", (1, 2, 0.8), score=-5),
                       obs("bowl", (1, 3, 0.8), score=1e30),
                       obs("plate", (1, 4, 0.8), extent=(1e6, 0.1, 0.1))],
                      RegionView((0, 0, 0), 3.0), stamp=1.0)
    assert [(e.kind, e.label) for e in result.events] == [(EventKind.NEW, "mug")]
    assert len(result.rejected) == 5
    assert [g.node(o)["label"] for o in g.nodes("object")] == ["mug"]
    with pytest.raises(ValueError, match="beyond"):
        g.update([obs("mug", (1, 1, 0.8))], robot_position=(20000, 0, 0), stamp=2.0)
    assert g.node("object_0")["observation_count"] == 1  # the refused frame changed nothing


def test_pose_beyond_the_map_is_refused():
    """Finding 4: the perception side refuses a 20 km pose instead of forwarding it."""
    with pytest.raises(ValueError, match="beyond"):
        Pose.make((20000.0, 0.0, 0.0), (0.0, 0.0, 0.0, 1.0))


def test_long_term_refusal_keeps_the_valid_observation_everywhere(store: MemoryStore):
    stm = ShortTermMemory(10, store=store)
    lt = LongTermMemory(store, stm)
    view = CameraView(1.0, LOOK_X, K, 0.3, 6.0)
    result = lt.apply([obs("apple", (20000, 0, 0.8), 1.0), obs("mug", (2, 0.2, 0.9), 1.0)],
                      view, 1.0)
    assert [e.label for e in result.events] == ["mug"] and len(result.rejected) == 1
    (mug,) = lt.graph.nodes("object")
    assert stm.peek(mug) is not None
    assert [h.label for h in lt.find("apple")] == []
    assert LongTermMemory(store).graph.nodes("object") == [mug]


def test_infinite_far_plane_refuses_the_frame_and_changes_nothing(store: MemoryStore):
    """Finding 5: view.far = inf made the frustum NaN inside the update, after the object
    had been merged in memory but not on disk."""
    lt = LongTermMemory(store)
    lt.apply([obs("mug", (2, 0.2, 0.9), 1.0)], CameraView(1.0, LOOK_X, K, 0.3, 6.0), 1.0)
    with pytest.raises(ValueError, match="near < far"):
        CameraView(2.0, LOOK_X, K, 0.3, math.inf)
    (mug,) = lt.graph.nodes("object")
    for k in range(2, 7):
        bad = CameraView(float(k), LOOK_X, K, 0.3, 6.0)
        bad.far = math.inf  # a producer that bypasses the constructor
        with pytest.raises(ValueError):
            lt.apply([obs("mug", (2, 0.2, 0.9), float(k))], bad, float(k))
    assert lt.graph.node(mug)["observation_count"] == 1
    assert lt.graph.node(mug)["confidence"] == pytest.approx(0.5)


def test_any_exception_inside_the_update_leaves_memory_equal_to_the_file(
        store: MemoryStore, monkeypatch: pytest.MonkeyPatch):
    lt = LongTermMemory(store)
    view = CameraView(1.0, LOOK_X, K, 0.3, 6.0)
    lt.apply([obs("mug", (2, 0.2, 0.9), 1.0)], view, 1.0)
    revision = lt.revision

    def explode(*args, **kwargs):
        raise RuntimeError("bug in the middle of an update")

    # The observation is merged (count, confidence, history) before the miss pass raises.
    monkeypatch.setattr(SceneGraph, "_missed", explode)
    with pytest.raises(RuntimeError):
        lt.apply([obs("mug", (2, 0.2, 0.9), 2.0), obs("cup", (2, -0.3, 0.9), 2.0)],
                 CameraView(2.0, LOOK_X, K, 0.3, 6.0), 2.0)
    monkeypatch.undo()
    with store.transaction() as conn:
        on_disk = load_graph(conn, lt.config)
    assert dict(lt.graph.graph.nodes(data=True)) == dict(on_disk.graph.nodes(data=True))
    assert lt.graph.node("object_0")["observation_count"] == 1
    assert lt.graph.object_count == 1 and lt.revision > revision
