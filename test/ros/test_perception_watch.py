"""The planner's view of /clock and memory/perceived (PerceptionWatch) against forged
samples: both topics are open to any node (round 38's hostile-client gap). In process: the
planner's watch, a memory server's stand-in (it serves memory/recall and publishes
memory/perceived) and a forger are nodes of this test, over loopback DDS."""

from __future__ import annotations

import inspect
import time
from collections.abc import Callable, Iterator
from typing import Any

import pytest
from rclpy.executors import SingleThreadedExecutor
from rclpy.node import Node
from rclpy.qos import DurabilityPolicy, QoSProfile, ReliabilityPolicy
from rosgraph_msgs.msg import Clock
from std_msgs.msg import Header

from memory_node.nodes.conversions import to_time
from memory_node.planner.nodes.memory_port import PerceptionWatch
from memory_node.srv import Recall

LATCHED = QoSProfile(depth=1, durability=DurabilityPolicy.TRANSIENT_LOCAL,
                     reliability=ReliabilityPolicy.RELIABLE)


def _count_deliveries(node: Node, topic: str) -> list[int]:
    """Every sample of `topic` the watch's callback is handed, whatever it does with it."""
    [sub] = [s for s in node.subscriptions if s.topic_name == topic]
    inner = sub.callback
    seen: list[int] = []
    if len(inspect.signature(inner).parameters) == 2:
        def both(msg: Any, info: Any) -> None:
            seen.append(1)
            inner(msg, info)
        sub.callback = both
    else:
        def one(msg: Any) -> None:
            seen.append(1)
            inner(msg)
        sub.callback = one
    return seen


def _spin_until(executor: SingleThreadedExecutor, done: Callable[[], bool],
                what: str | Callable[[], str]) -> None:
    deadline = time.monotonic() + 20
    while not done() and time.monotonic() < deadline:
        executor.spin_once(timeout_sec=0.05)
    assert done(), what if isinstance(what, str) else what()


def _reads_requests(viewer: Node, service: str, server: Node) -> bool:
    """Whether `viewer` sees `server`'s reader of `service`'s requests. Not the graph's
    services by node name: with two nodes of one name, those are either node's (a CI run
    of round 76 waited 20 s on the forger's)."""
    return any((e.node_name, e.node_namespace) == (server.get_name(), server.get_namespace())
               for e in viewer.get_subscriptions_info_by_topic(f"rq{service}Request",
                                                               no_mangle=True))


@pytest.fixture()
def nodes(ros_context: None) -> Iterator[dict[str, Node]]:
    import rclpy

    made = {name: rclpy.create_node(f"test_perception_watch_{name}")
            for name in ("planner", "memory", "forger")}
    yield made
    for node in made.values():
        node.destroy_node()


def test_forged_clock_and_perceived_are_ignored_and_the_real_ones_kept(
        client_node: Node, nodes: dict[str, Node]) -> None:
    planner, memory, forger = nodes["planner"], nodes["memory"], nodes["forger"]
    resets: list[int] = []
    # A silence far over the test's gaps: the world here runs throughout.
    watch = PerceptionWatch(planner, 30.0, on_reset=lambda: resets.append(1))
    clocks = _count_deliveries(planner, "/clock")
    frames = _count_deliveries(planner, planner.resolve_topic_name("memory/perceived"))
    memory.create_service(Recall, "memory/recall", lambda q, r: r)
    world_clock = client_node.create_publisher(Clock, "/clock", 10)
    forged_clock = forger.create_publisher(Clock, "/clock", 10)
    perceived = memory.create_publisher(Header, "memory/perceived", LATCHED)
    forged_perceived = forger.create_publisher(Header, "memory/perceived", LATCHED)
    executor = SingleThreadedExecutor()
    executor.add_node(planner)

    def spin_until(done: Callable[[], bool], what: str) -> None:
        _spin_until(executor, done, what)

    try:
        spin_until(lambda: world_clock.get_subscription_count() > 0
                   and forged_clock.get_subscription_count() > 0
                   and perceived.get_subscription_count() > 0
                   and forged_perceived.get_subscription_count() > 0
                   and "/memory/recall" in dict(planner.get_service_names_and_types_by_node(
                       memory.get_name(), memory.get_namespace())), "discovery")
        world_clock.publish(Clock(clock=to_time(100.0)))
        spin_until(lambda: len(clocks) == 1, "the world's first tick")
        # A second publisher's clock going back while the world's runs is no restart.
        forged_clock.publish(Clock(clock=to_time(0.0)))
        spin_until(lambda: len(clocks) == 2, "the forged tick")
        world_clock.publish(Clock(clock=to_time(101.0)))
        spin_until(lambda: len(clocks) == 3, "the world's next tick")
        assert (resets, watch.epoch.resets, watch.now()) == ([], 0, 101.0)

        perceived.publish(Header(stamp=to_time(100.5)))
        spin_until(lambda: len(frames) == 1, "the memory's frame")
        assert watch.wait_after(100.0, 0.0) is True
        # A stamp from the future would end every wait for the view at once.
        forged_perceived.publish(Header(stamp=to_time(2.0e9)))
        spin_until(lambda: len(frames) == 2, "the forged frame")
        assert watch.wait_after(101.0, 0.0) is False

        # The world's own clock going back (its restart, one publisher) still resets.
        world_clock.publish(Clock(clock=to_time(1.0)))
        spin_until(lambda: len(clocks) == 4, "the restarted world's tick")
        assert (resets, watch.epoch.resets) == ([1], 1)
    finally:
        executor.remove_node(planner)


