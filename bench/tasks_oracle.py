"""The oracle arm shared by the task benches (bench/experience_tasks.py on the experience
streams, bench/tasks_ablation.py on the suites): memory told the world's truth, a bound on
what any memory could give this planner in this world. Bench-only: nothing under
memory_node/ imports it, so the robot can never be handed the truth.

StateLoggingStack is the in-process stack logging each skill call with the state it ran
from (experience_tasks' failure counts and --log); OracleStack builds on it.
"""

from __future__ import annotations

import json
import sys
from collections.abc import Sequence
from dataclasses import replace
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from memory_node.core.perception.observation import Observation  # noqa: E402
from memory_node.core.units import ObjectMemoryUnit  # noqa: E402
from memory_node.planner.core.types import (  # noqa: E402
    CancelToken,
    SkillCall,
    SkillResult,
    Target,
)
from memory_node.sim.core.detection import state_word  # noqa: E402
from memory_node.sim.core.skill_logic import SkillFailure  # noqa: E402
from memory_node.sim.core.skill_logic import Target as WorldTarget  # noqa: E402
from memory_node.sim.tasks.inprocess import InProcessStack  # noqa: E402

# Bench-only bounds, never a planner feature: the "full" arm whose memory is replaced by the
# world's truth before every task (ORACLE); told it once, before the first task of each
# sequence, and then left to work as memory does (ORACLE_START: a robot that mapped the
# house beforehand); or told it before every task but the first of each sequence
# (ORACLE_LATER: the best a memory that starts each sequence empty, as the suites' memory
# does, could do).
ORACLE = "oracle"
ORACLE_START = "oracle_start"
ORACLE_LATER = "oracle_later"
TOLD = {ORACLE: "task", ORACLE_START: "sequence", ORACLE_LATER: "later"}
# Truth frames per task: a node's position is the median of its window and its state is
# voted, so a few identical readings make the truth win over nothing (memory was cleared).
ORACLE_FRAMES = 3
ORACLE_CAPACITY = 2000


