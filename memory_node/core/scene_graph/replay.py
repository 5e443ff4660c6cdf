"""Perception + scene graph over a recorded TUM-layout sequence, frame by frame.

What the ROS pipeline does live (perception node -> memory server), without ROS: used by
the real-data test and benchmark, and a reference for the replay command.
"""

from __future__ import annotations

import time
from dataclasses import dataclass, field

import numpy as np

from memory_node.core.perception.pipeline import PerceptionConfig, PerceptionPipeline
from memory_node.core.perception.tum import TumSequence
from memory_node.core.scene_graph.config import SceneGraphConfig
from memory_node.core.scene_graph.events import SceneGraphEvent
from memory_node.core.scene_graph.graph import OBJECT, SceneGraph


@dataclass
class ReplayResult:
    graph: SceneGraph
    # object id -> [(stamp, estimated position after that frame)], frames where it exists
    tracks: dict[str, list[tuple[float, tuple[float, float, float]]]]
    events: list[SceneGraphEvent]
    perception_seconds: list[float] = field(default_factory=list)
    update_seconds: list[float] = field(default_factory=list)
    drops: list[str] = field(default_factory=list)
    skipped_frames: int = 0  # frames without a pose

    def spread_cm(self, object_id: str) -> dict[str, float]:
        """Deviation of the per-frame estimates from the final one, in cm."""
        positions = np.array([p for _, p in self.tracks[object_id]])
        d = 100.0 * np.linalg.norm(positions - positions[-1], axis=1)
        return {"max": float(d.max()), "median": float(np.median(d)),
                "p90": float(np.percentile(d, 90)), "frames": len(d)}


def replay_tum(
    sequence: TumSequence,
    perception: PerceptionConfig | None = None,
    scene_graph: SceneGraphConfig | None = None,
) -> ReplayResult:
    perception = perception or PerceptionConfig(depth_scale=sequence.depth_scale)
    pipeline = PerceptionPipeline(sequence.intrinsics, perception)
    graph = SceneGraph(scene_graph)
    result = ReplayResult(graph, {}, [])
    for frame in sequence:
        if frame.pose is None:
            result.skipped_frames += 1
            continue
        depth = frame.load_depth_raw()
        start = time.perf_counter()
        out = pipeline.process(frame.stamp, depth, frame.pose,
                               [b.to_detection() for b in frame.boxes], depth_encoding="16UC1")
        mid = time.perf_counter()
        update = graph.update(out.observations, out.view)
        end = time.perf_counter()
        result.perception_seconds.append(mid - start)
        result.update_seconds.append(end - mid)
        result.drops += out.drops
        result.events += update.events
        for obj in graph.nodes(OBJECT):
            result.tracks.setdefault(obj, []).append((frame.stamp, graph.node(obj)["position"]))
    return result
