"""What the head camera sees, from geometry instead of a rendered image (the fast path).

The rendered path (`sensors.SensorRig`) decides visibility per pixel with MuJoCo; sweeps
of hundreds of tasks cannot afford a render per frame on two cores, so this module makes
the same decision from the world's geometry with the same camera (height, the head's pitch
as the robot holds it, vertical field of view and image size of `render.py`):

- at least `min_pixels` (the detector's own threshold) of the object's projected box fall
  inside the image, its centre between `near` and `far` ahead of the camera;
- the straight line from the camera to it crosses no wall (rooms' walls, door gaps open);
- it is not shut inside a closed receptacle (at any depth), not held, not decor.

What it does NOT model, against the render: occlusion by furniture and other objects,
partial views at the image border, and false-positive boxes (a random box has no 3D place
without a depth image). Detections of what is visible go through the world's error model
(`DetectionNoise`: misses, similar-class confusions, state misreads) with one seeded
generator, and `WorldView` is the matching "should have
been seen" test the scene graph needs for change detection: conservative like the
pipeline's CameraView (the centre well inside the image, big enough, no wall between),
applied to the positions memory believes.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field, replace

import numpy as np

from memory_node.sim.core.camera_mount import (
    CAMERA_AHEAD,
    CAMERA_FOVY,
    CAMERA_HEIGHT,
    CAMERA_PITCH,
    optical_axes,
)
from memory_node.sim.core.detection import DetectionNoise, misread
from memory_node.sim.core.world import World, WorldObject, segment_hits_box

EDGE_MARGIN = 0.05
NEAR = 0.3
FAR = 4.0            # the perception pipeline's depth range (PerceptionConfig.far)
EXPLORE_FAR = FAR    # see GeometricCamera.__init__ (the rendered path: 10 m)
POSITION_NOISE = 0.02  # metres per axis: the spread of a box centre from depth points


@dataclass(frozen=True)
class ViewPose:
    """Camera optical frame in the map (columns of `rotation`: x right, y down, z ahead)."""

    position: tuple[float, float, float]
    rotation: np.ndarray = field(repr=False)


@dataclass(frozen=True)
class Camera:
    width: int = 320
    height: int = 240
    fovy_deg: float = CAMERA_FOVY
    near: float = NEAR
    far: float = FAR

    @property
    def f(self) -> float:
        return 0.5 * self.height / math.tan(math.radians(self.fovy_deg) / 2)

    def pose(self, x: float, y: float, yaw: float, pitch: float = CAMERA_PITCH) -> ViewPose:
        # The camera sits on the tilt axis (as in render.py), so a tilt turns it in place.
        pos = (x + CAMERA_AHEAD * math.cos(yaw), y + CAMERA_AHEAD * math.sin(yaw),
               CAMERA_HEIGHT)
        return ViewPose(pos, optical_axes(yaw, pitch))


def _project(cam: Camera, pose: ViewPose, positions: np.ndarray
             ) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
    """(in image and range, depth z, u, v) per position."""
    local = (positions - np.asarray(pose.position)) @ pose.rotation
    z = local[:, 2]
    ok = (z >= cam.near) & (z <= cam.far)
    safe = np.where(ok, z, 1.0)
    u = cam.f * local[:, 0] / safe + (cam.width - 1) / 2
    v = cam.f * local[:, 1] / safe + (cam.height - 1) / 2
    mu, mv = EDGE_MARGIN * cam.width, EDGE_MARGIN * cam.height
    ok &= (u >= mu) & (u < cam.width - mu) & (v >= mv) & (v < cam.height - mv)
    return ok, z, u, v


def _walled_off(walls: list, camera_xy: np.ndarray, targets: np.ndarray) -> np.ndarray:
    out = np.zeros(len(targets), dtype=bool)
    for i, t in enumerate(targets):
        out[i] = any(segment_hits_box(camera_xy, t, w) for w in walls)
    return out


def _pixels(cam: Camera, size: np.ndarray, z: np.ndarray) -> np.ndarray:
    """Approximate projected area: widest horizontal side by height, at depth z."""
    scale = cam.f / np.maximum(z, 1e-6)
    return (np.max(size[:, :2], axis=1) * scale) * (size[:, 2] * scale)


_CORNERS = np.array([[x, y, z] for x in (-0.5, 0.5) for y in (-0.5, 0.5) for z in (-0.5, 0.5)])


def pixels_in_image(cam: Camera, pose: ViewPose, positions: np.ndarray, sizes: np.ndarray
                    ) -> np.ndarray:
    """Per object: pixels of its projected box inside the image (0 when behind the camera
    or out of range), as the detector counts pixels of the segmentation image (without
    occlusion). The box is axis-aligned; a yawed object's footprint is slightly off."""
    out = np.zeros(len(positions))
    for i, (p, s) in enumerate(zip(positions, sizes, strict=True)):
        corners = (p + _CORNERS * s - np.asarray(pose.position)) @ pose.rotation
        centre_z = float((p - np.asarray(pose.position)) @ pose.rotation[:, 2])
        if not cam.near <= centre_z <= cam.far:
            continue
        front = corners[corners[:, 2] > 0.05]
        if len(front) == 0:
            continue
        u = cam.f * front[:, 0] / front[:, 2] + (cam.width - 1) / 2
        v = cam.f * front[:, 1] / front[:, 2] + (cam.height - 1) / 2
        w = min(u.max(), cam.width) - max(u.min(), 0.0)
        h = min(v.max(), cam.height) - max(v.min(), 0.0)
        if w > 0 and h > 0:
            # The box's projection overestimates the object's silhouette (a box's corners
            # reach beyond a round or thin object): count half of it.
            out[i] = 0.5 * w * h
    return out


