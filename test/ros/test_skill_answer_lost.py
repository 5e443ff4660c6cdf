"""The planner's skill client when a skill goal's answer is lost while the goal runs.

rmw_fastrtps drops a response to a client whose reader the server has not discovered yet
(it takes the client for one that has gone) and rclpy then executes the goal: the robot
moves, and a client waiting only for the answer reported "did not take the goal". Here a
real rclpy action server on its own node and executor runs every goal; the planner's
`ActionSkillExecutor` talks to it over DDS through a client that loses the first answer,
as the transport did (CI, round 55, in the test harness)."""

from __future__ import annotations

import dataclasses
import threading
from collections.abc import Iterator
from typing import Any

import pytest
import rclpy
from rclpy.action import ActionServer
from rclpy.callback_groups import ReentrantCallbackGroup
from rclpy.executors import MultiThreadedExecutor, SingleThreadedExecutor
from ros_harness import LosesFirstAnswer, spin_until

from memory_node.action import ExecuteSkill
from memory_node.core.errors import ErrorCode
from memory_node.core.skills import load_skill_table
from memory_node.planner.core.types import CancelToken, SkillCall
from memory_node.planner.nodes.skill_clients import ActionSkillExecutor

pytestmark = pytest.mark.ros
SERVER = "answer_lost/execute_skill"   # names no other test's server uses


@pytest.fixture()
def rig(ros_context: None) -> Iterator[tuple[ActionSkillExecutor, LosesFirstAnswer, list[str]]]:
    server_node = rclpy.create_node("answer_lost_server")
    executed: list[str] = []

    def execute(handle: Any) -> Any:
        executed.append(handle.request.skill)
        handle.succeed()
        return ExecuteSkill.Result(success=True, robot_area="kitchen")

    server = ActionServer(server_node, ExecuteSkill, SERVER, execute)
    server_exec = SingleThreadedExecutor()
    server_exec.add_node(server_node)
    server_thread = threading.Thread(target=server_exec.spin, daemon=True)
    server_thread.start()
    node = rclpy.create_node("answer_lost_planner")
    table = load_skill_table()
    table = dataclasses.replace(table, servers={key: SERVER for key in table.servers})
    group = ReentrantCallbackGroup()
    skills = ActionSkillExecutor(node, table, group, server_wait_s=20.0)
    key = table["navigate"].server
    lossy = LosesFirstAnswer(node, ExecuteSkill, SERVER, callback_group=group)
    skills.clients[key] = lossy
    spin_until(node, lossy.server_is_ready, timeout=30, what="the skill server")
    client_exec = MultiThreadedExecutor(num_threads=2)
    client_exec.add_node(node)
    client_thread = threading.Thread(target=client_exec.spin, daemon=True)
    client_thread.start()
    try:
        yield skills, lossy, executed
    finally:
        for ex, th in ((client_exec, client_thread), (server_exec, server_thread)):
            ex.shutdown(timeout_sec=5)
            th.join(timeout=10)
        server.destroy()
        server_node.destroy_node()
        node.destroy_node()


def test_a_skill_that_runs_though_its_answer_was_lost_is_followed_to_its_result(
        rig: tuple[ActionSkillExecutor, LosesFirstAnswer, list[str]]) -> None:
    skills, lossy, executed = rig
    r = skills.execute(SkillCall("navigate", ("kitchen",)), [], "lost", 10.0, CancelToken())
    assert lossy.lost == 1
    # Without the status, the call waited out server_wait_s and failed UNAVAILABLE while
    # the skill had run.
    assert r.success and r.error_code == ErrorCode.NONE and r.robot_area == "kitchen", r.message
    assert executed == ["navigate"]
    r = skills.execute(SkillCall("navigate", ("hall",)), [], "lost", 10.0, CancelToken())
    assert r.success and executed == ["navigate", "navigate"]
