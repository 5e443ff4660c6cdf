"""The robot's sensors on a World: one call gives colour, depth, the camera's optical pose
(with configurable noise), the intrinsics, and detections through the error model.

`labels_seen` is the same path (render segmentation, run the detector) that the explore
skill uses to decide whether it saw its target, so a skill can only succeed on what the
camera would have reported.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import numpy as np

from memory_node.core.settings import check_settings, setting
from memory_node.sim.core.detection import Detection, DetectionNoise, Detector
from memory_node.sim.core.render import CameraModel, Renderer, SceneModel
from memory_node.sim.core.visibility import FAR, NEAR
from memory_node.sim.core.world import World

# Keeps the pose key's centimetres non-negative (seed sequences take no negatives).
VIEW_KEY_OFFSET = 10_000_000


@dataclass(frozen=True)
class PoseNoise:
    position_sigma: float = setting(0.0, "Pose noise (metres, sigma, x and y).", 0.0, 5.0)
    yaw_sigma: float = setting(0.0, "Pose noise (radians, sigma, yaw).", 0.0, 3.0)

    def __post_init__(self) -> None:
        check_settings(self)


@dataclass
class Frame:
    stamp: float                    # simulated seconds
    rgb: np.ndarray                 # (H, W, 3) uint8
    depth: np.ndarray               # (H, W) float32 metres (0: nothing)
    position: np.ndarray            # camera optical frame in the map (with pose noise)
    rotation: np.ndarray            # 3×3, columns = optical x, y, z in the map
    camera: CameraModel
    detections: list[Detection]


class SensorRig:
    def __init__(self, world: World, width: int = 320, height: int = 240,
                 noise: DetectionNoise | None = None, pose_noise: PoseNoise | None = None,
                 seed: int = 0, masks: bool = False, far: float = 10.0) -> None:
        if not (16 <= width <= 1920 and 16 <= height <= 1080):
            raise ValueError(f"resolution {width}x{height} outside 16x16..1920x1080")
        self.scene = SceneModel(world, max(width, 640), max(height, 480))
        self.renderer = Renderer(self.scene, width, height)
        self.detector = Detector(noise or DetectionNoise(), seed)
        self.pose_noise = pose_noise or PoseNoise()
        self.seed = seed
        self.rng = np.random.default_rng(seed + 1)
        self._view: tuple[int, ...] = ()
        self._repeats = 0                 # frames captured at this view before this one
        self.masks = masks
        self.far = far
        self.vocabulary = sorted({o.type for o in world.objects.values()
                                  if o.kind.detectable})

    @property
    def camera(self) -> CameraModel:
        return self.renderer.camera

    def close(self) -> None:
        self.renderer.close()

    def _objects(self, world: World) -> list:
        """The scene's objects by index, None for what the gripper holds (and what that
        holds): the detector's self-filter. The held object is drawn (it hides what is
        behind it) but is the robot's own, as MoveIt filters an attached object out of its
        sensors and as the geometric camera (`visibility.py`) leaves it out; reported, it
        became a new sighting at every pose the robot carried it through."""
        held = world.robot.held
        own = set() if held is None else {held, *(o.id for o in world.descendants(held))}
        return [None if i in own else world.objects.get(i) for i in self.scene.ids]

    def capture(self, world: World) -> Frame:
        self.scene.sync(world)
        rgb, depth, seg = self.renderer.render()
        if rgb is None or depth is None or seg is None:
            raise RuntimeError("the renderer returned no image for a requested channel")
        depth = np.where((depth > 0) & (depth < self.far), depth, 0.0).astype(np.float32)
        self._seed_view(world, count=True)
        dets = self.detector.detect(seg, self._objects(world), self.vocabulary, self.masks)
        pos, rot = self.scene.camera_pose()
        pn = self.pose_noise
        if pn.position_sigma > 0 or pn.yaw_sigma > 0:
            pos = pos + np.array([*self.rng.normal(0, pn.position_sigma, 2), 0.0])
            a = self.rng.normal(0, pn.yaw_sigma)
            c, s = np.cos(a), np.sin(a)
            rot = np.array([[c, -s, 0], [s, c, 0], [0, 0, 1]]) @ rot
        return Frame(world.time, rgb, depth, pos, rot, self.camera, dets)

    def labels_seen(self, world: World) -> list[str]:
        """Labels the detector reports for the camera as the world's robot stands now, of
        the objects the perception pipeline turns into memory: at least the detector's
        `min_pixels` of the object within the pipeline's depth range (visibility.NEAR ..
        FAR). The segmentation reaches the far plane (10 m) and the pipeline drops a box
        whose depth points all lie beyond 4 m ("too few depth points"), so explore
        succeeded on sightings memory never received (loop19's main-job run: 1,201 such
        drops; the geometric camera has cut explore at that range since round 11). The
        draw is the full view's, as in `capture`: only the decision is cut."""
        self.scene.sync(world)
        _, depth, seg = self.renderer.render(rgb=False, depth=True, seg=True)
        if seg is None or depth is None:
            raise RuntimeError("the renderer returned no segmentation or depth image")
        self._seed_view(world)
        # The pipeline gates on the distance from the camera, not on the depth value.
        fx, fy, cx, cy = self.camera.k
        h, w = depth.shape
        u, v = np.meshgrid((np.arange(w) - cx) / fx, (np.arange(h) - cy) / fy)
        dist = depth * np.sqrt(1.0 + u * u + v * v)
        near = np.where((depth > 0) & (dist >= NEAR) & (dist <= FAR), seg, -1)
        ids, counts = np.unique(near[near >= 0], return_counts=True)
        in_range = dict(zip(ids.tolist(), counts.tolist(), strict=True))
        return [d.label for d in self.detector.detect(seg, self._objects(world), self.vocabulary)
                if in_range.get(d.truth, 0) >= self.detector.noise.min_pixels]

    def _seed_view(self, world: World, count: bool = False) -> None:
        """Noise drawn per view, not from one stream: frames are captured at a wall-clock
        rate, so how many draws came before a pose depended on timing, and two runs of the
        same sequence saw different misses and misreads at the same place (explore found
        the mug in one run and not in the other). Keyed by the seed and the robot's pose
        (1 cm, 0.5 degree), the view a skill ends at gives the same detections in every
        run, and explore's look (`labels_seen`) the same draw as the frame memory gets
        there (the head's pitch is part of the view: a look up draws apart from the look
        down at the same heading). Frames taken while the base moves still differ (their
        poses do). The k-th frame at a view has its own draw (k counted from the first
        frame there), so a robot standing still does not repeat one misread until memory
        takes it for the truth; explore's look uses the first frame's draw."""
        r = world.robot
        view = (self.seed, round(r.x * 100) + VIEW_KEY_OFFSET,
                round(r.y * 100) + VIEW_KEY_OFFSET, round(math.degrees(r.yaw) * 2) % 720,
                round(math.degrees(r.pitch) * 2) + 720)
        repeat = 0
        if count:
            self._repeats = self._repeats + 1 if view == self._view else 0
            self._view, repeat = view, self._repeats
        self.detector.rng = self.rng = np.random.default_rng([*view, repeat])

    def top_view(self, world: World) -> np.ndarray:
        self.scene.sync(world)
        return self.renderer.top_view()
