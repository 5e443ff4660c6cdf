"""Houses: procedural from a seed, or one AI2-THOR floor plan from alfworld's data.

`from_seed(n)` builds four rooms (kitchen, living room, bedroom, bathroom) on a 2×2 plan
with a door in every shared wall, furniture against the walls, appliances on counters, and
small objects in or on the receptacles ALFRED allows them in. The same seed gives the same
house, object for object.

`from_floorplan(n)` builds the single room of AI2-THOR floor plan n (1–30 kitchens,
201–230 living rooms, 301–330 bedrooms, 401–430 bathrooms) from what alfworld ships: the
plan's object types, its reachable 0.25 m grid (the navigable cells, used as they are) and
its receptacles with their positions (from their AI2-THOR ids) and the pose an agent uses
them from (their front faces it). Small objects come from the AI2-THOR rearrangement data
(`../shared/data/ai2thor_rearrangement/val.json.gz`, starting poses of one episode) where
it covers the plan, else one or two of each pickupable type of the plan, placed by seed.
"""

from __future__ import annotations

import gzip
import json
import math
import random
from dataclasses import dataclass, field
from functools import lru_cache
from importlib import resources
from pathlib import Path

import networkx as nx
import numpy as np

from memory_node.sim.core.catalog import ON_COUNTER, accepts, object_type
from memory_node.sim.core.nav import REACH, Navigator
from memory_node.sim.core.world import GRID, ROBOT_RADIUS, Robot, Room, World, WorldObject

ROOM_KINDS = ("kitchen", "living_room", "bedroom", "bathroom")
PLAN_RANGES = {"kitchen": range(1, 31), "living_room": range(201, 231),
               "bedroom": range(301, 331), "bathroom": range(401, 431)}
WALL = 0.1
DOOR = 1.0

# Per room: furniture against the walls (in order of importance), furniture in the middle,
# appliances on counters (type, host type), and the small objects that live there.
_WALL_FURNITURE = {
    "kitchen": ["Fridge", "Sink", "CounterTop", "CounterTop", "Cabinet", "Cabinet", "Drawer",
                "Drawer", "GarbageCan", "Shelf"],
    "living_room": ["Sofa", "TVStand", "ArmChair", "Shelf", "SideTable", "Drawer", "Dresser",
                    "FloorLamp", "GarbageCan"],
    "bedroom": ["Bed", "Desk", "Dresser", "SideTable", "Shelf", "Drawer", "Safe",
                "LaundryHamper", "GarbageCan"],
    "bathroom": ["Bathtub", "Toilet", "Sink", "Cabinet", "Drawer", "GarbageCan"],
}
_MIDDLE = {"kitchen": ["DiningTable"], "living_room": ["CoffeeTable"], "bedroom": [],
           "bathroom": []}
_ON_HOST = {
    "kitchen": [("SinkBasin", "Sink"), ("Faucet", "Sink"), ("StoveBurner", "CounterTop"),
                ("StoveBurner", "CounterTop"), ("Microwave", "CounterTop"),
                ("Toaster", "CounterTop"), ("CoffeeMachine", "CounterTop")],
    "living_room": [("Television", "TVStand")],
    "bedroom": [("DeskLamp", "Desk")],
    "bathroom": [("SinkBasin", "Sink"), ("Faucet", "Sink"), ("BathtubBasin", "Bathtub")],
}
SMALL = {
    "kitchen": ["Apple", "Tomato", "Potato", "Lettuce", "Bread", "Egg", "Knife", "ButterKnife",
                "Fork", "Spoon", "Spatula", "Ladle", "Plate", "Bowl", "Mug", "Cup", "Pan", "Pot",
                "Kettle", "DishSponge", "SoapBottle", "SaltShaker", "PepperShaker",
                "WineBottle"],
    "living_room": ["RemoteControl", "Book", "KeyChain", "CreditCard", "Laptop", "Newspaper",
                    "Pillow", "Statue", "Vase", "Watch", "Box", "CellPhone", "TissueBox",
                    "Candle", "Bowl", "Plate"],
    "bedroom": ["Book", "CellPhone", "AlarmClock", "CD", "Pen", "Pencil", "Laptop", "Pillow",
                "KeyChain", "BaseballBat", "BasketBall", "TennisRacket", "Mug", "CreditCard",
                "Cloth"],
    "bathroom": ["SoapBar", "SoapBottle", "ToiletPaper", "SprayBottle", "Towel", "HandTowel",
                 "Candle", "Cloth", "DishSponge", "TissueBox", "Plunger", "ScrubBrush"],
}


