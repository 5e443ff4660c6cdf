"""memory_server: owns the memory (memory_node.core.memory.Memory), serves memory/*, and
hosts the capabilities listed by its `capabilities` parameter (memory_node.nodes.host).

Every name is relative: started in namespace `robot1`, the server serves
`/robot1/memory/recall` and so on, so several robots share one DDS domain.
"""

from __future__ import annotations

import array
import hashlib
import sys
import time
import traceback
from collections.abc import Callable
from dataclasses import dataclass
from itertools import chain
from typing import Any, TypeVar

from rclpy.event_handler import PublisherEventCallbacks
from rclpy.node import Node
from rclpy.qos import DurabilityPolicy, QoSProfile, ReliabilityPolicy
from rclpy.serialization import deserialize_message, serialize_message
from rclpy.validate_full_topic_name import validate_full_topic_name

from memory_node.core.errors import ErrorCode, code_of
from memory_node.core.memory import Memory
from memory_node.core.memory_settings import MemorySettings
from memory_node.core.request_ids import ANSWER_LOST, AnsweredRequests, check_request_id
from memory_node.core.settings import check_settings, setting
from memory_node.core.stage_times import StageTimes
from memory_node.core.units import ObjectMemoryUnit
from memory_node.msg import MemoryStats, MemoryUnit, ObjectEvent
from memory_node.nodes.capabilities import CAPABILITIES, CAPABILITY_NAMES
from memory_node.nodes.conversions import (
    candidate_to_msg,
    from_point,
    to_point,
    unit_from_msg,
    unit_to_msg,
)
from memory_node.nodes.heap import HeapSettler, SettleSchedule
from memory_node.nodes.host import Capability, Handler
from memory_node.nodes.params import declare_settings
from memory_node.nodes.qos import EVENTS_QOS, SERVICE_QOS, track_requests
from memory_node.nodes.runner import EXECUTORS, run_node
from memory_node.nodes.startup import StartupTimes
from memory_node.nodes.stats_counters import key_values
from memory_node.srv import GetUnits, Manage, QueryObject, UpdateObject

S = TypeVar("S")


@dataclass(frozen=True)
class ServerSettings:
    """The server's own parameters (the memory's are MemorySettings)."""

    stats_period_s: float = setting(
        1.0, "Period of memory/stats in seconds, while a reader is matched (none: not sent).",
        0.05, 3600.0)
    capabilities: tuple[str, ...] = setting(
        CAPABILITY_NAMES, "Capabilities the server runs, in start-up order.",
        choices=CAPABILITY_NAMES)
    heap_settle_period_s: float = setting(
        600.0, "Period of the heap settle (one full garbage collection, then the survivors "
        "frozen out of later ones; also at start and a minute later); 0: only then.",
        0.0, 86400.0)
    heap_first_settle_s: float = setting(
        60.0, "Seconds after start of the heap's first settle after start-up's own: the "
        "background start-up work (the preload, WordNet's index) is done by then.",
        0.0, 86400.0)
    heap_settles_only: bool = setting(
        True, "Full (generation-2) garbage collections only at the heap settles: the "
        "interpreter's automatic ones are off (they walked the memos requests fill, 16-41 "
        "ms of CPU inside a request at 10,000 units, and found no garbage: "
        "bench/README_recall.md round 29); younger generations are collected, generation 1 "
        "every other young collection (round 41).")
    heap_settle_quiet_s: float = setting(
        5.0, "A due heap settle (~130 ms of the executor thread's CPU, 2-2.4 s of wall at "
        "load 40) waits until no service request came for this many seconds, so that no "
        "request waits behind it: longer than a settle's wall under load and than the "
        "pauses of a busy client (a 2.6 s pause let a 1 s wait collide, "
        "bench/README_recall.md round 22); a planner is quieter while a skill runs. "
        "0: at once.", 0.0, 3600.0)
    heap_settle_max_wait_s: float = setting(
        600.0, "A due heap settle runs anyway after waiting this long for a quiet moment "
        "(a server that is never quiet still frees its frozen garbage).", 0.0, 86400.0)
    executor: str = setting(
        "single", "How callbacks are dispatched: 'single' = rclpy's SingleThreadedExecutor "
        "(rebuilds its wait set in Python before each callback); 'events' = rclpy's "
        "EventsExecutor (dispatches from C++: ~0.45 ms less server CPU per request, "
        "bench/README_recall.md round 19; with every capability since round 54; not the "
        "default: server CPU per request x0.884 but its per-subtask p99 not 5 % lower at "
        "the median of three A/B runs, round 55).",
        choices=EXECUTORS)
    request_ids_kept: int = setting(
        4096, "Answers kept for writes that carry a request_id (update_object, manage, "
        "record_outcome, end_episode): a re-sent write whose id is among them is answered "
        "with the kept answer, not applied again, also after a restart (they are kept in "
        "the memory's database). The least recent goes first, so this must "
        "exceed the writes all clients make while one client still re-sends (MemoryClient: "
        "its timeout, 10 s; the planner: its retries, 30 s).", 16, 1_000_000)
    request_answers_max_mb: float = setting(
        64.0, "Megabytes of those kept answers at most, the oldest forgotten first (an "
        "outcome's answer carries the changed units with their crops).", 1.0, 4096.0)

    def __post_init__(self) -> None:
        check_settings(self)


