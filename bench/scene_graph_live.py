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
The machine is shared, so wall times move with its load; recorded beside them, and
load-independent-ish: the CPU seconds each node process used per frame over the window
(/proc), and the per-stage CPU and wall time both nodes report in their stats
(`cpu_us.<stage>`: image conversion, pipeline, message building, graph update, store...).

`--source world`: the household world (`memory_node.sim.nodes.world_node`, MuJoCo on the
CPU) instead of TUM frames, at `--rate` and 640x480 while the robot explores; its stamps
are simulated time, so latency there is graph received - the frame's detections received
by this process (the world publishes them last, after the images).

`--source world-frames`: the household world's frames rendered before the run (the explore
path at the robot's speed, `--world-frames` of them, bench/world_frames.py), then published
and measured as the TUM frames are: the perception path on the world's images, detections
and masks at `--rate`, without the renderer taking the cores a robot's camera would not.

    .venv/bin/python bench/scene_graph_live.py [--seconds 20] [--rate 30] [--source SOURCE]
SOURCE: tum (default), world or world-frames. Writes bench/results/scene_graph_live.json
(key `tum`, `world` or `world_frames`).
"""

from __future__ import annotations

import argparse
import json
import os
import struct
import subprocess
import sys
import tempfile
import threading
import time
from collections.abc import Callable
from pathlib import Path

os.environ["ROS_AUTOMATIC_DISCOVERY_RANGE"] = "LOCALHOST"  # before rclpy loads
from memory_node.ros_domain import use_default_domain  # noqa: E402

use_default_domain()  # 1-100, free on this host, unless the user set one
# The Fast DDS profile a robot should run with (config/fastdds_large_messages.xml: whole
# images in shared memory), for this process and the nodes it starts; `--dds-profile none`
# measures Fast DDS's defaults (images over UDP fragments, most frames lost).
_PROFILE_ARG = next((a.split("=", 1)[1] for a in sys.argv if a.startswith("--dds-profile=")),
                    None)
if _PROFILE_ARG == "none":
    os.environ["FASTDDS_DEFAULT_PROFILES_FILE"] = ""  # empty: Fast DDS's defaults
elif _PROFILE_ARG:
    os.environ["FASTDDS_DEFAULT_PROFILES_FILE"] = _PROFILE_ARG
else:  # what bringup, the launch files and the main job choose (checks /dev/shm)
    from memory_node.transport import use_large_messages  # noqa: E402

    use_large_messages(processes=4)

import numpy as np  # noqa: E402
import rclpy  # noqa: E402
from perception_frame import frame_inputs  # noqa: E402
from rclpy.executors import SingleThreadedExecutor  # noqa: E402
from rclpy.qos import DurabilityPolicy, QoSProfile, ReliabilityPolicy  # noqa: E402
from scene_graph_common import REPO, RESULTS, stats_ms, write_result  # noqa: E402

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


PROFILE_DIR: Path | None = None  # --profile: each node runs under cProfile, stats here


def start(module: str, log: Path, params: dict[str, str],
          params_file: str = "memory.yaml") -> subprocess.Popen:
    profile = ["-m", "cProfile", "-o", str(PROFILE_DIR / f"{module.rsplit('.', 1)[-1]}.prof")] \
        if PROFILE_DIR is not None else []
    args = [sys.executable, *profile, "-m", module, "--ros-args", "--params-file",
            str(REPO / "config" / params_file)]
    for key, value in params.items():
        args += ["-p", f"{key}:={value}"]
    return subprocess.Popen(args, stdout=open(log, "wb"), stderr=subprocess.STDOUT,
                            env=os.environ.copy())


def cpu_seconds(pid: int) -> float:
    """User + system CPU time of a process so far (/proc/<pid>/stat)."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def cdr_stamp(data: bytes) -> float:
    """header.stamp of a serialised message that starts with a std_msgs/Header: after the
    4-byte CDR encapsulation (byte 1: 0 big-endian, 1 little-endian), int32 sec, uint32
    nanosec."""
    sec, nanosec = struct.unpack_from("<iI" if data[1] & 1 else ">iI", data, 4)
    return sec + nanosec * 1e-9


