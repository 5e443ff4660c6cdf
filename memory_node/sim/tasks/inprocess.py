"""The in-process fast path for sweeps: a `TaskStack` that runs the same planner core, the
same memory core and the same world skill logic as the robot stack, in one process.

    stack = InProcessStack(InProcessSettings(ablation="full", policy="lru", capacity=10))
    run_suite(suite, stack, run)

What it keeps: the world core house per sequence (`layouts`), the skill logic with its
simulated durations (`skill_logic.SkillRunner`), the offline planner and `PlanLoop`, the
`Memory` facade (SQLite, short-term policy, scene graph, recall with the real embedder,
experience memory when the ablation asks for it) through `LocalMemory`, the same
`MemoryPort` the planner node adapts from services.

What it skips, and why (sweeps of thousands of skill calls on two cores):
- DDS and the node processes: calls are direct. Nothing the planner sees changes: the
  node is a thin shell around the same cores.
- Rendering and the RGB-D perception pipeline: frames come from `visibility.GeometricCamera`
  (the camera's geometry, walls and closed receptacles, the detector's error model) and
  become `Observation`s at the detected object's box centre (2 cm noise) with its size, as
  the pipeline would report them; furniture occlusion and false-positive boxes are not
  modelled. One frame at the start of each subtask, after every skill, and along a skill's
  motion whenever the robot moved 0.5 m or turned 20 degrees, or looked (explore), instead of
  a camera at 5 Hz.

Ablations: memory answers nothing of earlier tasks in `none` (long- and short-term memory
cleared before each task; within a task what the camera sees is still remembered, as any
robot with perception would), keeps only the scene graph in `long_term`, only the
short-term units in `short_term`, everything in `full`, and adds the experience memory in
`full+experience`. Same planner, same step limits in every ablation.

Records (through the `Recorder`): every skill call with its simulated duration; every
recall, with the ground-truth types of the units returned and, at the instruction's
recall, the type groups the subtask needs (`build.needed_types`) that memory held a unit
for (MRA measures retrieval, not exploration); one short-term query per needed type group
at the start of each subtask (KARMA's hit rate: a lookup of an object the task needs);
wall time per component.
"""

from __future__ import annotations

import copy
import math
import shutil
import tempfile
from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from pathlib import Path

import numpy as np

from memory_node.core.errors import InvalidArgument, NotFound
from memory_node.core.memory import Memory
from memory_node.core.memory_settings import MemorySettings, ShortTermSettings
from memory_node.core.perception.observation import Observation
from memory_node.core.recall.embedder import Embedder
from memory_node.core.skills import SkillTable, load_skill_table
from memory_node.planner.core.local_memory import LocalMemory
from memory_node.planner.core.loop import PlanLoop
from memory_node.planner.core.offline import OfflinePlanner
from memory_node.planner.core.settings import LoopSettings
from memory_node.planner.core.types import (
    AreaView,
    BriefState,
    CancelToken,
    RecallView,
    SkillCall,
    SkillResult,
    Target,
    UnitView,
    refusal_fields,
    refused_label,
)
from memory_node.sim.core import goals
from memory_node.sim.core.catalog import accepts_labels, canonical_type, similar_types
from memory_node.sim.core.detection import DetectionNoise
from memory_node.sim.core.layouts import from_floorplan, from_seed
from memory_node.sim.core.nav import Navigator
from memory_node.sim.core.skill_logic import Costs, SkillRunner, reachable_types
from memory_node.sim.core.skill_logic import Target as WorldTarget
from memory_node.sim.core.visibility import GeometricCamera
from memory_node.sim.core.world import World
from memory_node.sim.tasks.build import needed_types
from memory_node.sim.tasks.driver import SubtaskRun
from memory_node.sim.tasks.model import Task, TaskSequence
from memory_node.sim.tasks.recorder import Recorder


@dataclass(frozen=True)
class Ablation:
    keep_long_term: bool
    keep_short_term: bool
    experience: bool = False


ABLATIONS: dict[str, Ablation] = {
    "none": Ablation(False, False),
    "long_term": Ablation(True, False),
    "short_term": Ablation(False, True),
    "full": Ablation(True, True),
    "full+experience": Ablation(True, True, True),
}
FRAME_STEP_M = 0.5
FRAME_TURN_RAD = math.radians(20)
MATCH_TOLERANCE = 0.75   # metres: a unit is the world object of its class nearest it


