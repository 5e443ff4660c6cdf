"""The household world announces a goal's end only once the robot is free.

A client may send its next goal the moment it learns the last one ended: from the
world's state tagged with the goal's id (sim/ground_truth), from the goal's terminal
status, or from its result. Until round 58 the state and the status went out while the
goal still held the robot, and a next goal sent on them was refused "the robot is running
another skill (one at a time)" (round 57's loaded CI met it; bench/README_ci.md).

The world runs in this process and its skill callback is called directly with a goal
handle of the test's, so the next goal is sent exactly at each announcement (a DDS client
could only hit that moment by chance): at the state's publication and at the terminal
status call, each holding the announcing thread until the next goal has been answered
(or ANSWER_S has passed). rclpy sends the result once the callback has returned.
"""

from __future__ import annotations

import json
import os
import threading
from collections.abc import Iterator
from typing import Any

import pytest
import rclpy
from rclpy.context import Context
from rclpy.parameter import Parameter
from ros_harness import CONFIG
from unique_identifier_msgs.msg import UUID

from memory_node.action import ExecuteSkill
from memory_node.core.errors import ErrorCode

pytestmark = pytest.mark.ros
ANSWER_S = 20.0   # the next goal's answer, while the announcing thread waits for it


class _Handle:
    """What the world's skill callback uses of rclpy's ServerGoalHandle."""

    def __init__(self, goal: ExecuteSkill.Goal, on_end: Any = None) -> None:
        self.request = goal
        self.goal_id = UUID(uuid=list(os.urandom(16)))
        self.is_cancel_requested = False
        self.status = ""
        self.on_end = on_end

    def publish_feedback(self, _feedback: Any) -> None:
        pass

    def _terminal(self, status: str) -> None:
        self.status = status
        if self.on_end is not None:
            self.on_end()

    def succeed(self) -> None:
        self._terminal("succeeded")

    def abort(self) -> None:
        self._terminal("aborted")

    def canceled(self) -> None:
        self._terminal("canceled")


class _Truth:
    """The world's state publisher, wrapped: each state is kept, and `on_goal_end` runs
    when the state of a goal's end goes out."""

    def __init__(self, publisher: Any) -> None:
        self.publisher = publisher
        self.states: list[dict] = []
        self.on_goal_end: Any = None

    def publish(self, msg: Any) -> None:
        state = json.loads(msg.data)
        self.states.append(state)
        if state.get("goal") and self.on_goal_end is not None:
            self.on_goal_end(state["goal"])
        self.publisher.publish(msg)


@pytest.fixture(scope="module")
def world() -> Iterator[Any]:
    os.environ.setdefault("MUJOCO_GL", "egl")
    from memory_node.sim.nodes.world_node import WorldNode  # noqa: PLC0415 - after MUJOCO_GL

    context = Context()
    rclpy.init(context=context, args=[])
    node = None
    try:
        node = WorldNode(context=context,
                         cli_args=["--ros-args", "--params-file", str(CONFIG / "sim.yaml")],
                         parameter_overrides=[Parameter("layout.seed", value=3),
                                              Parameter("time.real_time_factor", value=50.0),
                                              Parameter("sensors.rate_hz", value=0.0)])
        node.pub_truth = _Truth(node.pub_truth)
        yield node
    finally:
        if node is not None:
            node.destroy_node()
        rclpy.try_shutdown(context=context)


def _navigate(room: str) -> ExecuteSkill.Goal:
    return ExecuteSkill.Goal(skill="navigate", arguments=[room], episode_id="test")


def _send(world: Any, goal: ExecuteSkill.Goal, into: list) -> threading.Thread:
    """The goal on a thread of its own (as the world's executor would run it); its handle
    and result are appended to `into` once answered."""
    def run() -> None:
        handle = _Handle(goal)
        into.append((handle, world._execute(handle, "base")))

    thread = threading.Thread(target=run, daemon=True)
    thread.start()
    return thread


def _room_of(world: Any) -> str:
    r = world.world.robot
    room = world.world.room_of(r.x, r.y)
    return room.name if room else ""


@pytest.mark.parametrize("announcement", ["state", "status"])
def test_a_goal_sent_the_moment_the_last_one_is_announced_ended_runs(
        world: Any, announcement: str) -> None:
    rooms = [r.name for r in world.world.rooms]
    here = _room_of(world)
    first_room = next(r for r in rooms if r != here)
    next_room = next(r for r in rooms if r not in (here, first_room))
    answers: list = []
    sent: list[threading.Thread] = []

    def send_next(*_args: Any) -> None:
        if sent:
            return   # the next goal's own end sends nothing
        sent.append(_send(world, _navigate(next_room), answers))
        sent[0].join(ANSWER_S)

    first = _Handle(_navigate(first_room),
                    on_end=send_next if announcement == "status" else None)
    world.pub_truth.on_goal_end = send_next if announcement == "state" else None
    try:
        result = world._execute(first, "base")
    finally:
        world.pub_truth.on_goal_end = None
    assert first.status == "succeeded" and result.success, result.message
    assert result.robot_area == first_room
    # The state announced with the first goal's end is the state at its end.
    ended = [s for s in world.pub_truth.states if s.get("goal") == bytes(first.goal_id.uuid).hex()]
    assert len(ended) == 1, ended
    robot = ended[0]["robot"]
    assert (robot["x"], robot["y"]) == pytest.approx(
        (result.robot_position.x, result.robot_position.y)), robot
    assert sent, "the first goal's end was never announced"
    sent[0].join(ANSWER_S)
    assert answers, f"the next goal, sent on the {announcement}, had no answer in {ANSWER_S} s"
    handle, answer = answers[0]
    assert answer.error_code != ErrorCode.UNAVAILABLE, (
        f"the next goal, sent on the first's {announcement}, was refused: {answer.message}")
    assert answer.success and handle.status == "succeeded", answer.message
    assert answer.robot_area == next_room
