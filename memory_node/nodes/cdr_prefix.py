"""The length of a message's big list, read from its serialized bytes before rclpy
converts the message to Python.

rclpy turns a whole message into Python objects before a callback sees it, so a limit
on a nested list is checked after its cost is paid: one `ObjectObservations` of 10,000
observations held the memory server's executor 5.6 s (ci42, load ~19). A raw subscription
(`create_subscription(..., raw=True)`) hands the callback the CDR bytes instead; this
module walks the fields in front of the list (fixed-size fields skipped, strings and
sequences of primitives by their length words) and returns the list's length, in
microseconds whatever the message holds. Only then is the message deserialised.

The walk follows plain CDR (XCDR1, OMG DDS-XTypes 7.4.3) as ROS 2's RMWs write it: a
4-byte encapsulation header (`00 00` big-endian, `00 01` little-endian, two option
bytes), then each primitive aligned to its own size (8 at most) from the byte after that
header. Any other encapsulation (XCDR2's, parameter lists) is refused rather than
deserialised unchecked: a sender could otherwise choose one the walk does not read.
The layouts below are those of this package's messages and of the ROS messages they
nest (std_msgs/Header, geometry_msgs/Pose, sensor_msgs/CameraInfo, sensor_msgs/Image);
`test/unit/test_cdr_prefix.py` checks them against rclpy's own serialisation.
"""

from __future__ import annotations

import struct


class PrefixError(ValueError):
    """The bytes cannot be walked; `code` names why (a counter's last part)."""

    def __init__(self, code: str, message: str) -> None:
        super().__init__(message)
        self.code = code


_ENCAPSULATIONS = {b"\x00\x00": ">", b"\x00\x01": "<"}  # CDR_BE, CDR_LE


class _Walk:
    def __init__(self, data: bytes) -> None:
        if len(data) < 4:
            raise PrefixError("truncated", f"{len(data)} bytes: no encapsulation header")
        order = _ENCAPSULATIONS.get(bytes(data[:2]))
        if order is None:
            raise PrefixError("encapsulation",
                              f"encapsulation {bytes(data[:2]).hex()} (only plain CDR, "
                              "00 00 / 00 01, is read before deserialising)")
        self._u32 = struct.Struct(order + "I")
        self._data = memoryview(data)[4:]
        self._pos = 0

    def skip(self, size: int, align: int = 1) -> None:
        self._pos += -self._pos % align + size
        if self._pos > len(self._data):
            raise PrefixError("truncated", f"message ends before byte {self._pos + 4}")

    def u32(self) -> int:
        self.skip(4, 4)
        return int(self._u32.unpack_from(self._data, self._pos - 4)[0])

    def string(self) -> None:
        self.skip(self.u32())  # the length counts the terminating NUL

    def sequence(self, item_size: int) -> None:
        """A sequence of a primitive of `item_size` bytes (aligned to that size)."""
        count = self.u32()
        self.skip(count * item_size, item_size if count else 1)

    def header(self) -> None:  # std_msgs/Header: builtin_interfaces/Time, frame_id
        self.skip(8, 4)
        self.string()

    def pose(self) -> None:  # geometry_msgs/Pose: Point, Quaternion (7 float64)
        self.skip(56, 8)

    def camera_info(self) -> None:  # sensor_msgs/CameraInfo
        self.header()
        self.skip(8, 4)  # height, width
        self.string()  # distortion_model
        self.sequence(8)  # d
        self.skip((9 + 9 + 12) * 8, 8)  # k, r, p
        self.skip(8 + 16, 4)  # binning_x, binning_y; roi's four uint32
        self.skip(1)  # roi.do_rectify

    def image(self) -> None:  # sensor_msgs/Image
        self.header()
        self.skip(8, 4)  # height, width
        self.string()  # encoding
        self.skip(1)  # is_bigendian
        self.skip(4, 4)  # step
        self.sequence(1)  # data


def observations_count(data: bytes) -> int:
    """Length of `ObjectObservations.observations` in these serialized bytes."""
    walk = _Walk(data)
    walk.header()
    # view: CameraView = header, pose, camera_info, near, far, min_object_pixels, depth
    walk.header()
    walk.pose()
    walk.camera_info()
    walk.skip(12, 4)  # near, far, min_object_pixels
    walk.image()
    return walk.u32()


def detections_count(data: bytes) -> int:
    """Length of `Detections.detections` in these serialized bytes."""
    walk = _Walk(data)
    walk.header()
    return walk.u32()


def stats_counters_count(data: bytes) -> int:
    """Length of `MemoryStats.counters` in these serialized bytes."""
    walk = _Walk(data)
    walk.header()
    walk.string()  # policy
    walk.skip(8, 4)  # short_term_size, short_term_capacity
    # queries, hits, hit_rate, warm_queries, warm_hits, warm_hit_rate, evictions (8 bytes)
    walk.skip(8 * 7, 8)
    walk.skip(12, 4)  # scene_graph_floors, _areas, _objects
    walk.skip(8, 8)  # observations_applied
    return walk.u32()
