# ruff: noqa: E402  (the DDS environment is set before the middleware loads)
"""A hostile client against the other shipped processes: the household world's skill
servers (`base/execute_skill`, `arm/execute_skill`) and the planner node
(`planner/execute_instruction`, `planner/instruction`, `map/places`), each a real process
over loopback DDS, with a real memory server behind the planner and the world as its robot.

For every generated goal or message:
- the process is alive and answers with a typed code (success <=> NONE, never INTERNAL);
- a goal that breaks a documented limit (core/limits.py) is INVALID_ARGUMENT;
- a refused goal changed nothing: the world's ground truth (objects, held object, acted
  list) is as it was, the robot did not move, no skill ran, the memory's file holds what it held;
  a goal that ran and then failed (timed out, found nothing) moved the base only;
- a bad map/places message is dropped (logged), the planner keeps its map.
Then goals sent twice (same goal id), cancelled before and during execution, and a second
goal while one runs; and after the barrage each node still serves a valid request
correctly.

Bounded: MEMORY_NODE_FUZZ_EXAMPLES examples per property (default 60 here, ~35 s for the
file on 2 cores, process start-up included); each property's seed pinned
(pinned_seeds.json) unless MEMORY_NODE_FUZZ_SEED is set.
"""

from __future__ import annotations

import json
import math
import sys
import threading
import time
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "ros"))
sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
from ros_harness import confine_to_loopback

confine_to_loopback()

import rclpy
from action_msgs.msg import GoalStatus
from fuzz_support import fuzz_property, ros_context_fixture  # noqa: F401 - a fixture
from geometry_msgs.msg import Point
from hypothesis import event, given
from hypothesis import strategies as st
from planner_stack import INSTRUCTION_PROBE, instruction_client, memory_server, planner_node
from rclpy.action import ActionClient
from rclpy.node import Node
from reliability_rig import disk_units
from ros_harness import (
    CONFIG,
    READ_RESEND_S,
    NodeProcess,
    call,
    publish_until_heard,
    spin_until,
    wait_for_service,
    warm_up,
)
from sim_rig import LATCHED, WORLD, SkillClient
from std_msgs.msg import String

from memory_node.action import ExecuteInstruction, ExecuteSkill
from memory_node.client import MemoryClient
from memory_node.core.episode_hooks import END_REASONS
from memory_node.core.errors import ErrorCode
from memory_node.core.limits import LIMITS
from memory_node.core.skills import SKILL_NAMES, SKILLS
from memory_node.core.units import ObjectMemoryUnit as Unit
from memory_node.core.units import has_refused_characters
from memory_node.msg import NamedPlaces, SkillTarget
from memory_node.nodes.qos import ACTION_SERVICES_QOS, SERVICE_QOS
from memory_node.srv import EndEpisode, GetUnits

pytestmark = [pytest.mark.ros, pytest.mark.slow]
fuzz = fuzz_property(60)
RESULT_TIMEOUT_S = 60.0


# -- strategies ----------------------------------------------------------------------
HOSTILE = ["", " ", "\x00", "a\x00b", "x\x7f", "x\x85", "\u2028", "a\nb", "\x1b[2J",
           "x" * 129, "y" * 5000, "ä€😀", "navigate", "NAVIGATE ", "in", "on", "robot"]
text = st.one_of(st.sampled_from(HOSTILE),
                 st.text(st.characters(exclude_categories=("Cs",)), max_size=30),
                 st.text(st.characters(min_codepoint=0, max_codepoint=0x9F), max_size=6))
any_float = st.floats(allow_nan=True, allow_infinity=True)
coordinate = st.one_of(st.floats(-20, 20), any_float, st.sampled_from([1e4, 1.0001e4, -1e300]))
ROOM = -1   # an argument that the test replaces with one of the world's rooms


@st.composite
def targets(draw: Any) -> SkillTarget:
    t = SkillTarget(id=draw(st.one_of(st.sampled_from(["mem_1", "mem_2"]), text)),
                    label=draw(st.one_of(st.sampled_from(["Mug", "Apple", "Fridge", ""]), text)),
                    position_known=draw(st.booleans()))
    t.position = Point(x=draw(coordinate), y=draw(coordinate), z=draw(st.floats(0, 2)))
    return t


HOSTILE_FIELDS = {
    "skill": st.one_of(text, st.just("s" * (LIMITS.max_skill_name_chars + 1))),
    "arguments": st.one_of(
        st.lists(st.one_of(st.just(ROOM), st.sampled_from(["mem_1", "in", "on"]), text),
                 max_size=4),
        st.lists(st.just("kitchen"), min_size=LIMITS.max_skill_arguments + 1, max_size=40),
        st.just(["k" * (LIMITS.max_id_chars + 1)]), st.just([])),
    "targets": st.one_of(st.lists(targets(), max_size=3),
                         st.lists(targets(), min_size=LIMITS.max_skill_targets + 1,
                                  max_size=LIMITS.max_skill_targets + 3)),
    "timeout": st.one_of(any_float, st.just(1e9), st.just(-1.0), st.just(1e-3)),
    "episode_id": st.one_of(text, st.just("e" * 200)),
    "server": st.sampled_from(["base", "arm"]),
}
KIND_ARGS = {"place": st.just(ROOM), "object": st.sampled_from(["mem_1", "mem_2"]),
             "label": st.sampled_from(["Mug", "Apple", "Banana"]),
             "relation": st.sampled_from(["in", "on"])}