@dataclass(frozen=True)
class InProcessSettings:
    ablation: str = "full"
    policy: str = "wtinylfu"
    capacity: int = 25
    seed: int = 0
    max_steps: int = 30                 # per subtask (the planner's default), every ablation
    per_step_recall: bool = True        # the planner node's default
    # Someone tidies the house before every task: objects back where the layout put them,
    # receptacles shut as they were (not what the robot holds). The robot is not told; its
    # memory still holds where it last saw things (a daily routine: experience memory's
    # case, issue 15). Off: the world carries over from task to task.
    tidy_each_task: bool = False
    # A mapping run before each sequence's first task: the robot explores every room once
    # (the house's room order), with the same explore skill and camera as in a task, and
    # memory keeps what it saw. Its calls are kept apart (`premap_log`), never in a task's
    # records, so RE/RT/SR stay per task; what the premap cost is reported beside them.
    premap: bool = False
    noise: DetectionNoise = field(default_factory=DetectionNoise)
    costs: Costs = field(default_factory=Costs)

    def __post_init__(self) -> None:
        if self.ablation not in ABLATIONS:
            raise ValueError(f"ablation {self.ablation!r} is not one of "
                             f"{', '.join(ABLATIONS)}")


def group_key(group: frozenset[str]) -> str:
    return "|".join(sorted(group))


