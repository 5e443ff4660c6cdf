"""Round 34 (issue 11, part 4): what the memory server's background work between requests
costs, in thread CPU: each timer's callback, the stats message's parts, and one executor
pass (the wait set built, waited on and checked) that each timer's wakeup adds.

A memory server is built in process over the DDS bench's memory (10,000 units and a
1,000-object scene graph, `recall_dds_latency.prepare` and `prepare_scene_graph`), with
the code on PYTHONPATH. Each of ``--rounds`` rounds sends six recall requests through the
service's own callback (three instructions, three per subtask: the stats then summarise
new samples, as between the DDS bench's requests), then times, on this thread: the stats
callback whole; each stats contributor, the stage summaries, the message's counters and
the publish alone; each other timer's callback; one ``spin_once(0)`` with nothing ready
(the pass a timer's wakeup costs besides its callback). Medians over the rounds, ms.
Then (round 35) the server left idle for ``--idle-s`` seconds, spun on this thread as
its executor spins: the calls of each timer's callback and this thread's CPU, per second
(the first heap settle, a minute after start, is put off past the window).

    ROS_DOMAIN_ID=<id> [RECALL_BENCH_CODE=DIR] .venv/bin/python bench/server_timer_cpu.py \
        [--rounds 40] [--idle-s 30] [--out NAME]        # -> bench/results/<NAME>.json

Another checkout's server: RECALL_BENCH_CODE=DIR (recall_common puts this checkout first on
sys.path, so PYTHONPATH does not choose the code).
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import rclpy
from rclpy.executors import SingleThreadedExecutor

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "bench"))

import recall_dds_latency as dds  # noqa: E402
from recall_common import load, save_result, scene_units  # noqa: E402

from memory_node.core.recall.embedder import Embedder  # noqa: E402


def _cpu_ms(f: Callable[[], object]) -> float:
    c = time.thread_time_ns()
    f()
    return (time.thread_time_ns() - c) / 1e6


def idle_passes(executor: SingleThreadedExecutor, timers: dict[str, Any],
                seconds: float) -> dict[str, Any]:
    """The executor left to itself for `seconds` of wall: the times each timer's callback
    ran, and this thread's CPU (wait sets, takes, callbacks), per second."""
    calls = dict.fromkeys(timers, 0)
    originals = {name: t.callback for name, t in timers.items()}

    def counted(name: str) -> Callable[[], None]:
        def callback() -> None:
            calls[name] += 1
            originals[name]()
        return callback

    for name, t in timers.items():
        t.callback = counted(name)
    cpu, start = time.thread_time_ns(), time.monotonic()
    while (left := start + seconds - time.monotonic()) > 0:
        executor.spin_once(timeout_sec=left)
    wall = time.monotonic() - start
    for name, t in timers.items():
        t.callback = originals[name]
    return {"seconds": round(wall, 2),
            "timer_calls_per_s": {k: round(v / wall, 3) for k, v in calls.items()},
            "cpu_ms_per_s": round((time.thread_time_ns() - cpu) / 1e6 / wall, 3)}


def main() -> int:
    doc = load()
    if doc is None:
        print("skip: AI2-THOR rearrangement data absent")
        return 0
    ap = argparse.ArgumentParser()
    ap.add_argument("--rounds", type=int, default=40)
    ap.add_argument("--idle-s", type=float, default=30.0)
    ap.add_argument("--out", default="server_timer_cpu")
    args = ap.parse_args()
    rng = random.Random(11)
    n = 10_000
    memory_dir = Path(tempfile.mkdtemp(prefix="server_timer_cpu_")) / "memory"
    memory_dir.mkdir()
    graph = dds.prepare_bench_memory(memory_dir, n,
                                     [u for s in doc["scenes"] for u in scene_units(s)],
                                     rng, Embedder(intra_op_threads=1))
    rclpy.init(args=["server_timer_cpu", "--ros-args", "--params-file",
                     str(ROOT / "config" / "memory.yaml"), "-p", f"memory_dir:={memory_dir}",
                     "-p", f"short_term.capacity:={n}", "-p", "recall.prefetch_batch:=0",
                     # The minute-after-start heap settle (~100 ms once) out of the idle
                     # window: what is measured is the steady state between requests.
                     "-p", "heap_first_settle_s:=3600.0"])
    from diagnostic_msgs.msg import KeyValue

    from memory_node.msg import MemoryStats
    from memory_node.nodes.memory_server import MemoryServer
    from memory_node.srv import Recall

    server = MemoryServer()
    executor = SingleThreadedExecutor()
    executor.add_node(server)
    recall = next(s for s in server.services if s.srv_name.endswith("memory/recall"))
    texts = sorted({i["text"] for i in doc["instructions"]})
    timers = {getattr(t.callback, "__qualname__", str(t.callback)): t for t in server.timers}
    samples: dict[str, list[float]] = {}

    def add(name: str, ms: float) -> None:
        samples.setdefault(name, []).append(ms)

    for _ in range(20):
        executor.spin_once(timeout_sec=0)
    for _ in range(args.rounds):
        for text in rng.sample(texts, 3):
            recall.callback(Recall.Request(instruction=text, k=5, token_budget=600),
                            Recall.Response())
        for text in rng.sample(texts, 3):
            recall.callback(Recall.Request(instruction=f"{text}, then tidy up", k=5,
                                           token_budget=600, per_subtask=True),
                            Recall.Response())
        # The parts first, on a copy of the counters' state, then the whole (whose own
        # summaries then find fewer new samples: the whole is timed on fresh ones below).
        add("stats_whole", _cpu_ms(server._publish_stats))
        msg = MemoryStats()
        for contribute in server._stats_contributors:
            add(f"contributor.{contribute.__qualname__}",
                _cpu_ms(lambda c=contribute, m=msg: c(m)))
        add("service_times.counters",
            _cpu_ms(lambda: server.service_times.counters("service.")))
        counters = server.service_times.counters("service.")
        add("key_values_of_service_times", _cpu_ms(
            lambda c=counters: [KeyValue(key=k, value=str(v)) for k, v in c.items()]))
        add("publish_only", _cpu_ms(lambda m=msg: server.stats_pub.publish(m)))
        add("counters_in_message", len(msg.counters))
        for name, t in timers.items():
            if name != "MemoryServer._publish_stats":
                add(f"timer.{name}", _cpu_ms(t.callback))
        add("executor_pass_nothing_ready", _cpu_ms(lambda: executor.spin_once(timeout_sec=0)))
    idle = idle_passes(executor, timers, args.idle_s)
    out = {"units": n, "scene_graph": graph, "rounds": args.rounds, "idle": idle,
           "loadavg": os.getloadavg(),
           "timer_periods_s": {k: t.timer_period_ns / 1e9 for k, t in timers.items()},
           "median_ms": {k: round(statistics.median(v), 4) for k, v in samples.items()},
           "p90_ms": {k: round(sorted(v)[int(0.9 * len(v))], 4) for k, v in samples.items()}}
    print(out)
    print(f"wrote {save_result(args.out, out)}")
    executor.shutdown()
    server.destroy_node()
    rclpy.shutdown()
    return 0


if __name__ == "__main__":
    sys.exit(main())