class LayoutError(ValueError):
    """The layout cannot be built (unknown floor plan, or the furniture does not fit)."""


@dataclass
class LayoutReport:
    """How a house was made (for the benchmark and the docs)."""
    source: str
    primitives: int = 0                 # objects drawn as primitives (all, today)
    default_bodies: list[str] = field(default_factory=list)   # types with no body entry
    skipped: list[str] = field(default_factory=list)          # objects left out, and why


# ------------------------------------------------------------------ procedural houses --
def from_seed(seed: int, small_per_room: tuple[int, int] = (7, 10),
              max_tries: int = 20) -> World:
    """A four-room house from a seed (deterministic)."""
    if not isinstance(seed, int) or seed < 0:
        raise LayoutError(f"seed must be a non-negative integer, got {seed!r}")
    lo, hi = small_per_room
    if not 0 <= lo <= hi <= 40:
        raise LayoutError(f"small_per_room must be 0 <= lo <= hi <= 40, got {small_per_room}")
    last = None
    for attempt in range(max_tries):
        rng = random.Random(seed * 1000 + attempt)
        try:
            world = _build_house(rng, small_per_room)
        except LayoutError as exc:
            last = exc
            continue
        world.source = f"seed:{seed}"
        return world
    raise LayoutError(f"seed {seed}: no layout fits after {max_tries} tries ({last})")


def _build_house(rng: random.Random, small_per_room: tuple[int, int]) -> World:
    q = lambda a, b: rng.randint(int(a / GRID), int(b / GRID)) * GRID  # noqa: E731
    w0, w1, h0, h1 = q(4.5, 6.0), q(4.5, 6.0), q(4.5, 5.5), q(3.5, 4.5)
    rooms = [Room("kitchen", "kitchen", 0, 0, w0, h0),
             Room("living_room", "living_room", w0, 0, w0 + w1, h0),
             Room("bedroom", "bedroom", 0, h0, w0, h0 + h1),
             Room("bathroom", "bathroom", w0, h0, w0 + w1, h0 + h1)]
    W, H = w0 + w1, h0 + h1
    # Doors (in shared walls): (axis, coordinate of the wall, centre along it).
    doors = [("x", w0, q(1.0, h0 - 1.0)), ("x", w0, h0 + q(1.0, h1 - 1.0)),
             ("y", h0, q(1.0, w0 - 1.0)), ("y", h0, w0 + q(1.0, w1 - 1.0))]
    walls = _walls(W, H, w0, h0, doors)
    objects: dict[str, WorldObject] = {}
    counts: dict[str, int] = {}

    def new(t: str, pos: tuple[float, float, float], yaw: float, room: str) -> WorldObject:
        counts[t] = counts.get(t, 0) + 1
        o = WorldObject(id=f"{t}_{counts[t]:02d}", type=t, position=np.array(pos, float),
                        yaw=yaw, room=room)
        k = object_type(t)
        o.is_open = False if k.openable else None
        o.is_on = False if k.toggleable else None
        objects[o.id] = o
        return o

    for room in rooms:
        placed = _place_against_walls(rng, room, _WALL_FURNITURE[room.kind], doors)
        for t, (x, y, yaw) in placed:
            new(t, (x, y, object_type(t).size[2] / 2), yaw, room.name)
        for t in _MIDDLE[room.kind]:
            cx, cy = room.center
            new(t, (cx + rng.uniform(-0.3, 0.3), cy + rng.uniform(-0.3, 0.3),
                    object_type(t).size[2] / 2), 0.0, room.name)
        _place_on_hosts(objects, room, _ON_HOST[room.kind], new)
    free = _free_cells(rooms, walls, objects.values())
    free = _largest_component(free)
    world = World(name="house", rooms=rooms, objects=objects, free=free,
                  robot=Robot(0.0, 0.0), walls=walls)
    nav = _check_reachable(world)
    for room in rooms:
        _scatter_small(rng, world, room, SMALL[room.kind], rng.randint(*small_per_room), nav=nav)
    start = sorted(c for c in free if rooms[1].contains(*World.cell_xy(c)))
    if not start:
        raise LayoutError("the living room has no free cell")
    sx, sy = World.cell_xy(start[rng.randrange(len(start))])
    world.robot = Robot(sx, sy, rng.uniform(-math.pi, math.pi))
    return world


