"""A small symbolic house for the planner's core tests: it runs skill calls with their
preconditions (reach, gripper, open receptacles) and effects, answers NOT_FOUND when an
object is not where the robot went, and reports what `explore` sees into the in-process
memory the way perception would. It is the skill executor's test double; the real one is
the household world (issue 12) behind ExecuteSkill. Shared by the core and DDS tests.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

from memory_node.core.errors import ErrorCode
from memory_node.core.units import ObjectMemoryUnit
from memory_node.planner.core.types import CancelToken, SkillCall, SkillResult, Target


@dataclass
class Thing:
    label: str
    area: str
    inside: str = ""          # receptacle id
    state: str = "none"
    position: tuple[float, float, float] = (0.0, 0.0, 0.0)


@dataclass
class House:
    things: dict[str, Thing]
    # What exploring sees goes to memory as perception would report it (in-process memory's
    # upsert_object in core tests, MemoryClient.update over DDS).
    observe: Callable[[ObjectMemoryUnit], object] | None = None
    at: str = "hall"
    centres: dict[str, tuple[float, float, float]] = field(default_factory=lambda: {
        "kitchen": (2.0, 0.5, 1.0), "living_room": (5.5, 0.5, 5.0), "hall": (0.0, 0.0, -5.0)})
    held: str = ""
    calls: list[SkillCall] = field(default_factory=list)
    fail_next: dict[str, ErrorCode] = field(default_factory=dict)   # skill -> code once

    def _area_of(self, obj: str) -> str:
        t = self.things[obj]
        return self.things[t.inside].area if t.inside else t.area

    def _reachable(self, obj: str) -> bool:
        # Everything in the room the robot stands in is within reach of the arm.
        return obj == self.held or self.at == self._area_of(obj)

    def _area_near(self, position: tuple[float, float, float]) -> str:
        return min(self.centres, key=lambda a: sum(
            (p - q) ** 2 for p, q in zip(self.centres[a], position, strict=True)))

    def _result(self, ok: bool, code: ErrorCode = ErrorCode.NONE, msg: str = "") -> SkillResult:
        # What the gripper holds, by id and by its true class (the skill result's label).
        return SkillResult(ok, code, msg or ("ok" if ok else code.name), 1.0, self.at, None,
                           self.held, self.things[self.held].label if self.held else "")

    def execute(self, call: SkillCall, targets: Sequence[Target], episode_id: str,
                timeout_s: float, cancel: CancelToken) -> SkillResult:
        self.calls.append(call)
        if call.skill in self.fail_next:
            return self._result(False, self.fail_next.pop(call.skill), "scripted failure")
        skill, args = call.skill, call.args
        areas = {t.area for t in self.things.values()}
        if skill in ("navigate", "explore"):
            dest = args[0]
            target = next((t for t in targets if t.id == dest), None)
            if dest in areas:
                self.at = dest
            elif target is not None and target.position_known:
                # The base drives to where memory says the object is, not to where it is.
                self.at = self._area_near(target.position)
            else:
                return self._result(False, ErrorCode.NOT_FOUND, f"no place {dest}")
            if skill == "explore":
                return self._explore(dest, args[1] if len(args) > 1 else "")
            return self._result(True)
        obj = args[0]
        if obj not in self.things:
            return self._result(False, ErrorCode.NOT_FOUND, f"{obj} not found")
        if skill == "pick":
            if self.held:
                return self._result(False, ErrorCode.PRECONDITION_FAILED, "gripper full")
            if not self._reachable(obj):
                return self._result(False, ErrorCode.NOT_FOUND, f"{obj} not found here")
            inside = self.things[obj].inside
            if inside and self.things[inside].state == "closed":
                return self._result(False, ErrorCode.PRECONDITION_FAILED, f"{inside} closed")
            self.held = obj
            self.things[obj].inside = ""
            return self._result(True)
        if skill == "put":
            rec = args[1]
            if self.held != obj:
                return self._result(False, ErrorCode.PRECONDITION_FAILED, f"not holding {obj}")
            if not self._reachable(rec):
                return self._result(False, ErrorCode.PRECONDITION_FAILED, f"{rec} out of reach")
            if self.things[rec].state == "closed":
                return self._result(False, ErrorCode.PRECONDITION_FAILED, f"{rec} is closed")
            self.held = ""
            self.things[obj].inside = rec
            self.things[obj].area = self.things[rec].area
            return self._result(True)
        if not self._reachable(obj):
            return self._result(False, ErrorCode.PRECONDITION_FAILED, f"{obj} out of reach")
        state = {"open": "opened", "close": "closed", "toggle_on": "on", "toggle_off": "off",
                 "slice": "sliced", "clean": "cleaned", "heat": "heated", "cook": "cooked",
                 "cool": "cooled", "fill": "filled"}.get(skill)
        if state is None:
            return self._result(False, ErrorCode.INVALID_ARGUMENT, f"{skill} not modelled")
        self.things[obj].state = state
        return self._result(True)

    def _explore(self, area: str, label: str) -> SkillResult:
        seen = [i for i, t in self.things.items()
                if self._area_of(i) == area and (not label or t.label == label)
                and not (t.inside and self.things[t.inside].state == "closed")]
        if self.observe is not None:
            # Receptacles first: memory refuses a receptacle id it does not know yet.
            for i in sorted(seen, key=lambda i: bool(self.things[i].inside)):
                t = self.things[i]
                self.observe(ObjectMemoryUnit(
                    i, t.label, t.position, state=t.state, area_id=self._area_of(i),
                    receptacle_id=t.inside, relation="in" if t.inside else ""))
        if label and not seen:
            return self._result(False, ErrorCode.NOT_FOUND, f"no {label} seen in {area}")
        return self._result(True, msg=f"saw {', '.join(seen) or 'nothing new'}")
