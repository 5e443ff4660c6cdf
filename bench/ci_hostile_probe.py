"""Round 41's hostile client: what test/fuzz does not send, sent over loopback DDS to one
real memory server, and what came back (ci41). Not a test: a record of what was sent.

1. clients that vanish mid-call (recall; update_object with a request id, re-sent after);
2. a flood of recalls at once from one client; a flood of observation frames;
3. memory/perception/stats with values that are not counts;
4. memory/events: unknown kinds, stamps at the limits, a true state stamped in 2038 and
   then a write of the opposite state (does experience's fact follow?);
5. get_units and refused end_episode: every remembered row unchanged.

    ROS_AUTOMATIC_DISCOVERY_RANGE=LOCALHOST MEMORY_NODE_TEST_DOMAIN=81 ROS_DOMAIN_ID=81 \\
        PYTHONPATH=. .venv/bin/python bench/ci_hostile_probe.py /tmp/probe --out result.json
"""

from __future__ import annotations

import argparse
import atexit
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path[:0] = [str(ROOT / "test" / "ros"), str(ROOT / "test" / "fuzz"), str(ROOT / "test")]
from ros_harness import confine_to_loopback  # noqa: E402

confine_to_loopback()

import rclpy  # noqa: E402
from builtin_interfaces.msg import Time  # noqa: E402
from ci_common import finish_probe  # noqa: E402
from diagnostic_msgs.msg import KeyValue  # noqa: E402
from geometry_msgs.msg import Point  # noqa: E402
from reliability_rig import LATCHED, disk_units, frame, observation, start_rig  # noqa: E402
from ros_harness import call, spin_until, wait_for_service, warm_up  # noqa: E402
from test_fuzz_memory_server import remembered_digest  # noqa: E402

