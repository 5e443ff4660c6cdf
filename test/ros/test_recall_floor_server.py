"""bench/recall_floor_server.py, the DDS floor the recall bench times beside the memory
server (round 46): a real process answering /memory/recall over DDS with its fixed answer,
field for field the one it was given, with or without the service's introspection events
and the server's idle entities, and stopping cleanly on SIGINT."""

from __future__ import annotations

import signal
import subprocess
import sys
from pathlib import Path

import pytest
from rclpy.node import Node
from rclpy.serialization import serialize_message
from ros_harness import call, wait_for_service, warm_up

from memory_node.msg import MemoryUnit
from memory_node.srv import Recall

FLOOR = Path(__file__).resolve().parents[2] / "bench" / "recall_floor_server.py"


@pytest.mark.parametrize("extra", [[], ["--events"], ["--server-entities=3,2"]])
def test_the_floor_answers_every_request_with_its_fixed_answer(
        extra: list[str], client_node: Node, tmp_path: Path) -> None:
    given = Recall.Response(success=True, context="the mug is in the kitchen",
                            context_tokens=7,
                            units=[MemoryUnit(object_id=f"u{i}", label="mug")
                                   for i in range(3)])
    answer = tmp_path / "answer.cdr"
    answer.write_bytes(serialize_message(given))
    server = subprocess.Popen(
        [sys.executable, str(FLOOR), f"--answer={answer}", *extra],
        stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    try:
        client = client_node.create_client(Recall, "/memory/recall")
        wait_for_service(client_node, client)
        warm_up(client_node, client, Recall.Request(instruction="warm up", k=5))
        answers = [call(client_node, client,
                        Recall.Request(instruction=f"bring me mug {i}", k=5, per_subtask=True))
                   for i in range(5)]
        # Field by field: rclpy does not zero a message's CDR padding, so equal answers
        # need not be equal bytes (memory_server.message_fingerprint).
        assert answers == [given] * 5
    finally:
        server.send_signal(signal.SIGINT)
        _, err = server.communicate(timeout=30)
    assert server.returncode == 0, err.decode(errors="replace")[-2000:]
