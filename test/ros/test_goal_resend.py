"""The test harness's send_goal when a goal's answer is lost.

CI (round 21) lost a planner goal this way: the server's rmw gave up on the response to a
client it had not matched yet, rclpy dropped the goal, and the test waited 120 s for an
answer that never came. CI (round 55) lost the answer the other way: the server ran the
goal, its answer never arrived, and the copy sent again ran the task a second time. The
servers here are real rclpy action servers on their own node and executor; in the first
test the server leaves its first goal request unanswered and unrun, in the second the
client loses the first answer of a goal the server runs."""

from __future__ import annotations

import threading
from collections.abc import Iterator
from typing import Any

import pytest
import rclpy
from rclpy.action import ActionClient, ActionServer
from rclpy.executors import SingleThreadedExecutor
from rclpy.node import Node
from ros_harness import LosesFirstAnswer, send_goal, spin_until

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


def _serve(server_type: type[ActionServer], name: str) -> Iterator[tuple[Any, list[str]]]:
    node = rclpy.create_node(name)
    executed: list[str] = []

    def execute(handle: Any) -> Any:
        executed.append(handle.request.skill)
        handle.succeed()
        return ExecuteSkill.Result(success=True)

    server = server_type(node, ExecuteSkill, f"{name}/execute_skill", execute)
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


@pytest.fixture()
def dropping_server(ros_context: None) -> Iterator[tuple[_DropsFirstAnswer, list[str]]]:
    yield from _serve(_DropsFirstAnswer, "dropping")


@pytest.fixture()
def running_server(ros_context: None) -> Iterator[tuple[ActionServer, list[str]]]:
    yield from _serve(ActionServer, "running")


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


def test_a_goal_that_ran_though_its_answer_was_lost_is_not_sent_again(
        running_server: tuple[ActionServer, list[str]], client_node: Node) -> None:
    _, executed = running_server
    client = LosesFirstAnswer(client_node, ExecuteSkill, "running/execute_skill")
    spin_until(client_node, client.server_is_ready, timeout=30, what="the action server")
    handle = send_goal(client_node, client, ExecuteSkill.Goal(skill="navigate"), timeout=20.0,
                       resend_after=2.0)
    assert client.lost == 1 and handle.accepted
    result = handle.get_result_async()
    spin_until(client_node, result.done, what="the result")
    assert result.result().result.success
    assert executed == ["navigate"]   # the old harness ran it twice
