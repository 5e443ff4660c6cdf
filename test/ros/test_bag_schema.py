"""The MCAP bag's message definitions: this package's messages and action parts, as rclpy
serializes them, read back by rosbags (what Foxglove and `ros2 bag play` rely on)."""

from __future__ import annotations

from pathlib import Path

import pytest
from rclpy.serialization import serialize_message
from rosbags.rosbag2 import Reader, StoragePlugin, Writer

from memory_node.action import ExecuteInstruction
from memory_node.msg import Detection, Detections, SkillCall, StepResult
from memory_node.sim.nodes.bag_recorder import type_name, typestore

pytestmark = pytest.mark.ros


def test_own_messages_and_action_parts_round_trip_through_an_mcap_bag(tmp_path: Path) -> None:
    store = typestore()
    fb = ExecuteInstruction.Feedback(step=3, status="succeeded", memory_note="memory: Apple",
                                     skill=SkillCall(skill="pick", arguments=["Apple_1"]))
    result = ExecuteInstruction.Result(success=True, error_code=0, steps=1, step_results=[
        StepResult(call=SkillCall(skill="pick", arguments=["Apple_1"]), success=True,
                   duration=4.0)])
    dets = Detections(detections=[Detection(label="Apple", score=0.9, x_max=10.0)])
    with Writer(tmp_path / "bag", version=Writer.VERSION_LATEST,
                storage_plugin=StoragePlugin.MCAP) as bag:
        for i, msg in enumerate((fb, result, dets)):
            conn = bag.add_connection(f"/t{i}", type_name(type(msg)), typestore=store)
            bag.write(conn, i + 1, serialize_message(msg))
    with Reader(tmp_path / "bag") as bag:
        got = [store.deserialize_cdr(raw, c.msgtype) for c, _t, raw in bag.messages()]
    assert got[0].skill.skill == "pick" and got[0].memory_note == "memory: Apple"
    assert got[1].step_results[0].call.arguments == ["Apple_1"]
    assert got[1].step_results[0].duration == 4.0
    assert got[2].detections[0].label == "Apple"
    assert type_name(ExecuteInstruction.Feedback) == \
        "memory_node/action/ExecuteInstruction_Feedback"