def message_fingerprint(message: Any) -> bytes:
    """A 16-byte digest of a ROS message's field values, for telling a re-sent request from
    another one under the same request id. Not of its CDR bytes: rclpy does not zero the
    alignment padding, so one message serializes to different bytes (a string "done" was
    followed by a stray 0x7f, round 35)."""
    digest = hashlib.blake2b(digest_size=16)
    _feed(digest, message)
    return digest.digest()


def _feed(digest: Any, value: Any) -> None:
    # Each value is tagged with its kind and length, so that no two messages feed the same
    # bytes (["ab", "c"] and ["a", "bc"] differ).
    if hasattr(value, "get_fields_and_field_types"):
        for name in value.get_fields_and_field_types():
            _feed(digest, getattr(value, name))
    elif isinstance(value, str):
        data = value.encode("utf-8", "surrogatepass")
        digest.update(b"s%d:" % len(data))
        digest.update(data)
    elif isinstance(value, (bytes, bytearray, array.array)) or hasattr(value, "tobytes"):
        data = bytes(value) if isinstance(value, (bytes, bytearray)) else value.tobytes()
        digest.update(b"b%d:" % len(data))
        digest.update(data)
    elif isinstance(value, (list, tuple)):
        digest.update(b"l%d:" % len(value))
        for item in value:
            _feed(digest, item)
    else:  # bool, int, float (repr tells 1 from 1.0 and True, and keeps nan)
        digest.update(f"{type(value).__name__}:{value!r};".encode())