def test_a_crashed_worlds_restart_is_noticed_once_its_clock_is_silent(
        client_node: Node, nodes: dict[str, Node]) -> None:
    """A killed world stays in the graph until its DDS lease ends (~20 s, Fast DDS): a
    publisher that stops ticking but stays stands for it. Its restart is a new publisher
    whose clock starts over; it must count once the old clock has been silent for
    `silence_s`, not when the lease ends."""
    planner, restarted = nodes["planner"], nodes["forger"]
    resets: list[int] = []
    watch = PerceptionWatch(planner, 0.3, on_reset=lambda: resets.append(1))
    clocks = _count_deliveries(planner, "/clock")
    crashed_clock = client_node.create_publisher(Clock, "/clock", 10)
    new_clock = restarted.create_publisher(Clock, "/clock", 10)
    executor = SingleThreadedExecutor()
    executor.add_node(planner)

    def spin_until(done: Callable[[], bool], what: str) -> None:
        _spin_until(executor, done, what)

    try:
        spin_until(lambda: crashed_clock.get_subscription_count() > 0
                   and new_clock.get_subscription_count() > 0, "discovery")
        crashed_clock.publish(Clock(clock=to_time(100.0)))
        spin_until(lambda: len(clocks) == 1, "the world's last tick")
        spin_until(lambda: watch.epoch.silent(0.3), "the silence")
        # Silent, but a clock that does not start over is no restart.
        new_clock.publish(Clock(clock=to_time(500.0)))
        spin_until(lambda: len(clocks) == 2, "a tick ahead")
        assert (watch.epoch.resets, watch.now()) == (0, 100.0)
        new_clock.publish(Clock(clock=to_time(0.5)))
        spin_until(lambda: len(clocks) == 3, "the restarted world's first tick")
        # The old publisher is still in the graph, as a killed world is until its lease ends.
        assert client_node.get_name() in {
            e.node_name for e in planner.get_publishers_info_by_topic("/clock")}
        assert (resets, watch.epoch.resets, watch.now()) == ([1], 1, 0.5)
        # The new world is followed now: the old publisher's tick is ignored.
        crashed_clock.publish(Clock(clock=to_time(101.0)))
        new_clock.publish(Clock(clock=to_time(0.52)))
        spin_until(lambda: len(clocks) == 5, "both ticks")
        assert (watch.epoch.resets, watch.now()) == (1, 0.52)
    finally:
        executor.remove_node(planner)


def test_a_node_that_takes_the_memory_servers_name_is_not_the_memory_server(
        nodes: dict[str, Node]) -> None:
    """Node names are not unique: a node named like the memory server shares its services
    in the graph. Its perceived stamps must not count; the server's own still do. A second
    rclpy context is a second DDS participant, as another process would be."""
    import rclpy

    planner, memory = nodes["planner"], nodes["memory"]
    watch = PerceptionWatch(planner, 30.0)
    frames = _count_deliveries(planner, planner.resolve_topic_name("memory/perceived"))
    memory.create_service(Recall, "memory/recall", lambda q, r: r)
    perceived = memory.create_publisher(Header, "memory/perceived", LATCHED)
    other = rclpy.Context()
    other.init()
    forger = rclpy.create_node(memory.get_name(), namespace=memory.get_namespace(),
                               context=other)
    forged = forger.create_publisher(Header, "memory/perceived", LATCHED)
    executor = SingleThreadedExecutor()
    executor.add_node(planner)
    try:
        def seen() -> dict[str, bool]:
            return {"the memory's frames": perceived.get_subscription_count() > 0,
                    "the forger's frames": forged.get_subscription_count() > 0,
                    "both nodes": planner.get_node_names().count(memory.get_name()) == 2,
                    "the recall server": _reads_requests(planner, "/memory/recall", memory)}

        _spin_until(executor, lambda: all(seen().values()), lambda: f"discovery: {seen()}")
        forged.publish(Header(stamp=to_time(2.0e9)))
        _spin_until(executor, lambda: len(frames) == 1, "the forged frame")
        assert watch.wait_after(0.0, 0.0) is None  # no frame taken yet
        perceived.publish(Header(stamp=to_time(100.5)))
        _spin_until(executor, lambda: len(frames) == 2, "the memory's frame")
        assert (watch.wait_after(100.0, 0.0), watch.wait_after(101.0, 0.0)) == (True, False)
    finally:
        executor.remove_node(planner)
        forger.destroy_node()
        other.try_shutdown()