def cdr_sequence_length(data: bytes) -> int:
    """Length of the sequence right after the leading std_msgs/Header of a serialised
    message (Detections.detections): the header's frame_id string is uint32 length (with
    its NUL) + bytes, and the sequence's uint32 length is 4-aligned from byte 4."""
    order = "<I" if data[1] & 1 else ">I"
    (chars,) = struct.unpack_from(order, data, 12)
    at = 16 + chars
    at = 4 + (at - 4 + 3) // 4 * 4
    return struct.unpack_from(order, data, at)[0]


class Watch:
    """Sensor frames sent (stamp -> wall time), graphs received, both nodes' stats."""

    def __init__(self, node: rclpy.node.Node) -> None:
        self.node = node
        self.sent: dict[float, float] = {}
        self.latency: dict[float, float] = {}
        self.stats: dict[str, str] = {}
        self.server_stats: dict[str, str] = {}
        self.stats_received = 0
        self.graph_path: list[tuple[float, float]] = []  # per graph: DDS s, executor queue s
        self.lock = threading.Lock()
        # Serialised: only the header's stamp is read (below), so measuring does not cost
        # a Python object per graph node every frame on the machine it measures.
        node.create_subscription(SceneGraph, "/memory/scene_graph", self.on_graph, 100,
                                 raw=True)
        node.create_subscription(MemoryStats, "/memory/perception/stats", self.on_stats,
                                 LATCHED)
        node.create_subscription(MemoryStats, "/memory/stats", self.on_server_stats, LATCHED)

    def on_graph(self, msg: bytes, info: dict) -> None:
        now = time.time()
        stamp = round(cdr_stamp(msg), 6)
        source, received = info["source_timestamp"], info["received_timestamp"]
        if source > 0 and received > 0:  # this end of the path: DDS, then our executor
            self.graph_path.append(((received - source) * 1e-9, now - received * 1e-9))
        with self.lock:
            if stamp in self.sent and stamp not in self.latency:
                self.latency[stamp] = now - self.sent[stamp]

    def on_stats(self, msg: MemoryStats) -> None:
        self.stats = {kv.key: kv.value for kv in msg.counters}
        self.stats_received += 1

    def on_server_stats(self, msg: MemoryStats) -> None:
        self.server_stats = {kv.key: kv.value for kv in msg.counters}
        self.stats_received += 1

    def reset(self) -> None:
        with self.lock:
            self.sent.clear()
            self.latency.clear()
            self.graph_path.clear()


def tum_frames(seq: TumSequence) -> list[dict]:
    """The TUM frames' five messages each (stamps set when published)."""
    from geometry_msgs.msg import PoseStamped  # noqa: PLC0415
    scale = 1000.0 / seq.depth_scale
    cam = "camera_color_optical_frame"
    frames = []
    by_stamp = {f.stamp: f for f in seq}
    zero = to_time(0.0)
    for stamp, depth, pose, dets in frame_inputs(seq):
        rgb = by_stamp[stamp].load_rgb()
        depth_mm = np.round(depth.astype(np.float32) * scale).astype(np.uint16)
        p = PoseStamped(pose=pose_core_to_msg(pose))
        p.header.frame_id = "map"
        d = Detections(detections=[
            Detection(label=x.label, score=float(x.score), x_min=x.box[0],
                      y_min=x.box[1], x_max=x.box[2], y_max=x.box[3]) for x in dets])
        d.header.frame_id = cam
        frames.append({"camera_info": camera_info_msg(seq.intrinsics, zero, cam),
                       "colour": image_msg(rgb, "rgb8", zero, cam),
                       "depth": image_msg(depth_mm, "16UC1", zero, cam),
                       "pose": p, "detections": d})
    return frames


