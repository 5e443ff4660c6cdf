"""The object memory unit: what the short-term memory holds about one object.

One unit per object id. The same record is what the memory server stores in SQLite, what
recall embeds and ranks, and what the planner reads (through `describe` in the recall
module). Validation lives here so that every entry point (service, topic, outcome) rejects
the same bad values with the same message.
"""

from __future__ import annotations

import math
import time
from dataclasses import dataclass, field, replace
from typing import Any

# KARMA's fixed state vocabulary (Table 5 of the paper), plus "absent" for an object the
# robot looked for and did not find. Recall and outcome feedback use these words verbatim.
OBJECT_STATES: tuple[str, ...] = (
    "none", "heated", "cooked", "sliced", "cleaned", "dirty", "filled", "used up",
    "off", "on", "opened", "closed", "absent",
)
RELATIONS: tuple[str, ...] = ("", "on", "in")
MAX_ID_LENGTH = 128
MAX_LABEL_LENGTH = 128
MAX_COORDINATE_M = 10_000.0  # a house-scale map; anything beyond is a unit or frame error
MAX_IMAGE_BYTES = 2 * 1024 * 1024


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


def check_finite_position(position: Any, what: str = "position") -> tuple[float, float, float]:
    """Return `position` as three floats or raise ValueError saying what is wrong."""
    try:
        x, y, z = (float(v) for v in position)
    except (TypeError, ValueError) as exc:
        raise ValueError(f"{what} must be three numbers, got {position!r}") from exc
    for name, v in zip("xyz", (x, y, z), strict=True):
        if not math.isfinite(v):
            raise ValueError(f"{what}.{name} is not finite ({v})")
        if abs(v) > MAX_COORDINATE_M:
            raise ValueError(f"{what}.{name}={v} m is beyond {MAX_COORDINATE_M} m")
    return (x, y, z)


def check_identifier(value: Any, what: str, max_length: int = MAX_ID_LENGTH) -> str:
    if not isinstance(value, str):
        raise ValueError(f"{what} must be a string, got {type(value).__name__}")
    value = value.strip()
    if not value:
        raise ValueError(f"{what} is empty")
    if len(value) > max_length:
        raise ValueError(f"{what} is {len(value)} characters long (max {max_length})")
    if any(ord(c) < 32 for c in value):
        raise ValueError(f"{what} contains control characters")
    return value


def validate_unit(unit: ObjectMemoryUnit) -> ObjectMemoryUnit:
    """Return a normalised copy of `unit`, or raise ValueError naming the bad field."""
    object_id = check_identifier(unit.object_id, "object_id")
    label = check_identifier(unit.label, "label", MAX_LABEL_LENGTH)
    position = check_finite_position(unit.position)
    state = (unit.state or "none").strip().lower()
    if state not in OBJECT_STATES:
        raise ValueError(f"state {unit.state!r} is not one of {', '.join(OBJECT_STATES)}")
    if unit.relation not in RELATIONS:
        raise ValueError(f"relation {unit.relation!r} is not one of 'on', 'in' or empty")
    if not (0.0 <= float(unit.confidence) <= 1.0) or math.isnan(float(unit.confidence)):
        raise ValueError(f"confidence {unit.confidence} is outside [0, 1]")
    for stamp_name in ("first_seen", "last_seen"):
        stamp = float(getattr(unit, stamp_name))
        if not math.isfinite(stamp) or stamp < 0:
            raise ValueError(f"{stamp_name} {stamp} is not a valid time")
    if len(unit.image_jpeg) > MAX_IMAGE_BYTES:
        raise ValueError(f"image is {len(unit.image_jpeg)} bytes (max {MAX_IMAGE_BYTES})")
    if unit.observation_count < 0:
        raise ValueError(f"observation_count {unit.observation_count} is negative")
    attributes = {}
    for key, value in unit.attributes.items():
        attributes[check_identifier(key, "attribute name")] = str(value)[:MAX_LABEL_LENGTH]
    return replace(
        unit, object_id=object_id, label=label, position=position, state=state,
        attributes=attributes, confidence=float(unit.confidence),
    )