@st.composite
def skill_goals(draw: Any) -> dict:
    """A goal the skill table allows (memory ids with targets, the world's rooms), half
    the time with one field replaced by a hostile value."""
    spec = SKILLS[draw(st.sampled_from(SKILL_NAMES))]
    n = draw(st.integers(spec.min_args, spec.max_args))
    g = {"server": spec.server, "skill": spec.name,
         "arguments": [draw(KIND_ARGS[a.kind]) for a in spec.args[:n]],
         "targets": [SkillTarget(id=i, label=draw(st.sampled_from(["Mug", "Apple", "Fridge",
                                                                  "Cabinet", "Dragon"])),
                                 position=Point(x=draw(st.floats(-8, 8)),
                                                y=draw(st.floats(-8, 8)), z=0.9),
                                 position_known=draw(st.booleans()))
                     for i in ("mem_1", "mem_2")],
         "timeout": draw(st.sampled_from([0.0, 0.0, 30.0, 0.5])), "episode_id": "fuzz"}
    name = draw(st.one_of(st.just(""), st.sampled_from(list(HOSTILE_FIELDS))))
    if name:
        g[name] = draw(HOSTILE_FIELDS[name])
    return g


def goal_breaks_a_limit(g: ExecuteSkill.Goal) -> bool:
    """What docs/security.md promises the skill servers refuse, whatever the skill."""
    def bad_text(value: str, most: int) -> bool:
        return len(value) > most or has_refused_characters(value)

    if not g.skill or bad_text(g.skill, LIMITS.max_skill_name_chars):
        return True
    if len(g.arguments) > LIMITS.max_skill_arguments or \
            any(bad_text(a, LIMITS.max_id_chars) for a in g.arguments):
        return True
    if len(g.targets) > LIMITS.max_skill_targets or bad_text(g.episode_id, LIMITS.max_id_chars):
        return True
    if not (math.isfinite(g.timeout) and 0.0 <= g.timeout <= LIMITS.max_skill_timeout_s):
        return True
    return any(bad_text(t.id, LIMITS.max_id_chars) or bad_text(t.label, LIMITS.max_id_chars)
               or not all(math.isfinite(v) and abs(v) <= LIMITS.max_coordinate_m
                          for v in (t.position.x, t.position.y, t.position.z))
               for t in g.targets)


def wire(value: str) -> str:
    """What a string is after DDS: ROS strings are C strings, cut at the first NUL."""
    return value.split("\x00", 1)[0]


# -- the processes -------------------------------------------------------------------


@dataclass
class Stack:
    tmp: Path
    node: Node
    world: NodeProcess
    skills: SkillClient
    memory: MemoryClient
    planner: NodeProcess
    instructions: ActionClient
    status: list[dict] = field(default_factory=list)
    last_pose: tuple[float, float] | None = None   # where the last skill result left the base
    instruction_pub: Any = None

    def instruction_publisher(self) -> Any:
        """planner/instruction's publisher, made once and heard once: the planner's reader
        matches a new writer some time after this writer matched it, and a message sent in
        between is lost (a new publisher per example sent its one message right away)."""
        if self.instruction_pub is None:
            pub = self.node.create_publisher(String, "planner/instruction", 10)
            spin_until(self.node, lambda: pub.get_subscription_count() > 0, what="the planner")
            probe = String(data=INSTRUCTION_PROBE)
            publish_until_heard(self.node, lambda: pub.publish(probe),
                                lambda: any(s.get("instruction") == probe.data
                                            for s in self.status),
                                what="the planner")
            self.instruction_pub = pub
        return self.instruction_pub

    @property
    def rooms(self) -> list[str]:
        return list(self.skills.places[-1].names)

    def world_state(self) -> dict:
        """The world's last ground truth without its clock and the id of the goal it ended
        (metadata, not the world). By content, not by counting
        messages: DDS may deliver the latched first one twice. The world publishes it
        before it answers the goal, so a few spins take in one still queued here."""
        for _ in range(3):
            rclpy.spin_once(self.node, timeout_sec=0.02)
        return {k: v for k, v in self.skills.state().items() if k not in ("time", "goal")}

    def db(self) -> dict[str, tuple]:
        return disk_units(self.tmp / "mem" / "memory.sqlite")

    def alive(self) -> None:
        for p in (self.world, self.planner):
            assert p.alive(), p.output()[-3000:]

    def skill(self, server: str, goal: ExecuteSkill.Goal) -> tuple[int, Any]:
        fut = self.skills.clients[server].send_goal_async(goal)
        spin_until(self.node, fut.done, what="the skill server's answer")
        handle = fut.result()
        assert handle.accepted   # the world takes every goal and answers it with a code
        status, result = self.skills.result(handle, timeout=RESULT_TIMEOUT_S)
        self.last_pose = (result.robot_position.x, result.robot_position.y)
        return status, result

    def instruct(self, goal: ExecuteInstruction.Goal) -> tuple[int, Any]:
        handle = self.send_instruction(goal)
        assert handle.accepted
        return self.instruction_result(handle)

    def send_instruction(self, goal: ExecuteInstruction.Goal) -> Any:
        fut = self.instructions.send_goal_async(goal)
        spin_until(self.node, fut.done, what="the planner's answer to the goal")
        return fut.result()

    def instruction_result(self, handle: Any) -> tuple[int, Any]:
        fut = handle.get_result_async()
        spin_until(self.node, fut.done, timeout=RESULT_TIMEOUT_S, what="the planner's result")
        return fut.result().status, fut.result().result


