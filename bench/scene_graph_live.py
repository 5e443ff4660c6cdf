"""Live path: camera -> perception node -> memory server, end to end over DDS.

The TUM fr3 cabinet frames (640x480 RGB + depth, real poses, the real detector box plus
seeded random boxes up to 10 detections per frame, as in bench/perception_frame.py) are
published from this process at `--rate` Hz (default 30), looping over the 58 frames,
each restamped with the publishing time. `memory_node.nodes.perception_node` and
`memory_node.nodes.memory_server` run as separate processes (their default parameters
from config/memory.yaml, best-effort camera QoS as from a real driver; the server
publishes the graph after every applied frame, stamped with the frame's stamp).
Measured here: for every graph received, now - the frame's sensor stamp (latency from the
sensor stamp to the scene-graph update having been published), and the share of sent
frames that reached the graph (the real-time factor: 1.0 = every frame of the camera).
The perception node's own processing time is read from its /memory/stats counters.

    .venv/bin/python bench/scene_graph_live.py [--seconds 20] [--rate 30]
Writes bench/results/scene_graph_live.json.
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

os.environ["ROS_AUTOMATIC_DISCOVERY_RANGE"] = "LOCALHOST"  # before rclpy loads
os.environ.setdefault("ROS_DOMAIN_ID", str(101 + os.getpid() % 100))

import numpy as np  # noqa: E402
import rclpy  # noqa: E402
from perception_frame import frame_inputs  # noqa: E402
from rclpy.executors import MultiThreadedExecutor  # noqa: E402
from rclpy.qos import DurabilityPolicy, QoSProfile, ReliabilityPolicy  # noqa: E402
from scene_graph_common import REPO, stats_ms, write_result  # noqa: E402

from memory_node.core.perception.shared_data import shared_data_dir  # noqa: E402
from memory_node.core.perception.tum import TumSequence  # noqa: E402
from memory_node.msg import Detection, Detections, MemoryStats, SceneGraph  # noqa: E402
from memory_node.nodes.conversions import from_time, to_time  # noqa: E402
from memory_node.nodes.perception_conversions import (  # noqa: E402
    camera_info_msg,
    image_msg,
    pose_core_to_msg,
)
from memory_node.nodes.tum_replay import DEFAULT_TOPICS, camera_publishers  # noqa: E402

LATCHED = QoSProfile(depth=1, durability=DurabilityPolicy.TRANSIENT_LOCAL,
                     reliability=ReliabilityPolicy.RELIABLE)


def start(module: str, log: Path, params: dict[str, str]) -> subprocess.Popen:
    args = [sys.executable, "-m", module, "--ros-args", "--params-file",
            str(REPO / "config" / "memory.yaml")]
    for key, value in params.items():
        args += ["-p", f"{key}:={value}"]
    return subprocess.Popen(args, stdout=open(log, "wb"), stderr=subprocess.STDOUT,
                            env=os.environ.copy())


class Bench:
    def __init__(self, node: rclpy.node.Node, seq: TumSequence) -> None:
        self.node = node
        self.pubs = camera_publishers(node, DEFAULT_TOPICS)
        self.k = seq.intrinsics
        scale = 1000.0 / seq.depth_scale
        self.frames = []
        by_stamp = {f.stamp: f for f in seq}
        for stamp, depth, pose, dets in frame_inputs(seq):
            rgb = by_stamp[stamp].load_rgb()
            depth_mm = np.round(depth.astype(np.float32) * scale).astype(np.uint16)
            self.frames.append((rgb, depth_mm, pose, dets))
        self.sent: dict[float, float] = {}
        self.latency: dict[float, float] = {}
        self.stats: dict[str, str] = {}
        self.lock = threading.Lock()
        node.create_subscription(SceneGraph, "/memory/scene_graph", self.on_graph, 100)
        node.create_subscription(MemoryStats, "/memory/perception/stats", self.on_stats,
                                 LATCHED)

    def on_graph(self, msg: SceneGraph) -> None:
        now = time.time()
        stamp = round(from_time(msg.header.stamp), 6)
        with self.lock:
            if stamp in self.sent and stamp not in self.latency:
                self.latency[stamp] = now - stamp

    def on_stats(self, msg: MemoryStats) -> None:
        self.stats = {kv.key: kv.value for kv in msg.counters}

    def publish(self, i: int) -> None:
        rgb, depth_mm, pose, dets = self.frames[i % len(self.frames)]
        now = time.time()
        stamp = to_time(now)
        key = round(from_time(stamp), 6)
        cam = "camera_color_optical_frame"
        self.pubs["camera_info"].publish(camera_info_msg(self.k, stamp, cam))
        self.pubs["colour"].publish(image_msg(rgb, "rgb8", stamp, cam))
        self.pubs["depth"].publish(image_msg(depth_mm, "16UC1", stamp, cam))
        from geometry_msgs.msg import PoseStamped  # noqa: PLC0415
        p = PoseStamped(pose=pose_core_to_msg(pose))
        p.header.stamp, p.header.frame_id = stamp, "map"
        self.pubs["pose"].publish(p)
        d = Detections(detections=[
            Detection(label=x.label, score=float(x.score), x_min=x.box[0], y_min=x.box[1],
                      x_max=x.box[2], y_max=x.box[3]) for x in dets])
        d.header.stamp, d.header.frame_id = stamp, cam
        with self.lock:
            self.sent[key] = now
        self.pubs["detections"].publish(d)


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--seconds", type=float, default=20.0)
    parser.add_argument("--rate", type=float, default=30.0)
    args = parser.parse_args()
    tum = shared_data_dir() / "tum_fr3_cabinet"
    if not tum.is_dir():
        raise SystemExit(f"TUM data not found at {tum} (set MEMORY_NODE_SHARED_DATA)")
    seq = TumSequence(tum, label_names={"28": "cabinet"})
    tmp = Path(tempfile.mkdtemp(prefix="sg_live_"))
    server = start("memory_node.nodes.memory_server", tmp / "server.log", {
        "memory_dir": str(tmp / "mem"), "durability": "normal",
        "scene_graph.publish_period_s": "0.0"})
    perception = start("memory_node.nodes.perception_node", tmp / "perception.log",
                       {"stats_period_s": "0.5"})
    rclpy.init()
    node = rclpy.create_node("scene_graph_live_bench")
    bench = Bench(node, seq)
    executor = MultiThreadedExecutor(num_threads=2)
    executor.add_node(node)
    spinner = threading.Thread(target=executor.spin, daemon=True)
    spinner.start()
    try:
        deadline = time.monotonic() + 60
        while not all(p.get_subscription_count() > 0 for p in bench.pubs.values()):
            if time.monotonic() > deadline or server.poll() is not None \
                    or perception.poll() is not None:
                raise SystemExit(f"nodes did not come up; logs in {tmp}")
            time.sleep(0.05)  # discovery: polling a condition, not a fixed wait
        # Warm-up: frames until the first graph comes back (imports, first SQLite write).
        i = 0
        while not bench.latency and time.monotonic() < deadline:
            bench.publish(i)
            i += 1
            time.sleep(1.0 / args.rate)
        with bench.lock:
            bench.sent.clear()
            bench.latency.clear()
        period = 1.0 / args.rate
        n = int(args.seconds * args.rate)
        t0 = time.monotonic()
        for j in range(n):  # paced like a camera: on its clock, not after each other
            target = t0 + j * period
            delay = target - time.monotonic()
            if delay > 0:
                time.sleep(delay)
            bench.publish(i + j)
        sent_wall = time.monotonic() - t0
        drain = time.monotonic() + 2.0
        while time.monotonic() < drain and len(bench.latency) < len(bench.sent):
            time.sleep(0.05)
        with bench.lock:
            lat = list(bench.latency.values())
            sent = len(bench.sent)
        stats = dict(bench.stats)
    finally:
        executor.shutdown()
        node.destroy_node()
        rclpy.shutdown()
        for p in (perception, server):
            p.send_signal(2)
            try:
                p.wait(timeout=10)
            except subprocess.TimeoutExpired:
                p.kill()
    result = {
        "rate_hz": args.rate, "seconds": round(sent_wall, 2), "frames_sent": sent,
        "frames_in_graph": len(lat),
        "real_time_factor": round(len(lat) / max(1, sent), 3),
        "latency_stamp_to_graph": stats_ms(lat) if lat else None,
        "perception_node": {k: v for k, v in stats.items()
                            if k.startswith(("processing_ms", "sync.", "frames."))},
        "detections_per_frame": 10, "image": "640x480 rgb8 + 16UC1",
        "load_average_1_5_15": [round(x, 2) for x in os.getloadavg()],
    }
    print(result)
    print(write_result("scene_graph_live", result))


if __name__ == "__main__":
    main()
