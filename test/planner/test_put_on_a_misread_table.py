"""A put on a "dining table" memory then folded into a counter (round 22).

Round 21's run of round 20's code over DDS (memory arm, h0c-4 "Put the warm mug on the
dining table"), read from its bag: memory held two DiningTable nodes, the real table and
`object_10`, a detector's misread of the kitchen counter's middle (0.44, 3.16: on the
1.6 m counter at (0.37, 3.52); the house's one table stands at (2.94, 2.38)). The plan
named `object_10`; during the navigate to it the scene graph folded it into the counter's
node (a DiningTable and a CounterTop are a known confusion; the fold was right), the put
landed on the counter in the world and in memory, ON(Mug, DiningTable) read unmet, and
the plan picked the mug and put it on `object_10` again until the step limit: its copy of
`object_10` still said "DiningTable". Real memory (the fold from real observations), real
offline planner and plan loop; the executor is a stand-in robot."""

from __future__ import annotations

from counter_fold import CounterFoldRobot

from memory_node.core.perception.observation import Observation
from memory_node.core.scene_graph.graph import RegionView
from memory_node.planner.core.local_memory import LocalMemory
from memory_node.planner.core.loop import PlanLoop
from memory_node.planner.core.offline import OfflinePlanner
from memory_node.planner.core.settings import LoopSettings, RecallUse
from memory_node.planner.core.types import AreaView

VIEW = RegionView((1.5, 0.0, 0.5), 6.0)
TABLE = (4.5, 2.5, 0.38)   # the real dining table, far from the counter


def test_a_put_on_a_table_memory_folded_into_a_counter_goes_to_the_real_table(
        memory) -> None:  # noqa: ANN001
    lt = memory.long_term
    # The mug and the counter's near end, which the detector calls a dining table; then
    # the real table, seen from the other end of the room.
    lt.apply([Observation.at("DiningTable", (1.4, 0.0, 0.45), 1.0, extent=(0.4, 0.6, 0.9)),
              Observation.at("Mug", (0.5, 0.5, 0.9), 1.0)], VIEW, 1.0)
    lt.apply([Observation.at("DiningTable", TABLE, 2.0, extent=(1.4, 0.9, 0.75))], VIEW, 2.0)
    tables = sorted(o for o in lt.graph.nodes("object")
                    if lt.graph.node(o)["label"] == "DiningTable")
    assert len(tables) == 2
    misread = next(o for o in tables if lt.graph.node(o)["position"][0] < 2)
    robot = CounterFoldRobot(memory, VIEW, table_x=TABLE[0])
    loop = PlanLoop(OfflinePlanner(), LocalMemory(memory), robot,
                    LoopSettings(recall=RecallUse(k=1)),
                    places=lambda: [AreaView("kitchen", (1.5, 0.0, 0.0), "kitchen")])
    result = loop.run("put the mug on the dining table", "ep-misread", max_steps=14,
                      goal_conditions=("ON(Mug, DiningTable)",))
    assert robot.folded and misread not in lt.graph.graph   # memory folded it (rightly)
    assert lt.graph.node(lt.current_id(misread))["label"] == "CounterTop"
    assert robot.put_at[0] == "counter", [str(c) for c in robot.calls]
    assert result.success, (result.message, [str(c) for c in robot.calls])
    # Then once more, on the real table: not the counter again and again.
    assert robot.put_at == ["counter", "table"], [str(c) for c in robot.calls]
