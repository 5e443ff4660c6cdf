"""The long-term memory's topics and service on the memory server.

A thin shell over `memory_node.core.long_term.LongTermMemory` (owned by the facade):
declares the scene_graph.* parameters, applies every /memory/observations message, and
publishes what changed:

- /memory/events (the server's publisher): NEW, MOVED, REMOVED, STATE_CHANGED per frame.
- /memory/scene_graph/markers (MarkerArray, transient-local, KEEP_LAST `markers_keep_last`):
  incremental - the markers of changed nodes and a DELETE per removed node. So that a late
  subscriber (rviz started later) still gets the whole picture, every `markers_keep_last`-th
  message is a full set led by DELETEALL: the samples DDS keeps for late joiners then always
  start at a full set. A subscriber needs a depth >= markers_keep_last (config/memory.rviz).
- /memory/scene_graph (SceneGraph, transient-local, depth 1): the whole graph with a
  revision that increases with every change; at most every `publish_period_s` (0: after
  every changed frame).
- /memory/get_scene_graph: "graph" | "text" | "json" under a token budget, query-relevant
  areas expanded.
- The perception node's drop counters (/memory/perception/stats) are folded into the
  server's /memory/stats counters under "perception.", and the scene-graph sizes fill the
  stats message's scene_graph_* fields.
"""

from __future__ import annotations

import time
import traceback
from typing import TYPE_CHECKING, Any

from diagnostic_msgs.msg import KeyValue
from rclpy.qos import DurabilityPolicy, HistoryPolicy, QoSProfile, ReliabilityPolicy
from visualization_msgs.msg import MarkerArray

from memory_node.core.memory import Memory
from memory_node.core.scene_graph.config import DEFAULT_IMMOVABLE, SceneGraphConfig
from memory_node.msg import MemoryStats, ObjectObservations
from memory_node.msg import SceneGraph as SceneGraphMsg
from memory_node.nodes.conversions import from_time
from memory_node.nodes.params import declare
from memory_node.nodes.perception_conversions import (
    DropError,
    ThrottledWarnings,
    event_to_msg,
    graph_to_msg,
    markers_to_msg,
    observation_from_msg,
    view_from_msg,
)
from memory_node.srv import GetSceneGraph

if TYPE_CHECKING:  # the server imports this module; only the type is needed here
    from memory_node.nodes.memory_server import MemoryServer

MAX_TOKEN_BUDGET = 1 << 20
MAX_QUERY_CHARS = 2000


def scene_graph_config(node: MemoryServer) -> SceneGraphConfig:
    """Declare the scene_graph.* parameters (defaults: SceneGraphConfig's)."""
    d = SceneGraphConfig()
    p = "scene_graph."
    immovable = declare(
        node, p + "immovable_labels", ",".join(sorted(DEFAULT_IMMOVABLE)),
        "Comma-separated labels of furniture that never moves (a re-detection elsewhere "
        "is a new object, and misses cost it less confidence).")
    return SceneGraphConfig(
        area_spacing=declare(node, p + "area_spacing", d.area_spacing,
                             "A new area is made where the robot is farther than this "
                             "(m) from every area of its floor.", 0.1, 100.0),
        floor_height=declare(node, p + "floor_height", d.floor_height,
                             "Storey height (m) for assigning floors by z.", 0.5, 20.0),
        floor_origin=declare(node, p + "floor_origin", d.floor_origin,
                             "z (m) where floor 0 starts.", -100.0, 100.0),
        object_area_radius=declare(node, p + "object_area_radius", d.object_area_radius,
                                   "Objects farther (m) from every area are flagged.",
                                   0.1, 100.0),
        gate_distance=declare(node, p + "gate_distance", d.gate_distance,
                              "Association gate (m): an observation farther from every "
                              "known object of its class is a new (or moved) object.",
                              0.01, 10.0),
        position_window=declare(node, p + "position_window", d.position_window,
                                "Observations kept per object; its position is their "
                                "median.", 1, 1000),
        initial_confidence=declare(node, p + "initial_confidence", d.initial_confidence,
                                   "Confidence of a new object.", 0.0, 1.0),
        hit_gain=declare(node, p + "hit_gain", d.hit_gain,
                         "Confidence gain per observation (fraction of the gap to 1).",
                         0.0, 1.0),
        miss_penalty=declare(node, p + "miss_penalty", d.miss_penalty,
                             "Confidence lost per frame a movable object should have been "
                             "seen and was not.", 0.0, 1.0),
        immovable_miss_penalty=declare(node, p + "immovable_miss_penalty",
                                       d.immovable_miss_penalty,
                                       "Same for immovable labels.", 0.0, 1.0),
        remove_below=declare(node, p + "remove_below", d.remove_below,
                             "An object whose confidence falls below this (after "
                             "min_misses_to_remove misses) is REMOVED.", 0.0, 1.0),
        min_misses_to_remove=declare(node, p + "min_misses_to_remove",
                                     d.min_misses_to_remove,
                                     "Consecutive misses before an object can be removed.",
                                     1, 1000),
        grid_cell=declare(node, p + "grid_cell", d.grid_cell,
                          "Cell size (m) of the spatial index.", 0.05, 100.0),
        immovable_labels=frozenset(x.strip() for x in immovable.split(",") if x.strip()),
    )