def _walls(W: float, H: float, w0: float, h0: float, doors: list) -> list:
    """Wall rectangles (x0, y0, x1, y1), with the door gaps left open."""
    t = WALL / 2
    out = [(-t, -t, W + t, t), (-t, H - t, W + t, H + t), (-t, -t, t, H + t),
           (W - t, -t, W + t, H + t)]
    for axis, at, span in (("x", w0, (0, H)), ("y", h0, (0, W))):
        gaps = sorted(c for a, w, c in doors if a == axis and w == at)
        lo = span[0]
        for c in gaps + [None]:
            hi = span[1] if c is None else c - DOOR / 2
            if hi > lo:
                out.append((at - t, lo, at + t, hi) if axis == "x" else (lo, at - t, hi, at + t))
            if c is not None:
                lo = c + DOOR / 2
    return out


def _place_against_walls(rng: random.Random, room: Room, types: list[str], doors: list
                         ) -> list[tuple[str, tuple[float, float, float]]]:
    """Greedy packing along the four walls, clear of the doors; LayoutError if it fails."""
    m = WALL / 2 + 0.02
    # side: (start point, direction along, inward normal, yaw so the front faces inward)
    sides = [((room.x0, room.y0 + m), (1, 0), (0, 1), 0.0),
             ((room.x1, room.y1 - m), (-1, 0), (0, -1), math.pi),
             ((room.x0 + m, room.y1), (0, -1), (1, 0), -math.pi / 2),
             ((room.x1 - m, room.y0), (0, 1), (-1, 0), math.pi / 2)]
    lengths = [room.x1 - room.x0, room.x1 - room.x0, room.y1 - room.y0, room.y1 - room.y0]
    order = list(range(4))
    rng.shuffle(order)
    cursor = {s: rng.uniform(0.1, 0.6) for s in range(4)}
    out = []
    for t in types:
        sx, sy, _ = object_type(t).size
        for s in order:
            (px, py), (dx, dy), (nx_, ny_), yaw = sides[s]
            a = cursor[s]
            while a + sx <= lengths[s] - 0.1:
                cx = px + dx * (a + sx / 2) + nx_ * (sy / 2)
                cy = py + dy * (a + sx / 2) + ny_ * (sy / 2)
                if _clear_of_doors(cx, cy, sx, sy, yaw, doors):
                    out.append((t, (cx, cy, yaw)))
                    cursor[s] = a + sx + 0.05
                    break
                a += 0.25
            else:
                continue
            break
        else:
            raise LayoutError(f"{t} does not fit in the {room.name}")
        order = order[1:] + order[:1]     # spread furniture over the walls
    return out


def _clear_of_doors(cx: float, cy: float, sx: float, sy: float, yaw: float, doors: list
                    ) -> bool:
    ex, ey = (sx / 2, sy / 2) if abs(math.sin(yaw)) < 0.5 else (sy / 2, sx / 2)
    for axis, at, c in doors:
        # Keep 1 m of floor in front of each side of a door free.
        if axis == "x" and abs(cx - at) < ex + 1.0 and abs(cy - c) < ey + DOOR / 2 + 0.3:
            return False
        if axis == "y" and abs(cy - at) < ey + 1.0 and abs(cx - c) < ex + DOOR / 2 + 0.3:
            return False
    return True


def _place_on_hosts(objects: dict[str, WorldObject], room: Room, items: list, new) -> None:
    """Appliances and fittings on top of their host furniture, spread along its width."""
    used: dict[str, int] = {}
    for t, host_type in items:
        hosts = [o for o in objects.values() if o.type == host_type and o.room == room.name]
        if not hosts:
            continue
        # Fill the host with the fewest fittings first.
        host = min(hosts, key=lambda h: (used.get(h.id, 0), h.id))
        k = used.get(host.id, 0)
        used[host.id] = k + 1
        tsz = object_type(t).size
        hsz = host.size
        if t == "SinkBasin" or t == "BathtubBasin":
            lx, ly, z = 0.0, 0.0, host.top - tsz[2] / 2 + 0.005
        elif t == "Faucet":
            lx, ly, z = 0.0, -hsz[1] / 2 + 0.08, host.top + tsz[2] / 2
        else:
            slots = np.linspace(-hsz[0] / 2 + 0.25, hsz[0] / 2 - 0.25, 4)
            lx, ly, z = float(slots[k % 4]), 0.0, host.top + tsz[2] / 2
        c, s = math.cos(host.yaw), math.sin(host.yaw)
        new(t, (host.position[0] + c * lx - s * ly, host.position[1] + s * lx + c * ly, z),
            host.yaw, room.name)