class WorldView:
    """The scene graph's VisibilityModel for one frame of the geometric camera."""

    def __init__(self, cam: Camera, pose: ViewPose, walls: list, min_pixels: int,
                 stamp: float) -> None:
        self.cam, self.pose, self.walls, self.min_pixels = cam, pose, walls, min_pixels
        self.stamp = stamp
        self.near, self.far = cam.near, cam.far

    def bounds(self) -> tuple[np.ndarray, np.ndarray]:
        p = np.asarray(self.pose.position)
        r = np.array([self.far, self.far, self.far])
        return p - r, p + r

    def visible(self, positions: np.ndarray, extents: np.ndarray | None = None,
                rotations: np.ndarray | None = None) -> np.ndarray:
        positions = np.atleast_2d(np.asarray(positions, dtype=float))
        if len(positions) == 0:
            return np.zeros(0, dtype=bool)
        ok, z, _, _ = _project(self.cam, self.pose, positions)
        if extents is not None:
            ok &= _pixels(self.cam, np.atleast_2d(np.asarray(extents, float)), z) \
                >= self.min_pixels
        idx = np.flatnonzero(ok)
        if len(idx) and self.walls:
            cam_xy = np.asarray(self.pose.position[:2])
            ok[idx] = ~_walled_off(self.walls, cam_xy, positions[idx, :2])
        return ok


@dataclass
class SeenObject:
    """One detection of the geometric camera: label (maybe confused), noisy position,
    state word (maybe misread); `truth` is the world object's id (never sent to memory)."""

    label: str
    position: tuple[float, float, float]
    extent: tuple[float, float, float]
    score: float
    state: str
    truth: str
    # The box's turn about z (the object's yaw): the perception node's boxes are upright
    # and oriented; reported unturned, a counter standing along y was remembered along x
    # and what the robot set down on it lay outside memory's box of it.
    yaw: float = 0.0


