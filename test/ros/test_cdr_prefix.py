"""`cdr_prefix` reads a list's length off the bytes rclpy itself serialises: every string
and sequence length in front of the list varied (each shifts the alignment of what
follows), cut messages and foreign encapsulations refused. No DDS: rclpy's serialisation
of the generated types (the same typesupport the RMW uses)."""

from __future__ import annotations

import pytest
from diagnostic_msgs.msg import KeyValue
from hypothesis import given, settings
from hypothesis import strategies as st
from property_seeds import pinned_seed
from rclpy.serialization import serialize_message

from memory_node.msg import (
    Detection,
    Detections,
    MemoryStats,
    ObjectObservation,
    ObjectObservations,
)
from memory_node.nodes.cdr_prefix import (
    PrefixError,
    detections_count,
    observations_count,
    stats_counters_count,
)

text = st.text(alphabet="abcdefgh", max_size=11)


@pinned_seed
@settings(derandomize=True, max_examples=100, deadline=None)
@given(frame=text, view_frame=text, model=text, d=st.integers(0, 6), info_frame=text,
       encoding=text, depth_frame=text, depth=st.integers(0, 13), items=st.integers(0, 40),
       label=text)
def test_observations_count_matches_rclpy(frame: str, view_frame: str, model: str, d: int,
                                          info_frame: str, encoding: str, depth_frame: str,
                                          depth: int, items: int, label: str) -> None:
    msg = ObjectObservations()
    msg.header.frame_id = frame
    msg.header.stamp.sec = 7
    v = msg.view
    v.header.frame_id = view_frame
    v.pose.position.x = 1.5
    v.camera_info.header.frame_id = info_frame
    v.camera_info.distortion_model = model
    v.camera_info.d = [0.25] * d
    v.camera_info.k[0] = 500.0
    v.camera_info.roi.do_rectify = True
    v.near, v.far = 0.1, 8.0
    v.depth.header.frame_id = depth_frame
    v.depth.encoding = encoding
    v.depth.is_bigendian = 1
    v.depth.data = bytes(range(depth))
    msg.observations = [ObjectObservation(label=label, tracker_id="t") for _ in range(items)]
    assert observations_count(serialize_message(msg)) == items


@pinned_seed
@settings(derandomize=True, max_examples=100, deadline=None)
@given(frame=text, items=st.integers(0, 40), label=text)
def test_detections_count_matches_rclpy(frame: str, items: int, label: str) -> None:
    msg = Detections()
    msg.header.frame_id = frame
    msg.detections = [Detection(label=label) for _ in range(items)]
    assert detections_count(serialize_message(msg)) == items


@pinned_seed
@settings(derandomize=True, max_examples=100, deadline=None)
@given(frame=text, policy=text, items=st.integers(0, 40), key=text)
def test_stats_counters_count_matches_rclpy(frame: str, policy: str, items: int,
                                            key: str) -> None:
    msg = MemoryStats(policy=policy, short_term_size=3, queries=2**40, hit_rate=0.5,
                      scene_graph_objects=9, observations_applied=2**33)
    msg.header.frame_id = frame
    msg.counters = [KeyValue(key=key, value="1") for _ in range(items)]
    assert stats_counters_count(serialize_message(msg)) == items


def test_cut_messages_and_other_encapsulations_are_refused() -> None:
    msg = ObjectObservations()
    msg.view.depth.data = bytes(9)
    msg.observations = [ObjectObservation(label="cup")]
    raw = serialize_message(msg)
    assert raw[:2] == b"\x00\x01"  # plain little-endian CDR: what the RMW writes here
    # Cut anywhere before the end of the list's length word: refused, never an IndexError.
    end_of_prefix = len(serialize_message(ObjectObservations(view=msg.view)))
    for cut in range(end_of_prefix):
        with pytest.raises(PrefixError) as err:
            observations_count(raw[:cut])
        assert err.value.code == "truncated"
    for kind in (b"\x00\x06", b"\x00\x07", b"\x00\x03", b"\xff\xff"):  # XCDR2, PL_CDR, junk
        with pytest.raises(PrefixError) as err:
            observations_count(kind + raw[2:])
        assert err.value.code == "encapsulation"
    # A length word larger than the bytes behind it is returned as read: the caller
    # refuses it as too many before rclpy would have to find out.
    forged = bytearray(raw)
    forged[end_of_prefix - 4:end_of_prefix] = (2 ** 31).to_bytes(4, "little")
    assert observations_count(bytes(forged)) == 2 ** 31
