"""Household world costs: building a house, rendering + detecting a frame, and the sensor
rate the world sustains with the perception node and the memory server running beside it.

1. Build time (one core): `from_seed` for seeds 0-9, `from_floorplan` for 12 AI2-THOR plans
   (3 per room type), plus compiling the MuJoCo scene of each.
2. Per frame (one core, affinity pinned): sync + RGB + depth + segmentation + detection
   (`SensorRig.capture`, the node's whole per-frame work before publishing), at 320×240 and
   640×480, over 60 robot poses (free cells, seeded headings) in house seed 0; each render
   mode is also timed alone. The first 5 frames (GL warm-up) are not counted.
3. Sensor rate over DDS (two cores, shared): the world node, the perception node and the
   memory server as separate processes on loopback; the robot explores room after room
   while frames flow; counted: detections messages the world published and observations
   the perception node produced, per wall second, over `--window` seconds, for each
   requested camera rate at 320×240; the perception node's counters (drops by reason).

    .venv/bin/python bench/sim_render.py [--poses 60] [--window 30] [--rates 5,15]
Writes bench/results/sim_render.json.
"""

from __future__ import annotations

import os

os.environ.setdefault("MUJOCO_GL", "egl")
os.environ.setdefault("OMP_NUM_THREADS", "1")

import argparse  # noqa: E402
import math  # noqa: E402
import random  # noqa: E402
import subprocess  # noqa: E402
import sys  # noqa: E402
import tempfile  # noqa: E402
import time  # noqa: E402
from pathlib import Path  # noqa: E402

import numpy as np  # noqa: E402
from scene_graph_common import stats_ms, write_result  # noqa: E402

from memory_node.ros_domain import use_default_domain  # noqa: E402
from memory_node.sim.core.detection import DetectionNoise  # noqa: E402
from memory_node.sim.core.layouts import from_floorplan, from_seed  # noqa: E402
from memory_node.sim.core.render import SceneModel  # noqa: E402
from memory_node.sim.core.sensors import SensorRig  # noqa: E402

ROOT = Path(__file__).resolve().parents[1]
PLANS = [1, 5, 12, 201, 205, 212, 301, 305, 312, 401, 405, 412]


def bench_build() -> dict:
    seeds, plans, scenes = [], [], []
    for s in range(10):
        t = time.perf_counter()
        w = from_seed(s)
        seeds.append(time.perf_counter() - t)
        t = time.perf_counter()
        SceneModel(w)
        scenes.append(time.perf_counter() - t)
    counts = []
    for n in PLANS:
        t = time.perf_counter()
        w = from_floorplan(n)
        plans.append(time.perf_counter() - t)
        counts.append(len(w.objects))
    return {"from_seed": stats_ms(seeds), "from_floorplan": stats_ms(plans),
            "floorplans": PLANS, "floorplan_objects": counts,
            "mujoco_scene_compile": stats_ms(scenes)}


def bench_frames(width: int, height: int, poses: int) -> dict:
    world = from_seed(0)
    rig = SensorRig(world, width, height, DetectionNoise(), seed=0, masks=True)
    rng = random.Random(0)
    cells = sorted(world.free)
    picks = [(world.cell_xy(cells[rng.randrange(len(cells))]), rng.uniform(-math.pi, math.pi))
             for _ in range(poses + 5)]
    capture, rgb, depth, seg, ndet = [], [], [], [], []
    for i, ((x, y), yaw) in enumerate(picks):
        world.robot.x, world.robot.y, world.robot.yaw = x, y, yaw
        t = time.perf_counter()
        frame = rig.capture(world)
        dt = time.perf_counter() - t
        if i < 5:
            continue
        capture.append(dt)
        ndet.append(len(frame.detections))
        for out, kw in ((rgb, dict(depth=False, seg=False)), (depth, dict(rgb=False, seg=False)),
                        (seg, dict(rgb=False, depth=False))):
            t = time.perf_counter()
            rig.renderer.render(**kw)
            out.append(time.perf_counter() - t)
    rig.close()
    return {"capture_with_detection": stats_ms(capture), "rgb": stats_ms(rgb),
            "depth": stats_ms(depth), "segmentation": stats_ms(seg),
            "detections_per_frame_mean": round(float(np.mean(ndet)), 2)}


