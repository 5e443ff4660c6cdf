"""A household run as perception output: the household world's house (seed), a robot that
stands in each room and turns through four headings, and the objects its camera frustum
holds as observations (the world's true positions, boxes and open/closed states). Between
visits the world changes: objects move, others leave the house. Deterministic.

Used to replay a run into a real memory server over DDS without rendering.
"""

from __future__ import annotations

import math
from collections.abc import Iterator
from dataclasses import dataclass

import numpy as np

from memory_node.core.perception.camera import CameraIntrinsics, Pose
from memory_node.core.perception.frustum import CameraView
from memory_node.core.perception.observation import Observation
from memory_node.sim.core.layouts import from_seed
from memory_node.sim.core.world import World

K = CameraIntrinsics(160.0, 160.0, 160.0, 120.0, 320, 240)  # 90 degrees wide
LOOK_X = np.array([-0.5, 0.5, -0.5, 0.5])  # optical frame looking along +x (x, y, z, w)


def _quat_mul(a: np.ndarray, b: np.ndarray) -> np.ndarray:
    ax, ay, az, aw = a
    bx, by, bz, bw = b
    return np.array([aw * bx + ax * bw + ay * bz - az * by,
                     aw * by - ax * bz + ay * bw + az * bx,
                     aw * bz + ax * by - ay * bx + az * bw,
                     aw * bw - ax * bx - ay * by - az * bz])


def camera_view(x: float, y: float, heading: float, stamp: float) -> CameraView:
    yaw = np.array([0.0, 0.0, math.sin(heading / 2), math.cos(heading / 2)])
    pose = Pose.make((x, y, 1.0), _quat_mul(yaw, LOOK_X))
    return CameraView(stamp, pose, K, 0.3, 6.0)


@dataclass
class Frame:
    stamp: float
    view: CameraView
    observations: list[Observation]


class HouseholdRun:
    def __init__(self, seed: int = 0) -> None:
        self.world: World = from_seed(seed)
        self.stamp = 0.0

    def _visible_objects(self) -> list:
        out = []
        for obj in self.world.objects.values():
            parent = self.world.objects.get(obj.parent) if obj.parent else None
            if parent is not None and obj.relation == "in" and not parent.is_open:
                continue  # inside something closed
            out.append(obj)
        return out

    def visit(self) -> Iterator[Frame]:
        """One frame per room and heading."""
        for room in self.world.rooms:
            cx, cy = room.center
            for k in range(4):
                self.stamp += 1.0
                view = camera_view(cx, cy, k * math.pi / 2, self.stamp)
                objects = self._visible_objects()
                positions = np.array([o.position for o in objects])
                seen = view.visible(positions)
                yield Frame(self.stamp, view, [
                    Observation.at(o.type, tuple(o.position), self.stamp,
                                   extent=tuple(float(v) for v in o.size),
                                   state=("opened" if o.is_open else "closed")
                                   if o.is_open is not None else None)
                    for o, s in zip(objects, seen, strict=True) if s])

    def small_objects(self) -> list:
        return sorted((o for o in self.world.objects.values()
                       if o.parent and o.relation == "on"), key=lambda o: o.id)

    def move(self, count: int) -> list[str]:
        """Shift `count` small objects 0.5 m along x (inside their room) off their host."""
        moved = []
        for obj in self.small_objects():
            room = self.world.room(obj.room)
            target = obj.position + np.array([0.5, 0.0, 0.0])
            if room is None or not room.contains(target[0], target[1]):
                continue
            obj.position, obj.parent, obj.relation = target, None, None
            moved.append(obj.id)
            if len(moved) == count:
                break
        return moved

    def remove(self, count: int) -> list[str]:
        """Take `count` small objects out of the house."""
        gone = [o.id for o in self.small_objects()[-count:]]
        for obj_id in gone:
            del self.world.objects[obj_id]
        return gone
