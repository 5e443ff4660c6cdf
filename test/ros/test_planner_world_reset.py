"""The planner node after its world restarted: the test plays the world's topics (/clock and
the latched map/places) and its skill servers (test/house.py). The old world's map named an
attic the new world lacks; the new world's map reaches the planner only after the first goal
of the new world. The planner notices the restart on the clock going back, drops the old
map and waits for the new one instead of exploring the old world's rooms (it kept them,
round 18)."""

from __future__ import annotations

import os
import signal
import threading
import time
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
import rclpy
from house import House
from planner_stack import (
    house_things,
    instruction_client,
    planner_node,
    seed,
    seeded_memory,
    send_goal,
    skill_servers,
)
from rclpy.action import ActionClient
from rclpy.node import Node
from rclpy.publisher import Publisher
from rclpy.qos import DurabilityPolicy, QoSProfile, ReliabilityPolicy
from rclpy.task import Future
from rosgraph_msgs.msg import Clock

from memory_node.client import MemoryClient
from memory_node.msg import NamedPlaces
from memory_node.nodes.conversions import to_point, to_time

pytestmark = [pytest.mark.ros, pytest.mark.slow]
NOTICED = "the clock went back: the world was reset; its map/places is awaited"
WAITING = "for map/places after the world's reset"   # the planner's log lines
LATCHED = QoSProfile(depth=1, durability=DurabilityPolicy.TRANSIENT_LOCAL,
                     reliability=ReliabilityPolicy.RELIABLE)


@pytest.fixture(scope="module")
def served(ros_context: None, tmp_path_factory: pytest.TempPathFactory) -> Iterator[
        MemoryClient]:
    """One memory server for the module (a server start is seconds of a worker's time)."""
    with seeded_memory(tmp_path_factory.mktemp("world_reset")) as client:
        yield client


@pytest.fixture()
def memory(served: MemoryClient, tmp_path: Path) -> tuple[MemoryClient, Path]:
    """The kitchen again, whatever the last test left; the test's own directory for its
    planner's log (the tests read that log for the planner's lines)."""
    seed(served)
    return served, tmp_path


def _places(names: list[str], positions: list[tuple[float, float, float]]) -> NamedPlaces:
    return NamedPlaces(names=names, positions=[to_point(p) for p in positions], kinds=names)


def _until(node: Node, done: Callable[[], bool], tick: Callable[[], None], what: str,
           timeout: float = 120.0) -> None:
    deadline = time.monotonic() + timeout
    while not done():
        assert time.monotonic() < deadline, what
        tick()
        rclpy.spin_once(node, timeout_sec=0.05)


def _solve_in_the_old_world(node: Node, clock: Publisher, tick: Callable[[], None]) -> ActionClient:
    """Once the planner listens to /clock, a task in the old world (its first run takes
    the old map), then a few more ticks of that world's clock. Returns the action client."""
    client = instruction_client(node)
    _until(node, lambda: clock.get_subscription_count() > 0, lambda: None,
           "the planner's /clock subscription")
    _, handle = send_goal(node, client, "pick up the apple", "old-world", ("HOLDING(Apple)",))
    result = handle.get_result_async()
    _until(node, result.done, tick, "no result in the old world")
    assert result.result().result.success, result.result().result.message
    for _ in range(5):
        tick()
    return client


def _new_house(house: House, memory: MemoryClient) -> None:
    """A new house, a new robot and a fresh memory, as the task runner sets them up."""
    house.calls.clear()
    house.held, house.at = "", "hall"
    house.things.update(house_things())
    memory.manage("clear")
    seed(memory)


def _publish_the_new_map_and_check_the_run(node: Node, result: Future, tick: Callable[[], None],
                                           house: House) -> None:
    """The new world's map (no attic) goes out; the run must end without a call to the
    old world's attic and with an explore of the new world's living room."""
    new_map = node.create_publisher(NamedPlaces, "map/places", LATCHED)
    new_map.publish(_places(["kitchen", "living_room"], [(2.0, 0.5, 1.0), (5.5, 0.5, 5.0)]))
    _until(node, result.done, tick, "no result in the new world")
    calls = [str(c) for c in house.calls]
    r = result.result().result
    assert not any("attic" in c for c in calls), calls
    assert "explore(living_room" in " ".join(calls), (r.message, calls)
    node.destroy_publisher(new_map)


