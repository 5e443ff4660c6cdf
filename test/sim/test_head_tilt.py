"""The head tilts: the MuJoCo render and the geometric fast path share the tilted camera,
explore looks down and up at each heading, and what a tilted-up camera saw lands where it
is (headless EGL, no ROS)."""

from __future__ import annotations

import math
from pathlib import Path

import numpy as np
import pytest

from memory_node.core.errors import ErrorCode
from memory_node.core.memory import Memory
from memory_node.core.memory_settings import MemorySettings
from memory_node.core.perception import PerceptionConfig, PerceptionPipeline
from memory_node.core.perception.camera import CameraIntrinsics, Pose, matrix_to_quaternion
from memory_node.core.perception.observation import Detection
from memory_node.core.skills import load_skill_table
from memory_node.sim.core.camera_mount import CAMERA_PITCH, EXPLORE_PITCHES, LOOK_UP_PITCH
from memory_node.sim.core.detection import DetectionNoise
from memory_node.sim.core.layouts import from_floorplan, from_seed
from memory_node.sim.core.nav import Navigator
from memory_node.sim.core.playback import pitch_at
from memory_node.sim.core.sensors import SensorRig
from memory_node.sim.core.skill_logic import (
    Costs,
    SkillRunner,
    Target,
    Waypoint,
    box_distance,
)
from memory_node.sim.core.visibility import Camera, GeometricCamera
from memory_node.sim.core.world import World

EXACT = DetectionNoise(p_miss=0, p_confuse=0, box_jitter_px=0, false_positives=0,
                       p_state_error=0)
MICROWAVE = "Microwave_01"   # FloorPlan10: on a cabinet, 1.53-1.83 m (k10x-2, k10x-3)


@pytest.fixture(scope="module")
def kitchen10() -> World:
    return from_floorplan(10)


def _facing(w: World, oid: str, distance: float) -> World:
    """A copy with the robot on the free cell nearest `distance` from `oid`, facing it."""
    o = w.objects[oid]
    w = w.copy()
    x, y = min((w.cell_xy(c) for c in sorted(w.free)),
               key=lambda p: abs(math.dist(p, o.position[:2]) - distance))
    w.robot.x, w.robot.y = x, y
    w.robot.yaw = math.atan2(o.position[1] - y, o.position[0] - x)
    w.follow_robot()
    return w


def test_render_and_fast_path_put_the_tilted_camera_in_one_place() -> None:
    w = from_seed(0)
    rig = SensorRig(w, 320, 240)
    try:
        for pitch in (CAMERA_PITCH, LOOK_UP_PITCH, math.radians(45), CAMERA_PITCH):
            w.robot.x, w.robot.y, w.robot.yaw, w.robot.pitch = 1.0, 2.0, 0.7, pitch
            rig.scene.sync(w)
            pos, rot = rig.scene.camera_pose()
            geo = Camera().pose(1.0, 2.0, 0.7, pitch)
            np.testing.assert_allclose(pos, geo.position, atol=1e-6)
            # 1e-4: the model's rest pose is written to MJCF with four decimals.
            np.testing.assert_allclose(rot, geo.rotation, atol=1e-4)
            # The optical axis points `pitch` below the horizon.
            assert math.degrees(-math.asin(rot[2, 2])) == pytest.approx(
                math.degrees(pitch), abs=0.01)
    finally:
        rig.close()


def test_a_microwave_at_1_6_m_is_seen_with_the_head_up_by_both_paths(kitchen10) -> None:
    rig = SensorRig(kitchen10, 320, 240, EXACT)
    geo = GeometricCamera(EXACT)
    index = rig.scene.index[MICROWAVE]
    try:
        for distance in (1.1, 1.6, 2.2):
            w = _facing(kitchen10, MICROWAVE, distance)
            seen = {}
            for pitch in (CAMERA_PITCH, LOOK_UP_PITCH):
                w.robot.pitch = pitch
                rig.scene.sync(w)
                _, _, seg = rig.renderer.render(rgb=False, depth=False, seg=True)
                rendered = int((seg == index).sum()) >= EXACT.min_pixels
                geometric = MICROWAVE in {o.id for o in geo.visible_objects(w)}
                assert rendered == geometric, (distance, pitch)
                assert ("Microwave" in rig.labels_seen(w)) == rendered
                seen[pitch] = rendered
            assert seen == {CAMERA_PITCH: False, LOOK_UP_PITCH: True}, distance
    finally:
        rig.close()