class StateLoggingStack(InProcessStack):
    """The in-process stack, logging each skill call with the state it ran from."""

    def __init__(self, *args: object, utility_weight: float = 0.0,
                 offer_procedures: bool = True, **kwargs: object) -> None:
        super().__init__(*args, **kwargs)  # type: ignore[arg-type]
        self.offer_procedures = offer_procedures
        self.calls: list[dict] = []
        self.graph_steps: list[dict] = []
        self.experience_stats: dict[str, int] = {}
        self.utility_weight = utility_weight
        # --log: per subtask, the instruction, where the world has the objects it needs,
        # every call with its targets and the world's message, and how the plan ended;
        # read to sort failed tasks by cause.
        self.log: list[dict] | None = None

    def start_sequence(self, sequence: object) -> None:
        super().start_sequence(sequence)  # type: ignore[arg-type]
        if self.utility_weight and self.memory is not None:
            # Issue 15 item 5: the short-term cache weighs the units' outcome utility.
            self.memory.short_term.set_utility_weight(self.utility_weight)
        if not self.offer_procedures and self.memory is not None \
                and self.memory.experience is not None:
            # Bench-only ablation (experience_tasks' "-procedures" arms): no procedure
            # scores above an infinite floor, so recall never offers one.
            self.memory.experience.procedures.min_score = float("inf")

    def run_subtask(self, task: Any, index: int, recorder: Any) -> Any:
        if self.log is None:
            return super().run_subtask(task, index, recorder)
        sub = task.subtasks[index]
        entry: dict = {"task": task.id, "subtask": index,
                       "instruction": sub.instruction or task.instruction,
                       "conditions": list(sub.planner_conditions), "calls": []}
        self.log.append(entry)
        result = super().run_subtask(task, index, recorder)
        entry.update(planner_success=result.planner_success, code=result.error_code,
                     message=result.message, truth=self._truth(self._needed),
                     goals={c: self.holds(c) for c in sub.planner_conditions})
        return result

    def _truth(self, groups: Sequence[frozenset[str]]) -> dict[str, list[str]]:
        """Where the world has every object of the subtask's types (after it ran)."""
        w = self.world
        assert w is not None
        out: dict[str, list[str]] = {}
        for group in groups:
            for o in w.objects.values():
                if o.type in group:
                    parent = w.objects.get(o.parent) if o.parent else None
                    shut = " (closed)" if parent is not None and parent.is_open is False else ""
                    where = (f"{o.relation} {parent.id}:{parent.type}{shut}" if parent
                             else "held" if w.robot.held == o.id else "loose")
                    out.setdefault(o.type, []).append(f"{o.id} {o.room} {where}")
        return out

    def end_sequence(self, sequence: object = None) -> None:
        if self.memory is not None and self.memory.experience is not None:
            self.experience_stats = self.memory.experience.stats()
            # The trajectory graph's own state of every recorded step (with experience
            # only): what its known-bad lines are looked up in.
            self.graph_steps = [
                {"call": f"{r['skill']}({', '.join(json.loads(r['args']))})",
                 "state": r["state_key"], "ok": bool(r["succeeded"]),
                 "code": int(r["error_code"])}
                for r in self.memory.experience.store.query(
                    "SELECT s.skill, s.args, s.succeeded, s.error_code, s.state_key"
                    " FROM exp_steps s JOIN exp_episodes e USING (episode_id)"
                    " ORDER BY e.started_at, s.episode_id, s.seq")]
        super().end_sequence(sequence)  # type: ignore[arg-type]

    def execute(self, call: SkillCall, targets: Sequence[Target], episode_id: str,
                timeout_s: float, cancel: CancelToken) -> SkillResult:
        w = self.world
        assert w is not None
        room = w.room_of(w.robot.x, w.robot.y)
        # The 1 m floor cell as well: explores move the robot within a room, and the
        # trajectory graph's state is memory's area, finer than a room.
        before = (room.name if room else "", self._held_alias,
                  f"{round(w.robot.x)},{round(w.robot.y)}")
        objects = self.named_states(call, targets)
        result = super().execute(call, targets, episode_id, timeout_s, cancel)
        self.calls.append({"episode": episode_id, "call": str(call), "room": before[0],
                           "held": before[1], "cell": before[2], "objects": objects,
                           "ok": result.success, "code": int(result.error_code)})
        if self.log:
            self.log[-1]["calls"].append({
                "call": str(call), "from": before[0], "ok": result.success,
                "message": result.message[:200],
                "targets": [f"{t.id}:{t.label}@{','.join(f'{v:.1f}' for v in t.position[:2])}"
                            f"->{self.truth_type(t.label, t.position) or 'ghost'}"
                            for t in targets]})
        return result


    def named_states(self, call: SkillCall, targets: Sequence[Target]) -> str:
        """The states of the objects a call names, as the world has them before the call:
        the part of the issue's state ("area, held object, relevant object states") that
        the room and the held object leave out. Per named object: the world object the
        skill resolves it to (the same resolution the skill runs) with its own states
        (open, heated, sliced, ...) and, shut in a receptacle, that receptacle's open
        state; one the skill cannot resolve, by where the call said it is (0.5 m: the
        belief a navigate refused NOT_FOUND was about). Plain sorted text, so the same
        world gives the same key."""
        w = self.world
        assert w is not None
        by_id = {t.id: WorldTarget(t.id, t.label, t.position, t.position_known)
                 for t in targets}
        parts: list[str] = []
        for arg in dict.fromkeys(call.args):
            t = by_id.get(arg)
            if t is None:
                continue   # an area or a word, not an object
            try:
                o = self.runner.resolve_object(w, arg, by_id)
            except SkillFailure:
                p = t.position
                parts.append(f"{arg}=unresolved@{round(2 * p[0]) / 2},{round(2 * p[1]) / 2}")
                continue
            flags = [f for f, on in (("open", o.is_open), ("closed", o.is_open is False),
                                     ("on", o.is_on), ("dirty", o.dirty),
                                     ("sliced", o.sliced), ("heated", o.heated),
                                     ("cooked", o.cooked), ("cooled", o.cooled)) if on]
            parent = w.objects.get(o.parent) if o.parent else None
            if parent is not None and o.relation == "in" and parent.is_open is not None:
                flags.append(f"in:{parent.id}={'open' if parent.is_open else 'closed'}")
            parts.append(f"{arg}={o.id}[{','.join(flags)}]")
        return ";".join(sorted(parts))