# The memory holds the fridge closed, a state it has not been told is unconfirmed: CLOSED(Fridge)
# is met as far as memory says, so a valid goal needs no skill (the offline planner answers
# at once). Not a placement: a placement memory holds from before the task is looked at once
# before "nothing to do" (the offline planner's `unconfirmed`), which sends the robot out.
MET = "CLOSED(Fridge)"
UNITS = [Unit("Fridge_1", "Fridge", (3.0, 0.0, 1.0), state="closed", area_id="kitchen"),
         Unit("Apple_1", "Apple", (3.0, 0.0, 1.0), area_id="kitchen", receptacle_id="Fridge_1",
              relation="in")]


@pytest.fixture(scope="module")
def stack(ros_context: None, tmp_path_factory: pytest.TempPathFactory) -> Iterator[Stack]:
    tmp = tmp_path_factory.mktemp("fuzz_nodes")
    node = rclpy.create_node("fuzz_nodes_client")
    world = NodeProcess(WORLD, params_file=CONFIG / "sim.yaml", log_path=tmp / "world.log",
                        params={"layout.seed": 3, "time.real_time_factor": 50.0,
                                "sensors.rate_hz": 0.0})
    mem = memory_server(tmp)
    planner = None
    try:
        memory = MemoryClient(timeout=20.0)
        memory.wait_until_ready(timeout=180.0)
        memory.manage("clear")
        for u in UNITS:
            memory.update(u)
        planner = planner_node(tmp, "planner", planner="offline", skill_timeout_s=30.0,
                               skill_server_wait_s=5.0, perception_wait_s=0.0, max_steps=6,
                               confirm="open", confirm_timeout_s=5.0)
        skills = SkillClient(node, world)
        s = Stack(tmp, node, world, skills, memory, planner, instruction_client(node))
        node.create_subscription(String, "planner/status",
                                 lambda m: s.status.append(json.loads(m.data)), 10)
        yield s
        memory.close()
    finally:
        for p in (planner, mem, world):
            if p is not None:
                p.stop()
        node.destroy_node()


# -- the world's skill servers -------------------------------------------------------
@fuzz
@given(g=skill_goals(), room=st.integers(0, 50))
def test_skill_goals(stack: Stack, g: dict, room: int) -> None:
    args = [stack.rooms[room % len(stack.rooms)] if a == ROOM else a for a in g["arguments"]]
    goal = ExecuteSkill.Goal(skill=g["skill"], arguments=args, targets=g["targets"],
                             timeout=g["timeout"], episode_id=g["episode_id"])
    truth_before, pose_before = stack.world_state(), stack.last_pose
    status, result = stack.skill(g["server"], goal)
    stack.alive()
    code = ErrorCode(result.error_code)
    event("accepted" if result.success else f"refused: {code.name}")
    assert code != ErrorCode.INTERNAL, result.message
    assert result.success == (code == ErrorCode.NONE), result.message
    assert (status == GoalStatus.STATUS_SUCCEEDED) == result.success
    received = ExecuteSkill.Goal(
        skill=wire(goal.skill), arguments=[wire(a) for a in args], timeout=goal.timeout,
        episode_id=wire(goal.episode_id),
        targets=[SkillTarget(id=wire(t.id), label=wire(t.label), position=t.position)
                 for t in goal.targets])
    if goal_breaks_a_limit(received):
        assert code == ErrorCode.INVALID_ARGUMENT, result.message
    for s in (result.message, result.robot_area, result.held_object, result.held_label,
              result.shut_by, *result.missing_fixtures):
        assert not has_refused_characters(s), f"a control character came back: {s!r}"
    if not result.success and result.duration == 0.0:
        assert stack.world_state() == truth_before, "refused, yet the world changed"
    elif not result.success:
        # It ran, then failed (timed out, or explored without seeing what it sought): the
        # world keeps every object, the hand and the acted list, and only the base's pose
        # moves, as far as it drove (sim/core/skill_logic.py). Which goals get here depends
        # on where earlier ones left the base, and a loaded host lets a timed-out goal drive
        # farther before its timeout is checked (the world's clock runs at x50): the fixed
        # examples met none quietly, and under load the old "changed nothing" failed on an
        # explore that ran out (round 56: 9 of 9 at load ~35; MEMORY_NODE_FUZZ_SEED=3, a
        # navigate timed out after turning the base, failed it at every load tried, 16-35).
        event(f"ran, then failed: {code.name}")
        after = stack.world_state()
        assert _all_but_the_pose(after) == _all_but_the_pose(truth_before), \
            "failed, yet an object, the hand or the acted list changed"
        assert (after["robot"]["x"], after["robot"]["y"]) == stack.last_pose, \
            "the world's state and the result disagree on where the base stopped"
    if code == ErrorCode.INVALID_ARGUMENT and pose_before is not None:
        assert stack.last_pose == pose_before, "refused, yet the base moved"


