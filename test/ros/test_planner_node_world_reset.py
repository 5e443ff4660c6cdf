"""A new world's map (map/places) resets the planner's robot state on the run's own thread,
never from the subscription's thread in the middle of a running instruction."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from geometry_msgs.msg import Point

from memory_node.msg import NamedPlaces
from memory_node.planner.nodes.planner_node import PlannerNode


@pytest.fixture()
def planner(ros_context: None) -> Iterator[PlannerNode]:
    node = PlannerNode()
    yield node
    node.destroy_node()


def test_a_new_map_resets_the_robot_state_at_the_next_run_not_mid_run(
        planner: PlannerNode, monkeypatch: pytest.MonkeyPatch) -> None:
    loop = planner.loop
    loop.held, loop.acted = "Mug_1", ["Mug_1"]   # as a running instruction left them
    planner._on_places(NamedPlaces(names=["kitchen"], positions=[Point(x=1.0, y=2.0)],
                                   kinds=["room"]))
    # The map is taken at once; the loop's state is not touched from this thread.
    assert [p.area_id for p in planner._places] == ["kitchen"]
    assert (loop.held, loop.acted) == ("Mug_1", ["Mug_1"])

    seen: list[tuple[str, list[str]]] = []

    def run(*_args: Any) -> Any:
        seen.append((loop.held, list(loop.acted)))
        raise RuntimeError("stop here")   # the node turns it into an INTERNAL result

    monkeypatch.setattr(loop, "run", run)
    result = planner._run("put the mug away", "e1", 0, [], lambda *a: None)
    assert seen == [("", [])]   # forgotten before the run started
    assert not result.success
    # Once applied, a later run does not reset again.
    loop.held = "Apple_2"
    planner._run("again", "e2", 0, [], lambda *a: None)
    assert seen[-1][0] == "Apple_2"
