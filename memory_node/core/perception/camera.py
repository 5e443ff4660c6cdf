"""Camera model: pinhole intrinsics, camera-to-world pose and depth image decoding.

Conventions (ROS optical frame, same as TUM RGB-D): x right, y down, z forward; a pose is
camera-to-world, so world = R @ camera + t. Quaternions are (x, y, z, w) as in ROS.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass, field

import numpy as np

from memory_node.core.units import MAX_COORDINATE_M

# A quaternion from a SLAM topic is unit up to float noise; beyond this it is a bug upstream
# (wrong field order, Euler angles, uninitialised message), and normalising would hide it.
QUATERNION_UNIT_TOLERANCE = 1e-2
# Depth beyond this is a unit error (mm decoded as m) rather than a real indoor range.
MAX_DEPTH_M = 100.0


@dataclass(frozen=True)
class CameraIntrinsics:
    """Pinhole intrinsics of an undistorted (rectified) image, in pixels."""

    fx: float
    fy: float
    cx: float
    cy: float
    width: int
    height: int

    def __post_init__(self) -> None:
        for name in ("fx", "fy", "cx", "cy"):
            value = float(getattr(self, name))
            if not math.isfinite(value):
                raise ValueError(f"camera intrinsics: {name} is not finite ({value})")
            object.__setattr__(self, name, value)
        if self.fx <= 0 or self.fy <= 0:
            raise ValueError(
                f"camera intrinsics: focal lengths must be positive (fx={self.fx}, fy={self.fy});"
                " an all-zero camera_info means the driver is not calibrated"
            )
        if int(self.width) <= 0 or int(self.height) <= 0:
            raise ValueError(f"camera intrinsics: image size {self.width}x{self.height} is empty")
        object.__setattr__(self, "width", int(self.width))
        object.__setattr__(self, "height", int(self.height))
        if not (0.0 <= self.cx <= self.width and 0.0 <= self.cy <= self.height):
            raise ValueError(
                f"camera intrinsics: principal point ({self.cx}, {self.cy}) lies outside the "
                f"{self.width}x{self.height} image"
            )

    @classmethod
    def from_k(cls, k: Sequence[float], width: int, height: int) -> CameraIntrinsics:
        """From a row-major 3x3 K matrix as in sensor_msgs/CameraInfo.k."""
        values = np.asarray(k, dtype=float).reshape(-1)
        if values.size != 9:
            raise ValueError(f"camera intrinsics: K must have 9 values, got {values.size}")
        return cls(values[0], values[4], values[2], values[5], width, height)

    @property
    def horizontal_fov(self) -> float:
        """Full horizontal field of view in radians."""
        return 2.0 * math.atan2(self.width / 2.0, self.fx)

    @property
    def vertical_fov(self) -> float:
        return 2.0 * math.atan2(self.height / 2.0, self.fy)

    def scaled(self, factor: float) -> CameraIntrinsics:
        """Intrinsics of the same camera at `factor` times the resolution (for downsampling)."""
        return CameraIntrinsics(
            self.fx * factor, self.fy * factor, self.cx * factor, self.cy * factor,
            max(1, int(self.width * factor)), max(1, int(self.height * factor)),
        )


def quaternion_to_matrix(q: Sequence[float]) -> np.ndarray:
    """Rotation matrix of a unit quaternion (x, y, z, w)."""
    x, y, z, w = (float(v) for v in q)
    return np.array([
        [1 - 2 * (y * y + z * z), 2 * (x * y - z * w), 2 * (x * z + y * w)],
        [2 * (x * y + z * w), 1 - 2 * (x * x + z * z), 2 * (y * z - x * w)],
        [2 * (x * z - y * w), 2 * (y * z + x * w), 1 - 2 * (x * x + y * y)],
    ])


def matrix_to_quaternion(r: np.ndarray) -> tuple[float, float, float, float]:
    """Unit quaternion (x, y, z, w) of a rotation matrix, w >= 0 (Shepperd's method).

    Hand-written because neither numpy nor open3d offers it and scipy is not a dependency.
    """
    m = np.asarray(r, dtype=float)
    trace = m[0, 0] + m[1, 1] + m[2, 2]
    if trace > 0:
        s = 2.0 * math.sqrt(trace + 1.0)
        q = ((m[2, 1] - m[1, 2]) / s, (m[0, 2] - m[2, 0]) / s, (m[1, 0] - m[0, 1]) / s, s / 4)
    elif m[0, 0] > m[1, 1] and m[0, 0] > m[2, 2]:
        s = 2.0 * math.sqrt(1.0 + m[0, 0] - m[1, 1] - m[2, 2])
        q = (s / 4, (m[0, 1] + m[1, 0]) / s, (m[0, 2] + m[2, 0]) / s, (m[2, 1] - m[1, 2]) / s)
    elif m[1, 1] > m[2, 2]:
        s = 2.0 * math.sqrt(1.0 + m[1, 1] - m[0, 0] - m[2, 2])
        q = ((m[0, 1] + m[1, 0]) / s, s / 4, (m[1, 2] + m[2, 1]) / s, (m[0, 2] - m[2, 0]) / s)
    else:
        s = 2.0 * math.sqrt(1.0 + m[2, 2] - m[0, 0] - m[1, 1])
        q = ((m[0, 2] + m[2, 0]) / s, (m[1, 2] + m[2, 1]) / s, s / 4, (m[1, 0] - m[0, 1]) / s)
    qa = np.asarray(q)
    qa /= np.linalg.norm(qa)
    if qa[3] < 0:
        qa = -qa
    return (float(qa[0]), float(qa[1]), float(qa[2]), float(qa[3]))


@dataclass(frozen=True)
class Pose:
    """Camera-to-world (or robot-to-world) pose. Build it with `Pose.make` to validate."""

    position: tuple[float, float, float]
    orientation: tuple[float, float, float, float]  # x, y, z, w; unit
    rotation: np.ndarray = field(repr=False, compare=False, default=None)  # type: ignore[assignment]

    def __post_init__(self) -> None:
        if self.rotation is None:
            object.__setattr__(self, "rotation", quaternion_to_matrix(self.orientation))

    @classmethod
    def make(
        cls,
        position: Sequence[float],
        orientation: Sequence[float],
        unit_tolerance: float = QUATERNION_UNIT_TOLERANCE,
    ) -> Pose:
        """Validate and normalise: NaN/inf rejected, near-unit quaternions renormalised,
        quaternions farther than `unit_tolerance` from unit norm rejected."""
        p = np.asarray(position, dtype=float).reshape(-1)
        q = np.asarray(orientation, dtype=float).reshape(-1)
        if p.size != 3:
            raise ValueError(f"pose: position needs 3 values, got {p.size}")
        if q.size != 4:
            raise ValueError(f"pose: quaternion needs 4 values (x, y, z, w), got {q.size}")
        if not np.all(np.isfinite(p)):
            raise ValueError(f"pose: position is not finite {p.tolist()}")
        if np.any(np.abs(p) > MAX_COORDINATE_M):  # a relocalisation or unit error
            raise ValueError(f"pose: position {p.tolist()} is beyond {MAX_COORDINATE_M} m")
        if not np.all(np.isfinite(q)):
            raise ValueError(f"pose: quaternion is not finite {q.tolist()}")
        norm = float(np.linalg.norm(q))
        if abs(norm - 1.0) > unit_tolerance:
            raise ValueError(
                f"pose: quaternion {q.tolist()} has norm {norm:.4f}, not unit "
                f"(tolerance {unit_tolerance}); refusing to guess the rotation"
            )
        q = q / norm
        return cls(
            (float(p[0]), float(p[1]), float(p[2])),
            (float(q[0]), float(q[1]), float(q[2]), float(q[3])),
        )

    @classmethod
    def from_matrix(cls, transform: np.ndarray) -> Pose:
        t = np.asarray(transform, dtype=float)
        return cls.make(t[:3, 3], matrix_to_quaternion(t[:3, :3]))

    @property
    def translation(self) -> np.ndarray:
        return np.asarray(self.position, dtype=float)

    def to_world(self, points: np.ndarray) -> np.ndarray:
        """Map (N, 3) points from this pose's frame to the world frame."""
        return points @ self.rotation.T + self.translation

    def to_local(self, points: np.ndarray) -> np.ndarray:
        """Map (N, 3) world points into this pose's frame."""
        return (points - self.translation) @ self.rotation


DEPTH_ENCODINGS_UINT16 = ("16UC1", "mono16")
DEPTH_ENCODINGS_FLOAT = ("32FC1",)


def decode_depth(image: np.ndarray, encoding: str, depth_scale: float = 1000.0) -> np.ndarray:
    """Depth image in metres (float32), NaN where the sensor has no reading.

    16UC1 stores integer units with `depth_scale` units per metre (1000 for millimetres,
    the ROS convention; TUM RGB-D uses 5000). 32FC1 is already metres. Zero, negative and
    non-finite readings mean "no return" on every driver we know and become NaN.
    """
    image = np.asarray(image)
    if image.ndim == 3 and image.shape[2] == 1:
        image = image[:, :, 0]
    if image.ndim != 2 or image.size == 0:
        raise ValueError(f"depth: expected a non-empty single-channel image, got {image.shape}")
    if encoding in DEPTH_ENCODINGS_UINT16:
        if image.dtype != np.uint16:
            raise ValueError(f"depth: encoding {encoding} needs uint16 data, got {image.dtype}")
        if not (math.isfinite(depth_scale) and depth_scale > 0):
            raise ValueError(f"depth: depth_scale must be positive, got {depth_scale}")
        metres = image.astype(np.float32) * np.float32(1.0 / depth_scale)
    elif encoding in DEPTH_ENCODINGS_FLOAT:
        if image.dtype != np.float32:
            raise ValueError(f"depth: encoding {encoding} needs float32 data, got {image.dtype}")
        metres = image.astype(np.float32, copy=True)
    else:
        raise ValueError(
            f"depth: unsupported encoding {encoding!r} (expected one of "
            f"{', '.join(DEPTH_ENCODINGS_UINT16 + DEPTH_ENCODINGS_FLOAT)})"
        )
    with np.errstate(invalid="ignore"):
        metres[~(metres > 0) | ~np.isfinite(metres) | (metres > MAX_DEPTH_M)] = np.nan
    return metres
