"""The plan loop: one instruction, planned with memory and executed as validated skill calls.

    recall(instruction) -> plan -> for each step: recall(brief state) -> [confirm] ->
    execute -> record_outcome -> (failure: re-plan, bounded; explore or plan used up:
    plan again with what memory now knows) -> end_episode

Only calls that passed validation (validate.py, or the offline planner's own table-driven
output checked the same way) reach the executor; at most `max_steps` per instruction. Every
outcome is recorded before the next step; if memory cannot take it, the instruction stops
with UNAVAILABLE rather than acting on a memory that missed a step. Cancellation is
checked between every two calls and passed to the executor.
"""

from __future__ import annotations

import functools
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field, replace
from typing import TypeVar

from memory_node.core.episode_hooks import CANCELLED, DONE, ERROR, FAILED, GAVE_UP, STEP_LIMIT
from memory_node.core.errors import (
    ErrorCode,
    InvalidArgument,
    MemoryRequestError,
)
from memory_node.core.limits import LIMITS
from memory_node.core.recall.categories import type_key
from memory_node.core.request_ids import new_request_id
from memory_node.core.skills import SkillTable, load_skill_table
from memory_node.core.units import HELD_BY_ROBOT, check_identifier, has_refused_characters

from .areas import (
    areas_from_graph_json,
    rank_places,
    stamp_from_graph_json,
    units_from_graph_json,
)
from .experience import known_bad_calls, known_bad_codes, known_bad_until
from .goals import opened_for_shut_in, parse_goals, placement_receptacles
from .llm_planner import refuse_repeats
from .planning import (
    Planner,
    PlanRequest,
    PlanResult,
    ReadTimesWanted,
    keep_listed_not_found,
    listed_not_found_here,
    not_found_target,
    stands_at,
)
from .prompt import StepLine
from .settings import MAX_INSTRUCTION_CHARS, LoopSettings
from .types import (
    AreaView,
    BriefState,
    CancelToken,
    Confirmer,
    MemoryPort,
    SkillCall,
    SkillExecutor,
    SkillResult,
    Target,
    UnitView,
)
from .validate import PlanRejected, check_step
from .vocabulary import Vocabulary

T = TypeVar("T")
MAX_NOTE_CHARS = 400
MAX_LOOKUPS = 8
LOOKUP_RESULTS = 3
MAX_LOOKUP_RESULTS = 12   # a look-up widened past absent units (see _look_up)
MAX_DATED = LIMITS.max_get_units   # ids per read-time request (`_date`)
MEMORY_RETRY_CODES = (ErrorCode.UNAVAILABLE, ErrorCode.TIMEOUT)
SETTLE_POLL_S = 0.25


@dataclass
class StepRecord:
    call: SkillCall
    success: bool
    error_code: int
    message: str
    duration: float
    memory_note: str = ""


@dataclass
class InstructionResult:
    success: bool = False
    error_code: int = ErrorCode.NONE
    message: str = ""
    steps: list[StepRecord] = field(default_factory=list)
    llm_calls: int = 0
    prompt_tokens: int = 0
    completion_tokens: int = 0
    replans: int = 0
    memory_time: float = 0.0
    llm_time: float = 0.0
    skill_time: float = 0.0
    total_time: float = 0.0
    plans: int = 0
    rejections: list[str] = field(default_factory=list)
    # Waits for a frame after a skill that ran out of time (memory decided on older views).
    perception_timeouts: int = 0
    # Why the instruction ended (episode_hooks.END_REASONS), told to memory's end_episode:
    # a planner's give-up and the step limit end on the same kind of step.
    end_reason: str = ""

    @property
    def executed(self) -> list[SkillCall]:
        return [s.call for s in self.steps]


# (step number, call or None, status, remaining plan, memory note)
Feedback = Callable[[int, SkillCall | None, str, Sequence[SkillCall], str], None]


class _Stop(Exception):  # noqa: N818 - ends the instruction with a code
    def __init__(self, code: ErrorCode, message: str, reason: str = ERROR) -> None:
        super().__init__(message)
        self.code = code
        self.message = message
        self.reason = reason   # episode_hooks.END_REASONS


def check_instruction(text: object, max_chars: int = MAX_INSTRUCTION_CHARS) -> str:
    if not isinstance(text, str):
        raise InvalidArgument("instruction must be a string")
    clean = text.strip()
    if not clean:
        raise InvalidArgument("instruction is empty")
    if len(clean) > max_chars:
        raise InvalidArgument(f"instruction is {len(clean)} characters (max {max_chars})")
    # DEL, C1 and line separators too: the instruction reaches the LLM's prompt and the
    # memory's recall (which refuses them, but only after an episode was started).
    if has_refused_characters(clean, multiline=True):
        raise InvalidArgument("instruction contains control characters")
    return clean