def _footprint(o: WorldObject, pad: float) -> tuple[float, float, float, float]:
    sx, sy = o.size[0] / 2 + pad, o.size[1] / 2 + pad
    c, s = abs(math.cos(o.yaw)), abs(math.sin(o.yaw))
    ex, ey = c * sx + s * sy, s * sx + c * sy
    return (o.position[0] - ex, o.position[1] - ey, o.position[0] + ex, o.position[1] + ey)


def _obstacle(o: WorldObject) -> bool:
    k = o.kind
    bottom = o.position[2] - o.size[2] / 2
    return k.static and not k.decor and bottom < 1.2 and o.type not in ON_COUNTER


def _free_cells(rooms: list[Room], walls: list, objects) -> set[tuple[int, int]]:
    x0 = min(r.x0 for r in rooms)
    y0 = min(r.y0 for r in rooms)
    x1 = max(r.x1 for r in rooms)
    y1 = max(r.y1 for r in rooms)
    boxes = [(a - ROBOT_RADIUS, b - ROBOT_RADIUS, c + ROBOT_RADIUS, d + ROBOT_RADIUS)
             for a, b, c, d in walls]
    boxes += [_footprint(o, ROBOT_RADIUS) for o in objects if _obstacle(o)]
    free = set()
    for i in range(math.ceil(x0 / GRID), math.floor(x1 / GRID) + 1):
        for j in range(math.ceil(y0 / GRID), math.floor(y1 / GRID) + 1):
            x, y = i * GRID, j * GRID
            if not any(a < x < c and b < y < d for a, b, c, d in boxes):
                free.add((i, j))
    return free


def _largest_component(free: set[tuple[int, int]]) -> set[tuple[int, int]]:
    seen: set[tuple[int, int]] = set()
    best: set[tuple[int, int]] = set()
    for c in sorted(free):
        if c in seen:
            continue
        comp, todo = {c}, [c]
        while todo:
            i, j = todo.pop()
            for n in ((i + 1, j), (i - 1, j), (i, j + 1), (i, j - 1)):
                if n in free and n not in comp:
                    comp.add(n)
                    todo.append(n)
        seen |= comp
        if len(comp) > len(best):
            best = comp
    return best


def _check_reachable(world: World) -> Navigator:
    """Every receptacle and switch must be usable from a free cell, else LayoutError."""
    nav = Navigator(world.free)
    for o in world.objects.values():
        k = o.kind
        if (k.receptacle or k.toggleable or k.openable) and not k.decor:
            if not nav.cells_near(world, o):
                raise LayoutError(f"{o.id} cannot be reached from the free floor")
    return nav


def _scatter_small(rng: random.Random, world: World, room: Room, types: list[str], n: int,
                   only: list[str] | None = None, nav: Navigator | None = None) -> None:
    nav = nav or Navigator(world.free)
    hosts = [o for o in world.objects.values()
             if o.room == room.name and o.kind.receptacle and o.kind.static]
    counts: dict[str, int] = {}
    for o in world.objects.values():
        counts[o.type] = max(counts.get(o.type, 0), int(o.id.rsplit("_", 1)[-1]))
    picks = only if only is not None else [rng.choice(types) for _ in range(n)]
    for t in picks:
        ok = sorted((h for h in hosts if accepts(h.type, t) and h.type != "GarbageCan"),
                    key=lambda h: h.id)
        rng.shuffle(ok)
        k = object_type(t)
        for host in ok:
            o = WorldObject(id=f"{t}_{counts.get(t, 0) + 1:02d}", type=t,
                            position=host.position.copy(), room=room.name,
                            is_open=False if k.openable else None,
                            is_on=False if k.toggleable else None,
                            dirty=k.dirtyable and rng.random() < 0.3)
            world.objects[o.id] = o
            world.place(o.id, host.id, host.kind.relation)
            if nav.cells_near(world, o):
                counts[t] = counts.get(t, 0) + 1
                break
            # Out of the arm's reach from any free cell: try another receptacle.
            del world.objects[o.id]


# --------------------------------------------------------------- AI2-THOR floor plans --
def plan_kind(number: int) -> str:
    for kind, r in PLAN_RANGES.items():
        if number in r:
            return kind
    raise LayoutError(f"unknown floor plan {number!r}: AI2-THOR floor plans are 1-30, "
                      "201-230, 301-330 and 401-430")


