"""Goal conditions (ALFRED/KARMA style), the offline planner's privileged input:
`INSIDE(Apple, Fridge)`, `ON(x, y)`, `STATE(x, s)`, `TOGGLEON(x)`, `TOGGLEOFF(x)`,
`OPEN(x)`, `CLOSED(x)`, `HOLDING(x)`, with object types, not ids.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from memory_node.core.errors import InvalidArgument
from memory_node.core.recall.categories import type_key

from .types import UnitView

if TYPE_CHECKING:
    from .prompt import StepLine

ARITY = {"INSIDE": 2, "ON": 2, "STATE": 2, "TOGGLEON": 1, "TOGGLEOFF": 1, "OPEN": 1,
         "CLOSED": 1, "HOLDING": 1}
ALIASES = {"SWITCHON": "TOGGLEON", "SWITCHOFF": "TOGGLEOFF", "IN": "INSIDE",
           "OPENED": "OPEN", "CLOSE": "CLOSED", "HOLD": "HOLDING"}
MAX_GOALS = 32
MAX_GOAL_CHARS = 200
_GOAL = re.compile(r"^\s*([A-Za-z_]+)\s*\(\s*([^()]*?)\s*\)\s*(?::\s*1\s*)?$")
_WORD = re.compile(r"^[A-Za-z][A-Za-z0-9_ ]{0,63}$")


@dataclass(frozen=True)
class Goal:
    predicate: str
    args: tuple[str, ...]

    def __str__(self) -> str:
        return f"{self.predicate}({', '.join(self.args)})"


def parse_goal(text: str) -> Goal:
    if not isinstance(text, str) or len(text) > MAX_GOAL_CHARS:
        raise InvalidArgument(f"goal condition must be a string of at most {MAX_GOAL_CHARS} "
                              "characters")
    m = _GOAL.match(text)
    if not m:
        raise InvalidArgument(f"goal condition {text[:60]!r} is not PREDICATE(args)")
    pred = m.group(1).upper()
    pred = ALIASES.get(pred, pred)
    if pred not in ARITY:
        raise InvalidArgument(f"unknown goal predicate {m.group(1)!r}; known: "
                              f"{', '.join(ARITY)}")
    args = tuple(a.strip() for a in m.group(2).split(",")) if m.group(2).strip() else ()
    if len(args) != ARITY[pred]:
        raise InvalidArgument(f"{pred} takes {ARITY[pred]} argument(s), got {len(args)}")
    if not all(_WORD.match(a) for a in args):
        raise InvalidArgument(f"goal condition {text[:60]!r}: arguments must be type words")
    return Goal(pred, args)


def parse_goals(texts: Iterable[str]) -> list[Goal]:
    texts = list(texts)
    if len(texts) > MAX_GOALS:
        raise InvalidArgument(f"{len(texts)} goal conditions (max {MAX_GOALS})")
    return [parse_goal(t) for t in texts]


def placement_receptacles(goals: Iterable[Goal], objects: Mapping[str, UnitView]) -> list[str]:
    """Ids of the receptacles `objects` read the INSIDE/ON goals met with: a unit of the
    goal's object type in or on a unit of the goal's receptacle type, in the units' order."""
    met: list[str] = []
    for g in goals:
        if g.predicate not in ("INSIDE", "ON"):
            continue
        what, where = type_key(g.args[0]), type_key(g.args[1])
        for u in objects.values():
            rec = objects.get(u.receptacle_id)
            if type_key(u.label) == what and rec is not None \
                    and type_key(rec.label) == where and rec.object_id not in met:
                met.append(rec.object_id)
    return met


def opened_for_shut_in(goals: Iterable[Goal], objects: Mapping[str, UnitView],
                       shut_in: Mapping[str, str], history: Sequence[StepLine]) -> list[str]:
    """Ids of the receptacles of an INSIDE/ON goal's receptacle type that `history` opened
    for a unit of the goal's object type after the world refused its pick as shut in
    (`shut_in`: the object's id -> the receptacle the planner chose to open for it), with
    no pick of it since: where the world says that object is. Memory's place for it may
    be older: tune3 tidy, stream seed 3650, s0015, experience arm: the knife memory had in
    drawer object_12 (the robot's put two tasks before, undone by the tidy) was refused
    "inside a closed Drawer" with object_12 open, object_13 was opened for it and the goal
    read met by the old place; "close it" closed object_12 and left object_13 open."""
    pairs = {(type_key(g.args[0]), type_key(g.args[1])) for g in goals
             if g.predicate in ("INSIDE", "ON")}
    opened: list[str] = []
    for obj, shut in shut_in.items():
        unit, rec = objects.get(obj), objects.get(shut)
        if unit is None or rec is None \
                or (type_key(unit.label), type_key(rec.label)) not in pairs:
            continue
        refused = shown = False
        for h in history:
            if h.call.skill == "pick" and h.call.args[:1] == (obj,):
                # A refused pick starts the evidence; a pick that took it ends it.
                refused, shown = not h.success, False
            elif refused and h.success and h.call.skill == "open" \
                    and h.call.args[:1] == (shut,):
                shown = True
        if shown and shut not in opened:
            opened.append(shut)
    return opened
