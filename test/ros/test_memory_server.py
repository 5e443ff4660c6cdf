"""The memory server as a separate process, every service called over DDS."""

from __future__ import annotations

import math
import os
import signal
import sqlite3
import subprocess
import sys
import time
from pathlib import Path

import pytest
import rclpy
from geometry_msgs.msg import Point
from rclpy.node import Node
from rclpy.qos import DurabilityPolicy, QoSProfile, ReliabilityPolicy
from ros_harness import (
    CHECKED_STOP_TIMEOUT_S,
    CONFIG,
    READ_RESEND_S,
    call,
    node_process,
    spin_until,
    wait_for_service,
    warm_up,
)

from memory_node.msg import MemoryStats, MemoryUnit, ObjectEvent
from memory_node.srv import GetUnits, Manage, QueryObject, UpdateObject

pytestmark = pytest.mark.ros
SERVER = "memory_node.nodes.memory_server"


def stamp_s(msg: MemoryStats) -> float:
    """When the server published `msg`: its system clock, this host's time.time()."""
    return msg.header.stamp.sec + msg.header.stamp.nanosec * 1e-9


def unit(object_id: str, label: str, x: float, y: float = 0.0, state: str = "") -> MemoryUnit:
    return MemoryUnit(object_id=object_id, label=label, position=Point(x=x, y=y, z=0.8),
                      state=state)


class Clients:
    def __init__(self, node: Node, server) -> None:
        self.node = node
        self.update = node.create_client(UpdateObject, "/memory/update_object")
        self.query = node.create_client(QueryObject, "/memory/query_object")
        self.manage = node.create_client(Manage, "/memory/manage")
        # Created last, for warm_up: a read that changes no counter the tests check.
        units = node.create_client(GetUnits, "/memory/get_units")
        for client in (self.update, self.query, self.manage, units):
            wait_for_service(node, client, server)
        warm_up(node, units, GetUnits.Request())

    def upsert(self, u: MemoryUnit) -> UpdateObject.Response:
        return call(self.node, self.update, UpdateObject.Request(operation=0, unit=u))

    def find(self, label: str, near: tuple[float, float, float] | None = None,
             max_results: int = 10) -> QueryObject.Response:
        request = QueryObject.Request(query=label, max_results=max_results)
        if near is not None:
            request.use_near = True
            request.near = Point(x=near[0], y=near[1], z=near[2])
        return call(self.node, self.query, request)

    def do(self, command: int, path: str = "") -> Manage.Response:
        return call(self.node, self.manage, Manage.Request(command=command, path=path))


@pytest.fixture()
def server(tmp_path: Path):
    with node_process(SERVER, params_file=CONFIG / "memory.yaml",
                      params={"memory_dir": str(tmp_path / "mem"), "short_term.capacity": 5,
                              "stats_period_s": 0.2},
                      log_path=tmp_path / "server.log") as proc:
        yield proc


def test_update_and_query_by_label_nearest_and_recent(client_node: Node, server) -> None:
    c = Clients(client_node, server)
    assert c.upsert(unit("apple_1", "Apple", 3.0)).success
    assert c.upsert(unit("apple_2", "Apple", 1.0)).success
    assert c.upsert(unit("mug_1", "Mug", 0.0)).success

    near = c.find("apple", near=(0.0, 0.0, 0.8))
    assert near.success, near.message
    assert [cand.object_id for cand in near.candidates] == ["apple_2", "apple_1"]
    assert all(cand.source == "short_term" for cand in near.candidates)
    # Without a reference point, the most recently seen comes first.
    recent = c.find("APPLE")
    assert [cand.object_id for cand in recent.candidates] == ["apple_2", "apple_1"]
    assert c.find("banana").candidates == []