class GeometricCamera:
    """Per frame: the view (for the scene graph) and the detections (for memory)."""

    def __init__(self, noise: DetectionNoise | None = None, seed: int = 0,
                 camera: Camera | None = None) -> None:
        self.noise = noise or DetectionNoise()
        self.cam = camera or Camera()
        # Explore decides on the detector's output. On the rendered path that output has
        # no depth cut-off (segmentation reaches the sensor's far plane, 10 m) while the
        # perception pipeline turns only detections within 4 m into memory, so explore can
        # succeed on a sighting memory never receives and the planner is left without the
        # object. Here explore sees what perception keeps (EXPLORE_FAR = the pipeline's far).
        self.explore_cam = replace(self.cam, far=EXPLORE_FAR)
        self.rng = np.random.default_rng(seed)
        # Explore's detections per pose, kept until the frame of that look is taken: the
        # frame must report the same draw (a Cup misread as a Mug, a miss), else explore
        # succeeds on a sighting memory never receives and the planner cannot find it.
        self._looks: dict[tuple[float, float, float, float], list[SeenObject]] = {}
        # The last frame: (pose key, simulated time, ids in view, its detections).
        self._last: tuple[tuple[float, float, float, float], float, frozenset[str],
                          tuple[SeenObject, ...]] | None = None

    def view(self, world: World) -> WorldView:
        r = world.robot
        return WorldView(self.cam, self.cam.pose(r.x, r.y, r.yaw, r.pitch), world.walls,
                         self.noise.min_pixels, world.time)

    def visible_objects(self, world: World, cam: Camera | None = None) -> list[WorldObject]:
        """Objects with at least `min_pixels` of their box in the image, in range, not
        behind a wall, not shut in a closed receptacle, not held, not undetectable decor."""
        cam = cam or self.cam
        r = world.robot
        pose = cam.pose(r.x, r.y, r.yaw, r.pitch)
        cands = [o for o in world.objects.values()
                 if o.kind.detectable and o.id != world.robot.held
                 and not world.visible_container_closed(o)]
        if not cands:
            return []
        pos = np.array([o.position for o in cands])
        ext = np.array([o.size for o in cands])
        seen = pixels_in_image(cam, pose, pos, ext) >= self.noise.min_pixels
        idx = np.flatnonzero(seen)
        if len(idx) and world.walls:
            seen[idx] = ~_walled_off(world.walls, np.asarray(pose.position[:2]), pos[idx, :2])
        return [o for o, s in zip(cands, seen, strict=True) if s]

    def detect(self, world: World, cam: Camera | None = None) -> list[SeenObject]:
        """Detections of one frame through the error model (seeded)."""
        n, rng = self.noise, self.rng
        out = []
        for o in sorted(self.visible_objects(world, cam), key=lambda o: o.id):
            if rng.random() < n.p_miss:
                continue
            label, state = misread(o, n, rng)
            pos = o.position + rng.normal(0.0, POSITION_NOISE, 3)
            out.append(SeenObject(label, (float(pos[0]), float(pos[1]), float(pos[2])),
                                  tuple(float(v) for v in o.size),  # type: ignore[arg-type]
                                  float(rng.uniform(*n.score_range)), state, o.id,
                                  float(o.yaw)))
        return out

    def labels_seen(self, world: World) -> list[str]:
        """The explore skill's detector (same signature as SensorRig.labels_seen)."""
        seen = self.detect(world, self.explore_cam)
        if len(self._looks) >= MAX_KEPT_LOOKS:
            self._looks.clear()
        self._looks[_pose_key(world)] = seen
        return [d.label for d in seen]

    def same_image(self, world: World) -> bool:
        """The last frame was taken at this pose at this simulated instant with the same
        objects in view: a frame now would be that image again."""
        last = self._last
        return last is not None and last[0] == _pose_key(world) \
            and last[1] == world.time and last[2] == self._in_view(world)

    def frame(self, world: World) -> list[SeenObject]:
        """Detections of the frame memory receives. At a pose explore looked from, what
        explore's range covers is explore's own draw; the rest is drawn now. At the pose
        and simulated instant of the last frame (a skill's outcome changed what is in
        view, e.g. the picked object is in the hand), what was in view then keeps that
        frame's draw, only what came into view is drawn: one instant, one image (a fresh
        draw missed the counter top explore had just seen, and memory dropped the
        sighting on that miss: FloorPlan415, blind arm, s0001, "no CounterTop in
        memory")."""
        key = _pose_key(world)
        in_view = self._in_view(world)
        last = self._last
        looked = self._looks.pop(key, None)
        if last is not None and last[0] == key and last[1] == world.time:
            out = [d for d in last[3] if d.truth in in_view] \
                + [d for d in self.detect(world) if d.truth not in last[2]]
        elif looked is None:
            out = self.detect(world)
        else:
            covered = {o.id for o in self.visible_objects(world, self.explore_cam)}
            out = looked + [d for d in self.detect(world) if d.truth not in covered]
        self._last = (key, world.time, in_view, tuple(out))
        return out

    def _in_view(self, world: World) -> frozenset[str]:
        return frozenset(o.id for o in self.visible_objects(world))


MAX_KEPT_LOOKS = 512


def _pose_key(world: World) -> tuple[float, float, float, float]:
    # The pitch belongs to the key: the look up at a heading is another view than the look
    # down, with its own draw (else the frame of one would report the other's sightings).
    r = world.robot
    return (round(float(r.x), 4), round(float(r.y), 4), round(float(r.yaw), 4),
            round(float(r.pitch), 4))
