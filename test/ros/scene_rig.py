"""The perception node and the memory server as separate processes, plus a client that
publishes camera frames and waits on what comes back (never on a timer)."""

from __future__ import annotations

import time
from collections.abc import Callable, Iterator
from contextlib import ExitStack, contextmanager
from pathlib import Path
from typing import Any

from rclpy.node import Node
from rclpy.qos import DurabilityPolicy, QoSProfile, ReliabilityPolicy
from ros_harness import (
    CONFIG,
    READ_RESEND_S,
    START_TIMEOUT_S,
    NodeProcess,
    call,
    node_process,
    spin_until,
    wait_for_service,
)

from memory_node.msg import MemoryStats, ObjectEvent, ObjectObservations, SceneGraph
from memory_node.nodes.conversions import from_time
from memory_node.srv import GetSceneGraph, Manage

SERVER = "memory_node.nodes.memory_server"
PERCEPTION = "memory_node.nodes.perception_node"
# The lines each node logs at its constructor's end: its services, topics and subscriptions
# exist from then on (what is left is discovery).
SERVER_STARTED = "capabilities: "
PERCEPTION_STARTED = "perception: "
LATCHED = QoSProfile(depth=1, durability=DurabilityPolicy.TRANSIENT_LOCAL,
                     reliability=ReliabilityPolicy.RELIABLE)


def server_process(memory_dir: Path, log: Path) -> Any:
    return node_process(SERVER, params_file=CONFIG / "memory.yaml", log_path=log, params={
        "memory_dir": str(memory_dir), "durability": "normal", "stats_period_s": 0.1,
        "scene_graph.publish_period_s": 0.0})


def perception_process(log: Path, **params: Any) -> Any:
    # Reliable inputs: the test publishers are reliable and every frame must arrive.
    return node_process(PERCEPTION, params_file=CONFIG / "memory.yaml", log_path=log,
                        params={"qos.reliability": "reliable", "stats_period_s": 0.1,
                                "warn_throttle_s": 0.0, **params})


class Watcher:
    """Subscriptions on everything the two nodes publish, and the server's services.

    Every wait of its own (a read's 20 s, the 30 s for the perception node's subscriptions)
    starts once the node it waits on has started (its start line, START_TIMEOUT_S; a dead
    node fails at once): a start at load is not spent in them. After a restart the graph
    still lists the old server, so wait_for_service alone returns at once (round 66: a
    restarted server's first read ran out of its 20 s at load 60 while the server started)."""

    def __init__(self, node: Node, server: NodeProcess,
                 perception: NodeProcess | None = None) -> None:
        self.node = node
        self.server = server
        self.perception = perception
        self.observations: dict[float, ObjectObservations] = {}
        self.graphs: list[SceneGraph] = []
        self.events: list[ObjectEvent] = []
        self.stats: list[MemoryStats] = []
        node.create_subscription(ObjectObservations, "/memory/observations",
                                 lambda m: self.observations.__setitem__(
                                     round(from_time(m.header.stamp), 4), m), 50)
        node.create_subscription(SceneGraph, "/memory/scene_graph", self.graphs.append, LATCHED)
        node.create_subscription(ObjectEvent, "/memory/events", self.events.append, 100)
        node.create_subscription(MemoryStats, "/memory/stats", self.stats.append, LATCHED)
        self.manage = node.create_client(Manage, "/memory/manage")
        # Created last: a read on it shows manage's answers can arrive (ros_harness.warm_up).
        self.get_graph = node.create_client(GetSceneGraph, "/memory/get_scene_graph")
        wait_for_service(node, self.manage, server)
        wait_for_service(node, self.get_graph, server)
        server.wait_for_output(SERVER_STARTED, timeout=START_TIMEOUT_S)

    def wait_matched(self, publisher: Any) -> None:
        if self.perception is not None:
            self.perception.wait_for_output(PERCEPTION_STARTED, timeout=START_TIMEOUT_S)
        spin_until(self.node, publisher.matched, timeout=30, what="the perception node's "
                   "subscriptions")
        # The server must hear the perception node before frames go out: once the server
        # folded the perception node's (transient-local) stats into its own, the two have
        # discovered each other, observations publisher and subscription included.
        self.wait_counter("perception.frames_processed", at_least=0, timeout=30)

    def send(self, publish: Callable[[], float], timeout: float = 20.0,
             resend_after: float = 5.0) -> ObjectObservations:
        """Publish one frame and wait for the perception node's result for it.

        The camera topics may be best effort (sensor QoS, as a camera driver publishes).
        The harness gives every process the large-message transport, so images no longer
        travel as UDP fragments (test_large_messages_dds.py counts every frame); a frame can
        still go unheard while the node's side of discovery completes. A frame with no
        answer after `resend_after` s is published again, as a live camera would send the
        next one; a result is still required for this frame's stamp."""
        stamp = round(publish(), 4)
        deadline = time.monotonic() + timeout
        while True:
            left = deadline - time.monotonic()
            try:
                spin_until(self.node, lambda: stamp in self.observations,
                           timeout=max(0.1, min(resend_after, left)),
                           what=f"observations for the frame at {stamp}")
                return self.observations[stamp]
            except AssertionError:
                if time.monotonic() >= deadline:
                    raise
                publish()

    def applied(self, stamp: float, timeout: float = 20.0) -> SceneGraph:
        """Wait until the server published the graph after the frame at `stamp`."""
        key = round(stamp, 4)
        spin_until(self.node, lambda: any(round(from_time(g.header.stamp), 4) == key
                                          for g in self.graphs), timeout=timeout,
                   what=f"the scene graph after the frame at {key}")
        return next(g for g in reversed(self.graphs)
                    if round(from_time(g.header.stamp), 4) == key)

    def counters(self) -> dict[str, str]:
        return {kv.key: kv.value for kv in self.stats[-1].counters} if self.stats else {}

    def wait_counter(self, key: str, at_least: int = 1, timeout: float = 20.0) -> int:
        spin_until(self.node, lambda: key in self.counters()
                   and int(self.counters()[key]) >= at_least,
                   timeout=timeout, what=lambda: f"/memory/stats counter {key} >= {at_least} "
                   f"(have {self.counters()})")
        return int(self.counters()[key])

    def graph(self, fmt: str = "graph", budget: int = 0, query: str = "",
              resend_after: float | None = READ_RESEND_S) -> GetSceneGraph.Response:
        """A read of the scene graph, sent again every `resend_after` s until answered
        (re-sending a read changes nothing): a server drops the answer to a request that
        arrives before its response writer matched this client (ros_harness.warm_up); the
        Watcher's first call is such a request (CI, round 60: no answer in 20 s)."""
        return call(self.node, self.get_graph,
                    GetSceneGraph.Request(format=fmt, token_budget=budget, query=query),
                    resend_after=resend_after)


@contextmanager
def rig(tmp_path: Path, client_node: Node, **perception_params: Any
        ) -> Iterator[tuple[NodeProcess, NodeProcess, Watcher]]:
    with ExitStack() as stack:
        server = stack.enter_context(server_process(tmp_path / "mem", tmp_path / "server.log"))
        perception = stack.enter_context(perception_process(tmp_path / "perception.log",
                                                            **perception_params))
        yield server, perception, Watcher(client_node, server, perception)


def object_nodes(graph: SceneGraph) -> list[Any]:
    return [n for n in graph.nodes if n.layer == n.OBJECT]

