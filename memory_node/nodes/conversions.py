"""ROS message <-> core dataclass conversion. No memory logic here."""

from __future__ import annotations

import array
import math

from builtin_interfaces.msg import Time
from diagnostic_msgs.msg import KeyValue
from geometry_msgs.msg import Point

from memory_node.core.candidates import ObjectCandidate
from memory_node.core.units import ObjectMemoryUnit
from memory_node.msg import MemoryUnit
from memory_node.msg import ObjectCandidate as ObjectCandidateMsg


def to_time(seconds: float) -> Time:
    if not math.isfinite(seconds) or seconds <= 0:
        return Time()
    sec = int(seconds)
    return Time(sec=sec, nanosec=min(int((seconds - sec) * 1e9), 999_999_999))


def from_time(stamp: Time) -> float:
    return stamp.sec + stamp.nanosec * 1e-9


def to_point(position: tuple[float, float, float]) -> Point:
    return Point(x=float(position[0]), y=float(position[1]), z=float(position[2]))


def from_point(point: Point) -> tuple[float, float, float]:
    return (point.x, point.y, point.z)


def unit_from_msg(msg: MemoryUnit, now: float) -> ObjectMemoryUnit:
    """A unit from a request; unset stamps mean "now". Validation happens in the core."""
    first_seen = from_time(msg.first_seen) or now
    last_seen = from_time(msg.last_seen) or now
    return ObjectMemoryUnit(
        object_id=msg.object_id, label=msg.label, position=from_point(msg.position),
        state=msg.state or "none", area_id=msg.area_id, receptacle_id=msg.receptacle_id,
        relation=msg.relation, attributes={kv.key: kv.value for kv in msg.attributes},
        # 0 is the message's default, i.e. "not given"; anything else (NaN, negative, > 1)
        # goes to the core's validation, which refuses it.
        confidence=1.0 if msg.confidence == 0.0 else float(msg.confidence),
        first_seen=first_seen, last_seen=last_seen, last_touched_by=msg.last_touched_by,
        observation_count=max(1, msg.observation_count), image_jpeg=bytes(msg.image.data),
        source=msg.source or "manual",
    )


def _set_time(stamp: Time, seconds: float) -> None:
    """`stamp` (a message's own default Time, zero) set as `to_time(seconds)` would make it."""
    if not math.isfinite(seconds) or seconds <= 0:
        return
    sec = int(seconds)
    stamp.sec = sec
    stamp.nanosec = min(int((seconds - sec) * 1e9), 999_999_999)


def unit_to_msg(unit: ObjectMemoryUnit, description: str = "", score: float = 0.0) -> MemoryUnit:
    # Filled in place: the generated constructor builds its default Point, two Times and
    # an image (with its header and stamp) even when they are passed in, so passing new
    # ones made each nested message twice (every unit of every recall answer).
    msg = MemoryUnit()
    msg.object_id, msg.label = unit.object_id, unit.label
    point = msg.position
    point.x, point.y, point.z = (float(unit.position[0]), float(unit.position[1]),
                                 float(unit.position[2]))
    msg.state, msg.area_id = unit.state, unit.area_id
    msg.receptacle_id, msg.relation = unit.receptacle_id, unit.relation
    msg.attributes = [KeyValue(key=k, value=v) for k, v in sorted(unit.attributes.items())]
    msg.confidence = float(unit.confidence)
    _set_time(msg.first_seen, unit.first_seen)
    _set_time(msg.last_seen, unit.last_seen)
    msg.last_touched_by = unit.last_touched_by
    msg.observation_count = unit.observation_count
    msg.source, msg.description = unit.source, description
    msg.score, msg.revision = float(score), unit.revision
    if unit.image_jpeg:
        msg.image.format = "jpeg"
        # A byte array is taken as it is; a list of ints is checked element by element in
        # Python by the generated setter (~57 us per 1.5 KB crop, per unit answered).
        msg.image.data = array.array("B", unit.image_jpeg)
    return msg


def candidate_to_msg(candidate: ObjectCandidate) -> ObjectCandidateMsg:
    return ObjectCandidateMsg(
        object_id=candidate.object_id, label=candidate.label,
        position=to_point(candidate.position), area_id=candidate.area_id,
        source=candidate.source, confidence=float(candidate.confidence),
        score=float(candidate.score), last_seen=to_time(candidate.last_seen),
    )


def stored_unit_from_msg(msg: MemoryUnit) -> ObjectMemoryUnit:
    """A unit as the memory answered it (stamps, revision and counts taken as they are)."""
    return ObjectMemoryUnit(
        object_id=msg.object_id, label=msg.label, position=from_point(msg.position),
        state=msg.state or "none", area_id=msg.area_id, receptacle_id=msg.receptacle_id,
        relation=msg.relation, attributes={kv.key: kv.value for kv in msg.attributes},
        confidence=float(msg.confidence), first_seen=from_time(msg.first_seen),
        last_seen=from_time(msg.last_seen), last_touched_by=msg.last_touched_by,
        observation_count=int(msg.observation_count), image_jpeg=bytes(msg.image.data),
        source=msg.source, revision=int(msg.revision),
    )


def candidate_from_msg(msg: ObjectCandidateMsg) -> ObjectCandidate:
    return ObjectCandidate(
        object_id=msg.object_id, label=msg.label, position=from_point(msg.position),
        area_id=msg.area_id, source=msg.source, confidence=float(msg.confidence),
        score=float(msg.score), last_seen=from_time(msg.last_seen))