def bench_dds(rate: float, window: float) -> dict:
    """World + perception + memory server as processes; frames counted on the client."""
    env = dict(os.environ, ROS_AUTOMATIC_DISCOVERY_RANGE="LOCALHOST")
    use_default_domain(env)  # 1-100, free on this host, unless the user set one
    os.environ.update(env)
    import rclpy  # noqa: PLC0415 - the domain must be set before rclpy loads
    from rclpy.action import ActionClient  # noqa: PLC0415

    from memory_node.action import ExecuteSkill  # noqa: PLC0415
    from memory_node.msg import Detections, MemoryStats, ObjectObservations  # noqa: PLC0415

    tmp = Path(tempfile.mkdtemp(prefix="sim_bench_"))
    py = sys.executable
    procs = [
        subprocess.Popen([py, "-m", "memory_node.sim.nodes.world_node", "--ros-args",
                          "--params-file", str(ROOT / "config" / "sim.yaml"),
                          "-p", f"sensors.rate_hz:={rate}", "-p", "time.real_time_factor:=1.0"],
                         env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL),
        subprocess.Popen([py, "-m", "memory_node.nodes.perception_node", "--ros-args",
                          "--params-file", str(ROOT / "config" / "memory.yaml")],
                         env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL),
        subprocess.Popen([py, "-m", "memory_node.nodes.memory_server", "--ros-args",
                          "--params-file", str(ROOT / "config" / "memory.yaml"),
                          "-p", f"memory_dir:={tmp}", "-p", "durability:=normal"],
                         env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL),
    ]
    if not rclpy.ok():
        rclpy.init()
    node = rclpy.create_node("sim_bench")
    dets, obs = [], []
    node.create_subscription(Detections, "detections", lambda m: dets.append(time.monotonic()),
                             10)
    node.create_subscription(ObjectObservations, "/memory/observations",
                             lambda m: obs.append(time.monotonic()), 10)
    stats: list = []
    node.create_subscription(MemoryStats, "/memory/perception/stats", stats.append, 10)
    base = ActionClient(node, ExecuteSkill, "base/execute_skill")
    try:
        deadline = time.monotonic() + 90
        while not (base.server_is_ready() and obs):
            rclpy.spin_once(node, timeout_sec=0.2)
            if time.monotonic() > deadline:
                raise RuntimeError("nodes did not come up in 90 s")
        rooms = ["kitchen", "bedroom", "bathroom", "living_room"]
        start = time.monotonic()
        n0_d, n0_o, k = len(dets), len(obs), 0
        pending = None
        while time.monotonic() - start < window:
            if pending is None or pending.done():
                # Keep the robot moving: the camera sees new things every frame.
                pending = base.send_goal_async(ExecuteSkill.Goal(skill="explore",
                                                                 arguments=[rooms[k % 4]]))
                k += 1
            rclpy.spin_once(node, timeout_sec=0.05)
        wall = time.monotonic() - start
        # The perception node's own counters (frames, drops by reason) at the end.
        counters = {kv.key: kv.value for kv in stats[-1].counters} if stats else {}
        return {"requested_hz": rate, "window_s": round(wall, 1),
                "published_hz": round((len(dets) - n0_d) / wall, 2),
                "perceived_hz": round((len(obs) - n0_o) / wall, 2),
                "perception_counters": counters}
    finally:
        node.destroy_node()
        for p in procs:
            p.send_signal(2)
        for p in procs:
            try:
                p.wait(timeout=15)
            except subprocess.TimeoutExpired:
                p.kill()


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--poses", type=int, default=60)
    ap.add_argument("--window", type=float, default=30.0)
    ap.add_argument("--rates", default="5,15")
    ap.add_argument("--skip-dds", action="store_true")
    args = ap.parse_args()
    load_before = os.getloadavg()
    affinity = os.sched_getaffinity(0)
    os.sched_setaffinity(0, {min(affinity)})      # one core for the in-process part
    result = {"build": bench_build(),
              "frame_320x240": bench_frames(320, 240, args.poses),
              "frame_640x480": bench_frames(640, 480, args.poses)}
    os.sched_setaffinity(0, affinity)
    if not args.skip_dds:
        result["dds_320x240"] = [bench_dds(float(r), args.window)
                                 for r in args.rates.split(",")]
    result["load_average_before"] = [round(v, 2) for v in load_before]
    result["load_average_after"] = [round(v, 2) for v in os.getloadavg()]
    path = write_result("sim_render", result)
    print(path.read_text())
    return 0


if __name__ == "__main__":
    sys.exit(main())
