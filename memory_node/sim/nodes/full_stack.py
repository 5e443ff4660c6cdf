"""The task runner's full stack: the whole robot loop in separate processes, driven over
DDS. A `TaskStack` (memory_node/sim/tasks/driver.py) for `run_suite`.

    world (sensors, skill servers) -> perception node -> memory server -> planner node

`FullStack` starts them all (`SimBringup` with memory and planner; a node that dies is
restarted by the supervisor thread) and is ready once memory has handled a camera frame;
per sequence it restarts the world with the sequence's house and clears memory. Per
subtask it sends ONE `ExecuteInstruction` goal (the subtask's words or the task's,
`Subtask.planner_conditions`, a step limit) and records from the action result what was
executed (skill, arguments, error code, simulated duration) and what it cost (LLM tokens
and time, memory time); goals are checked on the world's ground truth
(`sim/ground_truth`, `sim/core/goals.Binding`, one per task), never on the planner's
claims. Before each subtask the runner asks memory to recall the instruction itself and
records which of the needed objects came back (MRA);
`memory/stats` read before and after gives the short-term memory's queries (MHR).

Ablations (the switch is here, on the real server, with the same planner and limits):
- `full`: memory is cleared when a sequence starts (a new house) and then kept, so later
  tasks find what earlier ones saw, moved and changed;
- `none`: memory is cleared at the start of every task: long-term and short-term answer
  nothing from before; what the camera sees during the task still reaches the planner
  (the no-memory agent can see, it just remembers nothing between tasks).

A node that crashes during a subtask (its process exits) makes that task an error
(UNAVAILABLE, the goal cancelled); `recover` waits until the supervisor has it back.
"""

from __future__ import annotations

import math
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import rclpy
from geometry_msgs.msg import PoseStamped
from rclpy.action import ActionClient
from rclpy.executors import MultiThreadedExecutor
from rclpy.node import Node
from rclpy.qos import DurabilityPolicy, QoSProfile, ReliabilityPolicy
from std_msgs.msg import Header, String

from memory_node.action import ExecuteInstruction
from memory_node.client import MemoryClient
from memory_node.core.errors import ErrorCode, MemoryRequestError, Timeout, Unavailable
from memory_node.msg import MemoryStats
from memory_node.sim.bringup import DEFAULT_PARAMS, MEMORY_PARAMS, PLANNER_PARAMS, SimBringup
from memory_node.sim.core import goals
from memory_node.sim.core.truth import from_state
from memory_node.sim.nodes.bag_recorder import BagRecorder
from memory_node.sim.tasks.build import needed_types
from memory_node.sim.tasks.driver import SubtaskRun
from memory_node.sim.tasks.model import Subtask, Task, TaskSequence
from memory_node.sim.tasks.recorder import Recorder
from memory_node.sim.tasks.stack_records import (
    Located,
    StatsReading,
    cache_accesses,
    needed_ids,
)

ABLATIONS = ("full", "none")
WORLD = "household_world"
LATCHED = QoSProfile(depth=1, durability=DurabilityPolicy.TRANSIENT_LOCAL,
                     reliability=ReliabilityPolicy.RELIABLE)
OBJECT_LAYER = 2
PATH_STEP_M = 0.1


@dataclass(frozen=True)
class StepEvent:
    """One planner feedback, for a progress line."""

    sequence: str
    task: str
    subtask: int
    step: int
    skill: str
    args: tuple[str, ...]
    status: str
    memory_note: str


@dataclass
class StackOptions:
    workdir: Path                          # memory files and node logs go here
    max_steps: int = 30                    # skill calls per subtask (the planner's M)
    recall_k: int = 8                      # the runner's own recall (MRA), as the planner's
    recall_budget: int = 1200
    start_timeout_s: float = 180.0         # nodes up (the memory loads its model)
    goal_timeout_s: float = 900.0          # one subtask, wall seconds
    accept_timeout_s: float = 15.0         # one attempt to have a goal accepted
    world: dict[str, str] = field(default_factory=dict)     # world parameter overrides
    planner: dict[str, str] = field(default_factory=dict)   # planner parameter overrides
    memory: dict[str, str] = field(default_factory=dict)    # memory server overrides
    sim_params: Path = DEFAULT_PARAMS
    memory_params: Path = MEMORY_PARAMS
    planner_params: Path = PLANNER_PARAMS