def test_after_a_world_reset_the_planner_waits_for_the_new_worlds_map(
        memory: tuple[MemoryClient, Path], client_node: Node) -> None:
    client_memory, tmp = memory
    clock = client_node.create_publisher(Clock, "/clock", 10)
    old_map = client_node.create_publisher(NamedPlaces, "map/places", LATCHED)
    old_map.publish(_places(["kitchen", "attic"], [(2.0, 0.5, 1.0), (9.0, 9.0, 1.0)]))
    now = [100.0]

    def tick() -> None:          # the running world's clock, 0.05 s a spin
        now[0] += 0.05
        clock.publish(Clock(clock=to_time(now[0])))

    planner = planner_node(tmp, "planner", planner="offline", skill_timeout_s=10.0,
                           map_wait_s=60.0, perception_wait_s=0.0)
    try:
        with skill_servers(House(house_things(), client_memory.update)) as servers:
            client = _solve_in_the_old_world(client_node, clock, tick)
            # The world restarts: its map publisher goes, its clock starts over.
            client_node.destroy_publisher(old_map)
            now[0] = 0.0
            _until(client_node, lambda: NOTICED in planner.output(), tick,
                   "the planner did not notice the world's reset", timeout=60.0)
            _new_house(servers.house, client_memory)
            run, handle = send_goal(client_node, client, "pick up the mug", "new-world",
                                    ("HOLDING(Mug)",))
            assert run.accepted
            result = handle.get_result_async()
            # The new map goes out once the run has said it waits for it or has ended
            # without it (the old behaviour: it explored the old world's attic).
            _until(client_node, lambda: result.done() or WAITING in planner.output(), tick,
                   "neither a wait for the map nor a result")
            _publish_the_new_map_and_check_the_run(client_node, result, tick, servers.house)
    finally:
        planner.stop()


CLOCK_SILENT = "the clock is silent at the goal"   # the planner's log line
SILENCE_S = 0.3


def test_a_goal_that_comes_while_the_world_restarts_waits_for_its_clock_and_map(
        memory: tuple[MemoryClient, Path], client_node: Node) -> None:
    """Round 18's secondary: the new world's /clock and map both reach the planner after
    the goal (the world was still loading when the runner sent it). Before round 20 the
    goal found the old map and a clock that had not gone back yet, and explored the old
    world's attic; now the silent clock makes it wait for the next tick, which goes back,
    and then for the new map."""
    client_memory, tmp = memory
    clock = client_node.create_publisher(Clock, "/clock", 10)
    old_map = client_node.create_publisher(NamedPlaces, "map/places", LATCHED)
    old_map.publish(_places(["kitchen", "attic"], [(2.0, 0.5, 1.0), (9.0, 9.0, 1.0)]))
    now = [100.0]

    def tick() -> None:
        now[0] += 0.05
        clock.publish(Clock(clock=to_time(now[0])))

    planner = planner_node(tmp, "planner", planner="offline", skill_timeout_s=10.0,
                           map_wait_s=60.0, perception_wait_s=0.0,
                           clock_silence_s=SILENCE_S)
    try:
        with skill_servers(House(house_things(), client_memory.update)) as servers:
            client = _solve_in_the_old_world(client_node, clock, tick)
            # The world goes down: no map publisher, no clock, for longer than the
            # planner's silence (the world loading its new house takes seconds).
            client_node.destroy_publisher(old_map)
            quiet_from = time.monotonic()
            _until(client_node, lambda: time.monotonic() > quiet_from + 2 * SILENCE_S,
                   lambda: None, "the world's silence")
            _new_house(servers.house, client_memory)
            run, handle = send_goal(client_node, client, "pick up the mug", "new-world",
                                    ("HOLDING(Mug)",))
            assert run.accepted
            result = handle.get_result_async()
            # The new world's clock starts (from zero) only once the planner has either
            # said it waits for the clock or already called a skill (the old behaviour).
            _until(client_node, lambda: result.done() or bool(servers.house.calls)
                   or CLOCK_SILENT in planner.output(), lambda: None,
                   "neither a wait for the clock nor a skill call")
            now[0] = 0.0
            _until(client_node, lambda: result.done() or WAITING in planner.output(), tick,
                   "neither a wait for the map nor a result")
            _publish_the_new_map_and_check_the_run(client_node, result, tick, servers.house)
    finally:
        planner.stop()


