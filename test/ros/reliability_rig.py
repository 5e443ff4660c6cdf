"""A memory server in its own process and a client of every one of its services and of the
observation topic, for the issue 9 tests and the fuzz suite.

State is compared three ways: what the server answers (services), what its SQLite file
holds (read here while it runs: WAL readers never block the writer), and what a restarted
server answers.
"""

from __future__ import annotations

import sqlite3
from collections.abc import Callable
from pathlib import Path
from typing import Any

from geometry_msgs.msg import Point, Quaternion
from rclpy.node import Node
from rclpy.qos import DurabilityPolicy, QoSProfile, ReliabilityPolicy
from ros_harness import (
    CONFIG,
    START_TIMEOUT_S,
    NodeProcess,
    call,
    publish_until_heard,
    spin_until,
    wait_for_service,
    warm_up,
)

from memory_node.core.limits import LIMITS
from memory_node.msg import MemoryStats, ObjectObservation, ObjectObservations
from memory_node.nodes.qos import SERVICE_QOS
from memory_node.srv import (
    GetSceneGraph,
    GetUnits,
    Manage,
    QueryObject,
    Recall,
    RecordOutcome,
    UpdateObject,
)

SERVER = "memory_node.nodes.memory_server"
SERVICES = {
    "update": (UpdateObject, "/memory/update_object"),
    "query": (QueryObject, "/memory/query_object"),
    "manage": (Manage, "/memory/manage"),
    "recall": (Recall, "/memory/recall"),
    "outcome": (RecordOutcome, "/memory/record_outcome"),
    "graph": (GetSceneGraph, "/memory/get_scene_graph"),
    # Created last: ros_harness.warm_up reads on it (an empty get_units changes nothing).
    "units": (GetUnits, "/memory/get_units"),
}
LATCHED = QoSProfile(depth=1, durability=DurabilityPolicy.TRANSIENT_LOCAL,
                     reliability=ReliabilityPolicy.RELIABLE)
# A frame in a frame id the memory refuses: counted under its own drop counter, nothing
# else changes (ros_harness.publish_until_heard sends it until the server counts one).
REFUSED_FRAMES = "dropped.observations.frame"


def refused_frame() -> ObjectObservations:
    probe = ObjectObservations()
    probe.header.frame_id = "probe"
    return probe


# Columns that say what the memory holds (write_seq is bookkeeping of the cache's recency).
UNIT_COLUMNS = ("object_id", "label", "x", "y", "z", "state", "area_id", "receptacle_id",
                "relation", "attributes", "confidence", "first_seen", "last_seen",
                "last_touched_by", "observation_count", "image_jpeg", "source")


def start_server(memory_dir: Path, log: Path, **params: Any) -> NodeProcess:
    values = {"memory_dir": str(memory_dir), "stats_period_s": 0.1,
              "recall.prefetch_batch": 0, **params}
    return NodeProcess(SERVER, params_file=CONFIG / "memory.yaml", params=values,
                       log_path=log)


def start_rig(node: Node, memory_dir: Path, log: Path, **params: Any) -> Rig:
    """A server and a rig on it; the server is stopped again if the rig cannot be built
    (a fixture that fails half-way must not leave a node running)."""
    process = start_server(memory_dir, log, **params)
    try:
        return Rig(node, process, memory_dir)
    except BaseException:
        process.stop()
        raise


