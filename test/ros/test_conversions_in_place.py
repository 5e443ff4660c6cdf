"""Round 27 (issue 11, part 4): a unit's message is filled in place, each nested message
made once.

The generated `MemoryUnit` constructor builds its default Point, two Times and an image
(with its header's stamp) even when the caller passes its own; `unit_to_msg` passed new
ones, so every unit of every recall answer made each nested message twice. Now it fills the
message's own defaults: the same message, fewer objects on the request path.
"""

from __future__ import annotations

import math

import pytest
from builtin_interfaces.msg import Time
from diagnostic_msgs.msg import KeyValue
from geometry_msgs.msg import Point
from rclpy.serialization import deserialize_message, serialize_message

from memory_node.core.units import ObjectMemoryUnit
from memory_node.msg import MemoryUnit
from memory_node.nodes.conversions import stored_unit_from_msg, to_point, to_time, unit_to_msg


def _reference(unit: ObjectMemoryUnit, description: str, score: float) -> MemoryUnit:
    """The message as the constructor with every field passed makes it (round 26's form)."""
    msg = MemoryUnit(
        object_id=unit.object_id, label=unit.label, position=to_point(unit.position),
        state=unit.state, area_id=unit.area_id, receptacle_id=unit.receptacle_id,
        relation=unit.relation,
        attributes=[KeyValue(key=k, value=v) for k, v in sorted(unit.attributes.items())],
        confidence=float(unit.confidence), first_seen=to_time(unit.first_seen),
        last_seen=to_time(unit.last_seen), last_touched_by=unit.last_touched_by,
        observation_count=unit.observation_count, source=unit.source,
        description=description, score=float(score), revision=unit.revision)
    if unit.image_jpeg:
        msg.image.format = "jpeg"
        msg.image.data = list(unit.image_jpeg)
    return msg


UNITS = [
    ObjectMemoryUnit("mug_1", "Mug", (1.0, -2.5, 0.75), state="dirty", area_id="kitchen",
                     receptacle_id="CounterTop_3", relation="on",
                     attributes={"recalled_as": "filled", "colour": "red", "a": ""},
                     confidence=0.4, first_seen=1_700_000_000.25, last_seen=1_700_000_060.999,
                     last_touched_by="alice", observation_count=7,
                     image_jpeg=bytes(range(256)) * 3, source="perception", revision=42),
    # unset and impossible stamps: the message keeps its zero Time, as to_time() gives
    ObjectMemoryUnit("kettle_2", "Kettle", (0.0, 0.0, 0.0), first_seen=0.0,
                     last_seen=math.nan, source="manual"),
    ObjectMemoryUnit("pan_3", "Pan", (3, 4, 5), first_seen=-1.0, last_seen=math.inf),
]


@pytest.mark.parametrize("unit", UNITS, ids=lambda u: u.object_id)
def test_the_message_is_the_constructors_field_for_field(unit: ObjectMemoryUnit) -> None:
    made = unit_to_msg(unit, "a red mug, on the counter top", 0.625)
    ref = _reference(unit, "a red mug, on the counter top", 0.625)
    assert made == ref
    # The same content on the wire, read back, not compared byte for byte: the CDR
    # serializer leaves its alignment padding unset (a fresh clone's CI, round 27: the 4
    # bytes before `position` differed between two equal messages).
    def wire(m: MemoryUnit) -> MemoryUnit:
        return deserialize_message(serialize_message(m), MemoryUnit)
    assert wire(made) == wire(ref)
    back = stored_unit_from_msg(made)
    assert (back.object_id, back.position, back.attributes, back.revision) == (
        unit.object_id, tuple(float(c) for c in unit.position), unit.attributes,
        unit.revision)


def test_each_nested_message_is_made_once(monkeypatch: pytest.MonkeyPatch) -> None:
    """On round 26's code: 2 Points and 5 Times per unit (the constructor's defaults, then
    the passed ones: position, first_seen, last_seen; the image header's stamp)."""
    made: dict[str, int] = {"Point": 0, "Time": 0}
    for cls in (Point, Time):
        inner = cls.__init__

        def counted(self, *a, _inner=inner, _name=cls.__name__, **kw):  # noqa: ANN001, ANN202
            made[_name] += 1
            _inner(self, *a, **kw)
        monkeypatch.setattr(cls, "__init__", counted)
    unit_to_msg(UNITS[0], "a mug", 0.5)
    # one Point (position); three Times: first_seen, last_seen, the image header's stamp
    assert made == {"Point": 1, "Time": 3}
