"""Depth pixels of a detection -> 3D points -> filtered cloud -> oriented box.

Vectorised numpy for projection; open3d for voxel downsampling, outlier rejection
(statistical outlier removal, DBSCAN) and oriented boxes.
"""

from __future__ import annotations

import functools
import math
import threading
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

import cv2
import numpy as np
import open3d as o3d

from memory_node.core.perception.camera import CameraIntrinsics, Pose
from memory_node.core.perception.observation import Detection

OUTLIER_METHODS = ("none", "statistical", "dbscan", "statistical+dbscan")


def sample_stride(box: tuple[int, int, int, int], max_points: int) -> int:
    """Pixel step of the regular grid that samples about `max_points` pixels of `box`."""
    x1, y1, x2, y2 = box
    area = (x2 - x1) * (y2 - y1)
    return max(1, math.ceil(math.sqrt(area / max(1, max_points))))


def detection_pixels(
    detection: Detection,
    box: tuple[int, int, int, int],
    max_points: int,
) -> tuple[np.ndarray, np.ndarray]:
    """Pixel coordinates (u, v) to sample for a detection, at most about `max_points`.

    A regular stride rather than random sampling: deterministic, and it keeps the spatial
    coverage of the object even when heavily subsampled.
    """
    x1, y1, x2, y2 = box
    stride = sample_stride(box, max_points)
    us = np.arange(x1 + stride // 2, x2, stride)
    vs = np.arange(y1 + stride // 2, y2, stride)
    grid_u, grid_v = np.meshgrid(us, vs)
    u, v = grid_u.ravel(), grid_v.ravel()
    if detection.mask is not None:
        keep = detection.mask[v, u].astype(bool)
        u, v = u[keep], v[keep]
    return u, v


def back_project(
    u: np.ndarray, v: np.ndarray, depth_m: np.ndarray, intrinsics: CameraIntrinsics
) -> np.ndarray:
    """(N, 3) camera-frame points of pixels (u, v); pixels without depth are dropped."""
    z = depth_m[v, u]
    valid = np.isfinite(z)
    z = z[valid].astype(np.float64)
    x = (u[valid] - intrinsics.cx) * z / intrinsics.fx
    y = (v[valid] - intrinsics.cy) * z / intrinsics.fy
    return np.column_stack((x, y, z))


def project(points_cam: np.ndarray, intrinsics: CameraIntrinsics) -> np.ndarray:
    """(N, 2) pixel coordinates (u, v) of camera-frame points (z must be > 0)."""
    z = points_cam[:, 2]
    return np.column_stack((
        intrinsics.fx * points_cam[:, 0] / z + intrinsics.cx,
        intrinsics.fy * points_cam[:, 1] / z + intrinsics.cy,
    ))


@dataclass(frozen=True)
class OutlierConfig:
    """How a detection's cloud is cleaned. Defaults chosen by bench/perception_frame.py."""

    method: str = "dbscan"
    voxel_size: float = 0.02  # metres; evens out density so DBSCAN's eps means one thing
    nb_neighbors: int = 16  # statistical outlier removal
    std_ratio: float = 2.0
    dbscan_eps: float = 0.05  # metres; ~2.5 voxels joins one surface, splits depth jumps
    # A large box is sampled sparsely (see sample_stride): at 2 m, a 14 px step is 5 cm
    # between neighbouring points, and a fixed eps would then shatter one surface into
    # many clusters. The pipeline raises eps to this many sample spacings when larger.
    eps_per_spacing: float = 2.5
    dbscan_min_points: int = 4
    # Which DBSCAN cluster is the object: "largest", or "nearest" = the cluster closest to
    # the camera among those with at least `cluster_min_share` of the largest one's points
    # (a box around a small object often holds more background than object).
    cluster_choice: str = "nearest"
    cluster_min_share: float = 0.25
    # A box around an object on the floor or a table also holds that surface; left in, it
    # drags the box down and sideways by tens of centimetres (measured on TUM cabinet).
    remove_support_plane: bool = True
    plane_distance: float = 0.02  # RANSAC inlier distance
    plane_clearance: float = 0.03  # keep points at least this far above the support plane
    plane_attempts: int = 3  # planes tried before giving up (walls and faces come first)
    up: tuple[float, float, float] = (0.0, 0.0, 1.0)

    def __post_init__(self) -> None:
        if self.method not in OUTLIER_METHODS:
            raise ValueError(f"outlier method {self.method!r} not in {OUTLIER_METHODS}")
        if self.cluster_choice not in ("largest", "nearest"):
            raise ValueError(f"cluster_choice {self.cluster_choice!r} not largest/nearest")


def _to_cloud(points: np.ndarray) -> o3d.geometry.PointCloud:
    return o3d.geometry.PointCloud(o3d.utility.Vector3dVector(np.ascontiguousarray(points)))


def fit_plane(points: np.ndarray, distance: float, iterations: int = 100,
              seed: int = 0, score_points: int = 256) -> tuple[np.ndarray, np.ndarray]:
    """RANSAC plane of a small cloud: (model [a, b, c, d] with unit normal, inlier mask).

    All `iterations` hypotheses are scored at once (one (iterations x N) distance matrix),
    then the best is refitted by least squares to its inliers, as open3d's segment_plane
    does. Replaces that call because, on the few hundred points of one detection, its
    fixed per-call overhead was most of the perception pipeline's time (and it drew from an
    unseeded generator; this one is seeded, so a frame gives the same boxes every run).
    """
    n = len(points)
    rng = _seeded(seed)
    # Three distinct indices per hypothesis (a repeated index gives no plane).
    idx = np.argsort(rng.random((iterations, n)), axis=1)[:, :3] if n <= 64 else \
        _distinct_triples(rng, n, iterations)
    a, b, c = points[idx[:, 0]], points[idx[:, 1]], points[idx[:, 2]]
    u, v = b - a, c - a
    # The cross product written out: np.cross's generic axis handling cost more than the
    # arithmetic at this size (it is called ~15 times per frame).
    normals = np.column_stack((u[:, 1] * v[:, 2] - u[:, 2] * v[:, 1],
                               u[:, 2] * v[:, 0] - u[:, 0] * v[:, 2],
                               u[:, 0] * v[:, 1] - u[:, 1] * v[:, 0]))
    norms = np.sqrt(np.einsum("ij,ij->i", normals, normals))
    ok = norms > 1e-12
    normals, a = normals[ok] / norms[ok, None], a[ok]
    if len(normals) == 0:
        return np.zeros(4), np.zeros(n, dtype=bool)
    offsets = -np.einsum("ij,ij->i", normals, a)
    # Hypotheses are scored on at most `score_points` of the points: the inlier share of a
    # plane is estimated as well from a few hundred as from all, at a fraction of the cost.
    scored = points if n <= score_points else points[rng.choice(n, score_points, replace=False)]
    dist = np.abs(scored @ normals.T + offsets)  # (points scored, hypotheses)
    within = dist < distance
    counts = within.sum(axis=0)
    # Most inliers first, then the smallest residual among them (open3d's order); the
    # residual is needed only where counts tie (the first of equals wins, as a stable sort).
    tied = np.flatnonzero(counts == counts.max())
    if len(tied) == 1:
        best = int(tied[0])
    else:
        d2 = np.where(within[:, tied], dist[:, tied] ** 2, 0.0)
        best = int(tied[np.argmin(d2.sum(axis=0) / np.maximum(counts[tied], 1))])
    inliers = np.abs(points @ normals[best] + offsets[best]) < distance
    if inliers.sum() >= 3:
        sel = points[inliers]
        centre = sel.mean(axis=0)
        offset = sel - centre
        # Least-squares normal: the covariance's eigenvector of the smallest eigenvalue.
        normal = np.linalg.eigh(offset.T @ offset)[1][:, 0]
        model = np.append(normal, -normal @ centre)
    else:
        model = np.append(normals[best], offsets[best])
    return model, inliers


_generators = threading.local()


def _seeded(seed: int) -> np.random.Generator:
    """np.random.default_rng(seed), same stream, without hashing a new SeedSequence each
    call (~50 us; fit_plane runs ~15 times per frame): a per-thread generator is reset to
    the seed's initial state (~1 us)."""
    cache: dict[int, tuple[np.random.Generator, Mapping[str, Any]]] | None = getattr(
        _generators, "by_seed", None)
    if cache is None:
        cache = _generators.by_seed = {}
    entry = cache.get(seed)
    if entry is None:
        fresh = np.random.default_rng(seed)
        entry = (fresh, fresh.bit_generator.state)
        cache[seed] = entry
    gen, state = entry
    gen.bit_generator.state = state
    return gen


def _distinct_triples(rng: np.random.Generator, n: int, count: int) -> np.ndarray:
    """`count` rows of three distinct indices in [0, n) (n > 3): draws with replacement,
    redrawn where a row repeats one (rare for n > 64)."""
    idx = rng.integers(0, n, size=(count, 3))
    while True:
        bad = (idx[:, 0] == idx[:, 1]) | (idx[:, 0] == idx[:, 2]) | (idx[:, 1] == idx[:, 2])
        if not bad.any():
            return idx
        idx[bad] = rng.integers(0, n, size=(int(bad.sum()), 3))


def remove_support_plane(points: np.ndarray, config: OutlierConfig) -> np.ndarray:
    """Drop the horizontal plane the object stands on (floor, table top), if the box holds
    one: the first RANSAC plane that faces `up` and lies in the bottom of the cloud. Points
    on or below it go; vertical planes (walls, the object's own faces) are skipped."""
    if len(points) < 50:
        return points
    up = np.asarray(config.up, dtype=float)
    heights = points @ up
    bottom = np.percentile(heights, 5)
    remaining = points
    for attempt in range(config.plane_attempts):
        if len(remaining) < 30:
            break
        model, inliers = fit_plane(remaining, config.plane_distance, 100, seed=attempt)
        normal = np.asarray(model[:3])
        if normal @ up < 0:
            model = -np.asarray(model)
            normal = -normal
        if normal @ up > 0.95:
            # plane height where the cloud is; tilt makes -d/|n| alone wrong away from origin
            plane_height = np.median(remaining[inliers] @ up)
            if plane_height < bottom + 0.05:
                signed = points @ normal + model[3]
                return points[signed > config.plane_clearance]
        remaining = remaining[~inliers]
    return points


def reject_outliers(
    points: np.ndarray, config: OutlierConfig, viewpoint: np.ndarray | None = None
) -> np.ndarray:
    """Cleaned (M, 3) cloud: voxel-downsampled, support plane removed, then statistical
    removal and/or the largest DBSCAN cluster (background behind a box is usually a
    separate cluster)."""
    if len(points) == 0:
        return points
    cloud = _to_cloud(points)
    if config.voxel_size > 0:
        cloud = cloud.voxel_down_sample(config.voxel_size)
    if config.remove_support_plane:
        voxels = np.asarray(cloud.points)
        kept = remove_support_plane(voxels, config)
        if kept is not voxels:  # no support plane found: the cloud is unchanged
            cloud = _to_cloud(kept)
    if config.method in ("statistical", "statistical+dbscan") and len(cloud.points) > (
        config.nb_neighbors
    ):
        cloud, _ = cloud.remove_statistical_outlier(config.nb_neighbors, config.std_ratio)
    if config.method in ("dbscan", "statistical+dbscan") and len(cloud.points) > 0:
        labels = np.asarray(
            cloud.cluster_dbscan(config.dbscan_eps, config.dbscan_min_points, print_progress=False)
        )
        clustered = labels >= 0
        if not np.any(clustered):
            return np.empty((0, 3))
        sizes = np.bincount(labels[clustered])
        chosen = int(sizes.argmax())
        pts = np.asarray(cloud.points)
        if config.cluster_choice == "nearest" and viewpoint is not None and len(sizes) > 1:
            candidates = np.flatnonzero(sizes >= config.cluster_min_share * sizes.max())
            ranges = np.linalg.norm(pts - viewpoint, axis=1)
            chosen = int(min(candidates, key=lambda c: np.median(ranges[labels == c])))
        return pts[labels == chosen]
    return np.asarray(cloud.points)


def oriented_box(points: np.ndarray) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """(center, extent, rotation) of an oriented box around the points.

    open3d's PCA box; degenerate clouds (too few or coplanar points, which qhull rejects)
    fall back to the axis-aligned box so one flat object never stops the frame.
    """
    if len(points) == 0:
        raise ValueError("oriented box of an empty cloud")
    if len(points) >= 4:
        try:
            obb = _to_cloud(points).get_oriented_bounding_box()
            return np.asarray(obb.center), np.asarray(obb.extent), np.asarray(obb.R)
        except RuntimeError:
            pass
    lo, hi = points.min(axis=0), points.max(axis=0)
    return (lo + hi) / 2.0, hi - lo, np.eye(3)


@functools.lru_cache(maxsize=8)
def _upright_basis(up: tuple[float, ...]) -> np.ndarray:
    """World <- (footprint, height) frame for `up` (the same few axes every detection: two
    cross products per box were a measurable share of the per-detection cost)."""
    z_axis = np.asarray(up, dtype=float)
    z_axis = z_axis / np.linalg.norm(z_axis)
    helper = np.array([1.0, 0.0, 0.0]) if abs(z_axis[0]) < 0.9 else np.array([0.0, 1.0, 0.0])
    x_axis = np.cross(helper, z_axis)
    x_axis /= np.linalg.norm(x_axis)
    y_axis = np.cross(z_axis, x_axis)
    basis = np.column_stack((x_axis, y_axis, z_axis))
    basis.setflags(write=False)  # shared between calls
    return basis


def gravity_aligned_box(
    points: np.ndarray, up: tuple[float, float, float] = (0.0, 0.0, 1.0)
) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """(center, extent, rotation) of the smallest box that is upright (rotated about `up`
    only): OpenCV's minimum-area rectangle of the footprint, plus the height range.

    Furniture and most household objects stand upright, and a mobile robot usually sees an
    object's top and one or two sides; the upright box then still spans the full footprint,
    so its centre barely moves with the viewpoint, unlike a PCA box or the points' centroid
    (measured on TUM cabinet: per-frame median deviation 3 cm vs 13 cm PCA, 30 cm centroid).
    """
    if len(points) == 0:
        raise ValueError("gravity-aligned box of an empty cloud")
    basis = _upright_basis(tuple(float(c) for c in up))
    local = points @ basis
    (cx, cy), (w, h), angle = cv2.minAreaRect(local[:, :2].astype(np.float32))
    a = np.deg2rad(angle)
    yaw = np.array([[np.cos(a), -np.sin(a), 0.0], [np.sin(a), np.cos(a), 0.0], [0, 0, 1.0]])
    z_lo, z_hi = local[:, 2].min(), local[:, 2].max()
    center = basis @ np.array([cx, cy, (z_lo + z_hi) / 2.0])
    return center, np.array([w, h, z_hi - z_lo], dtype=float), basis @ yaw


def detection_cloud(
    detection: Detection,
    box: tuple[int, int, int, int],
    depth_m: np.ndarray,
    intrinsics: CameraIntrinsics,
    pose: Pose,
    max_points: int,
) -> np.ndarray:
    """World-frame points of a detection's depth pixels (subsampled, unfiltered)."""
    u, v = detection_pixels(detection, box, max_points)
    return pose.to_world(back_project(u, v, depth_m, intrinsics))
