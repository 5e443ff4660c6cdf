"""memory/recall_ahead over DDS (round 48, issue 11 part 4): the planner sends an
instruction before it waits for a fresh view; the memory server embeds the steps its
per-subtask recall will ask, and that recall answers as it would without the text sent
ahead. The topic is open to any node: an oversized or refused text is dropped with a
counter and changes nothing stored."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from rclpy.node import Node
from rclpy.qos import DurabilityPolicy, QoSProfile, ReliabilityPolicy
from ros_harness import CONFIG, NodeProcess, spin_until
from std_msgs.msg import String

from memory_node.client import MemoryClient
from memory_node.core.units import ObjectMemoryUnit
from memory_node.msg import MemoryStats
from memory_node.nodes.qos import AHEAD_QOS

pytestmark = pytest.mark.ros
SERVER = "memory_node.nodes.memory_server"
TASK = "take the mug to the sink, then put the apple in the fridge, then wipe the table"
UNITS = [ObjectMemoryUnit("Apple_1", "Apple", (1.0, 0.0, 0.9)),
         ObjectMemoryUnit("Mug_1", "Mug", (1.5, 0.2, 0.9)),
         ObjectMemoryUnit("Fridge_1", "Fridge", (3.0, 0.0, 0.0), state="closed"),
         ObjectMemoryUnit("Sink_1", "Sink", (2.0, 1.0, 0.8)),
         ObjectMemoryUnit("DiningTable_1", "DiningTable", (0.0, 2.0, 0.0))]


@pytest.fixture()
def two_servers(ros_context: None, tmp_path: Path) -> Iterator[tuple[MemoryClient, ...]]:
    """Two servers, one memory each (same units), in two namespaces: one is sent the text
    ahead, the other not; both then answer the same request."""
    procs = [NodeProcess(SERVER, params_file=CONFIG / "memory.yaml",
                         params={"memory_dir": str(tmp_path / ns), "recall.prefetch_batch": 0},
                         log_path=tmp_path / f"{ns}.log", namespace=f"/{ns}")
             for ns in ("ahead", "cold")]
    clients: list[MemoryClient] = []
    try:
        for ns in ("ahead", "cold"):
            client = MemoryClient(namespace=f"/{ns}", timeout=20.0)
            clients.append(client)
            client.wait_until_ready(timeout=60.0)
            for unit in UNITS:
                client.update(unit)
        yield tuple(clients)
    finally:
        for client in clients:
            client.close()
        for proc in procs:
            proc.stop()


def _counters(node: Node, namespace: str) -> list[MemoryStats]:
    stats: list[MemoryStats] = []
    latched = QoSProfile(depth=1, durability=DurabilityPolicy.TRANSIENT_LOCAL,
                         reliability=ReliabilityPolicy.RELIABLE)
    node.create_subscription(MemoryStats, f"/{namespace}/memory/stats", stats.append, latched)
    return stats


def _counter(stats: list[MemoryStats], key: str) -> int:
    if not stats:
        return -1
    return next((int(kv.value) for kv in stats[-1].counters if kv.key == key), 0)


def test_a_recall_after_its_text_was_sent_ahead_answers_the_same_without_the_model(
        client_node: Node, two_servers: tuple[MemoryClient, MemoryClient]) -> None:
    ahead, cold = two_servers
    stats = _counters(client_node, "ahead")
    spin_until(client_node, lambda: _counter(stats, "recall.query_texts.asked") >= 0,
               what="the ahead server's stats")
    ahead.recall_ahead(TASK)
    # The three steps embedded before the request (the counter says the call was started;
    # the request then takes the vectors or waits for the running call).
    spin_until(client_node, lambda: _counter(stats, "recall.query_texts.prefetched") >= 3,
               what=lambda: f"prefetched: {_counter(stats, 'recall.query_texts.prefetched')}")
    a = ahead.recall(TASK, k=3, episode_id="ep1", per_subtask=True)
    c = cold.recall(TASK, k=3, episode_id="ep1", per_subtask=True)
    assert [(u.unit.object_id, u.score) for u in a.units] == \
        [(u.unit.object_id, u.score) for u in c.units]
    assert a.context == c.context and a.units
    spin_until(client_node, lambda: _counter(stats, "recall.query_texts.subtask.asked") >= 3,
               what="the request's counters")
    assert _counter(stats, "recall.query_texts.subtask.embedded") == 0
    assert _counter(stats, "recall.query_texts.prefetch_used") >= 3


def test_an_oversized_or_refused_text_is_dropped_and_changes_nothing(
        client_node: Node, two_servers: tuple[MemoryClient, MemoryClient]) -> None:
    ahead, _ = two_servers
    stats = _counters(client_node, "ahead")
    pub = client_node.create_publisher(String, "/ahead/memory/recall_ahead", AHEAD_QOS)
    spin_until(client_node, lambda: pub.get_subscription_count() > 0 and bool(stats),
               what="the server's recall_ahead reader")
    before = ahead.get_units([u.object_id for u in UNITS])
    pub.publish(String(data="bring the mug " * 2000))   # 28,000 characters
    pub.publish(String(data="bring the \x1b[2J mug"))    # control characters
    pub.publish(String(data="   "))                      # empty once stripped
    spin_until(client_node, lambda: _counter(stats, "rejected.recall_ahead.too_long") == 1
               and _counter(stats, "rejected.recall_ahead.invalid") == 2,
               what=lambda: str({kv.key: kv.value for kv in stats[-1].counters
                                 if "recall_ahead" in kv.key}))
    assert _counter(stats, "recall.query_texts.prefetched") == 0
    assert ahead.get_units([u.object_id for u in UNITS]) == before
    # The server still takes a good text afterwards.
    ahead.recall_ahead("put the apple in the fridge")
    spin_until(client_node, lambda: _counter(stats, "recall_ahead.received") == 1,
               what="a good text after the bad ones")
