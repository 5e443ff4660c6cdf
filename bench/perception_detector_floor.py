"""What the detector's floor in the camera view (`min_object_pixels`, round 117) changes in
memory built from rendered frames: removals of objects that never moved, and what memory
ends up holding.

    .venv/bin/python bench/perception_detector_floor.py --floors 0,40 --seeds 0 --rounds 1
    -> bench/results/perception_detector_floor_r117.json

The household world (config/sim.yaml's house) is rendered by MuJoCo along the explore path
through its rooms (`perception_edge_slivers.render`: the camera's 5 Hz, the robot's speed,
the detector's error model and masks at their defaults, the detector seeded per run), at
the sim's 320x240. Each frame goes through the real perception pipeline and the scene
graph with the memory server's default config, once per floor value, on the same frames.
Nothing in the house moves, so a removal of a node that stood within `THERE_M` of a world
object of its type is a removal of an object still there (wrong); any other removal is of
a ghost (a false box, a misplaced node: right). Reported per value: removals of each kind
(per class), the object nodes at the end and how many world objects they stand for.
"""

from __future__ import annotations

import argparse
import sys
import time
from collections import Counter
from pathlib import Path
from typing import Any

import numpy as np

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))

from perception_edge_slivers import replayed  # noqa: E402
from scene_graph_common import write_result  # noqa: E402

from memory_node.core.perception.camera import CameraIntrinsics, Pose, matrix_to_quaternion  # noqa: E402
from memory_node.core.perception.observation import Detection  # noqa: E402
from memory_node.core.perception.pipeline import PerceptionConfig, PerceptionPipeline  # noqa: E402
from memory_node.core.scene_graph.config import SceneGraphConfig  # noqa: E402
from memory_node.core.scene_graph.events import EventKind  # noqa: E402
from memory_node.core.scene_graph.graph import SceneGraph  # noqa: E402

THERE_M = 0.5   # a node within this of a world object of its type stands for it


class Replay:
    """The pipeline and a scene graph fed frame by frame, with one detector floor."""

    def __init__(self, world: Any, floor: int) -> None:
        self.floor = floor
        self.gcfg = SceneGraphConfig()
        self.graph = SceneGraph(self.gcfg)
        self.truth = [(self.gcfg.canonical(o.type), np.asarray(o.position, dtype=float))
                      for o in world.objects.values()]
        self.wrong: Counter[str] = Counter()
        self.ghosts: Counter[str] = Counter()
        self.wrong_examples: list[dict[str, Any]] = []
        self.frames = 0
        self.seconds = 0.0

    def _there(self, label: str, position: Any) -> int | None:
        """Index of the world object of the type nearest `position`, within THERE_M."""
        near = [(float(np.linalg.norm(p[:2] - np.asarray(position[:2]))), i)
                for i, (t, p) in enumerate(self.truth) if t == label]
        best = min(near, default=None)
        return best[1] if best is not None and best[0] <= THERE_M else None

    def step(self, f: Any) -> None:
        start = time.perf_counter()
        self.frames += 1
        fx, fy, cx, cy = f.camera.k
        h, w = f.depth.shape
        pipe = PerceptionPipeline(CameraIntrinsics(fx, fy, cx, cy, w, h),
                                  PerceptionConfig(min_object_pixels=self.floor))
        dets = [Detection(d.label, d.score, d.box, d.mask, None, d.state or None)
                for d in f.detections]
        pose = Pose.make(f.position, matrix_to_quaternion(f.rotation))
        depth_mm = (f.depth * 1000.0).clip(0, 65535).astype(np.uint16)
        res = pipe.process(f.stamp, depth_mm, pose, dets, depth_encoding="16UC1")
        before = {o: (self.graph.node(o)["label"], list(self.graph.node(o)["position"]),
                      list(self.graph.node(o)["box_extent"]))
                  for o in self.graph.nodes("object")}
        events = self.graph.update(res.observations, res.view, stamp=f.stamp).events
        for e in events:
            if e.kind != EventKind.REMOVED or e.object_id not in before:
                continue
            label, position, extent = before[e.object_id]
            kind = self.gcfg.canonical(label)
            if self._there(kind, position) is None:
                self.ghosts[kind] += 1
                continue
            self.wrong[kind] += 1
            if len(self.wrong_examples) < 20:
                self.wrong_examples.append({
                    "frame": self.frames, "label": kind,
                    "extent": [round(x, 3) for x in extent],
                    "distance_m": round(float(np.linalg.norm(
                        np.asarray(position) - np.asarray(f.position))), 2)})
        self.seconds += time.perf_counter() - start

    def result(self) -> dict[str, Any]:
        nodes = self.graph.nodes("object")
        stood_for = {self._there(self.gcfg.canonical(self.graph.node(o)["label"]),
                                 self.graph.node(o)["position"]) for o in nodes} - {None}
        return {"min_object_pixels": self.floor, "frames": self.frames,
                "removed_still_there": sum(self.wrong.values()),
                "removed_still_there_by_class": dict(self.wrong.most_common()),
                "removed_ghosts": sum(self.ghosts.values()),
                "removed_ghosts_by_class": dict(self.ghosts.most_common()),
                "still_there_examples": self.wrong_examples,
                "final_object_nodes": len(nodes),
                "world_objects_held_at_the_end": len(stood_for),
                "world_objects": len(self.truth),
                "pipeline_and_graph_s": round(self.seconds, 1)}


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--seeds", default="0")
    ap.add_argument("--floors", default="0,40")
    ap.add_argument("--rounds", type=int, default=1)
    ap.add_argument("--width", type=int, default=320)
    ap.add_argument("--height", type=int, default=240)
    ap.add_argument("--out", default="perception_detector_floor_r117")
    args = ap.parse_args()
    floors = [int(v) for v in args.floors.split(",")]
    runs = []
    seeds = [int(s) for s in args.seeds.split(",")]
    for seed, replays in replayed(seeds, args.rounds, args.width, args.height,
                                  lambda world: [Replay(world, v) for v in floors]):
        for rp in replays:
            r = rp.result()
            r["seed"] = seed
            runs.append(r)
            print(f"seed {seed} min_object_pixels {rp.floor}: frames {r['frames']}, removed "
                  f"still there {r['removed_still_there']} "
                  f"{r['removed_still_there_by_class']}, removed ghosts "
                  f"{r['removed_ghosts']}, held at the end "
                  f"{r['world_objects_held_at_the_end']} of {r['world_objects']}", flush=True)
    path = write_result(args.out, {"command": " ".join(sys.argv), "runs": runs})
    print(f"-> {path}")


if __name__ == "__main__":
    main()
