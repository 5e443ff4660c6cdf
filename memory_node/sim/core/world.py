"""The world model: rooms, a navigable grid, objects with symbolic states, the robot.

Where an object is, is stored once: either `parent` (the receptacle it is in or on) or the
robot's gripper (`Robot.held`), or neither (it stands on the floor or is a fixture). Moving
an object goes through `World.place` / `World.take`, which keep that single record and
recompute the position, so an object is never in two places and never lost.
"""

from __future__ import annotations

import copy
import math
from dataclasses import dataclass, field

import numpy as np

from memory_node.sim.core.camera_mount import CAMERA_PITCH
from memory_node.sim.core.catalog import ObjectType, object_type

GRID = 0.25                 # navigable grid resolution (AI2-THOR's and alfworld's)
ROBOT_RADIUS = 0.22
HAND_HEIGHT = 0.85          # where a held object is carried
HAND_AHEAD = 0.35
SHELF_MIN_HEIGHT = 0.7      # openable receptacles taller than this have a shelf inside
SHELF_FRACTION = 0.45       # at this fraction of their height
# The world's record of what its arm acted on keeps this many ids: a task's goal checker
# needs the objects of that task (tens of skill calls), not the whole history.
ACTED_KEEP = 64


@dataclass
class Room:
    name: str               # the name on the robot's map (kitchen, living_room, ...)
    kind: str               # room type
    x0: float
    y0: float
    x1: float
    y1: float

    @property
    def center(self) -> tuple[float, float]:
        return ((self.x0 + self.x1) / 2, (self.y0 + self.y1) / 2)

    def contains(self, x: float, y: float) -> bool:
        return self.x0 <= x <= self.x1 and self.y0 <= y <= self.y1

    def distance(self, x: float, y: float) -> float:
        """Metres from (x, y) to the room's rectangle (0 inside it)."""
        return math.hypot(max(self.x0 - x, 0.0, x - self.x1), max(self.y0 - y, 0.0, y - self.y1))


@dataclass
class WorldObject:
    id: str
    type: str
    position: np.ndarray            # centre of the body, metres (map frame)
    yaw: float = 0.0                # rotation about z; a fixture's front faces local +y
    room: str = ""
    parent: str | None = None       # receptacle id
    relation: str | None = None     # "in" | "on"
    is_open: bool | None = None     # None: not openable
    is_on: bool | None = None       # None: not toggleable
    dirty: bool = False
    sliced: bool = False
    heated: bool = False
    cooked: bool = False
    cooled: bool = False
    filled: str = ""                # liquid ("water", "coffee") or ""
    scale: float = 1.0
    # Per-object box (x, y, z) where the catalog's would collide with a neighbour: a drawer
    # in a chest is as tall as the chest's drawer pitch, not the catalog's lone drawer.
    extent: tuple[float, float, float] | None = None

    @property
    def kind(self) -> ObjectType:
        return object_type(self.type)

    @property
    def size(self) -> np.ndarray:
        base = self.kind.size if self.extent is None else self.extent
        s = np.array(base, dtype=float) * self.scale
        if self.sliced:
            s[2] *= 0.5
        return s

    @property
    def top(self) -> float:
        return float(self.position[2] + self.size[2] / 2)

    def state_words(self) -> list[str]:
        """The memory's state words that hold for this object now."""
        out = []
        if self.is_open is not None:
            out.append("opened" if self.is_open else "closed")
        if self.is_on is not None:
            out.append("on" if self.is_on else "off")
        for flag, word in ((self.dirty, "dirty"), (self.sliced, "sliced"),
                           (self.heated, "heated"), (self.cooked, "cooked"),
                           (self.cooled, "cooled"), (bool(self.filled), "filled")):
            if flag:
                out.append(word)
        return out


@dataclass
class Robot:
    x: float
    y: float
    yaw: float = 0.0
    held: str | None = None
    # The head's tilt (radians, positive: looking down; camera_mount.CAMERA_PITCH at rest):
    # skills move it as they move the base, the camera of either path follows it.
    pitch: float = CAMERA_PITCH