def _layout_dir() -> Path:
    return Path(str(resources.files("alfworld") / "gen" / "layouts"))


@lru_cache(maxsize=1)
def _rearrangement(path: str) -> dict:
    with gzip.open(path, "rt", encoding="utf-8") as fh:
        return json.load(fh)


# Floor-standing fixtures whose AI2-THOR position is their work surface (a counter at
# y = 0.95): their top is there. Read as a centre, counters stood 1.4 m tall, above the head
# camera's view of anything on them.
SURFACE_AT_Y = frozenset({"CounterTop", "Sink", "Bathtub"})


SEPARATE_TOL = 0.01     # boxes may touch; deeper than this they are one box
MIN_SIDE = 0.12         # no narrower than a drawer front
SEPARATE_PASSES = 8
FLOOR_SNAP = 0.3        # a box whose bottom would be lower than this stands on the floor


def _world_size(o: WorldObject) -> np.ndarray:
    s = o.size
    return np.array([s[1], s[0], s[2]]) if _turned(o) else s.copy()


def _turned(o: WorldObject) -> bool:
    return round(o.yaw / (math.pi / 2)) % 2 == 1


def _resize(o: WorldObject, world_axis: int, side: float) -> None:
    ext = list(o.size / o.scale)
    ext[(1 - world_axis if _turned(o) else world_axis) if world_axis < 2 else 2] = side / o.scale
    o.extent = (float(ext[0]), float(ext[1]), float(ext[2]))


def _overlap(a: WorldObject, b: WorldObject) -> np.ndarray:
    ha, hb = _world_size(a) / 2, _world_size(b) / 2
    return np.minimum(a.position + ha, b.position + hb) - np.maximum(a.position - ha,
                                                                      b.position - hb)


def _separate(objs: list[WorldObject], thor_z: dict[str, float]) -> None:
    """Give AI2-THOR receptacles whose catalog boxes collide the room their ids leave them.

    AI2-THOR lists every drawer of a chest and every board of a bookcase, 0.15-0.3 m apart;
    at the catalog's sizes (and with low ones set on the floor) they sat in one box, and
    memory, seeing one thing there, kept one node for the stack. First the stacks: whatever
    overlaps another of its type in plan goes back to AI2-THOR's height and is cut to the
    pitch to its nearest neighbour above or below (the lowest stands on the floor); a
    microwave beside a chest is no stack and keeps its height. Then what still
    collides (side by side at one height) is cut along the plan axis the two stand furthest
    apart on; near-duplicates (the two doors of one cabinet) split the box in two.
    """
    cat = {o.id: (o.position.copy(), _world_size(o)) for o in objs}
    objs = [o for o in objs if o.kind.openable or o.type == "Shelf"]

    def in_plan(a: WorldObject, b: WorldObject) -> bool:
        (pa, sa), (pb, sb) = cat[a.id], cat[b.id]
        return bool((np.abs(pa[:2] - pb[:2]) < (sa[:2] + sb[:2]) / 2 - SEPARATE_TOL).all())

    for o in objs:
        column = [p for p in objs if p is not o and p.type == o.type and in_plan(o, p)]
        dz = [thor_z[p.id] - thor_z[o.id] for p in column]
        if not any(abs(d) >= MIN_SIDE for d in dz):
            continue
        z = thor_z[o.id]
        h = min([float(o.size[2])] + [abs(d) for d in dz if abs(d) >= MIN_SIDE])
        if not any(d <= -MIN_SIDE for d in dz) and z - h / 2 < FLOOR_SNAP:
            # The lowest of its stack stands on the floor, its top under the next one.
            h = max(z + h / 2, MIN_SIDE)
            z = h / 2
        _resize(o, 2, h)
        o.position[2] = z
    for _ in range(SEPARATE_PASSES):
        moved = False
        for i, a in enumerate(objs):
            for b in objs[i + 1:]:
                if not (_overlap(a, b) > SEPARATE_TOL).all():
                    continue
                moved = True
                sa, sb = _world_size(a), _world_size(b)
                sep = np.abs(a.position - b.position)
                axis = int(np.argmax(sep / ((sa + sb) / 2)))
                f = min(sep[axis] / ((sa[axis] + sb[axis]) / 2), 1.0)
                if f * min(sa[axis], sb[axis]) >= MIN_SIDE:
                    _resize(a, axis, sa[axis] * f)
                    _resize(b, axis, sb[axis] * f)
                    continue
                # One box listed twice: two halves along the wider plan axis.
                axis = 0 if sa[0] >= sa[1] else 1
                side = min(sa[axis], sb[axis]) / 2
                mid = (a.position[axis] + b.position[axis]) / 2
                first, second = (a, b) if (a.position[axis], a.id) <= (b.position[axis],
                                                                         b.id) else (b, a)
                for o, sign in ((first, -1), (second, 1)):
                    _resize(o, axis, side)
                    o.position[axis] = mid + sign * side / 2
        if not moved:
            return


