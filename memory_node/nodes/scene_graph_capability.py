"""The long-term memory as a capability of the memory server: its topics and service.

A thin shell over `memory_node.core.long_term.LongTermMemory` (owned by the facade):
applies every memory/observations message (relative names throughout), and
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
- /memory/perceived (std_msgs/Header, transient-local, depth 1): the stamp of the last
  observations message handled (applied or dropped), so a planner can wait until the
  frames taken after a motion are in memory.
- /memory/get_scene_graph: "graph" | "text" | "json" under a token budget, query-relevant
  areas expanded.
- The perception node's drop counters (/memory/perception/stats) are folded into the
  server's /memory/stats counters under "perception.", and the scene-graph sizes fill the
  stats message's scene_graph_* fields.
"""

from __future__ import annotations

import math
import time
import traceback
from dataclasses import dataclass
from itertools import chain
from typing import Any

from rclpy.event_handler import PublisherEventCallbacks
from rclpy.qos import DurabilityPolicy, HistoryPolicy, QoSProfile, ReliabilityPolicy
from rclpy.subscription import MessageInfo
from rclpy.timer import Timer
from std_msgs.msg import Header
from visualization_msgs.msg import MarkerArray

from memory_node.core.limits import LIMITS
from memory_node.core.settings import check_settings, setting
from memory_node.core.stage_times import StageTimes, time_gc_pauses
from memory_node.core.units import check_text
from memory_node.msg import MemoryStats, ObjectObservations
from memory_node.msg import SceneGraph as SceneGraphMsg
from memory_node.nodes.cdr_prefix import observations_count, stats_counters_count
from memory_node.nodes.conversions import from_time
from memory_node.nodes.host import Capability, MemoryHost
from memory_node.nodes.perception_conversions import (
    DropError,
    ThrottledWarnings,
    bounded_message,
    event_to_msg,
    graph_to_msg,
    markers_to_msg,
    observation_from_msg,
    view_from_msg,
)
from memory_node.nodes.runner import WithMessageInfo
from memory_node.nodes.stats_counters import key_values
from memory_node.srv import GetSceneGraph

MAX_TOKEN_BUDGET = 1 << 20
MAX_QUERY_CHARS = LIMITS.max_text_chars
# A folded-in counter is a count as MemoryStats' own counts are: a uint64's decimal digits.
MAX_COUNT_DIGITS = len(str(2**64 - 1))


@dataclass(frozen=True)
class SceneGraphTopics:
    """The capability's own settings (`scene_graph.*` beside the graph's settings)."""

    publish_period_s: float = setting(
        1.0, "Least time between two memory/scene_graph messages (the whole graph); 0 = "
        "after every changed frame.", 0.0, 3600.0)
    markers_keep_last: int = setting(
        20, "History kept for late marker subscribers; every this-many-th marker message "
        "is a full set.", 2, 1000)
    observations_topic: str = setting(
        "memory/observations", "ObjectObservations from the perception node.")
    perception_stats_topic: str = setting(
        "memory/perception/stats",
        "The perception node's MemoryStats (drop counters), folded into memory/stats.")
    warn_throttle_s: float = setting(
        2.0, "Least time between two warnings of the same drop reason.", 0.0, 3600.0)

    def __post_init__(self) -> None:
        check_settings(self)


