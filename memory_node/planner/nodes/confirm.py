"""Confirmation before listed skills run: a request on `planner/confirm_request`
(std_msgs/String, JSON {"id", "skill", "arguments"}) answered by a human's tool or another
node on `planner/confirm_response` (JSON {"id", "approve"}). No answer in time is a no.
Answers are data: only a JSON object with the pending id and a boolean is accepted.

A request is published again, with the same id, every RESEND_S until answered: on a
reliable, volatile topic a sample sent before the receiver's reader has matched this
writer is lost (a new operator tool, a planner under load), and so is an answer sent
before the planner's reader matched the tool's writer. A receiver answers each id once
or again; only the first answer to a pending id counts.
"""

from __future__ import annotations

import itertools
import json
import threading
import time
from typing import Any

from rclpy.node import Node
from std_msgs.msg import String

from memory_node.planner.core.types import CancelToken, SkillCall

MAX_ANSWER_CHARS = 1000
POLL_S = 0.05
RESEND_S = 1.0


class TopicConfirmer:
    def __init__(self, node: Node, callback_group: Any, timeout_s: float) -> None:
        self.node = node
        self.timeout_s = timeout_s
        self._ids = itertools.count(1)
        self._answers: dict[int, bool] = {}
        self._pending: set[int] = set()
        self._lock = threading.Lock()
        self._event = threading.Event()
        self.pub = node.create_publisher(String, "planner/confirm_request", 10)
        node.create_subscription(String, "planner/confirm_response", self._on_answer, 10,
                                 callback_group=callback_group)

    def _on_answer(self, msg: String) -> None:
        if len(msg.data) > MAX_ANSWER_CHARS:
            return
        try:
            data = json.loads(msg.data)
        except (ValueError, RecursionError):
            return
        if not isinstance(data, dict) or not isinstance(data.get("approve"), bool) \
                or not isinstance(data.get("id"), int) or isinstance(data.get("id"), bool):
            return
        with self._lock:
            if data["id"] in self._pending:
                self._answers[data["id"]] = data["approve"]
                self._event.set()

    def confirm(self, call: SkillCall, cancel: CancelToken) -> bool:
        request_id = next(self._ids)
        with self._lock:
            self._pending.add(request_id)
        request = String(data=json.dumps(
            {"id": request_id, "skill": call.skill, "arguments": list(call.args)}))
        now = time.monotonic()
        deadline, resend = now + self.timeout_s, now
        try:
            while time.monotonic() < deadline and not cancel.cancelled:
                if time.monotonic() >= resend:
                    self.pub.publish(request)
                    resend = time.monotonic() + RESEND_S
                with self._lock:
                    if request_id in self._answers:
                        return self._answers.pop(request_id)
                    self._event.clear()
                self._event.wait(POLL_S)
            return False
        finally:
            with self._lock:
                self._pending.discard(request_id)
                self._answers.pop(request_id, None)
