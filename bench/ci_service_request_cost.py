"""What an oversized service request costs the memory server's executor before any check,
and whether a bound in the interface would refuse it first (round 44). In process, no DDS;
medians of `--reps` (one rep for the largest size).

rclpy has no raw service: the executor takes a request and converts it to Python objects
(CDR -> the C struct -> Python) before the callback's limits run. `deserialize_message`
makes the same two conversions, so its time is what a request of that size costs the
executor thread, whatever the callback then refuses (`GetUnits` over 256 ids,
`UpdateObject` over its attribute limit, a `Recall` brief state over its lists' limits).

The other half: a sequence bounded in the IDL (`T[<=N]`) is checked by the C typesupport
while it reads the CDR, before anything reaches Python. The memory's interfaces have no
bounded field; rcl_interfaces' `ParameterDescriptor` has two (`FloatingPointRange[<=1]`), so
a descriptor whose CDR claims N ranges shows what such a bound does with an oversized
message: refused (how fast, with what error) or read.

    PYTHONPATH=. .venv/bin/python bench/ci_service_request_cost.py \
        --out bench/results/ci_service_request_cost_r44.json

With `--dds DIR` (ROS_DOMAIN_ID and ROS_AUTOMATIC_DISCOVERY_RANGE=LOCALHOST set by the
caller): a real memory server in DIR, and what a burst of oversized UpdateObject requests
(each refused by the callback) does to a small get_units sent right behind them: its
answer time against the same request's on a quiet server, and every refusal.
"""

from __future__ import annotations

import argparse
import json
import os
import struct
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from ci_common import median_s
from diagnostic_msgs.msg import KeyValue
from environment import with_environment
from rcl_interfaces.msg import FloatingPointRange, ParameterDescriptor
from rclpy.serialization import deserialize_message, serialize_message

from memory_node.msg import BriefState, MemoryUnit
from memory_node.srv import GetUnits, Recall, UpdateObject


def _get_units(n: int) -> Any:
    return GetUnits.Request(object_ids=[f"Mug_{i:08d}_kitchen_counter" for i in range(n)])


def _recall(n: int) -> Any:
    brief = BriefState(current_subgoal="put the mug in the sink",
                       last_skill_arguments=[f"arg{i}" for i in range(n)],
                       recently_visited_areas=[f"area{i}" for i in range(n)])
    return Recall.Request(instruction="put the mug in the sink", k=3, episode_id="e",
                          use_brief_state=True, brief_state=brief)


def _update(n: int) -> Any:
    unit = MemoryUnit(object_id="Mug_1", label="mug",
                      attributes=[KeyValue(key=f"k{i}", value="v") for i in range(n)])
    return UpdateObject.Request(unit=unit)


KINDS: dict[str, tuple[Callable[[int], Any], type]] = {
    "GetUnits.Request (ids)": (_get_units, GetUnits.Request),
    "Recall.Request (brief state lists, each)": (_recall, Recall.Request),
    "UpdateObject.Request (unit attributes)": (_update, UpdateObject.Request),
}


def _descriptor_claiming(n: int) -> bytes:
    """A ParameterDescriptor's CDR whose floating_point_range (bounded <= 1) holds n ranges:
    rclpy's own serialisation of one range, its length word rewritten, n - 1 more ranges
    appended in front of the integer_range that follows."""
    one = serialize_message(ParameterDescriptor(
        name="p", floating_point_range=[FloatingPointRange(from_value=0.0, to_value=1.0,
                                                           step=0.0)]))
    none = serialize_message(ParameterDescriptor(name="p"))
    # Without a range the encoding ends with two count words (floating 0, integer 0); with
    # one, the floating count is 1, padding to 8 (relative to the encapsulation header),
    # 3 doubles (24 bytes) and the integer count. (Padding bytes are not zeroed.)
    at = len(none) - 8
    assert struct.unpack_from("<I", one, at)[0] == 1
    pad = len(one) - len(none) - 24
    head = bytearray(one[:at + 4 + pad])
    item, tail = one[at + 4 + pad:-4], one[-4:]
    struct.pack_into("<I", head, at, n)
    return bytes(head) + item * n + tail


def _call_s(node: Any, client: Any, request: Any) -> tuple[float, Any]:
    import rclpy  # noqa: PLC0415  (only the --dds part starts rclpy)
    t0 = time.perf_counter()
    future = client.call_async(request)
    rclpy.spin_until_future_complete(node, future, timeout_sec=300.0)
    assert future.done(), "no answer in 300 s"
    return time.perf_counter() - t0, future.result()


