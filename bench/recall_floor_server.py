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
* ``--answer FILE``: the answer is FILE's serialised Recall.Response (a real answer, so
  DDS and both processes' (de)serialisation carry a real answer's size); else an empty answer
  with ``success`` set (a few dozen bytes).

    python bench/recall_floor_server.py [--events] [--answer FILE] --ros-args ...
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import Any

import rclpy
from rclpy.node import Node
from rclpy.serialization import deserialize_message

from memory_node.nodes.qos import SERVICE_QOS, track_requests
from memory_node.nodes.runner import spin_until_stopped
from memory_node.srv import Recall


class RecallFloor(Node):
    """Answers /memory/recall with one fixed answer (bench only: the transport's floor)."""

    def __init__(self, answer: Recall.Response, events: bool) -> None:
        super().__init__("recall_floor")
        self.answer = answer
        self.served = 0
        service = self.create_service(Recall, "/memory/recall", self.on_recall,
                                      qos_profile=SERVICE_QOS)
        if events:
            def count(_key: str, _n: int) -> None:
                pass  # the floor keeps no counters; the reader's callback is what it pays
            track_requests(self, service, Recall, count, "/memory/recall")

    def on_recall(self, _request: Any, _response: Any) -> Recall.Response:
        self.served += 1
        return self.answer


def main() -> int:
    argv = rclpy.utilities.remove_ros_args(sys.argv)[1:]
    ap = argparse.ArgumentParser()
    ap.add_argument("--events", action="store_true")
    ap.add_argument("--answer", type=Path)
    args = ap.parse_args(argv)
    if args.answer is not None:
        answer = deserialize_message(args.answer.read_bytes(), Recall.Response)
    else:
        answer = Recall.Response(success=True)
    rclpy.init(args=sys.argv)
    node = RecallFloor(answer, args.events)
    try:
        spin_until_stopped(node, "recall_floor")
    finally:
        node.destroy_node()
        rclpy.try_shutdown()
    return 0


if __name__ == "__main__":
    sys.exit(main())
