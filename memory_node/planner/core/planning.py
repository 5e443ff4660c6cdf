"""What a planner is given and what it returns, shared by the LLM and offline planners."""

from __future__ import annotations

import math
import re
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Protocol

from memory_node.core.errors import ErrorCode
from memory_node.core.skills import SkillSpec, SkillTable

from .prompt import StepLine
from .types import SkillCall, UnitView
from .vocabulary import Vocabulary

# An object not found where memory put it and since seen this far away (floor, m) is a
# new sighting (experience's belief radius for a NOT_FOUND: ExperienceSettings).
MOVED_RADIUS = 0.5

@dataclass
class PlanRequest:
    instruction: str
    memory_context: str
    vocab: Vocabulary
    ranked_places: list[str]            # exploration order: the memory's ranking first
    held: str = ""
    robot_area: str = ""
    history: list[StepLine] = field(default_factory=list)
    max_plan_steps: int = 12
    goal_conditions: tuple[str, ...] = ()   # privileged: only the offline planner reads it
    # The planner's own per-instruction notes (bindings, explored places); owned by the loop.
    notes: dict = field(default_factory=dict)
    # Calls that just failed with NOT_FOUND: the object is not at its remembered place, so
    # repeating them is refused until an explore has looked again.
    refused: set[SkillCall] = field(default_factory=set)
    # Where the robot stands (its last skill result), for ordering searches by distance.
    robot_position: tuple[float, float, float] | None = None
    # The room (named place) each place of `ranked_places` lies in: exploring a room looks
    # at all its areas, so a room needs exploring once per sought type.
    place_rooms: dict[str, str] = field(default_factory=dict)
    # Every object the scene graph lists (not sent to a model): where a hidden object may
    # be searched for and where a held object may be put down. A planner that uses one
    # adds it to `vocab` first, so validation still sees only memory's ids.
    scene: dict[str, UnitView] = field(default_factory=dict)
    # Experience memory (planner/core/experience.py): calls that failed in the robot's
    # current state (from the latest recall with the brief state), and the best
    # procedure line for the instruction's task type (from the instruction's recall).
    known_bad: frozenset[SkillCall] = frozenset()
    # Of those, the ones whose listing names receptacles it failed with unopened: it
    # holds until they are opened (experience.known_bad_until).
    known_bad_until: dict[SkillCall, frozenset[str]] = field(default_factory=dict)
    # The error code each listing says its call last failed with ("PRECONDITION_FAILED"),
    # where the line names one (experience.known_bad_codes).
    known_bad_codes: dict[SkillCall, str] = field(default_factory=dict)
    procedure: str = ""
    # Experience's facts from the instruction's recall; the offline planner reads the
    # usual places in them ("Bread is usually in Fridge_3 (Fridge)") to order a search.
    facts: tuple[str, ...] = ()

    def known_units(self) -> dict[str, UnitView]:
        """Every unit the plan may name: the scene graph's, memory's recalled view of the
        same id winning (it carries the recall's state and place)."""
        return {**self.scene, **self.vocab.objects}

    def known_unit(self, object_id: str) -> UnitView | None:
        """One unit of :meth:`known_units`, without building the whole map."""
        unit = self.vocab.objects.get(object_id)
        return unit if unit is not None else self.scene.get(object_id)


class ReadTimesWanted(Exception):  # noqa: N818 - a request to the loop, not an error
    """A planner's request before it decides: when memory last read these units' states
    (UnitView.state_read). The loop asks memory (get_units), notes the answers in
    notes["state_read"] (object id -> seconds on the sensors' clock, None = not said) and
    plans again; an id is asked once per instruction."""

    def __init__(self, object_ids: Sequence[str]) -> None:
        super().__init__(f"read times wanted for {len(object_ids)} unit(s)")
        self.object_ids = tuple(object_ids)


@dataclass
class PlanResult:
    calls: list[SkillCall]
    llm_calls: int = 0
    prompt_tokens: int = 0
    completion_tokens: int = 0
    llm_time: float = 0.0
    rejections: list[str] = field(default_factory=list)