def test_bad_requests_are_rejected_and_nothing_is_lost(client_node: Node, server) -> None:
    c = Clients(client_node, server)
    assert c.upsert(unit("apple_1", "Apple", 1.0)).success
    bad = [
        (unit("", "Apple", 0.0), "object_id is empty"),
        (unit("x", "  ", 0.0), "label is empty"),
        (unit("x", "Apple", math.nan), "not finite"),
        (unit("x", "Apple", math.inf), "not finite"),
        (unit("x", "Apple", 1e9), "beyond"),
        (unit("x", "Apple", 0.0, state="exploded"), "state"),
        (unit("x", "A" * 1000, 0.0), "characters long"),
    ]
    for request_unit, expected in bad:
        response = c.upsert(request_unit)
        assert not response.success
        assert expected in response.message, response.message
    remove_unknown = call(client_node, c.update,
                          UpdateObject.Request(operation=1, unit=unit("ghost", "Apple", 0.0)))
    assert not remove_unknown.success and "ghost" in remove_unknown.message
    bad_op = call(client_node, c.update,
                  UpdateObject.Request(operation=9, unit=unit("y", "Apple", 0.0)))
    assert not bad_op.success and "operation" in bad_op.message
    empty_query = c.find("")
    assert not empty_query.success and "query is empty" in empty_query.message
    nan_near = c.find("Apple", near=(math.nan, 0.0, 0.0))
    assert not nan_near.success and "near" in nan_near.message
    too_many = c.find("Apple", max_results=10**6)
    assert not too_many.success and "max_results" in too_many.message
    for path in ("../outside", "/etc/passwd", ""):
        response = c.do(Manage.Request.SAVE, path)
        assert not response.success, path
    assert not c.do(Manage.Request.LOAD, "no_such_snapshot").success
    assert not c.do(42).success

    assert server.alive()
    assert [cand.object_id for cand in c.find("Apple").candidates] == ["apple_1"]


def test_eviction_events_and_stats(client_node: Node, server) -> None:
    c = Clients(client_node, server)
    events: list[ObjectEvent] = []
    stats: list[MemoryStats] = []
    client_node.create_subscription(ObjectEvent, "/memory/events", events.append, 100)
    latched = QoSProfile(depth=1, durability=DurabilityPolicy.TRANSIENT_LOCAL,
                         reliability=ReliabilityPolicy.RELIABLE)
    client_node.create_subscription(MemoryStats, "/memory/stats", stats.append, latched)
    pub_matched = client_node.get_publishers_info_by_topic
    spin_until(client_node, lambda: len(pub_matched("/memory/events")) > 0,
               what="the events publisher")
    # Subscriptions need to be matched on the server's side too before publishing counts.
    spin_until(client_node, lambda: len(stats) > 0, what="a stats message")

    evicted: list[str] = []
    for i in range(8):
        evicted += c.upsert(unit(f"cup_{i}", "Cup", float(i))).evicted_ids
    assert len(evicted) == 3  # capacity 5
    c.find("Cup")
    spin_until(client_node, lambda: sum(e.kind == ObjectEvent.EVICTED for e in events) == 3,
               what="three EVICTED events")
    assert sorted(e.object_id for e in events if e.kind == ObjectEvent.EVICTED) == sorted(evicted)
    assert sum(e.kind == ObjectEvent.NEW for e in events) >= 5
    spin_until(client_node, lambda: stats[-1].queries >= 1 and stats[-1].short_term_size == 5,
               what="stats reflecting the writes")
    last = stats[-1]
    assert last.short_term_capacity == 5 and last.policy == "wtinylfu"
    assert last.evictions == 3 and last.hits == 1
    # The heap was settled at start (frozen out of later full collections).
    heap = {kv.key: kv.value for kv in last.counters if kv.key.startswith("heap.")}
    assert int(heap["heap.settles"]) >= 1 and int(heap["heap.frozen_objects"]) > 10_000
    # And by default no full collection of the interpreter's own between settles.
    assert heap["heap.settles_only"] == "1" and heap["heap.full_collections"] == "0"
    # Where the start went (startup.*, ms): each stage once, from the process's start
    # (interpreter and imports) to the node ready and a service's first answer.
    start = {kv.key: int(kv.value) for kv in last.counters if kv.key.startswith("startup.")}
    for stage in ("before_node", "node", "parameters", "memory", "capability.scene_graph",
                  "capability.recall", "heap_settle"):
        assert start[f"startup.wall_ms.{stage}"] >= 0 <= start[f"startup.cpu_ms.{stage}"], stage
    assert start["startup.cpu_ms.before_node"] > 50  # the interpreter and the imports
    first = "first.update_object"
    assert 0 < start["startup.wall_ms.to_ready"] <= start[f"startup.wall_ms.to_{first}"]
    assert start["startup.process_cpu_ms.to_ready"] >= start["startup.cpu_ms.before_node"]
    assert (start["startup.process_cpu_ms.to_ready"]
            <= start[f"startup.process_cpu_ms.to_{first}"])
    store = {kv.key: kv.value for kv in last.counters if kv.key.startswith("store.")}
    assert store["store.checkpoint_errors"] == "0"  # and the WAL is checkpointed beside
    # Each service's handling time: 8 updates and one query so far, none of them free.
    times = {kv.key: int(kv.value) for kv in last.counters if kv.key.startswith("service.")}
    assert times["service.wall_us.update_object.median"] > 0
    assert times["service.cpu_us.query_object.p99"] > 0
    assert times["service.wall_us.update_object.p99"] >= \
        times["service.wall_us.update_object.median"]


