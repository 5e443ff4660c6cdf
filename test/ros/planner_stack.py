"""The planner's DDS test stack: a real memory server process, the planner node process, a
scripted LLM endpoint on 127.0.0.1 and small skill servers of the test's own (the base and
the arm as ExecuteSkill action servers over the symbolic house in test/house.py).

The skill servers run in the test process on their own executor thread, so a test can hold
a skill mid-goal (to cancel it, to restart the memory server under it) and count every call
that reached them.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import rclpy
from house import House, Thing
from rclpy.action import ActionClient, ActionServer, CancelResponse
from rclpy.callback_groups import ReentrantCallbackGroup
from rclpy.executors import MultiThreadedExecutor
from rclpy.node import Node
from ros_harness import CONFIG, NodeProcess
from ros_harness import send_goal as goal_answer

from memory_node.action import ExecuteInstruction, ExecuteSkill
from memory_node.client import MemoryClient
from memory_node.core.errors import ErrorCode
from memory_node.core.units import ObjectMemoryUnit as Unit
from memory_node.nodes.conversions import to_point
from memory_node.planner.core.types import CancelToken, SkillCall, Target

SERVER = "memory_node.nodes.memory_server"
PLANNER = "memory_node.planner.nodes.planner_node"
GOAL_TIMEOUT_S = 120.0
# An instruction the planner refuses at once for its control character (no memory, no
# skill): a probe that its instruction topic hears this writer.
INSTRUCTION_PROBE = "\x1b is the planner listening?"

# Receptacles before what they hold: memory refuses a receptacle id it does not know.
KITCHEN = [
    Unit("CounterTop_1", "CounterTop", (1.0, 0.0, 1.0), area_id="kitchen"),
    Unit("Apple_1", "Apple", (1.0, 0.9, 1.0), area_id="kitchen", receptacle_id="CounterTop_1",
         relation="on"),
    Unit("Fridge_1", "Fridge", (3.0, 0.0, 1.0), state="closed", area_id="kitchen"),
    Unit("Sofa_1", "Sofa", (5.0, 0.0, 5.0), area_id="living_room"),
]


def house_things() -> dict[str, Thing]:
    return {"Apple_1": Thing("Apple", "kitchen", "CounterTop_1"),
            "Fridge_1": Thing("Fridge", "kitchen", state="closed"),
            "CounterTop_1": Thing("CounterTop", "kitchen"),
            "Sofa_1": Thing("Sofa", "living_room"),
            "Mug_1": Thing("Mug", "living_room", position=(5.2, 0.6, 5.1))}


def memory_server(tmp: Path, name: str = "mem", **params: Any) -> NodeProcess:
    return NodeProcess(SERVER, params_file=CONFIG / "memory.yaml",
                       params={"memory_dir": str(tmp / name), "recall.prefetch_batch": 0,
                               **params},
                       log_path=tmp / f"{name}.log")


def planner_node(tmp: Path, name: str, **params: Any) -> NodeProcess:
    return NodeProcess(PLANNER, params_file=CONFIG / "planner.yaml", params=params,
                       log_path=tmp / f"{name}.log")


@dataclass
class SkillServers:
    """base/execute_skill and arm/execute_skill over a House."""

    node: Node
    house: House
    hold: dict[str, threading.Event] = field(default_factory=dict)   # skill -> release
    started: threading.Event = field(default_factory=threading.Event)
    cancelled: list[str] = field(default_factory=list)

    def execute(self, handle: Any) -> ExecuteSkill.Result:
        g = handle.request
        call = SkillCall(g.skill, tuple(g.arguments))
        release = self.hold.get(g.skill)
        if release is not None:
            self.started.set()
            while not release.wait(0.05):
                if handle.is_cancel_requested:
                    self.cancelled.append(str(call))
                    handle.canceled()
                    return ExecuteSkill.Result(success=False, message="cancelled",
                                               error_code=int(ErrorCode.CANCELED))
        targets = [Target(t.id, t.label, (t.position.x, t.position.y, t.position.z),
                          t.position_known) for t in g.targets]
        r = self.house.execute(call, targets, g.episode_id, g.timeout, CancelToken())
        handle.succeed()
        result = ExecuteSkill.Result(success=r.success, message=r.message,
                                     error_code=int(r.error_code), duration=r.duration,
                                     robot_area=r.robot_area, held_object=r.held_object)
        if r.robot_position is not None:
            result.robot_position = to_point(r.robot_position)
        return result


@contextmanager
def skill_servers(house: House) -> Iterator[SkillServers]:
    node = rclpy.create_node("test_skill_servers")
    servers = SkillServers(node, house)
    group = ReentrantCallbackGroup()
    actions = [ActionServer(node, ExecuteSkill, name, execute_callback=servers.execute,
                            cancel_callback=lambda _h: CancelResponse.ACCEPT,
                            callback_group=group)
               for name in ("base/execute_skill", "arm/execute_skill")]
    executor = MultiThreadedExecutor(num_threads=4)
    executor.add_node(node)
    thread = threading.Thread(target=executor.spin, daemon=True)
    thread.start()
    try:
        yield servers
    finally:
        for release in servers.hold.values():
            release.set()
        executor.shutdown(timeout_sec=5)
        for a in actions:
            a.destroy()
        node.destroy_node()
        thread.join(timeout=5)


def seed(memory: MemoryClient, units: list[Unit] = KITCHEN) -> None:
    memory.manage("clear")
    for u in units:
        memory.update(u)


@contextmanager
def seeded_memory(tmp: Path) -> Iterator[MemoryClient]:
    """A memory server in `tmp` holding the kitchen without a mug (finding one needs the
    named places), and a client to it; the server stops on exit."""
    mem = memory_server(tmp)
    try:
        with MemoryClient(timeout=20.0) as client:
            client.wait_until_ready(timeout=90.0)
            seed(client)
            yield client
    finally:
        mem.stop()


@dataclass
class GoalRun:
    accepted: bool
    status: int = 0
    result: Any = None
    feedback: list[Any] = field(default_factory=list)


def send_goal(node: Node, client: ActionClient, instruction: str, episode: str = "",
              goals: tuple[str, ...] = (), max_steps: int = 0) -> Any:
    goal = ExecuteInstruction.Goal(instruction=instruction, episode_id=episode,
                                   goal_conditions=list(goals), max_steps=max_steps)
    run = GoalRun(False)
    handle = goal_answer(node, client, goal, GOAL_TIMEOUT_S,
                         feedback_callback=lambda f: run.feedback.append(f.feedback))
    run.accepted = handle.accepted
    return run, handle


def wait_result(node: Node, run: GoalRun, handle: Any,
                while_waiting: Callable[[], None] | None = None) -> GoalRun:
    future = handle.get_result_async()
    deadline = time.monotonic() + GOAL_TIMEOUT_S
    while not future.done():
        assert time.monotonic() < deadline, "no result from the planner"
        rclpy.spin_once(node, timeout_sec=0.1)
        if while_waiting is not None:
            while_waiting()
    wrapped = future.result()
    run.status, run.result = wrapped.status, wrapped.result
    return run


def execute(node: Node, client: ActionClient, instruction: str, episode: str = "",
            goals: tuple[str, ...] = ()) -> GoalRun:
    run, handle = send_goal(node, client, instruction, episode, goals)
    assert run.accepted
    return wait_result(node, run, handle)


def instruction_client(node: Node) -> ActionClient:
    client = ActionClient(node, ExecuteInstruction, "planner/execute_instruction")
    deadline = time.monotonic() + 120.0
    while not client.wait_for_server(timeout_sec=0.5):
        assert time.monotonic() < deadline, "planner action server not discovered"
    return client
