"""Outcome effects: what each executed skill changes in memory.

The planner reports every skill outcome; memory must then say what the world now is
(the apple is in the fridge, the bread is sliced, the mug the robot failed to pick was
not there). `apply_outcome` never mutates its input: it returns the changed units, the
caller persists them. Invalid outcomes (unknown skill, unknown object id, bad arity)
raise ValueError before anything is computed, so a rejected call changes nothing.
"""

from __future__ import annotations

import math
import time
from collections.abc import Mapping
from dataclasses import dataclass, replace
from functools import lru_cache
from typing import Any

from memory_node.core.recall.categories import CategoryTable, type_key
from memory_node.core.recall.describe import HELD_BY_ROBOT
from memory_node.core.skills import SKILLS, check_skill_call, load_skill_table
from memory_node.core.units import ObjectMemoryUnit, check_containment, check_finite_position

REASON_NOT_FOUND = "not_found"  # a pick or navigate failed: the object was not where remembered
ABSENT_CONFIDENCE_FACTOR = 0.5
PLACE_MARGIN_M = 0.1  # an object set down on a top stands this far inside its edge
UNKNOWN_STATE = "none"
# Fixture states that start a fixture working on what is in or on it: a door closed on
# it (a fridge cools what it shuts in; a microwave heats only shut) or the fixture
# switched on (a microwave, a stove burner, a faucet over the basin).
WORKING_STATES = ("closed", "on")
MAX_NESTING = 8  # receptacles within receptacles followed down from a fixture


@dataclass(frozen=True)
class SkillOutcome:
    skill: str
    args: tuple[str, ...]
    success: bool
    reason: str = ""                 # on failure: REASON_NOT_FOUND or free text
    robot_position: tuple[float, float, float] | None = None
    robot_area: str = ""
    stamp: float | None = None       # seconds; default: now
    actor: str = "robot"


def _touch(unit: ObjectMemoryUnit, stamp: float, actor: str, **changes: Any
           ) -> ObjectMemoryUnit:
    return replace(unit, last_seen=stamp, last_touched_by=actor, **changes)


def opened_by_success(skill: str, args: tuple[str, ...],
                      units: Mapping[str, ObjectMemoryUnit], stamp: float, actor: str
                      ) -> list[ObjectMemoryUnit]:
    """The objects a succeeded skill's contract requires open (`open: i` in the skill
    table: a put's receptacle) that memory has closed: they were open, whatever the
    camera read. Left closed, a cabinet the detector misread shut twice before the put
    kept the plunger "in a closed cabinet", and "close it" had nothing to do with the
    cabinet open (plan 425, blind arm, s0002, once a skipped walk shifted the frames)."""
    return [_touch(units[args[r.arg]], stamp, actor, state="opened")
            for r in SKILLS[skill].requires
            if r.name == "open" and r.arg is not None and r.arg < len(args)
            and args[r.arg] in units and units[args[r.arg]].state == "closed"]


def held_units(units: Mapping[str, ObjectMemoryUnit]) -> list[ObjectMemoryUnit]:
    return [u for u in units.values() if u.receptacle_id == HELD_BY_ROBOT]


def carried(units: Mapping[str, ObjectMemoryUnit], moved: ObjectMemoryUnit
            ) -> list[ObjectMemoryUnit]:
    """What memory has in `moved` (nested too), moved along to where it went: a card in
    a box the robot carried is where the box is. Left at the box's old spot, shut in a
    closed box, each such card was a false unit a plan later walked to (plan 213,
    rounds 22-23: four of them used up the re-plans)."""
    return [replace(u, position=moved.position, area_id=moved.area_id)
            for u in _inside(units, moved.object_id)
            if (u.position, u.area_id) != (moved.position, moved.area_id)]


def follow_robot(units: Mapping[str, ObjectMemoryUnit], position: tuple[float, float, float],
                 area: str = "", stamp: float | None = None) -> list[ObjectMemoryUnit]:
    """Held objects move with the robot: call on every robot pose worth remembering."""
    position = check_finite_position(position, "robot_position")
    stamp = time.time() if stamp is None else stamp
    moved = [replace(u, position=position, area_id=area or u.area_id, last_seen=stamp)
             for u in held_units(units)]
    return moved + [c for u in moved for c in carried(units, u)]   # the card in the box