@dataclass
class World:
    name: str
    rooms: list[Room]
    objects: dict[str, WorldObject]
    free: set[tuple[int, int]]          # navigable grid cells (i, j) -> (i*GRID, j*GRID)
    robot: Robot
    time: float = 0.0                   # simulated seconds
    walls: list[tuple[float, float, float, float]] = field(default_factory=list)
    source: str = ""                    # "seed:N" or "floorplan:N"
    # Ids of the objects successful arm skills acted on, oldest first (the goal checker's
    # "the drawer the robot used" comes from here, never from the planner's claims).
    acted: list[str] = field(default_factory=list)
    # How many ids `record_acted` has recorded in all (`acted` keeps the last ACTED_KEEP):
    # a task's `goals.Binding` starts from it, so only the task's own acts bind.
    acted_count: int = 0

    def record_acted(self, *object_ids: str) -> None:
        self.acted = [*self.acted, *object_ids][-ACTED_KEEP:]
        self.acted_count += len(object_ids)

    # ---- queries ---------------------------------------------------------------------
    def room_of(self, x: float, y: float) -> Room | None:
        for r in self.rooms:
            if r.contains(x, y):
                return r
        return None

    def nearest_room(self, x: float, y: float) -> Room | None:
        """The room holding (x, y), else the one whose rectangle is nearest: a wall
        fixture's centre, or memory's estimate of one, can lie a few centimetres past the
        rectangle the room's floor was cut to."""
        return self.room_of(x, y) or min(self.rooms, key=lambda r: (r.distance(x, y), r.name),
                                         default=None)

    def room(self, name: str) -> Room | None:
        for r in self.rooms:
            if r.name == name:
                return r
        return None

    def children(self, receptacle: str) -> list[WorldObject]:
        return [o for o in self.objects.values() if o.parent == receptacle]

    def descendants(self, receptacle: str) -> list[WorldObject]:
        out, todo = [], [receptacle]
        while todo:
            kids = self.children(todo.pop())
            out.extend(kids)
            todo.extend(k.id for k in kids)
        return out

    def of_type(self, type_name: str) -> list[WorldObject]:
        return [o for o in self.objects.values() if o.type == type_name]

    def robot_xy(self) -> np.ndarray:
        return np.array([self.robot.x, self.robot.y])

    def hand_position(self) -> np.ndarray:
        r = self.robot
        return np.array([r.x + HAND_AHEAD * math.cos(r.yaw), r.y + HAND_AHEAD * math.sin(r.yaw),
                         HAND_HEIGHT])

    def distance_to(self, obj: WorldObject) -> float:
        """Horizontal distance from the robot's centre to the object's nearest face."""
        return math.dist(nearest_face_point(obj, self.robot.x, self.robot.y),
                         (self.robot.x, self.robot.y))

    def wall_between(self, a: tuple[float, float], b: tuple[float, float]) -> bool:
        """Does the straight line from `a` to `b` (x, y) cross a wall (door gaps open)?"""
        p, q = np.asarray(a, dtype=float), np.asarray(b, dtype=float)
        return any(segment_hits_box(p, q, w) for w in self.walls)

    def walled_off(self, obj: WorldObject, x: float, y: float) -> bool:
        """Is a wall between (x, y) and the object's nearest face? An arm does not reach
        through a wall: a fridge backing onto the bedroom wall was opened from the
        bedroom, 0.6 m from its back, and the camera there saw the wall, not the mug on
        its shelf (the main job's blind arm, bench/README_tasks.md round 19)."""
        return self.wall_between((x, y), nearest_face_point(obj, x, y))

    def visible_container_closed(self, obj: WorldObject) -> bool:
        """Is the object shut inside a closed receptacle (at any depth)?"""
        return self.shut_by(obj) is not None

    def shut_by(self, obj: WorldObject) -> WorldObject | None:
        """The outermost closed receptacle the object is shut in (at any depth), or None.
        The outermost one: it is the one an arm must open first, and the only one of them
        it can reach. A sponge in a bowl in the closed fridge is shut in by the fridge, not
        by the bowl (which does not open: naming it sent the planner to open drawers
        beside it, tune3 seed 1303)."""
        shut = None
        p = obj.parent
        while p is not None:
            rec = self.objects[p]
            if rec.is_open is False:
                shut = rec
            p = rec.parent
        return shut

    # ---- moves (the only code that changes where an object is) ------------------------
    def take(self, obj_id: str) -> None:
        """Into the gripper: off its receptacle, carried with everything in/on it."""
        obj = self.objects[obj_id]
        obj.parent, obj.relation = None, None
        self.robot.held = obj_id
        self.follow_robot()

    def place(self, obj_id: str, receptacle_id: str, relation: str) -> None:
        """In/on a receptacle at a free slot; from the gripper if it was held, and then at
        the free slot nearest the hand (an arm sets things down in front of the robot, not
        at the middle of a 1.6 m counter)."""
        obj, rec = self.objects[obj_id], self.objects[receptacle_id]
        hand = None
        if self.robot.held == obj_id:
            self.robot.held = None
            hand = self.hand_position()[:2]
        obj.parent, obj.relation = receptacle_id, relation
        obj.room = rec.room
        self._set_position(obj, self._slot(rec, obj, relation, hand))

    def follow_robot(self) -> None:
        """Carry the held object (and what it holds) with the robot."""
        if self.robot.held is not None:
            obj = self.objects[self.robot.held]
            pos = self.hand_position()
            pos[2] += obj.size[2] / 2
            self._set_position(obj, pos)
            obj.yaw = self.robot.yaw
            room = self.room_of(self.robot.x, self.robot.y)
            obj.room = room.name if room else obj.room

    def _set_position(self, obj: WorldObject, pos: np.ndarray) -> None:
        delta = pos - obj.position
        obj.position = pos
        for kid in self.descendants(obj.id):
            kid.position = kid.position + delta
            kid.room = obj.room

    def _slot(self, rec: WorldObject, obj: WorldObject, relation: str,
              near: np.ndarray | None = None) -> np.ndarray:
        """A free spot on the receptacle's top (on) or its floor (in), deterministic:
        nearest `near` (x, y) when given, else nearest the centre."""
        size, osz = rec.size, obj.size
        others = [o for o in self.children(rec.id) if o.id != obj.id]
        if relation == "in":
            base_z = rec.position[2] - size[2] / 2 + 0.02 + osz[2] / 2
            if rec.kind.openable and size[2] > SHELF_MIN_HEIGHT:
                # Tall cupboards and fridges keep things on a shelf at hand height.
                base_z = rec.position[2] - size[2] / 2 + SHELF_FRACTION * size[2] + 0.015 \
                    + osz[2] / 2
            if rec.type in ("SinkBasin", "BathtubBasin"):
                base_z = rec.position[2] - size[2] / 2 + osz[2] / 2
        else:
            base_z = rec.top + osz[2] / 2
        # Candidate offsets on a grid over the footprint (shrunk by the object's size),
        # nearest the centre first; the first one farther than 8 cm from every other
        # object wins, else the centre.
        hx = max(size[0] / 2 - osz[0] / 2 - 0.03, 0.0)
        hy = max(size[1] / 2 - osz[1] / 2 - 0.03, 0.0)
        cands = [(u * hx, v * hy) for u in np.linspace(-1, 1, 5) for v in np.linspace(-1, 1, 5)]
        c, s = math.cos(rec.yaw), math.sin(rec.yaw)
        if near is None:
            cands.sort(key=lambda p: (p[0] ** 2 + p[1] ** 2, p))
        else:
            # In the receptacle's frame, where the candidates are.
            nx, ny = near[0] - rec.position[0], near[1] - rec.position[1]
            lx0, ly0 = c * nx + s * ny, -s * nx + c * ny
            cands.sort(key=lambda p: ((p[0] - lx0) ** 2 + (p[1] - ly0) ** 2, p))
        for lx, ly in cands:
            p = np.array([rec.position[0] + c * lx - s * ly, rec.position[1] + s * lx + c * ly,
                          base_z])
            if all(np.hypot(*(p[:2] - o.position[:2])) > 0.08 for o in others):
                return p
        return np.array([rec.position[0], rec.position[1], base_z])

    # ---- checks ------------------------------------------------------------------------
    def problems(self) -> list[str]:
        """Violations of the world's invariants (empty when consistent)."""
        out = []
        held = self.robot.held
        if held is not None:
            if held not in self.objects:
                out.append(f"robot holds unknown {held}")
            elif self.objects[held].parent is not None:
                out.append(f"{held} is held and in {self.objects[held].parent}")
        for o in self.objects.values():
            if o.parent is not None:
                if o.parent not in self.objects:
                    out.append(f"{o.id} in unknown {o.parent}")
                elif o.parent == o.id or o.id in {d.id for d in self.descendants(o.id)
                                                   if d.id == o.parent}:
                    out.append(f"{o.id} contains itself")
            if not np.all(np.isfinite(o.position)):
                out.append(f"{o.id} has no position")
        return out

    def copy(self) -> World:
        return copy.deepcopy(self)

    # ---- grid --------------------------------------------------------------------------
    @staticmethod
    def cell_of(x: float, y: float) -> tuple[int, int]:
        return (round(x / GRID), round(y / GRID))

    @staticmethod
    def cell_xy(cell: tuple[int, int]) -> tuple[float, float]:
        return (cell[0] * GRID, cell[1] * GRID)