def dds(tmp: Path, items: int, burst: int) -> dict[str, Any]:
    """A memory server, `burst` UpdateObject requests of `items` attributes each sent at
    once, then a get_units of one id: when each is answered."""
    import rclpy  # noqa: PLC0415
    from ci_common import start_server, stop  # noqa: PLC0415

    from memory_node.nodes.qos import SERVICE_QOS  # noqa: PLC0415

    tmp.mkdir(parents=True, exist_ok=True)
    server = start_server(tmp, "server.log")
    rclpy.init()
    node = rclpy.create_node("service_request_cost")
    try:
        update = node.create_client(UpdateObject, "/memory/update_object",
                                    qos_profile=SERVICE_QOS)
        units = node.create_client(GetUnits, "/memory/get_units", qos_profile=SERVICE_QOS)
        for client in (update, units):
            assert client.wait_for_service(timeout_sec=300.0), "no memory server"
        small = GetUnits.Request(object_ids=["Mug_1"])
        quiet = sorted(_call_s(node, units, small)[0] for _ in range(7))
        big = _update(items)
        t0 = time.perf_counter()
        futures = [update.call_async(big) for _ in range(burst)]
        behind = units.call_async(small)
        answered: dict[int, float] = {}
        deadline = t0 + 600.0
        while time.perf_counter() < deadline and not (
                behind.done() and all(f.done() for f in futures)):
            rclpy.spin_once(node, timeout_sec=0.5)
            for i, f in enumerate([*futures, behind]):
                if f.done() and i not in answered:
                    answered[i] = time.perf_counter() - t0
        refusals = [f.result().message[:120] for f in futures if f.done()]
        return {"items": items, "burst": burst, "request_bytes": len(serialize_message(big)),
                "quiet_get_units_ms_median": round(1e3 * quiet[len(quiet) // 2], 1),
                "behind_get_units_s": round(answered.get(burst, float("nan")), 2),
                "updates_answered_s": [round(answered[i], 2) for i in range(burst)
                                       if i in answered],
                "updates_refused": sum(1 for f in futures
                                       if f.done() and not f.result().success),
                "refusal_example": refusals[0] if refusals else None}
    finally:
        node.destroy_node()
        rclpy.try_shutdown()
        stop(server)


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--sizes", default="256,10000,40000")
    parser.add_argument("--reps", type=int, default=3)
    parser.add_argument("--out", type=Path)
    parser.add_argument("--dds", type=Path, help="a directory: the over-DDS part only")
    parser.add_argument("--items", type=int, default=40000)
    parser.add_argument("--burst", type=int, default=8)
    args = parser.parse_args()
    if args.dds:
        load = os.getloadavg()
        row = dds(args.dds, args.items, args.burst)
        print(json.dumps(row), flush=True)
        if args.out:
            args.out.write_text(json.dumps(with_environment(
                {"command": " ".join(sys.argv), "load_before_after": [load, os.getloadavg()],
                 **row}), indent=1) + "\n")
        return 0
    sizes = [int(s) for s in args.sizes.split(",")]
    rows: list[dict[str, Any]] = []
    load_before = os.getloadavg()
    for kind, (make, msg_type) in KINDS.items():
        for n in sizes:
            raw = serialize_message(make(n))
            reps = 1 if n == max(sizes) else args.reps
            row = {"kind": kind, "items": n, "bytes": len(raw),
                   "deserialise_ms": round(1e3 * median_s(
                       lambda r=raw, t=msg_type: deserialize_message(r, t), reps), 2)}
            print(json.dumps(row), flush=True)
            rows.append(row)
    bounded = []
    for n in [1, *sizes]:
        raw = _descriptor_claiming(n)
        t0 = time.perf_counter()
        try:
            msg = deserialize_message(raw, ParameterDescriptor)
            outcome = f"read: {len(msg.floating_point_range)} ranges"
        except Exception as exc:  # noqa: BLE001  (what the typesupport raises is the finding)
            outcome = f"refused: {type(exc).__name__}: {str(exc)[:160]}"
        row = {"kind": "ParameterDescriptor (FloatingPointRange[<=1])", "items": n,
               "bytes": len(raw), "ms": round(1e3 * (time.perf_counter() - t0), 3),
               "outcome": outcome}
        print(json.dumps(row), flush=True)
        bounded.append(row)
    out = {"command": " ".join(sys.argv), "load_before_after": [load_before, os.getloadavg()],
           "rows": rows, "bounded_sequence": bounded}
    if args.out:
        args.out.write_text(json.dumps(with_environment(out), indent=1) + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