class InProcessStack:
    """A TaskStack over the cores (see the module docstring)."""

    def __init__(self, settings: InProcessSettings | None = None,
                 embedder: Embedder | None = None, table: SkillTable | None = None,
                 workdir: str | Path | None = None) -> None:
        self.settings = settings or InProcessSettings()
        self.ablation = ABLATIONS[self.settings.ablation]
        self.table = table or load_skill_table()
        self.embedder = embedder or Embedder()
        self.workdir = Path(workdir) if workdir else None
        self.world: World | None = None
        self.memory: Memory | None = None
        self._tmp: Path | None = None
        self._held_alias = ""
        self._last_frame: tuple[float, float, float] | None = None
        self._stamp = 0.0
        # The task being run (set per subtask; the executor and the port record to it).
        self._task: Task | None = None
        self._subtask = 0
        self._rec: Recorder | None = None
        # The task's binding of goal types to world instances (goals.Binding), new per task.
        self._binding = goals.Binding()
        self._needed: tuple[frozenset[str], ...] = ()
        self.frames = 0
        # One entry per premapped sequence: its explore calls, their outcomes and seconds.
        self.premap_log: list[dict] = []

    # -- TaskStack -----------------------------------------------------------------------
    def start_sequence(self, sequence: TaskSequence) -> None:
        self.end_sequence(sequence)
        s = self.settings
        if sequence.floor_plan is not None:
            world = from_floorplan(sequence.floor_plan, s.seed)
        elif sequence.seed is not None:
            world = from_seed(sequence.seed)
        else:
            raise InvalidArgument(f"sequence {sequence.id}: neither floor plan nor seed")
        self.world = world
        self._layout = copy.deepcopy(world.objects)
        self.camera = GeometricCamera(s.noise, seed=s.seed)
        self.runner = SkillRunner(self.table, Navigator(world.free), s.costs,
                                  detector=self.camera.labels_seen)
        self._tmp = Path(tempfile.mkdtemp(prefix="inprocess-", dir=self.workdir))
        self.memory = Memory(MemorySettings(
            memory_dir=str(self._tmp), durability="normal", seed=s.seed,
            short_term=ShortTermSettings(capacity=s.capacity, policy=s.policy)),
            embedder=self.embedder)
        if self.ablation.experience:
            self.memory.attach_experience()
        self.port = _RecordingPort(LocalMemory(self.memory), self)
        loop_settings = LoopSettings(max_steps=s.max_steps, recall=replace(
            LoopSettings().recall, per_step=s.per_step_recall))
        self.loop = PlanLoop(OfflinePlanner(self.table, accepts=accepts_labels), self.port,
                             self, loop_settings, self.table, places=self._places)
        self._held_alias = ""
        self._last_frame = None
        self._stamp = 0.0
        self._task, self._rec = None, None
        if s.premap:
            self._premap(sequence)

    def _premap(self, sequence: TaskSequence) -> None:
        """Explore every room once, as the planner's explore step does (execute, then the
        outcome to memory, then the episode closed), before the sequence's first task. No
        task is set, so `execute` records nothing into the run: the calls go to
        `premap_log` only."""
        w = self.world
        assert w is not None
        episode = f"premap:{sequence.id}"
        entry: dict = {"sequence": sequence.id, "category": sequence.category, "calls": []}
        for room in w.rooms:
            call = SkillCall("explore", (room.name,))
            result = self.execute(call, [], episode, 0.0, CancelToken())
            self.port.record_outcome(episode, call, result)
            entry["calls"].append({"skill": "explore", "args": [room.name],
                                   "ok": result.success, "code": int(result.error_code),
                                   "sim_s": float(result.duration)})
        self.port.end_episode(episode, all(c["ok"] for c in entry["calls"]))
        entry["explores"] = len(entry["calls"])
        entry["sim_s"] = sum(c["sim_s"] for c in entry["calls"])
        # Ground truth for the report only (the planner never reads premap_log): what the
        # look-around missed, and whether it sits in a shut receptacle no camera sees into.
        entry["unseen"], entry["seen_types"] = self._unseen()
        self.premap_log.append(entry)

    def _unseen(self) -> tuple[list[dict], list[str]]:
        """The detectable objects memory holds no unit for (with: inside a shut
        receptacle?), and the types of which it holds at least one."""
        w, m = self.world, self.memory
        assert w is not None and m is not None
        out = []
        seen: set[str] = set()
        for o in w.objects.values():
            if not o.kind.detectable or o.id == w.robot.held:
                continue
            try:
                near = (float(o.position[0]), float(o.position[1]), float(o.position[2]))
                hits = m.long_term.find(o.type, near=near, limit=1)
            except (ValueError, LookupError, NotFound):
                hits = []
            if any(math.dist(h.position, o.position) <= MATCH_TOLERANCE for h in hits):
                seen.add(o.type)
                continue
            parent = w.objects.get(o.parent) if o.parent else None
            out.append({"id": o.id, "type": o.type,
                        "closed": parent is not None and parent.is_open is False})
        return out, sorted(seen)

    def run_subtask(self, task: Task, index: int, recorder: Recorder) -> SubtaskRun:
        if self.world is None or self.memory is None:
            raise InvalidArgument("no sequence started")
        if index == 0:
            self._binding = goals.Binding(since=self.world.acted_count)
            self._forget_for_new_task()
            if self.settings.tidy_each_task:
                held = self.world.robot.held
                objects = copy.deepcopy(self._layout)
                if held is not None:   # what the robot holds stays in its gripper
                    objects[held] = self.world.objects[held]
                self.world.objects = objects
                self.world.follow_robot()
        sub = task.subtasks[index]
        self._task, self._subtask, self._rec = task, index, recorder
        self._needed = needed_types(sub, self.table)
        self._query_cache()      # what memory holds as the task starts, before any new look
        self._frame(force=True)
        instruction = sub.instruction or task.instruction
        # Subtasks of one task share the episode id up to its '#' (PlanLoop: "close it"
        # means what an earlier subtask of the task acted on).
        result = self.loop.run(instruction, f"{task.id}#s{index}", self.settings.max_steps,
                               sub.planner_conditions)
        recorder.usage(task, "memory", wall_s=result.memory_time, calls=0)
        recorder.usage(task, "planner_offline",
                       wall_s=max(0.0, result.total_time - result.memory_time
                                  - result.skill_time), calls=result.plans)
        recorder.usage(task, "skills_wall", wall_s=result.skill_time,
                       calls=len(result.steps))
        return SubtaskRun(result.success, int(result.error_code), result.message,
                          len(result.steps))

    def holds(self, condition: str) -> bool:
        if self.world is None:
            raise InvalidArgument("no sequence started")
        expected = self._task is None or \
            self._task.subtasks[self._subtask].expects(condition)
        return self._binding.check(self.world, condition, expected)

    def recover(self, error: BaseException) -> None:
        # Nothing runs in another process; an exception left no half-done call behind
        # (memory writes are transactions, the world commits only finished skills).
        self._task = None

    def end_sequence(self, sequence: TaskSequence | None = None) -> None:
        if self.memory is not None:
            self.memory.close()
            self.memory = None
        if self._tmp is not None:
            shutil.rmtree(self._tmp, ignore_errors=True)
            self._tmp = None

    # -- ablations -----------------------------------------------------------------------
    def _forget_for_new_task(self) -> None:
        m = self.memory
        assert m is not None
        a = self.ablation
        if not a.keep_long_term and not a.keep_short_term:
            m.clear()
        elif not a.keep_short_term:
            for unit in list(m.short_term.units()):
                m.short_term.remove(unit.object_id)
        elif not a.keep_long_term:
            m.long_term.clear()

    # -- SkillExecutor -------------------------------------------------------------------
    def execute(self, call: SkillCall, targets: Sequence[Target], episode_id: str,
                timeout_s: float, cancel: CancelToken) -> SkillResult:
        w = self.world
        assert w is not None
        world_targets = [WorldTarget(t.id, t.label, t.position, t.position_known)
                         for t in targets]
        outcome = self.runner.run(w, call.skill, call.args, world_targets)
        t0 = w.time
        for wp in outcome.waypoints:   # the motion as the camera saw it
            w.robot.x, w.robot.y, w.robot.yaw, w.robot.pitch = wp.x, wp.y, wp.yaw, wp.pitch
            w.follow_robot()
            w.time = t0 + wp.t
            # A tilt alone makes no frame (pose thresholds are on the base): the look
            # that follows it is forced, as every look is.
            self._frame(force=wp.phase == "looking")
        if outcome.success and outcome.world is not None:
            w.objects = outcome.world.objects
            w.robot = outcome.world.robot
            w.acted, w.acted_count = outcome.world.acted, outcome.world.acted_count
            if call.skill == "pick":
                self._held_alias = call.args[0]
            elif w.robot.held is None:
                self._held_alias = ""
        w.time = t0 + outcome.duration
        self._frame(force=True)
        if self._rec is not None and self._task is not None:
            self._rec.skill(self._task, call.skill, call.args, int(outcome.code),
                            outcome.duration, self._subtask)
        room = w.room_of(w.robot.x, w.robot.y)
        shut_by, missing = refusal_fields(outcome.success, outcome.shut_by,
                                          outcome.missing_fixtures)
        return SkillResult(outcome.success, int(outcome.code), outcome.message[:1000],
                           outcome.duration, room.name if room else "",
                           (float(w.robot.x), float(w.robot.y), 0.0),
                           self._held_alias if w.robot.held else "",
                           w.objects[w.robot.held].type if w.robot.held else "",
                           shut_by, missing,
                           refused_label(outcome.success, outcome.refused_label))

    def _places(self) -> list[AreaView]:
        assert self.world is not None
        return [AreaView(r.name, (*r.center, 0.0), r.kind) for r in self.world.rooms]

    # -- perception ------------------------------------------------------------------------
    def _frame(self, force: bool = False) -> None:
        """One camera frame into the long-term memory (as the perception node sends it)."""
        w, m = self.world, self.memory
        assert w is not None and m is not None
        pose = (w.robot.x, w.robot.y, w.robot.yaw)
        if not force and self._last_frame is not None:
            lx, ly, lyaw = self._last_frame
            turned = abs((pose[2] - lyaw + math.pi) % (2 * math.pi) - math.pi)
            if math.dist(pose[:2], (lx, ly)) < FRAME_STEP_M and turned < FRAME_TURN_RAD:
                return
        self._last_frame = pose
        if self.camera.same_image(w):
            # The same pose at the same instant, the same things in view (a skill's last
            # look, then its outcome): memory has this image already; applied twice, one
            # miss would count as two looks.
            return
        # The graph wants time to move forward; two frames at one simulated instant
        # (a look right after a skill ended) get a millisecond apart.
        self._stamp = max(w.time, self._stamp + 1e-3)
        view = self.camera.view(w)
        view.stamp = self._stamp
        seen = self.camera.frame(w)
        obs = [replace(Observation.at(d.label, d.position, self._stamp, extent=d.extent,
                                      score=d.score, state=d.state or None),
                       box_rotation=_turn(d.yaw)) for d in seen]
        m.long_term.apply(obs, view, self._stamp)
        self.frames += 1

    # -- ground truth for the records ---------------------------------------------------------
    def truth_type(self, label: str, position: Sequence[float]) -> str:
        """The world type of what a unit describes: the object of its class (or a similar
        one) nearest its position, within MATCH_TOLERANCE; "" when none (a ghost)."""
        w = self.world
        assert w is not None
        label_type = canonical_type(label) if label else None
        if label_type is None:
            return ""
        kinds = (label_type, *similar_types(label_type))
        p = np.asarray(position, dtype=float)
        best, best_d = "", MATCH_TOLERANCE
        for o in w.objects.values():
            if o.type in kinds:
                d = float(np.linalg.norm(o.position - p))
                if d <= best_d:
                    best, best_d = o.type, d
        return best

    def _groups_of(self, types: set[str]) -> list[str]:
        return [group_key(g) for g in self._needed if g & types]

    def _query_cache(self) -> None:
        """One short-term query per type group the subtask needs: the unit memory holds
        for it (short-term first, then the scene graph's id), a miss when memory never
        saw one."""
        m, rec, task = self.memory, self._rec, self._task
        assert m is not None and rec is not None and task is not None
        st = m.short_term
        resident: dict[str, list] = {}
        for u in st.units():
            resident.setdefault(self.truth_type(u.label, u.position), []).append(u)
        for group in self._needed:
            occupancy = len(st)
            units = [u for t in group for u in resident.get(t, [])]
            if units:
                best = max(units, key=lambda u: u.last_seen)
                hit = st.lookup(best.object_id) is not None
            else:
                graph_id = self._graph_id(group)
                if graph_id:
                    st.lookup(graph_id)   # a miss the policy hears (frequency sketch)
                hit = False
            rec.cache(task, hit, occupancy, st.capacity)

    def _graph_id(self, group: frozenset[str]) -> str:
        m = self.memory
        assert m is not None
        for label in sorted(group):
            try:
                hits = m.long_term.find(label)
            except (ValueError, LookupError, NotFound):
                continue
            for h in hits:
                if self.truth_type(h.label, h.position) in group:
                    return h.object_id
        return ""

    def _recalled(self, view: RecallView, stage: str) -> None:
        m, rec, task = self.memory, self._rec, self._task
        if rec is None or task is None or m is None:
            return
        returned = {self.truth_type(u.label, u.position) for u in view.units}
        returned.discard("")
        needed: list[str] = []
        if stage == "instruction":
            held = {self.truth_type(u.label, u.position) for u in m.short_term.units()}
            needed = self._groups_of(held)
        rec.recall(task, self._groups_of(returned) + sorted(returned), needed,
                   self._subtask, stage)


