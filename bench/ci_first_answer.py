"""How often a new client's first answer is lost, with and without a warm-up read (round 34).

A memory server process runs on this machine's loopback (ROS_DOMAIN_ID from the caller);
each trial makes a new node in this process with the clients a test rig makes (update,
query, manage, recall, record_outcome, then get_units, in that order), waits for every
service, and sends one upsert on the first client. Trials alternate between two arms:

* `first`: the upsert right after discovery (what most tests did);
* `warm`: an empty get_units on the client created last, re-sent every 2 s until
  answered (test/ros/ros_harness.warm_up), then the upsert.

With `--restart`, each trial starts its own server process first (the case of a test that
starts a server and then makes its clients: the server must discover this participant and
all its endpoints while the requests come).

Per arm: trials, upserts answered within `--timeout` s, the warm-up reads sent, and the
server's "failed to send response" warnings (each one an answer dropped because the
server's response writer had not matched the client's reader). Run it under load
(`--load 2` starts two busy loops) to see the race at all; it is rare.

    ROS_DOMAIN_ID=84 PYTHONPATH=. .venv/bin/python bench/ci_first_answer.py --trials 100 \
        --load 2 --out bench/results/ci_first_answer_r34.json
"""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

os.environ["ROS_AUTOMATIC_DISCOVERY_RANGE"] = "LOCALHOST"
if "ROS_DOMAIN_ID" not in os.environ:
    sys.exit("set ROS_DOMAIN_ID (a domain of your own) first")

from memory_node.transport import use_large_messages  # noqa: E402

use_large_messages(processes=2)  # as the test harness does, before rclpy loads

import rclpy  # noqa: E402
from ci_common import busy_loops, report, shut_down, start_server, stop  # noqa: E402
from geometry_msgs.msg import Point  # noqa: E402

from memory_node import srv  # noqa: E402
from memory_node.msg import MemoryUnit  # noqa: E402
from memory_node.nodes.qos import SERVICE_QOS  # noqa: E402

ROOT = Path(__file__).resolve().parents[1]
# The clients of a test rig, in its order; get_units last (the warm-up's).
CLIENTS = [(srv.UpdateObject, "/memory/update_object"), (srv.QueryObject, "/memory/query_object"),
           (srv.Manage, "/memory/manage"), (srv.Recall, "/memory/recall"),
           (srv.RecordOutcome, "/memory/record_outcome"), (srv.GetUnits, "/memory/get_units")]
LOST = "failed to send response"
READ_RESEND_S = 2.0


def wait_answer(node: Any, future: Any, timeout: float) -> bool:
    deadline = time.monotonic() + timeout
    while not future.done() and time.monotonic() < deadline:
        rclpy.spin_once(node, timeout_sec=0.05)
    return future.done()


def trial(index: int, arm: str, timeout: float) -> dict[str, Any]:
    node = rclpy.create_node(f"first_answer_{index}")
    try:
        clients = [node.create_client(t, name, qos_profile=SERVICE_QOS) for t, name in CLIENTS]
        for c in clients:
            while not c.wait_for_service(timeout_sec=0.5):
                pass
        reads = 0
        if arm == "warm":
            while True:
                reads += 1
                future = clients[-1].call_async(srv.GetUnits.Request())
                if wait_answer(node, future, READ_RESEND_S):
                    break
                clients[-1].remove_pending_request(future)
        unit = MemoryUnit(object_id=f"obj_{index}", label="Box",
                          position=Point(x=0.01 * index, y=0.0, z=0.8))
        start = time.monotonic()
        future = clients[0].call_async(srv.UpdateObject.Request(operation=0, unit=unit))
        answered = wait_answer(node, future, timeout)
        if not answered:
            clients[0].remove_pending_request(future)
        return {"arm": arm, "answered": answered, "warm_reads": reads,
                "answer_s": round(time.monotonic() - start, 3) if answered else None}
    finally:
        node.destroy_node()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--trials", type=int, default=100, help="per arm")
    parser.add_argument("--timeout", type=float, default=10.0)
    parser.add_argument("--load", type=int, default=0, help="busy loops during the run")
    parser.add_argument("--restart", action="store_true", help="a new server per trial")
    parser.add_argument("--out", type=Path)
    args = parser.parse_args()
    loops = busy_loops(args.load)
    tmp = Path(tempfile.mkdtemp(prefix="ci_first_answer_"))
    rclpy.init()
    rows: list[dict[str, Any]] = []
    server = start_server(tmp, "server0.log", "short_term.capacity:=100000")
    try:
        began = time.monotonic()
        for i in range(2 * args.trials):
            if args.restart and i:
                stop(server)
                server = start_server(tmp, f"server{i}.log", "short_term.capacity:=100000")
            arm = ("first", "warm")[i % 2]
            rows.append(trial(i, arm, args.timeout))
        wall = time.monotonic() - began
    finally:
        shut_down(server, loops)
    text = "".join(log.read_text(errors="replace") for log in tmp.glob("server*.log"))
    summary: dict[str, Any] = {
        "trials_per_arm": args.trials, "load_loops": args.load, "restart": args.restart,
        "wall_s": round(wall, 1),
        "server_lost_answers": text.count(LOST), "load_avg_end": os.getloadavg()}
    for arm in ("first", "warm"):
        mine = [r for r in rows if r["arm"] == arm]
        times = sorted(r["answer_s"] for r in mine if r["answered"])
        summary[arm] = {
            "answered": len(times), "unanswered": len(mine) - len(times),
            "warm_reads": sum(r["warm_reads"] for r in mine),
            "answer_s_median": times[len(times) // 2] if times else None,
            "answer_s_max": times[-1] if times else None}
    report(summary, rows, args.out)


if __name__ == "__main__":
    main()