class Bench(Watch):
    def __init__(self, node: rclpy.node.Node, frames: list[dict]) -> None:
        super().__init__(node)
        self.pubs = camera_publishers(node, DEFAULT_TOPICS)
        self.publish_cost: list[tuple[float, float]] = []  # per frame: wall, CPU seconds
        # A camera driver (native code) fills each message from its buffers once; here
        # every frame's five messages are built once, and publishing only restamps them:
        # the bench stands in for the driver on the machine it measures, so it should not
        # cost more than one.
        self.frames = frames

    def publish(self, i: int) -> None:
        wall0, cpu0 = time.perf_counter(), time.thread_time()
        msgs = self.frames[i % len(self.frames)]
        now = time.time()
        stamp = to_time(now)
        key = round(from_time(stamp), 6)
        for msg in msgs.values():
            msg.header.stamp = stamp
        for topic in ("camera_info", "colour", "depth", "pose"):
            self.pubs[topic].publish(msgs[topic])
        with self.lock:
            self.sent[key] = now
        self.pubs["detections"].publish(msgs["detections"])  # last, as a detector's come
        self.publish_cost.append((time.perf_counter() - wall0, time.thread_time() - cpu0))


def dds_profile() -> str:
    """The Fast DDS profile the run used, relative to the repository when inside it."""
    path = os.environ.get("FASTDDS_DEFAULT_PROFILES_FILE")
    if not path:
        return "Fast DDS defaults"
    resolved = Path(path).resolve()
    return str(resolved.relative_to(REPO)) if resolved.is_relative_to(REPO) else path


def stage_times(counters: dict[str, str], prefix: str = "", kind: str = "cpu_us",
                stat: str = "median") -> dict[str, float]:
    """{stage: ms} from a node's `<kind>.<stage>.<stat>` counters (kind: cpu_us or
    wall_us; stat: median or p99)."""
    head, tail = f"{prefix}{kind}.", f".{stat}"
    return {k[len(head):-len(tail)]: round(int(v) / 1000.0, 2) for k, v in counters.items()
            if k.startswith(head) and k.endswith(tail)}


def latencies(counters: dict[str, str], prefix: str = "") -> dict[str, list[float]]:
    """{segment: [median ms, p99 ms]} from a node's `latency_us.<segment>.*` counters: where
    a frame waited on its path (DDS, executor queue, the worker's slot, GC)."""
    head = f"{prefix}latency_us."
    out: dict[str, list[float]] = {}
    for key, value in counters.items():
        if key.startswith(head) and key.endswith(".median"):
            name = key[len(head):-len(".median")]
            p99 = counters.get(f"{head}{name}.p99", "0")
            out[name] = [round(int(value) / 1000.0, 2), round(int(p99) / 1000.0, 2)]
    return dict(sorted(out.items()))