def from_floorplan(number: int, seed: int = 0, rearrangement: Path | None = None) -> World:
    """AI2-THOR floor plan `number` from alfworld's data (see the module docstring)."""
    if isinstance(number, bool) or not isinstance(number, int):
        raise LayoutError(f"floor plan must be an integer, got {number!r}")
    kind = plan_kind(number)
    d = _layout_dir()
    try:
        types = json.loads((d / f"FloorPlan{number}-objects.json").read_text())
        recs = json.loads((d / f"FloorPlan{number}-openable.json").read_text())
        grid = np.load(d / f"FloorPlan{number}-layout.npy")
    except FileNotFoundError as exc:
        raise LayoutError(f"floor plan {number}: alfworld has no data ({exc.filename})") \
            from None
    rng = random.Random(seed * 100003 + number)
    # AI2-THOR is y-up (x, y, z); the map frame is z-up: map x = x, map y = z.
    free = {World.cell_of(float(x), float(z)) for x, z in grid}
    xs, ys = grid[:, 0], grid[:, 1]
    room = Room(kind, kind, float(xs.min()) - 0.75, float(ys.min()) - 0.75,
                float(xs.max()) + 0.75, float(ys.max()) + 0.75)
    objects: dict[str, WorldObject] = {}
    counts: dict[str, int] = {}

    def new(t: str, pos, yaw: float) -> WorldObject:
        counts[t] = counts.get(t, 0) + 1
        k = object_type(t)
        o = WorldObject(id=f"{t}_{counts[t]:02d}", type=t, position=np.array(pos, float),
                        yaw=yaw, room=kind, is_open=False if k.openable else None,
                        is_on=False if k.toggleable else None)
        objects[o.id] = o
        return o

    thor_z: dict[str, float] = {}
    for key, (ax, az, _rot, _hor) in sorted(recs.items()):
        parts = key.split("|")
        t, x, y, z = parts[0], float(parts[1]), float(parts[3]), float(parts[2])
        size = object_type(t).size
        if t in SURFACE_AT_Y:
            zc = max(z - size[2] / 2, size[2] / 2)
        else:
            zc = z if z - size[2] / 2 > FLOOR_SNAP else size[2] / 2
        # The front (+y) faces the agent's pose, snapped to the walls' directions.
        yaw = math.atan2(az - y, ax - x) - math.pi / 2
        yaw = round(yaw / (math.pi / 2)) * (math.pi / 2)
        host = new(t, (x, y, zc), yaw)
        if t not in SURFACE_AT_Y:
            thor_z[host.id] = z
        if len(parts) == 5:
            # "Sink|x|y|z|SinkBasin": the receptacle is the basin inside the fixture.
            inner = object_type(parts[4]).size
            new(parts[4], (x, y, host.top - inner[2] / 2 + 0.005), yaw)
    _separate([objects[i] for i in sorted(thor_z)], thor_z)
    present = set(counts)
    hosts_by_type: dict[str, list[WorldObject]] = {}
    for o in objects.values():
        hosts_by_type.setdefault(o.type, []).append(o)
    # Fittings the plan lists without a position go on their host (a faucet on the sink).
    fittings = [("SinkBasin", ["Sink"]), ("Faucet", ["Sink", "Bathtub"]),
                ("BathtubBasin", ["Bathtub"]), ("StoveBurner", ["CounterTop"]),
                ("StoveKnob", ["CounterTop"]), ("Microwave", ["CounterTop"]),
                ("Toaster", ["CounterTop"]), ("CoffeeMachine", ["CounterTop"]),
                ("Television", ["TVStand", "Dresser"]), ("DeskLamp", ["Desk", "SideTable"])]
    for t, host_types in fittings:
        if t not in types or t in present:
            continue
        hosts = [h for ht in host_types for h in hosts_by_type.get(ht, [])]
        n = 4 if t == "StoveBurner" else 1
        for i in range(n if hosts else 0):
            host = hosts[i % len(hosts)] if t != "StoveBurner" else hosts[0]
            hsz, tsz = host.size, object_type(t).size
            lx = 0.0 if t in ("SinkBasin", "Faucet", "BathtubBasin") \
                else float(np.linspace(-hsz[0] / 2 + 0.2, hsz[0] / 2 - 0.2, 4)[i % 4])
            ly = -hsz[1] / 2 + 0.08 if t == "Faucet" else 0.0
            z = host.top - tsz[2] / 2 + 0.005 if t.endswith("Basin") else host.top + tsz[2] / 2
            c, s = math.cos(host.yaw), math.sin(host.yaw)
            new(t, (host.position[0] + c * lx - s * ly, host.position[1] + s * lx + c * ly, z),
                host.yaw)
    # Other fixtures stand on the floor where the grid is not (near the walls).
    on_floor: list[WorldObject] = []
    for t in types:
        k = object_type(t)
        if t in counts or k.pickupable:
            continue
        spot = _floor_spot(rng, room, free, objects.values(), k.size)
        if spot is not None:
            z = 1.4 if k.decor else k.size[2] / 2
            on_floor.append(new(t, (spot[0], spot[1], z),
                                rng.choice([0.0, math.pi / 2, math.pi, -math.pi / 2])))
    # Then the ones the arm could never touch from the floor move to the nearest spot it
    # can (FloorPlan315's desk lamp stood in the bed's footprint, 0.9+ m from any free
    # cell: every "look at ... under the desk lamp" failed in both arms). Afterwards and
    # without a random draw, so the rest of the house is drawn as before.
    for o in on_floor:
        if o.kind.decor:
            continue
        if not _arm_reaches(o, (float(o.position[0]), float(o.position[1])), free):
            better = _reachable_spot(o, room, free, [p for p in objects.values()
                                                     if p.id != o.id])
            if better is not None:
                o.position[0], o.position[1] = better
    world = World(name=f"FloorPlan{number}", rooms=[room], objects=objects, free=free,
                  robot=Robot(*room.center), source=f"floorplan:{number}")
    # Small objects.
    data = None
    path = rearrangement
    if path is not None and Path(path).is_file():
        data = _rearrangement(str(path)).get(f"FloorPlan{number}")
    if data:
        episode = data[seed % len(data)]
        for pose in episode["starting_poses"]:
            t = pose["name"].split("_")[0]
            p = pose["position"]
            _place_near(world, t, np.array([p["x"], p["z"], p["y"]]))
        a = episode["agent_position"]
        world.robot = Robot(float(a["x"]), float(a["z"]),
                            math.radians(90 - float(episode.get("agent_rotation", 0))))
    else:
        small = [t for t in types if object_type(t).pickupable]
        picks = [t for t in small for _ in range(rng.choice([1, 1, 2]))]
        _scatter_small(rng, world, room, small, 0, only=picks)
        cells = sorted(free)
        if not cells:
            raise LayoutError(f"floor plan {number}: no reachable cell")
        world.robot = Robot(*World.cell_xy(cells[rng.randrange(len(cells))]),
                            rng.uniform(-math.pi, math.pi))
    cell = World.cell_of(world.robot.x, world.robot.y)
    # The robot starts in the largest connected part of the floor: some plans' grids come
    # in pieces (FloorPlan211: 112 cells and 13 apart), and a robot started in a
    # small piece could reach nothing the tasks asked for, in either arm.
    main: set[tuple[int, int]] = max(nx.connected_components(Navigator(free).graph),
                                     key=len, default=set())
    if cell not in main and main:
        world.robot.x, world.robot.y = World.cell_xy(min(
            main, key=lambda c: (math.dist(World.cell_xy(c), (world.robot.x, world.robot.y)),
                                 c)))
    return world


