"""Issue 10's bad input over DDS, straight to the live memory server: labels flipping every
frame, boxes and poses jumping, a stale frame, a camera that sees nothing for minutes.
The server keeps running, the graph stays small, and /memory/stats says what happened;
scene-graph events carry their merged id, openness bins and state confidence."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import numpy as np
import pytest
from rclpy.node import Node
from rclpy.qos import QoSProfile, ReliabilityPolicy
from reliability_rig import REFUSED_FRAMES, refused_frame
from ros_harness import publish_until_heard, spin_until
from scene_rig import Watcher, server_process

from memory_node.msg import ObjectEvent, ObjectObservation, ObjectObservations
from memory_node.nodes.conversions import to_time

pytestmark = pytest.mark.ros
T0 = 1000.0
BATCH = 8  # frames in flight at most (the server's queue holds 10)


class Feed:
    """Frames published to /memory/observations; every batch waits until the server
    counted each frame as applied or refused (no timers)."""

    def __init__(self, node: Node, watcher: Watcher) -> None:
        self.w = watcher
        self.pub = node.create_publisher(ObjectObservations, "/memory/observations",
                                         QoSProfile(depth=100,
                                                    reliability=ReliabilityPolicy.RELIABLE))
        spin_until(node, lambda: self.pub.get_subscription_count() >= 1,
                   what="the server's observations subscription")
        # Until the server has heard this publisher (ros_harness.publish_until_heard).
        publish_until_heard(node, lambda: self.pub.publish(refused_frame()),
                            lambda: self.refused_frames() > 0, what="the server")
        self.sent = 0

    def refused_frames(self) -> int:
        return int(self.w.counters().get(REFUSED_FRAMES, 0))

    def handled(self) -> int:
        c = self.w.counters()
        return sum(int(c.get(f"scene_graph.frames.{k}", 0)) for k in ("applied", "refused_stale"))

    def frame(self, stamp: float, items: list[tuple[str, tuple[float, float, float], str]],
              camera: tuple[float, float, float] = (0.0, 0.0, 1.0)) -> None:
        msg = ObjectObservations()
        msg.header.stamp, msg.header.frame_id = to_time(stamp), "map"
        v = msg.view
        v.header = msg.header
        v.pose.position.x, v.pose.position.y, v.pose.position.z = camera
        # Optical frame looking along map +x (z forward, x right, y down).
        o = v.pose.orientation
        o.x, o.y, o.z, o.w = -0.5, 0.5, -0.5, 0.5
        v.camera_info.width, v.camera_info.height = 320, 240
        v.camera_info.k = [300.0, 0.0, 160.0, 0.0, 300.0, 120.0, 0.0, 0.0, 1.0]
        v.near, v.far = 0.3, 6.0
        for label, (x, y, z), state in items:
            item = ObjectObservation(label=label, score=0.9, state=state)
            item.box.center.orientation.w = 1.0
            item.box.size.x = item.box.size.y = item.box.size.z = 0.1
            item.centroid.x, item.centroid.y, item.centroid.z = x, y, z
            item.box.center.position = item.centroid
            msg.observations.append(item)
        self.pub.publish(msg)
        self.sent += 1
        if self.sent % BATCH == 0:
            self.flush()

    def flush(self) -> None:
        spin_until(self.w.node, lambda: self.handled() >= self.sent, timeout=30,
                   what=lambda: f"{self.sent} frames handled (have {self.handled()})")


def test_bad_input_streams_leave_the_server_running_bounded_and_counted(
        client_node: Node, tmp_path: Path) -> None:
    with server_process(tmp_path / "mem", tmp_path / "server.log") as server:
        w = Watcher(client_node, server)
        feed = Feed(client_node, w)
        t = T0
        # A fridge read closed, then opened: one STATE_CHANGED with its confidence.
        for state in ["closed"] * 3 + ["opened"] * 3:
            t += 0.1
            feed.frame(t, [("fridge", (3.0, 0.8, 1.0), state)])
        # Labels flipping every frame at one place (twelve unrelated labels).
        for k in range(60):
            t += 0.1
            feed.frame(t, [(f"thing{k % 12}", (2.0, 0.0, 1.0), "")])
        # A box jumping every frame, anywhere in view.
        rng = np.random.default_rng(0)
        for _ in range(60):
            t += 0.1
            x = float(rng.uniform(1.5, 4.5))
            feed.frame(t, [("mug", (x, float(rng.uniform(-0.3, 0.3)) * x, 1.0), "")])
        # The pose jumping 40 m and back (relocalisation), a chair in front each time.
        for k in range(20):
            t += 0.1
            cam = (40.0 * (k % 2), 0.0, 1.0)
            feed.frame(t, [("chair", (cam[0] + 2.0, -0.5, 0.5), "")], camera=cam)
        feed.flush()
        # A frame 5 s older than the newest: refused, counted.
        feed.frame(t - 5.0, [("sofa", (2.0, 0.0, 1.0), "")])
        # Then nothing at all for 30 s at 10 Hz (minutes: test/core/test_scene_graph_bad_input).
        for _ in range(300):
            t += 0.1
            feed.frame(t, [])
        feed.flush()

        assert server.alive()
        spin_until(client_node, lambda: w.stats and int(w.counters().get(
            "scene_graph.frames.empty", 0)) >= 300, what="the empty frames counted")
        stats = w.stats[-1]
        c = w.counters()
        assert stats.scene_graph_objects <= 6, stats  # bounded, whatever came in
        assert stats.scene_graph_areas == 2
        assert int(c["scene_graph.frames.refused_stale"]) == 1
        assert int(c["dropped.observations.stale"]) == 1
        assert int(c["scene_graph.robot.pose_jumps"]) >= 19
        assert int(c["scene_graph.new"]) >= 12 and int(c["scene_graph.removed"]) >= 10
        assert int(c["scene_graph.moved.takeover"]) + int(c.get("scene_graph.revived", 0)) > 10
        assert int(c["scene_graph.frames.applied"]) == feed.sent - 1
        assert not any(e.label == "sofa" for e in w.events)  # the stale frame's

        spin_until(client_node, lambda: any(e.kind == ObjectEvent.STATE_CHANGED
                                            for e in w.events), what="STATE_CHANGED")
        (changed,) = [e for e in w.events if e.kind == ObjectEvent.STATE_CHANGED]
        assert (changed.label, changed.old_state, changed.new_state) == (
            "fridge", "closed", "opened")
        assert 0.5 < changed.state_confidence <= 1.0
        moved: list[Any] = [e for e in w.events if e.kind == ObjectEvent.MOVED]
        assert any(e.label == "mug" for e in moved)
        new = [e for e in w.events if e.kind == ObjectEvent.NEW]
        assert all(e.state_confidence == 0.0 for e in new if e.label != "fridge")


def test_event_message_carries_merge_openness_and_confidence() -> None:
    from memory_node.core.scene_graph.events import EventKind, SceneGraphEvent
    from memory_node.nodes.perception_conversions import event_to_msg

    moved = event_to_msg(SceneGraphEvent(EventKind.MOVED, "object_3", "mug", 5.0,
                                         (1.0, 0.0, 0.8), (3.0, 1.0, 0.8), "area_0",
                                         merged_id="object_7"), to_time(5.0), "map")
    assert (moved.kind, moved.merged_id, moved.new_position.x) == (ObjectEvent.MOVED,
                                                                   "object_7", 3.0)
    state = event_to_msg(SceneGraphEvent(
        EventKind.STATE_CHANGED, "object_1", "drawer", 6.0, (1.0, 0.0, 0.5), (1.0, 0.0, 0.5),
        "area_0", "closed", "opened", old_openness="closed", new_openness="partly open",
        state_confidence=0.75), to_time(6.0), "map")
    assert (state.old_openness, state.new_openness) == ("closed", "partly open")
    assert state.state_confidence == pytest.approx(0.75)