def nearest_face_point(obj: WorldObject, x: float, y: float) -> tuple[float, float]:
    """The point of the object's footprint (turned with its yaw) nearest (x, y): (x, y)
    itself when it lies inside."""
    dx, dy = x - float(obj.position[0]), y - float(obj.position[1])
    c, s = math.cos(obj.yaw), math.sin(obj.yaw)
    lx, ly = c * dx + s * dy, -s * dx + c * dy
    hx, hy = float(obj.size[0]) / 2, float(obj.size[1]) / 2
    lx, ly = min(max(lx, -hx), hx), min(max(ly, -hy), hy)
    return (float(obj.position[0]) + c * lx - s * ly, float(obj.position[1]) + s * lx + c * ly)


def in_front_of(obj: WorldObject, x: float, y: float) -> bool:
    """Is (x, y) in front of the object's opening: beyond its front face (the footprint's
    local +y side, where an openable receptacle's carcass is open and its door hangs:
    render.SceneModel) and within the face's width?"""
    dx, dy = x - float(obj.position[0]), y - float(obj.position[1])
    c, s = math.cos(obj.yaw), math.sin(obj.yaw)
    lx, ly = c * dx + s * dy, -s * dx + c * dy
    return ly >= float(obj.size[1]) / 2 and abs(lx) <= float(obj.size[0]) / 2


def segment_hits_box(p: np.ndarray, q: np.ndarray, box: tuple[float, float, float, float]
                     ) -> bool:
    """Does the 2D segment p->q pass through the axis-aligned rectangle (slab test)?"""
    t0, t1 = 0.0, 1.0
    d = q - p
    for axis, lo, hi in ((0, box[0], box[2]), (1, box[1], box[3])):
        if abs(d[axis]) < 1e-12:
            if not lo <= p[axis] <= hi:
                return False
            continue
        a, b = (lo - p[axis]) / d[axis], (hi - p[axis]) / d[axis]
        t0, t1 = max(t0, min(a, b)), min(t1, max(a, b))
        if t0 > t1:
            return False
    return True