def test_what_the_render_shows_the_fast_path_sees_at_either_pitch() -> None:
    """The geometric camera models no occlusion, so it sees about a superset of the
    render's objects within its range; tilting the head must not break that."""
    w = from_seed(0)
    rig = SensorRig(w, 320, 240, EXACT)
    geo = GeometricCamera(EXACT)
    try:
        cells = sorted(w.free)
        for pitch in EXPLORE_PITCHES:
            rng = np.random.default_rng(0)
            both = render_only = 0
            for k in rng.choice(len(cells), 12, replace=False):
                w.robot.x, w.robot.y = w.cell_xy(cells[int(k)])
                w.robot.yaw, w.robot.pitch = float(rng.uniform(-np.pi, np.pi)), pitch
                w.follow_robot()
                rig.scene.sync(w)
                _, _, seg = rig.renderer.render(rgb=False, depth=False, seg=True)
                counts = np.bincount(seg[seg >= 0], minlength=len(rig.scene.ids))
                near = [rig.scene.ids[i] for i in np.flatnonzero(counts >= EXACT.min_pixels)]
                rendered = {oid for oid in near
                            if w.objects[oid].kind.detectable
                            and not w.visible_container_closed(w.objects[oid])
                            and math.dist(w.objects[oid].position[:2],
                                          (w.robot.x, w.robot.y)) <= 3.5}
                geometric = {o.id for o in geo.visible_objects(w)}
                both += len(rendered & geometric)
                render_only += len(rendered - geometric)
            assert both >= 8, pitch
            # Measured on these poses: 1 of 17 at rest (a drawer front at the image's
            # bottom edge), 0 of 9 with the head up.
            assert render_only <= 0.15 * (both + render_only), (pitch, both, render_only)
    finally:
        rig.close()


def test_a_tilted_up_frame_projects_to_the_objects_true_place(kitchen10, tmp_path: Path
                                                              ) -> None:
    """Rendered frame -> the perception pipeline (depth, intrinsics, the camera's pose as
    slam/pose carries it) -> the scene graph: the microwave, seen only with the head up,
    lands in its own box; the same pixels read with the rest pose's rotation would not."""
    rig = SensorRig(kitchen10, 320, 240, EXACT)
    try:
        w = _facing(kitchen10, MICROWAVE, 1.6)
        w.robot.pitch = LOOK_UP_PITCH
        frame = rig.capture(w)
    finally:
        rig.close()
    mw = w.objects[MICROWAVE]
    fx, fy, cx, cy = frame.camera.k
    k = CameraIntrinsics(fx, fy, cx, cy, frame.camera.width, frame.camera.height)
    dets = [Detection(d.label, d.score, d.box, state=d.state)
            for d in frame.detections if d.label == "Microwave"]
    assert len(dets) == 1
    pipe = PerceptionPipeline(k, PerceptionConfig())

    def observe(rotation: np.ndarray) -> list:
        pose = Pose.make(frame.position, matrix_to_quaternion(rotation))
        return pipe.process(frame.stamp, frame.depth, pose, dets).observations

    (obs,) = observe(frame.rotation)
    m = Memory(MemorySettings(memory_dir=str(tmp_path), durability="normal"))
    try:
        view = pipe.process(frame.stamp, frame.depth,
                            Pose.make(frame.position, matrix_to_quaternion(frame.rotation)),
                            dets).view
        m.long_term.apply([obs], view, frame.stamp)
        graph = m.long_term.graph
        (node,) = [graph.node(n) for n in graph.nodes("object")]
        p = np.asarray(node["position"], dtype=float)
    finally:
        m.close()
    assert node["label"] == "Microwave"
    # Inside the microwave's box (test_sensors' margin for the render's pixels: 0.08 m).
    assert box_distance(mw, p) <= 0.08, (p, mw.position)
    assert mw.position[2] - mw.size[2] / 2 - 0.08 <= p[2] <= mw.top + 0.08
    # A pose that ignored the tilt (the rest rotation) puts it far off.
    rest = Camera().pose(w.robot.x, w.robot.y, w.robot.yaw, CAMERA_PITCH).rotation
    wrong = observe(rest)
    assert not wrong or box_distance(mw, np.asarray(wrong[0].position)) > 0.3


