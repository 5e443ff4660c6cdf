"""What experience memory tells the planner, read back into calls (issue 15).

The memory server sends its experience as lines (Recall.srv's `known_bad_actions` and
`procedure`, also in the context block for an LLM): "do not pick(object_18): failed 2x in
this state (PRECONDITION_FAILED) [bad:3]" and "procedure that worked 3/4 times for this
task: navigate(Fridge) ; open(Fridge) ; pick(Apple) (last used: Fridge=object_3)
[proc:7]", and facts (`facts`) such as "Bread is usually in Fridge_3 (Fridge), 2x
[fact:9]". The offline planner needs
them as calls; this module parses them (the formats are core/experience/memory.py's
`_bad_text` and `_procedure_text`) and refuses anything malformed or oversized instead of
guessing, so a hostile or truncated line is simply not used.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator
from dataclasses import dataclass

from memory_node.core.recall.categories import type_key

from .types import SkillCall

MAX_LINE_CHARS = 4000        # a procedure of 200 steps fits; longer is not ours
MAX_PROCEDURE_STEPS = 200    # ExperienceSettings.max_steps_per_episode's ceiling
MAX_KNOWN_BAD = 64

_CALL = re.compile(r"^([a-z_]{1,32})\((.*)\)$")
_BAD = re.compile(r"^do not (.+?): failed (\d+)x in this state(?: \(([A-Z_?]{1,40})\))?")
# The receptacles a listing's state had not opened: it holds until they are opened.
_UNTIL = re.compile(r"\) until ([A-Za-z0-9_.:\-]{1,128}(?:, [A-Za-z0-9_.:\-]{1,128})*)"
                    r" (?:is|are) opened(?: \[bad:\d+\])?$")
_PROC = re.compile(r"^procedure that worked (\d+)/(\d+) times for this task: (.*?)"
                   r"(?: \(last used: ([^()]*)\))?(?: \[proc:\d+\])?$")
_USUAL = re.compile(r"^([A-Za-z0-9_]{1,128}) is usually (?:in|on) ([A-Za-z0-9_.:\-]{1,128})"
                    r" \([A-Za-z0-9_]{1,128}\)(?:, \d+x)?(?: \[fact:\d+\])?$")
_ABSENT = re.compile(r"^([A-Za-z0-9_]{1,128}) was searched for and not found(?:, \d+x)?"
                     r"(?: \[fact:\d+\])?$")
_PUT_BACK = re.compile(r"^([A-Za-z0-9_.:\-]{1,128}) was put in [A-Za-z0-9_.:\-]{1,128} by the robot"
                       r" in an earlier task, and this house puts things back"
                       r"(?: \(found(?: in ([A-Za-z0-9_.:\-]{1,128}))?"
                       r"(?: at (-?\d{1,6}\.\d{1,3}), (-?\d{1,6}\.\d{1,3}), (-?\d{1,6}\.\d{1,3}))?"
                       r" before\))?$")
_LEFT_BY_ROBOT = re.compile(r"^([A-Za-z0-9_.:\-]{1,128}) was left in ([A-Za-z0-9_.:\-]{1,128})"
                            r" by the robot, and it stays there$")
# A state a skill of the robot's left on an object (core/experience/facts.py `Fact.text`,
# relation "state"): "object_37 (Egg) is in state heated [fact:68]".
_MADE_STATE = re.compile(r"^([A-Za-z0-9_.:\-]{1,128}) \([A-Za-z0-9_]{1,128}\) is in state"
                         r" ([a-z][a-z ]{0,31})(?:, \d+x)?(?: \[fact:\d+\])?$")
# A state of the robot's from an earlier task in a house that undoes its work
# (core/experience/memory.py `_undone`, in its state fact's place): "object_40 (Cup) was
# left heated by the robot in an earlier task, and this house undoes the robot's work
# [fact:17]".
_UNDONE_STATE = re.compile(r"^([A-Za-z0-9_.:\-]{1,128}) \([A-Za-z0-9_]{1,128}\) was left"
                           r" [a-z][a-z ]{0,31} by the robot in an earlier task, and this"
                           r" house undoes the robot's work(?: \[fact:\d+\])?$")
# Receptacles earlier tasks searched for a type in vain (core/experience/memory.py
# `_looked_in_lines`): "Knife was looked for in object_18, object_7 in earlier tasks and not
# found there".
_LOOKED_IN = re.compile(r"^([A-Za-z0-9_]{1,128}) was looked for in"
                        r" ([A-Za-z0-9_.:\-]{1,128}(?:, [A-Za-z0-9_.:\-]{1,128}){0,63})"
                        r" in earlier tasks and not found there$")
# Receptacles earlier tasks opened and moved on from, whatever they sought, that held no
# object of the type (core/experience/memory.py `_peeked_lines`): "Knife was not seen in
# object_18, object_7, opened in earlier tasks".
_PEEKED = re.compile(r"^([A-Za-z0-9_]{1,128}) was not seen in"
                     r" ([A-Za-z0-9_.:\-]{1,128}(?:, [A-Za-z0-9_.:\-]{1,128}){0,63}),"
                     r" opened in earlier tasks$")
# Receptacles the robot left open in earlier tasks, in a house that shuts them
# (core/experience/memory.py `_left_open_line`).
_LEFT_OPEN = re.compile(r"^([A-Za-z0-9_.:\-]{1,128}(?:, [A-Za-z0-9_.:\-]{1,128}){0,63})"
                        r" (?:was|were) left open by the robot in an earlier task, and this"
                        r" house shuts what is left open$")
_USED = re.compile(r"^([A-Za-z0-9_]{1,128})=([A-Za-z0-9_.:\-]{1,128})$")
_ARG = re.compile(r"^[A-Za-z0-9_.:\-]{1,128}$")


def parse_call(text: str) -> SkillCall | None:
    """"pick(object_18)" -> SkillCall("pick", ("object_18",)); None when malformed."""
    m = _CALL.match(text.strip())
    if m is None:
        return None
    args = tuple(a.strip() for a in m.group(2).split(",")) if m.group(2).strip() else ()
    if not all(_ARG.match(a) for a in args):
        return None
    return SkillCall(m.group(1), args)


def known_bad_calls(lines: Iterable[str]) -> frozenset[SkillCall]:
    """The calls the trajectory graph says failed in the current state."""
    out: set[SkillCall] = set()
    for line in list(lines)[:MAX_KNOWN_BAD]:
        if not isinstance(line, str) or len(line) > MAX_LINE_CHARS:
            continue
        m = _BAD.match(line.strip())
        call = parse_call(m.group(1)) if m else None
        if call is not None:
            out.add(call)
    return frozenset(out)


def known_bad_codes(lines: Iterable[str]) -> dict[SkillCall, str]:
    """{call: the error code its listing says it last failed with} ("do not
    pick(Cup_1): failed 1x in this state (PRECONDITION_FAILED)" -> "PRECONDITION_FAILED"):
    a refusal (shut in, not reachable) is repaired otherwise than a NOT_FOUND. A line that
    names no code names nothing."""
    out: dict[SkillCall, str] = {}
    for line in list(lines)[:MAX_KNOWN_BAD]:
        if not isinstance(line, str) or len(line) > MAX_LINE_CHARS:
            continue
        m = _BAD.match(line.strip())
        call = parse_call(m.group(1)) if m else None
        if call is not None and m is not None and m.group(3):
            out.setdefault(call, m.group(3))
    return out


def known_bad_until(lines: Iterable[str]) -> dict[SkillCall, frozenset[str]]:
    """{call: the receptacles its listings say it failed with unopened} ("do not
    pick(Cup_1): failed 2x in this state (PRECONDITION_FAILED) until Cabinet_2 is
    opened"): the listing no longer holds once they are opened in this task. Calls whose
    lines name none are left out; a malformed line names nothing."""
    out: dict[SkillCall, set[str]] = {}
    for line in list(lines)[:MAX_KNOWN_BAD]:
        if not isinstance(line, str) or len(line) > MAX_LINE_CHARS:
            continue
        m = _BAD.match(line.strip())
        call = parse_call(m.group(1)) if m else None
        until = _UNTIL.search(line.strip()) if call is not None else None
        if call is not None and until is not None:
            out.setdefault(call, set()).update(until.group(1).split(", "))
    return {c: frozenset(v) for c, v in out.items()}


@dataclass(frozen=True)
class ProcedureView:
    """A procedure as recall delivered it: steps with object labels (roles already bound
    to the instruction's labels by the server), and how often it worked."""

    steps: tuple[SkillCall, ...]
    successes: int
    uses: int
    # label -> object id the procedure's last success used (a receptacle, a fixture):
    # bound first when memory still knows it.
    instances: tuple[tuple[str, str], ...] = ()

    @property
    def confidence(self) -> float:
        # Laplace-smoothed, as the library ranks it: one success out of one use is 2/3.
        return (self.successes + 1) / (self.uses + 2)


def parse_procedure(line: str) -> ProcedureView | None:
    if not isinstance(line, str) or not line or len(line) > MAX_LINE_CHARS:
        return None
    m = _PROC.match(line.strip())
    if m is None:
        return None
    successes, uses = int(m.group(1)), int(m.group(2))
    if not 0 <= successes <= uses:
        return None
    parts = [p for p in m.group(3).split(" ; ") if p.strip()]
    if not parts or len(parts) > MAX_PROCEDURE_STEPS:
        return None
    steps = [parse_call(p) for p in parts]
    if any(s is None for s in steps):
        return None
    instances = []
    for item in (m.group(4) or "").split(", ") if m.group(4) else ():
        used = _USED.match(item.strip())
        if used is None:
            return None
        instances.append((used.group(1), used.group(2)))
    return ProcedureView(tuple(s for s in steps if s is not None), successes, uses,
                         tuple(instances))


MAX_FACTS = 64


def _matches(lines: Iterable[str], pattern: re.Pattern[str]) -> Iterator[re.Match[str]]:
    """The first `MAX_FACTS` lines' matches of `pattern`; other or malformed lines none."""
    for line in list(lines)[:MAX_FACTS]:
        if not isinstance(line, str) or len(line) > MAX_LINE_CHARS:
            continue
        m = pattern.match(line.strip())
        if m is not None:
            yield m


def usual_places(lines: Iterable[str]) -> dict[str, str]:
    """{type (lower case): object id of the place its objects are usually found in} from
    the usual-place facts among `lines`; other or malformed lines are not used."""
    out: dict[str, str] = {}
    for m in _matches(lines, _USUAL):
        out.setdefault(m.group(1).lower(), m.group(2))
    return out


def put_back(lines: Iterable[str]) -> dict[str, str]:
    """{object: where it was found before the put ("" when not said)} for the objects
    memory has where the robot put them in an earlier task, in a house that puts things
    back ("object_37 was put in object_16 by the robot in an earlier task, and this house
    puts things back (found in object_9 before)"; the spot may follow the home: "found in
    object_9 at -1.90, -1.50, 0.90 before"); other or malformed lines name none."""
    out: dict[str, str] = {}
    for m in _matches(lines, _PUT_BACK):
        out.setdefault(m.group(1), m.group(2) or "")
    return out


def put_back_spots(lines: Iterable[str]) -> dict[str, tuple[float, float, float]]:
    """{object: memory's position of it where it was found before the robot's put, the
    spot a tidy returns it to} for the put-back lines that say one ("... puts things back
    (found in object_9 at -1.90, -1.50, 0.90 before)"); other or malformed lines none."""
    out: dict[str, tuple[float, float, float]] = {}
    for m in _matches(lines, _PUT_BACK):
        if m.group(3) is not None:
            out.setdefault(m.group(1), (float(m.group(3)), float(m.group(4)),
                                        float(m.group(5))))
    return out


def left_by_robot(lines: Iterable[str]) -> dict[str, str]:
    """{object: the receptacle the robot left it in} for the objects memory has where the
    robot itself last left them and where they stay ("object_51 was left in object_27 by
    the robot, and it stays there"); other or malformed lines name none."""
    out: dict[str, str] = {}
    for m in _matches(lines, _LEFT_BY_ROBOT):
        out.setdefault(m.group(1), m.group(2))
    return out


def looked_in(lines: Iterable[str]) -> dict[str, frozenset[str]]:
    """{type key: the receptacles experience says earlier tasks searched for the type in
    and did not find it in} ("Knife was looked for in object_18, object_7 in earlier tasks
    and not found there"), and those earlier tasks opened, whatever they sought, and did
    not see one in ("Knife was not seen in object_3, opened in earlier tasks"); other or
    malformed lines name none."""
    lines = list(lines)
    out: dict[str, frozenset[str]] = {}
    for pattern in (_LOOKED_IN, _PEEKED):
        for m in _matches(lines, pattern):
            key = type_key(m.group(1))
            out[key] = out.get(key, frozenset()) | frozenset(m.group(2).split(", "))
    return out


def made_states(lines: Iterable[str]) -> dict[str, str]:
    """{object: the state the robot's own skill last left on it} from experience's state
    facts ("object_37 (Egg) is in state heated [fact:68]": a successful heat of the
    robot's); other or malformed lines name none."""
    out: dict[str, str] = {}
    for m in _matches(lines, _MADE_STATE):
        out.setdefault(m.group(1), m.group(2))
    return out


def undone_states(lines: Iterable[str]) -> frozenset[str]:
    """The objects whose state memory holds is one the robot made in an earlier task, in a
    house that undoes the robot's work ("object_40 (Cup) was left heated by the robot in
    an earlier task, and this house undoes the robot's work"); other or malformed lines
    name none."""
    return frozenset(m.group(1) for m in _matches(lines, _UNDONE_STATE))


def left_open(lines: Iterable[str]) -> frozenset[str]:
    """The receptacles the robot left open in an earlier task, in a house that shuts what
    is left open ("object_21, object_2 were left open by the robot in an earlier task, and
    this house shuts what is left open"); other or malformed lines name none."""
    out: set[str] = set()
    for m in _matches(lines, _LEFT_OPEN):
        out.update(m.group(1).split(", "))
    return frozenset(out)


def searched_out(lines: Iterable[str]) -> frozenset[str]:
    """The types (lower case) experience says earlier tasks searched for and never found
    ("Tomato was searched for and not found, 2x [fact:9]"); other or malformed lines name
    none."""
    return frozenset(t.lower() for t in searched_out_labels(lines))


def searched_out_labels(lines: Iterable[str]) -> tuple[str, ...]:
    """The same types as the facts spell them, in the facts' order (what an LLM may name
    in its give-up)."""
    out: list[str] = []
    for line in list(lines)[:MAX_FACTS]:
        if not isinstance(line, str) or len(line) > MAX_LINE_CHARS:
            continue
        m = _ABSENT.match(line.strip())
        if m is not None and m.group(1) not in out:
            out.append(m.group(1))
    return tuple(out)
