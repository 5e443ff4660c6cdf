"""Issue 10's evaluation: change detection on the AI2-THOR rearrangement split viewed like a
robot (protocol in memory_node/core/scene_graph/ai2thor_realistic.py).

Rows: today's whole-room protocol (ai2thor.run_episode) and the realistic variants, each
on the TUNE rooms (8 rooms, what defaults were adjusted on) and on the HELD-OUT rooms (the
other 12, reported). Per row: MOVED precision/recall/F1 (moves > 0.1 m; recall on moves
below the 0.5 m gate separately), STATE_CHANGED precision/recall (openness variants),
false MOVED/NEW/REMOVED per object per visit and false STATE_CHANGED per openable per
visit (static variants), position error after visit 2.

    .venv/bin/python bench/scene_graph_realistic.py [--limit N] [--split tune|heldout|both]
Writes bench/results/scene_graph_realistic.json.
"""

from __future__ import annotations

import argparse
import time

import numpy as np
from scene_graph_common import stats_ms, write_result

from memory_node.core.perception.shared_data import shared_data_dir
from memory_node.core.scene_graph.ai2thor import run_episode
from memory_node.core.scene_graph.ai2thor_realistic import (
    TUNE_ROOMS,
    VARIANTS,
    RealisticResult,
    load_with_raw,
    run_realistic,
)


def _ratio(a: int, b: int) -> float | None:
    return round(a / b, 4) if b else None


def _f1(p: float | None, r: float | None) -> float | None:
    return round(2 * p * r / (p + r), 4) if p and r else None


def summarise(results: list[RealisticResult]) -> dict:
    total = RealisticResult()
    for r in results:
        for name in ("moved_tp", "moved_fp", "moved_fn", "fn_below_gate", "moved_below_gate",
                     "state_tp", "state_fp", "state_fn", "false_events", "false_state_events",
                     "first_sightings", "objects", "openables"):
            setattr(total, name, getattr(total, name) + getattr(r, name))
        total.position_errors += r.position_errors
        total.moved_position_errors += r.moved_position_errors
        total.update_seconds += r.update_seconds
    p = _ratio(total.moved_tp, total.moved_tp + total.moved_fp)
    rc = _ratio(total.moved_tp, total.moved_tp + total.moved_fn)
    sp = _ratio(total.state_tp, total.state_tp + total.state_fp)
    sr = _ratio(total.state_tp, total.state_tp + total.state_fn)
    err = np.asarray(total.position_errors) * 100
    merr = np.asarray(total.moved_position_errors) * 100
    return {
        "episodes": len(results),
        "moved": {"tp": total.moved_tp, "fp": total.moved_fp, "fn": total.moved_fn,
                  "precision": p, "recall": rc, "f1": _f1(p, rc),
                  "below_gate": total.moved_below_gate,
                  "recall_below_gate": _ratio(total.moved_below_gate - total.fn_below_gate,
                                              total.moved_below_gate)},
        "state_changed": {"tp": total.state_tp, "fp": total.state_fp, "fn": total.state_fn,
                          "precision": sp, "recall": sr, "f1": _f1(sp, sr)},
        "false_events_per_object_visit": _ratio(total.false_events, total.objects),
        "false_state_events_per_openable_visit": _ratio(total.false_state_events,
                                                        total.openables),
        "first_sightings_in_visit_2": total.first_sightings,
        "position_error_cm": {
            "median": round(float(np.median(err)), 2) if len(err) else None,
            "p90": round(float(np.percentile(err, 90)), 2) if len(err) else None,
            "moved_median": round(float(np.median(merr)), 2) if len(merr) else None,
            "moved_p90": round(float(np.percentile(merr, 90)), 2) if len(merr) else None},
        "update": stats_ms(total.update_seconds) if total.update_seconds else None,
    }


def whole_room(pairs, threshold: float | None = None) -> dict:
    tp = fp = fn = 0
    for i, (ep, _) in pairs:
        r = run_episode(ep, seed=i, moved_threshold_m=threshold)
        tp, fp, fn = tp + r.true_positives, fp + r.false_positives, fn + r.false_negatives
    p, rc = _ratio(tp, tp + fp), _ratio(tp, tp + fn)
    return {"episodes": len(pairs), "moved": {"tp": tp, "fp": fp, "fn": fn, "precision": p,
                                              "recall": rc, "f1": _f1(p, rc)},
            "note": "today's protocol: whole room in view, 3 frames/visit, ground truth "
                    f"moves > {threshold or 'the gate'} m"}


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--limit", type=int, default=0,
                        help="episodes per split, a fixed random sample (0: all)")
    parser.add_argument("--split", choices=("tune", "heldout", "both"), default="both")
    parser.add_argument("--variants", default="", help="comma-separated subset")
    args = parser.parse_args()
    path = shared_data_dir() / "ai2thor_rearrangement" / "val.json.gz"
    if not path.is_file():
        raise SystemExit(f"AI2-THOR data not found at {path} (set MEMORY_NODE_SHARED_DATA)")
    indexed = list(enumerate(load_with_raw(path)))
    splits = {"tune": [x for x in indexed if x[1][0].room in TUNE_ROOMS],
              "heldout": [x for x in indexed if x[1][0].room not in TUNE_ROOMS]}
    wanted = ["tune", "heldout"] if args.split == "both" else [args.split]
    chosen = [v for v in VARIANTS if not args.variants or v.name in args.variants.split(",")]
    out: dict = {}
    for split in wanted:
        pairs = splits[split]
        if args.limit and args.limit < len(pairs):  # a fixed random sample over all rooms
            keep = np.random.default_rng(0).choice(len(pairs), args.limit, replace=False)
            pairs = [pairs[k] for k in sorted(keep)]
        rows = {"whole_room_today": whole_room(pairs),
                "whole_room_today_moves_over_0.1m": whole_room(pairs, 0.1)}
        for name in list(rows):
            print(split, name, rows[name]["moved"], flush=True)
        for variant in chosen:
            start = time.perf_counter()
            results = [run_realistic(ep, raw, variant, seed=i) for i, (ep, raw) in pairs]
            rows[variant.name] = {**summarise(results),
                                  "wall_seconds": round(time.perf_counter() - start, 1)}
            row = rows[variant.name]
            print(split, variant.name, row["moved"], row["state_changed"],
                  row["false_events_per_object_visit"],
                  row["false_state_events_per_openable_visit"], row["position_error_cm"],
                  flush=True)
        out[split] = rows
    print(write_result("scene_graph_realistic", {
        "protocol": "memory_node/core/scene_graph/ai2thor_realistic.py",
        "tune_rooms": sorted(TUNE_ROOMS), "splits": out}))


if __name__ == "__main__":
    main()
