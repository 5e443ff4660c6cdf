"""The plan loop's MemoryPort over `MemoryClient` (the memory services over DDS)."""

from __future__ import annotations

from typing import Any

from memory_node.core.errors import NotFound
from memory_node.core.recall.brief_state import BriefState as CoreBrief
from memory_node.planner.core.local_memory import unit_view
from memory_node.planner.core.types import (
    BriefState,
    RecallView,
    SkillCall,
    SkillResult,
    UnitView,
)


class ClientMemoryPort:
    def __init__(self, client: Any) -> None:
        self.client = client

    def recall(self, instruction: str, k: int, token_budget: int, episode_id: str,
               brief: BriefState | None, per_subtask: bool = False) -> RecallView:
        core = None
        if brief is not None:
            result = ("success" if brief.last_succeeded else "failure") if brief.last_skill \
                else ""
            core = CoreBrief(brief.subgoal, brief.held_object, brief.robot_area,
                             brief.last_skill, tuple(brief.last_args), result,
                             tuple(brief.recent_areas),
                             brief.last_message if brief.last_skill else "")
        answer = self.client.recall(instruction, k=k, token_budget=token_budget,
                                    episode_id=episode_id, brief_state=core,
                                    per_subtask=per_subtask)
        return RecallView(tuple(unit_view(r.unit, r.description, r.score)
                                for r in answer.units),
                          answer.context, answer.context_tokens, tuple(answer.warnings),
                          tuple(answer.known_bad_actions), answer.procedure)

    def record_outcome(self, episode_id: str, call: SkillCall, result: SkillResult
                       ) -> tuple[UnitView, ...]:
        answer = self.client.record_outcome(
            episode_id, call.skill, list(call.args), result.success, result.message[:2000],
            error_code=int(result.error_code), robot_area=result.robot_area[:128],
            robot_position=result.robot_position)
        return tuple(unit_view(u) for u in answer.changed_units)

    def find(self, label: str, max_results: int) -> tuple[UnitView, ...]:
        candidates = self.client.query(label, max_results=max_results)
        if not candidates:
            return ()
        units = self.client.get_units([c.object_id for c in candidates])
        return tuple(unit_view(units[c.object_id]) if units.get(c.object_id) is not None
                     else UnitView(c.object_id, c.label, tuple(c.position), area_id=c.area_id)
                     for c in candidates)

    def units(self, object_ids: tuple[str, ...]) -> tuple[UnitView, ...]:
        """The units memory holds for these ids (get_units; unknown ids left out)."""
        found = self.client.get_units(list(object_ids))
        return tuple(unit_view(u) for u in found.values() if u is not None)

    def scene_graph(self, format: str, token_budget: int, query: str) -> str:
        return self.client.get_scene_graph(format, token_budget, query[:500]).text

    def end_episode(self, episode_id: str, succeeded: bool) -> None:
        try:
            self.client.end_episode(episode_id, succeeded)
        except NotFound:
            pass  # no step was recorded (or the server restarted): nothing to free
