"""Bringup starts the nodes from the parameter file and restarts one that dies."""

from __future__ import annotations

import threading
import time
from pathlib import Path

import pytest
from rclpy.node import Node
from ros_harness import CONFIG, READ_RESEND_S, START_TIMEOUT_S, call, wait_for_service
from scene_rig import SERVER_STARTED

from memory_node.bringup import Bringup, parse_overrides
from memory_node.srv import QueryObject

pytestmark = pytest.mark.ros


def _wait_for_starts(bringup: Bringup, log: Path, starts: int) -> None:
    """Until memory_server's log (every process's lines) holds `starts` start lines,
    START_TIMEOUT_S; fails at once when the supervisor restarted it more than the test's
    one kill (a start that died)."""
    tick = threading.Event()
    deadline = time.monotonic() + START_TIMEOUT_S

    def text() -> str:
        return log.read_text(errors="replace") if log.exists() else ""

    while text().count(SERVER_STARTED) < starts:
        if bringup.restarts.get("memory_server", 0) >= starts:
            raise AssertionError(f"memory_server died while starting:\n{text()[-2000:]}")
        if time.monotonic() > deadline:
            raise AssertionError(f"{starts} start line(s) not logged in {START_TIMEOUT_S} s:"
                                 f"\n{text()[-2000:]}")
        tick.wait(0.05)


def test_a_killed_node_is_restarted_and_serves_again(client_node: Node, tmp_path: Path) -> None:
    bringup = Bringup(CONFIG / "memory.yaml", ["memory_server"],
                      parse_overrides([f"memory_server:memory_dir:={tmp_path}"]))
    bringup.log_dir = tmp_path / "logs"  # each start's lines, for the restart's start line
    bringup.start()
    supervisor = threading.Thread(target=bringup.supervise, daemon=True)
    supervisor.start()
    try:
        client = client_node.create_client(QueryObject, "/memory/query_object")
        wait_for_service(client_node, client)
        log = bringup.log_dir / "memory_server.log"
        _wait_for_starts(bringup, log, 1)
        first = bringup.processes["memory_server"]
        first.kill()
        first.wait(timeout=10)
        # The new process's start (its embedding model: 34 s of the read's old 60 s at load
        # 35-70, round 68) is bounded as every start is; the read then has its own time.
        _wait_for_starts(bringup, log, 2)
        request = QueryObject.Request(query="Apple", max_results=5)
        response = call(client_node, client, request, resend_after=READ_RESEND_S)
        assert response.success
        assert bringup.processes["memory_server"] is not first
        assert bringup.processes["memory_server"].poll() is None
    finally:
        bringup.stop()
        supervisor.join(timeout=15)
    assert all(p.poll() is not None for p in bringup.processes.values())


def test_bad_arguments_are_refused(tmp_path: Path) -> None:
    with pytest.raises(ValueError, match="unknown node"):
        Bringup(CONFIG / "memory.yaml", ["no_such_node"])
    with pytest.raises(FileNotFoundError):
        Bringup(tmp_path / "missing.yaml", ["memory_server"])
    with pytest.raises(ValueError, match="NODE:NAME:=VALUE"):
        parse_overrides(["memory_dir=/tmp"])
