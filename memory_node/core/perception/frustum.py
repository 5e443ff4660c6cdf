"""The camera's view of one frame: frustum, and "should this object have been seen?".

The scene graph asks this for every known object near the camera after each frame, so
the test is vectorised over objects. It is deliberately conservative: an object only
counts as "should have been visible" when its centre projects well inside the image,
within range, big enough for the detector that fed the frame (`min_pixels`), and the
depth image shows the ray reaching it (no closer surface in front, and a valid reading at
all). A missing reading gives no evidence either way.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field

import numpy as np

from memory_node.core.perception.camera import CameraIntrinsics, Pose, quaternion_to_matrix

# The fewest pixels of an object's image a detector reports, by default: the perception
# pipeline's `min_object_pixels` and the simulated detector's `min_pixels` (one number:
# memory expects to see what the simulated detector can report). Here, not in the
# pipeline, so the simulation reads it without importing open3d.
DETECTOR_MIN_PIXELS = 40


@dataclass
class CameraView:
    """Pose, intrinsics, range and (optionally downsampled) depth of one frame."""

    stamp: float
    pose: Pose
    intrinsics: CameraIntrinsics
    near: float = 0.3
    far: float = 4.0
    depth: np.ndarray | None = field(default=None, repr=False)  # metres, NaN = no reading
    depth_stride: int = 1  # depth[r, c] is the reading at pixel (c * stride, r * stride)
    edge_margin: float = 0.05  # fraction of the image kept as a border that does not count
    depth_tolerance: float = 0.15  # metres; sensor noise + box-to-surface mismatch
    # The fewest pixels (of this view's image) of an object its detector reports; an object
    # whose image is surely smaller is not expected (0: no such floor). Without it an egg
    # 3 m off, a few pixels across, was expected in every frame, never detected, and
    # removed where it lay.
    min_pixels: float = 0.0

    def __post_init__(self) -> None:
        if not (0 < self.near < self.far and math.isfinite(self.far)):
            raise ValueError(f"camera view: need 0 < near < far, got {self.near}, {self.far}")
        if not (math.isfinite(self.min_pixels) and self.min_pixels >= 0):
            raise ValueError(f"camera view: min_pixels must be finite and >= 0, got "
                             f"{self.min_pixels}")
        if self.depth_stride < 1:
            raise ValueError(f"camera view: depth_stride must be >= 1, got {self.depth_stride}")
        if self.depth is not None:
            rows = -(-self.intrinsics.height // self.depth_stride)
            cols = -(-self.intrinsics.width // self.depth_stride)
            if self.depth.shape != (rows, cols):
                raise ValueError(
                    f"camera view: depth shape {self.depth.shape} does not match the "
                    f"{self.intrinsics.width}x{self.intrinsics.height} image at stride "
                    f"{self.depth_stride} (expected {(rows, cols)})"
                )

    @classmethod
    def from_depth(
        cls,
        stamp: float,
        pose: Pose,
        intrinsics: CameraIntrinsics,
        depth_m: np.ndarray | None,
        near: float = 0.3,
        far: float = 4.0,
        stride: int = 4,
        min_pixels: float = 0.0,
    ) -> CameraView:
        """A view keeping every `stride`-th depth pixel: enough for occlusion, 16x smaller."""
        small = None if depth_m is None else np.ascontiguousarray(depth_m[::stride, ::stride])
        return cls(stamp, pose, intrinsics, near, far, small, stride, min_pixels=min_pixels)

    def frustum_corners(self) -> np.ndarray:
        """(8, 3) world-frame corners: the near rectangle, then the far rectangle."""
        k = self.intrinsics
        pixels = np.array([[0, 0], [k.width, 0], [k.width, k.height], [0, k.height]], float)
        rays = np.column_stack((
            (pixels[:, 0] - k.cx) / k.fx, (pixels[:, 1] - k.cy) / k.fy, np.ones(4)
        ))
        corners = np.vstack((rays * self.near, rays * self.far))
        return self.pose.to_world(corners)

    def bounds(self) -> tuple[np.ndarray, np.ndarray]:
        """Axis-aligned world box around the frustum, for spatial-index queries."""
        corners = self.frustum_corners()
        return corners.min(axis=0), corners.max(axis=0)

    def visible(
        self, positions: np.ndarray, extents: np.ndarray | None = None,
        rotations: np.ndarray | None = None,
    ) -> np.ndarray:
        """Boolean (N,): should an object centred at each position have been seen? Its box
        (`extents`, turned by `rotations`, quaternions x, y, z, w) sizes its image for
        the detector's floor and its reach for the depth test."""
        positions = np.atleast_2d(np.asarray(positions, dtype=float))
        n = len(positions)
        if n == 0:
            return np.zeros(0, dtype=bool)
        local = self.pose.to_local(positions)
        z = local[:, 2]
        result = (z >= self.near) & (z <= self.far)
        k = self.intrinsics
        safe_z = np.where(result, z, 1.0)
        u = k.fx * local[:, 0] / safe_z + k.cx
        v = k.fy * local[:, 1] / safe_z + k.cy
        mu, mv = self.edge_margin * k.width, self.edge_margin * k.height
        result &= (u >= mu) & (u < k.width - mu) & (v >= mv) & (v < k.height - mv)
        if self.min_pixels > 0 and extents is not None:
            ahead = positions - np.asarray(self.pose.position, dtype=float)
            result &= image_pixels(k, extents, ahead, safe_z, rotations) >= self.min_pixels
        if self.depth is None or not np.any(result):
            return result
        radius = np.zeros(n) if extents is None else 0.5 * np.linalg.norm(
            np.atleast_2d(np.asarray(extents, dtype=float)), axis=1
        )
        idx = np.flatnonzero(result)
        rows = np.minimum((v[idx] / self.depth_stride).astype(int), self.depth.shape[0] - 1)
        cols = np.minimum((u[idx] / self.depth_stride).astype(int), self.depth.shape[1] - 1)
        measured = self.depth[rows, cols]
        # Visible if the ray reaches at least the object's near side; NaN compares False, so
        # "no reading" is "no evidence" and the object is not expected.
        with np.errstate(invalid="ignore"):
            reaches = measured >= z[idx] - radius[idx] - self.depth_tolerance
        result[idx] = reaches
        return result


