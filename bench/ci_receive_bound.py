"""Can Fast DDS refuse an oversized request before rclpy converts it (round 45)? Over DDS,
two processes on loopback (ROS_DOMAIN_ID and ROS_AUTOMATIC_DISCOVERY_RANGE=LOCALHOST set by
the caller).

The one receive-side size check found in Fast DDS 3.2: a reader whose history memory policy
is PREALLOCATED refuses ("Change payload size ... larger than the history payload size")
any sample larger than its type's maximum serialized size, before the sample is handed to
rmw, so rclpy never converts it. rmw_fastrtps forces PREALLOCATED_WITH_REALLOC (no size
check) unless RMW_FASTRTPS_USE_QOS_FROM_XML=1, and then a `<data_reader>` profile named
after the reader's topic (a service's request reader: `rq/<service>Request`) sets it.

Four readers, each sent messages of growing size: the memory server's UpdateObject request
reader (unbounded strings and sequences) and a fully bounded stock type
(`type_description_interfaces/FieldType`, one `string<=255`), each under rmw's default and
under PREALLOCATED. What each received, and the history payload size Fast DDS reports.

    PYTHONPATH=. .venv/bin/python bench/ci_receive_bound.py \
        --out bench/results/ci_receive_bound_r45.json
"""

from __future__ import annotations

import argparse
import json
import os
import re
import struct
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

from environment import with_environment

REPO = Path(__file__).resolve().parents[1]
LARGE_MESSAGES = REPO / "config" / "fastdds_large_messages.xml"
TOPIC = "/bounded_probe"
SERVICE = "/memory/update_object"
# With RMW_FASTRTPS_USE_QOS_FROM_XML=1 every endpoint without a profile would take Fast DDS's
# defaults (PREALLOCATED, synchronous); these keep rmw's own choices for all but the probe.
RMW_DEFAULTS = """  <data_writer profile_name="rmw_writer" is_default_profile="true">
    <qos><publishMode><kind>ASYNCHRONOUS</kind></publishMode></qos>
    <historyMemoryPolicy>PREALLOCATED_WITH_REALLOC</historyMemoryPolicy>
  </data_writer>
  <data_reader profile_name="rmw_reader" is_default_profile="true">
    <historyMemoryPolicy>PREALLOCATED_WITH_REALLOC</historyMemoryPolicy>
  </data_reader>
  <data_reader profile_name="service">
    <historyMemoryPolicy>PREALLOCATED_WITH_REALLOC</historyMemoryPolicy>
  </data_reader>
"""
REFUSED = re.compile(r"Change payload size of '(\d+)' bytes is larger than the history "
                     r"payload size of '(\d+)' bytes")


def profile(reader_topic: str) -> str:
    """The project's transport profile plus a PREALLOCATED reader on `reader_topic`."""
    probe = (f'  <data_reader profile_name="{reader_topic}">\n'
             "    <historyMemoryPolicy>PREALLOCATED</historyMemoryPolicy>\n"
             "  </data_reader>\n")
    return LARGE_MESSAGES.read_text().replace("</profiles>",
                                              RMW_DEFAULTS + probe + "</profiles>")


def reader(kind: str) -> None:
    """The child: a service or subscription printing what it received, one JSON line each."""
    import rclpy  # noqa: PLC0415

    rclpy.init()
    node = rclpy.create_node("receive_bound_reader")
    if kind == "update":
        from memory_node.nodes.qos import SERVICE_QOS  # noqa: PLC0415
        from memory_node.srv import UpdateObject  # noqa: PLC0415

        def serve(request: Any, response: Any) -> Any:
            print(json.dumps({"attributes": len(request.unit.attributes),
                              "image_bytes": len(request.unit.image.data)}), flush=True)
            response.success = True
            return response

        node.create_service(UpdateObject, SERVICE, serve, qos_profile=SERVICE_QOS)
    else:
        from type_description_interfaces.msg import FieldType  # noqa: PLC0415
        node.create_subscription(
            FieldType, TOPIC,
            lambda m: print(json.dumps({"chars": len(m.nested_type_name)}), flush=True), 10)
    print("ready", flush=True)
    try:
        rclpy.spin(node)
    except BaseException:  # noqa: BLE001  (SIGINT or the context's shutdown ends the child)
        pass


def _field_type_cdr(chars: int) -> bytes:
    """A FieldType's CDR whose nested_type_name (string<=255) holds `chars` characters:
    rclpy refuses to build one over its bound, so the bytes are written here (the header,
    uint8 + padding, two uint64, then the string's length word, characters and NUL)."""
    head = b"\x00\x01\x00\x00" + bytes([17]) + bytes(7) + bytes(16)
    return head + struct.pack("<I", chars + 1) + b"y" * chars + b"\0"


