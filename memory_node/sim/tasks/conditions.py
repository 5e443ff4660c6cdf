"""Goal-condition strings -> `GoalCondition`, with the quirks of hand-written task sets.

Accepted beyond the canonical `PRED(Type, Type): 1`:
- a missing `: 1` (the goal is expected to hold); `: 0` / `: false` (expected not to);
- predicates in any case or with separators, and the aliases of config/task_vocabulary.yaml
  (SWITCHON -> TOGGLEON, IN -> INSIDE, ...);
- one-argument state predicates (SLICED(Apple) -> STATE(Apple, sliced)) and one-argument
  ON/OFF (ON(DeskLamp) -> TOGGLEON(DeskLamp));
- state words (Cool, clean, hot) -> the skill table's state values (cooled, cleaned, heated);
- object names that are not AI2-THOR types (everyday names, plurals, "sliced apple");
- an AI2-THOR object id with its position (`Cabinet|+00.68|+00.50|-02.20`) -> its type;
- bare coordinates `(x, y, z)` -> the floor plan's receptacle within 0.5 m;
- HOLDING(Agent, x) -> HOLDING(x);
- ON/INSIDE used against the receptacle's kind (INSIDE(Apple, CounterTop) -> ON(...)).
Every rewrite is returned as a note; anything else raises `TaskRejected` with its reason.
"""

from __future__ import annotations

import math
import re
from collections.abc import Collection, Sequence
from dataclasses import dataclass

from memory_node.sim.tasks.floorplans import FloorPlan, Placed, parse_thor_id
from memory_node.sim.tasks.model import (
    MAX_CONDITION_CHARS,
    GoalCondition,
    SkipReason,
    TaskRejected,
)
from memory_node.sim.tasks.vocabulary import Vocabulary, key

COORDINATE_MATCH_M = 0.5
_CONDITION = re.compile(r"^\s*([A-Za-z][A-Za-z0-9_ -]*?)\s*\((.*)\)\s*(?::\s*(\S+)\s*)?$",
                        re.DOTALL)
_NUMBER = re.compile(r"^[+-]?(\d+(\.\d*)?|\.\d+)([eE][+-]?\d+)?$")
_TRUE = ("1", "true", "yes")
_FALSE = ("0", "false", "no")
_AGENTS = ("agent", "robot", "self", "me")
_NEGATION = {"OPEN": "CLOSED", "CLOSED": "OPEN", "TOGGLEON": "TOGGLEOFF",
             "TOGGLEOFF": "TOGGLEON"}
_STATE_AS_PREDICATE = {"on": "TOGGLEON", "off": "TOGGLEOFF", "opened": "OPEN",
                       "closed": "CLOSED"}


@dataclass(frozen=True)
class Parsed:
    condition: GoalCondition
    notes: tuple[str, ...] = ()


def split_top_level(text: str, separators: str = ",;\n") -> list[str]:
    """Split at separators outside brackets: `ON(a, b): 1, OPEN(c)` -> two pieces."""
    pieces, depth, start = [], 0, 0
    for i, ch in enumerate(text):
        if ch in "([{":
            depth += 1
        elif ch in ")]}":
            depth = max(0, depth - 1)
        elif ch in separators and depth == 0:
            pieces.append(text[start:i])
            start = i + 1
    pieces.append(text[start:])
    return [p.strip() for p in pieces if p.strip()]


def _coordinates(arg: str) -> tuple[float, ...] | None:
    body = arg.strip()
    if body[:1] in "([{" and body[-1:] in ")]}":
        body = body[1:-1]
    parts = [p for p in re.split(r"[\s,]+", body) if p]
    if 2 <= len(parts) <= 3 and all(_NUMBER.match(p) for p in parts):
        return tuple(float(p) for p in parts)
    if len(parts) == 1 and _NUMBER.match(parts[0]):
        return (float(parts[0]),)
    return None


