"""memory_node.core must work where ROS is absent: nothing below it may import rclpy."""

from __future__ import annotations

import pkgutil
import subprocess
import sys

import memory_node.core


def test_importing_every_core_module_loads_no_ros() -> None:
    prefix = "memory_node.core."
    modules = [m.name for m in pkgutil.walk_packages(memory_node.core.__path__, prefix)]
    assert len(modules) > 20
    code = (
        "import importlib, sys\n"
        f"for name in {modules!r}:\n"
        "    importlib.import_module(name)\n"
        "ros = sorted(m for m in sys.modules if m.split('.')[0] in "
        "('rclpy', 'rosidl_runtime_py', 'std_msgs', 'geometry_msgs', 'sensor_msgs'))\n"
        "print(','.join(ros))\n"
    )
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                            timeout=120)
    assert result.returncode == 0, result.stderr[-2000:]
    assert result.stdout.strip() == "", f"core imported ROS modules: {result.stdout}"
