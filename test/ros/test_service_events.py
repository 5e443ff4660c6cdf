"""The dropped-requests count's event readers add no waitables to the executor's wait
sets (round 33), and still count; events forged by another node count nothing (round 38)."""

from __future__ import annotations

import time
from collections.abc import Iterator
from typing import Any

import pytest
from rclpy.executors import SingleThreadedExecutor
from rclpy.node import Node

from memory_node.nodes.qos import SERVICE_QOS, track_requests
from memory_node.srv import GetUnits

REQUESTS = 12


@pytest.fixture()
def served(client_node: Node) -> Iterator[tuple[Node, dict[str, int], list[Any]]]:
    import rclpy

    server = rclpy.create_node("test_service_events_server")
    counts: dict[str, int] = {}

    def count(key: str, n: int) -> None:
        counts[key] = counts.get(key, 0) + n

    service = server.create_service(GetUnits, "events_test/get_units",
                                     lambda q, r: r, qos_profile=SERVICE_QOS)
    waitables = len(list(server.waitables))
    track_requests(server, service, GetUnits, count, "events_test/get_units")
    # rclpy's default QoS-event handlers are two waitables per subscription, entered and
    # checked in every wait set the executor builds (main's code: 2 more here).
    assert len(list(server.waitables)) == waitables
    [events] = [s for s in server.subscriptions if s.topic_name.endswith("/_service_event")]
    delivered: list[Any] = []
    inner = events.callback

    def seen(event: Any, info: Any) -> None:  # every event the server's executor is handed
        delivered.append(event.info.event_type)
        inner(event, info)

    events.callback = seen
    yield server, counts, delivered
    server.destroy_node()


def test_requests_are_counted_without_event_handlers(
        client_node: Node, served: tuple[Node, dict[str, int], list[Any]]) -> None:
    from service_msgs.msg import ServiceEventInfo

    server, counts, delivered = served
    client = client_node.create_client(GetUnits, "events_test/get_units",
                                       qos_profile=SERVICE_QOS)
    executor = SingleThreadedExecutor()
    executor.add_node(server)
    executor.add_node(client_node)
    try:
        assert client.wait_for_service(timeout_sec=30)
        for _ in range(REQUESTS):
            future = client.call_async(GetUnits.Request(object_ids=["absent"]))
            executor.spin_until_future_complete(future, timeout_sec=20)
            assert future.done()
        received = ServiceEventInfo.REQUEST_RECEIVED
        deadline = time.monotonic() + 20
        while delivered.count(received) < REQUESTS and time.monotonic() < deadline:
            executor.spin_once(timeout_sec=0.1)
    finally:
        executor.remove_node(server)
        executor.remove_node(client_node)
    [events] = [s for s in server.subscriptions if s.topic_name.endswith("/_service_event")]
    assert events.event_handlers == []
    assert delivered.count(received) == REQUESTS
    assert counts["dropped.requests.events_test.get_units"] == 0


def test_forged_service_events_count_nothing_and_real_losses_still_count(
        client_node: Node, served: tuple[Node, dict[str, int], list[Any]]) -> None:
    """Anyone may publish on the introspection topic: a forged event claiming request 1, then
    100,000 of a client must not add 99,998 dropped requests. Requests the server really
    lost (more than its queue holds, sent while it did not take any) still count."""
    from service_msgs.msg import ServiceEventInfo

    server, counts, delivered = served
    key = "dropped.requests.events_test.get_units"
    received = ServiceEventInfo.REQUEST_RECEIVED
    forger = client_node.create_publisher(GetUnits.Event, "events_test/get_units/_service_event",
                                          SERVICE_QOS)
    client = client_node.create_client(GetUnits, "events_test/get_units",
                                       qos_profile=SERVICE_QOS)
    executor = SingleThreadedExecutor()
    executor.add_node(server)
    executor.add_node(client_node)

    def spin_until(done: Any, what: str) -> None:
        deadline = time.monotonic() + 20
        while not done() and time.monotonic() < deadline:
            executor.spin_once(timeout_sec=0.1)
        assert done(), what

    try:
        assert client.wait_for_service(timeout_sec=30)
        future = client.call_async(GetUnits.Request(object_ids=["absent"]))
        executor.spin_until_future_complete(future, timeout_sec=20)
        spin_until(lambda: delivered.count(received) == 1, "the server's own first event")
        for sequence in (1, 100_000):
            forged = GetUnits.Event()
            forged.info.event_type = received
            forged.info.client_gid = [0x7F] * 16
            forged.info.sequence_number = sequence
            forger.publish(forged)
        spin_until(lambda: delivered.count(received) == 3, "the forged events delivered")
        assert counts[key] == 0
        # The client's requests 2 .. depth+6 are written while the server takes nothing: its
        # request queue keeps the last `depth`, so 5 are lost before the server sees them.
        depth = SERVICE_QOS.depth
        flood = [client.call_async(GetUnits.Request(object_ids=["absent"]))
                 for _ in range(depth + 5)]
        spin_until(lambda: counts[key] + sum(f.done() for f in flood) == len(flood),
                   "every request answered or counted")
        assert counts[key] > 0
    finally:
        executor.remove_node(server)
        executor.remove_node(client_node)
