"""The planner node: serves `planner/execute_instruction` (ExecuteInstruction), plans with
memory through `MemoryClient`, drives the base and the arm through their ExecuteSkill
servers, and takes plain instructions on `planner/instruction` (std_msgs/String).

One instruction at a time: a second goal (or topic instruction) while one runs is
rejected, not queued, so a robot never starts a task it was not watching. Every goal is
cancellable at any step. A bug in the loop ends that goal with INTERNAL; the node stays up.
Parameters: config/planner.yaml. No algorithm here: the plan loop is planner/core.
"""

from __future__ import annotations

import json
import math
import sys
import threading
import uuid
from dataclasses import replace
from typing import Any

from rclpy.action import ActionServer, CancelResponse, GoalResponse
from rclpy.callback_groups import ReentrantCallbackGroup
from rclpy.executors import MultiThreadedExecutor
from rclpy.node import Node
from rclpy.qos import DurabilityPolicy, QoSProfile, ReliabilityPolicy
from std_msgs.msg import String

from memory_node.action import ExecuteInstruction
from memory_node.client import MemoryClient
from memory_node.core.errors import ErrorCode
from memory_node.core.limits import LIMITS
from memory_node.core.skills import load_skill_table
from memory_node.core.units import has_refused_characters
from memory_node.msg import NamedPlaces, SkillCall, StepResult
from memory_node.nodes.params import declare_settings
from memory_node.nodes.qos import ACTION_SERVICES_QOS
from memory_node.nodes.runner import run_node
from memory_node.planner.core.backends import OpenAIChatBackend
from memory_node.planner.core.llm_planner import LlmPlanner
from memory_node.planner.core.loop import InstructionResult, PlanLoop
from memory_node.planner.core.offline import OfflinePlanner
from memory_node.planner.core.settings import PlannerSettings
from memory_node.planner.core.types import AreaView, CancelToken
from memory_node.planner.nodes.confirm import TopicConfirmer
from memory_node.planner.nodes.memory_port import ClientMemoryPort, PerceptionWatch
from memory_node.planner.nodes.skill_clients import ActionSkillExecutor

MAX_FEEDBACK_PLAN = 100


def _call_msg(call: Any) -> SkillCall:
    return SkillCall(skill=call.skill, arguments=list(call.args))


def result_msg(r: InstructionResult) -> ExecuteInstruction.Result:
    return ExecuteInstruction.Result(
        success=r.success, message=r.message[:4000], error_code=int(r.error_code),
        executed=[_call_msg(c) for c in r.executed], steps=len(r.steps),
        llm_calls=r.llm_calls, prompt_tokens=r.prompt_tokens,
        completion_tokens=r.completion_tokens, replans=r.replans,
        step_results=[StepResult(call=_call_msg(s.call), success=s.success,
                                 error_code=int(s.error_code), message=s.message[:2000],
                                 duration=float(s.duration)) for s in r.steps],
        memory_time=r.memory_time, llm_time=r.llm_time, skill_time=r.skill_time,
        total_time=r.total_time)


