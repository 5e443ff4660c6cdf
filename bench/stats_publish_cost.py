"""CPU of the memory server's 1 Hz /memory/stats publish at 10,000 units, split by what
builds it, in process; this checkout against another's code.

The publish runs on the executor thread, so a request arriving while it runs waits as long
(bench/README_recall.md, round 45 second wave). The memory is the DDS bench's
(`recall_dds_latency.prepare` and `prepare_scene_graph`: 10,000 units with stored vectors
and colours, a 1,000-object scene graph), written once. Each round starts, in a fresh
process per code (order alternating), a real `MemoryServer` on a fresh copy of it, waits
for its start-up threads, answers a few recalls (instruction and per-subtask, timed under
the server's "recall" service stage as its service does, so the message carries the
counters a serving server's does), then calls `_publish_stats` `--calls` times and reads
each call's thread CPU (`--between` per-subtask recalls between two calls, default 1, as a
serving server answers requests between its publishes: ~100 a second over DDS), split
into: each stats contributor (scene graph, recall, experience: wrapped in the node's
contributor list), `publish` (rclpy's conversion and the DDS write) and the rest (the
server's own counters and the message).

    MEMORY_NODE_SHARED_DATA=... ROS_DOMAIN_ID=N .venv/bin/python bench/stats_publish_cost.py \
        --against DIR [--rounds 3] [--calls 300] [--between 1] [--out NAME]
        # -> results/NAME.json
"""

from __future__ import annotations

import json
import os
import statistics
import sys
import threading
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
TEXTS = ["bring me the mug from the kitchen", "put the apple in the fridge",
         "bring me the credit card and the teddy bear, then tidy up",
         "can you grab the tissue box", "turn off the lamp in the bedroom",
         "find my keys and put them on the table", "water the plant",
         "throw the newspaper away, then bring me a towel"]


def child(memory_dir: str, calls: int, between: int) -> None:
    """One server, in this process: print the per-call thread CPU (us) of each part."""
    import rclpy
    from rclpy.serialization import serialize_message

    import memory_node.nodes.memory_server as ms
    from memory_node.nodes import runner
    getattr(runner, "import_type_support_only", lambda: None)()
    rclpy.init(args=["x", "--ros-args", "--params-file", str(ROOT / "config" / "memory.yaml"),
                     "-p", f"memory_dir:={memory_dir}", "-p", "short_term.capacity:=10000",
                     "-p", "recall.prefetch_batch:=0"])
    node = ms.MemoryServer()
    recall = node.memory.recall
    for text in TEXTS * 3:
        for per_subtask in (False, True):
            with node.service_times.stage("recall"):
                recall.recall(text, 5, 600, per_subtask=per_subtask)
    for t in threading.enumerate():
        if t.name in ("recall-preload", "wordnet-load"):
            t.join()
    parts: dict[str, list[float]] = {"total": [], "publish": []}
    current: dict[str, float] = {}

    def timed(name: str, f: Any) -> Any:
        parts[name] = []

        def run(*a: Any) -> Any:
            t = time.thread_time()
            try:
                return f(*a)
            finally:
                current[name] = time.thread_time() - t
        return run

    names = []
    for i, contribute in enumerate(node._stats_contributors):
        owner = getattr(contribute, "__self__", None)
        name = f"contributor.{type(owner).__name__ if owner is not None else i}"
        names.append(name)
        node._stats_contributors[i] = timed(name, contribute)
    sent: list[Any] = []
    publish = node.stats_pub.publish

    def keep(msg: Any) -> None:
        sent.append(msg)
        publish(msg)
    node.stats_pub.publish = timed("publish", keep)
    for c in range(calls):
        # Requests between two publishes (a serving server's second): the stages they time
        # have new samples, so their summaries are sorted again at the publish.
        for b in range(between):
            with node.service_times.stage("recall"):
                recall.recall(TEXTS[(c + b) % len(TEXTS)], 5, 600, per_subtask=True)
        current.clear()
        t = time.thread_time()
        node._publish_stats()
        parts["total"].append(time.thread_time() - t)
        for name in ["publish", *names]:
            parts[name].append(current[name])
        sent[:] = sent[-1:]
    parts["rest"] = [t - sum(parts[n][i] for n in ["publish", *names])
                     for i, t in enumerate(parts["total"])]
    last = sent[-1]
    print(json.dumps({
        "us_median": {k: round(1e6 * statistics.median(v), 1) for k, v in parts.items()},
        "us_p90": {k: round(1e6 * sorted(v)[int(0.9 * len(v))], 1) for k, v in parts.items()},
        "counters": len(last.counters), "bytes": len(serialize_message(last)),
        "scene_graph_objects": last.scene_graph_objects,
        "short_term_size": last.short_term_size, "code": ms.__file__}))
    node.destroy_node()
    os._exit(0)  # the executor's and DDS's threads need no orderly end here


def main() -> int:
    args = sys.argv[1:]
    if args and args[0] == "--child":
        child(args[1], int(args[2]), int(args[3]))
        return 0
    sys.path.insert(0, str(ROOT / "bench"))
    from server_start_stages import alternate
    against = str(Path(args[args.index("--against") + 1]).resolve())
    rounds = int(args[args.index("--rounds") + 1]) if "--rounds" in args else 3
    calls = int(args[args.index("--calls") + 1]) if "--calls" in args else 300
    between = int(args[args.index("--between") + 1]) if "--between" in args else 1
    out_name = args[args.index("--out") + 1] if "--out" in args else "stats_publish_cost"
    codes = {"this": str(ROOT), "peer": against}
    runs = alternate(__file__, [str(calls), str(between)], codes, rounds, "us_median",
                     "stats_cost_")
    summary: dict[str, Any] = {
        who: {part: statistics.median(x["us_median"][part] for x in results)
              for part in results[0]["us_median"]} for who, results in runs.items()}
    summary["ratio_total_this_over_peer"] = round(
        summary["this"]["total"] / summary["peer"]["total"], 3)
    from environment import with_environment
    from recall_common import save_result
    path = save_result(out_name, with_environment(
        {"codes": codes, "rounds": rounds, "calls": calls, "between": between,
         "summary": summary, "runs": runs}),
        indent=1)
    print(json.dumps(summary, indent=1))
    print(f"wrote {path}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