def placement_on(receptacle: tuple[float, float, float],
                 extent: tuple[float, float, float],
                 robot: tuple[float, float, float], yaw: float = 0.0
                 ) -> tuple[float, float, float]:
    """Where an object put ON a receptacle stands: the arm sets it down in front of the
    robot, so on the receptacle's top at the point of its footprint nearest the robot
    (less a margin from the edge), not at the centre: on a 1.6 m counter those are up to
    0.7 m apart.

    `extent` is the box's size along its own axes and `yaw` the box's turn about the
    vertical (the scene graph keeps both: perception's boxes are upright and oriented).
    The footprint is clamped in the box's own frame: taken as axis-aligned, a counter
    standing along y was clamped along x to its length and along y to its depth, and the
    estimate fell up to 0.7 m from the spot (round 18: 0.71 m median over the puts on
    turned receptacles of the tuning floor plans, 0.08 m on the others)."""
    cx, cy, cz = receptacle
    c, s = math.cos(yaw), math.sin(yaw)
    dx, dy = robot[0] - cx, robot[1] - cy
    lx, ly = c * dx + s * dy, -s * dx + c * dy          # the robot in the box's frame
    hx = max(extent[0] / 2 - PLACE_MARGIN_M, 0.0)
    hy = max(extent[1] / 2 - PLACE_MARGIN_M, 0.0)
    lx, ly = min(max(lx, -hx), hx), min(max(ly, -hy), hy)
    return (cx + c * lx - s * ly, cy + s * lx + c * ly, cz + extent[2] / 2)


@lru_cache(maxsize=1)
def _fixture_clears() -> dict[str, frozenset[str]]:
    """Fixture type key -> the states it may undo in what it holds, from the skill table."""
    return {type_key(t): v for t, v in load_skill_table().fixture_clears().items()}


def unsettled(unit: ObjectMemoryUnit, fixture: ObjectMemoryUnit) -> ObjectMemoryUnit | None:
    """`unit` with its state belief withdrawn ("none") when `fixture` may have undone it
    out of the robot's sight, else None.

    What a fixture does is read from the skill table: the fridge is the fixture of `cool`,
    whose effect clears heated; the microwave and the stove are those of `heat`, which
    clears cooled; the sink basin that of `clean`, which clears dirty. An object shut in
    or left on such a fixture while it works may have lost that state unseen: the world's
    fridge chills a heated cup put in it, and memory, which does not see the cup in there,
    kept reading it heated (round 12: a goal planner took STATE(Cup, heated) as met and
    put a cold cup on the shelf). The belief is withdrawn rather than replaced by the
    fixture's own state: whether the fixture really worked on it (a microwave shut but
    never switched on does nothing) is not in the table, and "not known" makes a planner
    redo the step instead of trusting either reading. Other states (cleaned, sliced,
    filled) stay: no fixture of the table undoes them."""
    clears = _fixture_clears().get(type_key(fixture.label))
    if clears is None or unit.state not in clears:
        return None
    return replace(unit, state=UNKNOWN_STATE)


def _inside(units: Mapping[str, ObjectMemoryUnit], fixture_id: str) -> list[ObjectMemoryUnit]:
    """Units memory has in or on `fixture_id`, directly or within what is in it."""
    out = []
    for u in units.values():
        rec, depth = u.receptacle_id, 0
        while rec and rec != HELD_BY_ROBOT and rec != fixture_id and depth < MAX_NESTING:
            parent = units.get(rec)
            rec, depth = (parent.receptacle_id if parent is not None else ""), depth + 1
        if rec == fixture_id and u.object_id != fixture_id:
            out.append(u)
    return out


def unsettled_contents(units: Mapping[str, ObjectMemoryUnit], fixture: ObjectMemoryUnit
                       ) -> list[ObjectMemoryUnit]:
    """What memory has in or on `fixture` with its state belief withdrawn (`unsettled`),
    for a fixture that has just started working on it (shut, or switched on)."""
    return [v for v in (unsettled(u, fixture) for u in _inside(units, fixture.object_id))
            if v is not None]


