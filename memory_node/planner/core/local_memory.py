"""MemoryPort over an in-process `memory_node.core.memory.Memory` (the same core the memory
server runs, with its SQLite file): for the planner's core tests and in-process tools. On a
robot the node uses `MemoryClient` over the services instead (nodes/memory_port.py).
"""

from __future__ import annotations

from memory_node.core.errors import InvalidArgument
from memory_node.core.memory import Memory
from memory_node.core.recall_memory import brief_from_fields
from memory_node.core.units import STATE_CONFIRMED, read_stamp, recalled_as

from .types import BriefState, RecallView, SkillCall, SkillResult, UnitView

_CONFIRMED = {"true": True, "false": False}


def unit_view(unit: object, description: str = "", score: float = 0.0) -> UnitView:
    u = unit
    attributes = getattr(u, "attributes", None) or {}
    return UnitView(u.object_id, u.label, tuple(u.position), u.state, u.area_id,  # type: ignore[attr-defined]
                    u.receptacle_id, u.relation, description, float(score),  # type: ignore[attr-defined]
                    int(getattr(u, "observation_count", 0) or 0),
                    _CONFIRMED.get(str(attributes.get(STATE_CONFIRMED, "")).strip().lower()),
                    recalled_as(attributes), read_stamp(attributes))


class LocalMemory:
    def __init__(self, memory: Memory) -> None:
        self.memory = memory

    def recall_ahead(self, instruction: str) -> None:
        """As the memory server's memory/recall_ahead: the steps' vectors made in the
        background; a refused text is dropped (the recall itself reports it)."""
        try:
            self.memory.recall.prefetch_subtasks(instruction)
        except ValueError:
            pass

    def recall(self, instruction: str, k: int, token_budget: int, episode_id: str,
               brief: BriefState | None, per_subtask: bool = False) -> RecallView:
        core_brief = None
        try:
            if brief is not None:
                core_brief = brief_from_fields(
                    brief.subgoal, brief.held_object, brief.robot_area, brief.last_skill,
                    list(brief.last_args), brief.last_succeeded, brief.last_message,
                    list(brief.recent_areas))
            answer = self.memory.recall.recall(instruction, k, token_budget, episode_id,
                                               core_brief, per_subtask=per_subtask)
        except ValueError as exc:
            raise InvalidArgument(str(exc)) from None
        return RecallView(tuple(unit_view(r.unit, r.description, r.score)
                                for r in answer.units),
                          answer.context, answer.context_tokens, tuple(answer.warnings),
                          tuple(answer.known_bad_actions), answer.procedure,
                          tuple(answer.facts))

    def record_outcome(self, episode_id: str, call: SkillCall, result: SkillResult,
                       request_id: str = "") -> tuple[UnitView, ...]:
        # request_id is not needed in process: a call here returns its answer or raises,
        # there is no transport to lose an applied request's answer.
        try:
            answer = self.memory.recall.record_outcome(
                episode_id, call.skill, list(call.args), result.success,
                result.message[:2000], result.robot_area, result.robot_position,
                error_code=int(result.error_code), held_label=result.held_label,
                refused_label=result.refused_label)
        except ValueError as exc:
            raise InvalidArgument(str(exc)) from None
        return tuple(unit_view(after) for _, after in answer.changed)

    def find(self, label: str, max_results: int) -> tuple[UnitView, ...]:
        try:
            found = self.memory.query_object(label, max_results=max_results)
        except ValueError as exc:
            raise InvalidArgument(str(exc)) from None
        # As the ROS port does: the candidates' units through get_units, which carries the
        # graph's current evidence (and the graph's unit of an object only it holds).
        units = {f.object_id: f.unit for f in self.memory.get_units([c.object_id for c in found])}
        return tuple(unit_view(units[c.object_id]) if units.get(c.object_id) is not None
                     else UnitView(c.object_id, c.label, c.position, area_id=c.area_id)
                     for c in found)

    def units(self, object_ids: tuple[str, ...]) -> tuple[UnitView, ...]:
        """The units memory holds for these ids (get_units; unknown ids left out)."""
        try:
            found = self.memory.get_units(list(object_ids))
        except ValueError as exc:
            raise InvalidArgument(str(exc)) from None
        return tuple(unit_view(f.unit) for f in found if f.unit is not None)

    def scene_graph(self, format: str, token_budget: int, query: str) -> str:
        try:
            return self.memory.long_term.serialise(format, token_budget, query).text
        except ValueError as exc:
            raise InvalidArgument(str(exc)) from None

    def end_episode(self, episode_id: str, succeeded: bool, request_id: str = "",
                    reason: str = "") -> None:
        try:
            self.memory.recall.end_episode(episode_id, succeeded, reason)  # request_id: as above
        except ValueError as exc:
            raise InvalidArgument(str(exc)) from None