def test_a_due_heap_settle_waits_until_the_services_are_quiet(client_node: Node,
                                                              tmp_path: Path) -> None:
    """The settle (~130 ms of the executor thread) is not started while requests keep
    coming: it ran inside a timed recall once per DDS bench run (round 21)."""
    # A capacity no other test's server has: only this server's stats are read (a stats
    # message of another server in the domain would carry other heap counters).
    capacity = 7
    params = {"memory_dir": str(tmp_path / "mem"), "short_term.capacity": capacity,
              "stats_period_s": 0.1, "heap_first_settle_s": 0.1,
              "heap_settle_period_s": 2.0, "heap_settle_quiet_s": 2.0}
    with node_process(SERVER, params_file=CONFIG / "memory.yaml", params=params,
                      log_path=tmp_path / "server.log") as proc:
        c = Clients(client_node, proc)
        stats: list[MemoryStats] = []
        latched = QoSProfile(depth=1, durability=DurabilityPolicy.TRANSIENT_LOCAL,
                             reliability=ReliabilityPolicy.RELIABLE)
        client_node.create_subscription(
            MemoryStats, "/memory/stats",
            lambda m: stats.append(m) if m.short_term_capacity == capacity else None, latched)

        def heap() -> dict[str, str]:
            return {kv.key: kv.value for kv in stats[-1].counters
                    if kv.key.startswith("heap.")} if stats else {}

        def settled_after(n: int) -> float:
            """This host's monotonic time before settle `n`: the stamp of the last stats
            showing fewer (-inf when none reached this process)."""
            older = [stamp_s(m) for m in stats if int({kv.key: kv.value for kv in m.counters}
                                                      ["heap.settles"]) < n]
            return max(older, default=-math.inf) - time.time() + time.monotonic()

        # Start-up's settle, then the first one after it (quiet so far: it ran when due).
        want, tries = 2, 5
        for _ in range(tries):
            spin_until(client_node, lambda w=want: int(heap().get("heap.settles", 0)) >= w,
                       what=f"settle {want}")
            before = int(heap()["heap.settles"])
            # The next is due 2 s after that settle: requests from before then, without a
            # 2 s pause, for 5 s hold it off. So the first request must be answered within
            # 2 s of that settle (1.5: a margin; its time is bounded below by the stamp of
            # the last stats before it): a host that held this process between the settle
            # and the first request let the next one rightly run before the stream (round
            # 47's CI: 3 == 2 with no pause inside the stream). Calls and pauses between
            # answers under 1 s leave the server less than 2 s without a request.
            settled = settled_after(before)
            began = last = time.monotonic()
            first = longest = 0.0
            while time.monotonic() - began < 5.0:
                assert c.find("Cup").success
                now = time.monotonic()
                first = first or now - settled
                longest, last = max(longest, now - last), now
            seen = len(stats)
            spin_until(client_node, lambda n=seen: len(stats) >= n + 2,
                       what="stats after the stream")
            if first < 1.5 and longest < 1.0:
                break
            # The host held this process or the server's executor (a loaded CI worker
            # beside it did): the stream had a quiet moment, so a settle may rightly have
            # run in it. Stream again after the next settle.
            want = int(heap()["heap.settles"]) + 1
        else:
            pytest.fail(f"{tries} streams each paused (last: first answer {first:.2f} s after "
                        f"the settle, longest pause {longest:.2f} s): the host is too loaded "
                        "to stream requests without a quiet moment")
        assert int(heap()["heap.settles"]) == before
        # Quiet now: it runs, having waited past due for the stream to end.
        spin_until(client_node, lambda: int(heap()["heap.settles"]) == before + 1,
                   timeout=60.0, what=lambda: f"the settle once the requests stopped "
                   f"(settles before {before}; now {heap()}; {len(stats)} stats)")
        assert float(heap()["heap.last_settle_wait_s"]) >= 1.0


