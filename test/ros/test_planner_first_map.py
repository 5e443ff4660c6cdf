"""The planner node's first instruction, sent before the robot's named places have reached
it: the world publishes `map/places` once, latched, and under load discovery can deliver it
after the first goal. The run waits for the map (`map_wait_s`) instead of concluding at once
that every known place was explored (seen in the main job under two test workers)."""

from __future__ import annotations

import time
from collections.abc import Iterator
from pathlib import Path

import pytest
import rclpy
from house import House
from planner_stack import (
    house_things,
    instruction_client,
    planner_node,
    seeded_memory,
    send_goal,
    skill_servers,
)
from rclpy.node import Node
from rclpy.qos import DurabilityPolicy, QoSProfile, ReliabilityPolicy

from memory_node.client import MemoryClient
from memory_node.msg import NamedPlaces
from memory_node.nodes.conversions import to_point

pytestmark = pytest.mark.ros
WAITING = "for map/places before the first run"   # the planner's log line


@pytest.fixture()
def memory(ros_context: None, tmp_path_factory: pytest.TempPathFactory) -> Iterator[
        tuple[MemoryClient, Path]]:
    tmp = tmp_path_factory.mktemp("first_map")
    with seeded_memory(tmp) as client:
        yield client, tmp


def test_the_first_run_waits_for_the_map_published_after_its_goal(
        memory: tuple[MemoryClient, Path], client_node: Node) -> None:
    client_memory, tmp = memory
    # 60 s: the map is published right after the goal is accepted; the bound only matters
    # if it never comes.
    planner = planner_node(tmp, "planner", planner="offline", skill_timeout_s=10.0,
                           map_wait_s=60.0)
    try:
        with skill_servers(House(house_things(), client_memory.update)) as servers:
            client = instruction_client(client_node)
            run, handle = send_goal(client_node, client, "pick up the mug", "first-map",
                                    ("HOLDING(Mug)",))
            assert run.accepted
            # The map goes out once the run has either said it waits for one or ended
            # without it (the old behaviour), never on a timer.
            result = handle.get_result_async()
            deadline = time.monotonic() + 60.0
            while not (result.done() or WAITING in planner.output()):
                assert time.monotonic() < deadline, planner.output()[-2000:]
                rclpy.spin_once(client_node, timeout_sec=0.05)
            latched = QoSProfile(depth=1, durability=DurabilityPolicy.TRANSIENT_LOCAL,
                                 reliability=ReliabilityPolicy.RELIABLE)
            places = client_node.create_publisher(NamedPlaces, "map/places", latched)
            places.publish(NamedPlaces(
                names=["kitchen", "living_room"],
                positions=[to_point((2.0, 0.5, 1.0)), to_point((5.5, 0.5, 5.0))],
                kinds=["kitchen", "living_room"]))
            deadline = time.monotonic() + 120.0
            while not result.done():
                assert time.monotonic() < deadline, "no result from the planner"
                rclpy.spin_once(client_node, timeout_sec=0.1)
            calls = [str(c) for c in servers.house.calls]
        r = result.result().result
        # Without the wait the offline planner found no place to explore and gave up with
        # no skill run: "no Mug in memory, every known place was explored ...".
        assert calls and calls[0].startswith("explore("), (r.message, calls)
        assert r.success, (r.message, calls)
        client_node.destroy_publisher(places)
    finally:
        planner.stop()
    assert "no map/places within" not in planner.output()
