"""Outcomes applied more than once when the planner re-sends after a timeout (round 35).

A memory server process runs on this machine's loopback (ROS_DOMAIN_ID from the caller).
Each trial is one episode of `--steps` navigate outcomes sent through `MemoryClient` the
way the planner's loop sends them (planner/core/loop.py `_memory`): a call that times out
is sent again, at most `--retries` more times. The client's `--timeout` is short, so under
load some answers come after the client gave up: the copy the planner then sends finds the
outcome already applied. Two arms, alternating per trial:

* `fresh`: every copy with a new request id (what main's planner did: the server cannot
  tell a copy from a new outcome, and applies it);
* `same`: every copy of one outcome with one request id (this round's planner).

Per arm: outcomes meant, copies sent, timeouts, outcomes the server counted (the episode's
`steps` in end_episode's summary) and the excess (counted - meant). Run it under load
(`--load 2` starts two busy loops).

    ROS_DOMAIN_ID=86 PYTHONPATH=. .venv/bin/python bench/ci_request_ids.py --trials 40 \
        --load 2 --out bench/results/ci_request_ids_r35.json
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

import rclpy  # noqa: E402
from ci_common import busy_loops, report, shut_down, start_server  # noqa: E402

from memory_node.client import MemoryClient  # noqa: E402
from memory_node.core.errors import Timeout  # noqa: E402
from memory_node.core.request_ids import new_request_id  # noqa: E402
from memory_node.core.units import ObjectMemoryUnit  # noqa: E402


def episode(memory: MemoryClient, patient: MemoryClient, name: str, arm: str, steps: int,
            retries: int) -> dict[str, Any]:
    sent = timeouts = failed = 0
    for _step in range(steps):
        request_id = new_request_id()
        for _attempt in range(retries + 1):
            sent += 1
            try:
                memory.record_outcome(name, "navigate", ["Box_1"], True, robot_area="kitchen",
                                      request_id=request_id if arm == "same"
                                      else new_request_id())
                break
            except Timeout:
                timeouts += 1
        else:
            failed += 1   # every copy timed out: the planner would stop here
    # The summary through a patient client. A copy still queued at the server when the end
    # is taken is not counted: the excess below is a lower bound.
    summary = patient.end_episode(name, True)
    return {"arm": arm, "meant": steps, "sent": sent, "timeouts": timeouts,
            "gave_up": failed, "counted": int(summary.steps)}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--trials", type=int, default=40, help="episodes per arm")
    parser.add_argument("--steps", type=int, default=5, help="outcomes per episode")
    parser.add_argument("--timeout", type=float, default=0.15,
                        help="the client's timeout per copy, s")
    parser.add_argument("--retries", type=int, default=2, help="the planner's memory_retries")
    parser.add_argument("--load", type=int, default=0, help="busy loops during the run")
    parser.add_argument("--out", type=Path)
    args = parser.parse_args()
    loops = busy_loops(args.load)
    tmp = Path(tempfile.mkdtemp(prefix="ci_request_ids_"))
    server = start_server(tmp, "server.log")
    rclpy.init()
    rows: list[dict[str, Any]] = []
    try:
        with MemoryClient(timeout=60.0) as patient, \
                MemoryClient(timeout=args.timeout) as hasty:
            patient.wait_until_ready(timeout=300.0)
            hasty.wait_until_ready(timeout=300.0)
            patient.update(ObjectMemoryUnit("Box_1", "Box", (1.0, 0.0, 0.5)))
            began = time.monotonic()
            for i in range(2 * args.trials):
                arm = ("fresh", "same")[i % 2]
                rows.append(episode(hasty, patient, f"ep{i}", arm, args.steps, args.retries))
            wall = time.monotonic() - began
    finally:
        shut_down(server, loops)
    summary: dict[str, Any] = {
        "trials_per_arm": args.trials, "steps": args.steps, "timeout_s": args.timeout,
        "retries": args.retries, "load_loops": args.load, "wall_s": round(wall, 1),
        "load_avg_end": os.getloadavg()}
    for arm in ("fresh", "same"):
        mine = [r for r in rows if r["arm"] == arm]
        meant = sum(r["meant"] for r in mine)
        counted = sum(r["counted"] for r in mine)
        summary[arm] = {
            "meant": meant, "sent": sum(r["sent"] for r in mine),
            "timeouts": sum(r["timeouts"] for r in mine),
            "gave_up": sum(r["gave_up"] for r in mine),
            "counted": counted, "excess": counted - meant,
            "episodes_with_excess": sum(1 for r in mine if r["counted"] > r["meant"])}
    report(summary, rows, args.out)


if __name__ == "__main__":
    main()
