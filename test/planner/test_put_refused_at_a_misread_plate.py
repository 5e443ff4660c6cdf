"""A put refused at a receptacle memory misread (round 51, issue 15).

Odd plan 27, s0003 (round 50): memory's "Plate" was a bowl the camera misread. The world
refused "put the apple on the plate" there: "a Bowl holds things in it, not on it", typed
`refused_label` Bowl. The plan passed the unit over for that task, but memory kept it a
Plate, and every later plan for a plate went back to it. Memory now relabels the unit
from the refusal (the arm stood at it), so the next task goes to the real plate at once.
Real memory (scene graph from observations, outcomes), real offline planner and plan
loop; the executor is a stand-in robot that refuses exactly that put."""

from __future__ import annotations

from collections.abc import Sequence

from memory_node.core.errors import ErrorCode
from memory_node.core.perception.observation import Observation
from memory_node.core.scene_graph.graph import RegionView
from memory_node.planner.core.local_memory import LocalMemory
from memory_node.planner.core.loop import PlanLoop
from memory_node.planner.core.offline import OfflinePlanner
from memory_node.planner.core.settings import LoopSettings, RecallUse
from memory_node.planner.core.types import AreaView, CancelToken, SkillCall, SkillResult, Target

VIEW = RegionView((1.5, 0.0, 0.5), 6.0)
MISREAD = (1.0, 0.6, 0.9)   # a bowl the detector calls a plate
PLATE = (3.8, -1.2, 0.9)    # the real plate, across the room


class MisreadPlateRobot:
    """Every call succeeds where memory said, but a put on whatever memory has at
    MISREAD: there the arm finds a Bowl, which holds things in it, not on it."""

    def __init__(self) -> None:
        self.held, self.calls, self.refused = "", [], 0

    def execute(self, call: SkillCall, targets: Sequence[Target], episode_id: str,
                timeout_s: float, cancel: CancelToken) -> SkillResult:
        self.calls.append(call)
        where = {t.id: t.position for t in targets}
        if call.skill == "put" and abs(where[call.args[1]][0] - MISREAD[0]) < 0.3:
            self.refused += 1
            return SkillResult(False, ErrorCode.PRECONDITION_FAILED,
                               "a Bowl holds things in it, not on it", 1.0, "kitchen",
                               (1.0, 0.0, 0.0), self.held, refused_label="Bowl")
        if call.skill == "pick":
            self.held = call.args[0]
        elif call.skill == "put":
            self.held = ""
        return SkillResult(True, ErrorCode.NONE, "ok", 1.0, "kitchen", (1.0, 0.0, 0.0),
                           self.held)


def test_a_put_refused_at_a_misread_plate_sends_the_next_task_to_the_real_one(
        memory) -> None:  # noqa: ANN001
    lt = memory.long_term
    lt.apply([Observation.at("Plate", MISREAD, 1.0, extent=(0.2, 0.2, 0.08)),
              Observation.at("Apple", (0.4, 0.3, 0.9), 1.0),
              Observation.at("Egg", (0.4, -0.4, 0.9), 1.0)], VIEW, 1.0)
    lt.apply([Observation.at("Plate", PLATE, 2.0, extent=(0.25, 0.25, 0.03))], VIEW, 2.0)
    misread = next(o for o in lt.graph.nodes("object")
                   if lt.graph.node(o)["label"] == "Plate"
                   and abs(lt.graph.node(o)["position"][0] - MISREAD[0]) < 0.3)
    robot = MisreadPlateRobot()
    loop = PlanLoop(OfflinePlanner(), LocalMemory(memory), robot,
                    LoopSettings(recall=RecallUse(k=1)),
                    places=lambda: [AreaView("kitchen", (1.5, 0.0, 0.0), "kitchen")])
    first = loop.run("put the apple on the plate", "ep-1", max_steps=14,
                     goal_conditions=("ON(Apple, Plate)",))
    assert first.success and robot.refused == 1, [str(c) for c in robot.calls]
    assert lt.graph.node(lt.current_id(misread))["label"] == "Bowl"   # what the arm found
    robot.calls.clear()
    second = loop.run("put the egg on the plate", "ep-2", max_steps=14,
                      goal_conditions=("ON(Egg, Plate)",))
    # 08c17923: memory still had a Plate at MISREAD; the plan put the egg there, was
    # refused again and only then went to the real plate.
    assert second.success and robot.refused == 1, [str(c) for c in robot.calls]