class _OneGoalServer(ActionServer):
    """An action server that tells the node when a goal request's handling is over.

    rclpy accepts a goal in steps: the goal callback says yes, then it answers the client and
    only then hands the goal over for execution. When the answer cannot be sent (rclpy logs
    "Failed to send goal response (the client may have gone away)") it returns before the
    hand-over: the goal callback's yes was taken back without the node being told, and a
    node that reserved itself in the goal callback stayed reserved for good."""

    def __init__(self, *args: Any, request_done: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self._request_done = request_done

    async def _execute_goal_request(self, request_header_and_message: Any) -> None:
        try:
            await super()._execute_goal_request(request_header_and_message)
        finally:
            self._request_done(request_header_and_message[1].goal)


class PlannerNode(Node):
    def __init__(self) -> None:
        super().__init__("planner")
        p = declare_settings(self, PlannerSettings)
        use_llm = p.planner == "llm" or (p.planner == "auto" and bool(p.llm.base_url))
        confirm = tuple(x.strip() for x in p.confirm.split(",") if x.strip())
        self.settings = replace(p, confirm_skills=confirm)
        self.table = load_skill_table(p.skills_file or None)
        group = ReentrantCallbackGroup()
        planner = (LlmPlanner(OpenAIChatBackend(p.llm), p.llm.mode, self.table) if use_llm
                   else OfflinePlanner(self.table, settings=p.offline))
        self.memory = MemoryClient(node=self, timeout=p.memory_timeout_s)
        confirmer = (TopicConfirmer(self, group, p.confirm_timeout_s) if confirm else None)
        self._places: list[AreaView] = []
        # Set by the first accepted map/places. The world publishes it once, latched, so an
        # instruction that arrives before discovery has delivered it would find no room to
        # explore and give up at once ("every known place was explored").
        self._map_arrived = threading.Event()
        self._map_lock = threading.Lock()
        self._map_waited = False
        self.watch = PerceptionWatch(self, p.clock_silence_s, group,
                                     on_reset=self._on_world_reset)
        self.loop = PlanLoop(planner, ClientMemoryPort(self.memory, self.watch),
                             ActionSkillExecutor(self, self.table, group, p.skill_server_wait_s),
                             self.settings, self.table, confirmer,
                             places=lambda: list(self._places))
        self._busy = threading.Lock()
        # The goal (request message) the goal callback reserved the node for, until rclpy
        # hands it over for execution; _OneGoalServer frees a reservation never handed over.
        self._reserved: Any = None
        self._cancel: CancelToken | None = None
        # A new world's map arrived: the robot state is forgotten at the start of the next
        # run, on the run's own thread. map/places runs in the reentrant group, beside a
        # running instruction; resetting the loop from there raced with the loop's own
        # writes (held, acted, ...) when a world restarted mid-instruction.
        self._new_world = False
        latched = QoSProfile(depth=1, durability=DurabilityPolicy.TRANSIENT_LOCAL,
                             reliability=ReliabilityPolicy.RELIABLE)
        self.create_subscription(NamedPlaces, "map/places", self._on_places, latched,
                                 callback_group=group)
        self.create_subscription(String, "planner/instruction", self._on_instruction, 10,
                                 callback_group=group)
        self.status_pub = self.create_publisher(String, "planner/status", 10)
        self.server = _OneGoalServer(
            self, ExecuteInstruction, "planner/execute_instruction",
            execute_callback=self._execute, goal_callback=self._on_goal,
            handle_accepted_callback=self._on_accepted, cancel_callback=self._on_cancel,
            callback_group=group, request_done=self._on_goal_request_done,
            goal_service_qos_profile=ACTION_SERVICES_QOS,
            cancel_service_qos_profile=ACTION_SERVICES_QOS,
            result_service_qos_profile=ACTION_SERVICES_QOS)
        self.get_logger().info(f"planner ready ({planner.name}); skills on "
                               f"{', '.join(self.table.servers.values())}")

    # -- inputs -------------------------------------------------------------------------------
    def _on_places(self, msg: NamedPlaces) -> None:
        bad = self._check_places(msg)
        if bad:
            # The last good map stays: a bad message must not empty the robot's rooms.
            self.get_logger().warning(f"map/places dropped: {bad}")
            return
        kinds = list(msg.kinds) or [""] * len(msg.names)
        self._places = [AreaView(name.strip(), (p.x, p.y, p.z), kind) for name, p, kind
                        in zip(msg.names, msg.positions, kinds, strict=True)]
        with self._map_lock:
            self.watch.epoch.map()
            self._map_arrived.set()
        # The world publishes its map once when it (re)starts: a new world, so what the
        # last one's skills left in the gripper is no longer in it (the task runner
        # restarts the world per sequence and per ablation while this node keeps running).
        self._new_world = True

    def _on_world_reset(self) -> None:
        """The clock went back: the world restarted. The robot is a new one (forgotten at
        the next run's start); a map that came before the reset names the old world's
        rooms, so the next run waits for the new world's map (`map_wait_s`) as a first run
        does. Before (round 18), the first run after a restart planned with the old rooms
        whenever the new map reached this node after the goal."""
        self._new_world = True
        self._await_new_map()
        self.get_logger().info("the clock went back: the world was reset"
                               + ("; its map/places is awaited" if self.watch.epoch.stale
                                  else ""))

    def _await_new_map(self) -> None:
        """The map held is the old world's (the epoch says stale): the next run waits."""
        with self._map_lock:   # a map arriving meanwhile must not be cleared
            if self.watch.epoch.stale:
                self._map_arrived.clear()
                self._map_waited = False

    def _check_places(self, msg: NamedPlaces) -> str:
        """Why a map/places message is refused ("" = it is not). Names and kinds reach the
        planner's prompt and the base's navigate goals verbatim."""
        n = len(msg.names)
        if n > LIMITS.max_places or len(msg.positions) != n or len(msg.kinds) not in (0, n):
            return (f"{n} names, {len(msg.positions)} positions, {len(msg.kinds)} kinds "
                    f"(aligned lists of at most {LIMITS.max_places})")
        frame = msg.header.frame_id
        if frame and frame != self.settings.map_frame:
            return f"frame {frame[:40]!r} is not {self.settings.map_frame!r} (no tf here)"
        for i, name in enumerate(msg.names):
            p = msg.positions[i]
            kind = msg.kinds[i] if msg.kinds else ""
            if not name.strip() or len(name) > LIMITS.max_id_chars \
                    or has_refused_characters(name):
                return f"bad place name {name[:40]!r}"
            if len(kind) > LIMITS.max_place_kind_chars or has_refused_characters(kind):
                return f"bad kind {kind[:40]!r} of {name[:40]!r}"
            if not all(math.isfinite(v) and abs(v) <= LIMITS.max_coordinate_m
                       for v in (p.x, p.y, p.z)):
                return f"place {name[:40]!r} has a non-finite or absurd position"
        return ""

    def _on_goal(self, request: Any) -> GoalResponse:
        if not self._busy.acquire(blocking=False):
            self.get_logger().warning("instruction rejected: another one is running")
            return GoalResponse.REJECT
        self._reserved = request
        self._cancel = CancelToken()   # before execution starts: an early cancel counts
        return GoalResponse.ACCEPT

    def _on_accepted(self, handle: Any) -> None:
        # A goal cancelled before this point still executes: _execute answers CANCELED.
        # If no task can be made for it (the node has no executor any more) this raises
        # and the reservation is still ours to free in _on_goal_request_done.
        handle.execute()
        if self._reserved is handle.request:
            self._reserved = None      # from here _execute owns the reservation

    def _on_goal_request_done(self, request: Any) -> None:
        if self._reserved is not None and self._reserved is request:
            self._reserved = None
            self._cancel = None
            self._busy.release()
            self.get_logger().warning("an accepted instruction never started (its goal "
                                      "response could not be sent); taking new ones again")

    def _on_cancel(self, _handle: Any) -> CancelResponse:
        if self._cancel is not None:
            self._cancel.cancel()
        return CancelResponse.ACCEPT

    def _on_instruction(self, msg: String) -> None:
        if not self._busy.acquire(blocking=False):
            self._status({"instruction": msg.data[:200], "error_code": int(
                ErrorCode.UNAVAILABLE), "message": "rejected: another instruction is running"})
            return
        self._cancel = CancelToken()
        threading.Thread(target=self._run_topic, args=(msg.data,), daemon=True).start()

    # -- running --------------------------------------------------------------------------------
    def _run(self, instruction: str, episode: str, max_steps: int, goals: list[str],
             feedback: Any) -> InstructionResult:
        cancel = self._cancel or CancelToken()
        # A silent clock: the world may be restarting, its new clock and map not out yet
        # (both came after the goal: the run planned on the old world's rooms, round 18).
        # The next tick tells; one going back marks the map stale (also handled by the
        # reset callback, which may run after this thread wakes).
        epoch = self.watch.epoch
        if self.settings.map_wait_s > 0 and epoch.silent(self.settings.clock_silence_s):
            self.get_logger().info(
                f"the clock is silent at the goal (over {self.settings.clock_silence_s:g} s): "
                f"waiting up to {self.settings.map_wait_s:g} s for its next tick")
            if not epoch.wait_tick(self.settings.map_wait_s):
                self.get_logger().warning("no /clock tick within map_wait_s: planning on "
                                          "the map held")
            if self.watch.epoch.stale:
                self._new_world = True
            self._await_new_map()
        if not self._map_waited:
            # Once per node and once per world reset that left a stale map: a robot
            # without map/places pays the wait on its first run only.
            self._map_waited = True
            when = "after the world's reset" if self.watch.epoch.stale \
                else "before the first run"
            if not self._map_arrived.is_set() and self.settings.map_wait_s > 0:
                self.get_logger().info(f"waiting up to {self.settings.map_wait_s:g} s for "
                                       f"map/places {when}")
            if not self._map_arrived.wait(self.settings.map_wait_s):
                self.get_logger().warning(
                    f"no map/places within {self.settings.map_wait_s:g} s (map_wait_s): "
                    "planning without named places")
                if self.watch.epoch.stale:
                    self._places = []   # the old world's rooms are not this one's
        if self._new_world:
            self._new_world = False
            self.loop.forget_robot_state()
        try:
            return self.loop.run(instruction, episode, max_steps, goals, cancel, feedback)
        except Exception as exc:  # noqa: BLE001 - a bug ends this goal, never the node
            self.get_logger().error(f"plan loop failed: {exc!r}")
            return InstructionResult(error_code=ErrorCode.INTERNAL,
                                     message=f"internal error: {exc!r}"[:500])
        finally:
            self._cancel = None

    def _execute(self, handle: Any) -> ExecuteInstruction.Result:
        try:
            g = handle.request
            episode = g.episode_id.strip() or f"instruction-{uuid.uuid4().hex[:12]}"

            def feedback(step: int, call: Any, status: str, plan: Any, note: str) -> None:
                fb = ExecuteInstruction.Feedback(step=step, status=status, memory_note=note,
                                                 plan=[_call_msg(c) for c in
                                                       list(plan)[:MAX_FEEDBACK_PLAN]])
                if call is not None:
                    fb.skill = _call_msg(call)
                handle.publish_feedback(fb)

            result = self._run(g.instruction, episode, int(g.max_steps),
                               list(g.goal_conditions), feedback)
            if result.success:
                handle.succeed()
            elif result.error_code == ErrorCode.CANCELED and handle.is_cancel_requested:
                handle.canceled()
            else:
                handle.abort()
            self._status({"episode_id": episode, "success": result.success,
                          "error_code": int(result.error_code), "message": result.message[:300],
                          "steps": len(result.steps),
                          "perception_timeouts": result.perception_timeouts})
            if result.perception_timeouts:
                self.get_logger().warning(
                    f"{episode}: {result.perception_timeouts} of {len(result.steps)} step(s) "
                    "went on without a frame after the skill in memory (perception_wait_s)")
            return result_msg(result)
        finally:
            self._busy.release()

    def _run_topic(self, instruction: str) -> None:
        try:
            episode = f"topic-{uuid.uuid4().hex[:12]}"
            result = self._run(instruction, episode, 0, [], lambda *a: None)
        finally:
            self._busy.release()
        # After the release: whoever hears the status may send the next instruction at once
        # (before, it could come in while this run still held the planner and be refused).
        self._status({"episode_id": episode, "instruction": instruction[:200],
                      "success": result.success, "error_code": int(result.error_code),
                      "message": result.message[:300],
                      "executed": [str(c) for c in result.executed]})

    def _status(self, data: dict) -> None:
        self.status_pub.publish(String(data=json.dumps(data)))

    def destroy_node(self) -> None:
        if self._cancel is not None:
            self._cancel.cancel()
        self.memory.close()
        super().destroy_node()


def main(args: list[str] | None = None) -> int:
    # Goals block one thread each while skill results arrive on the others. Once stopped,
    # nothing is left to flush (the planner holds no file; a running instruction is
    # cancelled in destroy_node, and its episode's end could not reach the memory server
    # over a context the stop shut down): the process exits without the interpreter's
    # teardown (runner.end_process), which waited for the running instruction's thread.
    return run_node(PlannerNode, "planner", args,
                    startup_errors=(ValueError, RuntimeError, ImportError),
                    exit_when_stopped=True,
                    executor=lambda: MultiThreadedExecutor(num_threads=4))


if __name__ == "__main__":
    sys.exit(main())