def measure(watch: Watch, procs: dict[str, subprocess.Popen], seconds: float,
            drive: Callable[[float], None]) -> dict:
    """Run `drive(deadline)` for `seconds` (it sends or waits for frames); CPU per process
    over exactly that window."""
    watch.reset()
    cpu0 = {name: cpu_seconds(p.pid) for name, p in procs.items()}
    cpu0["bench_publisher"] = time.process_time()
    load0 = os.getloadavg()
    t0 = time.monotonic()
    drive(t0 + seconds)
    wall = time.monotonic() - t0
    cpu = {name: cpu_seconds(p.pid) - cpu0[name] for name, p in procs.items()}
    cpu["bench_publisher"] = time.process_time() - cpu0["bench_publisher"]
    drain = time.monotonic() + 2.0
    while time.monotonic() < drain and len(watch.latency) < len(watch.sent):
        time.sleep(0.05)
    # Both nodes' stats as of the end of the window (one more message from each).
    received = watch.stats_received
    until = time.monotonic() + 3.0
    while watch.stats_received < received + 2 and time.monotonic() < until:
        time.sleep(0.05)
    with watch.lock:
        lat = list(watch.latency.values())
        sent = len(watch.sent)
        graph_path = np.asarray(watch.graph_path, float).reshape(-1, 2) * 1000.0
    frames = max(1, len(lat))
    return {
        "seconds": round(wall, 2), "frames_sent": sent, "frames_in_graph": len(lat),
        "sent_hz": round(sent / wall, 2),
        "real_time_factor": round(len(lat) / max(1, sent), 3),
        "latency_stamp_to_graph": stats_ms(lat) if lat else None,
        "cpu_ms_per_frame_in_graph": {name: round(1000.0 * c / frames, 2)
                                      for name, c in cpu.items()},
        # Per frame the camera sent: what keeping up would cost (frames dropped on the way
        # still cost their transport and conversion). At 30 Hz a process keeps up on an
        # idle core when this is below 33 ms, and both nodes plus the publisher share two.
        "cpu_ms_per_frame_sent": {name: round(1000.0 * c / max(1, sent), 2)
                                  for name, c in cpu.items()},
        "cpu_share_of_one_core": {name: round(c / wall, 3) for name, c in cpu.items()},
        "perception_stage_cpu_ms_median": stage_times(watch.stats),
        "server_stage_cpu_ms_median": stage_times(watch.server_stats, "scene_graph."),
        "perception_stage_wall_ms_median": stage_times(watch.stats, kind="wall_us"),
        "server_stage_wall_ms_median": stage_times(watch.server_stats, "scene_graph.",
                                                   "wall_us"),
        "server_stage_wall_ms_p99": stage_times(watch.server_stats, "scene_graph.",
                                                "wall_us", "p99"),
        # The server's other work on the same executor thread (services, the stats timer).
        "server_service_wall_ms_median_p99": {
            k: [v, stage_times(watch.server_stats, "service.", "wall_us", "p99")[k]]
            for k, v in stage_times(watch.server_stats, "service.", "wall_us").items()},
        "perception_latency_ms_median_p99": latencies(watch.stats),
        "server_latency_ms_median_p99": latencies(watch.server_stats, "scene_graph."),
        "perception_node": {k: v for k, v in watch.stats.items()
                            if k.startswith(("processing_ms", "sync.", "frames."))},
        # The graph's last leg (server publish -> DDS -> this process's callback).
        "graph_dds_and_queue_ms_median_p99": [
            [round(float(np.median(c)), 2), round(float(np.percentile(c, 99)), 2)]
            for c in graph_path.T] if len(graph_path) else None,
        "server_heap": {k: v for k, v in watch.server_stats.items() if k.startswith("heap.")},
        "load_average_1_5_15_before": [round(x, 2) for x in load0],
        "load_average_1_5_15_after": [round(x, 2) for x in os.getloadavg()],
    }


def stop(procs: dict[str, subprocess.Popen]) -> None:
    for p in procs.values():
        p.send_signal(2)
    for p in procs.values():
        try:
            p.wait(timeout=15)
        except subprocess.TimeoutExpired:
            p.kill()


def run_tum(args: argparse.Namespace, tmp: Path) -> dict:
    tum = shared_data_dir() / "tum_fr3_cabinet"
    if not tum.is_dir():
        raise SystemExit(f"TUM data not found at {tum} (set MEMORY_NODE_SHARED_DATA)")
    seq = TumSequence(tum, label_names={"28": "cabinet"})
    return {**run_replay(args, tmp, tum_frames(seq)), "detections_per_frame": 10}


def run_world_frames(args: argparse.Namespace, tmp: Path) -> dict:
    from world_frames import render_explore  # noqa: PLC0415 - MuJoCo only for this source

    cpu0 = time.process_time()
    frames = render_explore(args.world_frames, args.rate)
    # What a live world would add to the machine per frame (render, detection model,
    # messages), the reason the frames are rendered before the run.
    render_cpu_ms = 1000.0 * (time.process_time() - cpu0) / len(frames)
    counts = [len(f["detections"].detections) for f in frames]
    return {**run_replay(args, tmp, frames),
            "frames_rendered_first": len(frames),
            "render_cpu_ms_per_frame_mean": round(render_cpu_ms, 1),
            "detections_per_frame_median": float(np.median(counts)),
            "detections_per_frame_max": max(counts),
            "image": "640x480 rgb8 + 16UC1 (MuJoCo, rendered before the run) + masks"}


