"""What a node that takes the memory server's name looks like to the planner (round 39).

The planner's `PerceptionWatch` counts a memory/perceived stamp only from a writer whose
node serves memory/recall (round 38). This process runs a memory server's stand-in (node
`memory_server`: serves memory/recall, publishes memory/perceived latched) and the
planner's watch; a child process is the forger: a node of the same name and namespace that
serves nothing and publishes a perceived stamp from the future. Optionally (`--prefix`)
the forger's Fast DDS participant declares a GUID prefix of its choice (an XML profile),
to show that the prefix (host and process bytes included) is the writer's own claim.

Printed and saved: every identity the ROS graph shows for the two writers (node name,
namespace, enclave, endpoint gid, the process id bytes of Fast DDS's GUID prefix), the
readers of the recall service's request topic (the only place the graph ties a service to
a participant), and whether the watch took the forged stamp.

    ROS_AUTOMATIC_DISCOVERY_RANGE=LOCALHOST ROS_DOMAIN_ID=85 PYTHONPATH=. \\
        .venv/bin/python bench/ci_node_name_forger.py --prefix \\
        --out bench/results/ci_node_name_forger_r39.json
"""

from __future__ import annotations

import argparse
import inspect
import json
import os
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path
from typing import Any

import rclpy
from environment import with_environment
from rclpy.executors import MultiThreadedExecutor
from rclpy.qos import DurabilityPolicy, QoSProfile, ReliabilityPolicy
from std_msgs.msg import Header

from memory_node.nodes.conversions import to_time
from memory_node.planner.nodes.memory_port import PerceptionWatch
from memory_node.srv import Recall

FORGER = """
import sys
import rclpy
from rclpy.qos import DurabilityPolicy, QoSProfile, ReliabilityPolicy
from std_msgs.msg import Header
from memory_node.nodes.conversions import to_time
rclpy.init()
node = rclpy.create_node("memory_server")
latched = QoSProfile(depth=1, durability=DurabilityPolicy.TRANSIENT_LOCAL,
                     reliability=ReliabilityPolicy.RELIABLE)
pub = node.create_publisher(Header, "memory/perceived", latched)
pub.publish(Header(stamp=to_time(2.0e9)))
sys.stdin.read()  # until the parent closes it
node.destroy_node()
rclpy.try_shutdown()
"""

# A GUID prefix the forger picks: vendor 01.0f (eProsima), then any host and process bytes.
CHOSEN_PREFIX = "01.0f.12.34.56.78.9a.bc.de.f0.12.34"

PROFILE = """<?xml version="1.0" encoding="UTF-8" ?>
<profiles xmlns="http://www.eprosima.com/XMLSchemas/fastRTPS_Profiles">
  <participant profile_name="forger" is_default_profile="true">
    <rtps><prefix>{prefix}</prefix></rtps>
  </participant>
</profiles>
"""


def _hex(gid: bytes) -> str:
    return gid.hex(".")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--out", type=Path)
    parser.add_argument("--prefix", action="store_true",
                        help="the forger declares its own Fast DDS GUID prefix")
    args = parser.parse_args()
    rclpy.init()
    memory = rclpy.create_node("memory_server")
    planner = rclpy.create_node("node_name_forger_planner")
    memory.create_service(Recall, "memory/recall", lambda q, r: r)
    latched = QoSProfile(depth=1, durability=DurabilityPolicy.TRANSIENT_LOCAL,
                         reliability=ReliabilityPolicy.RELIABLE)
    real = memory.create_publisher(Header, "memory/perceived", latched)
    real.publish(Header(stamp=to_time(10.0)))
    if "silence_s" in inspect.signature(PerceptionWatch).parameters:
        watch = PerceptionWatch(planner, 1.0)
    else:  # main before round 39
        watch = PerceptionWatch(planner)  # type: ignore[call-arg]
    executor = MultiThreadedExecutor(2)
    executor.add_node(memory)
    executor.add_node(planner)
    spinner = threading.Thread(target=executor.spin, daemon=True)
    spinner.start()
    env = dict(os.environ)
    with tempfile.TemporaryDirectory() as tmp:
        if args.prefix:
            profile = Path(tmp) / "forger.xml"
            profile.write_text(PROFILE.format(prefix=CHOSEN_PREFIX))
            env["FASTDDS_DEFAULT_PROFILES_FILE"] = str(profile)
        forger = subprocess.Popen([sys.executable, "-c", FORGER], stdin=subprocess.PIPE,
                                  env=env)
        pause = threading.Event()
        topic = planner.resolve_topic_name("memory/perceived")
        start = time.monotonic()
        while len(planner.get_publishers_info_by_topic(topic)) < 2:
            if time.monotonic() - start > 60:
                forger.kill()
                raise RuntimeError("the forger never appeared in the graph")
            pause.wait(0.05)
        # The latched samples of both writers reach the watch once discovery matches them.
        took_forged = watch.wait_after(1.0e9, 20.0)
        writers = planner.get_publishers_info_by_topic(topic)
        recall_readers = planner.get_subscriptions_info_by_topic(
            "rq" + planner.resolve_service_name("memory/recall") + "Request", no_mangle=True)
        names = planner.get_node_names_and_namespaces_with_enclaves()
        row: dict[str, Any] = {
            "forger_declares_prefix": CHOSEN_PREFIX if args.prefix else None,
            "pids": {"memory_server_stand_in": os.getpid(), "forger": forger.pid},
            "nodes_named_memory_server": [list(n) for n in names if n[0] == "memory_server"],
            "perceived_writers": [
                {"node": e.node_name, "namespace": e.node_namespace,
                 "gid": _hex(bytes(e.endpoint_gid)),
                 "guid_prefix_bytes_4_5_le": int.from_bytes(bytes(e.endpoint_gid)[4:6],
                                                            "little")}
                for e in writers],
            "recall_request_readers": [
                {"node": e.node_name, "gid": _hex(bytes(e.endpoint_gid))}
                for e in recall_readers],
            "services_by_node_name": sorted(
                n for n, _ in planner.get_service_names_and_types_by_node(
                    "memory_server", "/") if n.endswith("memory/recall")),
            "watch_took_the_forged_future_stamp": took_forged,
            # None: no stamp counted (the real server's frames ignored too); 10.0: the real.
            "watch_view_stamp": watch._perceived,
        }
        forger.stdin.close()  # type: ignore[union-attr]
        forger.wait(timeout=30)
    executor.shutdown()
    spinner.join(timeout=10)
    planner.destroy_node()
    memory.destroy_node()
    rclpy.try_shutdown()
    print(json.dumps(row, indent=2))
    if args.out:
        args.out.write_text(json.dumps(with_environment(row), indent=2) + "\n")


if __name__ == "__main__":
    main()
