"""The memory server's own state changes are facts before the write that made them is
answered, and their copies read back from memory/events add nothing.

Read back from the topic only, a fact came a DDS round trip after the answer: under load the
fuzz suite's re-sent record_outcome (test_a_request_id_applies_an_outcome_once) saw a fact
appear after the first answer, as if the re-sent copy had written it (round 55). Here no
executor runs until the answer has been checked, so the topic's copy cannot be what made
the fact.
"""

from __future__ import annotations

import sqlite3
import time
from pathlib import Path

from geometry_msgs.msg import Point
from rclpy.executors import SingleThreadedExecutor
from ros_harness import in_process_server

from memory_node.msg import MemoryUnit
from memory_node.nodes.experience_capability import ExperienceCapability
from memory_node.nodes.memory_server import MemoryServer
from memory_node.srv import UpdateObject

WAIT_S = 20.0


def _upsert(server: MemoryServer, state: str) -> None:
    request = UpdateObject.Request(operation=UpdateObject.Request.UPSERT, unit=MemoryUnit(
        object_id="fridge_1", label="Fridge", position=Point(x=1.0, y=0.5, z=0.8),
        state=state))
    response = server._update_object(request, UpdateObject.Response())
    assert response is None or response.success is not False


def _fact_rows(db: Path) -> list[tuple]:
    conn = sqlite3.connect(db)
    try:
        return conn.execute("SELECT subject, value, superseded_by FROM exp_facts "
                            "ORDER BY fact_id").fetchall()
    finally:
        conn.close()


def test_a_state_the_server_writes_is_a_fact_before_the_answer_and_once(
        ros_context: None, tmp_path: Path) -> None:
    server = in_process_server(tmp_path, ["experience"])
    [capability] = [c for c in server.capabilities if isinstance(c, ExperienceCapability)]
    executor = SingleThreadedExecutor()
    try:
        _upsert(server, "closed")
        _upsert(server, "opened")
        # No executor has run: the fact came with the publish, not from the topic.
        fact = capability.experience.facts.current("fridge_1", "state")
        assert fact is not None and fact.value == "opened"
        rows = _fact_rows(tmp_path / "memory.sqlite")
        assert rows == [("fridge_1", "opened", None)]
        # The topic's copy arrives and is skipped: no second fact, no refusal counted.
        executor.add_node(server)
        deadline = time.monotonic() + WAIT_S
        while capability._own and time.monotonic() < deadline:
            executor.spin_once(timeout_sec=0.1)
        assert not capability._own, "the server's own event never came back on the topic"
        assert _fact_rows(tmp_path / "memory.sqlite") == rows
        counters = server.memory.counters.by_reason
        assert not any(k.startswith("rejected.experience") for k in counters), counters
    finally:
        executor.shutdown()
        server.destroy_node()