def not_found_target(call: SkillCall, held: str) -> str:
    """The argument a call refused as NOT_FOUND did not find: its first one the hand does
    not hold. A put's object is in the gripper, so its refusal is about the receptacle;
    read as the held object, the plan put the potato down in the sink and fetched the
    other one (tune2 tidy, stream seed 1200, s0007: "'object_61': where it is is
    unknown", the plate)."""
    return next((a for a in call.args if a != held), call.args[0] if call.args else "")


def keep_listed_not_found(req: PlanRequest) -> None:
    """Where memory had each object when experience first listed its navigate as refused
    NOT_FOUND this instruction (notes["listed_not_found"]; from `req.known_bad`, the
    latest recall's listing): a later recall may leave the line out (at most
    `max_known_bad` lines, another refusal's first; the graph's state reads otherwise once
    a frame brought the object back), while the spot the world found nothing of the type
    at stays empty (tune tidy, stream seed 3617, s0025 and s0028, round 75: the ghost
    apple in the bowl, listed at the instruction's start and not after another apple's
    refusal; the look at it was refused again in the same state)."""
    kept = req.notes.setdefault("listed_not_found", {})
    for call in req.known_bad:
        if call.skill != "navigate" or not call.args or call.args[0] in kept \
                or req.known_bad_codes.get(call) != ErrorCode.NOT_FOUND.name:
            continue
        unit = req.known_unit(call.args[0])
        if unit is not None:
            kept[call.args[0]] = unit.position


def listed_not_found_here(req: PlanRequest, call: SkillCall) -> bool:
    """`call` is a navigate experience listed as refused NOT_FOUND this instruction
    (`keep_listed_not_found`), listed now or earlier, and memory has its object within
    MOVED_RADIUS of where it had it then: the same empty spot, whatever memory saw there
    since (a frame that brings a ghost back names the receptacle again, or none). An
    object memory has elsewhere now was seen anew, and may be there."""
    if call.skill != "navigate" or not call.args:
        return False
    spot = req.notes.get("listed_not_found", {}).get(call.args[0])
    unit = req.known_unit(call.args[0])
    return spot is not None and unit is not None \
        and math.dist(unit.position[:2], spot[:2]) <= MOVED_RADIUS


def give_up_types(history: Sequence[StepLine], table: SkillTable,
                  searched_out: Sequence[str] = ()) -> tuple[str, ...]:
    """The object types a planner may say it gave up on (the LLM's `not_found`): what this
    instruction's searches sought and did not find (a call with a type argument refused
    NOT_FOUND, `explore(kitchen, Tomato)`), first searched first, then the types
    experience's facts say earlier tasks searched out (`searched_out`; the offline planner
    ends on them without a call too). When the last step is such a search, only its type:
    experience counts a give-up as the absence of what the last search sought
    (`ExperienceMemory._searched_out`), so a give-up naming another would teach the wrong
    type."""
    sought: list[str] = []
    for h in history:
        spec = table.skills.get(h.call.skill)
        if h.success or h.error_code != ErrorCode.NOT_FOUND or spec is None:
            continue
        labels = [a for a, p in zip(h.call.args, spec.args, strict=False) if p.kind == "label"]
        if h is history[-1] and labels:
            return tuple(labels)
        sought += [t for t in labels if t not in sought]
    return (*sought, *(t for t in searched_out if t not in sought))


