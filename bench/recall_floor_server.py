"""The floor of a /memory/recall round trip on this host: a bench-only process that answers
the memory's Recall service with a fixed answer and does no recall work (round 46, issue 11
part 4). Never a memory: `bench/recall_dds_floor.py` times it beside the real memory server,
and the difference is what the server's handler and its own bookkeeping add.

What it shares with the memory server: the service name and type, its QoS
(`memory_node.nodes.qos.SERVICE_QOS`), rclpy's SingleThreadedExecutor spun by `rclpy.spin`
(the server's default `executor: single`) with `runner.spin_until_stopped`. What it
lacks: every other endpoint, timer and callback of the server, unless asked:

* ``--events``: the service's introspection events and their reader, exactly as the server
  counts dropped requests (`qos.track_requests`: rcl writes REQUEST_RECEIVED and
  RESPONSE_SENT per request, and the executor runs the reader's callback for each);
* ``--server-entities S,U``: besides (implies ``--events``), idle entities in the memory
  server's numbers (S services in all, each with its events' reader, U subscriptions, as
  the DDS graph lists them for the running server; 4 timers of an hour), none ever
  called: what the executor's wait set costs per round when it is the server's size;
* ``--answer FILE``: the answer is FILE's serialised Recall.Response (a real answer, so
  DDS and both processes' (de)serialisation carry a real answer's size); else an empty answer
  with ``success`` set (a few dozen bytes).

    python bench/recall_floor_server.py [--events] [--server-entities S,U] [--answer FILE]
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import Any

import rclpy
from rclpy.node import Node
from rclpy.serialization import deserialize_message
from std_msgs.msg import String

from memory_node.nodes.qos import SERVICE_QOS, track_requests
from memory_node.nodes.runner import spin_until_stopped
from memory_node.srv import Recall

SERVER_TIMERS = 4   # the memory server's timers (round 33's count)


class RecallFloor(Node):
    """Answers /memory/recall with one fixed answer (bench only: the transport's floor)."""

    def __init__(self, answer: Recall.Response, events: bool,
                 entities: tuple[int, int] | None = None) -> None:
        super().__init__("recall_floor")
        self.answer = answer
        self.served = 0
        service = self.create_service(Recall, "/memory/recall", self.on_recall,
                                      qos_profile=SERVICE_QOS)
        def count(_key: str, _n: int) -> None:
            pass  # the floor keeps no counters; the reader's callback is what it pays
        if events or entities:
            track_requests(self, service, Recall, count, "/memory/recall")
        if entities:
            # The memory server's wait set, idle here (its service-event readers have no
            # QoS-event handlers, as track_requests makes them here too).
            services, subscriptions = entities
            for i in range(services - 1):
                idle = self.create_service(Recall, f"/recall_floor/idle_{i}", self.on_recall,
                                           qos_profile=SERVICE_QOS)
                track_requests(self, idle, Recall, count, f"/recall_floor/idle_{i}")
            for i in range(subscriptions):
                self.create_subscription(String, f"/recall_floor/topic_{i}",
                                         lambda _m: None, 10)
            for _ in range(SERVER_TIMERS):
                self.create_timer(3600.0, lambda: None)

    def on_recall(self, _request: Any, _response: Any) -> Recall.Response:
        self.served += 1
        return self.answer


def main() -> int:
    argv = rclpy.utilities.remove_ros_args(sys.argv)[1:]
    ap = argparse.ArgumentParser()
    ap.add_argument("--events", action="store_true")
    ap.add_argument("--server-entities", default="")
    ap.add_argument("--answer", type=Path)
    args = ap.parse_args(argv)
    if args.answer is not None:
        answer = deserialize_message(args.answer.read_bytes(), Recall.Response)
    else:
        answer = Recall.Response(success=True)
    rclpy.init(args=sys.argv)
    entities = (tuple(int(x) for x in args.server_entities.split(","))
                if args.server_entities else None)
    node = RecallFloor(answer, args.events, entities)  # type: ignore[arg-type]
    try:
        spin_until_stopped(node, "recall_floor")
    finally:
        node.destroy_node()
        rclpy.try_shutdown()
    return 0


if __name__ == "__main__":
    sys.exit(main())
