"""A base and arm skill server that takes every goal and never answers (until killed):
for the planner's "skill server vanishes mid-goal" test. Touches `marker` when a goal
starts, so the test knows when to kill it."""

from __future__ import annotations

import sys
import threading
from pathlib import Path

import rclpy
from rclpy.action import ActionServer, CancelResponse
from rclpy.callback_groups import ReentrantCallbackGroup
from rclpy.executors import MultiThreadedExecutor

from memory_node.action import ExecuteSkill


def main() -> None:
    rclpy.init(args=sys.argv)
    marker = Path(sys.argv[1])
    node = rclpy.create_node("silent_skill_server")
    forever = threading.Event()

    def execute(handle):  # noqa: ANN001, ANN202
        marker.write_text(handle.request.skill)
        forever.wait()   # never answers; the test kills this process
        handle.abort()
        return ExecuteSkill.Result()

    group = ReentrantCallbackGroup()
    servers = [ActionServer(node, ExecuteSkill, name, execute_callback=execute,  # noqa: F841
                            cancel_callback=lambda _h: CancelResponse.REJECT,
                            callback_group=group)
               for name in ("base/execute_skill", "arm/execute_skill")]
    executor = MultiThreadedExecutor(num_threads=2)
    executor.add_node(node)
    executor.spin()


if __name__ == "__main__":
    main()
