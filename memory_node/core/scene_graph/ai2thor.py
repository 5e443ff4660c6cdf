"""AI2-THOR rearrangement episodes as scene-graph input, for change-detection evaluation.

Protocol (simulated perception, stated so the figures can be read):
- Each visit is `frames` room sweeps by the robot standing at the episode's agent
  position; the room is small (iTHOR) so every object in it counts as in view
  (RegionView with a room-sized radius) and "should have been seen" each frame.
- In each frame every object is detected with probability 1 - `miss_rate`, at its true
  position plus isotropic Gaussian noise `noise_m` (seeded); its label is the AI2-THOR
  type (prefix of the name). No identities are given to the graph.
- Visit 1 observes `starting_poses`, visit 2 `target_poses`. Ground truth MOVED: objects
  whose two positions differ by more than `moved_threshold_m`. A MOVED event is a true
  positive when its old position is that object's start (nearest object of that type)
  and the object truly moved.
Positions: Unity (x, y up, z) -> map (x, z, y), so z is up as everywhere else.
"""

from __future__ import annotations

import gzip
import json
import math
from dataclasses import dataclass, field
from pathlib import Path

import numpy as np

from memory_node.core.perception.observation import Observation
from memory_node.core.scene_graph.config import SceneGraphConfig
from memory_node.core.scene_graph.events import EventKind
from memory_node.core.scene_graph.graph import RegionView, SceneGraph

Vec3 = tuple[float, float, float]


def unity_to_map(p: dict[str, float]) -> Vec3:
    return (float(p["x"]), float(p["z"]), float(p["y"]))


@dataclass
class Episode:
    room: str
    index: int
    agent: Vec3
    start: dict[str, Vec3]
    target: dict[str, Vec3]

    @staticmethod
    def label(name: str) -> str:
        return name.split("_")[0]


def load_episodes(path: str | Path) -> list[Episode]:
    with gzip.open(path, "rt") as f:
        data = json.load(f)
    episodes = []
    for room in sorted(data, key=lambda r: int(r.removeprefix("FloorPlan"))):
        for i, ep in enumerate(data[room]):
            agent = unity_to_map(ep["agent_position"])
            episodes.append(Episode(
                room, i, (agent[0], agent[1], 0.0),
                {o["name"]: unity_to_map(o["position"]) for o in ep["starting_poses"]},
                {o["name"]: unity_to_map(o["position"]) for o in ep["target_poses"]},
            ))
    return episodes


@dataclass
class EpisodeResult:
    true_positives: int
    false_positives: int
    false_negatives: int
    removed: int  # REMOVED events (every object still exists: all are false)
    new_in_visit_2: int  # NEW events in visit 2 (duplicates: every object existed before)
    update_seconds: list[float] = field(default_factory=list)


def run_episode(
    episode: Episode,
    config: SceneGraphConfig | None = None,
    frames: int = 3,
    noise_m: float = 0.02,
    miss_rate: float = 0.1,
    moved_threshold_m: float | None = None,
    seed: int = 0,
) -> EpisodeResult:
    import time  # noqa: PLC0415

    config = config or SceneGraphConfig()
    threshold = config.gate_distance if moved_threshold_m is None else moved_threshold_m
    rng = np.random.default_rng(seed)
    graph = SceneGraph(config)
    view = RegionView(episode.agent, radius=50.0)
    timings: list[float] = []

    def visit(poses: dict[str, Vec3], t0: float) -> list:
        events = []
        for k in range(frames):
            batch = []
            for name in sorted(poses):
                if rng.random() < miss_rate:
                    continue
                pos = np.asarray(poses[name]) + rng.normal(0.0, noise_m, 3)
                batch.append(Observation.at(Episode.label(name), tuple(pos), t0 + k))
            start = time.perf_counter()
            result = graph.update(batch, view, robot_position=episode.agent, stamp=t0 + k)
            timings.append(time.perf_counter() - start)
            events += result.events
        return events

    visit(episode.start, 0.0)
    events = visit(episode.target, 100.0)
    truly_moved = {n for n in episode.start
                   if math.dist(episode.start[n], episode.target[n]) > threshold}
    predicted: set[str] = set()
    false_positives = 0
    for e in events:
        if e.kind is not EventKind.MOVED or e.old_position is None:
            continue
        same_type = [n for n in episode.start if Episode.label(n) == e.label]
        name = min(same_type, key=lambda n: math.dist(episode.start[n], e.old_position))
        if name in truly_moved and name not in predicted:
            predicted.add(name)
        else:
            false_positives += 1
    return EpisodeResult(
        true_positives=len(predicted), false_positives=false_positives,
        false_negatives=len(truly_moved - predicted),
        removed=sum(e.kind is EventKind.REMOVED for e in events),
        new_in_visit_2=sum(e.kind is EventKind.NEW for e in events),
        update_seconds=timings,
    )