@dataclass
class SequenceView:
    """What a picture of a sequence needs: the house at its end, memory's objects, the
    robot's path."""

    truth: dict
    nodes: list[tuple[str, int, str, str, tuple[float, float, float], str]]
    edges: list[tuple[str, str, int]]
    path: list[tuple[float, float]]


@dataclass
class TaskView:
    """What a picture of one task needs: memory's scene graph when the task started and
    when it ended (the next task's start, or the sequence's end), the robot's path during
    it, the house (room walls)."""

    ablation: str
    sequence: str
    task: str
    position: int                          # 1-based, within the sequence
    instruction: str
    truth: dict
    before: list[tuple]
    after: list[tuple] = field(default_factory=list)
    edges: list[tuple[str, str, int]] = field(default_factory=list)
    path: list[tuple[float, float]] = field(default_factory=list)
    path_start: int = 0
    closed: bool = False


def _wait(future: Any, timeout: float, poll: Callable[[], None] | None = None) -> bool:
    done = threading.Event()
    future.add_done_callback(lambda _f: done.set())
    deadline = time.monotonic() + timeout
    while not done.wait(0.2):
        if poll is not None:
            poll()
        if time.monotonic() > deadline:
            return False
    return True


class FullStack:
    """TaskStack over the real nodes. Use as a context manager (stops every process)."""

    def __init__(self, options: StackOptions, bag: Callable[[Node], BagRecorder] | None = None,
                 on_step: Callable[[StepEvent], None] | None = None) -> None:
        self.options = options
        self.ablation = "full"
        self.on_step = on_step or (lambda _e: None)
        o = options
        overrides = {
            WORLD: [f"{k}:={v}" for k, v in o.world.items()],
            "memory_server": [f"memory_dir:={o.workdir / 'memory'}",
                              *(f"{k}:={v}" for k, v in o.memory.items())],
            "planner": [f"max_steps:={o.max_steps}",
                        *(f"{k}:={v}" for k, v in o.planner.items())],
        }
        self.bringup = SimBringup(o.sim_params, o.memory_params, overrides,
                                  planner_params=o.planner_params)
        self.bringup.log_dir = o.workdir / "logs"
        self.bringup.new_session = True
        self._base_world = list(overrides[WORLD])
        self._supervisor: threading.Thread | None = None
        self.node: Node | None = None
        self.memory: MemoryClient | None = None
        self.bag: BagRecorder | None = None
        self._bag_factory = bag
        self._executor: MultiThreadedExecutor | None = None
        self._lock = threading.Lock()
        self._truth: dict | None = None
        self._perceived: float | None = None  # stamp of the last frame memory handled
        self._frame_stamp: float | None = None  # stamp of the last frame the world sent
        self._stats: StatsReading | None = None
        self._stats_at = 0.0
        self._path: list[tuple[float, float]] = []
        self.views: dict[tuple[str, str], SequenceView] = {}
        self.task_views: list[TaskView] = []
        self._current: tuple[str, str, int] = ("", "", 0)
        self._subtask: Subtask | None = None
        self._binding = goals.Binding()
        self._sequence = ""
        self._records_written = 0
        self._run: Any = None

    # -- life ---------------------------------------------------------------------------------
    def __enter__(self) -> FullStack:
        self.start()
        return self

    def __exit__(self, *_exc: object) -> None:
        self.close()

    def start(self) -> None:
        o = self.options
        o.workdir.mkdir(parents=True, exist_ok=True)
        if not rclpy.ok():
            rclpy.init()
        self.node = rclpy.create_node("task_runner")
        n = self.node
        n.create_subscription(String, "sim/ground_truth", self._on_truth, LATCHED)
        n.create_subscription(MemoryStats, "memory/stats", self._on_stats, LATCHED)
        n.create_subscription(Header, "memory/perceived", self._on_perceived, LATCHED)
        n.create_subscription(PoseStamped, "slam/pose", self._on_pose,
                              QoSProfile(depth=5, reliability=ReliabilityPolicy.BEST_EFFORT))
        self.action: ActionClient = ActionClient(n, ExecuteInstruction,
                                                 "planner/execute_instruction")
        if self._bag_factory is not None:
            self.bag = self._bag_factory(n)
        self._executor = MultiThreadedExecutor(num_threads=3)
        self._executor.add_node(n)
        threading.Thread(target=self._executor.spin, daemon=True, name="runner").start()
        self.memory = MemoryClient(node=n, timeout=30.0)
        self.bringup.start()
        self._supervisor = threading.Thread(target=self.bringup.supervise, daemon=True,
                                            name="supervisor")
        self._supervisor.start()
        self._wait_ready(o.start_timeout_s)

    def close(self) -> None:
        """Stop every process this stack started (SIGINT, then SIGKILL after 10 s)."""
        self.bringup.stop()
        if self._supervisor is not None:
            self._supervisor.join(timeout=15)
        if self.bag is not None:
            self.bag.close()
        for release in (getattr(self.memory, "close", None),
                        lambda: self._executor and self._executor.shutdown(timeout_sec=5),
                        getattr(self.node, "destroy_node", None)):
            if release is None:
                continue
            try:
                release()
            except Exception:  # noqa: BLE001, S110 - the processes are stopped; ROS may be gone
                pass

    def _alive(self) -> None:
        if self.bringup._stopping.is_set():
            raise Unavailable("the stack stopped (a node refused to start: see its log in "
                              f"{self.bringup.log_dir})")

    def _wait_ready(self, timeout: float) -> None:
        deadline = time.monotonic() + timeout
        assert self.memory is not None
        self.memory.wait_until_ready(timeout=timeout)
        while not self.action.wait_for_server(timeout_sec=0.5):
            self._alive()
            if time.monotonic() > deadline:
                raise Unavailable("the planner's action server did not appear")
        while self._truth is None:
            self._alive()
            if time.monotonic() > deadline:
                raise Unavailable("no ground truth from the world")
            time.sleep(0.1)
        # The world publishes its truth and frames before the perception node (the slowest
        # process to import) subscribes: a first task sent then had its first explore's
        # views dropped unseen, and memory missed the sink the first views showed (round
        # 40's kept first world, detector seeds 1-2; the restart that followed had hidden
        # it by giving perception the seconds of a second world start). Ready is memory
        # having handled the frame that was the world's newest when its first one came
        # back: perception is up and has caught up with its start (its first frames are
        # its slowest).
        caught_up: float | None = None
        while True:
            with self._lock:
                perceived, newest = self._perceived, self._frame_stamp
            if perceived is not None:
                if caught_up is None:
                    caught_up = newest if newest is not None else perceived
                if perceived >= caught_up:
                    break
            self._alive()
            if time.monotonic() > deadline:
                raise Unavailable("memory handled no camera frame (memory/perceived)")
            time.sleep(0.1)

    # -- topics ------------------------------------------------------------------------------
    def _on_truth(self, msg: String) -> None:
        import json  # noqa: PLC0415 - only here

        # Anyone on the domain may publish here. Deep nesting ("[" * 1000) raises
        # RecursionError, which a callback passes to the executor's spin: the runner's only
        # executor thread (its memory client, goals, truth) stopped on one such message.
        try:
            state = json.loads(msg.data)
        except (ValueError, RecursionError):
            return
        if not isinstance(state, dict) or not isinstance(state.get("objects"), list):
            return
        count = state.get("acted_count", 0)
        if isinstance(count, bool) or not isinstance(count, int) or count < 0:
            return   # a task's Binding starts from it (`run_subtask`): int() raised on junk
        self._truth = state

    def _on_perceived(self, msg: Header) -> None:
        with self._lock:
            self._perceived = msg.stamp.sec + msg.stamp.nanosec * 1e-9

    def _on_stats(self, msg: MemoryStats) -> None:
        with self._lock:
            self._stats = StatsReading(int(msg.queries), int(msg.hits), int(msg.warm_queries),
                                       int(msg.warm_hits), int(msg.short_term_size),
                                       int(msg.short_term_capacity))
            self._stats_at = time.monotonic()

    def _on_pose(self, msg: PoseStamped) -> None:
        with self._lock:  # the world sends a pose with every frame, stamped as the frame
            self._frame_stamp = msg.header.stamp.sec + msg.header.stamp.nanosec * 1e-9
        p = msg.pose.position
        if not (math.isfinite(p.x) and math.isfinite(p.y)):
            return
        with self._lock:
            if not self._path or math.dist(self._path[-1], (p.x, p.y)) >= PATH_STEP_M:
                self._path.append((float(p.x), float(p.y)))

    def _fresh_stats(self, timeout: float = 4.0) -> StatsReading | None:
        """The first stats message received after now (the server publishes every second
        and after every manage), so the reading includes everything done before."""
        start = time.monotonic()
        while time.monotonic() - start < timeout:
            with self._lock:
                if self._stats_at > start:
                    return self._stats
            time.sleep(0.05)
        return self._stats

    # -- TaskStack ---------------------------------------------------------------------------
    def start_sequence(self, sequence: TaskSequence) -> None:
        layout = (["layout.source:=floorplan", f"layout.floorplan:={sequence.floor_plan}"]
                  if sequence.floor_plan is not None else
                  ["layout.source:=seed", f"layout.seed:={sequence.seed or 0}"])
        want = (f"floorplan:{sequence.floor_plan}" if sequence.floor_plan is not None
                else f"seed:{sequence.seed or 0}")
        if any(not v.closed for v in self.task_views):
            try:  # the last sequence did not end cleanly: its last task ends here
                self._close_task_view()
            except MemoryRequestError:
                pass
        self.bringup.overrides[WORLD] = [*self._base_world, *layout]
        self._truth = None
        self.bringup.restart(WORLD)
        deadline = time.monotonic() + self.options.start_timeout_s
        while self._truth is None or self._truth.get("source") != want:
            self._alive()
            if time.monotonic() > deadline:
                raise Unavailable(f"the world did not come up with {want}")
            time.sleep(0.1)
        assert self.memory is not None
        self.memory.manage("clear")        # a new house: nothing remembered from another
        with self._lock:
            self._path = []
        self._sequence = sequence.id
        if self.bag is not None:
            self.bag.write_json("/runner/events", {"event": "sequence", "id": sequence.id,
                                                   "ablation": self.ablation, "house": want})

    def run_subtask(self, task: Task, index: int, recorder: Recorder) -> SubtaskRun:
        assert self.memory is not None
        sub = task.subtasks[index]
        seq = recorder.sequence
        self._current = (seq, task.id, index)
        self._subtask = sub
        if index == 0:
            # Goal types bind to instances per task, by the task's own acts only.
            self._binding = goals.Binding(since=int((self._truth or {}).get("acted_count", 0)))
            graph = self._close_task_view()
            if self.ablation == "none":
                self.memory.manage("clear")    # this task starts with nothing remembered
                graph = self.memory.get_scene_graph("graph")
            self._open_task_view(task, graph.nodes)
        instruction = sub.instruction or task.instruction
        before = self._fresh_stats()
        self._record_retrieval(task, index, instruction, recorder)
        goal = ExecuteInstruction.Goal(
            instruction=instruction,
            # Subtasks of a task share the id up to '#': the planner's "close it" is what
            # an earlier subtask of the task acted on (PlanLoop).
            episode_id=f"{self.ablation}-{seq}-{task.id}"[:110] + f"#{index}",
            max_steps=self.options.max_steps, goal_conditions=list(sub.planner_conditions))
        result = self._execute(goal)
        for s in result.step_results:
            recorder.skill(task, s.call.skill, s.call.arguments, s.error_code, s.duration,
                           index)
        recorder.usage(task, "planner_llm", result.llm_time, result.prompt_tokens,
                       result.completion_tokens, result.llm_calls)
        recorder.usage(task, "memory_services", result.memory_time, calls=1)
        recorder.usage(task, "planner_total", result.total_time, calls=1)
        after = self._fresh_stats()
        if after is not None:
            for hit, occupancy in cache_accesses(before, after):
                recorder.cache(task, hit, occupancy, after.capacity)
        if self.bag is not None:
            self.bag.write_message("/planner/execute_instruction/result", result)
        return SubtaskRun(bool(result.success), int(result.error_code), result.message,
                          int(result.steps))

    def holds(self, condition: str) -> bool:
        if self._truth is None:
            raise Unavailable("no ground truth from the world")
        expected = self._subtask is None or self._subtask.expects(condition)
        return self._binding.check(from_state(self._truth), condition, expected)

    def recover(self, error: BaseException) -> None:
        deadline = time.monotonic() + self.options.start_timeout_s
        while any(p.poll() is not None for p in self.bringup.processes.values()):
            self._alive()
            if time.monotonic() > deadline:
                raise Unavailable("a node did not come back")
            time.sleep(0.2)
        self._wait_ready(self.options.start_timeout_s)

    def end_sequence(self, sequence: TaskSequence) -> None:
        self.capture_view()

    def capture_view(self) -> None:
        """Keep what a picture of the current sequence needs (also on an interrupted run)."""
        if self.memory is None or not self._sequence:
            return
        graph = self._close_task_view()
        with self._lock:
            path = list(self._path)
        self.views[(self.ablation, self._sequence)] = SequenceView(
            dict(self._truth or {}), graph.nodes, graph.edges, path)

    # -- pieces ------------------------------------------------------------------------------
    def _open_task_view(self, task: Task, before: list[tuple]) -> None:
        position = 1 + sum(1 for v in self.task_views
                           if (v.ablation, v.sequence) == (self.ablation, self._sequence))
        with self._lock:
            start = len(self._path)
        self.task_views.append(TaskView(self.ablation, self._sequence, task.id, position,
                                        task.instruction, dict(self._truth or {}), list(before),
                                        path_start=start))

    def _close_task_view(self) -> Any:
        """Memory's graph now; it ends the task still open (a task ends when the next one
        starts or the sequence ends, so a task that failed half-way still gets its
        picture)."""
        assert self.memory is not None
        graph = self.memory.get_scene_graph("graph")
        open_view = next((v for v in reversed(self.task_views) if not v.closed), None)
        if open_view is not None:
            with self._lock:
                path = self._path[open_view.path_start:]
                if open_view.path_start > 0:    # from where the robot stood at the start
                    path = self._path[open_view.path_start - 1:]
            open_view.after, open_view.edges = list(graph.nodes), list(graph.edges)
            open_view.path, open_view.truth = list(path), dict(self._truth or {})
            open_view.closed = True
        return graph

    def _record_retrieval(self, task: Task, index: int, instruction: str,
                          recorder: Recorder) -> None:
        """MRA: what memory returns for the instruction against what the subtask needs
        (memory's units of the world objects of `needed_types`, matched by position)."""
        assert self.memory is not None
        graph = self.memory.get_scene_graph("graph")
        mem = [Located(i, label, pos) for i, layer, label, _p, pos, _s in graph.nodes
               if layer == OBJECT_LAYER]
        world = [Located(o["id"], o["type"], tuple(o["position"]))
                 for o in (self._truth or {}).get("objects", [])]
        answer = self.memory.recall(instruction, self.options.recall_k,
                                    self.options.recall_budget)
        returned = [u.unit.object_id for u in answer.units]
        needed = needed_ids(needed_types(task.subtasks[index]), world, mem,
                            returned=returned)
        recorder.recall(task, returned, needed, index, stage="instruction")

    def _crashed(self, before: dict[str, Any]) -> str:
        for name, proc in self.bringup.processes.items():
            if proc is not before.get(name) or proc.poll() is not None:
                return name
        return ""

    def _execute(self, goal: Any) -> Any:
        o = self.options
        before = dict(self.bringup.processes)

        def check() -> None:
            self._alive()
            crashed = self._crashed(before)
            if crashed:
                raise Unavailable(f"{crashed} crashed during the subtask (restarted)")

        started = time.monotonic()
        while True:
            future = self.action.send_goal_async(goal, feedback_callback=self._on_feedback)
            if _wait(future, o.accept_timeout_s, check):
                break
            if time.monotonic() - started > o.start_timeout_s:
                raise Unavailable("the planner took no goal")
        handle = future.result()
        if handle is None or not handle.accepted:
            raise Unavailable("the planner rejected the goal (another one is running)")
        result_future = handle.get_result_async()
        try:
            if not _wait(result_future, o.goal_timeout_s, check):
                raise Timeout(f"no result within {o.goal_timeout_s:.0f} s")
        except MemoryRequestError:
            handle.cancel_goal_async()
            raise
        wrapped = result_future.result()
        if wrapped is None:
            raise Unavailable("the planner's result was lost")
        return wrapped.result

    def _on_feedback(self, message: Any) -> None:
        fb = message.feedback
        seq, task, index = self._current
        if fb.skill.skill:
            self.on_step(StepEvent(seq, task, index, int(fb.step), fb.skill.skill,
                                   tuple(fb.skill.arguments), fb.status, fb.memory_note))
        if self.bag is not None:
            self.bag.write_message("/planner/execute_instruction/feedback", fb)


def error_code_name(code: int) -> str:
    try:
        return ErrorCode(int(code)).name
    except ValueError:
        return str(code)
