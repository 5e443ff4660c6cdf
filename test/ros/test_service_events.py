"""The dropped-requests count's event readers add no waitables to the executor's wait
sets (round 33), are in none of its wait sets at all (round 53: taken by hand, `drain`), and
still count; events forged by another node count nothing (round 38)."""

from __future__ import annotations

import time
from collections.abc import Callable, Iterator
from typing import Any

import pytest
from rclpy.executors import SingleThreadedExecutor
from rclpy.node import Node

from memory_node.nodes.qos import SERVICE_QOS, track_requests
from memory_node.srv import GetUnits

REQUESTS = 12


@pytest.fixture()
def served(client_node: Node
           ) -> Iterator[tuple[Node, dict[str, int], list[Any], Callable[[], int]]]:
    import rclpy

    server = rclpy.create_node("test_service_events_server")
    counts: dict[str, int] = {}

    def count(key: str, n: int) -> None:
        counts[key] = counts.get(key, 0) + n

    service = server.create_service(GetUnits, "events_test/get_units",
                                     lambda q, r: r, qos_profile=SERVICE_QOS)
    waitables = len(list(server.waitables))
    drain = track_requests(server, service, GetUnits, count, "events_test/get_units")
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
    yield server, counts, delivered, drain
    server.destroy_node()


def test_requests_are_counted_without_event_handlers(
        client_node: Node,
        served: tuple[Node, dict[str, int], list[Any], Callable[[], int]]) -> None:
    from service_msgs.msg import ServiceEventInfo

    server, counts, delivered, drain = served
    client = client_node.create_client(GetUnits, "events_test/get_units",
                                       qos_profile=SERVICE_QOS)
    executor = SingleThreadedExecutor()
    executor.add_node(server)
    executor.add_node(client_node)
    [events] = [s for s in server.subscriptions if s.topic_name.endswith("/_service_event")]
    try:
        assert client.wait_for_service(timeout_sec=30)
        # The reader is in no wait set the executor builds (main's code: it was in every
        # one, and each event woke the executor for a round of its own).
        assert not executor.can_execute(events)
        for _ in range(REQUESTS):
            future = client.call_async(GetUnits.Request(object_ids=["absent"]))
            executor.spin_until_future_complete(future, timeout_sec=20)
            assert future.done()
        received = ServiceEventInfo.REQUEST_RECEIVED
        deadline = time.monotonic() + 20
        # Both events of every request, taken by hand only (the server drains after each
        # request it answers and before its stats); the executor was handed none.
        while len(delivered) < 2 * REQUESTS and time.monotonic() < deadline:
            executor.spin_once(timeout_sec=0.1)
            assert delivered == [], "the executor took a service event"
            drain()
    finally:
        executor.remove_node(server)
        executor.remove_node(client_node)
    assert events.event_handlers == []
    assert delivered.count(received) == REQUESTS
    assert len(delivered) == 2 * REQUESTS
    assert drain() == 0
    assert counts["dropped.requests.events_test.get_units"] == 0


def test_forged_service_events_count_nothing_and_real_losses_still_count(
        client_node: Node,
        served: tuple[Node, dict[str, int], list[Any], Callable[[], int]]) -> None:
    """Anyone may publish on the introspection topic: a forged event claiming request 1, then
    100,000 of a client must not add 99,998 dropped requests. Requests the server really
    lost (more than its queue holds, sent while it did not take any) still count."""
    from service_msgs.msg import ServiceEventInfo

    server, counts, delivered, drain = served
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
        # As the memory server does: the events drained after each request it answers
        # (here after each executor round) and before it reports the count.
        deadline = time.monotonic() + 20
        while not done() and time.monotonic() < deadline:
            executor.spin_once(timeout_sec=0.1)
            drain()
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
