"""Scene graph at scale: per-frame update with 10,000 objects, budgeted serialisation of a
1,000-object graph, and memory/disk footprint.

World: a 100 m x 100 m single-storey map, the robot having visited a 2 m lattice of it
(areas), objects of 40 classes scattered uniformly (seeded). One "frame" = the robot at a
random spot with a camera looking ahead (CameraView, 4 m range, depth image of a wall at
5 m, so the visibility test runs in full), 10 observations: 8 of known objects near
their positions (merges), 2 of new ones.

    .venv/bin/python bench/scene_graph_update.py [--frames 300]
Writes bench/results/scene_graph_update.json.
"""

from __future__ import annotations

import argparse
import gc
import math
import sqlite3
import tempfile
import time
import tracemalloc
from pathlib import Path

import numpy as np
from scene_graph_common import stats_ms, write_result

from memory_node.core.perception.camera import CameraIntrinsics, Pose
from memory_node.core.perception.frustum import CameraView
from memory_node.core.perception.observation import Observation
from memory_node.core.scene_graph.graph import OBJECT, SceneGraph
from memory_node.core.scene_graph.persistence import create_schema, save_all, save_changes
from memory_node.core.scene_graph.serialise import SceneGraphSerialiser
from memory_node.core.tokens import count_tokens

LABELS = [f"class{i}" for i in range(36)] + ["mug", "book", "apple", "bowl"]
K = CameraIntrinsics(535.4, 539.2, 320.1, 247.6, 640, 480)
SIDE = 100.0


def build(n_objects: int, side: float, seed: int) -> SceneGraph:
    rng = np.random.default_rng(seed)
    g = SceneGraph()
    for x in np.arange(0.0, side, 2.0):
        for y in np.arange(0.0, side, 2.0):
            g.visit((x, y, 0.0), 0.0)
    pos = np.column_stack((rng.uniform(0, side, n_objects), rng.uniform(0, side, n_objects),
                           rng.uniform(0, 2, n_objects)))
    labels = rng.choice(LABELS, n_objects)
    for i in range(0, n_objects, 100):
        g.update([Observation.at(str(labels[j]), tuple(pos[j]), 1.0)
                  for j in range(i, min(n_objects, i + 100))], stamp=1.0)
    return g


def camera_pose(x: float, y: float, yaw: float) -> Pose:
    # optical z along (cos yaw, sin yaw, 0), optical y down
    fwd = np.array([math.cos(yaw), math.sin(yaw), 0.0])
    down = np.array([0.0, 0.0, -1.0])
    right = np.cross(down, fwd)
    t = np.eye(4)
    t[:3, :3] = np.column_stack((right, down, fwd))
    t[:3, 3] = (x, y, 1.0)
    return Pose.from_matrix(t)


def bench_update(g: SceneGraph, frames: int, seed: int) -> dict:
    rng = np.random.default_rng(seed)
    objects = g.nodes(OBJECT)
    depth = np.full((480, 640), 5.0, np.float32)
    seconds, events = [], 0
    for f in range(frames):
        x, y = rng.uniform(5, SIDE - 5, 2)
        yaw = rng.uniform(-math.pi, math.pi)
        view = CameraView.from_depth(10.0 + f, camera_pose(x, y, yaw), K, depth)
        batch = []
        for obj in rng.choice(objects, 8, replace=False):
            if obj in g.graph:
                a = g.node(obj)
                batch.append(Observation.at(a["label"], tuple(np.asarray(a["position"])
                                                              + rng.normal(0, 0.03, 3)), 10.0 + f))
        for _ in range(2):
            batch.append(Observation.at(str(rng.choice(LABELS)),
                                        (x + rng.uniform(-2, 2), y + rng.uniform(-2, 2), 0.8),
                                        10.0 + f))
        start = time.perf_counter()
        result = g.update(batch, view)
        seconds.append(time.perf_counter() - start)
        events += len(result.events)
    return {**stats_ms(seconds), "events": events, "objects_after": g.object_count}


def bench_serialise(repeats: int, seed: int) -> dict:
    g = build(1000, 30.0, seed)
    s = SceneGraphSerialiser(g, count_tokens)
    start = time.perf_counter()
    first = s.serialise(2000, ["mug"])
    cold = time.perf_counter() - start
    rng = np.random.default_rng(seed)
    warm, tokens = [], []
    for k in range(repeats):
        # one frame's worth of change between calls: the realistic steady state
        g.update([Observation.at("mug", (rng.uniform(0, 30), rng.uniform(0, 30), 0.9),
                                 2.0 + k)], stamp=2.0 + k)
        start = time.perf_counter()
        out = s.serialise(2000, ["mug", "book"])
        warm.append(time.perf_counter() - start)
        tokens.append(out.tokens)
    return {"objects": g.object_count, "areas": len(g.nodes("area")), "budget": 2000,
            "cold_first_call_ms": round(1000 * cold, 2), "first_tokens": first.tokens,
            "after_one_frame_of_changes": stats_ms(warm), "max_tokens": max(tokens),
            "expanded_areas_last": len(out.expanded), "collapsed_areas_last": len(out.collapsed),
            "omitted_areas_last": len(out.omitted)}


def footprint(n_objects: int, seed: int) -> dict:
    gc.collect()
    tracemalloc.start()
    base = tracemalloc.get_traced_memory()[0]
    g = build(n_objects, SIDE, seed)
    gc.collect()
    used = tracemalloc.get_traced_memory()[0] - base
    tracemalloc.stop()
    empty = build(0, SIDE, seed)  # the areas alone, to separate per-object cost
    tracemalloc.start()
    gc.collect()
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "sg.sqlite"
        conn = sqlite3.connect(path, isolation_level=None)
        create_schema(conn)
        conn.execute("BEGIN")
        save_all(conn, g)
        conn.execute("COMMIT")
        conn.execute("VACUUM")
        conn.close()
        disk = path.stat().st_size
        conn = sqlite3.connect(path, isolation_level=None)
        # incremental write cost of one frame
        r = g.update([Observation.at("mug", (50.0, 50.0, 0.8), 99.0)], stamp=99.0)
        start = time.perf_counter()
        conn.execute("BEGIN")
        save_changes(conn, g, r.changes)
        conn.execute("COMMIT")
        write_ms = 1000 * (time.perf_counter() - start)
        conn.close()
    tracemalloc.stop()
    return {"objects": n_objects, "areas": len(empty.nodes("area")),
            "ram_bytes_total": used, "ram_mb_total": round(used / 2**20, 1),
            "ram_bytes_per_object": round(used / n_objects),
            "disk_bytes_total": disk, "disk_bytes_per_object": round(disk / n_objects),
            "one_frame_incremental_write_ms": round(write_ms, 2)}


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--frames", type=int, default=300)
    parser.add_argument("--objects", type=int, default=10_000)
    args = parser.parse_args()
    g = build(args.objects, SIDE, 0)
    update = bench_update(g, args.frames, 1)
    print("update with", args.objects, "objects:", update)
    ser = bench_serialise(100, 2)
    print("serialise 1,000 objects under 2,000 tokens:", ser)
    fp = footprint(args.objects, 3)
    print("footprint:", fp)
    print(write_result("scene_graph_update", {
        "update_10k": update, "serialise_1k": ser, "footprint": fp,
        "targets": {"update_median_ms": 5.0, "serialise_median_ms": 20.0, "ram_mb_10k": 50.0}}))


if __name__ == "__main__":
    main()
