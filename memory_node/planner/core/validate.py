"""Parse and validate a model's plan. The answer is data: it is read with `json.loads`
(duplicate keys, NaN and oversized input refused) and checked field by field against the
skill table and the ids memory returned. Nothing in it is evaluated, imported or looked up
as an attribute; whatever is not a well-formed call of a whitelisted skill on known ids is
rejected with the reason, which goes back to the model once.

Checks, in order: size, JSON (optionally in one ``` fence), the top-level shape, the number
of steps, each step's skill name (exact, in the table and usable now), its keys (exactly
the skill's argument roles), each value (a string of the right kind: a known object id, a
known place, a plain type word, "in"/"on"), then the table's own `check_call`.
"""

from __future__ import annotations

import json
import re
from collections.abc import Sequence
from typing import Any

from memory_node.core.errors import InvalidArgument
from memory_node.core.skills import RELATIONS, SkillTable

from .schema import NOT_FOUND_FIELD
from .types import SkillCall
from .vocabulary import LABEL_RE, Vocabulary

MAX_ANSWER_CHARS = 16_000
MAX_TOOL_CALLS = 64
_FENCE = re.compile(r"\A```(?:json)?[ \t]*\n(.*)\n```\Z", re.DOTALL)


class PlanRejected(InvalidArgument):
    """The model's answer is not a valid plan; the message says why (sent back once)."""