def stands_at(history: Sequence[StepLine], before: str = "",
              table: SkillTable | None = None) -> str:
    """What the base stands at for certain after `history`: the target of its last
    navigate, when it succeeded and every call since did too (the arm's skills leave the
    base where it is; an explore drives it about; a refusal may be the arm out of reach of
    what memory has there, and the next walk is not skipped on that belief); `before` (what
    it stood at when `history` began) when `history` has no navigate, explore or failure;
    "" otherwise.

    With the skill table: one refusal since the walk of an arm skill whose `reachable`
    argument is the walk's target, in the role of a receptacle (a put's, an open's),
    still leaves the base there. The walk put the arm in reach of that receptacle (the
    world's navigate stops where the arm reaches it), so the refusal is of a later
    requirement (a put into a drawer found closed), and the walk again moved 0.0 m before
    the open (46-77 such walks per arm over the 73 decision streams, round 92). Not an
    object's (a pick's): what memory has there may have moved, and the walk goes where
    memory sees it now. A second refusal since the walk is not explained so: the walk is
    made."""
    refused_on: str | None = None   # the receptacle of the one refusal since the walk
    for h in reversed(history):
        if h.call.skill == "explore":
            return ""
        if h.call.skill == "navigate":
            target = h.call.args[0] if h.call.args else ""
            if not h.success or refused_on not in (None, target):
                return ""
            return target
        if not h.success:
            arg = _reachable_arg(h.call, table)
            if arg is None or refused_on is not None:
                return ""
            refused_on = arg
    return "" if refused_on is not None else before


def _reachable_arg(call: SkillCall, table: SkillTable | None) -> str | None:
    """The argument an arm skill's `reachable` requirement names (skills.yaml) when its
    role is a receptacle; None for a base skill, another role, or no table."""
    spec = table.skills.get(call.skill) if table is not None else None
    if spec is None or spec.server != "arm":
        return None
    arg = _reachable_index(spec)
    if arg is None or arg >= len(call.args) or arg >= len(spec.args) \
            or spec.args[arg].role != "receptacle":
        return None
    return call.args[arg]


def _reachable_index(spec: SkillSpec) -> int | None:
    """The argument index the skill's `reachable` requirement names, if any."""
    return next((r.arg for r in spec.requires if r.name == "reachable" and r.arg is not None),
                None)


def reached(history: Sequence[StepLine], table: SkillTable) -> tuple[str, str]:
    """(object, receptacle type) when the last refusal in `history` said the object is shut
    in a closed receptacle of that type (`shut_by`) and only successful arm skills came
    after it: the skill checks the arm's reach to the object's outermost receptacle before
    what shuts the object in (skills.yaml, `reachable`), so the base stands where the arm
    reaches it and the receptacle around it. ("", "") otherwise. The object is the argument
    the skill's `reachable` requirement names (a put's receptacle, a pick's object)."""
    for h in reversed(history):
        if h.call.skill in table.skills and table[h.call.skill].server == "base":
            return "", ""  # the base moved (a walk, an explore's turns)
        if not h.success:
            if not h.shut_by or h.call.skill not in table.skills:
                return "", ""
            arg = _reachable_index(table[h.call.skill])
            if arg is None or arg >= len(h.call.args):
                return "", ""
            return h.call.args[arg], h.shut_by
    return "", ""


def tool_types(table: SkillTable, skill: str) -> list[str]:
    """Object types a skill needs at hand besides its arguments: its fixtures (a sink and a
    faucet to clean) and the tool it must hold (a knife to slice), from the skill table."""
    spec = table[skill]
    types = [t for group in spec.fixtures for t in group]
    types += [t for r in spec.requires if r.name == "holding_type" for t in r.types]
    return list(dict.fromkeys(types))


def skills_named_in(table: SkillTable, text: str) -> list[str]:
    """Skills an instruction talks about: its words that share a stem with a skill's name
    or the state it leaves ("slice the bread", "a sliced apple", "wash" is not matched)."""
    words = {w[:4] for w in re.findall(r"[a-z]+", text.lower()) if len(w) >= 4}
    named = []
    for name, spec in table.skills.items():
        after = spec.state_after
        stems = {name[:4]} | ({after[1][:4]} if after else set())
        if words & stems:
            named.append(name)
    return named


class Planner(Protocol):
    """Raises PlanRejected (no valid plan after the repair), Timeout, Unavailable or
    NotFound (nothing left to try)."""

    name: str

    def plan(self, request: PlanRequest) -> PlanResult: ...

    def wanted_types(self, request: PlanRequest) -> list[str]:
        """Object types to look up in memory before planning (tools, fixtures)."""
        ...
