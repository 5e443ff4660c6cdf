"""The household world as a separate process, and a client for its skill servers."""

from __future__ import annotations

import json
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import rclpy
from rclpy.action import ActionClient
from rclpy.node import Node
from rclpy.qos import DurabilityPolicy, QoSProfile, ReliabilityPolicy
from ros_harness import (
    CALL_TIMEOUT_S,
    CONFIG,
    START_TIMEOUT_S,
    NodeProcess,
    node_process,
    send_goal,
    spin_until,
)
from std_msgs.msg import String

from memory_node.action import ExecuteSkill
from memory_node.msg import NamedPlaces, SkillTarget
from memory_node.planner.nodes.skill_clients import ProgressWatch

WORLD = "memory_node.sim.nodes.world_node"
# The world node's line at its constructor's end: its action servers and topics exist.
WORLD_STARTED = "free cells; camera "
LATCHED = QoSProfile(depth=1, durability=DurabilityPolicy.TRANSIENT_LOCAL,
                     reliability=ReliabilityPolicy.RELIABLE)


@contextmanager
def world_process(log: Path, **params: Any) -> Iterator[NodeProcess]:
    base = {"layout.seed": 3, "time.real_time_factor": 25.0, "sensors.rate_hz": 0.0}
    with node_process(WORLD, params_file=CONFIG / "sim.yaml", log_path=log,
                      params={**base, **params}) as proc:
        yield proc


class SkillClient:
    """Both skill servers, the map and the world's ground truth (the test may read it)."""

    def __init__(self, node: Node, proc: NodeProcess) -> None:
        self.node, self.proc = node, proc
        self.clients = {k: ActionClient(node, ExecuteSkill, f"{k}/execute_skill")
                        for k in ("base", "arm")}
        self.truth: list[dict] = []
        self.ended: set[str] = set()   # goals whose end state has arrived (their ids, hex)
        # goal id (hex) -> when its feedback last showed progress (a phase or a fraction not
        # seen before: the planner's own rule, ProgressWatch with no window of its own)
        self.progress: dict[str, ProgressWatch] = {}
        self.places: list[NamedPlaces] = []
        node.create_subscription(String, "sim/ground_truth", self._on_truth, LATCHED)
        node.create_subscription(NamedPlaces, "map/places", self.places.append, LATCHED)
        # The 60 s below are discovery's: the start is waited for first (START_TIMEOUT_S, a
        # dead world at once). Round 66 at load 50: the world was still importing at 60 s.
        proc.wait_for_output(WORLD_STARTED, timeout=START_TIMEOUT_S)
        for c in self.clients.values():
            spin_until(node, lambda c=c: c.server_is_ready() or not proc.alive(), timeout=60,
                       what="the skill servers")
            assert proc.alive(), proc.output()[-3000:]
        spin_until(node, lambda: self.truth and self.places, timeout=30,
                   what="ground truth and map/places")

    def _on_truth(self, msg: String) -> None:
        state = json.loads(msg.data)
        self.truth.append(state)
        self.ended.add(state.get("goal", ""))

    def state(self) -> dict:
        return self.truth[-1]

    def target(self, oid: str, alias: str | None = None) -> SkillTarget:
        o = next(o for o in self.state()["objects"] if o["id"] == oid)
        t = SkillTarget(id=alias or f"mem_{oid}", label=o["type"], position_known=True)
        t.position.x, t.position.y, t.position.z = o["position"]
        return t

    def send(self, server: str, skill: str, args: list[str], targets=(), timeout: float = 0.0,
             feedback: list | None = None) -> Any:
        goal = ExecuteSkill.Goal(skill=skill, arguments=args, targets=list(targets),
                                 timeout=timeout, episode_id="test")
        return send_goal(self.node, self.clients[server], goal, CALL_TIMEOUT_S,
                         feedback_callback=self._on_feedback(feedback))

    def _on_feedback(self, into: list | None) -> Callable[[Any], None]:
        def on_feedback(msg: Any) -> None:
            now = time.monotonic()
            watch = self.progress.setdefault(bytes(msg.goal_id.uuid).hex(),
                                             ProgressWatch(0.0, now))
            watch.feedback(msg.feedback.phase, msg.feedback.progress, now)
            if into is not None:
                into.append(msg.feedback)
        return on_feedback

    def result(self, handle: Any, timeout: float = 60.0) -> tuple[int, Any]:
        """The goal's status and result, once the world's state at the goal's end has
        arrived too (the two come on different topics), so state() is after this goal.

        `timeout` bounds the time without progress, as the planner bounds a skill
        (ProgressWatch): from this call or the goal's last feedback that showed progress,
        whichever is later. A skill's own length is the world's plan, not the test's: the
        kitchen's explore in test_sim_perception plays 201 simulated s at x4, 50 s of wall
        time, and took 52 s of a 60 s limit on the whole at load 30 (round 64)."""
        fut = handle.get_result_async()
        goal = bytes(handle.goal_id.uuid).hex()
        began = time.monotonic()

        def quiet_since() -> float:
            watch = self.progress.get(goal)
            return began if watch is None else max(began, watch.alive_until)

        while not (fut.done() and goal in self.ended):
            rclpy.spin_once(self.node, timeout_sec=0.1)
            if time.monotonic() - quiet_since() > timeout and not (
                    fut.done() and goal in self.ended):
                raise AssertionError(
                    f"no progress in {timeout} s waiting for the skill's result and the "
                    f"world's state after it (result {'in' if fut.done() else 'not in'}, "
                    f"state {'in' if goal in self.ended else 'not in'})")
        r = fut.result()
        return r.status, r.result

    def run(self, server: str, skill: str, args: list[str], targets=(), **kw: Any) -> Any:
        return self.result(self.send(server, skill, args, targets, **kw))[1]

    def wait_truth_after(self, n: int) -> dict:
        spin_until(self.node, lambda: len(self.truth) > n, what="the world's new state")
        return self.truth[-1]


def spin_some(node: Node) -> None:
    rclpy.spin_once(node, timeout_sec=0.0)