def _stopped(pid: int) -> bool:
    with open(f"/proc/{pid}/stat") as f:
        return f.read().rsplit(")", 1)[1].split()[0] == "T"


def test_the_old_worlds_last_ticks_reaching_the_planner_late_are_no_news(
        memory: tuple[MemoryClient, Path], client_node: Node) -> None:
    """Round 63 (the test above, red once in CI at load): the old world's last ticks reached
    the planner late, just before the goal, so the goal found the clock not silent and
    explored the old world's attic. Here the planner gets no CPU (SIGSTOP, as a process
    starved at load) while the old world sends its last ticks and goes down; it runs again
    just before the goal, and takes those ticks then. They were sent before the silence:
    the goal still waits for the new world's clock and map."""
    client_memory, tmp = memory
    clock = client_node.create_publisher(Clock, "/clock", 10)
    old_map = client_node.create_publisher(NamedPlaces, "map/places", LATCHED)
    old_map.publish(_places(["kitchen", "attic"], [(2.0, 0.5, 1.0), (9.0, 9.0, 1.0)]))
    now = [100.0]

    def tick() -> None:
        now[0] += 0.05
        clock.publish(Clock(clock=to_time(now[0])))

    planner = planner_node(tmp, "planner", planner="offline", skill_timeout_s=10.0,
                           map_wait_s=60.0, perception_wait_s=0.0,
                           clock_silence_s=SILENCE_S)
    pid = planner.proc.pid
    guard = threading.Timer(0.0, lambda: None)
    try:
        with skill_servers(House(house_things(), client_memory.update)) as servers:
            client = _solve_in_the_old_world(client_node, clock, tick)
            # A guard, not a step: should a stop ever hold what this process needs to
            # publish (a shared-memory port's lock), the planner runs again after a while.
            guard = threading.Timer(30.0, lambda: os.kill(pid, signal.SIGCONT))
            guard.daemon = True
            guard.start()
            os.kill(pid, signal.SIGSTOP)
            _until(client_node, lambda: _stopped(pid), lambda: None, "the planner stopped")
            for _ in range(5):          # the old world's last ticks, the planner stalled
                tick()
            client_node.destroy_publisher(old_map)
            quiet_from = time.monotonic()
            _until(client_node, lambda: time.monotonic() > quiet_from + 2 * SILENCE_S,
                   lambda: None, "the world's silence")
            _new_house(servers.house, client_memory)
            os.kill(pid, signal.SIGCONT)
            run, handle = send_goal(client_node, client, "pick up the mug", "new-world",
                                    ("HOLDING(Mug)",))
            assert run.accepted
            result = handle.get_result_async()
            _until(client_node, lambda: result.done() or bool(servers.house.calls)
                   or CLOCK_SILENT in planner.output(), lambda: None,
                   "neither a wait for the clock nor a skill call")
            now[0] = 0.0
            _until(client_node, lambda: result.done() or WAITING in planner.output(), tick,
                   "neither a wait for the map nor a result")
            _publish_the_new_map_and_check_the_run(client_node, result, tick, servers.house)
    finally:
        guard.cancel()
        if planner.alive():
            os.kill(pid, signal.SIGCONT)
        planner.stop()