def _all_but_the_pose(state: dict) -> dict:
    return {**state, "robot": {"held": state["robot"]["held"]}}


def _navigate(stack: Stack, room: str, timeout: float = 0.0) -> ExecuteSkill.Goal:
    return ExecuteSkill.Goal(skill="navigate", arguments=[room], timeout=timeout,
                             episode_id="fuzz")


def _far_room(stack: Stack, status_result: tuple[int, Any]) -> str:
    here = status_result[1].robot_area
    return next(r for r in stack.rooms if r != here)


RUNNING_TRIES = 5   # long goals that may each end on their own before the test's checks
ENDED = (GoalStatus.STATUS_SUCCEEDED, GoalStatus.STATUS_ABORTED, GoalStatus.STATUS_CANCELED)


def _explore(room: str) -> ExecuteSkill.Goal:
    """The base's longest goal: a room's viewpoints, each looked around from (several
    seconds of wall here at time x50; a navigate lasts well under one)."""
    return ExecuteSkill.Goal(skill="explore", arguments=[room], episode_id="fuzz")


def _executing(stack: Stack, goal: ExecuteSkill.Goal) -> Any:
    """`goal` on the base's server, once the world runs it: its first feedback comes after
    the world took its one-at-a-time lock (accepted only means queued for execution)."""
    fed: list[Any] = []
    fut = stack.skills.clients["base"].send_goal_async(goal, feedback_callback=fed.append)
    spin_until(stack.node, fut.done, what="the long goal accepted")
    running = fut.result()
    assert running.accepted
    # Or its end, when it ran out before a feedback came.
    spin_until(stack.node, lambda: bool(fed) or running.status in ENDED,
               timeout=RESULT_TIMEOUT_S, what="the long goal's first feedback")
    return running


def _refused_while_running(stack: Stack, server: str, goal: ExecuteSkill.Goal) -> Any:
    """The result of `goal`, sent while another runs. Not its world state: the world's
    state topic keeps only the last state (depth 1), and the running goal may end right
    after this one was refused, so the refusal's state can be replaced before it is read
    (round 53's loaded CI waited 60 s for it)."""
    fut = stack.skills.clients[server].send_goal_async(goal)
    spin_until(stack.node, fut.done, what="the skill server's answer")
    handle = fut.result()
    assert handle.accepted   # the world takes every goal and answers it with a code
    result = handle.get_result_async()
    spin_until(stack.node, result.done, timeout=RESULT_TIMEOUT_S, what="the refusal's result")
    return result.result().result


