"""A viewer that matched the markers publisher before the executor took the server (it
subscribed while the server was still starting) gets the full set, under both executors.

The server builds no markers without a viewer and sends the full set when one matches
(scene_graph_capability._on_markers_matched). rclpy 9.1's EventsExecutor delivers a
match made before it took the node with current_count_change 0, and the capability read
that change: such a viewer got no markers at all (test_markers_contract under
`executor: events`, 2 of 2 runs in round 54, 4 of 7 at load 16-22 in round 55). Here the
match comes first by construction: the viewer is in this process, so it matches at once.
"""

from __future__ import annotations

import time
from pathlib import Path
from typing import Any

import pytest
from rclpy.executors import SingleThreadedExecutor
from rclpy.node import Node
from rclpy.qos import DurabilityPolicy, HistoryPolicy, QoSProfile, ReliabilityPolicy
from ros_harness import in_process_server
from visualization_msgs.msg import MarkerArray

from memory_node.core.perception.observation import Observation
from memory_node.core.scene_graph.marker_contract import MarkerMirror
from memory_node.nodes.perception_conversions import marker_from_msg
from memory_node.nodes.scene_graph_capability import SceneGraphCapability

WAIT_S = 20.0
KEEP_LAST = 20  # the server's markers_keep_last (config default)
MARKERS_QOS = QoSProfile(depth=KEEP_LAST, history=HistoryPolicy.KEEP_LAST,
                         durability=DurabilityPolicy.TRANSIENT_LOCAL,
                         reliability=ReliabilityPolicy.RELIABLE)


def _executor(kind: str) -> Any:
    if kind == "events":
        from rclpy.experimental import EventsExecutor  # noqa: PLC0415  (experimental)

        return EventsExecutor()
    return SingleThreadedExecutor()


@pytest.mark.parametrize("kind", ["single", "events"])
def test_a_viewer_matched_before_the_executor_took_the_server_gets_the_full_set(
        kind: str, client_node: Node, tmp_path: Path) -> None:
    server = in_process_server(tmp_path, ["scene_graph"], durability="normal")
    [capability] = [c for c in server.capabilities if isinstance(c, SceneGraphCapability)]
    try:
        # No viewer yet: the start's full set and this frame's update are not built.
        server.memory.long_term.apply([Observation.at("mug", (1.0, 0.0, 0.8), 1.0)], None, 1.0)
        assert capability.markers_skipped >= 2
        received: list[MarkerArray] = []
        client_node.create_subscription(MarkerArray, "/memory/scene_graph/markers",
                                        received.append, MARKERS_QOS)
        # Same process: the publisher knows the viewer before any executor runs.
        assert capability.markers_pub.get_subscription_count() == 1

        server_executor = _executor(kind)
        server_executor.add_node(server)
        viewer = SingleThreadedExecutor()
        viewer.add_node(client_node)
        deadline = time.monotonic() + WAIT_S
        while not received and time.monotonic() < deadline:
            server_executor.spin_once(timeout_sec=0.05)
            viewer.spin_once(timeout_sec=0.05)
        assert received, f"no markers reached the viewer within {WAIT_S} s under {kind}"

        mirror = MarkerMirror()
        mirror.apply([marker_from_msg(m) for m in received[0].markers])
        labels = [m["text"] for (ns, _), m in mirror.markers.items() if ns == "object_labels"]
        assert len(labels) == 1 and "mug" in labels[0], labels
        server_executor.remove_node(server)
        viewer.remove_node(client_node)
    finally:
        server.destroy_node()