def _no_duplicates(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    keys = [k for k, _ in pairs]
    if len(set(keys)) != len(keys):
        raise PlanRejected(f"duplicate key in a JSON object: {sorted(keys)}")
    return dict(pairs)


def _no_constants(name: str) -> Any:
    raise PlanRejected(f"{name} is not allowed in a plan")


def load_json(text: object) -> Any:
    """The JSON value of a model answer, or PlanRejected."""
    if not isinstance(text, str):
        raise PlanRejected(f"the answer is {type(text).__name__}, not text")
    if len(text) > MAX_ANSWER_CHARS:
        raise PlanRejected(f"the answer is {len(text)} characters (max {MAX_ANSWER_CHARS})")
    body = text.strip()
    if not body:
        raise PlanRejected("the answer is empty")
    fenced = _FENCE.match(body)
    if fenced:
        body = fenced.group(1).strip()
    try:
        return json.loads(body, object_pairs_hook=_no_duplicates,
                          parse_constant=_no_constants)
    except PlanRejected:
        raise
    except RecursionError:
        raise PlanRejected("the answer nests too deeply") from None
    except (json.JSONDecodeError, ValueError) as exc:
        raise PlanRejected(f"the answer is not one JSON object: {exc}") from None


def _check_value(skill: str, role: str, kind: str, value: object, vocab: Vocabulary) -> str:
    if not isinstance(value, str):
        raise PlanRejected(f"{skill}.{role} must be a string, got {type(value).__name__}")
    if kind == "relation":
        if value not in RELATIONS:
            raise PlanRejected(f"{skill}.{role} must be 'in' or 'on', got {value[:40]!r}")
        return value
    allowed = vocab.allowed(kind)
    if allowed is None:
        if not LABEL_RE.match(value):
            raise PlanRejected(f"{skill}.{role} must be an object type such as Apple, "
                               f"got {value[:40]!r}")
        return value
    if value not in allowed:
        what = "object id" if kind == "object" else "place"
        raise PlanRejected(f"{skill}.{role}: {value[:60]!r} is not a {what} memory returned; "
                           f"use one of the ids listed in the prompt")
    return value


def check_step(raw: object, index: int, table: SkillTable, vocab: Vocabulary,
               usable: Sequence[str]) -> SkillCall:
    """One step object -> SkillCall, or PlanRejected."""
    where = f"step {index + 1}"
    if not isinstance(raw, dict):
        raise PlanRejected(f"{where} is {type(raw).__name__}, expected an object")
    skill = raw.get("skill")
    if not isinstance(skill, str) or skill not in table:
        shown = skill[:40] if isinstance(skill, str) else skill
        raise PlanRejected(f"{where}: unknown skill {shown!r}; skills: {', '.join(table.names)}")
    if skill not in usable:
        raise PlanRejected(f"{where}: {skill} needs an object memory has not returned yet")
    spec = table[skill]
    roles = [a.role for a in spec.args]
    extra = sorted(set(raw) - {"skill", *roles})
    if extra:
        raise PlanRejected(f"{where}: {skill} has no field(s) {', '.join(k[:40] for k in extra)}"
                           f"; its fields: {', '.join(roles)}")
    args: list[str] = []
    for i, a in enumerate(spec.args):
        value = raw.get(a.role)
        if value is None:
            if not a.optional:
                raise PlanRejected(f"{where}: {skill} needs {a.role}")
            # Optional arguments are trailing; one left out ends the list.
            if any(raw.get(b.role) is not None for b in spec.args[i + 1:]):
                raise PlanRejected(f"{where}: {skill}: {a.role} missing before a later field")
            break
        args.append(_check_value(skill, a.role, a.kind, value, vocab))
    try:
        name, clean = table.check_call(skill, args)
    except ValueError as exc:
        raise PlanRejected(f"{where}: {exc}") from None
    return SkillCall(name, clean)


def parse_plan(text: object, table: SkillTable, vocab: Vocabulary,
               max_steps: int) -> list[SkillCall]:
    """The calls of a model's JSON plan `{"steps": [...]}`, or PlanRejected with the reason.
    An empty list means the model says the instruction is done."""
    return parse_answer(text, table, vocab, max_steps)[0]


def parse_answer(text: object, table: SkillTable, vocab: Vocabulary, max_steps: int,
                 give_up: Sequence[str] = ()) -> tuple[list[SkillCall], str]:
    """(calls, "") of a plan `{"steps": [...]}` (`"not_found": null` may come with it), or
    ([], type) of a give-up `{"steps": [], "not_found": "Tomato"}`, where the type must be
    one of `give_up` (this instruction searched for it in vain); else PlanRejected."""
    data = load_json(text)
    if not isinstance(data, dict):
        raise PlanRejected(f"the answer is a JSON {type(data).__name__}, expected an object "
                           "with 'steps'")
    if set(data) not in ({"steps"}, {"steps", NOT_FOUND_FIELD}):
        raise PlanRejected(f"the answer must have exactly the fields 'steps' and "
                           f"'{NOT_FOUND_FIELD}', got "
                           f"{', '.join(sorted(str(k)[:40] for k in data)) or 'none'}")
    calls = check_steps(data["steps"], table, vocab, max_steps)
    gave_up = data.get(NOT_FOUND_FIELD)
    if gave_up is None:
        return calls, ""
    gave_up = check_give_up(gave_up, give_up)
    if calls:
        raise PlanRejected(f"'{NOT_FOUND_FIELD}' gives up: the plan must have no steps then")
    return [], gave_up


def check_give_up(value: object, give_up: Sequence[str]) -> str:
    """The type a model gives up on, when this instruction searched for it in vain."""
    if not isinstance(value, str):
        raise PlanRejected(f"'{NOT_FOUND_FIELD}' must be an object type or null, got "
                           f"{type(value).__name__}")
    if value not in give_up:
        allowed = ", ".join(give_up) if give_up else "none yet: explore first"
        raise PlanRejected(f"'{NOT_FOUND_FIELD}': {value[:40]!r} was not searched for in vain "
                           f"in the steps so far (may give up on: {allowed})")
    return value


def check_steps(steps: object, table: SkillTable, vocab: Vocabulary,
                max_steps: int) -> list[SkillCall]:
    if not isinstance(steps, list):
        raise PlanRejected(f"'steps' must be a list, got {type(steps).__name__}")
    if len(steps) > max_steps:
        raise PlanRejected(f"the plan has {len(steps)} steps (max {max_steps}); plan fewer")
    usable = vocab.usable_skills(table)
    return [check_step(s, i, table, vocab, usable) for i, s in enumerate(steps)]


def parse_tool_calls(calls: Sequence[tuple[object, object]], table: SkillTable,
                     vocab: Vocabulary, max_steps: int) -> list[SkillCall]:
    """Tool-calling answers: (function name, JSON arguments text) per call, one step each."""
    return parse_tool_answer(calls, table, vocab, max_steps)[0]


def parse_tool_answer(calls: Sequence[tuple[object, object]], table: SkillTable,
                      vocab: Vocabulary, max_steps: int,
                      give_up: Sequence[str] = ()) -> tuple[list[SkillCall], str]:
    """Tool-calling answers as (calls, ""), or ([], type) when the one call is the
    give-up `not_found(target)` (offered only with types to give up on)."""
    if len(calls) > MAX_TOOL_CALLS:
        raise PlanRejected(f"{len(calls)} tool calls (max {MAX_TOOL_CALLS})")
    if give_up and NOT_FOUND_FIELD not in table.skills \
            and any(name == NOT_FOUND_FIELD for name, _ in calls):
        if len(calls) != 1:
            raise PlanRejected(f"{NOT_FOUND_FIELD} gives up: it must be the only tool call")
        args = load_json(calls[0][1] if calls[0][1] not in (None, "") else "{}")
        if not isinstance(args, dict) or set(args) != {"target"}:
            raise PlanRejected(f"{NOT_FOUND_FIELD}'s arguments must be exactly 'target'")
        return [], check_give_up(args["target"], give_up)
    steps = []
    for i, (name, arguments) in enumerate(calls):
        args = load_json(arguments if arguments not in (None, "") else "{}")
        if not isinstance(args, dict):
            raise PlanRejected(f"tool call {i + 1}: arguments must be a JSON object")
        if "skill" in args:
            raise PlanRejected(f"tool call {i + 1}: 'skill' is not an argument")
        steps.append({"skill": name, **args})
    return check_steps(steps, table, vocab, max_steps), ""
