"""`python -m memory_node.sim.bringup` starts the world from config/sim.yaml; a world that
cannot start (unknown floor plan) stops the bringup with status 2 and says why."""

from __future__ import annotations

import subprocess
import sys

import pytest
from rclpy.action import ActionClient
from rclpy.node import Node
from ros_harness import CONFIG, send_goal, spin_until

from memory_node.action import ExecuteSkill
from memory_node.core.errors import ErrorCode

pytestmark = pytest.mark.ros


def _bringup(*extra: str) -> subprocess.Popen:
    return subprocess.Popen([sys.executable, "-m", "memory_node.sim.bringup", "--params-file",
                             str(CONFIG / "sim.yaml"), *extra],
                            stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)


@pytest.mark.parametrize("plan", ["100", "999"])
def test_an_unknown_floor_plan_stops_the_bringup_with_status_2(plan: str) -> None:
    proc = _bringup("-p", "household_world:layout.source:=floorplan",
                    "-p", f"household_world:layout.floorplan:={plan}")
    out, _ = proc.communicate(timeout=120)
    assert proc.returncode == 2, out
    assert "cannot start" in out and plan in out


def test_the_bringup_serves_both_skill_servers_from_a_floor_plan(client_node: Node) -> None:
    proc = _bringup("-p", "household_world:layout.source:=floorplan",
                    "-p", "household_world:layout.floorplan:=301",
                    "-p", "household_world:sensors.rate_hz:=0.0",
                    "-p", "household_world:time.real_time_factor:=50.0")
    try:
        base = ActionClient(client_node, ExecuteSkill, "base/execute_skill")
        arm = ActionClient(client_node, ExecuteSkill, "arm/execute_skill")
        spin_until(client_node, lambda: base.server_is_ready() and arm.server_is_ready(),
                   timeout=90, what="the skill servers")
        handle = send_goal(client_node, base, ExecuteSkill.Goal(skill="navigate",
                                                                arguments=["bedroom"]), 20.0)
        res = handle.get_result_async()
        spin_until(client_node, res.done, timeout=60, what="the result")
        r = res.result().result
        assert r.success and r.error_code == ErrorCode.NONE and r.robot_area == "bedroom", \
            r.message
    finally:
        proc.send_signal(2)
        proc.communicate(timeout=30)
