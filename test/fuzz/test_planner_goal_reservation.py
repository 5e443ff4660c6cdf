# ruff: noqa: E402  (the DDS environment is set before the middleware loads)
"""The planner takes one instruction at a time: its goal callback reserves the node. A goal
the callback said yes to can still fail to be accepted inside rclpy (the goal handle cannot
be created, or the goal response cannot be sent: rclpy logs it and returns before the goal
is handed over for execution). Such a goal never reaches `_execute`, which used to be the
only place the reservation was given back: the node then refused every goal for good.

In-process (the failure is injected where rclpy creates the goal handle, the branch rclpy
itself turns into a rejection); the client talks to the node over loopback DDS.
"""

from __future__ import annotations

import sys
import threading
from collections.abc import Iterator
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "ros"))
from ros_harness import confine_to_loopback

confine_to_loopback()

import rclpy
import rclpy.action.server
from action_msgs.msg import GoalStatus
from rclpy.action import ActionClient
from rclpy.executors import MultiThreadedExecutor
from ros_harness import spin_until

from memory_node.action import ExecuteInstruction
from memory_node.core.errors import ErrorCode
from memory_node.planner.nodes.planner_node import PlannerNode

pytestmark = [pytest.mark.ros]


@pytest.fixture(scope="module")
def ros_context() -> Iterator[None]:
    mine = not rclpy.ok()
    if mine:
        rclpy.init()
    yield
    if mine:
        rclpy.try_shutdown()


def test_a_goal_accepted_by_the_callback_but_never_started_frees_the_planner(
        ros_context: None, monkeypatch: pytest.MonkeyPatch) -> None:
    planner = PlannerNode()
    executor = MultiThreadedExecutor(num_threads=4)
    executor.add_node(planner)
    thread = threading.Thread(target=executor.spin, daemon=True)
    thread.start()
    node = rclpy.create_node("reservation_client")
    try:
        client = ActionClient(node, ExecuteInstruction, "planner/execute_instruction")
        spin_until(node, client.server_is_ready, timeout=30.0, what="the planner's server")
        real = rclpy.action.server.ServerGoalHandle
        failed: list[bool] = []

        def fails_once(*args: object, **kwargs: object) -> object:
            if not failed:
                failed.append(True)
                raise RuntimeError("Failed to accept new goal")   # as rcl reports it
            return real(*args, **kwargs)

        monkeypatch.setattr(rclpy.action.server, "ServerGoalHandle", fails_once)
        # Refused by the plan loop's validation at once: no memory server is needed.
        goal = ExecuteInstruction.Goal(instruction="put it away", goal_conditions=["FLY(x)"])

        def send() -> object:
            fut = client.send_goal_async(goal)
            spin_until(node, fut.done, timeout=30.0, what="the planner's answer")
            return fut.result()

        first = send()
        assert failed and not first.accepted   # rclpy turned its failure into a rejection
        second = send()
        assert second.accepted, "the planner still thinks the lost goal is running"
        result = second.get_result_async()
        spin_until(node, result.done, timeout=30.0, what="the result")
        assert result.result().status == GoalStatus.STATUS_ABORTED
        assert result.result().result.error_code == ErrorCode.INVALID_ARGUMENT
        third = send()   # and the reservation of a goal that ran is given back as before
        assert third.accepted
        result = third.get_result_async()
        spin_until(node, result.done, timeout=30.0, what="the result")
    finally:
        executor.shutdown(timeout_sec=5)
        node.destroy_node()
        planner.destroy_node()
        thread.join(timeout=5)
