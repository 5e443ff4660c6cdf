"""A rosbag2 recording in MCAP of a run, written with `rosbags` (a maintained pure-Python
writer of rosbag2 files), so `ros2 bag play`, Foxglove and Lichtblick open it.

Topics are taken as serialized CDR (`raw=True` subscriptions) and written unchanged: no
conversion in Python, the bytes are what was on the wire. Heavy streams (camera, the
detections with their masks) are thinned to `heavy_hz`. What the runner itself holds
(the planner's feedback and results, the runner's records as JSON) is serialized with
rclpy and written beside them. The bag's message definitions come from rosbags' ROS 2
Kilted type store plus this package's own msg/action files.
"""

from __future__ import annotations

import json
import re
import threading
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from geometry_msgs.msg import PoseStamped
from rclpy.node import Node
from rclpy.qos import DurabilityPolicy, QoSProfile, ReliabilityPolicy
from rclpy.serialization import serialize_message
from rosbags.rosbag2 import StoragePlugin, Writer
from rosbags.typesys import Stores, get_types_from_msg, get_typestore
from rosbags.typesys.store import Typestore
from sensor_msgs.msg import CameraInfo, Image
from std_msgs.msg import String
from visualization_msgs.msg import MarkerArray

from memory_node.msg import Detections, MemoryStats, NamedPlaces, ObjectEvent, SceneGraph

ROOT = Path(__file__).resolve().parents[3]
_FIELD = re.compile(r"^(\s*)([A-Za-z][A-Za-z0-9_]*)(\[[^\]]*\])?(\s+\S.*)$")


@dataclass(frozen=True)
class TopicSpec:
    topic: str            # relative, as the nodes name it
    cls: Any              # rclpy message class
    latched: bool = False
    heavy: bool = False   # thinned to heavy_hz
    reliable: bool = True


# What a run's recording holds: camera, detections, pose, markers, memory events and
# stats, the world's ground truth and rooms, the planner's status.
TOPICS = (
    TopicSpec("camera/color/image_raw", Image, heavy=True),
    TopicSpec("camera/color/camera_info", CameraInfo, heavy=True),
    TopicSpec("detections", Detections, heavy=True),
    TopicSpec("slam/pose", PoseStamped),
    TopicSpec("memory/scene_graph/markers", MarkerArray, latched=True),
    TopicSpec("memory/scene_graph", SceneGraph, latched=True),
    TopicSpec("memory/events", ObjectEvent, latched=True),
    TopicSpec("memory/stats", MemoryStats, latched=True),
    TopicSpec("sim/ground_truth", String, latched=True),
    TopicSpec("map/places", NamedPlaces, latched=True),
    TopicSpec("planner/status", String),
)


def type_name(cls: Any) -> str:
    """`memory_node/msg/Detections` for the rclpy class (actions: `.../action/X_Feedback`)."""
    package = cls.__module__.split(".")[0]
    kind = cls.__module__.split(".")[1]
    return f"{package}/{kind}/{cls.__name__}"


def _qualify(text: str, own: set[str]) -> str:
    """Field types of this package written bare (`SkillCall`) get their full name, so an
    action's parts resolve against memory_node/msg rather than memory_node/action."""
    lines = []
    for line in text.splitlines():
        m = _FIELD.match(line)
        if m and m.group(2) in own and "/" not in m.group(2):
            line = f"{m.group(1)}memory_node/msg/{m.group(2)}{m.group(3) or ''}{m.group(4)}"
        lines.append(line)
    return "\n".join(lines)


def typestore(root: Path = ROOT) -> Typestore:
    """Kilted's standard types plus memory_node's messages and action parts."""
    store = get_typestore(Stores.ROS2_KILTED)
    msgs = {p.stem: p.read_text() for p in sorted((root / "msg").glob("*.msg"))}
    own = set(msgs)
    types: dict = {}
    for name, text in msgs.items():
        types.update(get_types_from_msg(_qualify(text, own), f"memory_node/msg/{name}"))
    for path in sorted((root / "action").glob("*.action")):
        goal, result, feedback = (_qualify(part, own) for part in
                                  re.split(r"^---\s*$", path.read_text(), flags=re.M))
        for suffix, text in (("Goal", goal), ("Result", result), ("Feedback", feedback)):
            types.update(get_types_from_msg(text, f"memory_node/action/{path.stem}_{suffix}"))
    store.register(types)
    return store


class BagRecorder:
    """Subscribes to `topics` on `node` and writes them into an MCAP rosbag2 at `path`."""

    def __init__(self, node: Node, path: Path, topics: tuple[TopicSpec, ...] = TOPICS,
                 heavy_hz: float = 1.0) -> None:
        self.path = path
        self.store = typestore()
        self.writer = Writer(path, version=Writer.VERSION_LATEST,
                             storage_plugin=StoragePlugin.MCAP)
        self.writer.open()
        self._lock = threading.Lock()
        self._connections: dict[str, Any] = {}
        self._last: dict[str, float] = {}
        self.counts: dict[str, int] = {}
        self.heavy_period = 1.0 / heavy_hz if heavy_hz > 0 else 0.0
        self._closed = False
        ns = node.get_namespace().rstrip("/")
        for spec in topics:
            full = f"{ns}/{spec.topic}"
            self._connect(full, type_name(spec.cls))
            qos = QoSProfile(
                depth=100 if spec.latched else 10,
                durability=DurabilityPolicy.TRANSIENT_LOCAL if spec.latched
                else DurabilityPolicy.VOLATILE,
                reliability=ReliabilityPolicy.RELIABLE if spec.reliable
                else ReliabilityPolicy.BEST_EFFORT)
            if spec.heavy:
                qos = QoSProfile(depth=2, reliability=ReliabilityPolicy.BEST_EFFORT)
            node.create_subscription(
                spec.cls, spec.topic,
                lambda data, t=full, heavy=spec.heavy: self._on_raw(t, data, heavy), qos,
                raw=True)

    def _connect(self, topic: str, msgtype: str) -> Any:
        conn = self._connections.get(topic)
        if conn is None:
            conn = self.writer.add_connection(topic, msgtype, typestore=self.store)
            self._connections[topic] = conn
        return conn

    def _on_raw(self, topic: str, data: bytes, heavy: bool) -> None:
        now = time.monotonic()
        if heavy and self.heavy_period:
            if now - self._last.get(topic, -1e9) < self.heavy_period:
                return
            self._last[topic] = now
        self._write(topic, None, data)

    def _write(self, topic: str, msgtype: str | None, data: bytes) -> None:
        with self._lock:
            if self._closed:
                return
            conn = self._connections[topic] if msgtype is None else \
                self._connect(topic, msgtype)
            self.writer.write(conn, time.time_ns(), data)
            self.counts[topic] = self.counts.get(topic, 0) + 1

    def write_message(self, topic: str, msg: Any) -> None:
        """A message the runner holds (e.g. the planner's feedback), under `topic`."""
        self._write(topic, type_name(type(msg)), serialize_message(msg))

    def write_json(self, topic: str, data: dict) -> None:
        self.write_message(topic, String(data=json.dumps(data)))

    def close(self) -> None:
        with self._lock:
            if not self._closed:
                self._closed = True
                self.writer.close()
