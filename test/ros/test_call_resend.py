"""The test harness's call when every answer is slower than its re-send.

CI at load (round 67, test_sim_perception): a scene-graph read re-sent every 2 s ran out
of its 20 s while the server answered every copy: its executor applied one camera frame
per turn and a turn took longer than 2 s, so each answer came after the harness had
dropped the send it answered. The server here is a real rclpy service on its own node and
executor whose every answer is held until the client has sent the request once more: the
harness must take the first answer, not wait for one that beats the next re-send."""

from __future__ import annotations

import threading
from collections.abc import Iterator
from typing import Any

import pytest
import rclpy
from rclpy.executors import SingleThreadedExecutor
from rclpy.node import Node
from ros_harness import call, spin_until

from memory_node.srv import GetSceneGraph

pytestmark = pytest.mark.ros

RESEND_S = 0.2
TIMEOUT_S = 20.0


class _CountingClient:
    """A client that counts its sends and lets the server see the count."""

    def __init__(self, node: Node, name: str) -> None:
        self.client: Any = node.create_client(GetSceneGraph, name)
        self.srv_name = self.client.srv_name
        self.sent = 0
        self.changed = threading.Condition()

    def call_async(self, request: Any) -> Any:
        future = self.client.call_async(request)
        with self.changed:
            self.sent += 1
            self.changed.notify_all()
        return future

    def remove_pending_request(self, future: Any) -> None:
        self.client.remove_pending_request(future)

    def wait_for_sends(self, count: int, stop: threading.Event) -> bool:
        with self.changed:
            return self.changed.wait_for(lambda: self.sent >= count or stop.is_set())


@pytest.fixture()
def slow_server(ros_context: None, client_node: Node
                ) -> Iterator[tuple[_CountingClient, list[int]]]:
    node = rclpy.create_node("slow_reader")
    client = _CountingClient(client_node, "slow_reader/get")
    stop = threading.Event()
    answered: list[int] = []

    def answer(request: Any, response: Any) -> Any:
        number = len(answered) + 1
        # Answer the k-th request only once the client has sent request k + 1: every
        # answer comes after the re-send that follows its request.
        client.wait_for_sends(number + 1, stop)
        response.success = True
        response.message = str(number)
        answered.append(number)
        return response

    node.create_service(GetSceneGraph, "slow_reader/get", answer)
    executor = SingleThreadedExecutor()
    executor.add_node(node)
    thread = threading.Thread(target=executor.spin, daemon=True)
    thread.start()
    try:
        yield client, answered
    finally:
        stop.set()
        with client.changed:
            client.changed.notify_all()
        executor.shutdown()
        thread.join(timeout=10)
        node.destroy_node()


def test_an_answer_that_comes_after_the_next_resend_is_taken(
        slow_server: tuple[_CountingClient, list[int]], client_node: Node) -> None:
    client, answered = slow_server
    spin_until(client_node, lambda: client.client.service_is_ready(), timeout=30,
               what="the slow server")
    response = call(client_node, client, GetSceneGraph.Request(format="graph"),
                    timeout=TIMEOUT_S, resend_after=RESEND_S)
    # An answer to a send before the last one (each came only after the next send): taken,
    # not dropped. (A new client's first answer may be lost on the way: then the second's.)
    assert response.success and 1 <= int(response.message) < client.sent, (
        response.message, client.sent)
    assert answered[0] == 1
