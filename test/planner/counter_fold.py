"""A stand-in robot for the plan-loop tests of a receptacle memory folds into the counter
while the plan runs (test_put_on_a_joined_receptacle, test_put_on_a_misread_table)."""

from __future__ import annotations

from collections.abc import Sequence

from memory_node.core.errors import ErrorCode
from memory_node.core.perception.observation import Observation
from memory_node.core.scene_graph.graph import RegionView
from memory_node.planner.core.types import CancelToken, SkillCall, SkillResult, Target


class CounterFoldRobot:
    """Every call succeeds where memory said; on the first way somewhere with the mug in
    hand the camera sees the counter's far part (three frames) and then the whole counter,
    so memory folds what the plan named near the counter into the far part's node (seen
    more often). With `table_x`, each put records where it landed: "table" within 0.8 m of
    that x, else "counter"."""

    def __init__(self, memory, view: RegionView, table_x: float | None = None) -> None:  # noqa: ANN001
        self.memory, self.view, self.table_x = memory, view, table_x
        self.held, self.calls, self.t = "", [], 10.0
        self.folded, self.put_at = False, []

    def execute(self, call: SkillCall, targets: Sequence[Target], episode_id: str,
                timeout_s: float, cancel: CancelToken) -> SkillResult:
        self.calls.append(call)
        if call.skill == "pick":
            self.held = call.args[0]
        elif call.skill == "put":
            self.held = ""
            if self.table_x is not None:
                where = {t.id: t.position for t in targets}[call.args[1]]
                self.put_at.append("table" if abs(where[0] - self.table_x) < 0.8 else "counter")
        elif call.skill == "navigate" and self.held and not self.folded:
            lt, self.folded = self.memory.long_term, True
            frames = [Observation.at("CounterTop", (2.65, 0.0, 0.45), 0.0,
                                     extent=(0.3, 0.6, 0.9))] * 3 + \
                [Observation.at("CounterTop", (2.0, 0.0, 0.45), 0.0, extent=(1.6, 0.6, 0.9))]
            for seen in frames:
                lt.apply([Observation.at(seen.label, seen.position, self.t,
                                         extent=seen.box_extent)], self.view, self.t)
                self.t += 1.0
        return SkillResult(True, ErrorCode.NONE, "ok", 1.0, "kitchen", (2.0, -0.6, 0.0),
                           self.held, "Mug" if self.held else "")
