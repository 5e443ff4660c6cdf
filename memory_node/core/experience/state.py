"""Deterministic state summaries and action keys for the trajectory graph.

A state is what decides whether an action can work: where the robot is, what it holds,
and the states of the objects the action names (BrainMem's trajectory graph, with the
state reduced to what is relevant for the action). The same world gives the same key in
every process: keys are plain sorted strings, no hashing.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence

NOTHING = "-"
# A pick's state names the receptacle its object stands in as "in:<id>", valued by whether
# the robot opened it in this episode: memory's open/closed reading of it may be from
# before the house was tidied (opened by the robot yesterday, shut since), so the reading
# cannot tell a pick that will be refused from one after the open that repaired it.
CONTAINER = "in:"
OPENED_HERE = "opened"
AS_FOUND = "as_found"
# An object's entry whose condition the action does not read (a pick's object: heated or
# dirty, it is picked the same): it matches the object in memory in any condition.
ANY_CONDITION = "any"


def robot_key(area: str, held: str) -> str:
    """The robot's part of a state: area and held object id."""
    return f"area={area or NOTHING};held={held or NOTHING}"


def object_states_of(args: Sequence[str], states: Mapping[str, str]) -> dict[str, str]:
    """States of the objects an action names (non-objects, e.g. area names, are skipped)."""
    return {a: (states[a] or "none") for a in dict.fromkeys(args) if a in states}


def state_key(area: str, held: str, object_states: Mapping[str, str]) -> str:
    objects = ";".join(f"{k}={v}" for k, v in sorted(object_states.items()))
    return robot_key(area, held) + (f";{objects}" if objects else "")


def action_key(skill: str, args: Sequence[str]) -> str:
    return f"{skill}({', '.join(args)})"


def belief_key(position: Sequence[float]) -> tuple[float, float]:
    """Where memory believes an object is, as a transition keeps it: the floor plane on a
    0.1 m grid. Recording and lookup both compare these, never a raw position with a
    rounded one: a lookup that measured memory's raw position (0.51 m) against a key the
    record had matched at 0.45 m did not list the transition its failures were counted
    on (tune2 tidy, stream seed 3004: a ghost mug's navigate refused four times, round 30)."""
    x, y = (float(f"{v:.1f}") for v in position[:2])
    return x, y


def with_belief(state: str, position: Sequence[float]) -> str:
    """An object's state plus where memory believed it was (`belief_key`): the part of the
    state a call that goes to the object depends on."""
    x, y = belief_key(position)
    return f"{state}@{x:.1f},{y:.1f}"


def split_belief(value: str) -> tuple[str, tuple[float, float] | None]:
    """("none", (1.2, 3.4)) from "none@1.2,3.4"; (value, None) without a belief."""
    state, sep, where = value.rpartition("@")
    if not sep:
        return value, None
    try:
        x, y = (float(v) for v in where.split(","))
    except ValueError:
        return value, None
    return state, (x, y)


def belief_matches(belief: Sequence[float], position: Sequence[float] | None,
                   radius: float) -> float | None:
    """Floor distance between a transition's belief and a believed position, both on the
    key's grid (`belief_key`), or None when further than radius."""
    if position is None:
        return None
    d = math.dist(belief_key(belief), belief_key(position))
    return d if d <= radius else None