def test_manage_save_clear_load(client_node: Node, server, tmp_path: Path) -> None:
    c = Clients(client_node, server)
    assert c.upsert(unit("plate_1", "Plate", 2.0)).success
    saved = c.do(Manage.Request.SAVE, "before_clear")
    assert saved.success, saved.message
    assert Path(saved.path).is_file() and Path(saved.path).parent == tmp_path / "mem"
    assert c.do(Manage.Request.CLEAR).success
    assert c.find("Plate").candidates == []
    loaded = c.do(Manage.Request.LOAD, "before_clear")
    assert loaded.success, loaded.message
    assert [cand.object_id for cand in c.find("Plate").candidates] == ["plate_1"]
    snap = c.do(Manage.Request.SNAPSHOT)
    assert snap.success and Path(snap.path).is_file()


def _burst_params(tmp_path: Path) -> tuple[Path, dict[str, object]]:
    """The write-burst tests' memory directory and server parameters (room for every write)."""
    memory_dir = tmp_path / "mem"
    return memory_dir, {"memory_dir": str(memory_dir), "short_term.capacity": 10_000}


def _stored_ids(memory_dir: Path) -> set[str]:
    """The object ids the memory file holds, after SQLite's integrity check passed on it
    (opening it replays a WAL a kill left)."""
    conn = sqlite3.connect(memory_dir / "memory.sqlite")
    try:
        assert conn.execute("PRAGMA integrity_check").fetchone()[0] == "ok"
        return {row[0] for row in conn.execute("SELECT object_id FROM object_units")}
    finally:
        conn.close()


def test_sigkill_during_write_burst_keeps_every_acknowledged_write(
    client_node: Node, tmp_path: Path
) -> None:
    memory_dir, params = _burst_params(tmp_path)
    server = node_process(SERVER, params_file=CONFIG / "memory.yaml", params=params,
                          log_path=tmp_path / "server1.log")
    acknowledged: list[str] = []
    with server as proc:
        c = Clients(client_node, proc)
        # Keep several requests in flight so the kill lands mid-write, not between writes.
        pending = {}
        for i in range(400):
            request = UpdateObject.Request(operation=0, unit=unit(f"obj_{i}", "Box", i * 0.01))
            pending[f"obj_{i}"] = c.update.call_async(request)
            if len(pending) >= 8 or i == 399:
                first_id, future = next(iter(pending.items()))
                rclpy.spin_until_future_complete(client_node, future, timeout_sec=20)
                assert future.done() and future.result().success
                acknowledged.append(first_id)
                del pending[first_id]
                for oid, f in list(pending.items()):
                    if f.done() and f.result().success:
                        acknowledged.append(oid)
                        del pending[oid]
            if len(acknowledged) >= 150:
                proc.kill()
                break
        for future in pending.values():
            c.update.remove_pending_request(future)

    assert set(acknowledged) <= _stored_ids(memory_dir)

    with node_process(SERVER, params_file=CONFIG / "memory.yaml", params=params,
                      log_path=tmp_path / "server2.log") as proc:
        c = Clients(client_node, proc)
        found = call(client_node, c.query, QueryObject.Request(query="Box", max_results=1000),
                     timeout=60, resend_after=READ_RESEND_S)
        assert found.success
        assert set(acknowledged) <= {cand.object_id for cand in found.candidates}


@pytest.mark.parametrize(("escalation", "after_s"), [
    (signal.SIGTERM, 0.05), (signal.SIGTERM, 0.5), (signal.SIGKILL, 0.05)],
    ids=["sigterm-0.05s", "sigterm-0.5s", "sigkill-0.05s"])
