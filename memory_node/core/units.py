"""The object memory unit: what the short-term memory holds about one object.

One unit per object id. The same record is what the memory server stores in SQLite, what
recall embeds and ranks, and what the planner reads (through `describe` in the recall
module). Validation lives here so that every entry point (service, topic, outcome) rejects
the same bad values with the same message.
"""

from __future__ import annotations

import math
import time
import unicodedata
from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from typing import Any

from memory_node.core.images import check_jpeg
from memory_node.core.limits import LIMITS, Limits

# KARMA's fixed state vocabulary (Table 5 of the paper), plus "absent" for an object the
# robot looked for and did not find. Recall and outcome feedback use these words verbatim.
OBJECT_STATES: tuple[str, ...] = (
    "none", "heated", "cooked", "sliced", "cleaned", "dirty", "filled", "used up",
    "off", "on", "opened", "closed", "absent",
    # ALFRED's cool skill (the fridge), in the skill table's effects.
    "cooled",
)
# The property each state word is a value of. An object holds one value per property at
# once (a mug washed under the running faucet is cleaned and filled; a sliced potato can
# be cooked): a reading of one property says nothing about another, so it never votes a
# state of another property out (SceneGraph._read_state). "none" and "absent" are no
# property's value. The skill table's `clears` pairs (cleaned/dirty, heated/cooled) must
# share a property (test_state_properties.py checks it).
STATE_PROPERTY: dict[str, str] = {
    "cleaned": "cleanliness", "dirty": "cleanliness",
    "filled": "fill", "used up": "fill",
    "heated": "temperature", "cooled": "temperature",
    "cooked": "cooking", "sliced": "cut",
    "on": "power", "off": "power",
    "opened": "openness", "closed": "openness",
}
# Properties an object that has them always holds a value of (a door is open or closed, a
# switch on or off): a sighting without a word for them is a state not read, never "none".
# The others (temperature, cut, cleanliness, ...) may hold no value at all, so a sensor
# that shows their words when they hold says by silence that none does
# (SceneGraph._reading).
ALWAYS_VALUED: frozenset[str] = frozenset({"openness", "power"})
RELATIONS: tuple[str, ...] = ("", "on", "in")
# Who wrote a unit: the perception pipeline, an executed skill's outcome, or a person/tool.
SOURCES: tuple[str, ...] = ("perception", "outcome", "manual")
HELD_BY_ROBOT = "robot"  # receptacle_id of an object in the gripper (no object of that id)
# Attribute memory sets in its answers for units the scene graph holds (source perception or
# outcome): "true" when the graph's state reading is confirmed, "false" when it was read
# once and not yet seen again (a misread is possible). Not stored: a unit is a snapshot
# from the last event, the graph's evidence keeps growing after it.
STATE_CONFIRMED = "state_confirmed"
# Attribute memory sets in its answers beside STATE_CONFIRMED, when the scene graph holds
# the unit's state: when that state was last read (a frame's reading of it, or a skill's
# word on a door or switch), on the sensors' clock, as `format_stamp` writes it. A door an
# earlier task opened reads "opened" until a frame sees it again, whoever shut it since;
# the planner doubts such a reading when it is older than its task (`read_stamp` parses).
STATE_READ = "state_read"
# Attribute memory sets on every unit of a recall answer: why recall returned it. Like
# STATE_CONFIRMED it is the answer's, not the unit's (never stored; an answer sets it over
# any stored value). A reader takes an unknown value as not said (`recalled_as`).
RECALLED_AS = "recalled_as"
RECALLED_NAMED = "named"      # the text names its type, outright or partly ("the tap")
RECALLED_IMPLIED = "implied"  # a fixture the text's skill needs ("wash the apple": sink)
RECALLED_CARRIED = "carried"  # what a step's pronoun stands for (an earlier step's object)
RECALLED_RANKED = "ranked"    # at or above the relevance floor on other evidence (the
                              # model's cosine, a category, a colour): relevant, not named
RECALLED_FILLED = "filled"    # a step's free slot filled below the relevance floor
                              # (RecallConfig.step_fill_floor): a guess, not relevant
RECALLED_AS_VALUES: tuple[str, ...] = (RECALLED_NAMED, RECALLED_IMPLIED, RECALLED_CARRIED,
                                       RECALLED_RANKED, RECALLED_FILLED)
MAX_ID_LENGTH = LIMITS.max_id_chars
MAX_LABEL_LENGTH = LIMITS.max_label_chars
MAX_COORDINATE_M = LIMITS.max_coordinate_m
MAX_IMAGE_BYTES = LIMITS.max_image_bytes
# Unicode categories refused in every stored string: control characters (C0, DEL, C1) and
# line/paragraph separators. They reach the planner's prompt and log lines verbatim, where
# they can fake structure (a newline, then "SYSTEM: ...") or hide text.
_REFUSED_CATEGORIES = frozenset({"Cc", "Cs", "Zl", "Zp"})
_MULTILINE_ALLOWED = frozenset("\n\t")


