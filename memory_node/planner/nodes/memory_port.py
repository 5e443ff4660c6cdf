"""The plan loop's MemoryPort over `MemoryClient` (the memory services over DDS)."""

from __future__ import annotations

import math
import threading
import time
from collections import OrderedDict
from collections.abc import Callable
from typing import Any

from rclpy.node import Node
from rclpy.qos import DurabilityPolicy, QoSProfile, ReliabilityPolicy
from rclpy.subscription import MessageInfo
from rosgraph_msgs.msg import Clock
from std_msgs.msg import Header

from memory_node.core.errors import NotFound
from memory_node.core.recall.brief_state import BriefState as CoreBrief
from memory_node.nodes.conversions import from_time
from memory_node.planner.core.local_memory import unit_view
from memory_node.planner.core.types import (
    BriefState,
    RecallView,
    SkillCall,
    SkillResult,
    UnitView,
)
from memory_node.planner.core.world_epoch import TickAge, WorldEpoch

# Writers of memory/perceived found to be a memory server's; beyond this many, the least
# recent are judged again when they next publish.
WRITERS_KEPT = 64
# A DDS GUID is a 12-byte participant prefix and a 4-byte entity id; rmw gids begin with it.
PREFIX = 12


class PerceptionWatch:
    """When memory has applied a camera frame taken after now.

    "Now" is the latest /clock (the simulator's time, which stamps its frames) or, with no
    /clock, the node's clock; memory/perceived carries the stamp of each frame the memory
    server has handled. The condition is signalled from the subscriptions' callbacks, so a
    waiter wakes on the frame itself, not on a poll.

    Both topics are open to any node, so each sample's writer is checked (round 38). A
    forged /clock going back made the planner take its world for restarted: it forgot the
    robot, held the map as stale and, the world's map never coming again, planned without
    rooms. /clock follows one writer while that writer is in the graph and ticking; a
    world that restarts is a new writer whose predecessor has left the graph or, crashed
    (it stays in the graph until its DDS lease ends, ~20 s with Fast DDS), has been silent
    for over `silence_s` while the new writer's clock starts over (round 39: the reset was
    noticed only when the lease ended). A forger passes only while the world is silent,
    i.e. stopped or stalled. A forged memory/perceived stamped ahead
    made every wait for the view end at once: a stamp counts only from a writer whose node
    also serves this robot's memory/recall, i.e. the memory server, from the same DDS
    participant (round 39: a node taking the server's name passed)."""

    def __init__(self, node: Node, silence_s: float, callback_group: Any = None,
                 on_reset: Callable[[], None] | None = None) -> None:
        self.node = node
        self.silence_s = silence_s
        self.epoch = WorldEpoch()
        self._tick_age = TickAge()
        self._on_reset = on_reset
        self._cond = threading.Condition()
        self._clock: float | None = None
        self._perceived: float | None = None
        self._clock_writer: bytes | None = None
        self._perceived_writers: OrderedDict[bytes, None] = OrderedDict()
        latched = QoSProfile(depth=1, durability=DurabilityPolicy.TRANSIENT_LOCAL,
                             reliability=ReliabilityPolicy.RELIABLE)
        node.create_subscription(Clock, "/clock", self._on_clock, 10,
                                 callback_group=callback_group)
        node.create_subscription(Header, "memory/perceived", self._on_perceived, latched,
                                 callback_group=callback_group)

    def _writers(self, topic: str) -> dict[bytes, tuple[str, str]]:
        return {bytes(e.endpoint_gid): (e.node_name, e.node_namespace)
                for e in self.node.get_publishers_info_by_topic(topic)}

    def _clock_follows(self, t: float, info: MessageInfo) -> bool:
        writer = info.get("publisher_gid")
        if writer is None:  # an rmw that does not say who wrote it: nothing to check
            return True
        gid = bytes(writer["data"])
        # The epoch's silence is the followed writer's: only its ticks reach the epoch.
        restarted = self._clock is not None and t < self._clock \
            and self.epoch.silent(self.silence_s)
        if gid != self._clock_writer and self._clock_writer is not None and not restarted \
                and self._clock_writer in self._writers("/clock"):
            self.node.get_logger().warning(
                "/clock from a second publisher while the first still runs: ignored",
                throttle_duration_sec=10.0)
            return False
        self._clock_writer = gid
        return True

    def _from_memory(self, info: MessageInfo) -> bool:
        writer = info.get("publisher_gid")
        if writer is None:
            return True
        gid = bytes(writer["data"])
        if gid in self._perceived_writers:
            self._perceived_writers.move_to_end(gid)
            return True
        # Judged again each time until accepted: the graph may show the memory server's
        # services a moment after its latched sample arrives.
        recall = self.node.resolve_service_name("memory/recall")
        owner = self._writers(self.node.resolve_topic_name("memory/perceived")).get(gid)
        try:
            accepted = owner is not None and self._serves(gid, owner, recall)
        except Exception:  # noqa: BLE001 - the writer's node left the graph meanwhile
            accepted = False
        if not accepted:
            self.node.get_logger().warning(
                "memory/perceived from a node that does not serve memory/recall: ignored",
                throttle_duration_sec=10.0)
            return False
        self._perceived_writers[gid] = None
        if len(self._perceived_writers) > WRITERS_KEPT:
            self._perceived_writers.popitem(last=False)
        return True

    def _serves(self, gid: bytes, owner: tuple[str, str], service: str) -> bool:
        """Whether the writer's node, in the writer's DDS participant (its process: a gid's
        first 12 bytes are the participant's GUID prefix), reads `service`'s requests.
        Node names are not unique (round 39, bench/ci_node_name_forger.py): a second node
        of the memory server's name passed a check by name, and the graph's services of a
        name are one of the two nodes', either one. A node cannot put a reader into
        another process. An rmw whose graph shows no DDS request topic
        (`rq<service>Request`) is judged by the node's name alone."""
        readers = self.node.get_subscriptions_info_by_topic(f"rq{service}Request",
                                                           no_mangle=True)
        if readers:
            return any(bytes(e.endpoint_gid)[:PREFIX] == gid[:PREFIX]
                       and (e.node_name, e.node_namespace) == owner for e in readers)
        return any(name == service for name, _ in
                   self.node.get_service_names_and_types_by_node(*owner))

    def _on_clock(self, msg: Clock, info: MessageInfo) -> None:
        t = from_time(msg.clock)
        if not self._clock_follows(t, info):
            return
        # Silence is judged on when ticks were sent: one delivered late is not news.
        writer = info.get("publisher_gid")
        age = self._tick_age.age(int(info.get("source_timestamp") or 0),
                                 int(info.get("received_timestamp") or 0), time.time_ns(),
                                 bytes(writer["data"]) if writer is not None else None)
        reset = self.epoch.clock(t, age)
        with self._cond:
            self._clock = t
            if reset and self._perceived is not None:
                # The last frame memory handled is of the old world's time, later than
                # anything the new world stamps: "handled after now" would hold at once.
                self._perceived = -math.inf
        if reset and self._on_reset is not None:
            self._on_reset()

    def _on_perceived(self, msg: Header, info: MessageInfo) -> None:
        if not self._from_memory(info):
            return
        with self._cond:
            self._perceived = from_time(msg.stamp)
            self._cond.notify_all()

    def now(self) -> float:
        with self._cond:
            if self._clock is not None:
                return self._clock
        return self.node.get_clock().now().nanoseconds * 1e-9

    def no_frame_reason(self) -> str:
        """Why no frame has reached memory, as far as the graph tells: no node publishes
        the perception node's output (`memory/observations`: perception is not up), or one
        does and memory has handled none of its frames (no camera feeds it, or its frames
        are refused: /memory/stats counts each under `perception.*`). "" once memory has
        handled a frame."""
        with self._cond:
            if self._perceived is not None:
                return ""
        topic = self.node.resolve_topic_name("memory/observations")
        if not self.node.get_publishers_info_by_topic(topic):
            return (f"perception is not up: no node publishes {topic} (start the "
                    "perception node)")
        return (f"perception is up ({topic} has a publisher) but memory has handled no "
                "frame: no camera feeds it, or its frames are refused (see the "
                "perception.* counters in /memory/stats)")

    def wait_after(self, stamp: float, timeout_s: float) -> bool | None:
        """True once memory has handled a frame stamped after `stamp`; False on timeout
        (perception or memory stalled: the caller goes on with what memory has); None when
        no frame ever reached memory (no camera feeding it: nothing to wait for)."""
        with self._cond:
            if self._perceived is None:
                return None
            return self._cond.wait_for(
                lambda: self._perceived is not None and self._perceived > stamp, timeout_s)


