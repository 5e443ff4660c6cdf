"""Bringup starts the nodes from the parameter file and restarts one that dies."""

from __future__ import annotations

import threading
from pathlib import Path

import pytest
from rclpy.node import Node
from ros_harness import CONFIG, READ_RESEND_S, call, wait_for_service

from memory_node.bringup import Bringup, parse_overrides
from memory_node.srv import QueryObject

pytestmark = pytest.mark.ros


def test_a_killed_node_is_restarted_and_serves_again(client_node: Node, tmp_path: Path) -> None:
    bringup = Bringup(CONFIG / "memory.yaml", ["memory_server"],
                      parse_overrides([f"memory_server:memory_dir:={tmp_path}"]))
    bringup.start()
    supervisor = threading.Thread(target=bringup.supervise, daemon=True)
    supervisor.start()
    try:
        client = client_node.create_client(QueryObject, "/memory/query_object")
        wait_for_service(client_node, client)
        first = bringup.processes["memory_server"]
        first.kill()
        first.wait(timeout=10)
        request = QueryObject.Request(query="Apple", max_results=5)
        # Answered only once a new memory_server process is up.
        response = call(client_node, client, request, timeout=60, resend_after=READ_RESEND_S)
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
