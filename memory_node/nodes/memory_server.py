"""memory_server: owns the memory (memory_node.core.memory.Memory) and serves /memory/*."""

from __future__ import annotations

import sys
import time
import traceback
from collections.abc import Callable
from pathlib import Path
from typing import Any

from diagnostic_msgs.msg import KeyValue
from rclpy.node import Node
from rclpy.qos import DurabilityPolicy, QoSProfile, ReliabilityPolicy

from memory_node.core.cache import POLICY_NAMES
from memory_node.core.errors import MemoryRequestError, code_of
from memory_node.core.memory import Memory, MemoryConfig
from memory_node.core.units import ObjectMemoryUnit
from memory_node.msg import MemoryStats, ObjectEvent
from memory_node.nodes.conversions import (
    candidate_to_msg,
    from_point,
    to_point,
    unit_from_msg,
)
from memory_node.nodes.params import declare
from memory_node.nodes.qos import SERVICE_QOS, track_requests
from memory_node.nodes.recall_services import attach_recall_services
from memory_node.nodes.runner import run_node
from memory_node.nodes.scene_graph_interface import attach_scene_graph
from memory_node.srv import Manage, QueryObject, UpdateObject

# Errors a request can cause: reported in the response, never fatal to the node.
_REQUEST_ERRORS = (ValueError, KeyError, FileNotFoundError, TypeError, OverflowError,
                   MemoryRequestError)


class MemoryServer(Node):
    def __init__(self) -> None:
        super().__init__("memory_server")
        config = MemoryConfig(
            memory_dir=Path(declare(
                self, "memory_dir", "~/.ros/memory_node",
                "Directory of the SQLite memory and its snapshots.")).expanduser(),
            database_file=declare(
                self, "database_file", "memory.sqlite",
                "File name of the memory database inside memory_dir."),
            short_term_capacity=declare(
                self, "short_term.capacity", 25,
                "Object memory units the short-term memory holds.", 1, 100_000),
            short_term_policy=declare(
                self, "short_term.policy", "wtinylfu",
                "Replacement policy of the short-term memory.", choices=POLICY_NAMES),
            durability=declare(
                self, "durability", "full",
                "SQLite synchronous mode for acknowledged writes.", choices=("full", "normal")),
        )
        self.frame_id = declare(self, "frame_id", "map", "Frame of every published position.")
        stats_period = declare(
            self, "stats_period_s", 1.0, "Period of /memory/stats in seconds.", 0.05, 3600.0)
        self.memory = Memory(config)
        self.memory.short_term.add_eviction_listener(self._on_evicted)

        latched = QoSProfile(depth=1, durability=DurabilityPolicy.TRANSIENT_LOCAL,
                             reliability=ReliabilityPolicy.RELIABLE)
        self.stats_pub = self.create_publisher(MemoryStats, "/memory/stats", latched)
        self.events_pub = self.create_publisher(ObjectEvent, "/memory/events", 100)
        # Capabilities fill the fields of /memory/stats they own (e.g. scene-graph sizes).
        self.stats_contributors: list[Callable[[MemoryStats], None]] = []
        self._serve(UpdateObject, "/memory/update_object", self._update_object)
        self._serve(QueryObject, "/memory/query_object", self._query_object)
        self._serve(Manage, "/memory/manage", self._manage)
        # Capabilities attach their services and topics below, one line each.
        attach_recall_services(self, self.memory)
        attach_scene_graph(self, self.memory)
        self.create_timer(stats_period, self._publish_stats)
        self._publish_stats()
        self.get_logger().info(
            f"memory at {self.memory.store.path}: {len(self.memory.short_term)} short-term "
            f"units ({config.short_term_policy}, capacity {config.short_term_capacity})"
        )
        if self.memory.short_term.trimmed_on_load:
            self.get_logger().warning(
                f"short_term.capacity is below what was stored: evicted "
                f"{len(self.memory.short_term.trimmed_on_load)} unit(s) at load")

    # -- plumbing -----------------------------------------------------------------------------
    def _serve(self, srv_type: Any, name: str, handler: Callable[[Any, Any], None]) -> None:
        def callback(request: Any, response: Any) -> Any:
            try:
                handler(request, response)
                response.success = True
            except _REQUEST_ERRORS as exc:
                message = exc.args[0] if isinstance(exc, KeyError) and exc.args else str(exc)
                self._reject(name, response, str(message))
                response.error_code = int(code_of(exc))
            except Exception as exc:  # a bug must not take the memory down with it
                self.get_logger().error(f"{name}: {traceback.format_exc()}")
                self._reject(name, response, f"internal error: {type(exc).__name__}: {exc}")
                response.error_code = int(code_of(exc))
            return response

        service = self.create_service(srv_type, name, callback, qos_profile=SERVICE_QOS)
        track_requests(service, self.memory.counters.count, name)

    def _reject(self, name: str, response: Any, message: str) -> None:
        response.success = False
        response.message = message
        self.memory.counters.count(f"rejected{name.replace('/', '.')}")
        self.get_logger().warning(
            f"{name}: rejected: {message}", throttle_duration_sec=1.0)

    # -- services -----------------------------------------------------------------------------
    def _update_object(self, request: UpdateObject.Request, response: Any) -> None:
        if request.operation == UpdateObject.Request.UPSERT:
            unit = unit_from_msg(request.unit, time.time())
            previous = self.memory.short_term.peek(unit.object_id)
            forgotten = self.memory.upsert_object(unit)
            response.evicted_ids = [u.object_id for u in forgotten]
            stored = self.memory.short_term.peek(unit.object_id)
            if stored is not None:
                self._publish_change(previous, stored)
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
        self._publish_stats()

    # -- topics -------------------------------------------------------------------------------
    def _on_evicted(self, unit: ObjectMemoryUnit) -> None:
        self._publish_event(ObjectEvent.EVICTED, unit, old=unit)

    def _publish_change(self, previous: ObjectMemoryUnit | None, unit: ObjectMemoryUnit) -> None:
        if previous is None:
            self._publish_event(ObjectEvent.NEW, unit, new=unit)
            return
        if previous.position != unit.position:
            self._publish_event(ObjectEvent.MOVED, unit, old=previous, new=unit)
        if previous.state != unit.state:
            self._publish_event(ObjectEvent.STATE_CHANGED, unit, old=previous, new=unit)

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
        self.events_pub.publish(event)

    def _publish_stats(self) -> None:
        st = self.memory.short_term
        hr = st.hit_rate
        msg = MemoryStats(
            policy=st.policy_name, short_term_size=len(st), short_term_capacity=st.capacity,
            queries=hr.queries, hits=hr.hits, hit_rate=hr.hit_rate,
            warm_queries=hr.warm_queries, warm_hits=hr.warm_hits,
            warm_hit_rate=hr.warm_hit_rate or 0.0, evictions=st.evictions,
            counters=[KeyValue(key=k, value=str(v))
                      for k, v in sorted(self.memory.counters.by_reason.items())],
        )
        msg.header.stamp = self.get_clock().now().to_msg()
        msg.header.frame_id = self.frame_id
        for contribute in self.stats_contributors:
            contribute(msg)
        self.stats_pub.publish(msg)

    def destroy_node(self) -> None:
        memory = getattr(self, "memory", None)  # None when the start itself failed
        if memory is not None:
            memory.close()
        super().destroy_node()


def main(args: list[str] | None = None) -> int:
    return run_node(MemoryServer, "memory_server", args)


if __name__ == "__main__":
    sys.exit(main())
