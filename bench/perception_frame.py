"""Per-frame perception cost on real 640x480 TUM RGB-D frames with 10 detections.

Each frame keeps its real detector box (the cabinet, when present) and gets seeded random
boxes (40-300 px sides) up to 10 detections, so the cost covers small and large boxes.
Timed: depth decoding + projection + filtering + boxes + view, per frame, on one core
(affinity pinned, OpenMP limited to one thread); image file reading is not timed.
Also compares the outlier-rejection methods on speed and on the per-frame spread of the
cabinet's box centre (its quality), which is how the default was chosen.

    .venv/bin/python bench/perception_frame.py [--repeats 3]
Writes bench/results/perception_frame.json.
"""

from __future__ import annotations

import os

os.environ.setdefault("OMP_NUM_THREADS", "1")  # before open3d loads its OpenMP runtime

import argparse  # noqa: E402
import dataclasses  # noqa: E402
import time  # noqa: E402

import numpy as np  # noqa: E402
from scene_graph_common import stats_ms, write_result  # noqa: E402

from memory_node.core.perception.geometry import OUTLIER_METHODS, OutlierConfig  # noqa: E402
from memory_node.core.perception.observation import Detection  # noqa: E402
from memory_node.core.perception.pipeline import PerceptionConfig, PerceptionPipeline  # noqa: E402
from memory_node.core.perception.shared_data import shared_data_dir  # noqa: E402
from memory_node.core.perception.tum import TumSequence  # noqa: E402

DETECTIONS = 10


def frame_inputs(seq: TumSequence, seed: int = 0) -> list[tuple]:
    rng = np.random.default_rng(seed)
    frames = []
    for f in seq:
        dets = [b.to_detection() for b in f.boxes]
        while len(dets) < DETECTIONS:
            w, h = rng.integers(40, 300, 2)
            x, y = rng.integers(0, 640 - w), rng.integers(0, 480 - h)
            dets.append(Detection("thing", 0.5, (float(x), float(y), float(x + w), float(y + h))))
        frames.append((f.stamp, f.load_depth_raw(), f.pose, dets))
    return frames


def time_frames(pipeline: PerceptionPipeline, frames: list[tuple], repeats: int) -> tuple:
    seconds, spread_points = [], []
    for r in range(repeats):
        for stamp, depth, pose, dets in frames:
            start = time.perf_counter()
            out = pipeline.process(stamp, depth, pose, dets, depth_encoding="16UC1")
            seconds.append(time.perf_counter() - start)
            if r == 0:
                spread_points += [o.position for o in out.observations if o.label == "cabinet"]
    return seconds, np.asarray(spread_points)


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--repeats", type=int, default=3)
    args = parser.parse_args()
    if hasattr(os, "sched_setaffinity"):
        os.sched_setaffinity(0, {sorted(os.sched_getaffinity(0))[0]})
    root = shared_data_dir() / "tum_fr3_cabinet"
    if not root.is_dir():
        raise SystemExit(f"TUM cabinet data not found at {root} (set MEMORY_NODE_SHARED_DATA)")
    seq = TumSequence(root, label_names={"28": "cabinet"})
    frames = frame_inputs(seq)
    base = PerceptionConfig(depth_scale=seq.depth_scale, outliers=OutlierConfig(
        cluster_choice="largest"))
    methods = {}
    for method in OUTLIER_METHODS:
        for plane in (False, True):
            cfg = dataclasses.replace(base, outliers=dataclasses.replace(
                base.outliers, method=method, remove_support_plane=plane))
            seconds, centres = time_frames(PerceptionPipeline(seq.intrinsics, cfg), frames, 1)
            dev = 100 * np.linalg.norm(centres - np.median(centres, axis=0), axis=1)
            methods[f"{method}{'+plane' if plane else ''}"] = {
                **stats_ms(seconds),
                "cabinet_centre_dev_cm_median": round(float(np.median(dev)), 1),
                "cabinet_centre_dev_cm_p90": round(float(np.percentile(dev, 90)), 1),
                "cabinet_centre_dev_cm_max": round(float(dev.max()), 1)}
            print(f"{method:20s} plane={plane!s:5s} {methods[list(methods)[-1]]}")
    default = PerceptionConfig(depth_scale=seq.depth_scale)
    seconds, _ = time_frames(PerceptionPipeline(seq.intrinsics, default), frames, args.repeats)
    s = stats_ms(seconds)
    budget_ms = 1000.0 / 30.0
    result = {
        "frames": len(frames), "detections_per_frame": DETECTIONS, "image": "640x480",
        "default_config": {"outliers": dataclasses.asdict(default.outliers),
                           "max_points_per_detection": default.max_points_per_detection,
                           "box_type": default.box_type},
        "per_frame": s,
        "per_detection_median_ms": round(s["median_ms"] / DETECTIONS, 3),
        "real_time_factor_30hz_median": round(budget_ms / s["median_ms"], 2),
        "real_time_factor_30hz_p99": round(budget_ms / s["p99_ms"], 2),
        "outlier_methods_one_pass": methods,
    }
    print(f"default: {s}  real-time factor vs 30 Hz: {result['real_time_factor_30hz_median']}")
    print(write_result("perception_frame", result))


if __name__ == "__main__":
    main()
