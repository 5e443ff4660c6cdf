"""The one-pass depth + segmentation read-back gives the arrays of mujoco.Renderer's two
separate passes (headless EGL, no ROS)."""

from __future__ import annotations

import numpy as np
import pytest

from memory_node.sim.core.detection import DetectionNoise
from memory_node.sim.core.layouts import from_seed
from memory_node.sim.core.sensors import SensorRig


@pytest.mark.parametrize("size", [(640, 480), (320, 240)])
def test_one_pass_equals_separate_passes(size: tuple[int, int]) -> None:
    world = from_seed(0)
    rig = SensorRig(world, *size)
    try:
        cells = sorted(world.free)
        rng = np.random.default_rng(0)
        seen = 0
        for k in rng.choice(len(cells), 12, replace=False):
            x, y = world.cell_xy(cells[int(k)])
            world.robot.x, world.robot.y = x, y
            world.robot.yaw = float(rng.uniform(-np.pi, np.pi))
            world.follow_robot()
            rig.scene.sync(world)
            _, depth, seg = rig.renderer.render(rgb=False)
            _, depth_alone, _ = rig.renderer.render(rgb=False, seg=False)
            _, _, seg_alone = rig.renderer.render(rgb=False, depth=False)
            assert depth is not None and seg is not None
            assert depth.dtype == np.float32 and depth.shape == (size[1], size[0])
            np.testing.assert_array_equal(depth, depth_alone)
            np.testing.assert_array_equal(seg, seg_alone)
            seen += int((seg >= 0).any())
        assert seen >= 6  # the poses looked at objects, not only at walls
    finally:
        rig.close()


def test_a_wall_near_the_head_is_drawn_not_seen_through() -> None:
    """The near clip plane is in metres: a wall 0.25 m ahead of the camera fills the
    centre of the frame at that depth (with a near plane relative to the house's size it
    was clipped and the camera saw the room behind it)."""
    from memory_node.sim.core.camera_mount import CAMERA_AHEAD, CAMERA_PITCH

    world = from_seed(0)
    rig = SensorRig(world, 320, 240)
    try:
        gap = 0.25                                  # camera to the wall's face, horizontally
        x0, y0, x1, y1 = max(world.walls, key=lambda w: w[2] - w[0])   # longest along x
        world.robot.x = (x0 + x1) / 2
        world.robot.y = y1 + gap + CAMERA_AHEAD     # in front of its +y face ...
        world.robot.yaw = -np.pi / 2                # ... looking at it
        world.follow_robot()
        rig.scene.sync(world)
        _, depth, seg = rig.renderer.render(rgb=False)
        assert depth is not None and seg is not None
        centre = depth[115:125, 155:165]
        # The optical axis meets the face gap / cos(pitch) ahead, and depth is along it.
        np.testing.assert_allclose(centre, gap / np.cos(CAMERA_PITCH), atol=0.02)
        assert (seg[115:125, 155:165] == -1).all()  # the wall, no object behind it
    finally:
        rig.close()


def test_the_held_object_is_drawn_but_not_detected() -> None:
    """What the gripper holds is in the head's view (with the near plane in metres it is
    drawn 0.4 m below the camera) but is the robot's own: no detection is made of it."""
    world = from_seed(0)
    mug = next(o for o in world.objects.values() if o.type == "Mug")
    x, y = world.cell_xy(sorted(world.free)[len(world.free) // 2])
    world.robot.x, world.robot.y, world.robot.yaw = x, y, 0.3
    world.objects[mug.id].parent = None
    world.robot.held = mug.id
    world.follow_robot()
    rig = SensorRig(world, 320, 240, noise=DetectionNoise(p_miss=0.0), masks=True)
    try:
        idx = rig.scene.index[mug.id]
        for pitch in (0.44, 0.8, 1.2):
            world.robot.pitch = pitch
            frame = rig.capture(world)
            rig.scene.sync(world)
            _, _, seg = rig.renderer.render(rgb=False)
            assert seg is not None and int((seg == idx).sum()) > 500   # in view
            assert all(d.truth != idx for d in frame.detections)
    finally:
        rig.close()