def run_replay(args: argparse.Namespace, tmp: Path, frames: list[dict]) -> dict:
    """Publish `frames` in a loop at `--rate`, each restamped with the publishing time."""
    procs = {
        "memory_server": start("memory_node.nodes.memory_server", tmp / "server.log", {
            "memory_dir": str(tmp / "mem"), "durability": "normal", "stats_period_s": "0.5",
            "scene_graph.publish_period_s": "0.0", **args.server_params}),
        "perception_node": start("memory_node.nodes.perception_node", tmp / "perception.log",
                                 {"stats_period_s": "0.5"}),
    }
    node = rclpy.create_node("scene_graph_live_bench")
    bench = Bench(node, frames)
    # One thread: the callbacks only note times, and rclpy's multi-threaded executor cost
    # the measuring process more CPU (and its callbacks more delay) than they do.
    executor = SingleThreadedExecutor()
    executor.add_node(node)
    spinner = threading.Thread(target=executor.spin, daemon=True)
    spinner.start()
    try:
        deadline = time.monotonic() + 60
        while not all(p.get_subscription_count() > 0 for p in bench.pubs.values()):
            if time.monotonic() > deadline or any(p.poll() is not None
                                                  for p in procs.values()):
                raise SystemExit(f"nodes did not come up; logs in {tmp}")
            time.sleep(0.05)  # discovery: polling a condition, not a fixed wait
        # Warm-up: frames until the first graph comes back (imports, first SQLite write).
        i = 0
        while not bench.latency and time.monotonic() < deadline:
            bench.publish(i)
            i += 1
            time.sleep(1.0 / args.rate)

        def drive(until: float) -> None:
            period = 1.0 / args.rate
            t0 = time.monotonic()
            j = 0
            while t0 + j * period < until:  # paced like a camera: on its clock
                delay = t0 + j * period - time.monotonic()
                if delay > 0:
                    time.sleep(delay)
                bench.publish(i + j)
                j += 1

        bench.publish_cost.clear()
        result = measure(bench, procs, args.seconds, drive)
        wall, cpu = np.asarray(bench.publish_cost).T * 1000.0
        # The camera's own cost of one frame (building and publishing its five messages),
        # on the publishing thread; the rest of the bench process's CPU is receiving graphs.
        result["publisher_per_frame_ms"] = {
            "wall_median": round(float(np.median(wall)), 2),
            "wall_p99": round(float(np.percentile(wall, 99)), 2),
            "cpu_median": round(float(np.median(cpu)), 2)}
    finally:
        executor.shutdown()
        node.destroy_node()
        stop(procs)
    return {"rate_hz": args.rate,
            "fastdds_profile": dds_profile(),
            "server_params": args.server_params,
            "image": "640x480 rgb8 + 16UC1", **result}