def _nearest(coords: tuple[float, ...], plan: FloorPlan | None) -> Placed | None:
    if plan is None or len(coords) not in (2, 3):
        return None

    def distance(p: Placed) -> float:
        x, y, z = p.position
        if len(coords) == 2:                 # (x, z) on the floor plan
            return math.hypot(coords[0] - x, coords[1] - z)
        return math.dist(coords, (x, y, z))

    best = min(plan.receptacles, key=distance, default=None)
    return best if best is not None and distance(best) <= COORDINATE_MATCH_M else None


def _object(arg: str, vocab: Vocabulary, plan: FloorPlan | None, notes: list[str]) -> str:
    raw = arg.strip().strip("'\"").strip()
    if not raw:
        raise TaskRejected(SkipReason.BAD_CONDITION, "an empty argument")
    coords = _coordinates(raw)
    if coords is not None:
        hit = _nearest(coords, plan)
        if hit is None:
            where = "no floor-plan data" if plan is None else \
                f"no receptacle of FloorPlan{plan.number} within " \
                f"{COORDINATE_MATCH_M} m"
            raise TaskRejected(SkipReason.UNRESOLVED_COORDINATES,
                               f"coordinates {raw} name no object ({where})")
        notes.append(f"coordinates {raw} -> {hit.type} ({hit.thor_id})")
        raw = hit.type
    elif "|" in raw:
        placed = parse_thor_id(raw)
        if placed is None:
            raise TaskRejected(SkipReason.UNKNOWN_OBJECT, f"{raw!r} is not Type|x|y|z")
        notes.append(f"object id {raw} -> type {placed.type} (position not checked)")
        raw = placed.type
    present = plan.types if plan is not None else None
    found, how = vocab.resolve_object(raw, present)
    if found is None:
        raise TaskRejected(SkipReason.UNKNOWN_OBJECT,
                           f"{raw!r} is neither an AI2-THOR type nor in the name table "
                           "(config/task_vocabulary.yaml)")
    if found != raw:
        notes.append(f"{raw!r} -> {found} ({how})")
    return found


def _expected(value: str | None, text: str) -> bool:
    if value is None:
        return True
    v = value.lower()
    if v in _TRUE:
        return True
    if v in _FALSE:
        return False
    raise TaskRejected(SkipReason.BAD_CONDITION, f"{text[:60]!r}: value {value!r} is not 1 or 0")


def parse_condition(text: str, vocab: Vocabulary, plan: FloorPlan | None = None,
                    value_expected: bool = False) -> Parsed:
    """One condition string -> Parsed (condition and notes), or TaskRejected.

    `value_expected`: the file's form has `: 1` on every goal (ALFRED-L), so a missing one
    is a quirk worth a note; in our format it is the canonical form."""
    if not isinstance(text, str):
        raise TaskRejected(SkipReason.BAD_CONDITION, f"a condition is a string, got {text!r}")
    if len(text) > MAX_CONDITION_CHARS:
        raise TaskRejected(SkipReason.TOO_LARGE,
                           f"a condition of {len(text)} characters (max {MAX_CONDITION_CHARS})")
    m = _CONDITION.match(text)
    if not m:
        raise TaskRejected(SkipReason.BAD_CONDITION,
                           f"{text[:60]!r} is not PREDICATE(arguments)[: 1|0]")
    word, body, value = m.group(1), m.group(2), m.group(3)
    expected = _expected(value, text)
    notes: list[str] = []
    if value is None and value_expected:
        notes.append(f"{text.strip()}: no value, read as 1")
    args = split_top_level(body, ",")
    k = key(word).upper()
    pred = vocab.predicate(word)
    if len(args) == 1 and k in vocab.one_argument_forms:
        pred = vocab.one_argument_forms[k]
        notes.append(f"{word}(x) with one argument -> {pred}")
    elif pred is None and k in vocab.state_predicates:
        state = vocab.state_predicates[k]
        if len(args) != 1:
            raise TaskRejected(SkipReason.WRONG_ARITY, f"{word} takes one argument, got "
                                                       f"{len(args)} in {text[:60]!r}")
        notes.append(f"{word}(x) -> STATE(x, {state})")
        pred, args = "STATE", [args[0], state]
    elif pred is None:
        refused = k in vocab.predicate_aliases
        raise TaskRejected(SkipReason.UNKNOWN_PREDICATE,
                           f"predicate {word!r} is " + ("ambiguous (not guessed)" if refused
                                                       else "unknown") +
                           f"; known: {', '.join(vocab.arity)}")
    elif pred != word:
        notes.append(f"predicate {word} -> {pred}")
    if pred == "HOLDING" and len(args) == 2 and key(args[0]) in _AGENTS:
        notes.append(f"HOLDING({args[0]}, x) -> HOLDING(x)")
        args = args[1:]
    if len(args) != vocab.arity[pred]:
        raise TaskRejected(SkipReason.WRONG_ARITY, f"{pred} takes {vocab.arity[pred]} "
                                                   f"argument(s), got {len(args)} in "
                                                   f"{text[:60]!r}")
    if pred == "STATE":
        state = vocab.state(args[1])
        if state is None:
            raise TaskRejected(SkipReason.UNKNOWN_STATE,
                               f"state {args[1]!r} in {text[:60]!r}; known: "
                               f"{', '.join(sorted(vocab.states))}")
        obj = _object(args[0], vocab, plan, notes)
        if state in _STATE_AS_PREDICATE:
            pred = _STATE_AS_PREDICATE[state]
            notes.append(f"STATE(x, {state}) -> {pred}(x)")
            resolved: tuple[str, ...] = (obj,)
        else:
            resolved = (obj, state)
    else:
        resolved = tuple(_object(a, vocab, plan, notes) for a in args)
    if pred in ("ON", "INSIDE"):
        right = vocab.relation(resolved[1].removesuffix("Sliced"))
        if right != pred:
            notes.append(f"{pred}(x, {resolved[1]}) -> {right}: a {resolved[1]} holds things "
                         f"{'in' if right == 'INSIDE' else 'on'} it")
            pred = right
    if not expected and pred in _NEGATION:
        notes.append(f"not {pred} -> {_NEGATION[pred]}")
        pred, expected = _NEGATION[pred], True
    return Parsed(GoalCondition(pred, resolved, expected), tuple(notes))