def test_a_stop_cut_short_mid_write_burst_keeps_every_acknowledged_write(
    client_node: Node, tmp_path: Path, escalation: signal.Signals, after_s: float
) -> None:
    """How launchers stop a node: SIGINT, then SIGTERM if it still runs (ros2 launch, 5 s
    later) or SIGKILL (bringup, 10 s; ros2 launch, 5 s after its SIGTERM). A loaded host's
    memory server takes 4-8 s and more to stop (round 56), so the second signal can land
    while it stops. Here SIGINT lands mid write-burst (a request's callback interrupted)
    and the second signal soon after, inside the stop: the file must pass SQLite's
    integrity check and hold every write that was acknowledged, and a SIGTERM must still
    end the process as a stop (status 0), whatever the SIGINT had begun (until round 57
    a SIGTERM after rclpy's shutdown killed it: -15 at 0.05 s at load ~18, at 0.3 and
    0.6 s at load ~21)."""
    memory_dir, params = _burst_params(tmp_path)
    server = node_process(SERVER, params_file=CONFIG / "memory.yaml", params=params,
                          log_path=tmp_path / "server.log")
    acknowledged: list[str] = []
    with server as proc:
        c = Clients(client_node, proc)
        pending: dict[str, rclpy.task.Future] = {}
        sent = 0
        stopping_since: float | None = None
        escalated = False
        deadline = time.monotonic() + 120
        while proc.proc.poll() is None:
            assert time.monotonic() < deadline, "the write burst or the stop did not end"
            while stopping_since is None and len(pending) < 8:
                request = UpdateObject.Request(operation=0, unit=unit(f"obj_{sent}", "Box",
                                                                      sent * 0.01))
                pending[f"obj_{sent}"] = c.update.call_async(request)
                sent += 1
            rclpy.spin_once(client_node, timeout_sec=0.01)
            for oid, future in list(pending.items()):
                if future.done():
                    if future.result().success:
                        acknowledged.append(oid)
                    del pending[oid]
            if stopping_since is None and len(acknowledged) >= 100:
                proc.proc.send_signal(signal.SIGINT)  # requests still in flight
                stopping_since = time.monotonic()
            elif (stopping_since is not None and not escalated
                  and time.monotonic() - stopping_since >= after_s):
                proc.proc.send_signal(escalation)
                escalated = True
        for future in pending.values():
            c.update.remove_pending_request(future)
        status = proc.proc.wait(timeout=CHECKED_STOP_TIMEOUT_S)
    if escalation == signal.SIGTERM:
        assert status == 0, proc.output()[-3000:]

    assert len(acknowledged) >= 100
    assert set(acknowledged) <= _stored_ids(memory_dir)


# The memory server's main, with an exit handler standing for the interpreter's teardown.
TEARDOWN_PROBE = """
import atexit
import sys
from pathlib import Path

marker = Path(sys.argv.pop(1))
atexit.register(lambda: marker.write_text("the interpreter's teardown ran"))
from memory_node.nodes import memory_server

sys.exit(memory_server.main())
"""


def test_a_stopped_memory_server_exits_without_the_interpreters_teardown(
    client_node: Node, tmp_path: Path
) -> None:
    """Freeing the server's heap module by module at exit took 85-90 % of its stop (1.1 of
    1.2-1.3 s at load ~20; 4-8 s and more at load 20-40 in round 56, when launchers send
    SIGTERM after 5 s and SIGKILL after 10). A stopped server closes what it owns and exits
    at once (runner.end_process): status 0, no exit handler run, the file checkpointed
    and closed (no WAL left) and holding what was written, rcl's log file complete."""
    memory_dir = tmp_path / "mem"
    marker = tmp_path / "teardown_ran"
    args = [sys.executable, "-c", TEARDOWN_PROBE, str(marker), "--ros-args", "--params-file",
            str(CONFIG / "memory.yaml"), "-p", f"memory_dir:={memory_dir}"]
    with open(tmp_path / "server.log", "wb") as log:
        server = subprocess.Popen(args, stdout=log, stderr=subprocess.STDOUT,
                                  env=dict(os.environ, ROS_LOG_DIR=str(tmp_path / "ros_log")))
        try:
            update = client_node.create_client(UpdateObject, "/memory/update_object")
            wait_for_service(client_node, update)
            # The first request on a new client may be applied with its answer dropped (the
            # server's response writer not yet matched: `warm_up`); CI, round 93: "no
            # response in 20.0 s". Re-sent under one idempotency key, it is answered again
            # and applied once.
            response = call(client_node, update,
                            UpdateObject.Request(operation=0, unit=unit("mug_1", "Mug", 1.0),
                                                 request_id="teardown-probe-1"),
                            resend_after=READ_RESEND_S)
            assert response.success, response.message
            server.send_signal(signal.SIGINT)
            status = server.wait(timeout=CHECKED_STOP_TIMEOUT_S)
        finally:
            if server.poll() is None:
                server.kill()
                server.wait()
    output = (tmp_path / "server.log").read_text(errors="replace")[-3000:]
    assert status == 0, output
    assert not marker.exists(), output
    assert not (memory_dir / "memory.sqlite-wal").exists()
    conn = sqlite3.connect(memory_dir / "memory.sqlite")
    assert conn.execute("PRAGMA integrity_check").fetchone()[0] == "ok"
    assert [row[0] for row in conn.execute("SELECT object_id FROM object_units")] == ["mug_1"]
    conn.close()
    # rcl's log file was flushed before the exit (the context's logging clean-up).
    logged = "".join(f.read_text(errors="replace") for f in (tmp_path / "ros_log").iterdir())
    assert "memory at" in logged, logged[-2000:]
