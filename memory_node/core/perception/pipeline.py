"""One synchronised frame (depth, pose, detections, optional colour) -> observations.

This is the entry point the perception node calls. Bad frames raise ValueError with a
message naming the problem (the node logs it and counts the frame as dropped); bad single
detections are skipped and reported in `FrameResult.drops`, so one wrong box never costs
the rest of the frame.
"""

from __future__ import annotations

import dataclasses
import math
from collections.abc import Sequence
from dataclasses import dataclass, field

import cv2
import numpy as np

from memory_node.core.perception.camera import CameraIntrinsics, Pose, decode_depth
from memory_node.core.perception.frustum import DETECTOR_MIN_PIXELS, CameraView
from memory_node.core.perception.geometry import (
    OutlierConfig,
    detection_cloud,
    gravity_aligned_box,
    oriented_box,
    reject_outliers,
    sample_stride,
)
from memory_node.core.perception.observation import Detection, Observation, clip_detection_box


@dataclass(frozen=True)
class PerceptionConfig:
    depth_scale: float = 1000.0  # 16UC1 units per metre (TUM: 5000)
    near: float = 0.3
    far: float = 4.0
    min_score: float = 0.1
    # Before voxelisation; bounds the per-box cost. 1000 with eps_per_spacing 2.5: median
    # 2.2 cm cabinet spread as with 2000, ~25 % less time (bench/README_scene_graph.md).
    max_points_per_detection: int = 1000
    min_points: int = 20  # fewer surviving points -> no reliable 3D estimate
    # The fewest pixels of an object's image the detector reports (its floor, at the
    # colour image's resolution): the frame's view expects no smaller object to be seen
    # (`CameraView.min_pixels`). The default is the simulated detector's; set it to your
    # detector's. 0: every object in view is expected.
    min_object_pixels: int = DETECTOR_MIN_PIXELS
    outliers: OutlierConfig = field(default_factory=OutlierConfig)
    view_depth_stride: int = 4
    crop_max_side: int = 0  # 0: no crops; else colour crops resized to this longest side
    # A box cut by the image border (within `edge_px` of it) and narrower than this many
    # pixels across the cut is no detection to place: its points are a sliver of the
    # object's end (a 10 px strip of a counter at the edge during a spin became a second
    # counter node 1.4 m from the first, bench/README_tasks.md round 41). 0: no such rule.
    edge_min_px: int = 16
    edge_px: int = 2
    # "upright": box rotated about the up axis only (stable for standing objects, see
    # gravity_aligned_box); "pca": open3d's free oriented box.
    box_type: str = "upright"

    def __post_init__(self) -> None:
        if self.box_type not in ("upright", "pca"):
            raise ValueError(f"box_type must be 'upright' or 'pca', got {self.box_type!r}")
        if not (0 < self.near < self.far):
            raise ValueError(f"need 0 < near < far, got near={self.near}, far={self.far}")
        if self.min_object_pixels < 0:
            raise ValueError(f"min_object_pixels must be >= 0, got {self.min_object_pixels}")


@dataclass
class FrameResult:
    observations: list[Observation]
    view: CameraView
    drops: list[str]  # one reason per detection that produced no observation


