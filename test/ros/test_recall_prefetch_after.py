"""A whole-instruction recall's prefetch runs after its answer is sent (round 59, issue 11
part 4), under either executor: the server triggers a guard condition in the callback, and
the executor takes it on its next wait, after rclpy sent the response. The steps are still
embedded (the counter) and the run is timed as its own stage (`instruction.prefetch_after`),
not inside the request's."""

from __future__ import annotations

from pathlib import Path

import pytest
from rclpy.node import Node
from rclpy.qos import DurabilityPolicy, QoSProfile, ReliabilityPolicy
from ros_harness import CONFIG, NodeProcess, spin_until

from memory_node.client import MemoryClient
from memory_node.core.units import ObjectMemoryUnit
from memory_node.msg import MemoryStats

pytestmark = pytest.mark.ros
SERVER = "memory_node.nodes.memory_server"
TASK = "take the mug to the sink, then put the apple in the fridge, then wipe the table"
UNITS = [ObjectMemoryUnit("Apple_1", "Apple", (1.0, 0.0, 0.9)),
         ObjectMemoryUnit("Mug_1", "Mug", (1.5, 0.2, 0.9)),
         ObjectMemoryUnit("Fridge_1", "Fridge", (3.0, 0.0, 0.0), state="closed"),
         ObjectMemoryUnit("Sink_1", "Sink", (2.0, 1.0, 0.8))]


def _counter(stats: list[MemoryStats], key: str) -> float:
    if not stats:
        return -1
    return next((float(kv.value) for kv in stats[-1].counters if kv.key == key), -1)


def _last(stats: list[MemoryStats]) -> list:
    return list(stats[-1].counters) if stats else []


@pytest.mark.parametrize("executor", ["single", "events"])
def test_the_steps_are_prefetched_after_the_answer(client_node: Node, ros_context: None,
                                                   tmp_path: Path, executor: str) -> None:
    """Fails on 6d59c029: the prefetch ran inside the request (no prefetch_after stage)."""
    proc = NodeProcess(SERVER, params_file=CONFIG / "memory.yaml",
                       params={"memory_dir": str(tmp_path / "m"), "recall.prefetch_batch": 0,
                               "executor": executor},
                       log_path=tmp_path / "server.log", namespace="/after")
    client = MemoryClient(namespace="/after", timeout=20.0)
    try:
        client.wait_until_ready(timeout=60.0)
        for unit in UNITS:
            client.update(unit)
        stats: list[MemoryStats] = []
        latched = QoSProfile(depth=1, durability=DurabilityPolicy.TRANSIENT_LOCAL,
                             reliability=ReliabilityPolicy.RELIABLE)
        client_node.create_subscription(MemoryStats, "/after/memory/stats", stats.append,
                                        latched)
        answer = client.recall(TASK, k=3)
        assert answer.units
        spin_until(client_node, lambda: _counter(stats, "recall.query_texts.prefetched") >= 3
                   and _counter(stats, "recall.wall_us.instruction.prefetch_after.median") >= 0,
                   what=lambda: str({kv.key: kv.value for kv in _last(stats)
                                     if "prefetch" in kv.key}))
        # The steps' vectors are then the per-subtask request's: no model call of its own.
        client.recall(TASK, k=3, per_subtask=True)
        spin_until(client_node, lambda: _counter(stats, "recall.query_texts.subtask.asked") >= 3,
                   what="the per-subtask request's counters")
        assert _counter(stats, "recall.query_texts.subtask.embedded") == 0
    finally:
        client.close()
        proc.stop()
