"""The robot's sensors on a World: one call gives colour, depth, the camera's optical pose
(with configurable noise), the intrinsics, and detections through the error model.

`labels_seen` is the same path (render segmentation, run the detector) that the explore
skill uses to decide whether it saw its target, so a skill can only succeed on what the
camera would have reported.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from memory_node.core.settings import check_settings, setting
from memory_node.sim.core.detection import Detection, DetectionNoise, Detector
from memory_node.sim.core.render import CameraModel, Renderer, SceneModel
from memory_node.sim.core.world import World


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
        self.rng = np.random.default_rng(seed + 1)
        self.masks = masks
        self.far = far
        self.vocabulary = sorted({o.type for o in world.objects.values() if not o.kind.decor})

    @property
    def camera(self) -> CameraModel:
        return self.renderer.camera

    def close(self) -> None:
        self.renderer.close()

    def _objects(self, world: World) -> list:
        return [world.objects.get(i) for i in self.scene.ids]

    def capture(self, world: World) -> Frame:
        self.scene.sync(world)
        rgb, depth, seg = self.renderer.render()
        depth = np.where((depth > 0) & (depth < self.far), depth, 0.0).astype(np.float32)
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
        """Labels the detector reports for the camera as the world's robot stands now."""
        self.scene.sync(world)
        _, _, seg = self.renderer.render(rgb=False, depth=False, seg=True)
        return [d.label for d in self.detector.detect(seg, self._objects(world), self.vocabulary)]

    def top_view(self, world: World) -> np.ndarray:
        self.scene.sync(world)
        return self.renderer.top_view()