class OracleStack(StateLoggingStack):
    """A lower bound for the offline planner: before every task (told="sequence": before
    the first task of each sequence only; "later": before all but that one), memory is
    cleared and
    told where the world has every object (true type, place, size, state; what is inside
    a receptacle that opens, as a put would have said), so the plan starts from a perfect
    map. During the task the robot's camera and outcomes update memory as in every arm.
    What remains is the planner's own cost with perfect knowledge of places at the
    start, and the tasks the world allows at all (the skills' reach, the step limits)."""

    def __init__(self, *args: Any, told: str = "task", **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        if told not in ("task", "sequence", "later"):
            raise ValueError(f"told must be 'task', 'sequence' or 'later', not {told!r}")
        # "task": the truth before every task; "sequence": before the first task of each
        # sequence only (then memory updates from the camera and outcomes, as in `full`);
        # "later": before every task but the first of each sequence.
        self.told = told
        # Tasks started with an object in hand: memory is then not cleared (the planner
        # holds the object's id), truth frames only (stale beliefs may remain).
        self.not_cleared = 0
        self.truths_told = 0
        self._first_task = True

    def start_sequence(self, sequence: object) -> None:
        super().start_sequence(sequence)
        self._first_task = True

    def run_subtask(self, task: Any, index: int, recorder: Any) -> Any:
        if index == 0:
            self._pending_truth = (self.told == "task"
                                   or (self.told == "sequence" and self._first_task)
                                   or (self.told == "later" and not self._first_task))
            self._first_task = False
        return super().run_subtask(task, index, recorder)

    def _query_cache(self) -> None:
        # Called once per subtask after the tidy and before the first frame: the truth
        # goes in here, so the first plan of the task sees it.
        if getattr(self, "_pending_truth", False):
            self._pending_truth = False
            self._tell_truth()
        super()._query_cache()

    def _tell_truth(self) -> None:
        w, m = self.world, self.memory
        assert w is not None and m is not None
        self.truths_told += 1
        if w.robot.held is None:
            m.short_term.clear()
            m.long_term.clear()
        else:
            self.not_cleared += 1
        seen = [o for o in w.objects.values()
                if o.kind.detectable and o.id != w.robot.held]
        for _ in range(ORACLE_FRAMES):
            self._stamp = max(w.time, self._stamp + 1e-3)
            obs = [Observation.at(o.type, _xyz(o.position), self._stamp, extent=_xyz(o.size),
                                  score=1.0, state=state_word(o) or None) for o in seen]
            m.long_term.apply(obs, None, self._stamp)
        # Containment the camera cannot give: what is in a receptacle that opens is told as
        # a put's outcome tells it, so the plan opens it first.
        units = []
        for o in seen:
            parent = w.objects.get(o.parent) if o.parent else None
            if parent is None or o.relation != "in" or parent.is_open is None:
                continue
            obj, rec = self._node(o.type, o.position), self._node(parent.type, parent.position)
            if obj and rec:
                units.append(ObjectMemoryUnit(obj, o.type, _xyz(o.position),
                                              receptacle_id=rec, relation="in"))
        if units:
            m.long_term.apply_outcome_units(units, self._stamp)
            # The short-term units (what the planner reads first) say it too.
            for u in units:
                held = m.short_term.peek(u.object_id)
                if held is not None:
                    m.short_term.upsert(replace(held, receptacle_id=u.receptacle_id,
                                                relation="in"))

    def _node(self, label: str, position: Any) -> str:
        m = self.memory
        assert m is not None
        pos = tuple(float(v) for v in position)
        for hit in m.long_term.find(label, near=pos, limit=1):  # type: ignore[arg-type]
            if sum((a - b) ** 2 for a, b in zip(hit.position, pos, strict=True)) < 0.01:
                return str(hit.object_id)
        return ""


def _xyz(v: Any) -> tuple[float, float, float]:
    return (float(v[0]), float(v[1]), float(v[2]))


__all__ = ["ORACLE", "ORACLE_CAPACITY", "ORACLE_FRAMES", "ORACLE_LATER", "ORACLE_START", "TOLD",
           "OracleStack", "StateLoggingStack"]