def image_pixels(k: CameraIntrinsics, extents: np.ndarray, ahead: np.ndarray,
                 z: np.ndarray, rotations: np.ndarray | None = None) -> np.ndarray:
    """A lower bound of the pixels of each object's image: half the area its box shows
    along the line of sight `ahead` (world, camera to object), projected at depth `z`.
    A box seen along a unit direction d shows |d·a_i| times the face across each of its
    axes a_i (the faces seen, projected); a round or thin object fills about half of that.
    Without `rotations` the box is upright with an unknown yaw: its sides count by the
    narrower one, whatever the yaw. A flat face seen head-on counts in full, edge-on not
    at all."""
    sides = np.abs(np.atleast_2d(np.asarray(extents, dtype=float)))
    ahead = np.atleast_2d(np.asarray(ahead, dtype=float))
    ahead = ahead / np.maximum(np.linalg.norm(ahead, axis=1, keepdims=True), 1e-9)
    faces = sides[:, [1, 0, 0]] * sides[:, [2, 2, 1]]   # across x, y and z
    if rotations is None:
        level = np.hypot(ahead[:, 0], ahead[:, 1])
        shown = (level * sides[:, 2] * np.minimum(sides[:, 0], sides[:, 1])
                 + np.abs(ahead[:, 2]) * faces[:, 2])
    else:
        # d in each box's own frame: R^T d, R's columns the box's axes in the world.
        axes = np.array([quaternion_to_matrix(q) for q in np.atleast_2d(rotations)])
        along = np.einsum("nij,ni->nj", axes, ahead)
        shown = np.sum(np.abs(along) * faces, axis=1)
    return 0.5 * shown * k.fx * k.fy / np.maximum(z, 1e-6) ** 2

