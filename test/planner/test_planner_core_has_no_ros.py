"""memory_node.planner.core runs where ROS is absent: nothing below it imports rclpy."""

from __future__ import annotations

import pkgutil
import subprocess
import sys

import memory_node.planner.core


def test_importing_every_planner_core_module_loads_no_ros() -> None:
    prefix = "memory_node.planner.core."
    modules = [m.name for m in pkgutil.walk_packages(memory_node.planner.core.__path__, prefix)]
    assert len(modules) >= 10
    code = (
        "import importlib, sys\n"
        f"for name in {modules!r}:\n"
        "    importlib.import_module(name)\n"
        "ros = sorted(m for m in sys.modules if m.split('.')[0] in "
        "('rclpy', 'rosidl_runtime_py', 'std_msgs', 'geometry_msgs', 'action_msgs'))\n"
        "print(','.join(ros))\n"
    )
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                            timeout=120)
    assert result.returncode == 0, result.stderr[-2000:]
    assert result.stdout.strip() == "", f"planner core imported ROS modules: {result.stdout}"