class PlanLoop:
    def __init__(self, planner: Planner, memory: MemoryPort, executor: SkillExecutor,
                 settings: LoopSettings | None = None, table: SkillTable | None = None,
                 confirmer: Confirmer | None = None,
                 places: Callable[[], Sequence[AreaView]] = tuple) -> None:
        self.planner = planner
        self.memory = memory
        self.executor = executor
        self.settings = settings or LoopSettings()
        self.table = table or load_skill_table()
        self.confirmer = confirmer
        self.places = places   # the robot's named places (map/places), read per instruction
        unknown = [s for s in self.settings.confirm_skills if s not in self.table]
        if unknown:
            raise ValueError(f"confirm_skills names unknown skills: {', '.join(unknown)}")
        if self.settings.confirm_skills and confirmer is None:
            raise ValueError("confirm_skills is set but no confirmer is given")
        # The robot's own state as its last skill result left it, carried into the next
        # instruction: a task that ends with the mug in hand must not plan `pick` next.
        self.held = ""
        self.held_unit: UnitView | None = None
        self.position: tuple[float, float, float] | None = None
        # The held object's id when memory no longer knows it (cleared since the pick):
        # memory refuses outcomes naming it, which must not stop the instruction.
        self.unknown_held = ""
        # Objects the task's successful skills acted on, newest last: "close the fridge"
        # means the fridge it opened, not any fridge memory holds. A task's subtasks are
        # separate instructions whose episode ids share the part before the last '#'
        # (`k1c-2#s0`, `k1c-2#s1`); an id without '#' is a task of its own.
        self.acted_episode = ""
        self.acted: list[str] = []
        # Receptacles the task's successful puts put into, newest last: the put's own
        # outcome says where the object is, where memory's placement of it between two
        # adjacent drawers may not (OfflinePlanner._task_instances).
        self.put_into: list[str] = []
        # Goal conditions of the task's earlier subtasks: one that had nothing to do acted
        # on nothing, yet "close it" still means the drawer its goal was met with.
        self.task_goals: list[str] = []
        # The receptacles the task's finished subtasks' own units read their INSIDE/ON goals
        # met with (`placement_receptacles`), oldest first: "close it" recalls other words,
        # and its answers may not hold the object whose place met the goal.
        self.met_with: list[str] = []
        # Receptacles the task's finished subtasks opened for a goal's object after the
        # world refused its pick as shut in one of that type, with no pick of it since
        # (`opened_for_shut_in`), oldest first: where that object is, whatever memory's
        # older place for it says (OfflinePlanner._task_instances).
        self.opened_for: list[str] = []
        # Objects the planner went to look at because memory's word on their state was a
        # single unconfirmed reading: once per object per task (notes["looked"]).
        self.looked: set[str] = set()
        # What the base stands at for certain as the task's last instruction left it
        # (`stands_at`), for the next subtask's plan (notes["stands"]): "close it" after
        # "put the tomato in the fridge" needs no walk to the fridge. Only within a task:
        # between tasks a tidy may move what it stood at, and memory may be cleared.
        self.stands = ""
        # Memory's now as the task began (the stamp of its first scene graph answer, the
        # sensors' clock; None = not said): a reading older than it is from before the task
        # (notes["task_start"]).
        self.task_start: float | None = None
        # The ids the task's first scene graph held (notes["known_at_start"]): a unit not
        # among them was first seen by this task's camera, on a walk, not a look around.
        self.known_at_start: frozenset[str] = frozenset()

    def forget_robot_state(self) -> None:
        """The robot was reset (a new world): nothing in hand, position unknown."""
        self.held, self.held_unit, self.position = "", None, None
        self.unknown_held = ""
        self.acted_episode, self.acted, self.task_goals = "", [], []
        self.put_into, self.met_with, self.opened_for = [], [], []
        self.looked = set()
        self.stands = ""

    # -- memory, timed and retried ----------------------------------------------------------
    def _memory(self, out: InstructionResult, fn: Callable[[], T], what: str) -> T:
        attempts = 0
        while True:
            start = time.perf_counter()
            try:
                return fn()
            except MemoryRequestError as exc:
                if exc.code not in MEMORY_RETRY_CODES or attempts >= self.settings.memory_retries:
                    raise _Stop(exc.code, f"memory {what}: {exc.message}") from None
                attempts += 1
            finally:
                out.memory_time += time.perf_counter() - start

    # -- planning ---------------------------------------------------------------------------
    def _look_up(self, out: InstructionResult, req: PlanRequest) -> None:
        """Ask memory for the object types the planner says it needs (the knife to slice,
        the sink to clean) when no answer so far named one: recall ranks by the
        instruction, which rarely mentions the tools."""
        wanted = getattr(self.planner, "wanted_types", None)
        if wanted is None:
            return
        asked = req.notes.setdefault("looked_up", set())
        # A unit memory marks absent (looked for there, not seen) names nothing to go to,
        # nor one the planner passes over as known bad (experience): memory may hold
        # another of the type that no recall of this instruction returned yet.
        # Nor one a call just failed on as NOT_FOUND (the loop refuses that call until
        # an explore or a sighting elsewhere): memory's unit was not there, and the open
        # that followed may have shown others of the type (tune tidy, stream seed 1002,
        # s0023: both eggs not found on the counter, two seen in the microwave opened
        # next, never fetched: "no Egg in memory").
        avoid = req.notes.get("avoid", ())
        not_found = {not_found_target(c, req.held) for c in req.refused if c.args}
        have = {type_key(u.label) for u in req.vocab.objects.values()
                if u.state != "absent" and u.object_id not in avoid
                and u.object_id not in not_found}
        for t in wanted(req)[:MAX_LOOKUPS]:
            key = type_key(t)
            if key in have or key in asked:
                continue
            asked.add(key)
            # Memory answers most recently seen first, and the units just marked absent
            # (not found where they were) were touched last: they may fill the answer
            # and hide the ones seen since (ss1002 s0023: three absent eggs came back,
            # the two in the microwave fifth and sixth). Ask for more while an answer is
            # full and holds nothing the planner could go to.
            n = LOOKUP_RESULTS
            while True:
                got = self._memory(out, functools.partial(self.memory.find, t, n),
                                   "query_object")
                req.vocab.add_units(got)
                if len(got) < n or n >= MAX_LOOKUP_RESULTS or any(
                        u.state != "absent" and u.object_id not in avoid
                        and u.object_id not in not_found for u in got):
                    break
                n = min(2 * n, MAX_LOOKUP_RESULTS)

    def _look_inside(self, out: InstructionResult, req: PlanRequest) -> None:
        """After an open, what memory saw of the types this task's refusals said are shut
        in (a pick refused "inside a closed Cabinet"): the camera's view into the open
        receptacle may have put one there, and recall, which ranks by the instruction,
        need not return it while the plan holds another unit of the type (the mug the
        tidy put away stays where the robot left it in memory; round 37's cup in the
        microwave, opened and passed by). Memory answers most recently seen first."""
        if not req.history or not (req.history[-1].success
                                   and req.history[-1].call.skill == "open"):
            return
        types = []
        for h in req.history:
            unit = req.vocab.objects.get(h.call.args[0]) if h.call.args else None
            if not h.success and h.shut_by and unit is not None:
                types.append(type_key(unit.label))
        for t in list(dict.fromkeys(types))[:MAX_LOOKUPS]:
            req.vocab.add_units(self._memory(out, functools.partial(
                self.memory.find, t, LOOKUP_RESULTS), "query_object"))

    def _containers(self, out: InstructionResult, req: PlanRequest) -> None:
        """Fetch the receptacles known objects are in or on, when memory's answers named
        them but never described them: without the fridge the apple was put in the planner
        cannot open what holds it, and without the counter a mug was put on it cannot read
        ON(Mug, CounterTop) as met. The second happens after every put whose receptacle
        memory joined into another node meanwhile (a counter seen as two parts, folded):
        memory applies the put to the node it lives on as, the answer names that id, and
        the plan only knew the other (fresh clone's run.sh, round 20: the washed mug was
        picked and put on the counter again, then lost). Ports without `units`
        (get_units) are left as they are."""
        fetch = getattr(self.memory, "units", None)
        if fetch is None:
            return
        objects = req.vocab.objects
        held = (req.held,) if req.held and req.held not in objects else ()
        # Every *in* (what holds the object may need opening), and the *on* of what this
        # task acted on (its own puts: whether they landed is what its goals ask), the
        # former first.
        acted = set(self.acted)
        named = sorted((u for u in objects.values()
                        if (u.relation == "in" or (u.relation == "on" and u.object_id in acted))
                        and u.receptacle_id
                        and u.receptacle_id not in objects
                        and u.receptacle_id != HELD_BY_ROBOT),
                       key=lambda u: u.relation != "in")
        missing = tuple(dict.fromkeys(held + tuple(u.receptacle_id for u in named)))[:MAX_LOOKUPS]
        if missing:
            req.vocab.add_units(self._memory(out, functools.partial(fetch, missing),
                                             "get_units"))

    def _recheck(self, out: InstructionResult, req: PlanRequest) -> None:
        """What memory says now of the objects the planner went to look at (their state
        was a single unconfirmed reading): recall need not return them again."""
        fetch = getattr(self.memory, "units", None)
        ids = tuple(sorted(req.notes.pop("recheck", ())))[:MAX_LOOKUPS]
        if fetch is not None and ids:
            req.vocab.add_units(self._memory(out, functools.partial(fetch, ids), "get_units"))

    def _plan(self, out: InstructionResult, req: PlanRequest) -> list[SkillCall]:
        out.plans += 1
        self._look_up(out, req)
        self._look_inside(out, req)
        self._containers(out, req)
        self._recheck(out, req)
        self._keep_held(req)
        try:
            result: PlanResult = self._plan_dated(out, req)
        except MemoryRequestError as exc:
            usage = getattr(exc, "usage", None)
            if usage is not None:
                self._count(out, usage)
            # NOT_FOUND is the planner's own give-up: nothing left it could search or try.
            raise _Stop(exc.code, f"planning ({self.planner.name}): {exc.message}",
                        GAVE_UP if exc.code == ErrorCode.NOT_FOUND else ERROR) from None
        finally:
            self.looked.update(req.notes.get("looked", ()))
        self._count(out, result)
        try:
            refuse_repeats(result.calls, req)
        except PlanRejected as exc:
            raise _Stop(ErrorCode.INVALID_ARGUMENT, f"planner {self.planner.name}: "
                        f"{exc.message}") from None
        # Whatever planned it, each call is validated again against the table and memory.
        usable = req.vocab.usable_skills(self.table)
        calls = []
        for i, call in enumerate(result.calls[:req.max_plan_steps]):
            raw = {"skill": call.skill, **dict(zip(
                (a.role for a in self.table[call.skill].args), call.args, strict=False))} \
                if call.skill in self.table else {"skill": call.skill}
            try:
                calls.append(check_step(raw, i, self.table, req.vocab, usable))
            except PlanRejected as exc:
                raise _Stop(ErrorCode.INVALID_ARGUMENT,
                            f"planner {self.planner.name} produced an invalid call: "
                            f"{exc.message}") from None
        return calls

    def _plan_dated(self, out: InstructionResult, req: PlanRequest) -> PlanResult:
        """The planner's plan, after answering its requests for read times
        (ReadTimesWanted: each id once per instruction, so this ends)."""
        dated: dict[str, float | None] = req.notes.setdefault("state_read", {})
        while True:
            try:
                return self.planner.plan(req)
            except ReadTimesWanted as ask:
                wanted = tuple(dict.fromkeys(i for i in ask.object_ids if i not in dated))
                if not wanted:
                    raise _Stop(ErrorCode.INTERNAL, f"planner {self.planner.name} asked "
                                "again for read times it has") from None
                self._date(out, req, wanted[:MAX_DATED], dated)

    def _date(self, out: InstructionResult, req: PlanRequest, ids: tuple[str, ...],
              dated: dict[str, float | None]) -> None:
        """When memory last read these units' states, as it answers now (get_units); None
        when it does not say, and without a port that can ask (`units`). Where memory
        reads a state other than the plan's copy, the copy takes memory's: the scene is
        re-read only after an explore, and frames since may have read the door again (tune2
        tidy, stream seed 3090, s0015: the island cabinet "opened" in the plan's scene,
        "closed" in memory, read so by this task's camera on the way)."""
        ask = getattr(self.memory, "units", None)
        got: dict[str, UnitView] = {}
        if ask is not None:
            got = {u.object_id: u for u in self._memory(out, lambda: ask(ids), "get units")}
        for i in ids:
            unit, known = got.get(i), req.known_unit(i)
            dated[i] = unit.state_read if unit is not None else None
            if unit is None or known is None or unit.state == known.state:
                continue
            if i in req.scene:
                req.scene[i] = replace(req.scene[i], state=unit.state)
            if i in req.vocab.objects:
                req.vocab.add_units([replace(req.vocab.objects[i], state=unit.state)])

    def _keep_held(self, req: PlanRequest) -> None:
        """The object in the gripper is what was picked, whatever memory says of it now:
        the camera sees it in the hand, partly covered, and perception may misread it (a
        mug as a cup) or miss it until memory drops it, and the planner then explored the
        house for the mug it was holding. The last skill result says what is held; the
        unit keeps the type and presence it had when it was picked."""
        picked = self.held_unit
        if not req.held or picked is None or picked.object_id != req.held:
            return
        now = req.vocab.objects.get(req.held)
        if (now is not None and now.state != "absent"
                and type_key(now.label) == type_key(picked.label)):
            return
        base = now or picked
        req.vocab.add_units((replace(base, label=picked.label,
                                     state=picked.state if base.state == "absent"
                                     else base.state,
                                     receptacle_id=HELD_BY_ROBOT, relation=""),))

    @staticmethod
    def _count(out: InstructionResult, r: PlanResult) -> None:
        out.llm_calls += r.llm_calls
        out.prompt_tokens += r.prompt_tokens
        out.completion_tokens += r.completion_tokens
        out.llm_time += r.llm_time
        out.rejections += r.rejections

    # -- one instruction --------------------------------------------------------------------
    def run(self, instruction: str, episode_id: str, max_steps: int = 0,
            goal_conditions: Sequence[str] = (), cancel: CancelToken | None = None,
            feedback: Feedback | None = None) -> InstructionResult:
        start = time.perf_counter()
        out = InstructionResult()
        cancel = cancel or CancelToken()
        try:
            text = check_instruction(instruction, self.settings.max_instruction_chars)
            episode = check_identifier(episode_id, "episode_id")
            goals = tuple(goal_conditions)
            parse_goals(goals)   # malformed goals are refused whichever planner runs
            limit = self.settings.max_steps if max_steps <= 0 else min(max_steps, 500)
        except (InvalidArgument, ValueError) as exc:
            out.error_code, out.message = ErrorCode.INVALID_ARGUMENT, str(exc)
            out.total_time = time.perf_counter() - start
            return out
        started_episode = False
        try:
            started_episode = True
            self._run(out, text, episode, goals, limit, cancel, feedback or _no_feedback)
        except _Stop as stop:
            out.success, out.error_code, out.message = False, stop.code, stop.message
            out.end_reason = stop.reason
        except MemoryRequestError as exc:
            out.success, out.error_code, out.message = False, exc.code, exc.message
            out.end_reason = ERROR
        finally:
            if started_episode:
                if out.success:
                    out.end_reason = DONE
                try:
                    # One id for every retry: an end whose answer was lost is not ended
                    # twice (the second would be NOT_FOUND and lose the summary).
                    self._memory(out, functools.partial(
                        self.memory.end_episode, episode, out.success, new_request_id(),
                        out.end_reason or ERROR), "end_episode")
                except _Stop:
                    pass  # the episode expires server-side; the result already says why
            out.total_time = time.perf_counter() - start
        return out

    def _run(self, out: InstructionResult, text: str, episode: str, goals: tuple[str, ...],
             limit: int, cancel: CancelToken, feedback: Feedback) -> None:
        s = self.settings
        vocab = Vocabulary()
        ahead = getattr(self.memory, "recall_ahead", None)
        if ahead is not None and s.recall.per_subtask:
            # The text is known now; the recall waits for the view first: the memory
            # embeds its steps meanwhile (the same answer, without the model's call).
            ahead(text)
        # The first decision too is made on the view from where the robot stands now (the
        # runner may have cleared memory a moment ago), not on whatever frames had arrived.
        self._perceived(out)
        recall = self._memory(out, lambda: self.memory.recall(
            text, s.recall.k, s.recall.instruction_budget, episode, None,
            s.recall.per_subtask), "recall")
        vocab.add_units(recall.units)
        graph = self._memory(out, lambda: self.memory.scene_graph("json", 0, text),
                             "scene graph")
        areas = rank_places(recall.units, areas_from_graph_json(graph), list(self.places()),
                            text.split())
        vocab.add_areas(areas)
        # Closed receptacles the scene graph holds: where an object no camera can see may
        # be shut in (the planner opens them when exploring found nothing).
        vocab.add_units(u for u in units_from_graph_json(graph)
                        if u.state == "closed" and u.object_id not in vocab.objects)
        context = recall.context
        if not s.recall.per_step and s.recall.dump_budget:
            # One dump at the start (KARMA): the whole scene graph as text, every object in
            # it nameable, re-sent unchanged with every request of the instruction.
            dump = self._memory(out, lambda: self.memory.scene_graph(
                "text", s.recall.dump_budget, text), "scene graph dump")
            vocab.add_units(units_from_graph_json(graph))
            context = "\n".join(x for x in (dump, recall.context) if x)
        req = PlanRequest(text, context, vocab, [a.area_id for a in areas],
                          max_plan_steps=s.max_plan_steps, goal_conditions=goals,
                          robot_position=self.position,
                          place_rooms=place_rooms(areas, list(self.places())),
                          scene=_scene(graph), procedure=recall.procedure,
                          facts=recall.facts)
        # Experience lists calls that failed where the last task left the robot: the
        # first plan avoids them too (later plans get them from step recalls).
        _listed(req, recall.known_bad_actions)
        task = episode.rpartition("#")[0] or episode
        if self.acted_episode != task:
            self.acted_episode, self.acted, self.task_goals = task, [], []
            self.put_into, self.met_with, self.opened_for = [], [], []
            self.looked = set()
            self.stands = ""
            self.task_start = stamp_from_graph_json(graph)
            self.known_at_start = frozenset(req.scene)
        req.notes["task_start"] = self.task_start
        req.notes["known_at_start"] = self.known_at_start
        req.notes["acted"] = self.acted
        req.notes["put_into"] = self.put_into
        req.notes["met_with"] = tuple(self.met_with)
        req.notes["opened_for_shut_in"] = tuple(self.opened_for)
        req.notes["looked"] = set(self.looked)
        req.notes["stands"] = self.stands
        req.notes["earlier_goals"] = tuple(self.task_goals)
        self.task_goals += [g for g in goals if g not in self.task_goals]
        self._start_holding(out, req)
        dodged: set[SkillCall] = set()
        first_note = _note(recall.units, recall.warnings)
        feedback(0, None, "planning", [], first_note)
        fresh: str | None = first_note
        if recall.procedure:
            # Experience is in play: the instruction's recall has no brief state, so no
            # known-bad list; the first step gets its own recall like every other.
            fresh = None
        plan = self._plan(out, req)
        rounds = 1
        while True:
            if cancel.cancelled:
                raise _Stop(ErrorCode.CANCELED, "cancelled", CANCELLED)
            if not plan:
                out.success, out.message = True, (
                    f"done in {len(out.steps)} step(s)" if out.steps else "nothing to do")
                self.met_with += [r for r in placement_receptacles(parse_goals(goals),
                                                                   vocab.objects)
                                  if r not in self.met_with]
                self.opened_for += [r for r in opened_for_shut_in(
                    parse_goals(goals), vocab.objects, req.notes.get("shut_in", {}),
                    req.history) if r not in self.opened_for]
                return
            call = plan.pop(0)
            if len(out.steps) >= limit:
                raise _Stop(ErrorCode.PRECONDITION_FAILED,
                            f"step limit {limit} reached before {call}", STEP_LIMIT)
            step_no = len(out.steps) + 1
            note, known_bad = "", False
            if fresh is not None:
                # The plan was made from a recall just now: its first step needs no other,
                # and the planner saw that recall's listing. Not one this instruction's
                # earlier recalls listed that this one left out (`_relisted`).
                note, fresh = fresh, None
                known_bad = call not in dodged and _relisted(req, call)
            elif s.recall.per_step:
                brief = self._brief(f"{call.skill} {' '.join(call.args)}", req)
                answer = self._memory(out, functools.partial(
                    self.memory.recall, text, s.recall.k, s.recall.step_budget, episode, brief,
                    s.recall.per_subtask), "step recall")
                vocab.add_units(answer.units)
                req.memory_context = answer.context or req.memory_context
                note = _note(answer.units, answer.warnings)
                _listed(req, answer.known_bad_actions)
                known_bad = call not in dodged and (call in req.known_bad
                                                    or _relisted(req, call))
            if known_bad:
                # Experience says this call failed in the state the robot is in now: the
                # planner chooses again, told so (once per call, so a planner with no
                # other way still gets to act).
                dodged.add(call)
                feedback(step_no, call, "re-planning: known bad in this state", plan, note)
                rounds += 1
                if rounds > limit + s.max_replans + 2:
                    raise _Stop(ErrorCode.PRECONDITION_FAILED, "the planner keeps "
                                "re-planning without finishing", STEP_LIMIT)
                fresh = note
                plan = self._plan(out, req)
                continue
            feedback(step_no, call, "running", plan, note)
            self._confirm(call, cancel)
            chosen = vocab.objects.get(call.args[0]) if call.skill == "pick" and call.args \
                else None
            start = time.perf_counter()
            self.stands = ""   # unknown until the call's outcome is in the history
            result = self.executor.execute(call, self._targets(call, vocab), episode,
                                           s.skill_timeout_s, cancel)
            out.skill_time += time.perf_counter() - start
            try:
                # One id for every retry of this outcome: memory applies it once even when
                # an applied copy's answer was lost (a failure counted twice, a put twice).
                changed = self._memory(out, functools.partial(
                    self.memory.record_outcome, episode, call, result, new_request_id()),
                    "record_outcome")
            except _Stop as stop:
                # Memory has no unit for what the hand holds, so it cannot apply this
                # outcome; the skill did run. The loop's own stand-in takes the effect, as
                # memory's unit would have (else the plan redoes a put that succeeded).
                if not (self.unknown_held and self.unknown_held in call.args
                        and stop.code in (ErrorCode.INVALID_ARGUMENT, ErrorCode.NOT_FOUND)):
                    raise
                changed = self._stand_in_effect(call, result, vocab)
            vocab.add_outcome_units(call.args, changed)
            if call.skill == "put" and result.success and len(call.args) >= 2:
                vocab.drop_folded_receptacle(call.args[0], call.args[1])
            if not cancel.cancelled:
                self._perceived(out)
            out.steps.append(StepRecord(call, result.success, int(result.error_code),
                                        result.message, result.duration, note))
            req.history.append(StepLine(call, result.success, int(result.error_code),
                                        result.message, result.shut_by,
                                        result.missing_fixtures,
                                        result.refused_label))
            self.stands = stands_at(req.history, req.notes["stands"], self.table)
            if result.success:
                self.acted += [a for a in call.args if a in vocab.objects]
                if call.skill == "put" and len(call.args) > 1 and call.args[1] in vocab.objects:
                    self.put_into.append(call.args[1])
                if chosen is not None and chosen.receptacle_id in vocab.objects:
                    self.acted.append(chosen.receptacle_id)   # the drawer it took from
            if result.held_object or result.success:
                req.held = result.held_object
            self.held = req.held
            if req.held != self.unknown_held:
                self.unknown_held = ""
            if not req.held:
                self.held_unit = None
            elif chosen is not None and chosen.object_id == req.held:
                # What the hand took, as the planner chose it; later answers about it come
                # from a camera that sees it in the gripper (see _keep_held).
                self.held_unit = chosen
            elif self.held_unit is None or self.held_unit.object_id != req.held:
                self.held_unit = vocab.objects.get(req.held)
            # The robot says what it holds: memory's unit may carry a look-alike's label
            # (its Mug was a cup). The rest of the plan was made for the unit's type.
            other_class = (req.held and result.held_label and self.held_unit is not None
                           and self.held_unit.object_id == req.held
                           and type_key(self.held_unit.label) != type_key(result.held_label))
            if other_class and self.held_unit is not None:
                # A plan for the mug would heat and put away the cup. Memory relabels its
                # unit from the same result; this is the loop's own copy, which
                # _keep_held restores over any later misreading; the plan is made again.
                self.held_unit = replace(self.held_unit, label=result.held_label)
            req.robot_area = result.robot_area or req.robot_area
            if result.robot_position is not None:
                req.robot_position = self.position = tuple(result.robot_position)[:3]  # type: ignore[assignment]
            status = "succeeded" if result.success else f"failed ({_code(result.error_code).name})"
            feedback(step_no, call, status, plan, note)
            if result.error_code == ErrorCode.CANCELED or cancel.cancelled:
                raise _Stop(ErrorCode.CANCELED, f"cancelled during {call}", CANCELLED)
            if result.error_code == ErrorCode.UNAVAILABLE:   # no server: planning cannot help
                raise _Stop(ErrorCode.UNAVAILABLE, f"{call}: {result.message[:300]}")
            if call.skill == "explore" and result.success:
                req.refused.clear()   # looked again: memory's new answer counts
                self._settle(out, call, text)
                # Then ask memory again for what the plan needs: what was just seen may be
                # only in the scene graph (a full short-term memory need not admit it).
                req.notes.pop("looked_up", None)
            elif call.skill == "open" and result.success:
                req.notes.pop("looked_up", None)   # what was shut inside is in view now
            elif result.error_code == ErrorCode.NOT_FOUND and call.skill != "explore":
                req.refused.add(call)
                self._search_where_seen(req, call)
            exploring = call.skill == "explore" and result.error_code == ErrorCode.NOT_FOUND
            if call.skill == "explore":
                # What the look saw (closed cupboards, free counters) is where a hidden
                # object may be searched for or a held one put down.
                req.scene = _scene(self._memory(out, lambda: self.memory.scene_graph(
                    "json", 0, text), "scene graph"))
            if not result.success and not exploring:  # an empty place is not a failure
                out.replans += 1
                if out.replans > s.max_replans:
                    raise _Stop(_code(result.error_code),
                                f"{call} failed and {s.max_replans} re-plan(s) are used up: "
                                f"{result.message[:300]}", FAILED)
            elif call.skill != "explore" and plan and not other_class \
                    and not _opened_to_pick(call, result, plan):
                continue
            rounds += 1
            if rounds > limit + s.max_replans + 2:
                raise _Stop(ErrorCode.PRECONDITION_FAILED, "the planner keeps re-planning "
                            "without finishing", STEP_LIMIT)
            fresh = self._refresh(out, req, text, episode)
            plan = self._plan(out, req)

    def _start_holding(self, out: InstructionResult, req: PlanRequest) -> None:
        """Start from what the gripper holds (the last skill result said so). Memory's
        unit is preferred; when memory no longer has it (cleared), the unit the loop saw
        when it was picked stands in: the robot knows what is in its own hand."""
        self.unknown_held = ""
        if not self.held:
            return
        unit = req.vocab.objects.get(self.held)
        fetch = getattr(self.memory, "units", None)
        if unit is None and fetch is not None:
            found = self._memory(out, functools.partial(fetch, (self.held,)), "get_units")
            req.vocab.add_units(found)
            unit = req.vocab.objects.get(self.held)
        if unit is None and self.held_unit is not None:
            req.vocab.add_units((self.held_unit,))
            unit = self.held_unit
            self.unknown_held = self.held
        if unit is not None:
            req.held = self.held

    def _stand_in_effect(self, call: SkillCall, result: SkillResult,
                         vocab: Vocabulary) -> tuple[UnitView, ...]:
        """What a successful skill did to the held object memory does not know: put down
        in/on the receptacle, or the state the skill leaves."""
        unit = vocab.objects.get(self.unknown_held)
        if unit is None or not result.success:
            return ()
        if call.skill == "put" and len(call.args) >= 2 and call.args[0] == unit.object_id:
            rec = vocab.objects.get(call.args[1])
            return (replace(unit, receptacle_id=call.args[1],
                            relation=call.args[2] if len(call.args) > 2 else "",
                            position=rec.position if rec is not None else unit.position),)
        spec = self.table.skills.get(call.skill)
        after = spec.state_after if spec is not None else None
        if after is not None and after[0] < len(call.args) \
                and call.args[after[0]] == unit.object_id:
            return (replace(unit, state=after[1]),)
        return ()

    def _refresh(self, out: InstructionResult, req: PlanRequest, text: str,
                 episode: str) -> str:
        """Before a re-plan: what memory knows now (what exploring found, what a failure
        changed), per step with the brief state, or the whole instruction in dump mode."""
        s = self.settings
        if not s.recall.per_step and s.recall.dump_budget:
            return ""   # the dump was made once, at the start
        last = req.history[-1].call if req.history else None
        brief = (self._brief(f"re-plan after {last}: {text}", req)
                 if s.recall.per_step else None)
        budget = s.recall.step_budget if brief else s.recall.instruction_budget
        answer = self._memory(out, lambda: self.memory.recall(
            text, s.recall.k, budget, episode, brief, s.recall.per_subtask), "recall")
        req.vocab.add_units(answer.units)
        if answer.context:
            req.memory_context = answer.context
        _listed(req, answer.known_bad_actions if brief else ())
        return _note(answer.units, answer.warnings)

    @staticmethod
    def _search_where_seen(req: PlanRequest, call: SkillCall) -> None:
        """An object memory holds was not where memory put it (a position fused from a
        far sighting, or moved by an outcome onto a receptacle's centre): the room memory
        saw it in is still the best bet, so it is explored first, not the one the robot
        happens to stand in. Only navigate: the world refuses it before moving, so that
        room was not looked at yet."""
        if call.skill != "navigate" or not call.args:
            return
        unit = req.vocab.objects.get(call.args[0])
        if unit is None or unit.area_id not in req.ranked_places:
            return
        req.ranked_places[:] = [unit.area_id,
                                *(p for p in req.ranked_places if p != unit.area_id)]

    def _perceived(self, out: InstructionResult) -> None:
        """Decide on the view at the pose the skill left the robot in: wait until memory
        has applied a frame taken after the skill ended (perception lags the world by a
        frame or more, and under load by seconds). After record_outcome, so what the
        camera sees then (the mug where it was really put) has the last word."""
        wait = getattr(self.memory, "wait_perceived", None)
        if wait is None or self.settings.perception_wait_s <= 0:
            return
        start = time.perf_counter()
        got = wait(self.settings.perception_wait_s)
        out.memory_time += time.perf_counter() - start
        if got is False:
            out.perception_timeouts += 1

    def _settle(self, out: InstructionResult, call: SkillCall, text: str) -> None:
        """After an explore that saw its target: perception turns the camera's frames into
        memory a moment after the skill ends; wait (at most `explore_settle_s`, polling
        the scene graph, which counts no cache query) until memory holds that type."""
        wait = self.settings.explore_settle_s
        if wait <= 0 or len(call.args) < 2:
            return
        key = type_key(call.args[1])
        deadline = time.monotonic() + wait
        while True:
            graph = self._memory(out, lambda: self.memory.scene_graph("json", 0, key),
                                 "scene graph")
            if any(type_key(u.label) == key for u in units_from_graph_json(graph)):
                return
            if time.monotonic() >= deadline:
                return
            time.sleep(SETTLE_POLL_S)

    # -- helpers ----------------------------------------------------------------------------
    @staticmethod
    def _brief(subgoal: str, req: PlanRequest) -> BriefState:
        last = req.history[-1] if req.history else None
        visited = [h.call.args[0] for h in req.history
                   if h.call.skill in ("navigate", "explore") and h.success]
        return BriefState(
            subgoal=subgoal[:500],
            held_object=req.held, robot_area=req.robot_area[:128],
            last_skill=last.call.skill if last else "",
            last_args=last.call.args if last else (),
            last_succeeded=bool(last and last.success),
            last_message=(last.message[:2000] if last else ""),
            recent_areas=tuple(dict.fromkeys(visited))[-20:])

    def _targets(self, call: SkillCall, vocab: Vocabulary) -> list[Target]:
        spec = self.table[call.skill]
        targets = []
        for a, value in zip(spec.args, call.args, strict=False):
            if a.kind not in ("object", "place"):
                continue
            unit = vocab.objects.get(value)
            if unit is not None:
                known = unit.state != "absent"
                targets.append(Target(value, unit.label, unit.position, known))
                continue
            area = vocab.places.get(value)
            if area is not None:
                targets.append(Target(value, "", area.position or (0.0, 0.0, 0.0),
                                      area.position is not None))
        return targets

    def _confirm(self, call: SkillCall, cancel: CancelToken) -> None:
        if call.skill not in self.settings.confirm_skills:
            return
        assert self.confirmer is not None
        try:
            ok = self.confirmer.confirm(call, cancel)
        except MemoryRequestError as exc:
            raise _Stop(exc.code, f"confirmation of {call}: {exc.message}") from None
        if cancel.cancelled:
            raise _Stop(ErrorCode.CANCELED, f"cancelled while waiting to confirm {call}",
                        CANCELLED)
        if not ok:
            raise _Stop(ErrorCode.PRECONDITION_FAILED, f"{call} was not confirmed")


