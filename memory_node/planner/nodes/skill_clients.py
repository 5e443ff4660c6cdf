"""SkillExecutor over the ExecuteSkill action servers the skill table names (base, arm).

Blocking from the plan loop's thread; the goal and result futures are completed by the
node's multi-threaded executor. A server that is missing, never answers, vanishes
mid-goal or overruns the timeout gives a typed failure (UNAVAILABLE / TIMEOUT), and the
goal is cancelled on the server when the instruction is cancelled or times out.
"""

from __future__ import annotations

import math
import threading
import time
from collections.abc import Sequence
from typing import Any

from rclpy.action import ActionClient
from rclpy.node import Node

from memory_node.action import ExecuteSkill
from memory_node.core.errors import ErrorCode
from memory_node.core.skills import SkillTable
from memory_node.msg import SkillTarget
from memory_node.nodes.conversions import to_point
from memory_node.planner.core.types import CancelToken, SkillCall, SkillResult, Target

POLL_S = 0.05            # how often a waiting call looks at cancel / deadline / server
GRACE_S = 5.0            # beyond the skill's own timeout, for the server to answer it
VANISHED_S = 2.0         # server gone from the graph this long mid-goal: UNAVAILABLE
MAX_MESSAGE_CHARS = 2000


def _wait(future: Any, seconds: float, cancel: CancelToken | None = None) -> bool:
    done = threading.Event()
    future.add_done_callback(lambda _: done.set())
    deadline = time.monotonic() + seconds
    while not done.wait(POLL_S):
        if time.monotonic() > deadline or (cancel is not None and cancel.cancelled):
            return False
    return True


def result_from_msg(r: Any) -> SkillResult:
    """A skill server's result, checked: sizes bounded, codes known, positions finite."""
    try:
        code = ErrorCode(int(r.error_code))
    except ValueError:
        code = ErrorCode.INTERNAL
    success = bool(r.success) and code == ErrorCode.NONE
    if not success and code == ErrorCode.NONE:
        code = ErrorCode.INTERNAL   # a failure must say why; "none" does not
    p = r.robot_position
    position = (p.x, p.y, p.z)
    if not all(math.isfinite(v) for v in position) or position == (0.0, 0.0, 0.0):
        position = None   # the origin is "not given" (geometry_msgs/Point has no unset)
    duration = float(r.duration) if math.isfinite(r.duration) and r.duration >= 0 else 0.0
    return SkillResult(success, code, str(r.message)[:MAX_MESSAGE_CHARS], duration,
                       str(r.robot_area)[:128], position, str(r.held_object)[:128])


class ActionSkillExecutor:
    def __init__(self, node: Node, table: SkillTable, callback_group: Any,
                 server_wait_s: float = 10.0) -> None:
        self.node = node
        self.table = table
        self.server_wait_s = server_wait_s
        self.clients = {key: ActionClient(node, ExecuteSkill, name,
                                          callback_group=callback_group)
                        for key, name in table.servers.items()}

    def _fail(self, code: ErrorCode, message: str) -> SkillResult:
        return SkillResult(False, code, message)

    def execute(self, call: SkillCall, targets: Sequence[Target], episode_id: str,
                timeout_s: float, cancel: CancelToken) -> SkillResult:
        key = self.table[call.skill].server
        client = self.clients[key]
        name = self.table.servers[key]
        if not client.wait_for_server(timeout_sec=self.server_wait_s):
            return self._fail(ErrorCode.UNAVAILABLE, f"skill server {name} is not available")
        goal = ExecuteSkill.Goal(skill=call.skill, arguments=list(call.args),
                                 episode_id=episode_id, timeout=float(timeout_s))
        goal.targets = [SkillTarget(id=t.id, label=t.label, position=to_point(t.position),
                                    position_known=t.position_known) for t in targets]
        sent = client.send_goal_async(goal)
        if not _wait(sent, self.server_wait_s, cancel):
            return self._fail(ErrorCode.CANCELED if cancel.cancelled else ErrorCode.UNAVAILABLE,
                              f"skill server {name} did not take the goal {call}")
        handle = sent.result()
        if handle is None or not handle.accepted:
            return self._fail(ErrorCode.UNAVAILABLE, f"skill server {name} rejected {call} "
                                                     "(busy or not ready)")
        result_future = handle.get_result_async()
        done = threading.Event()
        result_future.add_done_callback(lambda _: done.set())
        deadline = time.monotonic() + timeout_s + GRACE_S
        gone_since: float | None = None
        while not done.wait(POLL_S):
            now = time.monotonic()
            if cancel.cancelled:
                self._cancel(handle, done)
                return self._fail(ErrorCode.CANCELED, f"{call} cancelled")
            if now > deadline:
                self._cancel(handle, done)
                return self._fail(ErrorCode.TIMEOUT, f"{call}: no result from {name} in "
                                                     f"{timeout_s + GRACE_S:.0f} s")
            if client.server_is_ready():
                gone_since = None
            elif gone_since is None:
                gone_since = now
            elif now - gone_since > VANISHED_S:
                return self._fail(ErrorCode.UNAVAILABLE, f"skill server {name} vanished "
                                                         f"during {call}")
        wrapped = result_future.result()
        if wrapped is None:
            return self._fail(ErrorCode.UNAVAILABLE, f"{call}: {name} returned no result")
        return result_from_msg(wrapped.result)

    def _cancel(self, handle: Any, finished: threading.Event) -> None:
        """Cancel on the server and give it GRACE_S to stop, so the robot is still when
        the planner reports the cancellation."""
        if _wait(handle.cancel_goal_async(), GRACE_S):
            finished.wait(GRACE_S)
