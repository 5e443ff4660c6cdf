"""AI2-THOR floor plans as task suites need them: room type, which object types occur, and
where the receptacles stand.

The data is read from the `alfworld` package (MIT; installed by scripts/setup.sh with
--no-deps): `alfworld/gen/layouts/FloorPlan<N>-objects.json` lists the object types of each
of the 120 floor plans, and `FloorPlan<N>-openable.json` names the receptacles ALFRED's
planner interacts with (openable ones and counters, sinks, shelves...) by their AI2-THOR
id, `Type|+x|+y|-z`, i.e. with their position. Nothing is copied into the
repository. Without alfworld, `floor_plan()` answers None and suites are checked for
everything except presence in the floor plan (the reader says so in its notes).
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from functools import lru_cache
from importlib import resources
from importlib.util import find_spec

ROOM_TYPES: dict[str, range] = {
    "kitchen": range(1, 31),
    "living_room": range(201, 231),
    "bedroom": range(301, 331),
    "bathroom": range(401, 431),
}


def room_type(number: int) -> str | None:
    for name, numbers in ROOM_TYPES.items():
        if number in numbers:
            return name
    return None


@dataclass(frozen=True)
class Placed:
    """An object AI2-THOR names with its position (y is up, metres)."""

    thor_id: str
    type: str
    position: tuple[float, float, float]


@dataclass(frozen=True)
class FloorPlan:
    number: int
    room_type: str
    types: frozenset[str]
    receptacles: tuple[Placed, ...]   # ALFRED's receptacle ids, with positions

    def has(self, object_type: str) -> bool:
        return object_type in self.types


def parse_thor_id(thor_id: str) -> Placed | None:
    """`Cabinet|+00.68|+00.50|-02.20` -> Placed; None when it is not of that form."""
    parts = thor_id.split("|")
    if len(parts) != 4 or not parts[0]:
        return None
    try:
        x, y, z = (float(p) for p in parts[1:])
    except ValueError:
        return None
    return Placed(thor_id, parts[0], (x, y, z))


def data_available() -> bool:
    return find_spec("alfworld") is not None


def _layout_file(name: str) -> str | None:
    try:
        path = resources.files("alfworld") / "gen" / "layouts" / name
        return path.read_text(encoding="utf-8") if path.is_file() else None
    except (ModuleNotFoundError, FileNotFoundError):
        return None


@lru_cache(maxsize=256)
def floor_plan(number: int) -> FloorPlan | None:
    """The floor plan's data, or None when the number is not an AI2-THOR floor plan or
    alfworld is not installed (tell them apart with `room_type()`)."""
    kind = room_type(number)
    if kind is None or not data_available():
        return None
    objects = _layout_file(f"FloorPlan{number}-objects.json")
    if objects is None:
        return None
    openable_text = _layout_file(f"FloorPlan{number}-openable.json")
    placed = []
    if openable_text is not None:
        for thor_id in json.loads(openable_text):
            p = parse_thor_id(str(thor_id))
            if p is not None:
                placed.append(p)
    return FloorPlan(number, kind, frozenset(str(t) for t in json.loads(objects)),
                     tuple(placed))


def all_floor_plans() -> list[int]:
    return [n for numbers in ROOM_TYPES.values() for n in numbers]
