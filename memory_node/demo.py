"""The main job on its embedded default: start the memory nodes, use them from a client
process as a planner would, and print what happened.

    python -m memory_node.demo [--memory-dir DIR] [--keep]

DDS stays on this machine (ROS_AUTOMATIC_DISCOVERY_RANGE=LOCALHOST unless set) on a domain
of its own, so the demo neither disturbs nor hears other ROS 2 systems.
"""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
import time
from pathlib import Path

os.environ.setdefault("ROS_AUTOMATIC_DISCOVERY_RANGE", "LOCALHOST")
os.environ.setdefault("ROS_DOMAIN_ID", str(101 + os.getpid() % 100))

import rclpy  # noqa: E402  (after the environment above)
from geometry_msgs.msg import Point  # noqa: E402
from rclpy.node import Node  # noqa: E402

from memory_node.bringup import DEFAULT_PARAMS, Bringup  # noqa: E402
from memory_node.msg import MemoryUnit  # noqa: E402
from memory_node.srv import Manage, QueryObject, UpdateObject  # noqa: E402

# A kitchen as the robot might have seen it: (object id, type, x, y, z, state, area).
KITCHEN = [
    ("Apple_1", "Apple", 2.10, 0.40, 0.95, "none", "area_kitchen"),
    ("Apple_2", "Apple", 4.80, 1.90, 0.75, "none", "area_dining"),
    ("Mug_1", "Mug", 2.30, 0.10, 0.95, "dirty", "area_kitchen"),
    ("Knife_1", "Knife", 1.90, 0.50, 0.95, "none", "area_kitchen"),
    ("Plate_1", "Plate", 4.60, 2.10, 0.75, "none", "area_dining"),
    ("Fridge_1", "Fridge", 0.60, -0.40, 0.90, "closed", "area_kitchen"),
]


class PlannerClient:
    def __init__(self, node: Node) -> None:
        self.node = node
        self.update = node.create_client(UpdateObject, "/memory/update_object")
        self.query = node.create_client(QueryObject, "/memory/query_object")
        self.manage = node.create_client(Manage, "/memory/manage")

    def wait(self, timeout: float = 60.0) -> None:
        deadline = time.monotonic() + timeout
        for client in (self.update, self.query, self.manage):
            while not client.wait_for_service(timeout_sec=0.5):
                if time.monotonic() > deadline:
                    raise TimeoutError(f"{client.srv_name} not available after {timeout} s")

    def call(self, client, request, timeout: float = 20.0):
        future = client.call_async(request)
        rclpy.spin_until_future_complete(self.node, future, timeout_sec=timeout)
        if not future.done():
            raise TimeoutError(f"{client.srv_name}: no answer in {timeout} s")
        return future.result()


def run(memory_dir: Path, params_file: Path) -> int:
    bringup = Bringup(params_file, ["memory_server"],
                      {"memory_server": [f"memory_dir:={memory_dir}", "short_term.capacity:=5"]})
    bringup.start()
    rclpy.init()
    node = rclpy.create_node("memory_demo_client")
    client = PlannerClient(node)
    try:
        client.wait()
        print(f"memory server up; memory in {memory_dir}")
        print("\n1. The robot reports what it saw (update_object):")
        for object_id, label, x, y, z, state, area in KITCHEN:
            unit = MemoryUnit(object_id=object_id, label=label, position=Point(x=x, y=y, z=z),
                              state=state, area_id=area, source="perception")
            response = client.call(client.update, UpdateObject.Request(operation=0, unit=unit))
            forgot = f"; forgot {', '.join(response.evicted_ids)}" if response.evicted_ids else ""
            print(f"   {object_id:9s} {label:7s} at ({x:.2f}, {y:.2f}, {z:.2f}) "
                  f"{state:6s} -> {response.message}{forgot}")

        print("\n2. The planner asks where things are (query_object):")
        for query, near in (("apple", (2.0, 0.0, 0.9)), ("Plate", None), ("Banana", None)):
            request = QueryObject.Request(query=query, max_results=5)
            if near:
                request.use_near, request.near = True, Point(x=near[0], y=near[1], z=near[2])
            response = client.call(client.query, request)
            where = "; ".join(
                f"{c.object_id} in {c.area_id} at ({c.position.x:.2f}, {c.position.y:.2f})"
                f" [{c.source}, score {c.score:.2f}]" for c in response.candidates
            ) or "nothing remembered"
            print(f"   {query!r}{' near the counter' if near else ''}: {where}")

        print("\n3. A bad request is refused and changes nothing:")
        bad = MemoryUnit(object_id="Ghost_1", label="Ghost",
                         position=Point(x=float("nan"), y=0.0, z=0.0))
        response = client.call(client.update, UpdateObject.Request(operation=0, unit=bad))
        print(f"   success={response.success}: {response.message}")

        print("\n4. Save, clear, load (manage):")
        for command, path in ((Manage.Request.SAVE, "demo_snapshot"), (Manage.Request.CLEAR, ""),
                              (Manage.Request.LOAD, "demo_snapshot")):
            response = client.call(client.manage, Manage.Request(command=command, path=path))
            print(f"   {response.message} (success={response.success})")
        response = client.call(client.query, QueryObject.Request(query="Apple", max_results=5))
        print(f"   after load, apples remembered: {[c.object_id for c in response.candidates]}")
        return 0
    finally:
        node.destroy_node()
        rclpy.try_shutdown()
        bringup.stop()


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--memory-dir", type=Path, default=None,
                        help="keep the memory here (default: a fresh temporary directory)")
    parser.add_argument("--params-file", type=Path, default=DEFAULT_PARAMS)
    args = parser.parse_args(argv)
    if args.memory_dir is not None:
        return run(args.memory_dir.expanduser().resolve(), args.params_file)
    with tempfile.TemporaryDirectory(prefix="memory_node_demo_") as tmp:
        return run(Path(tmp), args.params_file)


if __name__ == "__main__":
    sys.exit(main())
