"""memory/stats is built and sent only while a reader is matched: with none the server's
stats timer stops (an idle server is not woken), a reader that comes gets a message made
after it subscribed at once and then one a period, and its leaving stops the timer again.

Before round 56 the message (hundreds of counters) was built and published every period
whether or not anybody read it: most of an idle server's CPU and 4-14 % of a planner
request's in the DDS bench, whose servers nobody reads while it times them
(bench/README_recall.md, round 56). Under both executors: rclpy 9.1's EventsExecutor
reports some matches with a change of 0 (round 55), so the count of readers decides.
"""

from __future__ import annotations

import time
from pathlib import Path
from typing import Any

import pytest
from rclpy.executors import SingleThreadedExecutor
from rclpy.node import Node
from rclpy.qos import DurabilityPolicy, QoSProfile, ReliabilityPolicy
from ros_harness import in_process_server

from memory_node.msg import MemoryStats

WAIT_S = 20.0
PERIOD_S = 0.05
LATCHED = QoSProfile(depth=1, durability=DurabilityPolicy.TRANSIENT_LOCAL,
                     reliability=ReliabilityPolicy.RELIABLE)


def _executor(kind: str) -> Any:
    if kind == "events":
        from rclpy.experimental import EventsExecutor  # noqa: PLC0415  (experimental)

        return EventsExecutor()
    return SingleThreadedExecutor()


def _stamp_ns(msg: MemoryStats) -> int:
    return msg.header.stamp.sec * 1_000_000_000 + msg.header.stamp.nanosec


@pytest.mark.parametrize("kind", ["single", "events"])
def test_stats_are_sent_only_while_a_reader_is_matched(kind: str, client_node: Node,
                                                       tmp_path: Path) -> None:
    server = in_process_server(tmp_path, ["experience"], stats_period_s=PERIOD_S)
    server_executor = _executor(kind)
    reader = SingleThreadedExecutor()

    def spin_until(predicate: Any, what: str) -> None:
        deadline = time.monotonic() + WAIT_S
        while not predicate():
            assert time.monotonic() < deadline, f"{what}: not within {WAIT_S} s under {kind}"
            server_executor.spin_once(timeout_sec=PERIOD_S / 5)
            reader.spin_once(timeout_sec=0.0)

    try:
        server_executor.add_node(server)
        reader.add_node(client_node)
        # Nobody reads: the first tick stops the timer, and nothing wakes the server for it.
        # (getattr: on a server that always sends, the wait fails on its message, not here)
        spin_until(lambda: getattr(server, "stats_idle_stops", 0) >= 1,
                   "the stats timer stopped (no reader)")
        assert server._stats_timer.is_canceled()

        received: list[MemoryStats] = []
        subscribed_ns = server.get_clock().now().nanoseconds
        subscription = client_node.create_subscription(MemoryStats, "/memory/stats",
                                                       received.append, LATCHED)

        def fresh() -> list[MemoryStats]:
            return [m for m in received if _stamp_ns(m) >= subscribed_ns]

        # A reader came: one made after it subscribed arrives, then one a period.
        spin_until(lambda: len(fresh()) >= 4, "four stats messages made after subscribing")
        stamps = [_stamp_ns(m) for m in fresh()]
        assert stamps == sorted(stamps) and len(set(stamps)) == len(stamps)
        assert not server._stats_timer.is_canceled()
        stops = server.stats_idle_stops

        # It left: the timer stops again.
        client_node.destroy_subscription(subscription)
        spin_until(lambda: server.stats_idle_stops > stops,
                   "the stats timer stopped after the reader left")
        assert server._stats_timer.is_canceled()
        server_executor.remove_node(server)
        reader.remove_node(client_node)
    finally:
        server.destroy_node()
