"""MuJoCo rendering and the detection error model (headless EGL, no ROS)."""

from __future__ import annotations

import math

import numpy as np
import pytest

from memory_node.core.errors import ErrorCode
from memory_node.sim.core.camera_mount import EXPLORE_PITCHES
from memory_node.sim.core.detection import DetectionNoise, Detector
from memory_node.sim.core.sensors import SensorRig
from memory_node.sim.core.world import World


@pytest.fixture(scope="module")
def rig_world():
    from memory_node.sim.core.layouts import from_seed

    w = from_seed(3)
    rig = SensorRig(w, 320, 240, DetectionNoise(p_miss=0, p_confuse=0, box_jitter_px=0,
                                                false_positives=0, p_state_error=0))
    yield rig, w
    rig.close()


def _face(w: World, oid: str) -> None:
    """Stand the robot 1.4 m in front of an object, looking at it."""
    o = w.objects[oid]
    front = np.array([-math.sin(o.yaw), math.cos(o.yaw)])
    best = None
    for c in sorted(w.free):
        x, y = w.cell_xy(c)
        v = np.array([x, y]) - o.position[:2]
        d = float(np.linalg.norm(v))
        if 1.0 <= d <= 1.8 and v @ front > 0.85 * d and (best is None or abs(d - 1.4) < best[0]):
            best = (abs(d - 1.4), x, y)
    assert best is not None
    w.robot.x, w.robot.y = best[1], best[2]
    w.robot.yaw = math.atan2(o.position[1] - best[2], o.position[0] - best[1])


def _unproject(frame, us, vs):
    fx, fy, cx, cy = frame.camera.k
    z = frame.depth[vs, us]
    pts_cam = np.stack([(us - cx) / fx * z, (vs - cy) / fy * z, z], axis=1)
    return pts_cam @ frame.rotation.T + frame.position


def test_depth_pose_and_intrinsics_put_pixels_on_the_objects(rig_world) -> None:
    rig, house = rig_world
    w = house.copy()
    fridge = w.of_type("Fridge")[0]
    _face(w, fridge.id)
    frame = rig.capture(w)
    assert frame.rgb.shape == (240, 320, 3) and frame.rgb.dtype == np.uint8
    assert frame.depth.shape == (240, 320) and frame.depth.dtype == np.float32
    _, _, seg = rig.renderer.render(rgb=False, depth=False, seg=True)
    checked = 0
    for det in frame.detections:
        o = w.objects[rig.scene.ids[det.truth]]
        vs, us = np.nonzero(seg == det.truth)
        pts = _unproject(frame, us, vs)
        # Every pixel of the object unprojects into its (yaw-rotated) bounding box.
        c, s = math.cos(-o.yaw), math.sin(-o.yaw)
        d = pts - o.position
        local = np.stack([c * d[:, 0] - s * d[:, 1], s * d[:, 0] + c * d[:, 1], d[:, 2]], 1)
        half = o.size / 2 + 0.05
        inside = np.all(np.abs(local) <= half + 0.03, axis=1).mean()
        assert inside > 0.95, (o.id, inside)
        checked += 1
    assert checked >= 1
    assert "Fridge" in {d.label for d in frame.detections}


def test_a_closed_fridge_hides_its_contents_and_an_open_one_shows_them(rig_world) -> None:
    rig, house = rig_world
    w = house.copy()
    fridge = w.of_type("Fridge")[0]
    apple = next(o for o in sorted(w.objects.values(), key=lambda o: o.id)
                 if o.type in ("Lettuce", "Bread", "Apple", "Tomato"))
    w.place(apple.id, fridge.id, "in")
    _face(w, fridge.id)
    fridge.is_open = False
    assert apple.type not in rig.labels_seen(w)
    fridge.is_open = True
    assert apple.type in rig.labels_seen(w)


