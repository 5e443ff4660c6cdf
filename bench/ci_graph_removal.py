"""How long a stopped /clock publisher stays in another node's ROS graph (round 38).

The planner's /clock follows one publisher while that publisher is in the graph
(`PerceptionWatch`): a restarted world is noticed once its predecessor has left. A world
stopped with SIGINT (the task runner's `SimBringup.restart`) leaves at once; one killed
leaves when its DDS lease ends. A child process publishes /clock at 50 Hz; this process
waits for it in the graph, stops it with each signal, and times until it is gone.

    ROS_AUTOMATIC_DISCOVERY_RANGE=LOCALHOST ROS_DOMAIN_ID=89 PYTHONPATH=. \\
        .venv/bin/python bench/ci_graph_removal.py --out bench/results/ci_graph_removal_r38.json
"""

from __future__ import annotations

import argparse
import json
import signal
import subprocess
import sys
import threading
import time
from pathlib import Path

import rclpy
from rclpy.node import Node

PUBLISHER = """
import rclpy
from rclpy.executors import ExternalShutdownException
from rosgraph_msgs.msg import Clock
rclpy.init()
node = rclpy.create_node("graph_removal_clock")
pub = node.create_publisher(Clock, "/clock", 10)
node.create_timer(0.02, lambda: pub.publish(Clock()))
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
    proc = subprocess.Popen([sys.executable, "-c", PUBLISHER])
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


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--out", type=Path)
    parser.add_argument("--limit-s", type=float, default=60.0)
    args = parser.parse_args()
    rclpy.init()
    node = rclpy.create_node("graph_removal_watch")
    rows = [time_removal(node, sig, args.limit_s) for sig in (signal.SIGINT, signal.SIGKILL)]
    node.destroy_node()
    rclpy.try_shutdown()
    for row in rows:
        print(row)
    if args.out:
        args.out.write_text(json.dumps({"rows": rows}, indent=2) + "\n")


if __name__ == "__main__":
    main()