def recalled_as(attributes: Mapping[str, str]) -> str:
    """Why a recall answer holds the unit (one of RECALLED_AS_VALUES), or "" when the
    answer did not say or said something this version does not know."""
    value = str(attributes.get(RECALLED_AS, "")).strip().lower()
    return value if value in RECALLED_AS_VALUES else ""


def format_stamp(stamp: float) -> str:
    """A stamp (seconds on the sensors' clock) as an answer's attribute carries it."""
    return f"{stamp:.3f}"


def read_stamp(attributes: Mapping[str, str]) -> float | None:
    """STATE_READ of an answer's unit as seconds, or None when the answer did not say
    (or said something that is not a finite number of at most 32 characters)."""
    value = str(attributes.get(STATE_READ, "")).strip()
    if not value or len(value) > 32:
        return None
    try:
        stamp = float(value)
    except ValueError:
        return None
    return stamp if math.isfinite(stamp) else None


def same_property(a: str, b: str) -> bool:
    """Whether two state words can stand for each other: values of one property, or
    either is no property's value ("none": nothing known yet)."""
    pa, pb = STATE_PROPERTY.get(a), STATE_PROPERTY.get(b)
    return pa is None or pb is None or pa == pb


@dataclass
class ObjectMemoryUnit:
    """Everything remembered about one object. Positions are metres in the map frame."""

    object_id: str
    label: str
    position: tuple[float, float, float]
    state: str = "none"
    area_id: str = ""
    receptacle_id: str = ""
    relation: str = ""
    attributes: dict[str, str] = field(default_factory=dict)
    confidence: float = 1.0
    first_seen: float = field(default_factory=time.time)
    last_seen: float = field(default_factory=time.time)
    last_touched_by: str = ""
    observation_count: int = 1
    image_jpeg: bytes = b""
    source: str = "perception"
    # Monotonic write sequence of the unit's last stored change (0 = never stored); set by
    # the short-term memory, used for conditional writes.
    revision: int = 0

    def moved_to(self, position: tuple[float, float, float], **changes: Any) -> ObjectMemoryUnit:
        return replace(self, position=position, **changes)


def check_finite_position(position: Any, what: str = "position",
                          limits: Limits = LIMITS) -> tuple[float, float, float]:
    """Return `position` as three floats or raise ValueError saying what is wrong."""
    try:
        x, y, z = (float(v) for v in position)
    except (TypeError, ValueError) as exc:
        raise ValueError(f"{what} must be three numbers, got {position!r}") from exc
    for name, v in zip("xyz", (x, y, z), strict=True):
        if not math.isfinite(v):
            raise ValueError(f"{what}.{name} is not finite ({v})")
        if abs(v) > limits.max_coordinate_m:
            raise ValueError(f"{what}.{name}={v} m is beyond {limits.max_coordinate_m} m")
    return (x, y, z)


def has_refused_characters(value: str, multiline: bool = False) -> bool:
    """True when `value` holds a control character (C0, DEL, C1), a surrogate or a
    line/paragraph separator; `multiline` free text may still hold newlines and tabs."""
    if value.isprintable():
        return False  # no control, surrogate or separator character (read in C)
    for c in value:
        if unicodedata.category(c) in _REFUSED_CATEGORIES and not (
                multiline and c in _MULTILINE_ALLOWED):
            return True
    return False


def check_text(value: Any, what: str, max_length: int, allow_empty: bool = True,
               multiline: bool = False) -> str:
    """`value` stripped, or ValueError: not a string, too long, refused characters."""
    if not isinstance(value, str):
        raise ValueError(f"{what} must be a string, got {type(value).__name__}")  # noqa: TRY004 - callers map ValueError to a rejected request
    if len(value) > max_length:
        raise ValueError(f"{what} is {len(value)} characters long (max {max_length})")
    if has_refused_characters(value, multiline):
        raise ValueError(f"{what} contains control characters")
    value = value.strip()
    if not value and not allow_empty:
        raise ValueError(f"{what} is empty")
    return value


def check_identifier(value: Any, what: str, max_length: int = MAX_ID_LENGTH) -> str:
    return check_text(value, what, max_length, allow_empty=False)


def check_optional_identifier(value: Any, what: str, max_length: int = MAX_ID_LENGTH) -> str:
    return check_text(value, what, max_length)


