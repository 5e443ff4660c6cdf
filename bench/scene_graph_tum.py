"""TUM RGB-D fr3 cabinet: perception + scene graph frame by frame on real data.

Must yield exactly one object node (the cabinet); reports how far its estimated position
wanders across the sequence (deviation of the estimate after each frame from the final
estimate, cm), for the default robust window and for a few window lengths.

    .venv/bin/python bench/scene_graph_tum.py
Writes bench/results/scene_graph_tum.json.
"""

from __future__ import annotations

import dataclasses

from scene_graph_common import stats_ms, write_result

from memory_node.core.perception.shared_data import shared_data_dir
from memory_node.core.perception.tum import TumSequence
from memory_node.core.scene_graph.config import SceneGraphConfig
from memory_node.core.scene_graph.graph import OBJECT
from memory_node.core.scene_graph.replay import replay_tum


def main() -> None:
    root = shared_data_dir() / "tum_fr3_cabinet"
    if not root.is_dir():
        raise SystemExit(f"TUM cabinet data not found at {root} (set MEMORY_NODE_SHARED_DATA)")
    seq = TumSequence(root, label_names={"28": "cabinet"})
    runs = {}
    for window in (1, 5, 15, 31):
        cfg = dataclasses.replace(SceneGraphConfig(), position_window=window)
        result = replay_tum(seq, scene_graph=cfg)
        objects = result.graph.nodes(OBJECT)
        entry = {"object_nodes": len(objects),
                 "labels": sorted(result.graph.node(o)["label"] for o in objects),
                 "events": [e.kind.value for e in result.events]}
        if len(objects) == 1:
            node = result.graph.node(objects[0])
            entry |= {"final_position_m": [round(c, 3) for c in node["position"]],
                      "final_box_extent_m": [round(c, 3) for c in node["box_extent"]],
                      "observations": node["observation_count"],
                      "spread_cm": {k: round(v, 1) if isinstance(v, float) else v
                                    for k, v in result.spread_cm(objects[0]).items()}}
        entry |= {"perception": stats_ms(result.perception_seconds),
                  "update": stats_ms(result.update_seconds),
                  "dropped_detections": len(result.drops)}
        runs[f"window_{window}"] = entry
        print(f"window {window:2d}: {entry['object_nodes']} object(s), spread "
              f"{entry.get('spread_cm')}")
    default = runs[f"window_{SceneGraphConfig().position_window}"]
    print(write_result("scene_graph_tum", {
        "frames": len(seq), "frames_with_boxes": sum(bool(f.boxes) for f in seq),
        "default_window": SceneGraphConfig().position_window, "default": default,
        "by_window": runs}))


if __name__ == "__main__":
    main()