def _floor_spot(rng: random.Random, room: Room, free: set, objects, size) -> tuple | None:
    """A spot inside the room at least a cell away from the reachable grid."""
    r = max(size[0], size[1]) / 2
    for _ in range(200):
        x = rng.uniform(room.x0 + r + 0.05, room.x1 - r - 0.05)
        y = rng.uniform(room.y0 + r + 0.05, room.y1 - r - 0.05)
        c = World.cell_of(x, y)
        near = any((c[0] + di, c[1] + dj) in free
                   for di in range(-2, 3) for dj in range(-2, 3)
                   if math.hypot(di * GRID, dj * GRID) < r + ROBOT_RADIUS + 0.05)
        if near:
            continue
        if any(np.hypot(o.position[0] - x, o.position[1] - y) < r + 0.3 for o in objects):
            continue
        return (x, y)
    return None


def _half_extent(o: WorldObject) -> tuple[float, float]:
    """Half the footprint along map x and y (yaws here are multiples of 90 degrees)."""
    quarter = round(o.yaw / (math.pi / 2)) % 2
    hx, hy = float(o.size[0]) / 2, float(o.size[1]) / 2
    return (hy, hx) if quarter else (hx, hy)


def _overlaps(o: WorldObject, xy: tuple[float, float], others) -> bool:
    """Would fixture `o` standing at `xy` have its footprint in another fixed object's?"""
    hx, hy = _half_extent(o)
    for p in others:
        if p.kind.pickupable or p.kind.decor:
            continue
        px, py = _half_extent(p)
        if abs(float(p.position[0]) - xy[0]) < hx + px - 1e-6 \
                and abs(float(p.position[1]) - xy[1]) < hy + py - 1e-6:
            return True
    return False


