"""The fingerprint that binds a request id to its request (nodes/memory_server.py): equal
for equal field values however the message was built, different for any changed field."""

from __future__ import annotations

import array
import math

from diagnostic_msgs.msg import KeyValue
from geometry_msgs.msg import Point

from memory_node.msg import MemoryUnit
from memory_node.nodes.memory_server import message_fingerprint
from memory_node.srv import RecordOutcome, UpdateObject


def outcome(**changes: object) -> RecordOutcome.Request:
    fields: dict = {"episode_id": "ep", "skill": "put", "arguments": ["Apple_1", "Fridge_1", "in"],
                    "succeeded": True, "message": "done", "robot_area": "kitchen",
                    "request_id": "r1", **changes}
    return RecordOutcome.Request(**fields)


def test_equal_requests_have_one_fingerprint_whatever_their_bytes() -> None:
    # The CDR bytes of one message are not stable: rclpy leaves the alignment padding
    # after a string unset (a stray byte after "done" was seen), so they cannot serve.
    prints = {message_fingerprint(outcome()) for _ in range(200)}
    assert len(prints) == 1


def test_any_changed_field_changes_the_fingerprint() -> None:
    base = message_fingerprint(outcome())
    changed = [outcome(succeeded=False), outcome(message="done "), outcome(arguments=[
        "Apple_1", "Fridge_1"]), outcome(arguments=["Apple_1Fridge_1", "", "in"]),
        outcome(robot_position=Point(x=1e-9)), outcome(error_code=2), outcome(request_id="r2")]
    prints = [message_fingerprint(m) for m in changed]
    assert base not in prints and len(set(prints)) == len(prints)


def test_nested_units_images_and_nan_are_covered() -> None:
    def upsert(x: float, image: bytes = b"", key: str = "colour") -> UpdateObject.Request:
        unit = MemoryUnit(object_id="Apple_1", label="Apple", position=Point(x=x))
        unit.image.data = array.array("B", image)
        unit.attributes = [KeyValue(key=key, value="red")]
        return UpdateObject.Request(operation=0, unit=unit, request_id="r")

    assert message_fingerprint(upsert(math.nan)) == message_fingerprint(upsert(math.nan))
    variants = [upsert(1.0), upsert(math.nan), upsert(1.0, b"\xff\xd8"), upsert(1.0, key="hue")]
    assert len({message_fingerprint(v) for v in variants}) == 4
