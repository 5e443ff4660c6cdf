"""The test harness's send_goal against a server that drops its first answer.

CI (round 21) lost a planner goal this way: the server's rmw gave up on the response to a
client it had not matched yet, rclpy dropped the goal, and the test waited 120 s for an
answer that never came. The server here is a real rclpy action server on its own node and
executor; only its first goal request goes unanswered, as that one did."""

from __future__ import annotations

import threading
from collections.abc import Iterator
from typing import Any

import pytest
import rclpy
from rclpy.action import ActionClient, ActionServer
from rclpy.executors import SingleThreadedExecutor
from rclpy.node import Node
from ros_harness import send_goal, spin_until

from memory_node.action import ExecuteSkill

pytestmark = pytest.mark.ros


class _DropsFirstAnswer(ActionServer):
    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.requests = 0

    async def _execute_goal_request(self, request_header_and_message: Any) -> None:
        self.requests += 1
        if self.requests == 1:
            return               # as rclpy does when the response cannot be sent
        await super()._execute_goal_request(request_header_and_message)


@pytest.fixture()
def dropping_server(ros_context: None) -> Iterator[tuple[_DropsFirstAnswer, list[str]]]:
    node = rclpy.create_node("drops_first_answer")
    executed: list[str] = []

    def execute(handle: Any) -> Any:
        executed.append(handle.request.skill)
        handle.succeed()
        return ExecuteSkill.Result(success=True)

    server = _DropsFirstAnswer(node, ExecuteSkill, "dropping/execute_skill", execute)
    executor = SingleThreadedExecutor()
    executor.add_node(node)
    thread = threading.Thread(target=executor.spin, daemon=True)
    thread.start()
    try:
        yield server, executed
    finally:
        executor.shutdown()
        thread.join(timeout=10)
        server.destroy()
        node.destroy_node()


def test_a_goal_whose_answer_is_lost_is_sent_again_and_runs_once(
        dropping_server: tuple[_DropsFirstAnswer, list[str]], client_node: Node) -> None:
    server, executed = dropping_server
    client = ActionClient(client_node, ExecuteSkill, "dropping/execute_skill")
    spin_until(client_node, client.server_is_ready, timeout=30, what="the action server")
    handle = send_goal(client_node, client, ExecuteSkill.Goal(skill="navigate"), timeout=20.0,
                       resend_after=0.5)
    assert handle.accepted
    result = handle.get_result_async()
    spin_until(client_node, result.done, what="the result")
    assert result.result().result.success
    assert server.requests == 2 and executed == ["navigate"]