from memory_node.msg import MemoryStats, MemoryUnit, ObjectEvent  # noqa: E402
from memory_node.nodes.qos import EVENTS_QOS, SERVICE_QOS  # noqa: E402
from memory_node.srv import EndEpisode, GetUnits, QueryObject, Recall, UpdateObject  # noqa: E402


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("root", type=Path)
    parser.add_argument("--out", type=Path)
    args = parser.parse_args()
    out: dict = {}
    rclpy.init()
    node = rclpy.create_node("ci41_probe")
    args.root.mkdir(parents=True, exist_ok=True)
    rig = start_rig(node, args.root / "mem", args.root / "server.log",
                    **{"short_term.capacity": 1000})
    atexit.register(lambda: rig.process.alive() and rig.process.stop())
    db = args.root / "mem" / "memory.sqlite"
    for oid, label, x, state in (("mug_1", "Mug", 1.0, ""), ("fridge_1", "Fridge", 3.0, "closed")):
        assert rig.upsert(MemoryUnit(object_id=oid, label=label, position=Point(x=x, z=0.8),
                                     state=state)).success

    def stored() -> tuple[dict, str]:
        return disk_units(db), remembered_digest(db)

    def alive(tag: str) -> None:
        assert rig.process.alive(), rig.process.output()[-3000:]
        r = rig.call("query", QueryObject.Request(query="mug", max_results=5))
        assert r.success, r.message
        out.setdefault("alive_after", []).append(tag)

    def facts(instruction: str) -> list[str]:
        return list(rig.call("recall", Recall.Request(instruction=instruction, k=5,
                                                      token_budget=1000)).facts)

    # 1. vanishing clients: each first has an answered read (its server matched it)
    for i in range(12):
        gone = rclpy.create_node(f"ci41_gone_{i}")
        write = i % 3 == 0
        client = gone.create_client(UpdateObject if write else Recall,
                                    "/memory/update_object" if write else "/memory/recall",
                                    qos_profile=SERVICE_QOS)
        probe = gone.create_client(GetUnits, "/memory/get_units", qos_profile=SERVICE_QOS)
        wait_for_service(gone, client)
        wait_for_service(gone, probe)
        warm_up(gone, probe, GetUnits.Request())
        client.call_async(UpdateObject.Request(
            operation=0, request_id=f"vanish-{i}",
            unit=MemoryUnit(object_id=f"van_{i}", label="Vase", position=Point(x=float(i))))
            if write else Recall.Request(instruction="put the mug in the fridge " * 20, k=50,
                                         token_budget=4000))
        rclpy.spin_once(gone, timeout_sec=0.0)
        gone.destroy_node()
    alive("vanish")
    spin_until(node, lambda: all(f"van_{i}" in disk_units(db) for i in range(0, 12, 3)),
               timeout=30, what="the vanished clients' writes")
    before = stored()
    resent = [rig.call("update", UpdateObject.Request(
        operation=0, request_id=f"vanish-{i}", unit=MemoryUnit(
            object_id=f"van_{i}", label="Vase", position=Point(x=float(i))))).message
              for i in range(0, 12, 3)]
    out["vanish"] = {"writes_applied": 4, "resent_answers": resent,
                     "resent_changed_nothing": stored() == before,
                     "server_warnings": sum("client will not receive response" in line
                                            for line in rig.process.output().splitlines())}
    # 2. floods
    t0 = time.monotonic()
    futures = [rig.clients["recall"].call_async(Recall.Request(
        instruction=f"find the mug {i}", k=5, token_budget=300)) for i in range(400)]
    deadline = time.monotonic() + 90
    while time.monotonic() < deadline and not all(f.done() for f in futures):
        rclpy.spin_once(node, timeout_sec=0.1)
    for f in futures:
        if not f.done():
            rig.clients["recall"].remove_pending_request(f)
    counters = rig.counters()
    out["recall_flood"] = {
        "sent": 400, "answered": sum(f.done() for f in futures),
        "codes": sorted({f.result().error_code for f in futures if f.done()}),
        "s": round(time.monotonic() - t0, 1),
        "dropped.requests.memory.recall": counters.get("dropped.requests.memory.recall")}
    alive("recall flood")
    handled = rig.frames_handled()
    t0 = time.monotonic()
    for i in range(2000):
        rig.observations.publish(frame([observation("Apple", (0.5 + (i % 7) * 0.01, 0.2, 0.8))],
                                       node))
    deadline = time.monotonic() + 20
    while time.monotonic() < deadline:
        rclpy.spin_once(node, timeout_sec=0.2)
    out["frame_flood"] = {"sent": 2000, "handled_in_20s": rig.frames_handled() - handled,
                          "s": round(time.monotonic() - t0, 1)}
    alive("frame flood")
    # 3. perception stats that are not counts
    stats_pub = node.create_publisher(MemoryStats, "/memory/perception/stats", LATCHED)
    spin_until(node, lambda: stats_pub.get_subscription_count() > 0, what="the stats reader")
    odd = ["9" * 4000, "9" * 5000, "-5", " 7 ", "1_000", "\u0663", "1e3", "nan", "", "0x10",
           str(2**64)]
    msg = MemoryStats(counters=[KeyValue(key=f"odd{i}", value=v) for i, v in enumerate(odd)]
                      + [KeyValue(key="\x1b[2J", value="1"), KeyValue(key="read", value="1")])
    msg.observations_applied = 2**64 - 1
    stats_pub.publish(msg)
    spin_until(node, lambda: "perception.read" in rig.counters(), what="the odd stats read")
    out["perception_stats_kept"] = {kv.key: len(kv.value) for kv in rig.stats[-1].counters
                                    if kv.key.startswith("perception.")}
    alive("perception stats")
    # 4. events
    events = node.create_publisher(ObjectEvent, "/memory/events", EVENTS_QOS)
    spin_until(node, lambda: events.get_subscription_count() > 0, what="the events reader")
    before = stored()
    for kind in (5, 200, 255):
        events.publish(ObjectEvent(kind=kind, object_id="mug_1", label="Mug", new_state="opened"))
    past = ObjectEvent(kind=ObjectEvent.STATE_CHANGED, object_id="mug_1", label="Mug",
                       new_state="none")
    past.header.stamp = Time(sec=-2**31, nanosec=2**32 - 1)
    events.publish(past)
    future = ObjectEvent(kind=ObjectEvent.STATE_CHANGED, object_id="fridge_1", label="Fridge",
                         new_state="closed", state_confidence=float("nan"))
    future.header.stamp = Time(sec=2**31 - 1, nanosec=2**32 - 1)
    events.publish(future)
    spin_until(node, lambda: any("closed" in f for f in facts("open the fridge")),
               timeout=30, what="the 2038 event's fact")
    out["events"] = {"units_unchanged": stored()[0] == before[0],
                     "fact_from_2038_event": facts("open the fridge")}
    assert rig.upsert(MemoryUnit(object_id="fridge_1", label="Fridge",
                                 position=Point(x=3.0, z=0.8), state="opened")).success
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline and not any("opened" in f for f in facts("open the fridge")):
        rclpy.spin_once(node, timeout_sec=0.2)
    out["events"]["fact_after_writing_opened"] = facts("open the fridge")
    alive("events")
    # 5. reads and refused end_episode
    before = stored()
    units = rig.call("units", GetUnits.Request(object_ids=["mug_1", "nope", "x" * 300, ""]))
    end = node.create_client(EndEpisode, "/memory/end_episode", qos_profile=SERVICE_QOS)
    wait_for_service(node, end)
    ends = [call(node, end, EndEpisode.Request(episode_id=ep, task_succeeded=True,
                                               request_id=rid))
            for ep, rid in (("never", "x" * 300), ("never", ""), ("", ""), ("e" * 200, ""),
                            ("a\x1bb", ""))]
    out["reads"] = {"get_units_codes": list(units.error_codes),
                    "end_episode": [(r.error_code, r.message[:50]) for r in ends],
                    "remembered_unchanged": stored() == before}
    alive("reads")
    rig.close()
    out["server_exit"] = rig.process.stop()
    out["server_tracebacks"] = rig.process.output().count("Traceback")
    return finish_probe(node, out, args.out)


if __name__ == "__main__":
    sys.exit(main())
