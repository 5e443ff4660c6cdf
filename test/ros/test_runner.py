"""run_node: an exception raised while the node is being stopped is a stop, not a crash.

rclpy's SIGINT handler raises KeyboardInterrupt wherever Python code runs; inside a
subscription's message conversion it comes out of spin as RuntimeError. CI saw a memory
server stopped that way exit 1. These tests raise from a timer callback, in a process of
its own, once after the context was shut down (a stop: status 0) and once while it is up
(a crash: non-zero, so bringup restarts it).
"""

from __future__ import annotations

import subprocess
import sys

import pytest

NODE = """
import sys
import rclpy
from rclpy.node import Node
from memory_node.nodes.runner import run_node

SHUT_DOWN_FIRST = {shut_down_first}

class Interrupted(Node):
    def __init__(self) -> None:
        super().__init__("interrupted")
        self.create_timer(0.01, self._tick)

    def _tick(self) -> None:
        if SHUT_DOWN_FIRST:
            self.context.try_shutdown()
        raise RuntimeError("Unable to convert call argument '0' to Python object")

sys.exit(run_node(Interrupted, "interrupted", []))
"""


@pytest.mark.parametrize(("shut_down_first", "stopped"), [(True, True), (False, False)])
def test_an_exception_while_shutting_down_is_a_stop(shut_down_first: bool,
                                                     stopped: bool) -> None:
    done = subprocess.run([sys.executable, "-c", NODE.format(shut_down_first=shut_down_first)],
                          capture_output=True, text=True, timeout=60)
    if stopped:
        assert done.returncode == 0, done.stderr[-2000:]
        assert "interrupted: stopped (RuntimeError raised while shutting down)" in done.stderr
    else:
        assert done.returncode != 0
        assert "Unable to convert call argument" in done.stderr
