"""Issue 10's bad input, without ROS: labels that flip every frame, boxes and poses that
jump, frames out of order, a camera that sees nothing for minutes. Nothing raises, the
graph stays bounded, and the tally (/memory/stats `scene_graph.*`) says what happened."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

from memory_node.core.long_term import LongTermMemory
from memory_node.core.perception.camera import CameraIntrinsics, Pose
from memory_node.core.perception.frustum import CameraView
from memory_node.core.perception.observation import Observation
from memory_node.core.persistence.store import MemoryStore
from memory_node.core.scene_graph import EventKind, RegionView, SceneGraph, SceneGraphConfig
from memory_node.core.scene_graph.graph import AREA, OBJECT

LOOK_X = Pose.make((0.0, 0.0, 1.0), (-0.5, 0.5, -0.5, 0.5))  # optical z along map +x
K = CameraIntrinsics(300.0, 300.0, 160.0, 120.0, 320, 240)
LABELS = [f"thing{i}" for i in range(40)]


def obs(label: str, pos, stamp: float, **kw) -> Observation:
    return Observation.at(label, pos, stamp, **kw)


def test_labels_flipping_every_frame_stay_bounded_and_are_counted():
    cfg = SceneGraphConfig(max_join_candidates=20)
    g = SceneGraph(cfg)
    view = RegionView((0, 0, 0), 3.0)
    rng = np.random.default_rng(0)
    for k in range(600):
        label = LABELS[int(rng.integers(len(LABELS)))]
        g.update([obs(label, (1.0, 0.0, 0.8), float(k) * 0.1)], view, stamp=float(k) * 0.1)
        # A node per label seen in the last few frames at most: the others were removed.
        assert g.object_count <= cfg.min_misses_to_remove + 2
    for o in g.nodes(OBJECT):
        assert len(g.node(o)["class_evidence"]) <= cfg.max_class_labels
    assert len(g._removed) <= cfg.max_join_candidates
    assert all(len(r) <= cfg.max_join_candidates for r in g._recent_new.values())
    t = g.tally
    assert t["frames.applied"] == 600 and t["new"] > 100 and t["removed"] > 100
    assert t["join.candidates_dropped"] > 0


def test_similar_labels_flipping_every_frame_are_one_object_and_no_event():
    g = SceneGraph()
    view = RegionView((0, 0, 0), 3.0)
    events = []
    for k in range(200):
        label = "mug" if k % 2 else "cup"
        events += g.update([obs(label, (1.0, 0.0, 0.8), float(k))], view,
                           stamp=float(k)).events
    assert g.object_count == 1
    assert [e.kind for e in events] == [EventKind.NEW]
    (mug,) = g.nodes(OBJECT)
    assert set(g.node(mug)["class_evidence"]) == {"mug", "cup"}


def test_a_box_jumping_every_frame_is_followed_not_multiplied():
    g = SceneGraph()
    view = RegionView((0, 0, 0), 5.0)
    rng = np.random.default_rng(1)
    kinds = []
    for k in range(400):
        pos = (float(rng.uniform(-3, 3)), float(rng.uniform(-3, 3)), 0.8)
        kinds += [e.kind for e in g.update([obs("mug", pos, float(k))], view,
                                           stamp=float(k)).events]
        assert g.object_count <= 3
    moved = g.tally["moved.takeover"] + g.tally["moved.joined"] + g.tally["revived"]
    assert moved > 100 and kinds.count(EventKind.MOVED) >= moved - g.tally["revived"]


def test_poses_jumping_are_counted_and_make_no_new_areas_each_time():
    g = SceneGraph()
    places = [(0.0, 0.0, 0.0), (40.0, 0.0, 0.0)]
    for k in range(200):
        robot = places[k % 2]
        seen = (robot[0] + 1.0, 0.0, 0.8)
        g.update([obs("chair", seen, float(k) * 0.1)], RegionView(robot, 3.0),
                 robot_position=robot, stamp=float(k) * 0.1)
    assert g.tally["robot.pose_jumps"] == 199
    assert len(g.nodes(AREA)) == 2 and g.object_count == 2


def test_frames_out_of_order_stale_refused_late_applied_clock_reset_accepted():
    g = SceneGraph()
    view = RegionView((0, 0, 0), 3.0)
    for k in range(100, 111):
        g.update([obs("mug", (1.0, 0.0, 0.8), float(k))], view, stamp=float(k))
    (mug,) = g.nodes(OBJECT)
    before = dict(g.node(mug))
    stale = g.update([obs("mug", (1.0, 2.0, 0.8), 105.0)], view, stamp=105.0)
    assert stale.refused and not stale.events and not stale.changes
    assert g.node(mug)["observation_count"] == before["observation_count"]
    assert g.node(mug)["position"] == before["position"]
    late = g.update([obs("mug", (1.0, 0.0, 0.8), 109.6)], view, stamp=109.6)
    assert not late.refused and g.node(mug)["last_seen"] == 110.0  # never goes back
    assert g.node(mug)["observation_count"] == before["observation_count"] + 1
    reset = g.update([obs("mug", (1.0, 0.0, 0.8), 0.5)], view, stamp=0.5)  # sim restarted
    assert not reset.refused
    after = g.update([obs("mug", (1.0, 0.0, 0.8), 1.5)], view, stamp=1.5)
    assert not after.refused
    t = g.tally
    assert (t["frames.refused_stale"], t["frames.out_of_order"], t["frames.clock_reset"]) == (
        1, 1, 1)


def test_a_blind_camera_for_minutes_changes_nothing(tmp_path: Path):
    store = MemoryStore(tmp_path / "memory.sqlite", durability="normal")
    try:
        lt = LongTermMemory(store)
        lt.apply([obs("mug", (2.0, 0.2, 0.9), 1.0), obs("bowl", (2.5, -0.3, 0.9), 1.0)],
                 CameraView(1.0, LOOK_X, K, 0.3, 6.0), 1.0)
        nodes = len(lt.graph.graph)
        blind = np.full((60, 80), np.nan, np.float32)  # lens covered: no depth reading
        events = []
        for k in range(1, 1201):  # two minutes at 10 Hz
            stamp = 1.0 + 0.1 * k
            update = lt.apply([], CameraView(stamp, LOOK_X, K, 0.3, 6.0, blind, 4), stamp)
            events += update.events
        assert events == [] and len(lt.graph.graph) == nodes and lt.graph.object_count == 2
        assert lt.stats()["scene_graph.frames.empty"] == 1200
    finally:
        store.close()


def test_a_camera_seeing_empty_space_removes_each_object_once_then_stays_quiet():
    """Depth reaches where the objects were and nothing is detected: each is REMOVED once
    (the camera's evidence), then frames change nothing."""
    g = SceneGraph()
    g.update([obs("mug", (2.0, 0.2, 0.9), 0.0), obs("bowl", (2.5, -0.3, 0.9), 0.0)],
             CameraView(0.0, LOOK_X, K, 0.3, 6.0), stamp=0.0)
    far_wall = np.full((60, 80), 5.0, np.float32)
    kinds = []
    for k in range(1, 601):
        kinds += [e.kind for e in g.update(
            [], CameraView(float(k), LOOK_X, K, 0.3, 6.0, far_wall, 4), stamp=float(k)).events]
    assert kinds == [EventKind.REMOVED, EventKind.REMOVED] and g.object_count == 0
    assert g.tally["removed"] == 2 and g.tally["frames.empty"] == 600


def test_refused_stale_frame_leaves_the_store_and_revision(tmp_path: Path):
    store = MemoryStore(tmp_path / "memory.sqlite", durability="normal")
    try:
        lt = LongTermMemory(store)
        view = CameraView(10.0, LOOK_X, K, 0.3, 6.0)
        lt.apply([obs("mug", (2.0, 0.2, 0.9), 10.0)], view, 10.0)
        revision, applied = lt.revision, lt.observations_applied
        update = lt.apply([obs("cup", (2.0, -0.4, 0.9), 5.0)], view, 5.0)
        assert update.refused and not update.changed and lt.revision == revision
        assert lt.observations_applied == applied and lt.graph.object_count == 1
        assert LongTermMemory(store).graph.object_count == 1
    finally:
        store.close()


@pytest.mark.parametrize("bad", [{"clock_reset_s": 0.5, "max_frame_lag_s": 1.0},
                                 {"max_class_labels": 0}, {"max_join_candidates": 0}])
def test_bad_input_settings_are_checked(bad):
    with pytest.raises(ValueError):
        SceneGraphConfig(**bad)