def _arm_reaches(o: WorldObject, xy: tuple[float, float], free: set) -> bool:
    """Is there a free cell from which the arm reaches the nearest face of fixture `o`
    standing at `xy` (the band `Navigator.cells_near` uses)?"""
    hx, hy = _half_extent(o)
    c = World.cell_of(*xy)
    span = int(math.ceil((REACH + max(hx, hy)) / GRID)) + 1
    for i in range(-span, span + 1):
        for j in range(-span, span + 1):
            if (c[0] + i, c[1] + j) not in free:
                continue
            cx, cy = World.cell_xy((c[0] + i, c[1] + j))
            d = math.hypot(max(abs(cx - xy[0]) - hx, 0.0), max(abs(cy - xy[1]) - hy, 0.0))
            if 0.15 <= d <= REACH - 0.05:
                return True
    return False


def _reachable_spot(o: WorldObject, room: Room, free: set, others
                    ) -> tuple[float, float] | None:
    """The spot nearest `o`'s (on a half-cell lattice, no random draw) that `_floor_spot`
    would accept, clear of other furniture, within the arm's reach; None if none."""
    others = list(others)
    x0, y0 = float(o.position[0]), float(o.position[1])
    r = max(float(o.size[0]), float(o.size[1])) / 2
    step = GRID / 2
    best: tuple[float, tuple[float, float]] | None = None
    for i in range(int((room.x1 - room.x0) / step) + 1):
        for j in range(int((room.y1 - room.y0) / step) + 1):
            x, y = room.x0 + i * step, room.y0 + j * step
            if not (room.x0 + r + 0.05 <= x <= room.x1 - r - 0.05
                    and room.y0 + r + 0.05 <= y <= room.y1 - r - 0.05):
                continue
            d = math.dist((x, y), (x0, y0))
            if best is not None and d >= best[0]:
                continue
            c = World.cell_of(x, y)
            if any((c[0] + di, c[1] + dj) in free
                   for di in range(-2, 3) for dj in range(-2, 3)
                   if math.hypot(di * GRID, dj * GRID) < r + ROBOT_RADIUS + 0.05):
                continue
            if any(np.hypot(p.position[0] - x, p.position[1] - y) < r + 0.3 for p in others):
                continue
            if not _overlaps(o, (x, y), others) and _arm_reaches(o, (x, y), free):
                best = (d, (x, y))
    return None if best is None else best[1]


def _place_near(world: World, t: str, pos: np.ndarray) -> bool:
    """An object of type t into the accepting receptacle nearest `pos` (within 1.5 m)."""
    hosts = [o for o in world.objects.values() if o.kind.receptacle and o.kind.static
             and accepts(o.type, t)]
    if not hosts or not object_type(t).pickupable:
        return False
    host = min(hosts, key=lambda h: (float(np.linalg.norm(h.position - pos)), h.id))
    if np.linalg.norm(host.position[:2] - pos[:2]) > 1.5 + max(host.size[:2]):
        return False
    n = 1 + sum(1 for o in world.objects.values() if o.type == t)
    k = object_type(t)
    o = WorldObject(id=f"{t}_{n:02d}", type=t, position=pos.copy(), room=host.room,
                    is_open=False if k.openable else None, is_on=False if k.toggleable else None)
    world.objects[o.id] = o
    world.place(o.id, host.id, host.kind.relation)
    return True


def available_floorplans() -> list[int]:
    return sorted(n for r in PLAN_RANGES.values() for n in r
                  if (_layout_dir() / f"FloorPlan{n}-objects.json").is_file())