class SceneGraphCapability(Capability):
    name = "scene_graph"
    settings_sections = ((SceneGraphTopics, "scene_graph."),)

    def configure(self, host: MemoryHost) -> None:
        self.host = host
        node = host.node
        self.node = node
        self.memory = host.memory
        self.long_term = host.memory.long_term
        topics = host.declare_settings(SceneGraphTopics, "scene_graph.")
        self.publish_period = topics.publish_period_s
        self.keep_last = topics.markers_keep_last
        observations_topic = host.require_topic_name(topics.observations_topic,
                                                     "scene_graph.observations_topic")
        perception_stats_topic = host.require_topic_name(
            topics.perception_stats_topic, "scene_graph.perception_stats_topic")
        self.warnings = ThrottledWarnings(node.get_logger(), topics.warn_throttle_s)

        latched = QoSProfile(depth=1, durability=DurabilityPolicy.TRANSIENT_LOCAL,
                             reliability=ReliabilityPolicy.RELIABLE)
        markers_qos = QoSProfile(depth=self.keep_last, history=HistoryPolicy.KEEP_LAST,
                                 durability=DurabilityPolicy.TRANSIENT_LOCAL,
                                 reliability=ReliabilityPolicy.RELIABLE)
        self.graph_pub = node.create_publisher(SceneGraphMsg, "memory/scene_graph", latched)
        # The stamp of the last camera frame memory has applied (every frame, with or
        # without objects): a planner waits on it to decide on the view after a motion
        # rather than on whatever frame had arrived when the skill ended.
        self.perceived_pub = node.create_publisher(Header, "memory/perceived", latched)
        # Markers are for a viewer: with none subscribed they are not built (about a
        # quarter of the server's CPU per camera frame); a subscriber that appears gets a
        # full set at once (after whatever history DDS kept, which the full set's
        # DELETEALL replaces).
        self._markers_skipped = False
        self.markers_skipped = 0  # updates not built for want of a subscriber (stats)
        self.markers_pub = node.create_publisher(
            MarkerArray, "memory/scene_graph/markers", markers_qos,
            event_callbacks=PublisherEventCallbacks(matched=self._on_markers_matched))
        # Raw: the callback gets the CDR bytes and refuses a frame of too many observations
        # before rclpy builds its Python objects (perception_conversions.bounded_message).
        node.create_subscription(ObjectObservations, observations_topic,
                                 WithMessageInfo(self._on_observations),
                                 QoSProfile(depth=10, reliability=ReliabilityPolicy.RELIABLE),
                                 raw=True)
        node.create_subscription(MemoryStats, perception_stats_topic, self._on_perception_stats,
                                 latched, raw=True)  # raw: as observations, refused on its bytes
        host.serve(GetSceneGraph, "memory/get_scene_graph", self._get_scene_graph)
        self._since_full = 0
        self.times = StageTimes()  # per stage of a frame: wall and CPU time
        self._stop_gc_timing = time_gc_pauses(self.times)
        self._published_revision = -1
        self._last_graph_publish = -math.inf  # monotonic
        host.add_stats_contributor(self._fill_stats)
        self.long_term.add_reset_listener(self._on_reset)
        self.long_term.add_marker_listener(self._publish_markers)
        # The graph's publish timer runs only while the graph changes: a 1 Hz poll of an
        # unchanged graph woke the executor for nothing (an empty pass, 0.61 ms of its CPU
        # a second, in front of any request arriving then: bench/README_recall.md round
        # 34). Cancelled when a tick finds nothing new, re-armed by the graph's change
        # listener; a reset from another thread wakes rcl's wait (the timer's guard
        # condition), so a change made anywhere is published.
        self._graph_timer: Timer | None = None
        if self.publish_period > 0:
            self._graph_timer = node.create_timer(self.publish_period,
                                                  self._publish_graph_if_changed)
            self.long_term.add_change_listener(self._on_graph_changed)
        self._on_reset()

    def cleanup(self) -> None:
        self._stop_gc_timing()

    # -- incoming ---------------------------------------------------------------------------
    def _drop(self, code: str, message: str) -> None:
        self.memory.counters.count(code)
        self.warnings.warn(code, message, self.memory.counters.by_reason[code])

    def _on_observations(self, raw: bytes, info: MessageInfo) -> None:
        taken = time.time_ns()
        source, received = info["source_timestamp"], info["received_timestamp"]
        if source > 0 and received > 0:  # 0: the middleware did not say
            self.times.add_latency("observations.dds", (received - source) * 1e-9)
            self.times.add_latency("observations.queue", (taken - received) * 1e-9)
        try:
            try:
                with self.times.stage("deserialise"):
                    msg = bounded_message(raw, ObjectObservations, observations_count,
                                          "dropped.observations", "observations")
            except DropError as exc:
                self._drop(exc.code, f"observations dropped: {exc}")
                return
            self._apply(msg)
            self.perceived_pub.publish(Header(stamp=msg.header.stamp,
                                              frame_id=self.host.frame_id))
            self.times.add_latency("frame.taken_to_done", (time.time_ns() - taken) * 1e-9)
        except Exception as exc:  # a bug must not take the memory down with it
            if not self.node.context.ok():
                return  # shutting down (SIGTERM mid-frame): the frame was stored, not echoed
            self.node.get_logger().error(f"/memory/observations: {traceback.format_exc()}")
            self._drop("dropped.observations.internal_error", f"{type(exc).__name__}: {exc}")

    def _apply(self, msg: ObjectObservations) -> None:
        frame = msg.header.frame_id
        if frame and frame != self.host.frame_id:
            self._drop("dropped.observations.frame",
                       f"observations in frame {frame!r}; the memory is in "
                       f"{self.host.frame_id!r} (no tf here: publish in that frame)")
            return
        if len(msg.observations) > LIMITS.max_observations_per_frame:
            self._drop("dropped.observations.too_many",
                       f"{len(msg.observations)} observations in one frame (max "
                       f"{LIMITS.max_observations_per_frame})")
            return
        stamp = from_time(msg.header.stamp) or time.time()  # an unset stamp means "now"
        with self.times.stage("from_msg"):
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
            with self.times.stage("apply"):
                update = self.long_term.apply(observations, view, stamp, crops)
        except ValueError as exc:
            self._drop("dropped.observations.invalid", f"observations dropped: {exc}")
            return
        if update.refused:
            self._drop("dropped.observations.stale", f"observations dropped: {update.refused}")
            return
        for reason in update.rejected:
            self._drop("rejected.observation.invalid", f"observation rejected: {reason}")
        header_stamp = msg.header.stamp
        with self.times.stage("publish"):
            for event in update.events:
                self.host.publish_event(event_to_msg(event, header_stamp, self.host.frame_id))
            # update.markers went out already, through the marker listener (in change order).
            if update.changed and self.publish_period == 0:
                self._publish_graph(header_stamp)

    def _on_perception_stats(self, raw: bytes) -> None:
        try:
            msg = bounded_message(raw, MemoryStats, stats_counters_count,
                                  "dropped.perception_stats", "counters", LIMITS.max_counters)
        except DropError as exc:
            self._drop(exc.code, f"perception stats dropped: {exc}")
            return
        counters = self.memory.counters.by_reason
        if len(msg.counters) > LIMITS.max_counters:  # anyone may publish here: bound it
            self._drop("dropped.perception_stats.too_many",
                       f"perception stats with {len(msg.counters)} counters (max "
                       f"{LIMITS.max_counters})")
            return
        known = sum(k.startswith("perception.") for k in counters)
        for kv in msg.counters:
            key = f"perception.{kv.key}"
            try:
                check_text(kv.key, "counter name", LIMITS.max_label_chars, allow_empty=False)
            except ValueError:
                continue
            # Not a count (a perception node of another version, or anyone's junk): skipped.
            # int() alone took a signed number of up to 4,300 digits, then republished in
            # every memory/stats message (256 of them: a megabyte each).
            if not (kv.value.isascii() and kv.value.isdigit()
                    and len(kv.value) <= MAX_COUNT_DIGITS):
                continue
            value = int(kv.value)
            if value >= 2**64:
                continue
            if key not in counters:
                if known >= LIMITS.max_counters:
                    continue
                known += 1
            counters[key] = value
        counters["perception.frames_processed"] = int(msg.observations_applied)

    # -- outgoing ---------------------------------------------------------------------------
    def _publish_markers(self, markers: list[dict[str, Any]]) -> None:
        with self.long_term.lock:  # frames and skill outcomes both publish
            if self.markers_pub.get_subscription_count() == 0:
                self._markers_skipped = True
                self.markers_skipped += 1
                return
            self._since_full += 1
            # A full set within the history for late joiners, and after skipped updates.
            if self._since_full >= self.keep_last or self._markers_skipped:
                markers = self.long_term.markers_full()
                self._since_full = 0
                self._markers_skipped = False
            self.markers_pub.publish(markers_to_msg(markers,
                                                    self.node.get_clock().now().to_msg()))

    def _on_markers_matched(self, info: Any) -> None:
        # Decided on the count of viewers now, not on the event's change: rclpy 9.1's
        # EventsExecutor delivers a match made before it took the node (a viewer that
        # subscribed while the server was still starting) with current_count 1 and
        # current_count_change 0, and that viewer got no markers at all
        # (bench/README_recall.md round 55). An unmatch leaves the count at 0; a repeated
        # event finds nothing skipped.
        if info.current_count <= 0 or not self._markers_skipped:
            return
        with self.long_term.lock:
            self._since_full = 0
            self._markers_skipped = False
            self.markers_pub.publish(markers_to_msg(self.long_term.markers_full(),
                                                    self.node.get_clock().now().to_msg()))

    def _publish_graph(self, stamp: Any = None) -> None:
        answer = self.long_term.serialise("graph")
        stamp = stamp if stamp is not None else self.node.get_clock().now().to_msg()
        self.graph_pub.publish(graph_to_msg(answer.nodes, answer.edges, answer.revision, stamp,
                                            self.host.frame_id))
        self._published_revision = answer.revision
        self._last_graph_publish = time.monotonic()

    def _on_graph_changed(self) -> None:
        """A new revision (under the graph's lock, on the thread that changed it): a
        sleeping publish timer is set to the earliest moment the period allows."""
        timer = self._graph_timer
        if timer is None or not timer.is_canceled():
            return  # ticking: its next tick publishes the change
        wait = self._last_graph_publish + self.publish_period - time.monotonic()
        # A timer's next call is its reset time plus its period; the tick restores the
        # period.
        timer.timer_period_ns = max(1_000_000, int(min(wait, self.publish_period) * 1e9))
        timer.reset()

    def _publish_graph_if_changed(self) -> None:
        timer = self._graph_timer
        with self.long_term.lock:  # no change may fall between the check and the cancel
            if self.long_term.revision == self._published_revision:
                if timer is not None:
                    timer.cancel()  # asleep until the next change re-arms it
                return
        self._publish_graph()
        period_ns = int(self.publish_period * 1e9)
        if timer is not None and timer.timer_period_ns != period_ns:
            timer.timer_period_ns = period_ns
            timer.reset()

    def _on_reset(self) -> None:
        """The graph was replaced (start, CLEAR, LOAD): resend everything."""
        now = self.node.get_clock().now().to_msg()
        with self.long_term.lock:  # frames and skill outcomes both publish
            self._since_full = 0
            if self.markers_pub.get_subscription_count() == 0:
                # As for an update: no viewer, no markers; one that subscribes gets the
                # full set then (_on_markers_matched). At start nobody has matched yet, and
                # the full set of a 1,000-object graph was ~0.2 s of the start's CPU
                # (bench/README_recall.md round 31).
                self._markers_skipped = True
                self.markers_skipped += 1
            else:
                self.markers_pub.publish(markers_to_msg(self.long_term.markers_full(), now))
        self._publish_graph(now)

    def _fill_stats(self, msg: MemoryStats) -> None:
        s = self.long_term.stats()
        msg.scene_graph_floors, msg.scene_graph_areas = s["floors"], s["areas"]
        msg.scene_graph_objects = s["objects"]
        msg.observations_applied = s["observations_applied"]
        msg.counters.extend(key_values(chain(
            ((k, v) for k, v in sorted(s.items()) if k.startswith("scene_graph.")),
            self.times.counters("scene_graph.").items(),
            [("scene_graph.markers_skipped", self.markers_skipped)])))

    # -- service ----------------------------------------------------------------------------
    def _get_scene_graph(self, request: GetSceneGraph.Request, response: Any) -> None:
        if request.token_budget > MAX_TOKEN_BUDGET:
            raise ValueError(f"token_budget {request.token_budget} is above {MAX_TOKEN_BUDGET}")
        check_text(request.query, "query", MAX_QUERY_CHARS, multiline=True)
        check_text(request.format, "format", LIMITS.max_label_chars)
        answer = self.long_term.serialise(request.format, request.token_budget, request.query)
        if answer.format == "graph":
            response.graph = graph_to_msg(answer.nodes, answer.edges, answer.revision,
                                          self.node.get_clock().now().to_msg(),
                                          self.host.frame_id)
            response.message = (f"revision {answer.revision}: {len(answer.nodes)} nodes, "
                                f"{len(answer.edges)} edges")
        else:
            response.text, response.tokens = answer.text, answer.tokens
            response.graph.revision = answer.revision
            response.message = f"revision {answer.revision}: {answer.tokens} tokens"