def apply_outcome(units: Mapping[str, ObjectMemoryUnit], outcome: SkillOutcome,
                  table: CategoryTable | None = None,
                  extents: Mapping[str, tuple[float, float, float]] | None = None,
                  yaws: Mapping[str, float] | None = None,
                  ) -> list[ObjectMemoryUnit]:
    """Units changed by `outcome` (new objects; `units` is left untouched).

    `units` maps object id -> unit and must contain every object the skill names.
    `extents` gives the box size memory has for some of them (the scene graph's, along
    the box's own axes) and `yaws` the box's turn (0 when not given): with them and the
    robot's position, an object put on a receptacle is placed where the robot set it down
    (`placement_on`) rather than at the receptacle's centre.
    """
    skill, args = check_skill_call(outcome.skill, outcome.args)
    for i in SKILLS[skill].object_args:
        if args[i] not in units:
            raise ValueError(f"{skill}: unknown object id {args[i]!r}")
    named = [args[i] for i in SKILLS[skill].object_args if i < len(args)]
    if len(set(named)) != len(named):  # "put mug_1 mug_1": an object is not its own place
        raise ValueError(f"{skill}: the objects it names must be different, got {named}")
    if skill == "put" and len(args) == 3 and args[2] not in ("in", "on"):
        raise ValueError(f"put: relation must be 'in' or 'on', got {args[2]!r}")
    robot_position = (check_finite_position(outcome.robot_position, "robot_position")
                      if outcome.robot_position is not None else None)
    stamp = time.time() if outcome.stamp is None else float(outcome.stamp)
    if not math.isfinite(stamp) or stamp < 0:
        raise ValueError(f"stamp {outcome.stamp} is not a valid time")
    actor = outcome.actor or "robot"

    if not outcome.success:
        # A navigate to an object refused NOT_FOUND is the same evidence as such a pick:
        # nothing of the kind near where memory put it. Left as it was, the planner was
        # sent back to the same empty spot after every explore (the belief never changed).
        if outcome.reason == REASON_NOT_FOUND and (
                skill == "pick" or (skill == "navigate" and args[0] in units)):
            u = units[args[0]]
            return [replace(u, state="absent", last_seen=stamp,
                            confidence=u.confidence * ABSENT_CONFIDENCE_FACTOR)]
        return []  # a failed skill leaves the world as it was, as far as we know

    if skill in ("navigate", "explore"):
        if robot_position is None:
            return []
        return follow_robot(units, robot_position, outcome.robot_area, stamp)

    target = units[args[0]]
    if skill == "pick":
        changes: dict[str, object] = {"receptacle_id": HELD_BY_ROBOT, "relation": ""}
        if robot_position is not None:
            changes["position"] = robot_position
        if outcome.robot_area:
            changes["area_id"] = outcome.robot_area
        if target.state == "absent":
            changes["state"] = "none"  # we hold it, so it exists after all
            changes["confidence"] = 1.0
        picked = _touch(target, stamp, actor, **changes)
        return [picked, *carried(units, picked)]

    if skill == "put":
        receptacle = units[args[1]]
        if len(args) == 3:
            relation = args[2]
        else:
            relation = (table or CategoryTable.load()).relation_for(receptacle.label)
        extent = (extents or {}).get(receptacle.object_id)
        position = receptacle.position
        if relation == "on" and extent is not None and robot_position is not None:
            position = placement_on(receptacle.position, extent, robot_position,
                                    (yaws or {}).get(receptacle.object_id, 0.0))
        moved = _touch(target, stamp, actor, position=position,
                       receptacle_id=receptacle.object_id, relation=relation,
                       area_id=receptacle.area_id or target.area_id)
        if moved.state == "absent":
            moved = replace(moved, state="none", confidence=1.0)
        check_containment(moved, units)  # the mug in the box that is in the mug
        if receptacle.state == "on":  # on a burner that is on: it works on it at once
            moved = unsettled(moved, receptacle) or moved
        return [moved, *carried(units, moved), *opened_by_success(skill, args, units, stamp,
                                                                  actor)]

    if skill == "pour":
        # The liquid leaves the source and fills the target.
        source = _touch(target, stamp, actor, state="none")
        filled = _touch(units[args[1]], stamp, actor, state="filled")
        return [source, filled]

    after = SKILLS[skill].state_after
    if after is None:
        return []
    changed = _touch(units[args[after[0]]], stamp, actor, state=after[1])
    if after[1] in WORKING_STATES:  # shut or switched on: it works on its contents
        return [changed, *unsettled_contents(units, changed)]
    return [changed]