def send(kind: str, sizes: list[int], wait_s: float) -> list[dict[str, Any]]:
    """The parent: send each size, wait up to `wait_s` for an answer (service) or the
    child's line (topic, judged by the caller)."""
    import rclpy  # noqa: PLC0415
    from rclpy.serialization import serialize_message  # noqa: PLC0415

    rclpy.init()
    node = rclpy.create_node("receive_bound_sender")
    rows: list[dict[str, Any]] = []
    try:
        if kind == "update":
            from diagnostic_msgs.msg import KeyValue  # noqa: PLC0415

            from memory_node.msg import MemoryUnit  # noqa: PLC0415
            from memory_node.nodes.qos import SERVICE_QOS  # noqa: PLC0415
            from memory_node.srv import UpdateObject  # noqa: PLC0415
            client = node.create_client(UpdateObject, SERVICE, qos_profile=SERVICE_QOS)
            assert client.wait_for_service(timeout_sec=120.0), "no reader"
            for n in sizes:
                unit = MemoryUnit(object_id="Mug_1", label="mug", attributes=[
                    KeyValue(key=f"k{i}", value="v") for i in range(n)])
                request = UpdateObject.Request(unit=unit)
                t0 = time.perf_counter()
                future = client.call_async(request)
                rclpy.spin_until_future_complete(node, future, timeout_sec=wait_s)
                rows.append({"attributes": n, "bytes": len(serialize_message(request)),
                             "answered": future.done(),
                             "s": round(time.perf_counter() - t0, 2)})
        else:
            from type_description_interfaces.msg import FieldType  # noqa: PLC0415
            publisher = node.create_publisher(FieldType, TOPIC, 10)
            deadline = time.monotonic() + 120.0
            while publisher.get_subscription_count() < 1 and time.monotonic() < deadline:
                rclpy.spin_once(node, timeout_sec=0.1)
            for n in sizes:
                raw = _field_type_cdr(n)
                publisher.publish(raw)
                rows.append({"chars": n, "bytes": len(raw)})
                end = time.monotonic() + wait_s
                while time.monotonic() < end:
                    rclpy.spin_once(node, timeout_sec=0.1)
    finally:
        node.destroy_node()
        rclpy.try_shutdown()
    return rows


def case(kind: str, preallocated: bool, sizes: list[int], wait_s: float,
         tmp: Path) -> dict[str, Any]:
    env = dict(os.environ, PYTHONPATH=str(REPO),
               FASTDDS_DEFAULT_PROFILES_FILE=str(LARGE_MESSAGES))
    if preallocated:
        xml = tmp / f"{kind}_preallocated.xml"
        xml.write_text(profile("rq/memory/update_objectRequest" if kind == "update" else TOPIC))
        env.update(FASTDDS_DEFAULT_PROFILES_FILE=str(xml), RMW_FASTRTPS_USE_QOS_FROM_XML="1")
    log = tmp / f"{kind}_{int(preallocated)}.log"
    with open(log, "w") as out:
        child = subprocess.Popen([sys.executable, __file__, "--reader", kind], env=env,
                                 stdout=out, stderr=subprocess.STDOUT)
        try:
            deadline = time.monotonic() + 120.0
            while "ready" not in log.read_text() and time.monotonic() < deadline:
                assert child.poll() is None, log.read_text()[-2000:]
                time.sleep(0.1)
            rows = send(kind, sizes, wait_s)
            time.sleep(1.0)
        finally:
            child.send_signal(2)
            child.wait(timeout=20)
    text = log.read_text(errors="replace")
    received = [json.loads(line) for line in text.splitlines() if line.startswith("{")]
    refused = [(int(a), int(b)) for a, b in REFUSED.findall(text)]
    key = "attributes" if kind == "update" else "chars"
    got = {r[key] for r in received}
    for row in rows:
        row["received"] = row[key] in got
    return {"reader": "UpdateObject request (unbounded)" if kind == "update"
            else "FieldType (string<=255, fully bounded)",
            "history": "PREALLOCATED (XML)" if preallocated else "rmw default",
            "rows": rows, "refused_by_history": len(refused),
            "history_payload_size": refused[0][1] if refused else None}


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--reader", choices=["update", "bounded"], help=argparse.SUPPRESS)
    parser.add_argument("--out", type=Path)
    parser.add_argument("--wait", type=float, default=5.0,
                        help="seconds to wait for each answer or delivery")
    args = parser.parse_args()
    if args.reader:
        reader(args.reader)
        return 0
    if "ROS_DOMAIN_ID" not in os.environ:
        sys.exit("set ROS_DOMAIN_ID (a domain of your own) first")
    # The sender keeps the project's profile (the large-message transports); Fast DDS reads
    # it once, when this process's first participant starts.
    os.environ["FASTDDS_DEFAULT_PROFILES_FILE"] = str(LARGE_MESSAGES)
    os.environ.pop("RMW_FASTRTPS_USE_QOS_FROM_XML", None)
    load = os.getloadavg()
    cases = []
    with tempfile.TemporaryDirectory(prefix="receive_bound_") as tmp:
        for kind, sizes in (("update", [0, 1, 32, 40000]), ("bounded", [10, 255, 256, 100000])):
            for preallocated in (False, True):
                row = case(kind, preallocated, sizes, args.wait, Path(tmp))
                print(json.dumps(row), flush=True)
                cases.append(row)
    if args.out:
        args.out.write_text(json.dumps(with_environment(
            {"command": " ".join(sys.argv), "load_before_after": [load, os.getloadavg()],
             "cases": cases}), indent=1) + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