def place_rooms(areas: Sequence[AreaView], named: Sequence[AreaView]) -> dict[str, str]:
    """Room of each place: a named place is its own room; a memory area belongs to the
    named place whose centre is nearest (the map gives centres only); without named places
    each area stands for itself."""
    rooms = {a.area_id: a.area_id for a in named}
    centres = [(a.area_id, a.position) for a in named if a.position is not None]
    for a in areas:
        if a.area_id in rooms:
            continue
        if a.position is None or not centres:
            rooms[a.area_id] = a.area_id
            continue
        pos = a.position
        rooms[a.area_id] = min(centres, key=lambda c: (c[1][0] - pos[0]) ** 2
                               + (c[1][1] - pos[1]) ** 2)[0]
    return rooms


def _opened_to_pick(call: SkillCall, result: SkillResult, plan: Sequence[SkillCall]) -> bool:
    """An open made so the next call can pick what it shut in: the camera now sees inside,
    and what it shows may meet the goal already (the object in the kind of receptacle
    the goal names), so the rest of the plan, made before the look, is made again from
    memory's answer. Else the plan takes the object out and puts it elsewhere: tune3 tidy
    3825 s0001 (round 85), "put the salt shaker in the drawer", the pick refused as shut
    in a drawer, the drawer opened, the shaker seen in it, then picked and put in another
    drawer, which the house's tidy undid before the next task."""
    return call.skill == "open" and result.success and bool(plan) and plan[0].skill == "pick"