def run_world(args: argparse.Namespace, tmp: Path) -> dict:
    from rclpy.action import ActionClient  # noqa: PLC0415

    from memory_node.action import ExecuteSkill  # noqa: PLC0415

    procs = {
        "household_world": start("memory_node.sim.nodes.world_node", tmp / "world.log", {
            "sensors.rate_hz": str(args.rate), "sensors.width": "640",
            "sensors.height": "480", "time.real_time_factor": "1.0"}, "sim.yaml"),
        "memory_server": start("memory_node.nodes.memory_server", tmp / "server.log", {
            "memory_dir": str(tmp / "mem"), "durability": "normal", "stats_period_s": "0.5",
            "scene_graph.publish_period_s": "0.0", **args.server_params}),
        "perception_node": start("memory_node.nodes.perception_node", tmp / "perception.log",
                                 {"stats_period_s": "0.5"}),
    }
    node = rclpy.create_node("scene_graph_live_world_bench")
    watch = Watch(node)
    detections: list[int] = []

    def on_detections(msg: bytes) -> None:
        now = time.time()
        detections.append(cdr_sequence_length(msg))
        with watch.lock:
            watch.sent[round(cdr_stamp(msg), 6)] = now

    # Serialised, as the graph: the world's detections carry a 640x480 mask each, and
    # building them as Python messages delayed the very time this callback notes.
    node.create_subscription(Detections, "detections", on_detections, 10, raw=True)
    base = ActionClient(node, ExecuteSkill, "base/execute_skill")
    # One thread: the callbacks only note times, and rclpy's multi-threaded executor cost
    # the measuring process more CPU (and its callbacks more delay) than they do.
    executor = SingleThreadedExecutor()
    executor.add_node(node)
    spinner = threading.Thread(target=executor.spin, daemon=True)
    spinner.start()
    rooms = ["kitchen", "bedroom", "bathroom", "living_room"]
    goal: list = [None, 0]

    def keep_exploring() -> None:
        # Keep the robot moving: the camera sees new things every frame.
        if goal[0] is None or goal[0].done():
            goal[0] = base.send_goal_async(ExecuteSkill.Goal(skill="explore",
                                                             arguments=[rooms[goal[1] % 4]]))
            goal[1] += 1

    try:
        deadline = time.monotonic() + 120
        while not (base.server_is_ready() and watch.latency):
            if time.monotonic() > deadline or any(p.poll() is not None
                                                  for p in procs.values()):
                raise SystemExit(f"world and nodes did not come up; logs in {tmp}")
            time.sleep(0.1)  # polling a condition (discovery, first graph)

        def drive(until: float) -> None:
            while time.monotonic() < until:
                keep_exploring()
                time.sleep(0.05)

        detections.clear()
        result = measure(watch, procs, args.seconds, drive)
    finally:
        executor.shutdown()
        node.destroy_node()
        stop(procs)
    return {"rate_hz_requested": args.rate, "image": "640x480 rgb8 + 16UC1 (MuJoCo)",
            "fastdds_profile": dds_profile(),
            "server_params": args.server_params,
            "detections_per_frame_median": float(np.median(detections)) if detections
            else None, **result}


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--seconds", type=float, default=20.0)
    parser.add_argument("--rate", type=float, default=30.0)
    parser.add_argument("--source", choices=("tum", "world", "world-frames"), default="tum")
    parser.add_argument("--world-frames", type=int, default=150,
                        help="--source world-frames: frames rendered first, then looped")
    parser.add_argument("--server-param", action="append", default=[], metavar="NAME:=VALUE",
                        help="memory server parameter override, e.g. "
                        "capabilities:=[scene_graph] (the recall capability embeds every new "
                        "unit)")
    parser.add_argument("--dds-profile", default="", metavar="XML|none",
                        help="Fast DDS profile file (read at import; give it as "
                        "--dds-profile=...); default config/fastdds_large_messages.xml")
    parser.add_argument("--profile", type=Path, default=None, metavar="DIR",
                        help="run each node under cProfile (its main thread), stats to DIR "
                        "(the figures are then inflated by the profiler: not for the table)")
    args = parser.parse_args()
    global PROFILE_DIR
    PROFILE_DIR = args.profile
    if PROFILE_DIR is not None:
        PROFILE_DIR.mkdir(parents=True, exist_ok=True)
    args.server_params = dict(p.split(":=", 1) for p in args.server_param)
    tmp = Path(tempfile.mkdtemp(prefix="sg_live_"))
    rclpy.init()
    try:
        run = {"tum": run_tum, "world": run_world, "world-frames": run_world_frames}
        result = run[args.source](args, tmp)
    finally:
        rclpy.try_shutdown()
    print(result)
    if PROFILE_DIR is not None:
        return  # profiled figures are not results
    path = RESULTS / "scene_graph_live.json"
    previous = json.loads(path.read_text()) if path.is_file() else {}
    key = args.source + ("_" + "_".join(f"{k}={v}" for k, v in args.server_params.items())
                         if args.server_params else "") + \
        ("_fastdds_defaults" if _PROFILE_ARG == "none" else "")
    kept = {k: v for k, v in previous.items() if k.startswith(("tum", "world"))}
    key = key.replace("-", "_")
    print(write_result("scene_graph_live", {**kept, key: result}))


if __name__ == "__main__":
    main()
