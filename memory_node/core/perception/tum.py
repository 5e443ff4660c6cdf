"""Reader for sequences in the TUM RGB-D layout (plus per-frame detector boxes).

Layout: rgb.txt / depth.txt / associate.txt, groundtruth.txt (`t tx ty tz qx qy qz qw`,
camera-to-world), rgb/*.jpg|png, depth/*.png (uint16, `depth_scale` units per metre) and
optionally bbox/<stamp>.txt with lines `id x1 y1 x2 y2 label score instance`.
The ROS replay command publishes from this reader, so it yields plain values and only
touches the disk when a frame's images are asked for.
"""

from __future__ import annotations

import bisect
from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field
from pathlib import Path

import cv2
import numpy as np

from memory_node.core.perception.camera import CameraIntrinsics, Pose
from memory_node.core.perception.observation import Detection

# TUM fr3 factory calibration (no distortion), as published with the benchmark.
FR3_INTRINSICS = CameraIntrinsics(535.4, 539.2, 320.1, 247.6, 640, 480)
TUM_DEPTH_SCALE = 5000.0


@dataclass(frozen=True)
class TumBox:
    box: tuple[float, float, float, float]
    label: str
    score: float
    instance: str

    def to_detection(self) -> Detection:
        return Detection(self.label, self.score, self.box)


@dataclass
class TumFrame:
    stamp: float
    rgb_path: Path
    depth_path: Path
    pose: Pose | None  # None when no ground-truth pose lies within `max_pose_gap`
    boxes: list[TumBox] = field(default_factory=list)

    def load_rgb(self) -> np.ndarray:
        """Colour image, RGB order (cv2 reads BGR)."""
        image = cv2.imread(str(self.rgb_path), cv2.IMREAD_COLOR)
        if image is None:
            raise ValueError(f"cannot read colour image {self.rgb_path}")
        return cv2.cvtColor(image, cv2.COLOR_BGR2RGB)

    def load_depth_raw(self) -> np.ndarray:
        """Raw uint16 depth (encoding 16UC1)."""
        image = cv2.imread(str(self.depth_path), cv2.IMREAD_UNCHANGED)
        if image is None or image.dtype != np.uint16:
            raise ValueError(f"cannot read 16-bit depth image {self.depth_path}")
        return image


def _read_table(path: Path) -> list[list[str]]:
    rows = []
    for line in path.read_text().splitlines():
        line = line.strip()
        if line and not line.startswith("#"):
            rows.append(line.split())
    return rows


def interpolate_pose(
    stamps: list[float], poses: list[tuple[np.ndarray, np.ndarray]], t: float, max_gap: float
) -> Pose | None:
    """Pose at `t`: linear in position, normalised linear in quaternion (nlerp; the mocap
    runs at 100 Hz, where nlerp and slerp differ by far less than the mocap noise)."""
    i = bisect.bisect_left(stamps, t)
    if i < len(stamps) and abs(stamps[i] - t) < 1e-6:
        return Pose.make(*poses[i])
    if i == 0 or i == len(stamps):
        return None
    t0, t1 = stamps[i - 1], stamps[i]
    if t1 - t0 > max_gap:
        return None
    a = (t - t0) / (t1 - t0)
    (p0, q0), (p1, q1) = poses[i - 1], poses[i]
    if np.dot(q0, q1) < 0:
        q1 = -q1
    q = (1 - a) * q0 + a * q1
    return Pose.make((1 - a) * p0 + a * p1, q / np.linalg.norm(q))


class TumSequence:
    def __init__(
        self,
        root: str | Path,
        intrinsics: CameraIntrinsics = FR3_INTRINSICS,
        depth_scale: float = TUM_DEPTH_SCALE,
        label_names: Mapping[str, str] | None = None,
        max_pose_gap: float = 0.1,
    ) -> None:
        self.root = Path(root)
        if not self.root.is_dir():
            raise FileNotFoundError(f"TUM sequence {self.root} does not exist")
        self.intrinsics = intrinsics
        self.depth_scale = depth_scale
        self.label_names = dict(label_names or {})
        self.max_pose_gap = max_pose_gap
        self._frames = self._load()

    def _load(self) -> list[TumFrame]:
        assoc = self.root / "associate.txt"
        if not assoc.is_file():
            raise FileNotFoundError(f"{assoc} missing (pair rgb and depth with associate.py)")
        gt_rows = sorted(
            (float(r[0]), np.array(r[1:4], float), np.array(r[4:8], float))
            for r in _read_table(self.root / "groundtruth.txt")
        )
        gt_stamps = [r[0] for r in gt_rows]
        gt_poses = [(r[1], r[2]) for r in gt_rows]
        frames = []
        for row in _read_table(assoc):
            stamp = float(row[0])
            pose = interpolate_pose(gt_stamps, gt_poses, stamp, self.max_pose_gap)
            frames.append(TumFrame(stamp, self.root / row[1], self.root / row[3], pose,
                                   self._boxes(row[0], Path(row[1]).stem)))
        frames.sort(key=lambda f: f.stamp)
        return frames

    def _boxes(self, stamp_text: str, image_stem: str) -> list[TumBox]:
        for name in (image_stem, stamp_text):
            path = self.root / "bbox" / f"{name}.txt"
            if path.is_file():
                break
        else:
            return []
        boxes = []
        for r in _read_table(path):
            label = self.label_names.get(r[5], r[5])
            boxes.append(TumBox((float(r[1]), float(r[2]), float(r[3]), float(r[4])), label,
                                float(r[6]), r[7] if len(r) > 7 else ""))
        return boxes

    def __len__(self) -> int:
        return len(self._frames)

    def __iter__(self) -> Iterator[TumFrame]:
        return iter(self._frames)

    def __getitem__(self, index: int) -> TumFrame:
        return self._frames[index]