def _scene(graph_json: str) -> dict[str, UnitView]:
    return {u.object_id: u for u in units_from_graph_json(graph_json)}


def _listed(req: PlanRequest, lines: Sequence[str]) -> None:
    """Experience's known-bad lines as the request's calls, with the receptacles each
    listing holds until they are opened and the code each last failed with."""
    req.known_bad = known_bad_calls(lines)
    req.known_bad_until = known_bad_until(lines)
    req.known_bad_codes = known_bad_codes(lines)
    keep_listed_not_found(req)


def _relisted(req: PlanRequest, call: SkillCall) -> bool:
    """`call` is a navigate this instruction's recalls listed as refused NOT_FOUND at the
    spot memory still has its object at (`listed_not_found_here`), which the latest recall
    left out: listed again for the next plan, so the planner dodges it as any listed call.
    Run, it is the same failed transition in the same state."""
    if call in req.known_bad or not listed_not_found_here(req, call):
        return False
    req.known_bad = req.known_bad | {call}
    req.known_bad_codes = {**req.known_bad_codes, call: ErrorCode.NOT_FOUND.name}
    return True


def _note(units: Sequence, warnings: Sequence[str]) -> str:
    parts = []
    if units:
        parts.append("memory: " + ", ".join(f"{u.label} {u.object_id}"
                                            + (f" in {u.area_id}" if u.area_id else "")
                                            for u in list(units)[:6]))
    else:
        parts.append("memory: nothing relevant")
    if warnings:
        parts.append("warnings: " + "; ".join(warnings[:3]))
    return " | ".join(parts)[:MAX_NOTE_CHARS]


def _code(value: int) -> ErrorCode:
    """A failed skill's code; NONE or a value outside the enum counts as INTERNAL."""
    try:
        code = ErrorCode(int(value))
    except ValueError:
        return ErrorCode.INTERNAL
    return code if code != ErrorCode.NONE else ErrorCode.INTERNAL


def _no_feedback(*_: object) -> None:
    return None