def test_the_fast_path_frame_and_view_follow_the_head(kitchen10) -> None:
    """In-process: the frame memory receives at a look up holds what explore saw there,
    and the scene graph's visibility model expects the microwave only with the head up."""
    cam = GeometricCamera(EXACT, seed=3)
    w = _facing(kitchen10, MICROWAVE, 1.6)
    mw = kitchen10.objects[MICROWAVE]
    w.robot.pitch = LOOK_UP_PITCH
    assert "Microwave" in cam.labels_seen(w)
    up = [d for d in cam.frame(w) if d.truth == MICROWAVE]
    assert len(up) == 1 and np.linalg.norm(np.subtract(up[0].position, mw.position)) < 0.1
    assert cam.view(w).visible(mw.position[None], mw.size[None])[0]
    w.robot.pitch = CAMERA_PITCH
    assert "Microwave" not in cam.labels_seen(w)
    assert not any(d.truth == MICROWAVE for d in cam.frame(w))
    assert not cam.view(w).visible(mw.position[None], mw.size[None])[0]


def target_of(w: World, oid: str) -> Target:
    """What a memory that saw `oid` sends: its label and position."""
    o = w.objects[oid]
    return Target(f"mem_{oid}", o.type, tuple(float(v) for v in o.position), True)


def _explorer(world: World, look_up: bool) -> SkillRunner:
    cam = GeometricCamera(EXACT)
    return SkillRunner(load_skill_table(), Navigator(world.free), Costs(look_up=look_up),
                       detector=cam.labels_seen)


def test_explore_finds_the_high_microwave_only_when_it_looks_up(kitchen10) -> None:
    w = kitchen10.copy()
    low = _explorer(w, look_up=False).run(w, "explore", ["kitchen", "Microwave"], [])
    assert low.code == ErrorCode.NOT_FOUND, low.message
    out = _explorer(w, look_up=True).run(w, "explore", ["kitchen", "Microwave"], [])
    assert out.success, out.message
    found = [p for p in out.waypoints if p.phase == "looking"][-1]
    assert found.pitch == LOOK_UP_PITCH
    # The skill leaves the head at rest.
    assert out.waypoints[-1].pitch == CAMERA_PITCH and out.world.robot.pitch == CAMERA_PITCH
    # Found on the pass with the head up, after the whole room at rest (the rest pass:
    # the same waypoints as without the look up).
    assert out.waypoints[:len(low.waypoints)] == low.waypoints
    assert out.duration > low.duration