def test_no_frame_reason_tells_perception_not_up_from_no_frame_handled(
        ros_context: None) -> None:
    """With no frame in memory the plan loop goes on without waiting for the view; the
    reason told tells a perception node that is not up from one that is up but whose frames
    never reached memory (no camera, or frames refused), and is empty once one has."""
    import rclpy

    from memory_node.msg import ObjectObservations

    ns = "/ci42_watch"   # names of its own: no other test's publisher counts
    planner = rclpy.create_node("planner", namespace=ns)
    perception = rclpy.create_node("perception_node", namespace=ns)
    memory = rclpy.create_node("memory_server", namespace=ns)
    watch = PerceptionWatch(planner, 30.0)
    executor = SingleThreadedExecutor()
    executor.add_node(planner)
    try:
        assert watch.wait_after(0.0, 0.0) is None
        assert watch.no_frame_reason().startswith("perception is not up: no node publishes "
                                                  f"{ns}/memory/observations")
        observations = perception.create_publisher(ObjectObservations, "memory/observations",
                                                   10)
        _spin_until(executor, lambda: watch.no_frame_reason().startswith(
            "perception is up"), "the perception node's publisher in the graph")
        assert "memory has handled no frame" in watch.no_frame_reason()
        memory.create_service(Recall, "memory/recall", lambda q, r: r)
        perceived = memory.create_publisher(Header, "memory/perceived", LATCHED)
        _spin_until(executor, lambda: perceived.get_subscription_count() > 0 and
                    f"{ns}/memory/recall" in dict(planner.get_service_names_and_types_by_node(
                        "memory_server", ns)), "discovery")
        perceived.publish(Header(stamp=to_time(5.0)))
        _spin_until(executor, lambda: watch.no_frame_reason() == "", "the memory's frame")
        assert watch.wait_after(4.0, 0.0) is True
        perception.destroy_publisher(observations)
    finally:
        executor.remove_node(planner)
        for node in (planner, perception, memory):
            node.destroy_node()


def test_the_old_worlds_ticks_delivered_late_do_not_break_its_silence(
        nodes: dict[str, Node]) -> None:
    """Round 63 (CI flake of test_planner_world_reset): ticks the old world sent before it
    went down reached the planner late (a reliable repair after a lost sample, or a queue
    behind a busy executor), and the goal that came meanwhile found the clock not silent.
    The watch ages each tick by its DDS source timestamp; here the samples' MessageInfo is
    given to the callback as rmw would give it."""
    planner = nodes["planner"]
    watch = PerceptionWatch(planner, 0.3)
    gid = {"data": b"w" * 16, "implementation_identifier": "rmw_test"}
    now = time.time_ns()

    def tick(t: float, sent_ago: float, came_ago: float) -> None:
        info: Any = {"publisher_gid": gid, "source_timestamp": now - int(sent_ago * 1e9),
                     "received_timestamp": now - int(came_ago * 1e9),
                     "publication_sequence_number": None, "reception_sequence_number": None}
        watch._on_clock(Clock(clock=to_time(t)), info)

    for k in range(10):             # on time (0.2 ms transit), the last sent 1.55 s ago
        tick(100.0 + 0.05 * k, 2.0 - 0.05 * k, 2.0 - 0.05 * k - 0.0002)
    assert watch.epoch.silent(0.3)
    tick(100.5, 1.5, 0.0)           # sent 1.5 s ago, delivered just now
    assert watch.epoch.silent(0.3) and watch.now() == 100.5
    tick(100.55, 0.0, 0.0)          # a tick sent now: the world runs
    assert not watch.epoch.silent(0.3)
    tick(0.01, 0.0, 0.0)            # the world restarted
    assert watch.epoch.resets == 1
