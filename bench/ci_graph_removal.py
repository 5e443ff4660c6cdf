"""How long a stopped /clock publisher stays in another node's ROS graph (round 38).

The planner's /clock follows one publisher while that publisher is in the graph
(`PerceptionWatch`): a restarted world is noticed once its predecessor has left. A world
stopped with SIGINT (the task runner's `SimBringup.restart`) leaves at once; one killed
leaves when its DDS lease ends. A child process publishes /clock at 50 Hz; this process
waits for it in the graph, stops it with each signal, and times until it is gone.

    ROS_AUTOMATIC_DISCOVERY_RANGE=LOCALHOST ROS_DOMAIN_ID=89 PYTHONPATH=. \\
        .venv/bin/python bench/ci_graph_removal.py --out bench/results/ci_graph_removal_r38.json

`--restart` (round 39) also times what the planner sees: the planner's `PerceptionWatch`
(in this process) follows a publisher whose clock runs from 1000 s; it is killed with
SIGKILL and a new one started at once whose clock runs from 0 (a crashed world
restarting); the row gives the seconds from the kill, and from the new clock's first
sample here, until the watch counts the reset.
"""

from __future__ import annotations

import argparse
import inspect
import json
import signal
import subprocess
import sys
import threading
import time
from pathlib import Path
from typing import Any

import rclpy
from environment import with_environment
from rclpy.node import Node

PUBLISHER = """
import sys, time
import rclpy
from rclpy.executors import ExternalShutdownException
from rosgraph_msgs.msg import Clock
from memory_node.nodes.conversions import to_time
rclpy.init()
node = rclpy.create_node("graph_removal_clock")
pub = node.create_publisher(Clock, "/clock", 10)
start, t0 = float(sys.argv[1]), time.monotonic()
node.create_timer(0.02, lambda: pub.publish(Clock(clock=to_time(start + time.monotonic() - t0))))
try:
    rclpy.spin(node)
except (KeyboardInterrupt, ExternalShutdownException):
    pass
finally:
    node.destroy_node()
    rclpy.try_shutdown()
"""


def time_removal(node: Node, sig: signal.Signals, limit_s: float) -> dict:
    pause = threading.Event()
    proc = subprocess.Popen([sys.executable, "-c", PUBLISHER, "0"])
    start = time.monotonic()
    while not node.get_publishers_info_by_topic("/clock"):
        if time.monotonic() - start > 60:
            proc.kill()
            raise RuntimeError("the publisher never appeared in the graph")
        pause.wait(0.01)
    pause.wait(1.0)
    proc.send_signal(sig)
    sent = time.monotonic()
    proc.wait(timeout=30)
    exited = time.monotonic() - sent
    while node.get_publishers_info_by_topic("/clock") and time.monotonic() - sent < limit_s:
        pause.wait(0.01)
    gone = time.monotonic() - sent
    return {"signal": sig.name, "exit_s": round(exited, 3), "gone_from_graph_s": round(gone, 3),
            "gone": not node.get_publishers_info_by_topic("/clock")}


def time_restart(node: Node, silence_s: float, limit_s: float) -> dict:
    """From a SIGKILL of the followed /clock publisher to the reset its successor causes."""
    from rclpy.executors import SingleThreadedExecutor

    from memory_node.planner.nodes.memory_port import PerceptionWatch

    pause = threading.Event()
    if "silence_s" in inspect.signature(PerceptionWatch).parameters:
        watch = PerceptionWatch(node, silence_s)
    else:  # main before round 39: no silence, the old publisher's lease decides
        watch = PerceptionWatch(node)  # type: ignore[call-arg]
    first_new: list[float] = []
    old_heard = threading.Event()
    [sub] = [s for s in node.subscriptions if s.topic_name == "/clock"]
    inner = sub.callback

    def seen(msg: Any, info: Any) -> None:
        if msg.clock.sec >= 1000:
            old_heard.set()
        elif not first_new:
            first_new.append(time.monotonic())
        inner(msg, info)
    sub.callback = seen
    executor = SingleThreadedExecutor()
    executor.add_node(node)
    spinner = threading.Thread(target=executor.spin, daemon=True)
    spinner.start()
    old = subprocess.Popen([sys.executable, "-c", PUBLISHER, "1000"])
    if not old_heard.wait(60):
        old.kill()
        raise RuntimeError("the first clock never reached the watch")
    pause.wait(1.0)
    assert watch.now() >= 1000, "the watch does not follow the first clock"
    old.send_signal(signal.SIGKILL)
    killed = time.monotonic()
    new = subprocess.Popen([sys.executable, "-c", PUBLISHER, "0"])
    old.wait(timeout=30)
    while watch.epoch.resets == 0 and time.monotonic() - killed < limit_s:
        pause.wait(0.01)
    reset = time.monotonic()
    new.send_signal(signal.SIGINT)
    new.wait(timeout=30)
    executor.shutdown()
    spinner.join(timeout=10)
    node.destroy_node()
    row: dict[str, Any] = {"signal": "SIGKILL, then a new clock from 0",
                           "silence_s": silence_s, "reset": watch.epoch.resets > 0,
                           "kill_to_reset_s": round(reset - killed, 3)}
    if first_new:
        row["new_clock_heard_to_reset_s"] = round(reset - first_new[0], 3)
    return row


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--out", type=Path)
    parser.add_argument("--limit-s", type=float, default=60.0)
    parser.add_argument("--restart", action="store_true",
                        help="also time the planner's watch noticing a killed world's restart")
    parser.add_argument("--graph", action=argparse.BooleanOptionalAction, default=True,
                        help="time the removal from the graph (round 38's rows)")
    args = parser.parse_args()
    rclpy.init()
    node = rclpy.create_node("graph_removal_watch")
    rows = [time_removal(node, sig, args.limit_s)
            for sig in ((signal.SIGINT, signal.SIGKILL) if args.graph else ())]
    if args.restart:
        from memory_node.planner.core.settings import PlannerSettings

        rows.append(time_restart(rclpy.create_node("graph_removal_planner"),
                                 PlannerSettings().clock_silence_s, args.limit_s))
    node.destroy_node()
    rclpy.try_shutdown()
    for row in rows:
        print(row)
    if args.out:
        args.out.write_text(json.dumps(with_environment({"rows": rows}), indent=2) + "\n")


if __name__ == "__main__":
    main()
