"""AI2-THOR rearrangement: precision/recall of MOVED detection over all 1,000 episodes.

Protocol in memory_node/core/scene_graph/ai2thor.py (two visits of `frames` sweeps,
detector misses and position noise, no identities). Runs the default setting plus a
harder one (more noise and misses) and the recall over every displaced object, including
those displaced by less than the association gate (undetectable by design).

    .venv/bin/python bench/scene_graph_moved.py [--limit N]
Writes bench/results/scene_graph_moved.json.
"""

from __future__ import annotations

import argparse
import time

from scene_graph_common import stats_ms, write_result

from memory_node.core.perception.shared_data import shared_data_dir
from memory_node.core.scene_graph.ai2thor import load_episodes, run_episode

SETTINGS = {
    "default": {"noise_m": 0.02, "miss_rate": 0.1},
    "noisy": {"noise_m": 0.05, "miss_rate": 0.3},
    "default_all_displacements": {"noise_m": 0.02, "miss_rate": 0.1, "moved_threshold_m": 0.01},
}


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--limit", type=int, default=0, help="episodes (0: all)")
    args = parser.parse_args()
    path = shared_data_dir() / "ai2thor_rearrangement" / "val.json.gz"
    if not path.is_file():
        raise SystemExit(f"AI2-THOR data not found at {path} (set MEMORY_NODE_SHARED_DATA)")
    episodes = load_episodes(path)
    if args.limit:
        episodes = episodes[:args.limit]
    out = {}
    for name, kw in SETTINGS.items():
        tp = fp = fn = removed = new = 0
        seconds: list[float] = []
        start = time.perf_counter()
        for i, ep in enumerate(episodes):
            r = run_episode(ep, seed=i, **kw)
            tp, fp, fn = tp + r.true_positives, fp + r.false_positives, fn + r.false_negatives
            removed += r.removed
            new += r.new_in_visit_2
            seconds += r.update_seconds
        out[name] = {**kw, "episodes": len(episodes), "true_positives": tp,
                     "false_positives": fp, "false_negatives": fn,
                     "precision": round(tp / max(1, tp + fp), 4),
                     "recall": round(tp / max(1, tp + fn), 4),
                     "false_removed_events": removed, "duplicate_new_in_visit_2": new,
                     "update": stats_ms(seconds),
                     "wall_seconds": round(time.perf_counter() - start, 1)}
        print(name, out[name])
    print(write_result("scene_graph_moved", {"gate_distance_m": 0.5, "frames_per_visit": 3,
                                             "settings": out}))


if __name__ == "__main__":
    main()
