"""How many scene-graph nodes the rendered house's furniture becomes (issue 14, round 5).

The household world (seed-0 house, MuJoCo render, the detector's error model) is captured
from random poses in the kitchen; the frames go through the perception pipeline and into a
scene graph, with the furniture rule on (default) and off (`fixture_margin` 0, the graph
before the rule), on the very same frames. Reported per furniture type: nodes of that label
against the world's objects of that type in the kitchen; also whether each world object has
a node of its type within 0.75 m of its box (the world's match tolerance).

    .venv/bin/python bench/scene_graph_fixtures.py   # -> bench/results/scene_graph_fixtures.json
"""

from __future__ import annotations

import argparse
import json
import math
import os
import statistics
import time
from pathlib import Path

import numpy as np
from environment import with_environment

from memory_node.core.perception.camera import CameraIntrinsics, Pose, matrix_to_quaternion
from memory_node.core.perception.observation import Detection
from memory_node.core.perception.pipeline import PerceptionPipeline
from memory_node.core.scene_graph import SceneGraph, SceneGraphConfig
from memory_node.sim.core import layouts
from memory_node.sim.core.sensors import SensorRig
from memory_node.sim.core.skill_logic import box_distance
from memory_node.sim.core.world import World

TYPES = ("Fridge", "CounterTop", "DiningTable", "Cabinet", "Drawer", "Sink", "SinkBasin",
         "Microwave", "StoveBurner", "CoffeeMachine", "Shelf", "GarbageCan")


def run(seed: int, frames: int) -> dict:
    world = layouts.from_seed(0)
    rig = SensorRig(world, 320, 240, seed=seed, masks=True)
    fx, fy, cx, cy = rig.camera.k
    pipe = PerceptionPipeline(CameraIntrinsics(fx, fy, cx, cy, rig.camera.width,
                                               rig.camera.height))
    graphs = {"rule": SceneGraph(), "no_rule": SceneGraph(SceneGraphConfig(fixture_margin=0.0))}
    fridge = world.objects["Fridge_01"]
    kitchen = world.room_of(*fridge.position[:2])
    assert kitchen is not None
    cells = sorted(c for c in world.free if kitchen.contains(*World.cell_xy(c)))
    rng = np.random.default_rng(seed)
    t = 0.0
    for step in range(frames):
        x, y = World.cell_xy(cells[int(rng.integers(len(cells)))])
        world.robot.x, world.robot.y = x, y
        world.robot.yaw = float(rng.uniform(-math.pi, math.pi))
        # The fridge's door open for a stretch: its door and inside are parts of it too.
        fridge.is_open = frames * 0.4 <= step < frames * 0.7
        frame = rig.capture(world)
        t += 0.2
        pose = Pose.make(frame.position, matrix_to_quaternion(frame.rotation))
        dets = [Detection(d.label, d.score, d.box, d.mask, None, d.state or None)
                for d in frame.detections]
        result = pipe.process(t, frame.depth, pose, dets)
        for g in graphs.values():
            g.update(result.observations, result.view, stamp=t)
    rig.close()
    out: dict = {"seed": seed, "frames": frames}
    in_kitchen = [o for o in world.objects.values()
                  if o.type in TYPES and kitchen.contains(*o.position[:2])]
    for name, g in graphs.items():
        per_type = {}
        for ty in TYPES:
            truth = [o for o in in_kitchen if o.type == ty]
            nodes = [g.node(n) for n in g.nodes("object") if g.node(n)["label"] == ty
                     and kitchen.contains(*g.node(n)["position"][:2])]
            found = sum(any(box_distance(o, np.array(a["position"])) <= 0.75 for a in nodes)
                        for o in truth)
            per_type[ty] = {"world": len(truth), "nodes": len(nodes), "found": found}
        out[name] = {"per_type": per_type,
                     "nodes": sum(v["nodes"] for v in per_type.values()),
                     "world": sum(v["world"] for v in per_type.values()),
                     "found": sum(v["found"] for v in per_type.values()),
                     "merged": int(g.tally["merged.fixture"])}
    return out


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--seeds", default="0,1,2,3,4")
    ap.add_argument("--frames", type=int, default=200)
    ap.add_argument("--out", default="scene_graph_fixtures")
    args = ap.parse_args()
    load_start = os.getloadavg()
    t0 = time.perf_counter()
    runs = [run(int(s), args.frames) for s in args.seeds.split(",")]
    summary = {}
    for arm in ("rule", "no_rule"):
        ratio = [r[arm]["nodes"] / r[arm]["world"] for r in runs]
        summary[arm] = {"nodes_per_object_median": statistics.median(ratio),
                        "nodes_per_object_range": [min(ratio), max(ratio)],
                        "found": sum(r[arm]["found"] for r in runs),
                        "world": sum(r[arm]["world"] for r in runs)}
    data = {"what": __doc__.split("\n\n")[0], "command":
            f"python bench/scene_graph_fixtures.py --seeds {args.seeds} --frames {args.frames}",
            "summary": summary, "runs": runs,
            "environment": {"load_start": load_start, "load_end": os.getloadavg(),
                            "wall_s": round(time.perf_counter() - t0, 1)}}
    path = Path(__file__).parent / "results" / f"{args.out}.json"
    path.write_text(json.dumps(with_environment(data), indent=1))
    for arm, s in summary.items():
        print(arm, json.dumps(s))
    for ty in TYPES:
        cells = [f"{r['no_rule']['per_type'][ty]['nodes']}->{r['rule']['per_type'][ty]['nodes']}"
                 for r in runs]
        print(f"{ty:14s} world {runs[0]['rule']['per_type'][ty]['world']}  nodes (off->on) "
              + " ".join(cells))
    print("->", path)


if __name__ == "__main__":
    main()
