"""The planner node in a process of its own, in which rclpy fails to accept the first goal
the node's goal callback said yes to, on the path where rclpy itself turns such a failure
into a rejection (it cannot create the goal handle: it logs and answers "not accepted").
For test_planner_goal_reservation.py; arguments as for the planner node."""

from __future__ import annotations

import sys
from typing import Any

import rclpy.action.server

from memory_node.planner.nodes import planner_node

_real = rclpy.action.server.ServerGoalHandle
_failed: list[bool] = []


def _fails_once(*args: Any, **kwargs: Any) -> Any:
    if not _failed:
        _failed.append(True)
        raise RuntimeError("Failed to accept new goal (injected once)")
    return _real(*args, **kwargs)


rclpy.action.server.ServerGoalHandle = _fails_once  # type: ignore[misc]

if __name__ == "__main__":
    sys.exit(planner_node.main())
