"""Goal checker for ALFRED/KARMA-style predicates, evaluated on the world's state.

`ON(x, y)`, `INSIDE(x, y)`, `STATE(x, s)`, `TOGGLEON(x)`, `TOGGLEOFF(x)`, `OPEN(x)`,
`CLOSED(x)`, `HOLDING(x)`. An argument is an object type (any object of that type will
do; `AppleSliced` means a sliced apple) or an exact world object id. ON and INSIDE look at
the object's own receptacle (direct, as ALFRED does), ON for receptacles things stand on,
INSIDE for those things go in. Names are case-insensitive; SWITCHON/SWITCHOFF and IN are
accepted aliases. Only the benchmark reads this: it is ground truth.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass

from memory_node.sim.core.catalog import canonical_type
from memory_node.sim.core.world import World, WorldObject

ARITY = {"ON": 2, "INSIDE": 2, "STATE": 2, "TOGGLEON": 1, "TOGGLEOFF": 1, "OPEN": 1,
         "CLOSED": 1, "HOLDING": 1}
ALIASES = {"SWITCHON": "TOGGLEON", "SWITCHOFF": "TOGGLEOFF", "IN": "INSIDE",
           "ISON": "TOGGLEON", "ISOFF": "TOGGLEOFF", "OPENED": "OPEN", "CLOSE": "CLOSED"}
STATES = {"sliced": "sliced", "clean": "clean", "cleaned": "clean", "dirty": "dirty",
          "heated": "heated", "hot": "heated", "cooked": "cooked", "cooled": "cooled",
          "cold": "cooled", "filled": "filled", "full": "filled", "empty": "empty",
          "on": "on", "off": "off", "opened": "opened", "open": "opened", "closed": "closed"}
_PRED = re.compile(r"^\s*([A-Za-z_]+)\s*\(([^()]*)\)\s*$")
MAX_CONDITION_CHARS = 200


@dataclass(frozen=True)
class Condition:
    predicate: str
    args: tuple[str, ...]

    def __str__(self) -> str:
        return f"{self.predicate}({', '.join(self.args)})"


def parse_condition(text: str) -> Condition:
    """`ON(Apple, Plate)` -> Condition; ValueError saying what is wrong."""
    if not isinstance(text, str) or len(text) > MAX_CONDITION_CHARS:
        raise ValueError(f"a condition is a string of at most {MAX_CONDITION_CHARS} characters")
    m = _PRED.match(text)
    if not m:
        raise ValueError(f"not a predicate: {text!r} (expected NAME(arg, ...))")
    name = m.group(1).upper()
    name = ALIASES.get(name, name)
    if name not in ARITY:
        raise ValueError(f"unknown predicate {m.group(1)!r}; known: {', '.join(ARITY)}")
    args = tuple(a.strip() for a in m.group(2).split(",") if a.strip())
    if len(args) != ARITY[name]:
        raise ValueError(f"{name} takes {ARITY[name]} argument(s), got {len(args)}")
    if name == "STATE" and args[1].lower() not in STATES:
        raise ValueError(f"unknown state {args[1]!r}; known: {', '.join(sorted(STATES))}")
    return Condition(name, args)


def _matches(world: World, arg: str) -> list[WorldObject]:
    if arg in world.objects:
        return [world.objects[arg]]
    sliced = arg.lower().endswith("sliced")
    t = canonical_type(arg[:-6] if sliced else arg)
    if t is None:
        return []
    return [o for o in world.objects.values() if o.type == t and (o.sliced or not sliced)]


def _has_state(o: WorldObject, state: str) -> bool:
    return {
        "sliced": o.sliced, "clean": not o.dirty, "dirty": o.dirty, "heated": o.heated,
        "cooked": o.cooked, "cooled": o.cooled, "filled": bool(o.filled),
        "empty": not o.filled, "on": o.is_on is True, "off": o.is_on is False,
        "opened": o.is_open is True, "closed": o.is_open is False,
    }[state]


def holds(world: World, cond: Condition) -> bool:
    xs = _matches(world, cond.args[0])
    p = cond.predicate
    if p in ("ON", "INSIDE"):
        ys = {o.id for o in _matches(world, cond.args[1])}
        rel = "on" if p == "ON" else "in"
        return any(x.parent in ys and x.relation == rel for x in xs)
    if p == "STATE":
        s = STATES[cond.args[1].lower()]
        return any(_has_state(x, s) for x in xs)
    if p == "TOGGLEON":
        return any(x.is_on is True for x in xs)
    if p == "TOGGLEOFF":
        return any(x.is_on is False for x in xs)
    if p == "OPEN":
        return any(x.is_open is True for x in xs)
    if p == "CLOSED":
        return any(x.is_open is False for x in xs)
    if p == "HOLDING":
        return world.robot.held is not None and world.robot.held in {x.id for x in xs}
    raise ValueError(f"unknown predicate {p}")


def check(world: World, conditions: Iterable[str | Condition]) -> list[bool]:
    """Per condition: does it hold now? (Parse errors raise ValueError.)"""
    conds = [c if isinstance(c, Condition) else parse_condition(c) for c in conditions]
    return [holds(world, c) for c in conds]
