"""The world camera's render cost per frame: one RGB pass + one depth-and-segmentation pass
(now) against mujoco.Renderer's three separate passes (before), interleaved frame by frame
in one process so both see the same machine load.

House seed 0, 640x480 (the live bench's size), `--poses` robot poses on free cells with
seeded headings; per pose both variants render the same scene (order alternating). Timed:
wall and CPU (process time, which includes llvmpipe's render threads) of the renders only;
detection and message building are not included. The first 5 frames (GL warm-up) are not
counted. Medians, their ratio, and the load average are written.

    .venv/bin/python bench/sim_capture_passes.py [--poses 120] [--size 640x480]
Writes bench/results/sim_capture_passes.json.
"""

from __future__ import annotations

import os

os.environ.setdefault("MUJOCO_GL", "egl")

import argparse  # noqa: E402
import time  # noqa: E402

import numpy as np  # noqa: E402
from scene_graph_common import write_result  # noqa: E402

from memory_node.sim.core.layouts import from_seed  # noqa: E402
from memory_node.sim.core.sensors import SensorRig  # noqa: E402


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--poses", type=int, default=120)
    parser.add_argument("--size", default="640x480")
    args = parser.parse_args()
    width, height = (int(v) for v in args.size.split("x"))
    world = from_seed(0)
    rig = SensorRig(world, width, height)
    r = rig.renderer

    def separate() -> None:  # before: mujoco.Renderer's RGB, depth and segmentation passes
        r.render(rgb=True, depth=False, seg=False)
        r.render(rgb=False, depth=True, seg=False)
        r.render(rgb=False, depth=False, seg=True)

    def combined() -> None:  # now: RGB + one pass read back as depth and segmentation
        r.render()

    cells = sorted(world.free)
    rng = np.random.default_rng(0)
    times: dict[str, dict[str, list[float]]] = {k: {"wall": [], "cpu": []}
                                                 for k in ("separate", "combined")}
    load0 = os.getloadavg()
    for i in range(args.poses + 5):
        x, y = world.cell_xy(cells[int(rng.integers(len(cells)))])
        world.robot.x, world.robot.y = x, y
        world.robot.yaw = float(rng.uniform(-np.pi, np.pi))
        world.follow_robot()
        rig.scene.sync(world)
        order = (("separate", separate), ("combined", combined))
        for name, fn in order if i % 2 else order[::-1]:
            w0, c0 = time.perf_counter(), time.process_time()
            fn()
            if i >= 5:
                times[name]["wall"].append(time.perf_counter() - w0)
                times[name]["cpu"].append(time.process_time() - c0)
    rig.close()
    med = {name: {k: round(1000 * float(np.median(v)), 2) for k, v in t.items()}
           for name, t in times.items()}
    result = {
        "size": f"{width}x{height}", "poses": args.poses,
        "median_ms": med,
        "combined_over_separate": {k: round(med["combined"][k] / med["separate"][k], 3)
                                   for k in ("wall", "cpu")},
        "load_average_1_5_15_before": [round(x, 2) for x in load0],
        "load_average_1_5_15_after": [round(x, 2) for x in os.getloadavg()],
    }
    print(result)
    print(write_result("sim_capture_passes", result))


if __name__ == "__main__":
    main()
