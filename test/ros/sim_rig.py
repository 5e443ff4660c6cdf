"""The household world as a separate process, and a client for its skill servers."""

from __future__ import annotations

import json
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import rclpy
from rclpy.action import ActionClient
from rclpy.node import Node
from rclpy.qos import DurabilityPolicy, QoSProfile, ReliabilityPolicy
from ros_harness import CALL_TIMEOUT_S, CONFIG, NodeProcess, node_process, send_goal, spin_until
from std_msgs.msg import String

from memory_node.action import ExecuteSkill
from memory_node.msg import NamedPlaces, SkillTarget

WORLD = "memory_node.sim.nodes.world_node"
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
        self.places: list[NamedPlaces] = []
        node.create_subscription(String, "sim/ground_truth", self._on_truth, LATCHED)
        node.create_subscription(NamedPlaces, "map/places", self.places.append, LATCHED)
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
                         feedback_callback=(lambda m: feedback.append(m.feedback))
                         if feedback is not None else None)

    def result(self, handle: Any, timeout: float = 60.0) -> tuple[int, Any]:
        """The goal's status and result, once the world's state at the goal's end has
        arrived too (the two come on different topics), so state() is after this goal."""
        fut = handle.get_result_async()
        goal = bytes(handle.goal_id.uuid).hex()
        spin_until(self.node, lambda: fut.done() and goal in self.ended, timeout=timeout,
                   what="the skill's result and the world's state after it")
        r = fut.result()
        return r.status, r.result

    def run(self, server: str, skill: str, args: list[str], targets=(), **kw: Any) -> Any:
        return self.result(self.send(server, skill, args, targets, **kw))[1]

    def wait_truth_after(self, n: int) -> dict:
        spin_until(self.node, lambda: len(self.truth) > n, what="the world's new state")
        return self.truth[-1]


def spin_some(node: Node) -> None:
    rclpy.spin_once(node, timeout_sec=0.0)