def reachable_in(floor_plan: int, seed: int = 0) -> frozenset[str]:
    """The types the world of `floor_plan` (as `start_sequence` builds it with `seed`) has
    within the arm's reach from where the robot starts: what `streams.generate` may ask
    for (the task modules themselves stay free of the world's code)."""
    return reachable_types(from_floorplan(floor_plan, seed))


class _RecordingPort:
    """The planner's MemoryPort: LocalMemory, with each recall recorded for MRA."""

    def __init__(self, inner: LocalMemory, stack: InProcessStack) -> None:
        self.inner = inner
        self.stack = stack

    def recall(self, instruction: str, k: int, token_budget: int, episode_id: str,
               brief: BriefState | None, per_subtask: bool = False) -> RecallView:
        view = self.inner.recall(instruction, k, token_budget, episode_id, brief, per_subtask)
        self.stack._recalled(view, "instruction" if brief is None else "step")
        return view

    def record_outcome(self, episode_id: str, call: SkillCall, result: SkillResult,
                       request_id: str = "") -> tuple[UnitView, ...]:
        return self.inner.record_outcome(episode_id, call, result, request_id)

    def find(self, label: str, max_results: int) -> tuple[UnitView, ...]:
        return self.inner.find(label, max_results)

    def units(self, object_ids: tuple[str, ...]) -> tuple[UnitView, ...]:
        return self.inner.units(object_ids)

    def scene_graph(self, format: str, token_budget: int, query: str) -> str:
        return self.inner.scene_graph(format, token_budget, query)

    def end_episode(self, episode_id: str, succeeded: bool, request_id: str = "",
                    reason: str = "") -> None:
        self.inner.end_episode(episode_id, succeeded, request_id, reason)


__all__ = ["ABLATIONS", "InProcessSettings", "InProcessStack", "group_key"]


def _turn(yaw: float) -> np.ndarray:
    """Rotation about z by `yaw` (an upright box's orientation)."""
    c, s = math.cos(yaw), math.sin(yaw)
    return np.array([[c, -s, 0.0], [s, c, 0.0], [0.0, 0.0, 1.0]])