class PerceptionPipeline:
    def __init__(self, intrinsics: CameraIntrinsics, config: PerceptionConfig | None = None):
        self.intrinsics = intrinsics
        self.config = config or PerceptionConfig()

    def process(
        self,
        stamp: float,
        depth: np.ndarray,
        pose: Pose,
        detections: Sequence[Detection],
        rgb: np.ndarray | None = None,
        depth_encoding: str | None = None,
    ) -> FrameResult:
        """Observations of one frame. `depth` is raw (give `depth_encoding`) or metres.

        Raises ValueError for a frame that cannot be used at all (wrong image size,
        encoding, non-finite stamp); per-detection problems go to `drops`.
        """
        if not (isinstance(stamp, (int, float)) and math.isfinite(stamp)):
            raise ValueError(f"frame: stamp {stamp!r} is not finite")
        if not isinstance(pose, Pose):
            # ValueError, not TypeError: the node treats every unusable frame the same way.
            raise ValueError(  # noqa: TRY004
                f"frame: pose must be a Pose (use Pose.make), got {type(pose).__name__}"
            )
        cfg, k = self.config, self.intrinsics
        if depth_encoding is not None:
            depth_m = decode_depth(depth, depth_encoding, cfg.depth_scale)
        else:
            if not isinstance(depth, np.ndarray) or depth.dtype != np.float32 or depth.ndim != 2:
                raise ValueError(
                    "frame: depth without an encoding must be float32 metres (2-D); got "
                    f"{getattr(depth, 'dtype', type(depth))} {getattr(depth, 'shape', '')}"
                )
            depth_m = depth
        if depth_m.shape != (k.height, k.width):
            raise ValueError(
                f"frame: depth is {depth_m.shape[1]}x{depth_m.shape[0]}, camera_info says "
                f"{k.width}x{k.height}"
            )
        if rgb is not None and (rgb.ndim != 3 or rgb.shape[:2] != (k.height, k.width)):
            raise ValueError(f"frame: colour image {rgb.shape} does not match depth {k.width}x"
                             f"{k.height}")
        view = CameraView.from_depth(stamp, pose, k, depth_m, cfg.near, cfg.far,
                                     cfg.view_depth_stride, cfg.min_object_pixels)
        observations: list[Observation] = []
        drops: list[str] = []
        for det in detections:
            try:
                box = clip_detection_box(det, k.width, k.height)
            except ValueError as exc:
                drops.append(str(exc))
                continue
            sliver = self._edge_sliver(box)
            if sliver:
                drops.append(f"detection {det.label!r}: {sliver}")
                continue
            if det.score < cfg.min_score:
                drops.append(f"detection {det.label!r}: score {det.score} < {cfg.min_score}")
                continue
            obs = self._observe(det, box, depth_m, pose, stamp, rgb)
            if isinstance(obs, str):
                drops.append(obs)
            else:
                observations.append(obs)
        return FrameResult(observations, view, drops)

    def _edge_sliver(self, box: tuple[int, int, int, int]) -> str:
        """Why `box` is a sliver cut by the image border ("" when it is not): the part of
        the object in view is narrower than `edge_min_px` across the border that cuts it,
        so its points say neither where the object is nor how large it is."""
        cfg, k = self.config, self.intrinsics
        if cfg.edge_min_px <= 0:
            return ""
        x1, y1, x2, y2 = box
        for lo, hi, size, axis in ((x1, x2, k.width, "wide"), (y1, y2, k.height, "tall")):
            if (lo <= cfg.edge_px or hi >= size - cfg.edge_px) and hi - lo < cfg.edge_min_px:
                return (f"{hi - lo} px {axis} at the image edge (< {cfg.edge_min_px}): a "
                        "sliver of the object")
        return ""

    def _outliers_for(self, box: tuple[int, int, int, int], ranges: np.ndarray
                      ) -> OutlierConfig:
        """The outlier settings for one detection (`ranges`: its points' distances from
        the camera): DBSCAN's eps no smaller than `eps_per_spacing` times the distance
        between neighbouring samples at the object's range, so a sparsely sampled large box
        stays one cluster."""
        base = self.config.outliers
        stride = sample_stride(box, self.config.max_points_per_detection)
        spacing = stride * float(np.median(ranges)) \
            / min(self.intrinsics.fx, self.intrinsics.fy)
        eps = base.eps_per_spacing * spacing
        return base if eps <= base.dbscan_eps else dataclasses.replace(base, dbscan_eps=eps)

    def _observe(
        self,
        det: Detection,
        box: tuple[int, int, int, int],
        depth_m: np.ndarray,
        pose: Pose,
        stamp: float,
        rgb: np.ndarray | None,
    ) -> Observation | str:
        cfg = self.config
        points = detection_cloud(det, box, depth_m, self.intrinsics, pose,
                                 cfg.max_points_per_detection)
        # Range gate in the camera frame: beyond `far` depth noise grows quadratically.
        dist = np.linalg.norm(points - pose.translation, axis=1)
        in_range = (dist >= cfg.near) & (dist <= cfg.far)
        points, dist = points[in_range], dist[in_range]
        raw_count = len(points)
        if raw_count < cfg.min_points:
            return f"detection {det.label!r}: {raw_count} depth points (< {cfg.min_points})"
        inliers = reject_outliers(points, self._outliers_for(box, dist), pose.translation)
        if len(inliers) < max(4, cfg.min_points // 4):
            return f"detection {det.label!r}: {len(inliers)} points left after outlier removal"
        if cfg.box_type == "upright":
            center, extent, rotation = gravity_aligned_box(inliers, cfg.outliers.up)
        else:
            center, extent, rotation = oriented_box(inliers)
        centroid = np.median(inliers, axis=0)
        crop = None
        if rgb is not None and cfg.crop_max_side > 0:
            x1, y1, x2, y2 = box
            crop = rgb[y1:y2, x1:x2]
            scale = cfg.crop_max_side / max(crop.shape[:2])
            if scale < 1:
                crop = cv2.resize(crop, None, fx=scale, fy=scale, interpolation=cv2.INTER_AREA)
            crop = np.ascontiguousarray(crop)
        return Observation(
            label=det.label.strip(), score=float(det.score),
            centroid=(float(centroid[0]), float(centroid[1]), float(centroid[2])),
            box_center=(float(center[0]), float(center[1]), float(center[2])),
            box_extent=(float(extent[0]), float(extent[1]), float(extent[2])),
            box_rotation=rotation, point_count=len(inliers), stamp=float(stamp),
            crop=crop, tracker_id=det.tracker_id, state=det.state,
        )