def test_skill_goals_twice_cancelled_and_overlapping(stack: Stack) -> None:
    """A second goal while one runs gets UNAVAILABLE; the same goal id sent again is not
    taken a second time; a cancel mid-way ends with CANCELED and moves no object; then a
    valid goal is served as before, and again after a client vanished mid-goal.

    The goal kept running is an explore, started once the slow part (a new client's
    discovery) is done; on a loaded host a navigate (under a second here) ended before
    the checks (round 53's CI). One that still ends on its own (SUCCEEDED despite the
    cancel) proves nothing about the overlap and the cancel, so another one is sent; one
    that was cancelled ran through both checks, which must then hold."""
    first = stack.skill("base", _navigate(stack, stack.rooms[0]))
    assert first[1].success, first[1].message
    # The same goal id again, on the action's own send_goal service.
    send_goal = stack.node.create_client(ExecuteSkill.Impl.SendGoalService,
                                         "base/execute_skill/_action/send_goal")
    try:
        wait_for_service(stack.node, send_goal, stack.world)
        for _ in range(RUNNING_TRIES):
            truth_before = stack.world_state()
            room = _far_room(stack, first)
            running = _executing(stack, _explore(room))
            # A new client's first answer can be lost; a copy of a request for a goal id
            # the server holds is refused the same way, so it may be re-sent.
            again = call(stack.node, send_goal, ExecuteSkill.Impl.SendGoalService.Request(
                goal_id=running.goal_id, goal=_navigate(stack, room)),
                resend_after=READ_RESEND_S)
            assert not again.accepted
            overlap = _refused_while_running(stack, "arm", ExecuteSkill.Goal(
                skill="open", arguments=["mem_1"], episode_id="fuzz"))
            cancel = running.cancel_goal_async()
            spin_until(stack.node, cancel.done, what="the cancel's answer")
            # Its result first, its state only if it was cancelled: one that ended on its
            # own may have ended with the refusal, whose state then replaced its own.
            end = running.get_result_async()
            spin_until(stack.node, end.done, timeout=RESULT_TIMEOUT_S,
                       what="the long goal's result")
            status, result = end.result().status, end.result().result
            if status != GoalStatus.STATUS_SUCCEEDED:
                break
            first = (status, result)   # it ended before the cancel: start from where it is
        else:
            pytest.fail(f"{RUNNING_TRIES} explores each ended before the test's checks: the "
                        "host is too loaded to cancel one mid-way")
    finally:
        stack.node.destroy_client(send_goal)
    # It ran until the cancel, so the overlap came while it ran.
    assert overlap.error_code == ErrorCode.UNAVAILABLE, overlap.message
    assert (status, result.error_code) == (GoalStatus.STATUS_CANCELED, ErrorCode.CANCELED)
    # The base stops where it is (its pose is in the state after the cancel, the last
    # goal to end); no object moves.
    cancelled = bytes(running.goal_id.uuid).hex()
    spin_until(stack.node, lambda: cancelled in stack.skills.ended, timeout=RESULT_TIMEOUT_S,
               what="the world's state after the cancel")
    assert stack.world_state()["objects"] == truth_before["objects"]
    stack.alive()
    # Served as before: the base reaches the room it is sent to.
    status, result = stack.skill("base", _navigate(stack, room))
    assert result.success and result.robot_area == room, result.message
    # A client that vanishes mid-goal (its node gone: no cancel, its result never taken):
    # the goal runs out on the server, which then serves the next client.
    gone = rclpy.create_node("fuzz_vanishing_client")
    try:
        client = ActionClient(gone, ExecuteSkill, "base/execute_skill")
        spin_until(gone, client.server_is_ready, what="the base's server, for a new client")
        fut = client.send_goal_async(_navigate(stack, _far_room(stack, (status, result))))
        spin_until(gone, fut.done, what="the vanishing client's goal accepted")
        orphan_id = fut.result().goal_id
        orphan = bytes(orphan_id.uuid).hex()
    finally:
        gone.destroy_node()
    spin_until(stack.node, lambda: orphan in stack.skills.ended, timeout=RESULT_TIMEOUT_S,
               what="the orphaned goal's end")
    # And its result (rclpy answers a request for it once the goal's callback returned).
    # Round 57, at load: the world published a goal's end state before it freed the base,
    # and the next goal, sent on the state, came in between and was refused "the robot is
    # running another skill"; since round 58 the state goes out once the base is free
    # (test/ros/test_world_end_frees_robot.py), and this waits for the result as well.
    get_result = stack.node.create_client(ExecuteSkill.Impl.GetResultService,
                                          "base/execute_skill/_action/get_result")
    try:
        wait_for_service(stack.node, get_result, stack.world)
        ended = call(stack.node, get_result,
                     ExecuteSkill.Impl.GetResultService.Request(goal_id=orphan_id),
                     timeout=RESULT_TIMEOUT_S, resend_after=READ_RESEND_S)
    finally:
        stack.node.destroy_client(get_result)
    assert ended.status in ENDED, ended
    stack.alive()
    status, result = stack.skill("base", _navigate(stack, room))
    assert result.success and result.robot_area == room, result.message


BURST = 40   # goals sent at once: beyond rclpy's default request queue of 10
BURST_ANSWER_S = 30.0   # answered in about a second; main's lost goals are never answered


def _burst(stack: Stack, action: Any, name: str, goals: list[Any]) -> list[Any]:
    """The goals sent at once by a client whose own queues hold the burst's answers."""
    client = ActionClient(stack.node, action, name,
                          goal_service_qos_profile=ACTION_SERVICES_QOS,
                          cancel_service_qos_profile=ACTION_SERVICES_QOS,
                          result_service_qos_profile=ACTION_SERVICES_QOS)
    spin_until(stack.node, client.server_is_ready, what=f"{name} for a bursting client")
    futures = [client.send_goal_async(g) for g in goals]
    spin_until(stack.node, lambda: all(f.done() for f in futures), timeout=BURST_ANSWER_S,
               what=lambda: f"an answer to every goal of the burst ("
               f"{sum(f.done() for f in futures)} of {len(futures)} answered)")
    return [f.result() for f in futures]


