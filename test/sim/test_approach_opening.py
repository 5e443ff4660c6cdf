"""Where the robot stands to work an openable receptacle: never behind a wall, and in front
of its opening when it can. The main job's house (seed 0) has its fridge backing onto the
bedroom wall; the blind arm, coming from the bathroom, opened it from the bedroom (0.6 m
from its back, through the wall) and later from beside it, and the frame after the open
never showed the mug on its shelf (bench/README_tasks.md round 19)."""

from __future__ import annotations

import pytest

from memory_node.core.skills import load_skill_table
from memory_node.sim.core.layouts import from_seed
from memory_node.sim.core.nav import Navigator
from memory_node.sim.core.skill_logic import ErrorCode, SkillRunner, Target
from memory_node.sim.core.world import World, WorldObject, in_front_of


def _house() -> tuple[World, WorldObject, WorldObject]:
    world = from_seed(0)
    fridge = next(o for o in world.objects.values() if o.type == "Fridge")
    mug = next(o for o in world.objects.values() if o.type == "Mug")
    return world, fridge, mug


def _targets(fridge: WorldObject, mug: WorldObject) -> list[Target]:
    return [Target("fridge", "Fridge", tuple(float(v) for v in fridge.position), True),
            Target("mug", "Mug", tuple(float(v) for v in mug.position), True)]


def test_the_house_has_the_wall_behind_the_fridge() -> None:
    # The geometry the tests below rely on: a cell of the bedroom within the arm's band
    # of the fridge's back, with the wall between.
    world, fridge, _ = _house()
    assert world.wall_between((5.5, 5.25), (5.5, 4.3))
    assert not world.walled_off(fridge, 5.0, 3.0)
    assert world.walled_off(fridge, 5.5, 5.25)


def test_no_cell_in_reach_has_a_wall_between_it_and_the_object() -> None:
    world, fridge, _ = _house()
    nav = Navigator(world.free)
    cells = nav.cells_near(world, fridge)
    assert cells
    behind = [c for c in cells if world.walled_off(fridge, *World.cell_xy(c))]
    assert behind == []


def test_the_arm_does_not_open_through_a_wall() -> None:
    world, fridge, mug = _house()
    world.robot.x, world.robot.y = 5.5, 5.25          # the bedroom, 0.8 m from the back
    assert world.distance_to(fridge) < 0.9
    out = SkillRunner(load_skill_table(), Navigator(world.free)).run(
        world, "open", ["fridge"], _targets(fridge, mug))
    assert out.code == ErrorCode.PRECONDITION_FAILED, out.message
    assert "wall" in out.message


@pytest.mark.parametrize("start", [(11.5, 5.8), (3.0, 6.0), (1.0, 1.0), (9.0, 2.0)])
def test_navigate_to_an_openable_ends_in_front_of_its_opening(
        start: tuple[float, float]) -> None:
    world, fridge, mug = _house()
    world.robot.x, world.robot.y = start
    out = SkillRunner(load_skill_table(), Navigator(world.free)).run(
        world, "navigate", ["fridge"], _targets(fridge, mug))
    assert out.code == ErrorCode.NONE, out.message
    assert out.world is not None
    r = out.world.robot
    assert in_front_of(fridge, r.x, r.y), (r.x, r.y)


def test_in_front_of_turns_with_the_object() -> None:
    world, fridge, _ = _house()
    # The fridge is turned 180°: its opening faces -y (the kitchen), its back the bedroom.
    assert in_front_of(fridge, float(fridge.position[0]), float(fridge.position[1]) - 0.8)
    assert not in_front_of(fridge, float(fridge.position[0]), float(fridge.position[1]) + 0.8)
    assert not in_front_of(fridge, float(fridge.position[0]) + 1.0,
                           float(fridge.position[1]) - 0.8)


@pytest.mark.parametrize("start", [(11.5, 5.8), (1.0, 1.0)])
def test_the_frame_after_opening_shows_what_is_inside(start: tuple[float, float]) -> None:
    """Rendered: the mug put in the fridge is in the head camera's segmentation (at least
    the detector's pixels) after navigate + open from the bathroom and from the kitchen's
    far corner."""
    from memory_node.sim.core.detection import DetectionNoise
    from memory_node.sim.core.sensors import SensorRig

    world, fridge, mug = _house()
    runner = SkillRunner(load_skill_table(), Navigator(world.free))
    targets = _targets(fridge, mug)
    world.robot.x, world.robot.y = 3.0, 2.0
    world.take(mug.id)
    for skill, args in (("navigate", ["fridge"]), ("open", ["fridge"]),
                        ("put", ["mug", "fridge"]), ("close", ["fridge"])):
        out = runner.run(world, skill, args, targets)
        assert out.code == ErrorCode.NONE and out.world is not None, out.message
        world = out.world
    assert world.objects[mug.id].parent == fridge.id
    world.robot.x, world.robot.y = start
    for skill in ("navigate", "open"):
        out = runner.run(world, skill, ["fridge"], targets)
        assert out.code == ErrorCode.NONE and out.world is not None, out.message
        world = out.world
    rig = SensorRig(world, 320, 240)
    try:
        rig.scene.sync(world)
        _, _, seg = rig.renderer.render(rgb=False, depth=False)
        assert seg is not None
        pixels = int((seg == rig.scene.index[mug.id]).sum())
    finally:
        rig.close()
    assert pixels >= DetectionNoise().min_pixels, pixels


@pytest.mark.parametrize(("drawer", "inside"), [("Drawer_02", "Pen_01"),
                                                ("Drawer_04", "CreditCard_01")])
def test_the_head_looks_down_into_a_low_drawer_it_opened(drawer: str, inside: str) -> None:
    """FloorPlan315's dressers: drawers 0.1-0.2 m above the floor, opened from in front of
    them. The rest view's bottom ray is 54° down; their centres lie ~60° down, and what is
    in them stayed out of the frame (the pen put in one was lost to memory). The head now
    looks down at them, as it looks up at a high cabinet."""
    from memory_node.sim.core.camera_mount import CAMERA_PITCH, HEAD_MAX_DOWN_PITCH
    from memory_node.sim.core.detection import DetectionNoise
    from memory_node.sim.core.layouts import from_floorplan
    from memory_node.sim.core.skill_logic import Costs
    from memory_node.sim.core.visibility import GeometricCamera

    exact = DetectionNoise(p_miss=0, p_confuse=0, box_jitter_px=0, false_positives=0,
                           p_state_error=0)
    world = from_floorplan(315)
    assert world.objects[inside].parent == drawer
    runner = SkillRunner(load_skill_table(), Navigator(world.free), Costs(look_up=True))
    o = world.objects[drawer]
    target = Target("d", o.type, tuple(float(v) for v in o.position), True)
    near = runner.run(world, "navigate", ["d"], [target])
    assert near.code == ErrorCode.NONE and near.world is not None, near.message
    opened = runner.run(near.world, "open", ["d"], [target])
    assert opened.code == ErrorCode.NONE and opened.world is not None, opened.message
    assert CAMERA_PITCH < opened.world.robot.pitch <= HEAD_MAX_DOWN_PITCH
    assert any(d.truth == inside for d in GeometricCamera(exact).frame(opened.world))
    # At rest the same pose's frame misses it.
    at_rest = opened.world.copy()
    at_rest.robot.pitch = CAMERA_PITCH
    assert not any(d.truth == inside for d in GeometricCamera(exact).frame(at_rest))
