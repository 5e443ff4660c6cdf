"""Boxes cut by the image border: how many become furniture nodes of their own, and what a
rule that drops narrow ones costs (issue: round 41's sliver of the kitchen counter).

    .venv/bin/python bench/perception_edge_slivers.py --edge-min-px 0,16 --seeds 0,1,2
    -> bench/results/perception_edge_slivers_r42.json

The household world (config/sim.yaml's house, seed 0, the main job's) is rendered by
MuJoCo along the explore path through its rooms (twice round), at the camera's 5 Hz and
the robot's real speed, with the detector's error model and masks at their defaults and
its seed per run (the main job's detector seeds 0-2). Each frame goes through the real
perception pipeline and the scene graph (`SceneGraph.update` with the memory server's
default config), once per `--edge-min-px` value on the same frames. Reported per value:
the detections cut by the image border (per class, their widths), the furniture nodes
made, how many of those were made while another node already stood for the same world
instance (the nearest world object of the node's type within `MATCH_M`: a duplicate),
the world instances memory ever held a node for (what a rule must not lose) and the frame
each first got one.
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
from collections import Counter
from collections.abc import Callable, Iterable, Iterator
from pathlib import Path
from typing import Any

import numpy as np

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))

from scene_graph_common import write_result  # noqa: E402

from memory_node.core.perception.camera import CameraIntrinsics, Pose, matrix_to_quaternion  # noqa: E402
from memory_node.core.perception.observation import Detection  # noqa: E402
from memory_node.core.perception.pipeline import PerceptionConfig, PerceptionPipeline  # noqa: E402
from memory_node.core.scene_graph.config import SceneGraphConfig  # noqa: E402
from memory_node.core.scene_graph.events import EventKind  # noqa: E402
from memory_node.core.scene_graph.graph import SceneGraph  # noqa: E402
from memory_node.core.skills import load_skill_table  # noqa: E402
from memory_node.sim.core.layouts import from_seed  # noqa: E402
from memory_node.sim.core.nav import Navigator  # noqa: E402
from memory_node.sim.core.playback import pose_at  # noqa: E402
from memory_node.sim.core.sensors import SensorRig  # noqa: E402
from memory_node.sim.core.settings import WorldSettings  # noqa: E402
from memory_node.sim.core.skill_logic import SkillRunner  # noqa: E402

ROOMS = ("kitchen", "living_room", "bedroom", "bathroom")
MATCH_M = 1.5   # a node stands for the nearest world object of its type within this
RATE_HZ = 5.0   # config/sim.yaml's camera rate


def render(seed: int, rounds: int, width: int, height: int) -> Iterator[tuple[Any, Any]]:
    """(frame, world) along `rounds` explores of every room: sensors.Frame, one at a time
    (a run's frames with their masks do not fit in memory together)."""
    cfg = WorldSettings()
    world = from_seed(cfg.layout.seed)
    rig = SensorRig(world, width, height, cfg.detection, cfg.pose, seed, masks=True)
    runner = SkillRunner(load_skill_table(None), Navigator(world.free), cfg.skills.costs,
                         detector=rig.labels_seen)
    try:
        for room in ROOMS * rounds:
            r = world.robot
            start = (r.x, r.y, r.yaw)
            outcome = runner.run(world, "explore", [room], [], "base")
            t = 0.0
            while outcome.waypoints and t < outcome.duration:
                r.x, r.y, r.yaw, _ = pose_at(start, outcome.waypoints, t)
                world.follow_robot()
                world.time += 1.0 / RATE_HZ
                yield rig.capture(world), world
                t += 1.0 / RATE_HZ
            if outcome.waypoints:
                last = outcome.waypoints[-1]
                r.x, r.y, r.yaw = last.x, last.y, last.yaw
    finally:
        rig.close()


def replayed(seeds: Iterable[int], rounds: int, width: int, height: int,
             make: Callable[[Any], list[Any]]) -> Iterator[tuple[int, list[Any]]]:
    """Per seed, the replays `make(world)` builds, each fed every frame of `render` (the
    frames are rendered once and shared)."""
    for seed in seeds:
        replays: list[Any] = []
        for frame, world in render(seed, rounds, width, height):
            if not replays:
                replays = make(world)
            for rp in replays:
                rp.step(frame)
        yield seed, replays


class Replay:
    """The pipeline and a scene graph fed frame by frame, with one `edge_min_px`."""

    def __init__(self, world: Any, edge_min_px: int) -> None:
        self.edge_min_px = edge_min_px
        self.gcfg = gcfg = SceneGraphConfig()
        self.graph = SceneGraph(gcfg)
        self.truth = [(o.id, gcfg.canonical(o.type), np.asarray(o.position, dtype=float))
                      for o in world.objects.values()]
        self.cut: Counter[str] = Counter()
        self.cut_widths: list[int] = []
        self.dropped: Counter[str] = Counter()
        self.stands_for: dict[str, str] = {}     # node -> world object
        self.first_node: dict[str, int] = {}     # world object -> frame index
        self.furniture_new = self.duplicates = self.ghosts = 0
        self.dup_examples: list[dict[str, Any]] = []
        self.frames = 0

    def step(self, f: Any) -> None:
        gcfg, graph, n = self.gcfg, self.graph, self.frames
        self.frames += 1
        fx, fy, cx, cy = f.camera.k
        h, w = f.depth.shape
        pipe = PerceptionPipeline(CameraIntrinsics(fx, fy, cx, cy, w, h),
                                  PerceptionConfig(edge_min_px=self.edge_min_px))
        dets = [Detection(d.label, d.score, d.box, d.mask, None, d.state or None)
                for d in f.detections]
        for d in dets:
            x1, _, x2, _ = d.box
            if x1 <= 2 or x2 >= w - 2:
                self.cut[gcfg.canonical(d.label)] += 1
                self.cut_widths.append(int(round(x2 - x1)))
        pose = Pose.make(f.position, matrix_to_quaternion(f.rotation))
        # As the world node publishes it (millimetres, 16UC1) and the perception node reads it.
        depth_mm = (f.depth * 1000.0).clip(0, 65535).astype(np.uint16)
        res = pipe.process(f.stamp, depth_mm, pose, dets, depth_encoding="16UC1")
        for reason in res.drops:
            if "image edge" in reason:
                self.dropped[reason.split("'")[1]] += 1
        events = graph.update(res.observations, res.view, stamp=f.stamp).events
        live = set(graph.nodes("object"))
        for obj in list(self.stands_for):
            if obj not in live:
                del self.stands_for[obj]
        for e in events:
            if e.kind != EventKind.NEW or e.object_id not in live or e.new_position is None:
                continue
            label = gcfg.canonical(e.label)
            near = [(float(np.linalg.norm(p[:2] - np.asarray(e.new_position[:2]))), oid)
                    for oid, t, p in self.truth if t == label]
            near = [x for x in near if x[0] <= MATCH_M]
            movable = gcfg.is_movable(e.label)
            if not near:
                self.ghosts += 0 if movable else 1
                continue
            oid = min(near)[1]
            self.first_node.setdefault(oid, n)
            if not movable:
                self.furniture_new += 1
                if oid in self.stands_for.values():
                    self.duplicates += 1
                    if len(self.dup_examples) < 20:
                        attrs = graph.node(e.object_id)
                        self.dup_examples.append({
                            "frame": n, "node": e.object_id, "label": label, "world": oid,
                            "extent": [round(x, 3) for x in attrs["box_extent"]]})
            self.stands_for[e.object_id] = oid

    def result(self) -> dict[str, Any]:
        widths = self.cut_widths
        return {"edge_min_px": self.edge_min_px, "frames": self.frames,
                "cut_boxes": dict(self.cut.most_common()),
                "cut_width_px": {"n": len(widths),
                                 "median": statistics.median(widths) if widths else None,
                                 "under_16": sum(x < 16 for x in widths),
                                 "under_32": sum(x < 32 for x in widths)},
                "dropped_as_sliver": dict(self.dropped.most_common()),
                "furniture_nodes_made": self.furniture_new,
                "duplicate_furniture_nodes": self.duplicates,
                "furniture_ghost_nodes": self.ghosts, "duplicate_examples": self.dup_examples,
                "world_objects_with_a_node": len(self.first_node),
                "first_node_frame": self.first_node,
                "final_object_nodes": len(self.graph.nodes("object"))}


def main_job_nodes(run: Path) -> dict[str, Any]:
    """Furniture nodes memory made in a main-job run's memory arm (`tasks/full_*.json`, the
    NEW changes of each task), and how many of them were made while another live node
    already stood for the same world instance (a duplicate; a node counts as gone once a
    task removed it or folded it into another)."""
    gcfg = SceneGraphConfig()
    world = from_seed(WorldSettings().layout.seed)
    truth = [(o.id, gcfg.canonical(o.type), np.asarray(o.position, dtype=float))
             for o in world.objects.values()]
    stands_for: dict[str, str] = {}
    made = duplicates = 0
    examples = []
    for task in sorted((run / "tasks").glob("full_*.json")):
        for c in json.loads(task.read_text())["changes"]:
            if c["kind"] == "removed" or (c["kind"] == "moved" and "merged" in c["detail"]):
                stands_for.pop(c["object_id"], None)
            if c["kind"] != "new" or gcfg.is_movable(c["label"]):
                continue
            label = gcfg.canonical(c["label"])
            near = [(float(np.linalg.norm(p[:2] - np.asarray(c["new"][:2]))), oid)
                    for oid, t, p in truth if t == label]
            near = [x for x in near if x[0] <= MATCH_M]
            if not near:
                continue
            made += 1
            oid = min(near)[1]
            if oid in stands_for.values():
                duplicates += 1
                examples.append(f"{task.stem[-5:]} {c['object_id']} {label} ({oid})")
            stands_for[c["object_id"]] = oid
    return {"run": str(run), "furniture_nodes_made": made, "duplicates": duplicates,
            "duplicate_examples": examples}


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--seeds", default="0,1,2")
    ap.add_argument("--edge-min-px", default="0,16")
    ap.add_argument("--rounds", type=int, default=2)
    ap.add_argument("--width", type=int, default=640)
    ap.add_argument("--height", type=int, default=480)
    ap.add_argument("--out", default="perception_edge_slivers_r42")
    ap.add_argument("--main-job", nargs="*", default=[],
                    help="main-job run dirs (main_job_repeat.py --work DIR/seedN): count "
                         "their memory arm's furniture nodes instead of rendering")
    args = ap.parse_args()
    if args.main_job:
        for run in args.main_job:
            print(json.dumps(main_job_nodes(Path(run))))
        return
    values = [int(v) for v in args.edge_min_px.split(",")]
    runs = []
    seeds = [int(s) for s in args.seeds.split(",")]
    for seed, replays in replayed(seeds, args.rounds, args.width, args.height,
                                  lambda world: [Replay(world, v) for v in values]):
        for rp in replays:
            r = rp.result()
            r["seed"] = seed
            runs.append(r)
            print(f"seed {seed} edge_min_px {rp.edge_min_px}: frames {r['frames']}, furniture "
                  f"nodes {r['furniture_nodes_made']}, duplicates "
                  f"{r['duplicate_furniture_nodes']}, ghosts {r['furniture_ghost_nodes']}, "
                  f"objects with a node {r['world_objects_with_a_node']}, dropped "
                  f"{r['dropped_as_sliver']}", flush=True)
    lost = {}
    for seed in {r["seed"] for r in runs}:
        base = next(r for r in runs if r["seed"] == seed and r["edge_min_px"] == values[0])
        for r in runs:
            if r["seed"] == seed and r is not base:
                lost[f"{seed}/{r['edge_min_px']}"] = sorted(
                    set(base["first_node_frame"]) - set(r["first_node_frame"]))
    path = write_result(args.out, {"command": " ".join(sys.argv), "runs": runs,
                                   "lost_against_first_value": lost})
    print(f"-> {path}; lost: {lost}")


if __name__ == "__main__":
    main()