class MemoryServer(Node):
    def __init__(self) -> None:
        # First: its first stage is the process's start to here (interpreter, imports).
        startup = StartupTimes()
        with startup.stage("node"):  # rclpy's node (and DDS's participant)
            super().__init__("memory_server")
        self._startup = startup
        # Parameters first, then the facade, once: nothing is loaded twice.
        with startup.stage("parameters"):
            self.settings = declare_settings(self, MemorySettings)
            server = declare_settings(self, ServerSettings)
        # Before any service exists: every answered request moves a due settle on.
        self._settle_schedule = SettleSchedule(
            time.monotonic(), first_s=server.heap_first_settle_s,
            period_s=server.heap_settle_period_s, quiet_s=server.heap_settle_quiet_s,
            max_wait_s=server.heap_settle_max_wait_s)
        self.executor_kind = server.executor  # read by run_node
        with startup.stage("memory"):
            self._memory = Memory(self.settings)
        # Written and read on the executor thread only (both executors are single-threaded):
        # a re-sent copy is handled after its first copy's answer is stored. Kept in the
        # memory's database: a copy reaching the server after a restart is not applied again.
        self._answered = AnsweredRequests(
            server.request_ids_kept, int(server.request_answers_max_mb * 1e6),
            store=self.memory.store)
        self.memory.short_term.add_eviction_listener(self._on_evicted)

        latched = QoSProfile(depth=1, durability=DurabilityPolicy.TRANSIENT_LOCAL,
                             reliability=ReliabilityPolicy.RELIABLE)
        self.stats_pub = self.create_publisher(
            MemoryStats, "memory/stats", latched,
            event_callbacks=PublisherEventCallbacks(matched=self._on_stats_matched))
        # Ticks that found no reader and stopped the stats timer (see _stats_tick).
        self.stats_idle_stops = 0
        self.events_pub = self.create_publisher(ObjectEvent, "memory/events", EVENTS_QOS)
        # Events of a request with an id, held until its one transaction has committed
        # (_answer_once): none goes out for a change a kill before the COMMIT undoes.
        self._held_events: list[ObjectEvent] | None = None
        self._stats_contributors: list[Callable[[MemoryStats], None]] = []
        self._reset_listeners: list[Callable[[], None]] = []
        self._event_listeners: list[Callable[[ObjectEvent], None]] = []
        # Time inside each service's handler (wall and CPU): a client's round trip minus
        # this is what the request spent in DDS and in the executor's queue.
        self.service_times = StageTimes()
        self.serve(UpdateObject, "memory/update_object", self._update_object)
        self.serve(QueryObject, "memory/query_object", self._query_object)
        self.serve(GetUnits, "memory/get_units", self._get_units)
        self.serve(Manage, "memory/manage", self._manage)
        self.capabilities: list[Capability] = []
        for name in dict.fromkeys(server.capabilities):
            capability = CAPABILITIES[name]()
            with startup.stage(f"capability.{name}"):
                capability.configure(self)
            self.capabilities.append(capability)
        self._stats_timer = self.create_timer(server.stats_period_s, self._stats_tick)
        self.heap = HeapSettler(settles_only=server.heap_settles_only)
        with startup.stage("heap_settle"):
            self.heap.settle()
        self._settle_timer = self.create_timer(max(1e-3, server.heap_first_settle_s),
                                               self._settle_tick)
        startup.mark("ready")
        self._publish_stats()
        st = self.memory.short_term
        self.get_logger().info(
            f"memory at {self.memory.store.path}: {len(st)} short-term units "
            f"({st.policy_name}, capacity {st.capacity}); capabilities: "
            f"{', '.join(c.name for c in self.capabilities) or 'none'}")
        if st.trimmed_on_load:
            self.get_logger().warning(
                f"short_term.capacity is below what was stored: evicted "
                f"{len(st.trimmed_on_load)} unit(s) at load")

    # -- the host interface (memory_node.nodes.host.MemoryHost) -------------------------------
    @property
    def node(self) -> Node:
        return self

    @property
    def memory(self) -> Memory:
        return self._memory

    @property
    def frame_id(self) -> str:
        return self.settings.frame_id

    @property
    def startup(self) -> StartupTimes:
        return self._startup

    def serve(self, srv_type: Any, name: str, handler: Handler) -> None:
        stage = name.rsplit("/", 1)[-1]
        first = f"first.{stage}"

        def answer(request: Any, response: Any) -> Any:
            try:
                with self.service_times.stage(stage):
                    handler(request, response)
                response.success = True
                response.error_code = ErrorCode.NONE
                self._startup.mark(first)
            except Exception as exc:  # a bug must not take the memory down with it
                self._reject_exception(name, response, exc)
            return response

        def callback(request: Any, response: Any) -> Any:
            request_id = getattr(request, "request_id", "")
            if request_id:
                response = self._answer_once(name, request, response, answer)
            else:
                response = answer(request, response)
            self._settle_schedule.request_done(time.monotonic())
            return response

        service = self.create_service(srv_type, name, callback, qos_profile=SERVICE_QOS)
        track_requests(self, service, srv_type, self.memory.counters.count, name)

    def declare_settings(self, cls: type[S], prefix: str) -> S:
        return declare_settings(self, cls, prefix)

    def publish_event(self, event: ObjectEvent) -> None:
        if self._held_events is not None:
            self._held_events.append(event)
        else:
            self._send_event(event)

    def _send_event(self, event: ObjectEvent) -> None:
        self.events_pub.publish(event)
        for listener in self._event_listeners:
            listener(event)

    def publish_change(self, before: ObjectMemoryUnit | None, after: ObjectMemoryUnit) -> None:
        if before is None:
            self._publish_event(ObjectEvent.NEW, after, new=after)
            return
        if before.position != after.position:
            self._publish_event(ObjectEvent.MOVED, after, old=before, new=after)
        if before.state != after.state:
            self._publish_event(ObjectEvent.STATE_CHANGED, after, old=before, new=after)

    def add_stats_contributor(self, contribute: Callable[[MemoryStats], None]) -> None:
        self._stats_contributors.append(contribute)

    def add_reset_listener(self, listener: Callable[[], None]) -> None:
        self._reset_listeners.append(listener)

    def add_event_listener(self, listener: Callable[[ObjectEvent], None]) -> None:
        self._event_listeners.append(listener)

    def require_topic_name(self, name: str, what: str) -> str:
        expanded = self.resolve_topic_name(name)
        try:
            validate_full_topic_name(expanded)
        except Exception as exc:
            raise ValueError(f"{what}={name!r} is not a valid topic name: {exc}") from None
        namespace = self.get_namespace().rstrip("/")
        if namespace and not expanded.startswith(namespace + "/"):
            raise ValueError(
                f"{what}={name!r} resolves to {expanded!r}, outside the server's namespace "
                f"{namespace!r}: this capability would not hear its own robot (use a "
                "relative name)")
        return name

    # -- plumbing -----------------------------------------------------------------------------
    def _answer_once(self, name: str, request: Any, response: Any,
                     answer: Callable[[Any, Any], Any]) -> Any:
        """`answer` a request that carries a request_id once: a re-sent copy (same id, same
        request) gets the stored answer and changes nothing; the same id on another request
        is refused (core/request_ids.py)."""
        try:
            check_request_id(request.request_id)
            fingerprint = message_fingerprint(request)
            stored = self._answered.lookup(name, request.request_id, fingerprint)
        except Exception as exc:
            self._reject_exception(name, response, exc)
            return response
        if stored is not None:
            self.memory.counters.count(f"repeated.{name.replace('/', '.')}")
            if stored == ANSWER_LOST:
                response.success = True
                response.error_code = ErrorCode.NONE
                response.message = ("applied before the memory server restarted; its "
                                    "answer was not kept")
                return response
            return deserialize_message(stored, type(response))
        held: list[ObjectEvent] = []
        self._held_events = held
        try:
            with self._answered.applying(name, request.request_id, fingerprint):
                response = answer(request, response)
        finally:
            self._held_events = None
        for event in held:  # committed: now the change may be told
            self._send_event(event)
        self._answered.remember(name, request.request_id, fingerprint,
                                serialize_message(response))
        return response

    def _reject_exception(self, name: str, response: Any, exc: Exception) -> None:
        code = code_of(exc)
        message = exc.args[0] if isinstance(exc, KeyError) and exc.args else str(exc)
        if code is ErrorCode.INTERNAL:
            self.get_logger().error(f"{name}: {traceback.format_exc()}")
            message = f"internal error: {type(exc).__name__}: {exc}"
        self._reject(name, response, code, str(message))

    def _reject(self, name: str, response: Any, code: ErrorCode, message: str) -> None:
        response.success = False
        response.error_code = int(code)
        response.message = message
        self.memory.counters.count(f"rejected.{name.replace('/', '.')}")
        self.get_logger().warning(
            f"{name}: rejected ({code.name}): {message}", throttle_duration_sec=1.0)

    # -- services -----------------------------------------------------------------------------
    def _update_object(self, request: UpdateObject.Request, response: Any) -> None:
        if request.operation == UpdateObject.Request.UPSERT:
            unit = unit_from_msg(request.unit, time.time())
            previous = self.memory.short_term.peek(unit.object_id)
            expected = request.expected_revision if request.use_expected_revision else None
            forgotten = self.memory.upsert_object(unit, expected)
            response.evicted_ids = [u.object_id for u in forgotten]
            stored = self.memory.short_term.peek(unit.object_id)
            if stored is not None:
                self.publish_change(previous, stored)
                response.revision = stored.revision
            response.message = (
                f"stored {unit.object_id}" if stored is not None
                else f"{unit.object_id} not admitted by the {self.memory.short_term.policy_name}"
                " policy"
            )
        elif request.operation == UpdateObject.Request.REMOVE:
            removed = self.memory.remove_object(request.unit.object_id)
            self._publish_event(ObjectEvent.REMOVED, removed, old=removed)
            response.message = f"removed {removed.object_id}"
        else:
            raise ValueError(f"unknown operation {request.operation} (0=UPSERT, 1=REMOVE)")

    def _query_object(self, request: QueryObject.Request, response: Any) -> None:
        near = from_point(request.near) if request.use_near else None
        query = self.memory.recall.query_text if request.free_text else self.memory.query_object
        candidates = query(request.query, near=near, max_results=request.max_results or 10)
        response.candidates = [candidate_to_msg(c) for c in candidates]
        response.message = f"{len(candidates)} candidate(s) for {request.query.strip()!r}"

    def _get_units(self, request: GetUnits.Request, response: Any) -> None:
        lookups = self.memory.get_units(list(request.object_ids))
        response.units = [unit_to_msg(x.unit) if x.unit is not None
                          else MemoryUnit(object_id=x.object_id) for x in lookups]
        response.error_codes = [int(x.code) for x in lookups]
        found = sum(1 for x in lookups if x.unit is not None)
        response.message = f"{found} of {len(lookups)} found"

    def _manage(self, request: Manage.Request, response: Any) -> None:
        command = request.command
        if command == Manage.Request.SAVE:
            response.path = str(self.memory.save(request.path))
        elif command == Manage.Request.SNAPSHOT:
            path = self.memory.save(request.path) if request.path else self.memory.snapshot()
            response.path = str(path)
        elif command == Manage.Request.LOAD:
            response.path = str(self.memory.load(request.path))
        elif command == Manage.Request.CLEAR:
            self.memory.clear()
        else:
            raise ValueError(f"unknown command {command} (0=SAVE, 1=LOAD, 2=CLEAR, 3=SNAPSHOT)")
        names = {0: "saved", 1: "loaded", 2: "cleared", 3: "snapshot"}
        response.message = f"{names[command]} {response.path}".strip()
        if command in (Manage.Request.LOAD, Manage.Request.CLEAR):
            for listener in self._reset_listeners:
                listener()
        self._publish_stats()

    # -- topics -------------------------------------------------------------------------------
    def _on_evicted(self, unit: ObjectMemoryUnit) -> None:
        self._publish_event(ObjectEvent.EVICTED, unit, old=unit)

    def _publish_event(
        self,
        kind: int,
        unit: ObjectMemoryUnit,
        old: ObjectMemoryUnit | None = None,
        new: ObjectMemoryUnit | None = None,
    ) -> None:
        event = ObjectEvent(kind=kind, object_id=unit.object_id, label=unit.label,
                            area_id=unit.area_id)
        event.header.stamp = self.get_clock().now().to_msg()
        event.header.frame_id = self.frame_id
        if old is not None:
            event.old_position, event.old_state = to_point(old.position), old.state
        if new is not None:
            event.new_position, event.new_state = to_point(new.position), new.state
            # A written unit's state is as certain as the unit (an outcome's is 1).
            event.state_confidence = float(min(1.0, max(0.0, new.confidence)))
        self.publish_event(event)

    def _settle_tick(self) -> None:
        """Settle the heap if it is due and the services are quiet; the one timer is then
        set to the next moment it may be (a busy server's tick comes once per quiet_s)."""
        schedule = self._settle_schedule
        wait = schedule.wait_s(time.monotonic())
        if wait is not None and wait <= 0.0:
            if schedule.confirm():
                self.heap.settle()
                schedule.settled(time.monotonic())
                wait = schedule.wait_s(time.monotonic())
            # else armed: back at the next turn, after the requests ready beside this tick.
        if wait is None:
            self._settle_timer.cancel()
            return
        # A timer's next call is its last call (reset: now) plus its period.
        self._settle_timer.timer_period_ns = max(1_000_000, int(wait * 1e9))
        self._settle_timer.reset()

    def _stats_tick(self) -> None:
        # Built and sent only while someone reads it: with no reader the message (hundreds of
        # counters, ~1 ms of the executor thread each, 1-4 ms on a loaded host) and the
        # timer's own wake-up were most of an idle server's CPU and 4-14 % of a planner
        # request's in the DDS bench (bench/README_recall.md, rounds 53 and 56). The timer stops
        # here and a reader's match starts it again (_on_stats_matched), so an idle server
        # without a reader is not woken at all.
        if self.stats_pub.get_subscription_count() == 0:
            self._stats_timer.cancel()
            self.stats_idle_stops += 1
            return
        self._publish_stats()

    def _on_stats_matched(self, info: Any) -> None:
        # On the count of readers, not the event's change: rclpy 9.1's EventsExecutor gives
        # a match made before it took the node change 0 (as for the markers, round 55). An
        # unmatch leaves the count at 0; the next tick stops the timer.
        if info.current_count <= 0 or not self._stats_timer.is_canceled():
            return
        # A fresh message for the reader that just came (the latched one is as old as the
        # last reader's leaving), then one a period, as before.
        self._stats_timer.reset()
        self._publish_stats()

    def _publish_stats(self) -> None:
        # Timed like a service: it runs on the executor thread that applies camera frames.
        with self.service_times.stage("stats"):
            self._publish_stats_now()

    def _publish_stats_now(self) -> None:
        st = self.memory.short_term
        hr = st.hit_rate
        msg = MemoryStats(
            policy=st.policy_name, short_term_size=len(st), short_term_capacity=st.capacity,
            queries=hr.queries, hits=hr.hits, hit_rate=hr.hit_rate,
            warm_queries=hr.warm_queries, warm_hits=hr.warm_hits,
            warm_hit_rate=hr.warm_hit_rate or 0.0, evictions=st.evictions)
        # Extended, not passed to the constructor: its setter checks every element again.
        msg.counters.extend(key_values(chain(
            sorted(self.memory.counters.by_reason.items()),
            self.heap.counters().items(),
            [("heap.last_settle_wait_s", f"{self._settle_schedule.last_wait_s:.2f}")],
            zip(("store.checkpoints", "store.checkpoint_errors"),
                self.memory.store.checkpoints, strict=True),
            self.service_times.counters("service.").items(),
            self._startup.counters().items())))
        msg.header.stamp = self.get_clock().now().to_msg()
        msg.header.frame_id = self.frame_id
        for contribute in self._stats_contributors:
            contribute(msg)
        self.stats_pub.publish(msg)

    def destroy_node(self) -> None:
        # A start that failed (exit status 2) gets here too, with less to clean up.
        for capability in reversed(getattr(self, "capabilities", [])):
            capability.cleanup()
        if getattr(self, "heap", None) is not None:
            self.heap.close()
        if getattr(self, "_memory", None) is not None:
            self.memory.close()
        super().destroy_node()


def main(args: list[str] | None = None) -> int:
    # Stopped, the process exits without the interpreter's teardown of the server's heap,
    # most of a stop's time on a loaded host (runner.end_process).
    return run_node(MemoryServer, "memory_server", args, exit_when_stopped=True)


if __name__ == "__main__":
    sys.exit(main())