def test_a_burst_of_goals_is_answered_goal_by_goal(stack: Stack) -> None:
    """40 goals at once to the base's skill server and to the planner: each is answered
    (the world runs one at a time and refuses those that come meanwhile as UNAVAILABLE;
    the planner rejects goals while one runs), none is overwritten in the request queue
    unseen (ci42: 10 of 40 answered, the rest waited for good), and both serve again."""
    rooms = stack.rooms
    handles = _burst(stack, ExecuteSkill, "base/execute_skill", [
        _navigate(stack, rooms[i % len(rooms)]) for i in range(BURST)])
    assert all(h.accepted for h in handles)   # the world takes every goal, answers a code
    # Results only: the world's state after each comes on a latched topic of depth 1, so
    # the states of goals ended together replace each other (SkillClient.result waits for
    # its goal's state).
    futures = [h.get_result_async() for h in handles]
    spin_until(stack.node, lambda: all(f.done() for f in futures), timeout=RESULT_TIMEOUT_S,
               what="every burst goal's result")
    codes = sorted(ErrorCode(f.result().result.error_code).name for f in futures)
    # One at a time: those that came while one ran are refused (a navigate to the room
    # the base is in ends at once, so more than one may run).
    assert "UNAVAILABLE" in codes and set(codes) <= {"NONE", "UNAVAILABLE"}, codes
    stack.alive()
    met = ExecuteInstruction.Goal(instruction="put the apple in the fridge",
                                  goal_conditions=[MET])
    handles = _burst(stack, ExecuteInstruction, "planner/execute_instruction", [met] * BURST)
    accepted = [h for h in handles if h.accepted]
    assert accepted
    for h in accepted:
        status, result = stack.instruction_result(h)
        assert result.success and status == GoalStatus.STATUS_SUCCEEDED, result.message
    stack.alive()
    status, result = stack.skill("base", _navigate(stack, rooms[0]))
    assert result.success and result.robot_area == rooms[0], result.message

# -- the planner ---------------------------------------------------------------------
INSTRUCTIONS = ["put the apple in the fridge", "find the mug"]
instruction_goals = st.fixed_dictionaries({
    "instruction": st.one_of(st.sampled_from(INSTRUCTIONS), text,
                             st.just("x" * (2000 + 1)),
                             st.sampled_from(["put the apple\x85 away", "put\x7f it away",
                                              "put it away\u2028now", "\x1b[2Jput it"])),
    "episode_id": st.one_of(st.just(""), st.just("fuzz_ep"), text, st.just("e" * 200)),
    "max_steps": st.one_of(st.just(0), st.integers(0, 2**32 - 1)),
    "goal_conditions": st.one_of(
        st.lists(text, max_size=3),
        st.lists(st.sampled_from(["INSIDE(Apple)", "FLY(Apple)", "INSIDE(Apple, Fridge",
                                  "INSIDE(Apple\x1b, Fridge)", "HOLDING(" + "a" * 300 + ")"]),
                 min_size=1, max_size=3),
        st.lists(st.just(MET), min_size=33, max_size=70), st.just([MET])),
})


@fuzz
@given(g=instruction_goals)
def test_instruction_goals(stack: Stack, g: dict) -> None:
    """Hostile goals, or well-formed ones that memory says are met (an unmet one would send
    the robot out): no skill runs, nothing is written, a refusal has a code and a goal that
    breaks a limit is refused before the planner asks memory anything."""
    goal = ExecuteInstruction.Goal(**g)
    db_before, truth_before = stack.db(), stack.world_state()
    status, result = stack.instruct(goal)
    stack.alive()
    code = ErrorCode(result.error_code)
    event(f"refused: {code.name}" if not result.success else "accepted")
    assert code != ErrorCode.INTERNAL, result.message
    assert result.success == (code == ErrorCode.NONE), result.message
    assert (status == GoalStatus.STATUS_SUCCEEDED) == result.success
    assert code in (ErrorCode.NONE, ErrorCode.INVALID_ARGUMENT, ErrorCode.NOT_FOUND), \
        result.message
    if code == ErrorCode.INVALID_ARGUMENT:
        assert result.memory_time == 0.0, f"refused only after asking memory: {result.message}"
    assert (result.steps, list(result.executed)) == (0, []), "a skill ran"
    assert stack.world_state() == truth_before
    assert stack.db() == db_before


@fuzz
@given(data=st.one_of(st.sampled_from(["", " ", "\x1b[2J open the fridge", "a\u2028b",
                                       "z" * 20_000, "find the mug\x7f"]), text))
def test_instruction_topic(stack: Stack, data: str) -> None:
    """planner/instruction: every message gets a status; a refused one runs nothing."""
    pub = stack.instruction_publisher()
    sent = len(stack.status)
    truth_before, db_before = stack.world_state(), stack.db()
    pub.publish(String(data=data))
    # Its own status (a late one of the probe's copies may come between).
    said = wire(data)[:200]

    def mine() -> list[dict]:
        return [s for s in stack.status[sent:] if s.get("instruction") == said]

    spin_until(stack.node, lambda: bool(mine()), timeout=RESULT_TIMEOUT_S,
               what="the planner's status")
    stack.alive()
    answer = mine()[0]
    assert answer["error_code"] != ErrorCode.INTERNAL, answer
    assert not answer.get("success"), answer   # no goal conditions: nothing to achieve
    assert answer.get("executed", []) == []
    assert stack.world_state() == truth_before and stack.db() == db_before


@fuzz
@given(data=st.one_of(text, st.sampled_from([
    '{"id": 1, "approve": true}', '{"id": true, "approve": true}', '{"id": 1e999}',
    '{"id": 99999999999999999999999, "approve": false}', "[" * 999, '"approve"', "null",
    '{"id": 1, "approve": "yes"}', "{" * 500 + "}" * 500, "x" * 5000])))