class SceneGraphInterface:
    def __init__(self, node: MemoryServer, memory: Memory) -> None:
        self.node = node
        self.memory = memory
        self.long_term = memory.long_term
        self.long_term.configure(scene_graph_config(node), node.frame_id)
        p = "scene_graph."
        self.publish_period = declare(
            node, p + "publish_period_s", 1.0,
            "Least time between two /memory/scene_graph messages (the whole graph); 0 = "
            "after every changed frame.", 0.0, 3600.0)
        self.keep_last = declare(
            node, p + "markers_keep_last", 20,
            "History kept for late marker subscribers; every this-many-th marker message "
            "is a full set.", 2, 1000)
        observations_topic = declare(
            node, p + "observations_topic", "/memory/observations",
            "ObjectObservations from the perception node.")
        perception_stats_topic = declare(
            node, p + "perception_stats_topic", "/memory/perception/stats",
            "The perception node's MemoryStats (drop counters), folded into /memory/stats.")
        self.warnings = ThrottledWarnings(node.get_logger(), declare(
            node, p + "warn_throttle_s", 2.0,
            "Least time between two warnings of the same drop reason.", 0.0, 3600.0))

        latched = QoSProfile(depth=1, durability=DurabilityPolicy.TRANSIENT_LOCAL,
                             reliability=ReliabilityPolicy.RELIABLE)
        markers_qos = QoSProfile(depth=self.keep_last, history=HistoryPolicy.KEEP_LAST,
                                 durability=DurabilityPolicy.TRANSIENT_LOCAL,
                                 reliability=ReliabilityPolicy.RELIABLE)
        self.graph_pub = node.create_publisher(SceneGraphMsg, "/memory/scene_graph", latched)
        self.markers_pub = node.create_publisher(
            MarkerArray, "/memory/scene_graph/markers", markers_qos)
        node.create_subscription(ObjectObservations, observations_topic, self._on_observations,
                                 QoSProfile(depth=10, reliability=ReliabilityPolicy.RELIABLE))
        node.create_subscription(MemoryStats, perception_stats_topic, self._on_perception_stats,
                                 latched)
        node._serve(GetSceneGraph, "/memory/get_scene_graph", self._get_scene_graph)
        self._since_full = 0
        self._published_revision = -1
        self._last_graph_publish = 0.0
        node.stats_contributors.append(self._fill_stats)
        self.long_term.add_reset_listener(self._on_reset)
        if self.publish_period > 0:
            node.create_timer(self.publish_period, self._publish_graph_if_changed)
        self._on_reset()

    # -- incoming ---------------------------------------------------------------------------
    def _drop(self, code: str, message: str) -> None:
        self.memory.counters.count(code)
        self.warnings.warn(code, message, self.memory.counters.by_reason[code])

    def _on_observations(self, msg: ObjectObservations) -> None:
        try:
            self._apply(msg)
        except Exception as exc:  # a bug must not take the memory down with it
            self.node.get_logger().error(f"/memory/observations: {traceback.format_exc()}")
            self._drop("dropped.observations.internal_error", f"{type(exc).__name__}: {exc}")

    def _apply(self, msg: ObjectObservations) -> None:
        frame = msg.header.frame_id
        if frame and frame != self.node.frame_id:
            self._drop("dropped.observations.frame",
                       f"observations in frame {frame!r}; the memory is in "
                       f"{self.node.frame_id!r} (no tf here: publish in that frame)")
            return
        stamp = from_time(msg.header.stamp) or time.time()  # an unset stamp means "now"
        try:
            view = view_from_msg(msg.view, stamp)
        except DropError as exc:
            self._drop(f"dropped.observations.{exc.code}", f"observations dropped: {exc}")
            return
        observations, crops = [], []
        for item in msg.observations:
            try:
                obs, crop = observation_from_msg(item, stamp)
            except DropError as exc:
                self._drop(f"rejected.{exc.code}", f"observation rejected: {exc}")
                continue
            observations.append(obs)
            crops.append(crop)
        try:
            update = self.long_term.apply(observations, view, stamp, crops)
        except ValueError as exc:
            self._drop("dropped.observations.invalid", f"observations dropped: {exc}")
            return
        for reason in update.rejected:
            self._drop("rejected.observation.invalid", f"observation rejected: {reason}")
        header_stamp = msg.header.stamp
        for event in update.events:
            self.node.events_pub.publish(event_to_msg(event, header_stamp, self.node.frame_id))
        if update.markers:
            self._publish_markers(update.markers)
        if update.changed and self.publish_period == 0:
            self._publish_graph(header_stamp)

    def _on_perception_stats(self, msg: MemoryStats) -> None:
        counters = self.memory.counters.by_reason
        for kv in msg.counters:
            try:
                counters[f"perception.{kv.key}"] = int(kv.value)
            except ValueError:
                continue  # not a count (a perception node of another version): skip it
        counters["perception.frames_processed"] = int(msg.observations_applied)

    # -- outgoing ---------------------------------------------------------------------------
    def _publish_markers(self, markers: list[dict[str, Any]]) -> None:
        self._since_full += 1
        if self._since_full >= self.keep_last:  # keep a full set within the history
            markers = self.long_term.markers_full()
            self._since_full = 0
        self.markers_pub.publish(markers_to_msg(markers, self.node.get_clock().now().to_msg()))

    def _publish_graph(self, stamp: Any = None) -> None:
        answer = self.long_term.serialise("graph")
        stamp = stamp if stamp is not None else self.node.get_clock().now().to_msg()
        self.graph_pub.publish(graph_to_msg(answer.nodes, answer.edges, answer.revision, stamp,
                                            self.node.frame_id))
        self._published_revision = answer.revision

    def _publish_graph_if_changed(self) -> None:
        if self.long_term.revision != self._published_revision:
            self._publish_graph()

    def _on_reset(self) -> None:
        """The graph was replaced (start, CLEAR, LOAD): resend everything."""
        self._since_full = 0
        now = self.node.get_clock().now().to_msg()
        self.markers_pub.publish(markers_to_msg(self.long_term.markers_full(), now))
        self._publish_graph(now)

    def _fill_stats(self, msg: MemoryStats) -> None:
        s = self.long_term.stats()
        msg.scene_graph_floors, msg.scene_graph_areas = s["floors"], s["areas"]
        msg.scene_graph_objects = s["objects"]
        msg.observations_applied = s["observations_applied"]
        msg.counters.extend(KeyValue(key=k, value=str(v)) for k, v in sorted(s.items())
                            if k.startswith("scene_graph."))

    # -- service ----------------------------------------------------------------------------
    def _get_scene_graph(self, request: GetSceneGraph.Request, response: Any) -> None:
        if request.token_budget > MAX_TOKEN_BUDGET:
            raise ValueError(f"token_budget {request.token_budget} is above {MAX_TOKEN_BUDGET}")
        if len(request.query) > MAX_QUERY_CHARS:
            raise ValueError(f"query is {len(request.query)} characters (max {MAX_QUERY_CHARS})")
        answer = self.long_term.serialise(request.format, request.token_budget, request.query)
        if answer.format == "graph":
            response.graph = graph_to_msg(answer.nodes, answer.edges, answer.revision,
                                          self.node.get_clock().now().to_msg(),
                                          self.node.frame_id)
            response.message = (f"revision {answer.revision}: {len(answer.nodes)} nodes, "
                                f"{len(answer.edges)} edges")
        else:
            response.text, response.tokens = answer.text, answer.tokens
            response.graph.revision = answer.revision
            response.message = f"revision {answer.revision}: {answer.tokens} tokens"


def attach_scene_graph(node: MemoryServer, memory: Memory) -> SceneGraphInterface:
    """Apply /memory/observations on `node`; publish the graph, markers and events; serve
    /memory/get_scene_graph."""
    return SceneGraphInterface(node, memory)
