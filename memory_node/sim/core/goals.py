"""Goal checker for ALFRED/KARMA-style predicates, evaluated on the world's state.

`ON(x, y)`, `INSIDE(x, y)`, `STATE(x, s)`, `TOGGLEON(x)`, `TOGGLEOFF(x)`, `OPEN(x)`,
`CLOSED(x)`, `HOLDING(x)`. An argument is an object type (`AppleSliced` means a sliced
apple) or an exact world object id. ON and INSIDE look at the object's own receptacle
(direct, as ALFRED does), ON for receptacles things stand on, INSIDE for those things go
in. Names are case-insensitive; SWITCHON/SWITCHOFF and IN are accepted aliases. Only the
benchmark reads this: it is ground truth.

`check` judges each condition alone: a type stands for any instance of it. A task is
judged with a `Binding` (one per task, made as the task starts with `since` the world's
`acted_count` then; conditions in the task's order, each subtask's right after it ends),
because "put the apple in the drawer, then close it" means the
drawer the apple went into, not any drawer of the house:

- The first condition expected to hold that is met binds each type it names to the
  instance that met it; later conditions naming the type alone are judged on that
  instance only (`CLOSED(Drawer)` after `INSIDE(Apple, Drawer)` is false until the apple's
  drawer is closed, whatever other drawers are).
- Several instances meet it: the one the robot acted on last in this task binds, from the
  world's own record of what its arm skills acted on (`World.acted`: the objects a
  successful skill named, and the receptacle a picked object was taken from), never from
  the planner's claims. Only the acts recorded since the Binding's `since` count: an
  earlier task's act binds nothing. When the task acted on none of them, all of them stay
  candidates and the next met condition naming the type narrows them (a type is never
  bound to an arbitrary one).
- Explicit instance ids are judged as written and bind nothing; a condition that must not
  hold (`: 0`) or is not met binds nothing; a negative condition is judged on the type's
  candidates.
- Goals that conflict across subtasks (`OPEN(Fridge)` then `CLOSED(Fridge)`) are each
  checked when their subtask ends, on the same bound fridge.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass, field

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


def _type_key(world: World, arg: str) -> str | None:
    """The type an argument names (None for an explicit instance id, judged as written)."""
    if arg in world.objects:
        return None
    return canonical_type(arg[:-6] if arg.lower().endswith("sliced") else arg)


def _witnesses(world: World, cond: Condition, bound: dict[str, frozenset[str]]
               ) -> list[tuple[str, ...]]:
    """The instances (one per object argument) that make `cond` hold now, each type
    argument limited to its bound candidates."""
    def objects(arg: str) -> list[WorldObject]:
        found = _matches(world, arg)
        key = _type_key(world, arg)
        if key is not None and key in bound:
            found = [o for o in found if o.id in bound[key]]
        return found

    xs = objects(cond.args[0])
    p = cond.predicate
    if p in ("ON", "INSIDE"):
        ys = {o.id for o in objects(cond.args[1])}
        rel = "on" if p == "ON" else "in"
        return [(x.id, x.parent) for x in xs
                if x.parent is not None and x.parent in ys and x.relation == rel]
    if p == "STATE":
        s = STATES[cond.args[1].lower()]
        return [(x.id,) for x in xs if _has_state(x, s)]
    if p in ("TOGGLEON", "TOGGLEOFF", "OPEN", "CLOSED"):
        attr, want = {"TOGGLEON": ("is_on", True), "TOGGLEOFF": ("is_on", False),
                      "OPEN": ("is_open", True), "CLOSED": ("is_open", False)}[p]
        return [(x.id,) for x in xs if getattr(x, attr) is want]
    if p == "HOLDING":
        held = world.robot.held
        return [(held,)] if held is not None and held in {x.id for x in xs} else []
    raise ValueError(f"unknown predicate {p}")


def holds(world: World, cond: Condition) -> bool:
    """Does `cond` hold on any instance of the types it names?"""
    return bool(_witnesses(world, cond, {}))


@dataclass
class Binding:
    """One task's binding of types to instances (the rule is in the module docstring)."""

    bound: dict[str, frozenset[str]] = field(default_factory=dict)
    # `World.acted_count` when the task started: only acts recorded after it bind (0: every
    # act the world's record keeps).
    since: int = 0

    def check(self, world: World, condition: str | Condition, expected: bool = True) -> bool:
        """Does `condition` hold now on the instances bound so far? A met condition that
        is expected to hold then binds the types it names. (Parse errors: ValueError.)"""
        cond = condition if isinstance(condition, Condition) else parse_condition(condition)
        found = _witnesses(world, cond, self.bound)
        if found and expected:
            self._bind(world, cond, found)
        return bool(found)

    def _bind(self, world: World, cond: Condition, found: list[tuple[str, ...]]) -> None:
        mine = min(len(world.acted), max(0, world.acted_count - self.since))
        last = {object_id: i for i, object_id in enumerate(world.acted[len(world.acted) - mine:])}

        def recency(w: tuple[str, ...]) -> int:
            return max(last.get(object_id, -1) for object_id in w)

        newest = max(recency(w) for w in found)
        if newest >= 0:   # the robot acted on one of them: that one, not a bystander
            found = [w for w in found if recency(w) == newest]
        keys = [_type_key(world, a) for a in cond.args[:len(found[0])]]
        if len({k for k in keys if k is not None}) < sum(k is not None for k in keys):
            return   # one type in two roles (ON(Plate, Plate)): no single instance to bind
        for k, key in enumerate(keys):
            if key is not None:
                self.bound[key] = frozenset(w[k] for w in found)


def check(world: World, conditions: Iterable[str | Condition]) -> list[bool]:
    """Per condition: does it hold now? (Parse errors raise ValueError.)"""
    conds = [c if isinstance(c, Condition) else parse_condition(c) for c in conditions]
    return [holds(world, c) for c in conds]
