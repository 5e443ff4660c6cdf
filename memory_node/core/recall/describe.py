"""What a memory unit says: the short text recall embeds and the planner reads.

Each unit gets two strings:

* `content` — what the object is and where: type, colour, size, categories, state, other
  descriptive attributes, receptacle and area. This is embedded and lexically matched, so
  it holds no clock-relative words ("2 min ago" would change the text, and so force a new
  embedding, every second while meaning nothing for "the red fruit").
* `text` — `content` prefixed by the object id (the planner passes ids to skills) and
  followed by recency, who last touched it and, for a state the scene graph read once and
  has not confirmed (STATE_CONFIRMED "false" in an answer), "<state> seen once, unconfirmed".
"""

from __future__ import annotations

import time
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from memory_node.core.recall.categories import CategoryTable
from memory_node.core.recall.colour import dominant_colour
from memory_node.core.recall.colour_store import CropColourStore, crop_hash
from memory_node.core.recall.lexical import split_label
from memory_node.core.units import STATE_CONFIRMED, ObjectMemoryUnit

HELD_BY_ROBOT = "robot"  # receptacle_id of an object in the gripper
COLOUR_KEYS = ("colour", "color")
DESCRIPTIVE_KEYS = ("material", "shape", "pattern", "contents", "owner", "brand", "text")
_STATE_PHRASES = {"used up": "used up", "absent": "absent (not found where remembered)"}


@dataclass(frozen=True)
class UnitDescription:
    object_id: str
    content: str
    text: str
    type_name: str
    categories: tuple[str, ...]
    colour: str
    size: str
    state: str
    area: str
    receptacle: str


def parse_extent(value: str) -> float | None:
    """Largest dimension (m) of an 'x,y,z' or 'x y z' extent attribute, None if unusable."""
    try:
        dims = [float(v) for v in value.replace(",", " ").split()]
    except ValueError:
        return None
    dims = [d for d in dims if d > 0 and d < 100]
    return max(dims) if dims else None


def format_age(seconds: float) -> str:
    if seconds < 90:
        return "just now"
    if seconds < 90 * 60:
        return f"{round(seconds / 60)} min ago"
    if seconds < 36 * 3600:
        return f"{round(seconds / 3600)} h ago"
    return f"{round(seconds / 86400)} days ago"