def test_confirm_answers(stack: Stack, data: str) -> None:
    """planner/confirm_response is data: junk, unknown ids and deep nesting are ignored."""
    pub = stack.node.create_publisher(String, "planner/confirm_response", 10)
    try:
        spin_until(stack.node, lambda: pub.get_subscription_count() > 0, what="the planner")
        pub.publish(String(data=data))
    finally:
        stack.node.destroy_publisher(pub)
    stack.alive()


# -- the memory's services the server fuzz does not cover ------------------------------
def _memory_call(stack: Stack, srv: Any, name: str, request: Any) -> Any:
    client = stack.node.create_client(srv, name, qos_profile=SERVICE_QOS)
    # A new client per example: its first answer can be lost, and end_episode must not be
    # re-sent (a second copy would find the episode ended), so a read on a client created
    # after it goes first (ros_harness.warm_up).
    probe = stack.node.create_client(GetUnits, "/memory/get_units", qos_profile=SERVICE_QOS)
    try:
        wait_for_service(stack.node, client)
        wait_for_service(stack.node, probe)
        warm_up(stack.node, probe, GetUnits.Request())
        return call(stack.node, client, request)
    finally:
        stack.node.destroy_client(probe)
        stack.node.destroy_client(client)


@fuzz
@given(ids=st.one_of(st.lists(st.one_of(st.sampled_from(["Fridge_1", "Apple_1", "nope_1"]),
                                        text), max_size=5),
                     st.lists(st.just("Apple_1"), min_size=LIMITS.max_get_units + 1,
                              max_size=LIMITS.max_get_units + 2)))
def test_get_units(stack: Stack, ids: list[str]) -> None:
    """/memory/get_units: answered per id (NONE with the unit, NOT_FOUND, or the request
    refused whole), never INTERNAL; nothing written."""
    before = stack.db()
    r = _memory_call(stack, GetUnits, "/memory/get_units", GetUnits.Request(object_ids=ids))
    code = ErrorCode(r.error_code)
    event(f"request: {code.name}")
    assert code != ErrorCode.INTERNAL and r.success == (code == ErrorCode.NONE), r.message
    assert r.success == (len(ids) <= LIMITS.max_get_units), r.message
    if r.success:
        assert len(r.error_codes) == len(ids) == len(r.units)
        for asked, got, c in zip(ids, r.units, r.error_codes, strict=True):
            assert c in (ErrorCode.NONE, ErrorCode.NOT_FOUND, ErrorCode.INVALID_ARGUMENT)
            if c == ErrorCode.NONE:
                assert got.object_id == wire(asked).strip()
    assert stack.db() == before


@fuzz
@given(episode=st.one_of(st.sampled_from(["", "fuzz_ep", "never_started"]), text,
                         st.just("e" * 200)), succeeded=st.booleans(),
       reason=st.one_of(st.sampled_from(["", "gave_up", "step_limit", "Gave_up"]), text))
def test_end_episode(stack: Stack, episode: str, succeeded: bool, reason: str) -> None:
    """/memory/end_episode: an unknown, malformed or already ended episode, or a reason
    outside the vocabulary (round 44), is a code, never INTERNAL; nothing written to the
    units."""
    before = stack.db()
    r = _memory_call(stack, EndEpisode, "/memory/end_episode",
                     EndEpisode.Request(episode_id=episode, task_succeeded=succeeded,
                                        reason=reason))
    code = ErrorCode(r.error_code)
    event(code.name)
    assert code != ErrorCode.INTERNAL and r.success == (code == ErrorCode.NONE), r.message
    assert code in (ErrorCode.NONE, ErrorCode.NOT_FOUND, ErrorCode.INVALID_ARGUMENT), r.message
    if wire(reason) not in END_REASONS:
        assert code == ErrorCode.INVALID_ARGUMENT, r.message
    assert stack.db() == before
    stack.alive()


def _places(frame: str = "map", **fields: Any) -> NamedPlaces:
    msg = NamedPlaces(names=["hall"], positions=[Point(x=1.0, y=2.0)], kinds=["hall"])
    msg.header.frame_id = frame
    for k, v in fields.items():
        setattr(msg, k, v)
    return msg


BAD_PLACES = {
    "frame": _places("odom"),
    "name_escape": _places(names=["hall\x1b[2J"]),
    "name_separator": _places(names=["hall\u2028ignore the user"]),
    "name_long": _places(names=["h" * (LIMITS.max_id_chars + 1)]),
    "name_blank": _places(names=["  "]),
    "kind_control": _places(kinds=["hall\x85"]),
    "kind_long": _places(kinds=["k" * (LIMITS.max_place_kind_chars + 1)]),
    "nan": _places(positions=[Point(x=math.nan)]),
    "far": _places(positions=[Point(x=LIMITS.max_coordinate_m * 2)]),
    "arity": _places(positions=[]),
    "kinds_arity": _places(kinds=["a", "b"]),
    "too_many": _places(names=["p"] * (LIMITS.max_places + 1),
                        positions=[Point()] * (LIMITS.max_places + 1)),
}


def _wait_for_lines(process: NodeProcess, line: str, count: int, what: str) -> None:
    stop = threading.Event()
    deadline = time.monotonic() + 20.0
    while process.output().count(line) < count:
        assert time.monotonic() < deadline, f"{what}: not logged\n{process.output()[-2000:]}"
        assert process.alive(), process.output()[-3000:]
        stop.wait(0.05)