def test_explore_looks_down_and_up_at_every_heading_and_pays_for_it(kitchen10) -> None:
    w = kitchen10.copy()
    assert not w.of_type("Boots")
    low = _explorer(w, look_up=False).run(w, "explore", ["kitchen", "Boots"], [])
    both = _explorer(w, look_up=True).run(w, "explore", ["kitchen", "Boots"], [])
    assert low.code == both.code == ErrorCode.NOT_FOUND
    c = Costs()
    n = len(_explorer(w, True).viewpoints(w, "kitchen")) * c.headings
    looks = [p for p in both.waypoints if p.phase == "looking"]
    assert len(looks) == 2 * n
    # The rest pass is the explore without the look up, waypoint for waypoint; then the
    # head goes up once, every viewpoint again (backwards), and down once at the end.
    assert both.waypoints[:len(low.waypoints)] == low.waypoints
    assert [p.pitch for p in looks] == [CAMERA_PITCH] * n + [LOOK_UP_PITCH] * n
    tilts = [p for p in both.waypoints if p.phase == "tilting"]
    assert [p.pitch for p in tilts] == [LOOK_UP_PITCH, CAMERA_PITCH]
    assert all(p.pitch == LOOK_UP_PITCH for p in both.waypoints[len(low.waypoints):-1])
    # What the up pass costs: its looks, turns and the drive back, two tilts. The drive
    # back is no longer than the drive out (the same viewpoints, backwards).
    turns = (2 * math.pi / c.headings) / c.turn_rate * (c.headings - 1) * (n // c.headings)
    assert both.duration >= low.duration + n * c.look + turns + 2 * c.tilt - 1e-9
    assert both.duration <= 2 * low.duration + 2 * c.tilt
    assert both.waypoints[-1].pitch == CAMERA_PITCH


def test_a_skill_after_a_cancelled_look_up_lowers_the_head_first(kitchen10) -> None:
    w = kitchen10.copy()
    w.robot.pitch = LOOK_UP_PITCH   # a cancel stopped the head where it was
    runner = _explorer(w, look_up=True)
    out = runner.run(w, "navigate", ["kitchen"], [])
    assert out.success, out.message
    assert out.waypoints[0].pitch == CAMERA_PITCH
    assert out.waypoints[0].t == pytest.approx(runner.costs.tilt)


def test_playback_interpolates_the_head() -> None:
    wps = [Waypoint(1.0, 0.0, 0.0, 0.0, "looking"),
           Waypoint(1.5, 0.0, 0.0, 0.0, "tilting", LOOK_UP_PITCH)]
    assert pitch_at(CAMERA_PITCH, wps, 0.5) == CAMERA_PITCH
    assert pitch_at(CAMERA_PITCH, wps, 1.25) == pytest.approx(
        (CAMERA_PITCH + LOOK_UP_PITCH) / 2)
    assert pitch_at(CAMERA_PITCH, wps, 9.0) == LOOK_UP_PITCH
    assert pitch_at(LOOK_UP_PITCH, [], 1.0) == LOOK_UP_PITCH


def test_the_head_looks_up_at_a_high_receptacle_the_arm_opens(kitchen10) -> None:
    """Opening the microwave at 1.6 m leaves the head up, so the frame after it shows the
    apple inside; opening a drawer in the rest view leaves it at rest, at no extra cost."""
    w = kitchen10.copy()
    runner = _explorer(w, look_up=True)
    cam = GeometricCamera(EXACT)
    tgt = target_of(w, MICROWAVE)
    got = runner.run(w, "navigate", [tgt.id], [tgt])
    assert got.success, got.message
    w = got.world
    assert w.robot.pitch == CAMERA_PITCH
    assert not any(d.truth == "Apple_01" for d in cam.frame(w))   # shut, and too high
    opened = runner.run(w, "open", [tgt.id], [tgt])
    assert opened.success, opened.message
    assert opened.waypoints[-1].pitch == LOOK_UP_PITCH == opened.world.robot.pitch
    assert opened.duration == pytest.approx(runner.costs.open + runner.costs.tilt)
    assert any(d.truth == "Apple_01" for d in cam.frame(opened.world))
    # Without the look up the same open leaves the head at rest and the apple unseen.
    rest = _explorer(w, look_up=False).run(w, "open", [tgt.id], [tgt])
    assert rest.world.robot.pitch == CAMERA_PITCH
    assert rest.duration == pytest.approx(runner.costs.open)
    assert not any(d.truth == "Apple_01" for d in cam.frame(rest.world))
    # A drawer in the rest view (0.55 m, its centre 43° down from where navigate leaves
    # the robot): the head stays at rest, the skill costs what it did.
    t_low = target_of(w, "Drawer_02")
    near = runner.run(w, "navigate", [t_low.id], [t_low]).world
    out = runner.run(near, "open", [t_low.id], [t_low])
    assert out.success, out.message
    assert out.world.robot.pitch == CAMERA_PITCH
    assert out.duration == pytest.approx(runner.costs.open)
    # A cabinet below it (0.4 m, its centre 56° down, below the rest view's 54°): the head
    # looks down at it and pays the tilt (test_approach_opening: what is inside is seen).
    t_low = target_of(w, "Cabinet_02")
    near = runner.run(w, "navigate", [t_low.id], [t_low]).world
    out = runner.run(near, "open", [t_low.id], [t_low])
    assert out.success, out.message
    assert out.world.robot.pitch > CAMERA_PITCH
    assert out.duration == pytest.approx(runner.costs.open + runner.costs.tilt)


def test_the_head_looks_further_up_at_a_wall_cabinet_above_the_look_up_view() -> None:
    """FloorPlan17: a plate in a wall cabinet at 2.06 m, opened from the nearest cell (its
    centre about 52° up): at the look-up pitch (view top 39° up) the plate inside stayed
    unseen and the task was lost; the head now tilts as far as it goes toward it."""
    from memory_node.sim.core.camera_mount import HEAD_MAX_UP_PITCH

    w = from_floorplan(17)
    plate = next(o for o in w.objects.values() if o.type == "Plate" and o.parent)
    cabinet = w.objects[plate.parent]
    assert cabinet.position[2] > 2.0 and cabinet.is_open is False
    runner = _explorer(w, look_up=True)
    cam = GeometricCamera(EXACT)
    tgt = target_of(w, cabinet.id)
    # From the free cell nearest the cabinet (where a navigate from the far side ends).
    near = _facing(w, cabinet.id, 0.0)
    opened = runner.run(near, "open", [tgt.id], [tgt])
    assert opened.success, opened.message
    pitch = opened.world.robot.pitch
    assert HEAD_MAX_UP_PITCH <= pitch < LOOK_UP_PITCH
    assert any(d.truth == plate.id for d in cam.frame(opened.world))
    # At the look-up pitch the same frame misses it.
    at_look_up = opened.world.copy()
    at_look_up.robot.pitch = LOOK_UP_PITCH
    at_look_up.follow_robot()
    assert not any(d.truth == plate.id for d in GeometricCamera(EXACT).frame(at_look_up))
