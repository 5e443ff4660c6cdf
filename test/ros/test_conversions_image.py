"""A unit's crop goes into its message as a byte array, not a list of ints.

The generated setter of a `uint8[]` field checks a list element by element in Python
(~57 us for a 1.5 KB JPEG, per unit of every recall answer); an `array.array('B')` is
taken as it is. The bytes on the wire are the same either way.
"""

from __future__ import annotations

import array

from sensor_msgs.msg import CompressedImage

from memory_node.core.units import ObjectMemoryUnit
from memory_node.nodes.conversions import stored_unit_from_msg, unit_to_msg


def _unit(jpeg: bytes) -> ObjectMemoryUnit:
    return ObjectMemoryUnit(object_id="mug_1", label="Mug", position=(1.0, 2.0, 0.5),
                            image_jpeg=jpeg, first_seen=10.0, last_seen=20.0)


def test_the_crop_is_assigned_as_a_byte_array(monkeypatch) -> None:
    assigned: list[type] = []
    original = CompressedImage.data

    def spy(self: CompressedImage, value: object) -> None:
        assigned.append(type(value))
        original.fset(self, value)

    monkeypatch.setattr(CompressedImage, "data", property(original.fget, spy))
    unit_to_msg(_unit(bytes(range(256)) * 6))
    assert array.array in assigned
    assert list not in assigned


def test_the_crop_round_trips_byte_for_byte() -> None:
    jpeg = bytes(range(256)) * 6 + b"\xff\xd9"
    msg = unit_to_msg(_unit(jpeg), "a mug", 0.5)
    assert msg.image.format == "jpeg"
    assert bytes(msg.image.data) == jpeg
    assert stored_unit_from_msg(msg).image_jpeg == jpeg


def test_a_unit_without_a_crop_sends_no_image() -> None:
    msg = unit_to_msg(_unit(b""))
    assert msg.image.format == "" and len(msg.image.data) == 0