def test_the_detector_is_seeded_and_its_errors_can_be_set(rig_world) -> None:
    rig, house = rig_world
    w = house.copy()
    _face(w, w.of_type("Fridge")[0].id)
    rig.scene.sync(w)
    _, _, seg = rig.renderer.render(rgb=False, depth=False, seg=True)
    objs = [w.objects.get(i) for i in rig.scene.ids]
    vocab = ["Apple", "Mug"]

    def run(noise, seed=4):
        return Detector(noise, seed).detect(seg, objs, vocab)

    base = run(DetectionNoise(p_miss=0, false_positives=0))
    assert [(d.label, d.box) for d in base] == \
        [(d.label, d.box) for d in run(DetectionNoise(p_miss=0, false_positives=0))]
    assert run(DetectionNoise(p_miss=1.0, false_positives=0)) == []
    fps = run(DetectionNoise(p_miss=1.0, false_positives=3.0))
    assert fps and all(d.truth == -1 and d.label in vocab for d in fps)
    exact = run(DetectionNoise(p_miss=0, box_jitter_px=0, false_positives=0))
    noisy = run(DetectionNoise(p_miss=0, box_jitter_px=5, false_positives=0))
    assert [d.truth for d in exact] == [d.truth for d in noisy]
    assert any(a.box != b.box for a, b in zip(exact, noisy, strict=True))
    # Confusion within a similar-class group (Fridge has none; furniture pairs do).
    confused = run(DetectionNoise(p_miss=0, p_confuse=1.0, false_positives=0))
    for a, b in zip(exact, confused, strict=True):
        from memory_node.sim.core.catalog import similar_types
        assert b.label == a.label or b.label in similar_types(a.label)
    with pytest.raises(ValueError):
        DetectionNoise(p_miss=1.5)


def test_state_words_are_read_with_an_error_rate(rig_world) -> None:
    rig, house = rig_world
    w = house.copy()
    fridge = w.of_type("Fridge")[0]
    _face(w, fridge.id)
    rig.scene.sync(w)
    _, _, seg = rig.renderer.render(rgb=False, depth=False, seg=True)
    objs = [w.objects.get(i) for i in rig.scene.ids]
    right = Detector(DetectionNoise(p_miss=0, false_positives=0, p_state_error=0)).detect(
        seg, objs, [])
    wrong = Detector(DetectionNoise(p_miss=0, false_positives=0, p_state_error=1.0)).detect(
        seg, objs, [])
    f_right = next(d for d in right if d.label == "Fridge")
    f_wrong = next(d for d in wrong if d.label == "Fridge")
    assert f_right.state == "closed" and f_wrong.state == "opened"


def test_explore_succeeds_only_on_what_the_camera_detects(rig_world) -> None:
    from memory_node.core.skills import load_skill_table
    from memory_node.sim.core.nav import Navigator
    from memory_node.sim.core.skill_logic import SkillRunner

    rig, house = rig_world
    w = house.copy()
    runner = SkillRunner(load_skill_table(), Navigator(w.free), detector=rig.labels_seen)
    out = runner.run(w, "explore", ["kitchen", "Fridge"], [])
    assert out.success, out.message
    assert out.world.room_of(out.world.robot.x, out.world.robot.y).name == "kitchen"
    # Something that is nowhere in the house: every viewpoint, every heading, the head at
    # rest and tilted up (camera_mount.EXPLORE_PITCHES), NOT_FOUND.
    assert not w.of_type("Boots")
    out = runner.run(w, "explore", ["bathroom", "Boots"], [])
    assert out.code == ErrorCode.NOT_FOUND
    n_looks = sum(1 for p in out.waypoints if p.phase == "looking")
    assert n_looks == len(runner.viewpoints(w, "bathroom")) * runner.costs.headings \
        * len(EXPLORE_PITCHES)


