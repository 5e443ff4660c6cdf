"""Explore on a floor in pieces: FloorPlan29's kitchen grid has two parts; the room's
centre cell (explore's first viewpoint) lies in the part the robot does not stand in, and
every explore of the room failed "no path to the goal" (round 18, tuning plan 29: 3 of 10
tasks lost by both arms). Viewpoints are drawn from the robot's part of the floor."""

from __future__ import annotations

import networkx as nx

from memory_node.core.errors import ErrorCode
from memory_node.core.skills import load_skill_table
from memory_node.sim.core.layouts import from_floorplan
from memory_node.sim.core.nav import Navigator
from memory_node.sim.core.skill_logic import SkillRunner


def test_explore_looks_from_the_part_of_the_floor_the_robot_can_reach() -> None:
    w = from_floorplan(29, 0)
    nav = Navigator(w.free)
    part = set(nx.node_connected_component(nav.graph, nav.nearest_cell(w.robot.x, w.robot.y)))
    assert 0 < len(part) < len(w.free)            # the floor is in pieces
    runner = SkillRunner(load_skill_table(), nav)
    room = w.rooms[0].name
    out = runner.run(w, "explore", [room], [], "base")
    assert out.code == ErrorCode.NONE, out.message
    assert set(runner.viewpoints(w, room)) <= part
    assert nav.reachable_from(w.robot.x, w.robot.y) == part
    assert out.duration > 0 and all(w.cell_of(p.x, p.y) in part for p in out.waypoints)