class Describer:
    """Builds `UnitDescription`s; caches crop colours (decoding JPEGs is the slow part)."""

    def __init__(self, table: CategoryTable | None = None, max_colour_cache: int = 100_000,
                 colour_store: CropColourStore | None = None):
        self.table = table or CategoryTable.load()
        self._colours: dict[tuple[str, int, bytes], str] = {}
        self._max_colour_cache = max_colour_cache
        # Optional SQLite store of crop colours (migration 5): decoding 10,000 JPEGs was
        # most of a restart's first recall; a restarted server reads the names instead.
        self.colour_store = colour_store
        self._unsaved: dict[str, str] = {}
        self.decoded = 0  # JPEGs decoded (what the store is meant to save)

    @staticmethod
    def _crop_key(unit: ObjectMemoryUnit) -> tuple[str, int, bytes]:
        # Length plus the tail of the entropy-coded data tells crops apart without hashing
        # every JPEG of a 10,000-unit memory on each recall.
        return (unit.object_id, len(unit.image_jpeg), bytes(unit.image_jpeg[-256:]))

    @staticmethod
    def _given_colour(unit: ObjectMemoryUnit) -> str:
        for key in COLOUR_KEYS:
            if unit.attributes.get(key):
                return unit.attributes[key].strip().lower()
        return ""

    def _remember(self, crop_key: tuple[str, int, bytes], name: str) -> None:
        if len(self._colours) >= self._max_colour_cache:
            self._colours.pop(next(iter(self._colours)))
        self._colours[crop_key] = name

    def colour(self, unit: ObjectMemoryUnit) -> str:
        given = self._given_colour(unit)
        if given or not unit.image_jpeg:
            return given
        crop_key = self._crop_key(unit)
        name = self._colours.get(crop_key)
        if name is None:
            name = dominant_colour(unit.image_jpeg) or ""
            self.decoded += 1
            self._remember(crop_key, name)
            if self.colour_store is not None:
                self._unsaved[crop_hash(unit.image_jpeg)] = name
        return name

    def prefetch_colours(self, units: Sequence[ObjectMemoryUnit]) -> int:
        """Read the stored colours of these units' crops in one query; returns how many
        were found. Without a store, or for crops already known, nothing happens."""
        if self.colour_store is None:
            return 0
        wanted: dict[str, list[tuple[str, int, bytes]]] = {}
        for u in units:
            if not u.image_jpeg or self._given_colour(u):
                continue
            key = self._crop_key(u)
            if key not in self._colours:
                wanted.setdefault(crop_hash(u.image_jpeg), []).append(key)
        if not wanted:
            return 0
        found = self.colour_store.load(list(wanted))
        for h, name in found.items():
            for key in wanted[h]:
                self._remember(key, name)
        return sum(len(wanted[h]) for h in found)

    def flush_colours(self) -> int:
        """Store the colours decoded since the last flush (one transaction)."""
        if self.colour_store is None or not self._unsaved:
            return 0
        items, self._unsaved = list(self._unsaved.items()), {}
        return self.colour_store.save(items)

    def size(self, unit: ObjectMemoryUnit) -> str:
        given = unit.attributes.get("size", "").strip().lower()
        if given in ("small", "medium", "large"):
            return given
        extent = parse_extent(unit.attributes.get("extent", ""))
        if extent is not None:
            return self.table.size_from_extent(extent)
        return self.table.info(unit.label).size

    def describe(
        self,
        unit: ObjectMemoryUnit,
        *,
        labels: Mapping[str, str] | None = None,
        area_names: Mapping[str, str] | None = None,
        now: float | None = None,
    ) -> UnitDescription:
        """Describe `unit`. `labels` maps object ids to labels (to name the receptacle),
        `area_names` maps area ids to names; both are optional."""
        type_name = split_label(unit.label)
        categories = self.table.categories(unit.label)
        colour = self.colour(unit)
        size = self.size(unit)
        state = unit.state if unit.state and unit.state != "none" else ""
        area = (area_names or {}).get(unit.area_id, unit.area_id)
        area = split_label(area) if area else ""

        head = " ".join(p for p in (size, colour, type_name) if p)
        parts = [head + (f" ({', '.join(categories)})" if categories else "")]
        if state:
            parts.append(_STATE_PHRASES.get(state, state))
        extras = [f"{k} {unit.attributes[k]}" for k in DESCRIPTIVE_KEYS if unit.attributes.get(k)]
        parts.extend(extras)

        receptacle = ""
        if unit.receptacle_id == HELD_BY_ROBOT:
            place = "held by the robot"
            receptacle = HELD_BY_ROBOT
        else:
            place = ""
            if unit.receptacle_id:
                receptacle = split_label((labels or {}).get(unit.receptacle_id)
                                         or unit.receptacle_id.split("_")[0])
                place = f"{unit.relation or 'on'} the {receptacle}"
            if area:
                place = f"{place} in the {area}".strip()
        if place:
            parts.append(place)
        content = ", ".join(parts)

        now = time.time() if now is None else now
        tail = [f"seen {format_age(max(0.0, now - unit.last_seen))}"]
        if unit.last_touched_by:
            tail.append(f"last touched by {unit.last_touched_by}")
        if unit.confidence < 0.5:
            tail.append(f"confidence {unit.confidence:.1f}")
        if state and state != "absent" and unit.attributes.get(STATE_CONFIRMED) == "false":
            # In the text, not the content: evidence changes every frame, and the content
            # is what is embedded. A planner should look before trusting such a state.
            tail.append(f"{state} seen once, unconfirmed")
        text = f"{unit.object_id}: {content}; {', '.join(tail)}"
        return UnitDescription(
            object_id=unit.object_id, content=content, text=text, type_name=type_name,
            categories=categories, colour=colour, size=size, state=unit.state or "none",
            area=area, receptacle=receptacle,
        )
