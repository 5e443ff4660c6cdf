"""Working memory: the last W steps and the consistency warnings they imply.

BrainMem's observation: planners repeat a failed action, pick while holding, re-explore
a room they just saw. A short window of what was done, checked against a precondition
table before the next call, catches these without another LLM round.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from memory_node.core.recall.describe import HELD_BY_ROBOT
from memory_node.core.recall.preconditions import (
    Rule,
    Situation,
    StepRecord,
    fired,
    load_rules,
    render_message,
)
from memory_node.core.skills import RESULTS, check_skill_call
from memory_node.core.units import ObjectMemoryUnit

MAX_WINDOW = 100


@dataclass(frozen=True)
class ConsistencyWarning:
    rule_id: str
    message: str


class WorkingMemory:
    """Last `window` steps of one episode, with precondition checks for the next step."""

    def __init__(self, window: int = 8, rules: Sequence[Rule] | None = None) -> None:
        if not 1 <= window <= MAX_WINDOW:
            raise ValueError(f"window must be in [1, {MAX_WINDOW}], got {window}")
        self.window = window
        self.rules = list(rules) if rules is not None else load_rules()
        self._steps: deque[StepRecord] = deque(maxlen=window)

    @property
    def steps(self) -> tuple[StepRecord, ...]:
        return tuple(self._steps)

    def record(self, step: StepRecord) -> StepRecord:
        skill, args = check_skill_call(step.skill, step.args)
        if step.result not in RESULTS:
            raise ValueError(f"result must be one of {RESULTS}, got {step.result!r}")
        clean = StepRecord(skill, args, step.result, step.held_object or "",
                           step.location or "", float(step.stamp))
        self._steps.append(clean)
        return clean

    def held(self, units: Mapping[str, ObjectMemoryUnit] | None = None) -> str:
        if self._steps:
            return self._steps[-1].held_object
        for unit in (units or {}).values():
            if unit.receptacle_id == HELD_BY_ROBOT:
                return unit.object_id
        return ""

    def check(self, skill: str, args: Sequence[str],
              units: Mapping[str, ObjectMemoryUnit] | None = None
              ) -> list[ConsistencyWarning]:
        """Warnings for executing skill(args) next; empty when it looks consistent."""
        skill, args = check_skill_call(skill, list(args))
        situation = Situation(skill, args, self.held(units), tuple(self._steps), units or {})
        return [ConsistencyWarning(r.rule_id, render_message(r.message, situation))
                for r in self.rules if fired(r, situation)]

    def summary(self) -> str:
        """The window as compact text for the planner's prompt."""
        lines = []
        for i, s in enumerate(self._steps, 1):
            held = f", holding {s.held_object}" if s.held_object else ""
            where = f", in {s.location}" if s.location else ""
            lines.append(f"{i}. {s.skill}({', '.join(s.args)}) -> {s.result}{held}{where}")
        return "\n".join(lines)

    def clear(self) -> None:
        self._steps.clear()