def conflict(a: GoalCondition, b: GoalCondition) -> str | None:
    """Why `a` and `b` cannot both be checked at one moment, or None.

    Only definite contradictions: the same goal wanted and not wanted, open and closed,
    on and off, two things held at once, one object in two places or both held and placed.
    """
    if a.predicate == b.predicate and a.args == b.args:
        return f"{a} and {b}" if a.expected != b.expected else None
    if not (a.expected and b.expected):
        return None
    pair = {a.predicate, b.predicate}
    if pair in ({"OPEN", "CLOSED"}, {"TOGGLEON", "TOGGLEOFF"}) and a.args == b.args:
        return f"{a} and {b}"
    if a.predicate == b.predicate == "HOLDING":
        return f"{a} and {b}: one gripper"
    places = ("ON", "INSIDE")
    if a.args[0] == b.args[0] and a.predicate in places and b.predicate in places:
        return f"{a} and {b}: one object in two places"
    if a.args[0] == b.args[0] and pair in ({"HOLDING", "ON"}, {"HOLDING", "INSIDE"}):
        return f"{a} and {b}: held and put down"
    return None


def first_conflict(conditions: Sequence[GoalCondition], new: GoalCondition) -> str | None:
    for c in conditions:
        why = conflict(c, new)
        if why:
            return why
    return None


def split_at_conflicts(conditions: Sequence[GoalCondition]) -> list[list[GoalCondition]]:
    """Ordered goals -> ordered groups, a new group at each goal that contradicts one of
    the current group: `OPEN(Fridge), INSIDE(Apple, Fridge), CLOSED(Fridge)` is two
    subtasks, checked in order (the first right after it ends, then the second)."""
    groups: list[list[GoalCondition]] = [[]]
    for c in conditions:
        if first_conflict(groups[-1], c):
            groups.append([])
        if c not in groups[-1]:
            groups[-1].append(c)
    return [g for g in groups if g]


def types_of(conditions: Collection[GoalCondition]) -> set[str]:
    """Base object types the goals need (a sliced apple needs an apple)."""
    return {a.removesuffix("Sliced") for c in conditions for a in c.object_args}