class Rig:
    """Clients of every service (the memory's documented QoS), the observation publisher
    and the latest /memory/stats."""

    def __init__(self, node: Node, process: NodeProcess, memory_dir: Path) -> None:
        self.node, self.process, self.memory_dir = node, process, memory_dir
        self.clients = {key: node.create_client(t, name, qos_profile=SERVICE_QOS)
                        for key, (t, name) in SERVICES.items()}
        for client in self.clients.values():
            wait_for_service(node, client, process, timeout=START_TIMEOUT_S)
        # The tests' first requests are writes (upserts, a LOAD after each restart).
        warm_up(node, self.clients["units"], GetUnits.Request())
        self.stats: list[MemoryStats] = []
        self._subscription = node.create_subscription(
            MemoryStats, "/memory/stats", self.stats.append, LATCHED)
        self.observations = node.create_publisher(
            ObjectObservations, "/memory/observations",
            QoSProfile(depth=10, reliability=ReliabilityPolicy.RELIABLE))
        spin_until(node, lambda: self.observations.get_subscription_count() > 0,
                   timeout=START_TIMEOUT_S, what="the server's observation subscription")
        spin_until(node, lambda: bool(self.stats), timeout=START_TIMEOUT_S,
                   what="a stats message")
        # The tests publish each frame once and wait for it to be counted.
        refused = self.counters().get(REFUSED_FRAMES, 0)
        publish_until_heard(node, lambda: self.observations.publish(refused_frame()),
                            lambda: self.counters().get(REFUSED_FRAMES, 0) > refused,
                            timeout=START_TIMEOUT_S, what="the server")

    def close(self) -> None:
        for client in self.clients.values():
            self.node.destroy_client(client)
        self.node.destroy_subscription(self._subscription)
        self.node.destroy_publisher(self.observations)

    # -- services ---------------------------------------------------------------------------
    def call(self, key: str, request: Any, timeout: float = 30.0) -> Any:
        return call(self.node, self.clients[key], request, timeout=timeout)

    def upsert(self, unit: Any) -> UpdateObject.Response:
        return self.call("update", UpdateObject.Request(operation=0, unit=unit))

    def manage(self, command: int, path: str = "") -> Manage.Response:
        return self.call("manage", Manage.Request(command=command, path=path))

    def find(self, label: str) -> list[str]:
        response = self.call("query", QueryObject.Request(query=label, max_results=1000))
        assert response.success, response.message
        return sorted(c.object_id for c in response.candidates if c.source == "short_term")

    # -- stats ------------------------------------------------------------------------------
    def counters(self) -> dict[str, int]:
        return {kv.key: int(kv.value) for kv in self.stats[-1].counters
                if kv.value.lstrip("-").isdigit()}

    def wait_counters(self, predicate: Callable[[dict[str, int]], bool], what: str) -> None:
        spin_until(self.node, lambda: predicate(self.counters()), what=what)

    def frames_handled(self) -> int:
        """Observation messages the server has applied or dropped, as its stats say."""
        c = self.counters()
        dropped = sum(v for k, v in c.items() if k.startswith("dropped.observations."))
        return int(self.stats[-1].observations_applied) + dropped

    def publish_and_wait(self, msg: ObjectObservations) -> None:
        """Publish one frame and wait until the server's stats count it handled."""
        before = self.frames_handled()
        self.observations.publish(msg)
        spin_until(self.node, lambda: self.frames_handled() > before,
                   what="the frame to be handled")

    # -- state ------------------------------------------------------------------------------
    def disk_units(self) -> dict[str, tuple]:
        return disk_units(self.memory_dir / "memory.sqlite")


def disk_units(db: Path) -> dict[str, tuple]:
    conn = sqlite3.connect(f"{db}", timeout=10)
    try:
        rows = conn.execute(f"SELECT {', '.join(UNIT_COLUMNS)} FROM object_units").fetchall()
    finally:
        conn.close()
    return {row[0]: tuple(row) for row in rows}


def disk_graph(db: Path) -> list[tuple]:
    conn = sqlite3.connect(f"{db}", timeout=10)
    try:
        return sorted(conn.execute("SELECT node_id, layer, label, x, y, z, parent_id "
                                   "FROM scene_graph_nodes").fetchall())
    finally:
        conn.close()


def observation(label: str, position: tuple[float, float, float], score: float = 0.9,
                crop: bytes = b"", size: float = 0.1) -> ObjectObservation:
    msg = ObjectObservation(label=label, score=score, point_count=100,
                            centroid=Point(x=position[0], y=position[1], z=position[2]))
    msg.box.center.position = Point(x=position[0], y=position[1], z=position[2])
    msg.box.center.orientation = Quaternion(w=1.0)
    msg.box.size.x = msg.box.size.y = msg.box.size.z = size
    if crop:
        msg.crop.format = "jpeg"
        msg.crop.data = crop
    return msg


def frame(observations: list[ObjectObservation], node: Node) -> ObjectObservations:
    msg = ObjectObservations(observations=observations)
    msg.header.stamp = node.get_clock().now().to_msg()
    msg.header.frame_id = "map"
    return msg


def spin_futures(node: Node, futures: list[Any], timeout: float) -> None:
    spin_until(node, lambda: all(f.done() for f in futures), timeout=timeout,
               what=f"{len(futures)} responses")


def queries_at_documented_concurrency(rig: Rig, total: int) -> int:
    """Send `total` queries, never more than the documented concurrency in flight; return
    how many were answered with success."""
    client = rig.clients["query"]
    pending: list = []
    answered = 0
    for _ in range(total):
        pending.append(client.call_async(QueryObject.Request(query="Mug", max_results=5)))
        if len(pending) >= LIMITS.service_concurrency:
            spin_futures(rig.node, pending[:1], timeout=30)
            answered += sum(f.result().success for f in pending if f.done())
            pending = [f for f in pending if not f.done()]
    spin_futures(rig.node, pending, timeout=60)
    return answered + sum(f.result().success for f in pending)