def check_text_list(values: Any, what: str, limits: Limits = LIMITS,
                    max_items: int | None = None) -> tuple[str, ...]:
    """A list of short strings (skill arguments, areas): bounded in count and length."""
    if isinstance(values, (str, bytes)) or not isinstance(values, (list, tuple)):
        raise ValueError(f"{what} must be a list of strings")  # noqa: TRY004 - callers map ValueError to a rejected request
    high = limits.max_list_items if max_items is None else max_items
    if len(values) > high:
        raise ValueError(f"{what} has {len(values)} items (max {high})")
    return tuple(check_text(v, f"{what} item", limits.max_id_chars) for v in values)


def check_unit_interval(value: Any, what: str) -> float:
    """A float in [0, 1] (scores, confidences); NaN and infinities refused."""
    try:
        v = float(value)
    except (TypeError, ValueError) as exc:
        raise ValueError(f"{what} must be a number, got {value!r}") from exc
    if not (0.0 <= v <= 1.0):  # also False for NaN
        raise ValueError(f"{what} {v} is outside [0, 1]")
    return v


def check_attributes(attributes: Any, limits: Limits = LIMITS) -> dict[str, str]:
    if not isinstance(attributes, Mapping):
        raise ValueError("attributes must be a mapping of names to values")  # noqa: TRY004 - callers map ValueError to a rejected request
    if len(attributes) > limits.max_attributes:
        raise ValueError(f"{len(attributes)} attributes (max {limits.max_attributes})")
    out = {}
    for key, value in attributes.items():
        name = check_identifier(key, "attribute name", limits.max_label_chars)
        out[name] = check_text(value, f"attribute {name!r}", limits.max_attribute_value_chars)
    return out


def check_containment(unit: ObjectMemoryUnit, units: Mapping[str, ObjectMemoryUnit],
                      ) -> None:
    """ValueError when `unit` would sit in itself, directly or through a chain of
    receptacles ("the mug is in the box, which is in the mug")."""
    seen = {unit.object_id}
    current = unit.receptacle_id
    while current and current != HELD_BY_ROBOT:
        if current in seen:
            raise ValueError(f"{unit.object_id} in {unit.receptacle_id!r} would be a "
                             f"containment cycle through {current!r}")
        seen.add(current)
        parent = units.get(current)
        if parent is None:
            return
        current = parent.receptacle_id


def validate_unit(unit: ObjectMemoryUnit, limits: Limits = LIMITS) -> ObjectMemoryUnit:
    """Return a normalised copy of `unit`, or raise ValueError naming the bad field."""
    object_id = check_identifier(unit.object_id, "object_id", limits.max_id_chars)
    label = check_identifier(unit.label, "label", limits.max_label_chars)
    position = check_finite_position(unit.position, limits=limits)
    state = check_text(unit.state or "none", "state", limits.max_label_chars).lower()
    if state not in OBJECT_STATES:
        raise ValueError(f"state {unit.state!r} is not one of {', '.join(OBJECT_STATES)}")
    if unit.relation not in RELATIONS:
        raise ValueError(f"relation {unit.relation!r} is not one of 'on', 'in' or empty")
    area_id = check_optional_identifier(unit.area_id, "area_id", limits.max_id_chars)
    receptacle_id = check_optional_identifier(unit.receptacle_id, "receptacle_id",
                                              limits.max_id_chars)
    if receptacle_id == object_id:
        raise ValueError(f"{object_id} cannot be its own receptacle")
    if unit.relation and not receptacle_id:
        raise ValueError(f"relation {unit.relation!r} without a receptacle_id")
    touched = check_optional_identifier(unit.last_touched_by, "last_touched_by",
                                        limits.max_label_chars)
    source = check_text(unit.source, "source", limits.max_label_chars)
    if source not in SOURCES:
        raise ValueError(f"source {unit.source!r} is not one of {', '.join(SOURCES)}")
    confidence = check_unit_interval(unit.confidence, "confidence")
    for stamp_name in ("first_seen", "last_seen"):
        stamp = float(getattr(unit, stamp_name))
        if not math.isfinite(stamp) or stamp < 0:
            raise ValueError(f"{stamp_name} {stamp} is not a valid time")
    if float(unit.last_seen) < float(unit.first_seen):
        raise ValueError(f"last_seen {unit.last_seen} is before first_seen {unit.first_seen}")
    if unit.image_jpeg:
        check_jpeg(unit.image_jpeg, limits)
    if isinstance(unit.observation_count, bool) or not isinstance(unit.observation_count, int):
        raise ValueError(f"observation_count {unit.observation_count!r} is not an integer")
    if not 0 <= unit.observation_count < 2**32:
        raise ValueError(f"observation_count {unit.observation_count} is out of range")
    attributes = check_attributes(unit.attributes, limits)
    return replace(
        unit, object_id=object_id, label=label, position=position, state=state,
        area_id=area_id, receptacle_id=receptacle_id, last_touched_by=touched,
        source=source, attributes=attributes, confidence=confidence,
        first_seen=float(unit.first_seen), last_seen=float(unit.last_seen),
    )
