"""What a message of many items costs its reader before any check: rclpy's deserialisation
(what a typed subscription pays before its callback runs) against reading the list's
length off the CDR bytes (nodes/cdr_prefix.py, what the raw subscriptions pay to refuse
it). In process, no DDS; medians of `--reps` (one rep for the largest size).

    PYTHONPATH=. .venv/bin/python bench/ci_raw_prefix_cost.py \
        --out bench/results/ci_raw_prefix_cost_r43.json
"""

from __future__ import annotations

import argparse
import json
import os
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

from ci_common import median_s
from diagnostic_msgs.msg import KeyValue
from environment import environment
from rclpy.serialization import deserialize_message, serialize_message

from memory_node.msg import (
    Detection,
    Detections,
    MemoryStats,
    ObjectObservation,
    ObjectObservations,
)
from memory_node.nodes.cdr_prefix import detections_count, observations_count, stats_counters_count


def _observations(n: int) -> ObjectObservations:
    msg = ObjectObservations()
    msg.header.frame_id = "map"
    msg.observations = [ObjectObservation(label="cup", tracker_id="t")] * n
    return msg


def _detections(n: int) -> Detections:
    return Detections(detections=[Detection(label="cup")] * n)


def _stats(n: int) -> MemoryStats:
    return MemoryStats(counters=[KeyValue(key=f"k{i}", value="1") for i in range(n)])


KINDS: dict[str, tuple[Callable[[int], Any], type, Callable[[bytes], int]]] = {
    "ObjectObservations": (_observations, ObjectObservations, observations_count),
    "Detections": (_detections, Detections, detections_count),
    "MemoryStats": (_stats, MemoryStats, stats_counters_count),
}


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--sizes", default="256,10000,40000")
    parser.add_argument("--reps", type=int, default=3)
    parser.add_argument("--out", type=Path)
    args = parser.parse_args()
    sizes = [int(s) for s in args.sizes.split(",")]
    rows = []
    load_before = os.getloadavg()
    for kind, (make, msg_type, count) in KINDS.items():
        for n in sizes:
            raw = serialize_message(make(n))
            assert count(raw) == n
            reps = 1 if n == max(sizes) else args.reps
            row = {"kind": kind, "items": n, "bytes": len(raw),
                   "deserialise_ms": round(1e3 * median_s(
                       lambda r=raw, t=msg_type: deserialize_message(r, t), reps), 2),
                   "prefix_us": round(1e6 * median_s(lambda r=raw, c=count: c(r),
                                                      max(reps, 5)), 1)}
            row["ratio"] = round(1e3 * row["deserialise_ms"] / max(row["prefix_us"], 0.1))
            print(json.dumps(row), flush=True)
            rows.append(row)
    out = {"command": " ".join(sys.argv), "load_before_after": [load_before, os.getloadavg()],
           "rows": rows, "environment": environment()}
    if args.out:
        args.out.write_text(json.dumps(out, indent=1) + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
