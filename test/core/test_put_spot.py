"""Where memory puts an object the robot set down on a turned receptacle: the scene graph
keeps each box's size along its own axes and its turn; the spot is clamped to the footprint
in the box's frame (round 18: taken as axis-aligned, a counter standing along y gave spots
0.7 m off)."""

from __future__ import annotations

import math
from dataclasses import replace
from pathlib import Path

import numpy as np
import pytest

from memory_node.core.memory import Memory
from memory_node.core.memory_settings import MemorySettings
from memory_node.core.perception.camera import CameraIntrinsics, Pose
from memory_node.core.perception.frustum import CameraView
from memory_node.core.perception.observation import Observation
from memory_node.core.recall.embedder import Embedder
from memory_node.core.recall.outcomes import SkillOutcome, apply_outcome, placement_on
from memory_node.core.units import ObjectMemoryUnit as Unit

QUARTER = math.pi / 2


def test_the_spot_is_clamped_in_the_receptacles_own_frame() -> None:
    # A 1.6 x 0.6 m counter turned a quarter: it runs along y, from y 0.1 to 1.7.
    spot = placement_on((2.0, 0.9, 0.45), (1.6, 0.6, 0.9), (1.0, 0.2, 0.0), QUARTER)
    assert spot == pytest.approx((1.8, 0.2, 0.9))
    # Unturned, as before.
    assert placement_on((2.0, 0.9, 0.45), (1.6, 0.6, 0.9), (1.0, 0.2, 0.0)) == \
        pytest.approx((1.3, 0.7, 0.9))
    units = {"Cup_1": Unit("Cup_1", "Cup", (0.0, 0.0, 1.0)),
             "CounterTop_1": Unit("CounterTop_1", "CounterTop", (2.0, 0.9, 0.45))}
    (onto,) = apply_outcome(units, SkillOutcome("put", ("Cup_1", "CounterTop_1"), True,
                                                robot_position=(1.0, 0.2, 0.0), stamp=1.0),
                            extents={"CounterTop_1": (1.6, 0.6, 0.9)},
                            yaws={"CounterTop_1": QUARTER})
    assert onto.position == pytest.approx((1.8, 0.2, 0.9))


def test_memory_puts_the_cup_where_the_robot_set_it_on_a_turned_counter(
        tmp_path: Path, embedder: Embedder) -> None:
    m = Memory(MemorySettings(memory_dir=str(tmp_path), durability="normal"),
               embedder=embedder)
    turned = np.array([[0.0, -1.0, 0.0], [1.0, 0.0, 0.0], [0.0, 0.0, 1.0]])
    counter = replace(Observation.at("CounterTop", (2.0, 0.9, 0.45), 1.0,
                                     extent=(1.6, 0.6, 0.9)), box_rotation=turned)
    cup = Observation.at("Cup", (2.0, 0.4, 0.95), 1.0, extent=(0.08, 0.08, 0.1))
    look_x = Pose.make((0.0, 0.0, 1.0), (-0.5, 0.5, -0.5, 0.5))   # a camera facing +x
    view = CameraView(1.0, look_x, CameraIntrinsics(300.0, 300.0, 160.0, 120.0, 320, 240),
                      0.3, 6.0)
    m.long_term.apply([counter, cup], view, 1.0)
    ids = {h.label: h.object_id for label in ("CounterTop", "Cup")
           for h in m.long_term.find(label)}
    m.recall.record_outcome("e1", "pick", [ids["Cup"]], True, robot_position=(1.0, 0.2, 0.0))
    m.recall.record_outcome("e1", "put", [ids["Cup"], ids["CounterTop"], "on"], True,
                            robot_position=(1.0, 0.2, 0.0))
    unit = m.short_term.peek(ids["Cup"])
    assert unit is not None and unit.receptacle_id == ids["CounterTop"]
    # The counter's end nearest the robot, 0.1 m in from its edge; not (1.3, 0.7).
    assert math.dist(unit.position[:2], (1.8, 0.2)) < 0.05, unit.position
    assert m.long_term.yaw(ids["CounterTop"]) == pytest.approx(QUARTER)
    m.close()