class ClientMemoryPort:
    def __init__(self, client: Any, watch: PerceptionWatch | None = None) -> None:
        self.client = client
        self.watch = watch
        self._said = ""   # the last no-frame reason logged

    def wait_perceived(self, timeout_s: float) -> bool | None:
        """Wait until memory holds the view from now (a frame taken after this call);
        None when this port cannot tell (no watch)."""
        if self.watch is None:
            return None
        got = self.watch.wait_after(self.watch.now(), timeout_s)
        if got is None:
            # Said when the reason changes, not at every step: a robot without a camera
            # gets it once, and a user starting perception late sees it move on.
            reason = self.watch.no_frame_reason()
            if reason and reason != self._said:
                self._said = reason
                self.watch.node.get_logger().warning(f"not waiting for the view: {reason}")
        return got

    def recall_ahead(self, instruction: str) -> None:
        """The instruction's per-subtask recall will follow: the server embeds its steps
        while the planner waits for the view (one way, returns at once)."""
        self.client.recall_ahead(instruction)

    def recall(self, instruction: str, k: int, token_budget: int, episode_id: str,
               brief: BriefState | None, per_subtask: bool = False) -> RecallView:
        core = None
        if brief is not None:
            result = ("success" if brief.last_succeeded else "failure") if brief.last_skill \
                else ""
            core = CoreBrief(brief.subgoal, brief.held_object, brief.robot_area,
                             brief.last_skill, tuple(brief.last_args), result,
                             tuple(brief.recent_areas),
                             brief.last_message if brief.last_skill else "")
        answer = self.client.recall(instruction, k=k, token_budget=token_budget,
                                    episode_id=episode_id, brief_state=core,
                                    per_subtask=per_subtask)
        return RecallView(tuple(unit_view(r.unit, r.description, r.score)
                                for r in answer.units),
                          answer.context, answer.context_tokens, tuple(answer.warnings),
                          tuple(answer.known_bad_actions), answer.procedure,
                          tuple(answer.facts))

    def record_outcome(self, episode_id: str, call: SkillCall, result: SkillResult,
                       request_id: str = "") -> tuple[UnitView, ...]:
        answer = self.client.record_outcome(
            episode_id, call.skill, list(call.args), result.success, result.message[:2000],
            error_code=int(result.error_code), robot_area=result.robot_area[:128],
            robot_position=result.robot_position, held_label=result.held_label,
            refused_label=result.refused_label, request_id=request_id)
        return tuple(unit_view(u) for u in answer.changed_units)

    def find(self, label: str, max_results: int) -> tuple[UnitView, ...]:
        candidates = self.client.query(label, max_results=max_results)
        if not candidates:
            return ()
        units = self.client.get_units([c.object_id for c in candidates])
        return tuple(unit_view(units[c.object_id]) if units.get(c.object_id) is not None
                     else UnitView(c.object_id, c.label, tuple(c.position), area_id=c.area_id)
                     for c in candidates)

    def units(self, object_ids: tuple[str, ...]) -> tuple[UnitView, ...]:
        """The units memory holds for these ids (get_units; unknown ids left out)."""
        found = self.client.get_units(list(object_ids))
        return tuple(unit_view(u) for u in found.values() if u is not None)

    def scene_graph(self, format: str, token_budget: int, query: str) -> str:
        return self.client.get_scene_graph(format, token_budget, query[:500]).text

    def end_episode(self, episode_id: str, succeeded: bool, request_id: str = "",
                    reason: str = "") -> None:
        try:
            self.client.end_episode(episode_id, succeeded, request_id, reason)
        except NotFound:
            pass  # no step was recorded (or the server restarted): nothing to free
