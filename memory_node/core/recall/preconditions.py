"""Skill precondition rules (config/skill_preconditions.yaml) and their evaluator.

Rules are data: each names skills, a conjunction of conditions from a fixed set, and a
message. The evaluator maps condition names to small Python predicates; a table naming an
unknown condition or skill is rejected at load time, and nothing in it is ever executed.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from memory_node.core.config_files import config_path, load_yaml
from memory_node.core.recall.categories import type_key
from memory_node.core.skills import SKILLS
from memory_node.core.units import ObjectMemoryUnit


@dataclass(frozen=True)
class StepRecord:
    """One executed step as the working memory keeps it."""

    skill: str
    args: tuple[str, ...]
    result: str                  # "success" | "failure"
    held_object: str = ""        # what the robot holds after the step ("" = nothing)
    location: str = ""           # area the robot is in after the step
    stamp: float = 0.0


@dataclass(frozen=True)
class Situation:
    """What a rule sees: the proposed call, the window, and remembered objects."""

    skill: str
    args: tuple[str, ...]
    held: str
    steps: Sequence[StepRecord]
    units: Mapping[str, ObjectMemoryUnit]


@dataclass(frozen=True)
class Rule:
    rule_id: str
    skills: frozenset[str]
    when: tuple[tuple[str, Any], ...]
    message: str


def _arg(s: Situation, i: int) -> str:
    return s.args[i] if 0 <= i < len(s.args) else ""


def _holding(s: Situation, p: Any) -> bool:
    return bool(s.held) if p == "any" else not s.held


def _holding_other(s: Situation, p: Any) -> bool:
    return bool(s.held) and s.held != _arg(s, int(p))


def _held_type_not_in(s: Situation, p: Any) -> bool:
    held = s.units.get(s.held)
    label = held.label if held else s.held.split("_")[0]
    return not s.held or type_key(label) not in {type_key(t) for t in p}


def _arg_state_in(s: Situation, p: Any) -> bool:
    unit = s.units.get(_arg(s, int(p["arg"])))
    return unit is not None and unit.state in set(p["states"])


def _arg_type_in(s: Situation, p: Any) -> bool:
    arg = _arg(s, int(p["arg"]))
    unit = s.units.get(arg)
    label = unit.label if unit else arg.split("_")[0]
    return type_key(label) in {type_key(t) for t in p["types"]}


def _nothing_in(s: Situation, p: Any) -> bool:
    kinds = {type_key(t) for t in p}
    basins = {oid for oid, u in s.units.items() if type_key(u.label) in kinds}
    return not any(u.receptacle_id in basins for u in s.units.values() if u.receptacle_id)


def _same_call_failed_last(s: Situation, p: Any) -> bool:
    for step in reversed(s.steps):
        if step.skill == s.skill and step.args == s.args:
            return (step.result == "failure") == bool(p)
    return False


def _explored_recently(s: Situation, p: Any) -> bool:
    hit = any(st.skill == "explore" and st.args[:1] == s.args[:1] and st.result == "success"
              for st in s.steps)
    return hit == bool(p)


CONDITIONS: dict[str, Callable[[Situation, Any], bool]] = {
    "holding": _holding,
    "holding_other_than_arg": _holding_other,
    "held_type_not_in": _held_type_not_in,
    "arg_state_in": _arg_state_in,
    "arg_type_in": _arg_type_in,
    "nothing_in": _nothing_in,
    "same_call_failed_last": _same_call_failed_last,
    "explored_recently": _explored_recently,
}


def _check_param(rule_id: str, name: str, param: Any) -> None:
    ok = {
        "holding": lambda p: p in ("any", "nothing"),
        "holding_other_than_arg": lambda p: isinstance(p, int),
        "held_type_not_in": lambda p: isinstance(p, list) and p,
        "arg_state_in": lambda p: isinstance(p, dict) and isinstance(p.get("arg"), int)
        and isinstance(p.get("states"), list),
        "arg_type_in": lambda p: isinstance(p, dict) and isinstance(p.get("arg"), int)
        and isinstance(p.get("types"), list),
        "nothing_in": lambda p: isinstance(p, list) and p,
        "same_call_failed_last": lambda p: isinstance(p, bool),
        "explored_recently": lambda p: isinstance(p, bool),
    }[name](param)
    if not ok:
        raise ValueError(f"rule {rule_id}: bad parameter for {name}: {param!r}")


def parse_rules(data: Any, source: str = "<dict>") -> list[Rule]:
    if not isinstance(data, dict) or not isinstance(data.get("rules"), list):
        raise ValueError(f"{source}: expected a mapping with a 'rules' list")  # noqa: TRY004 - callers map ValueError to a rejected request
    rules = []
    for raw in data["rules"]:
        if not isinstance(raw, dict) or not raw.get("id"):
            raise ValueError(f"{source}: each rule needs an id, got {raw!r}")
        rule_id = str(raw["id"])
        skills = raw.get("skills") or []
        unknown = [s for s in skills if s not in SKILLS]
        if not skills or unknown:
            raise ValueError(f"{source}: rule {rule_id}: unknown or missing skills {unknown}")
        when = raw.get("when") or {}
        if not isinstance(when, dict) or not when:
            raise ValueError(f"{source}: rule {rule_id}: 'when' must be a non-empty mapping")
        for name, param in when.items():
            if name not in CONDITIONS:
                raise ValueError(f"{source}: rule {rule_id}: unknown condition {name!r}; "
                                 f"known: {', '.join(CONDITIONS)}")
            _check_param(rule_id, name, param)
        rules.append(Rule(rule_id, frozenset(skills), tuple(when.items()),
                          str(raw.get("message", rule_id))))
    return rules


def default_rules_path() -> Path:
    return config_path("skill_preconditions.yaml")


def load_rules(path: str | Path | None = None) -> list[Rule]:
    path = Path(path) if path else default_rules_path()
    with open(path, encoding="utf-8") as fh:
        return parse_rules(load_yaml(fh), str(path))


_PLACEHOLDER = re.compile(r"\{(skill|arg0|arg1|held)\}")


def render_message(template: str, s: Situation) -> str:
    # Plain substitution, not str.format: a table entry must not reach object attributes.
    values = {"skill": s.skill, "arg0": _arg(s, 0), "arg1": _arg(s, 1),
              "held": s.held or "nothing"}
    return _PLACEHOLDER.sub(lambda m: values[m.group(1)], template)


def fired(rule: Rule, s: Situation) -> bool:
    return s.skill in rule.skills and all(CONDITIONS[n](s, p) for n, p in rule.when)
