"""A put on a receptacle memory folded into another node while the plan ran (round 21).

The fresh clone's run.sh of round 20 (memory arm, h0c-1), traced from its bag: the plan
named the counter by a part's id (object_11); during the pick the scene graph folded that
part into the whole counter (object_21); the put's outcome went to object_21 and the mug's
unit came back "on object_21", an id no answer had described to the planner. ON(Mug,
CounterTop) read unmet, and the washed mug was picked and put on the counter again (the
blind arm of round 20's seed 0 lost h0c-1 the same way). Real memory (the fold from real
observations), real offline planner and plan loop; the executor is a stand-in robot whose
way to the counter lets the camera see the rest of the counter, as in that run."""

from __future__ import annotations

from counter_fold import CounterFoldRobot

from memory_node.core.perception.observation import Observation
from memory_node.core.scene_graph.graph import RegionView
from memory_node.planner.core.local_memory import LocalMemory
from memory_node.planner.core.loop import PlanLoop
from memory_node.planner.core.offline import OfflinePlanner
from memory_node.planner.core.settings import LoopSettings, RecallUse
from memory_node.planner.core.types import AreaView

VIEW = RegionView((1.5, 0.0, 0.5), 4.0)


def test_a_put_on_a_counter_folded_into_another_node_is_read_as_done(memory) -> None:  # noqa: ANN001
    lt = memory.long_term
    lt.apply([Observation.at("CounterTop", (1.4, 0.0, 0.45), 1.0, extent=(0.4, 0.6, 0.9)),
              Observation.at("Mug", (0.5, 0.5, 0.9), 1.0)], VIEW, 1.0)
    ids = {lt.graph.node(o)["label"]: o for o in lt.graph.nodes("object")}
    part, mug = ids["CounterTop"], ids["Mug"]
    robot = CounterFoldRobot(memory, VIEW)
    # One unit per recall: in the run, the recalls' top k (of the 60-odd objects memory
    # held) never returned the whole counter; here, with two objects in memory, a recall
    # of 8 would, and hide what the plan itself must come to know. The mug ranks first.
    settings = LoopSettings(recall=RecallUse(k=1))
    loop = PlanLoop(OfflinePlanner(), LocalMemory(memory), robot, settings,
                    places=lambda: [AreaView("kitchen", (1.5, 0.0, 0.0), "kitchen")])
    result = loop.run("put the mug on the counter", "ep-fold", max_steps=12,
                      goal_conditions=("ON(Mug, CounterTop)",))
    assert robot.folded and part not in lt.graph.graph   # the named part is gone
    whole = lt.current_id(part)
    assert memory.short_term.peek(mug).receptacle_id == whole != part
    assert result.success, result.message
    # One pick, one put: not picked and put back on the counter again.
    assert [c.skill for c in robot.calls] == ["navigate", "pick", "navigate", "put"]