def test_boxes_from_one_sort_equal_a_scan_per_object() -> None:
    from memory_node.sim.core.detection import _boxes

    rng = np.random.default_rng(3)
    seg = rng.integers(-1, 6, size=(37, 53))
    seg[:, :10] = -1
    got = _boxes(seg)
    for idx in range(6):
        ys, xs = np.nonzero(seg == idx)
        assert got[idx] == (len(xs), xs.min(), ys.min(), xs.max(), ys.max())
    assert _boxes(np.full((4, 4), -1)) == {}


def test_a_look_reports_to_memory_what_explore_decided_on() -> None:
    """The fast path's camera draws misses and misreads at random. Explore decides on one
    draw; the frame memory receives at that pose must be the same draw, else explore
    succeeds on a sighting (a Cup misread as a Mug) memory never gets."""
    from memory_node.sim.core.layouts import from_seed
    from memory_node.sim.core.visibility import GeometricCamera
    from memory_node.sim.tasks.inprocess import InProcessSettings
    world = from_seed(3)
    noise = InProcessSettings().noise
    cam = GeometricCamera(noise, seed=1)
    differed = 0
    for k in range(24):   # headings around the house's free cells: a fixed sample
        cell = sorted(world.free)[(k * 37) % len(world.free)]
        world.robot.x, world.robot.y = World.cell_xy(cell)
        world.robot.yaw = (k * 0.7) % (2 * math.pi) - math.pi
        world.follow_robot()
        decided = cam.labels_seen(world)
        got = cam.frame(world)
        within = {o.id for o in cam.visible_objects(world, cam.explore_cam)}
        assert sorted(decided) == sorted(d.label for d in got if d.truth in within)
        fresh = GeometricCamera(noise, seed=100 + k).detect(world, cam.explore_cam)
        differed += sorted(d.label for d in fresh) != sorted(decided)
    # The property the test rests on: independent draws do differ at some poses.
    assert differed > 0


def test_the_same_view_gives_the_same_detections_however_many_frames_came_before() -> None:
    """Frames are captured at a wall-clock rate, so the number of frames before a pose
    differs between runs; the noise at a pose must not depend on it (nor may explore's
    look differ from the frame memory gets there)."""
    from memory_node.sim.core.layouts import from_seed

    w = from_seed(3)
    noise = DetectionNoise(p_miss=0.4, p_confuse=0.3, box_jitter_px=4, false_positives=1.0)
    rig = SensorRig(w, 160, 120, noise, seed=7)
    try:
        _face(w, next(o.id for o in w.objects.values() if o.type == "Fridge"))
        here = (w.robot.x, w.robot.y, w.robot.yaw)
        first = [(d.label, d.box, d.state) for d in rig.capture(w).detections]
        looked = rig.labels_seen(w)
        w.robot.x, w.robot.y = here[0] + 0.5, here[1]
        for _ in range(3):                       # other frames in between, elsewhere
            rig.capture(w)
        w.robot.x, w.robot.y, w.robot.yaw = here
        again = [(d.label, d.box, d.state) for d in rig.capture(w).detections]
        w.robot.yaw = here[2] + 0.3
        turned = [(d.label, d.box, d.state) for d in rig.capture(w).detections]
    finally:
        rig.close()
    assert first and again == first
    assert looked == [label for label, _, _ in first]
    assert turned != first     # another view, another draw (and other pixels)


def test_frames_at_one_view_draw_anew_so_a_misread_is_not_repeated() -> None:
    """A robot standing still: each frame there has its own draw (else one misread state
    repeats in every frame and memory adopts it), and the sequence is the same per run."""
    from memory_node.sim.core.layouts import from_seed

    w = from_seed(3)
    noise = DetectionNoise(p_miss=0.3, box_jitter_px=4, false_positives=0.5)
    runs = []
    for _ in range(2):
        rig = SensorRig(w, 160, 120, noise, seed=7)
        try:
            _face(w, next(o.id for o in w.objects.values() if o.type == "Fridge"))
            runs.append([[(d.label, d.box) for d in rig.capture(w).detections]
                         for _ in range(4)])
        finally:
            rig.close()
    assert runs[0] == runs[1]
    assert any(frame != runs[0][0] for frame in runs[0][1:])