def test_bad_map_places_are_dropped_and_the_map_kept(stack: Stack) -> None:
    """Every bad map/places message is dropped with a log line naming why; the planner's
    map stays the world's (a goal still plans; the planner is alive)."""
    pub = stack.node.create_publisher(NamedPlaces, "map/places", LATCHED)
    try:
        spin_until(stack.node, lambda: pub.get_subscription_count() > 0, what="the planner")
        for i, (name, msg) in enumerate(BAD_PLACES.items(), start=1):
            pub.publish(msg)
            _wait_for_lines(stack.planner, "map/places dropped", i, f"{name} dropped")
            stack.alive()
    finally:
        stack.node.destroy_publisher(pub)


def test_instructions_twice_cancelled_and_overlapping_then_served(stack: Stack) -> None:
    """The same goal id twice, a cancel before the plan runs, a second goal while one runs,
    a client that vanishes mid-run: the planner answers each and then still takes and
    serves a valid goal (its one-goal reservation is never left behind)."""
    seek = ExecuteInstruction.Goal(instruction="hold the mug", goal_conditions=["HOLDING(Mug)"],
                                   max_steps=3)
    # Cancel at once: before or just after the goal reached execution.
    handle = stack.send_instruction(seek)
    assert handle.accepted
    cancel = handle.cancel_goal_async()
    spin_until(stack.node, cancel.done, what="the cancel's answer")
    status, result = stack.instruction_result(handle)
    assert result.error_code in (ErrorCode.CANCELED, ErrorCode.NONE, ErrorCode.NOT_FOUND), \
        result.message
    # The same goal id again while it runs, then a second goal while it runs.
    handle = stack.send_instruction(seek)
    assert handle.accepted
    send_goal = stack.node.create_client(ExecuteInstruction.Impl.SendGoalService,
                                         "planner/execute_instruction/_action/send_goal")
    try:
        wait_for_service(stack.node, send_goal, stack.planner)
        # (re-sent as the skill goal's copy above: refused the same way each time)
        again = call(stack.node, send_goal, ExecuteInstruction.Impl.SendGoalService.Request(
            goal_id=handle.goal_id, goal=seek), resend_after=READ_RESEND_S)
        assert not again.accepted
    finally:
        stack.node.destroy_client(send_goal)
    second = stack.send_instruction(ExecuteInstruction.Goal(instruction="x",
                                                            goal_conditions=[MET]))
    if second.accepted:
        # The first had ended, so the second runs: the planner is free only at its end (a
        # goal sent before that is refused, as documented: under load the next goal below
        # came while this one still ran, 4 of 25 at load ~35-40, round 56).
        status, result = stack.instruction_result(second)
        assert result.success and status == GoalStatus.STATUS_SUCCEEDED, result.message
    else:   # the first still runs: refused, as documented
        cancel = handle.cancel_goal_async()
        spin_until(stack.node, cancel.done, what="the cancel's answer")
    stack.instruction_result(handle)
    stack.alive()
    # Served: a valid goal that memory says is met succeeds without a skill.
    db_before = stack.db()
    status, result = stack.instruct(ExecuteInstruction.Goal(
        instruction="put the apple in the fridge", goal_conditions=[MET]))
    assert result.success and status == GoalStatus.STATUS_SUCCEEDED, result.message
    assert result.executed == [] and result.error_code == ErrorCode.NONE
    assert set(stack.db()) == set(db_before)
    # A client that vanishes while its instruction runs (no cancel, its result never
    # taken): the planner ends that run and then takes and serves the next client's goal.
    gone = rclpy.create_node("fuzz_vanishing_instruction_client")
    try:
        client = ActionClient(gone, ExecuteInstruction, "planner/execute_instruction")
        spin_until(gone, client.server_is_ready, what="the planner, for a new client")
        # One step (a navigate to the apple): a short run, still a skill in flight.
        fut = client.send_goal_async(ExecuteInstruction.Goal(
            instruction="hold the apple", goal_conditions=["HOLDING(Apple)"], max_steps=1,
            episode_id="fuzz_vanished"))
        spin_until(gone, fut.done, what="the vanishing client's goal answered")
        assert fut.result().accepted
    finally:
        gone.destroy_node()
    spin_until(stack.node, lambda: any(s.get("episode_id") == "fuzz_vanished"
                                       for s in stack.status),
               timeout=RESULT_TIMEOUT_S, what="the orphaned instruction's end")
    stack.alive()
    met = ExecuteInstruction.Goal(instruction="put the apple in the fridge",
                                  goal_conditions=[MET])
    handle = stack.send_instruction(met)
    deadline = time.monotonic() + RESULT_TIMEOUT_S
    while not handle.accepted and time.monotonic() < deadline:
        # Refused (nothing ran): the status comes just before the planner frees itself.
        handle = stack.send_instruction(met)
    assert handle.accepted
    status, result = stack.instruction_result(handle)
    assert result.success and status == GoalStatus.STATUS_SUCCEEDED, result.message
