"""The scene graph's publish timer sleeps while the graph does not change (round 35): a
poll of an unchanged graph woke the server's executor for nothing. A change made on
another thread than the executor's still wakes it and is published."""

from __future__ import annotations

import threading
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from rclpy.executors import SingleThreadedExecutor
from rclpy.node import Node
from rclpy.parameter import Parameter
from rclpy.qos import DurabilityPolicy, QoSProfile, ReliabilityPolicy
from rclpy.timer import Timer

from memory_node.core.perception.observation import Observation
from memory_node.msg import SceneGraph
from memory_node.nodes.memory_server import MemoryServer

PERIOD_S = 0.05
WAIT_S = 20.0
LATCHED = QoSProfile(depth=1, durability=DurabilityPolicy.TRANSIENT_LOCAL,
                     reliability=ReliabilityPolicy.RELIABLE)


def server_class(memory_dir: Path) -> type[MemoryServer]:
    overrides = [Parameter("memory_dir", value=str(memory_dir)),
                 Parameter("durability", value="normal"),
                 Parameter("capabilities", value=["scene_graph"]),
                 Parameter("stats_period_s", value=3600.0),   # no other wakeup meanwhile
                 Parameter("heap_first_settle_s", value=3600.0),
                 Parameter("scene_graph.publish_period_s", value=PERIOD_S)]

    class WithParameters(Node):
        def __init__(self, name: str, **kwargs: Any) -> None:
            super().__init__(name, parameter_overrides=overrides, **kwargs)

    # MemoryServer's own super().__init__ reaches WithParameters first (the MRO).
    class Server(MemoryServer, WithParameters):
        pass

    return Server


def wait_until(passes: threading.Condition, check: Callable[[], bool], what: str) -> None:
    """Until `check()` holds, re-checked after each executor pass (`passes` is notified
    after every one): the states checked change only inside a pass."""
    deadline = time.monotonic() + WAIT_S
    with passes:
        while not check():
            left = deadline - time.monotonic()
            assert left > 0, f"timed out waiting for {what}"
            passes.wait(left)


@pytest.fixture()
def spinning(client_node: Node, tmp_path: Path) -> Iterator[tuple[MemoryServer, Timer,
                                                                  list[SceneGraph],
                                                                  threading.Condition]]:
    server = server_class(tmp_path)()
    [timer] = [t for t in server.timers
               if getattr(t.callback, "__name__", "") == "_publish_graph_if_changed"]
    graphs: list[SceneGraph] = []
    client_node.create_subscription(SceneGraph, "/memory/scene_graph", graphs.append, LATCHED)
    executor = SingleThreadedExecutor()
    executor.add_node(server)
    executor.add_node(client_node)
    passes = threading.Condition()
    stop = threading.Event()

    def spin() -> None:
        # A pass waits in rcl up to WAIT_S: a change from another thread that did not wake
        # the wait would leave the executor asleep past every deadline below.
        while not stop.is_set():
            executor.spin_once(timeout_sec=WAIT_S)
            with passes:
                passes.notify_all()

    thread = threading.Thread(target=spin, daemon=True)
    thread.start()
    try:
        yield server, timer, graphs, passes
    finally:
        stop.set()
        executor.shutdown(timeout_sec=WAIT_S)
        thread.join(timeout=WAIT_S)
        server.destroy_node()


def test_graph_timer_sleeps_until_a_change_from_any_thread(
        spinning: tuple[MemoryServer, Timer, list[SceneGraph], threading.Condition]) -> None:
    server, timer, graphs, passes = spinning
    long_term = server.memory.long_term
    # The start published the graph; the first tick finds nothing new and stops the timer
    # (main's code polled forever: this wait timed out).
    wait_until(passes, timer.is_canceled, "the graph timer to sleep")
    wait_until(passes, lambda: any(g.revision == long_term.revision for g in graphs),
               "the start's graph")
    # A change on this thread, not the executor's, while the executor waits in rcl.
    update = long_term.apply([Observation.at("mug", (1.0, 0.0, 0.8), 1.0)], None, 1.0)
    assert update.changed and long_term.revision == update.revision
    wait_until(passes, lambda: any(g.revision == update.revision and len(g.nodes) > 0
                           for g in graphs), "the changed graph on the topic")
    # Published once, then asleep again until the next change.
    wait_until(passes, timer.is_canceled, "the graph timer to sleep again")
    assert timer.timer_period_ns == int(PERIOD_S * 1e9)