def test_one_pose_at_one_instant_is_one_image_on_the_fast_path() -> None:
    """Round 20: the in-process runner takes a frame at a skill's last look and another
    after its outcome, at the same pose and simulated instant. The second drew anew, and a
    miss there made memory drop the counter top explore had just seen (FloorPlan415, blind
    arm, s0001). The same instant keeps its draw; what left the view (the picked object)
    leaves it; the next instant draws anew."""
    from memory_node.sim.core.layouts import from_seed
    from memory_node.sim.core.visibility import GeometricCamera

    world = from_seed(3)
    cam = GeometricCamera(DetectionNoise(p_miss=0.5, p_confuse=0.3), seed=1)
    redrawn = 0
    for k in range(24):
        cell = sorted(world.free)[(k * 37) % len(world.free)]
        world.robot.x, world.robot.y = World.cell_xy(cell)
        world.robot.yaw = (k * 0.7) % (2 * math.pi) - math.pi
        world.time = float(k)
        world.follow_robot()
        cam.labels_seen(world)                    # explore decides here ...
        first = [(d.truth, d.label) for d in cam.frame(world)]
        assert cam.same_image(world)
        again = [(d.truth, d.label) for d in cam.frame(world)]   # ... the outcome's frame
        assert again == first
        world.time += 0.5                         # the next instant: a new draw
        later = [(d.truth, d.label) for d in cam.frame(world)]
        redrawn += later != first
        world.time -= 0.5
    assert redrawn > 0
    # An object that leaves the view at that instant (into the hand) leaves the frame;
    # the rest keep their draw.
    world.time = 100.0
    seen = cam.frame(world)
    assert len(seen) > 1
    world.robot.held = seen[0].truth
    try:
        assert not cam.same_image(world)
        kept = [(d.truth, d.label) for d in cam.frame(world)]
    finally:
        world.robot.held = None
    assert kept == [(d.truth, d.label) for d in seen[1:]]


def test_explore_on_the_rendered_path_decides_only_on_what_perception_keeps(rig_world) -> None:
    """Round 20: the rendered segmentation reaches 10 m, the perception pipeline keeps a box
    only with depth points within 4 m. Explore's detector now counts an object only with
    enough pixels in that range; before, an object across the house made explore report
    "saw a X" and memory never received it. Nearer objects still count."""
    from memory_node.sim.core.visibility import FAR

    rig, w = rig_world
    start = (w.robot.x, w.robot.y, w.robot.yaw)
    far_seen, near_kept = [], 0
    try:
        for c in sorted(w.free)[::23]:
            for k in range(4):
                w.robot.x, w.robot.y = w.cell_xy(c)
                w.robot.yaw = k * math.pi / 2 - math.pi
                w.follow_robot()
                frame = rig.capture(w)
                objects = [o for o in rig._objects(w)]
                looked = rig.labels_seen(w)
                eye = frame.position
                for d in frame.detections:
                    o = objects[d.truth]
                    dist = float(np.linalg.norm(o.position[:2] - eye[:2]))
                    if dist - max(o.size[:2]) > FAR + 0.5 and d.label not in [
                            x.label for x in frame.detections if x is not d
                            and np.linalg.norm(objects[x.truth].position[:2] - eye[:2])
                            < FAR + 1.0]:
                        far_seen.append(d.label)
                        assert d.label not in looked, (d.label, dist)
                    elif dist + max(o.size[:2]) < FAR - 0.5 and d.label in looked:
                        near_kept += 1
    finally:
        w.robot.x, w.robot.y, w.robot.yaw = start
        w.follow_robot()
    assert far_seen, "no pose saw an object beyond the pipeline's range: the test tests nothing"
    assert near_kept > 0
