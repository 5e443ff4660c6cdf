"""SkillExecutor over the ExecuteSkill action servers the skill table names (base, arm).

Blocking from the plan loop's thread; the goal and result futures are completed by the
node's multi-threaded executor. A server that is missing, never answers, vanishes
mid-goal or stops making progress gives a typed failure (UNAVAILABLE / TIMEOUT), and the
goal is cancelled on the server when the instruction is cancelled or times out.

How long a skill may take is not one number: an arm skill takes seconds, an explore of a
large room several minutes, and only the server knows its plan (the path, the
viewpoints). So the goal carries no timeout of the planner's (0: the server sizes its own
budget from its plan), and the planner's `timeout_s` bounds the time WITHOUT PROGRESS: the
server's feedback (a new phase, or a larger progress fraction) restarts it. This is how
nav2 treats a long NavigateToPose: the goal has no time limit, the controller's progress
checker fails a robot that has not moved for `movement_time_allowance`, and a client
watches the feedback. A fixed limit cut long explores short (bench/README_tasks.md, round
10: 120 s; round 18: a 461 s explore of an eight-viewpoint room against 300 s).
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
from memory_node.core.units import has_refused_characters
from memory_node.msg import SkillTarget
from memory_node.nodes.conversions import to_point
from memory_node.planner.core.types import (
    CancelToken,
    SkillCall,
    SkillResult,
    Target,
    refusal_fields,
    refused_label,
)

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
    xyz = (p.x, p.y, p.z)
    position: tuple[float, float, float] | None = xyz
    if not all(math.isfinite(v) for v in xyz) or xyz == (0.0, 0.0, 0.0):
        position = None   # the origin is "not given" (geometry_msgs/Point has no unset)
    duration = float(r.duration) if math.isfinite(r.duration) and r.duration >= 0 else 0.0
    held = str(r.held_object)[:128]
    # A server built before the field existed has none: "" (not known).
    label = str(getattr(r, "held_label", "") or "").strip()
    if not held or len(label) > 128 or has_refused_characters(label):
        label = ""
    shut_by, missing = refusal_fields(success, getattr(r, "shut_by", ""),
                                      getattr(r, "missing_fixtures", ()))
    return SkillResult(success, code, str(r.message)[:MAX_MESSAGE_CHARS], duration,
                       str(r.robot_area)[:128], position, held, label, shut_by, missing,
                       refused_label(success, getattr(r, "refused_label", "")))


class ProgressWatch:
    """Whether a goal is still making progress: `alive_until` moves forward each time the
    server reports a phase or a progress fraction not seen before (fed from the executor's
    feedback callback; read by the waiting thread)."""

    def __init__(self, stall_s: float, now: float) -> None:
        self.stall_s = stall_s
        self._lock = threading.Lock()
        self._last: tuple[str, float] | None = None
        self._best = -math.inf
        self.alive_until = now + stall_s

    def feedback(self, phase: str, progress: float, now: float) -> None:
        with self._lock:
            if not math.isfinite(progress):
                return
            advanced = progress > self._best or self._last is None \
                or phase != self._last[0]
            self._last = (phase, progress)
            self._best = max(self._best, progress)
            if advanced:
                self.alive_until = now + self.stall_s

    def stalled(self, now: float) -> bool:
        with self._lock:
            return now > self.alive_until


class ActionSkillExecutor:
    def __init__(self, node: Node, table: SkillTable, callback_group: Any,
                 server_wait_s: float = 10.0) -> None:
        self.node = node
        self.table = table
        self.server_wait_s = server_wait_s
        self.clients: dict[str, ActionClient] = {key: ActionClient(node, ExecuteSkill, name,
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
        # timeout 0: the server sizes the skill's budget from its own plan (see above).
        goal = ExecuteSkill.Goal(skill=call.skill, arguments=list(call.args),
                                 episode_id=episode_id, timeout=0.0)
        goal.targets = [SkillTarget(id=t.id, label=t.label, position=to_point(t.position),
                                    position_known=t.position_known) for t in targets]
        watch = ProgressWatch(timeout_s + GRACE_S, time.monotonic())
        sent = client.send_goal_async(goal, feedback_callback=lambda m: watch.feedback(
            str(m.feedback.phase), float(m.feedback.progress), time.monotonic()))
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
        watch.alive_until = time.monotonic() + watch.stall_s   # from acceptance on
        gone_since: float | None = None
        while not done.wait(POLL_S):
            now = time.monotonic()
            if cancel.cancelled:
                self._cancel(handle, done)
                return self._fail(ErrorCode.CANCELED, f"{call} cancelled")
            if watch.stalled(now):
                self._cancel(handle, done)
                return self._fail(ErrorCode.TIMEOUT, f"{call}: no result from {name} and "
                                                     f"no progress in {watch.stall_s:.0f} s")
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
