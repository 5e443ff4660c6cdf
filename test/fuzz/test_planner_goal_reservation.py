# ruff: noqa: E402  (the DDS environment is set before the middleware loads)
"""The planner takes one instruction at a time: its goal callback reserves the node. A goal
the callback said yes to can still fail to be accepted inside rclpy (the goal handle cannot
be created, or the goal response cannot be sent: rclpy logs it and returns before the goal
is handed over for execution). Such a goal never reaches `_execute`, which used to be the
only place the reservation was given back: the node then refused every goal for good.

The planner runs in its own process (lost_goal_planner.py: the planner node, with the
failure injected once where rclpy creates the goal handle); the client talks to it over
loopback DDS.
"""

from __future__ import annotations

import os
import signal
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "ros"))
from ros_harness import confine_to_loopback

confine_to_loopback()

import rclpy
from action_msgs.msg import GoalStatus
from fuzz_support import ros_context_fixture  # noqa: F401 - a fixture
from rcl_interfaces.srv import ListParameters
from rclpy.action import ActionClient
from ros_harness import CONFIG, spin_until, warm_up

from memory_node.action import ExecuteInstruction
from memory_node.core.errors import ErrorCode

pytestmark = [pytest.mark.ros, pytest.mark.slow]
HERE = Path(__file__).resolve().parent


def test_a_goal_accepted_by_the_callback_but_never_started_frees_the_planner(
        ros_context: None, tmp_path: Path) -> None:
    log = tmp_path / "planner.log"
    with open(log, "ab") as out:
        proc = subprocess.Popen(
            [sys.executable, str(HERE / "lost_goal_planner.py"), "--ros-args",
             "--params-file", str(CONFIG / "planner.yaml"), "-p", "planner:=offline"],
            stdout=out, stderr=subprocess.STDOUT, env=os.environ.copy())
    node = rclpy.create_node("reservation_client")
    try:
        client = ActionClient(node, ExecuteInstruction, "planner/execute_instruction")
        spin_until(node, lambda: client.server_is_ready() or proc.poll() is not None,
                   timeout=60.0, what="the planner's action server")
        assert proc.poll() is None, log.read_text()[-3000:]
        # The first goal is sent once and must not be sent again (a copy would be accepted:
        # the failure is injected once), so the planner must know this client first. Its
        # action server ready says only that this side has matched the planner's: round
        # 59's loaded run waited 30 s for an answer to a first goal the planner never saw
        # (no "injected once" in its log, "planner ready" its only line). A read answered on
        # a client made after the action client shows the planner has matched everything
        # this process made before it (ros_harness.warm_up).
        parameters: Any = node.create_client(ListParameters, "/planner/list_parameters")
        warm_up(node, parameters, ListParameters.Request())
        node.destroy_client(parameters)
        # Refused by the plan loop's validation at once: no memory server is needed.
        goal = ExecuteInstruction.Goal(instruction="put it away", goal_conditions=["FLY(x)"])

        def send() -> Any:
            fut = client.send_goal_async(goal)
            spin_until(node, fut.done, timeout=30.0, what="the planner's answer")
            return fut.result()

        def result_of(handle: Any) -> Any:
            fut = handle.get_result_async()
            spin_until(node, fut.done, timeout=30.0, what="the result")
            return fut.result()

        first = send()
        assert not first.accepted   # rclpy turned its failure into a rejection
        assert "injected once" in log.read_text(), log.read_text()[-3000:]
        second = send()
        assert second.accepted, "the planner still thinks the lost goal is running:\n" + \
            log.read_text()[-3000:]
        r = result_of(second)
        assert r.status == GoalStatus.STATUS_ABORTED
        assert r.result.error_code == ErrorCode.INVALID_ARGUMENT
        third = send()   # and the reservation of a goal that ran is given back as before
        assert third.accepted
        assert result_of(third).result.error_code == ErrorCode.INVALID_ARGUMENT
        assert proc.poll() is None
    finally:
        node.destroy_node()
        proc.send_signal(signal.SIGINT)
        try:
            proc.wait(timeout=10)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait(timeout=10)
