"""Round 33 (issue 11, part 4): the thread CPU of one wait set of the memory server's
executor, with and without the service-event readers' QoS-event handlers.

rclpy's SingleThreadedExecutor builds a wait set in Python before every callback: each
subscription, service, timer and waitable is entered, added and, after the wait, checked.
This builds a memory server in process (the code on PYTHONPATH, an empty memory, the
packaged config) and times ``spin_once(timeout_sec=0)`` with nothing ready, in blocks of
``--spins``, alternating (``--rounds`` pairs, order swapped each round) between the server
as built and the same server with the default QoS-event handlers of its
``*/_service_event`` readers removed from the node (main's code has them: 2 per reader;
this checkout's readers have none, so both arms are the same there). Per arm the block
medians, and the per-pair ratio without / with.

    ROS_DOMAIN_ID=<id> PYTHONPATH=<code> .venv/bin/python bench/server_wait_set_cpu.py \
        [--rounds 12] [--spins 200] [--out NAME]     # -> bench/results/<NAME>.json
Run it from a directory that does not hold another `memory_node/` (the cwd is first on
sys.path).
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import tempfile
import time
from pathlib import Path

import rclpy
from rclpy.executors import SingleThreadedExecutor

ROOT = Path(__file__).resolve().parents[1]


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--rounds", type=int, default=12)
    ap.add_argument("--spins", type=int, default=200)
    ap.add_argument("--out", default="")
    args = ap.parse_args()
    rclpy.init(args=["server_wait_set_cpu", "--ros-args", "--params-file",
                     str(ROOT / "config" / "memory.yaml"),
                     "-p", f"memory_dir:={tempfile.mkdtemp(prefix='wait_set_')}"])
    import memory_node
    from memory_node.nodes.memory_server import MemoryServer

    server = MemoryServer()
    executor = SingleThreadedExecutor()
    executor.add_node(server)
    readers = [s for s in server.subscriptions if s.topic_name.endswith("/_service_event")]
    handlers = [h for s in readers for h in s.event_handlers]

    def block() -> float:
        xs = []
        for _ in range(args.spins):
            c = time.thread_time_ns()
            executor.spin_once(timeout_sec=0)
            xs.append(time.thread_time_ns() - c)
        return statistics.median(xs) / 1e6

    for _ in range(50):
        executor.spin_once(timeout_sec=0)
    arms: dict[str, list[float]] = {"as_built": [], "without_event_reader_handlers": []}
    for r in range(args.rounds):
        order = list(arms) if r % 2 == 0 else list(arms)[::-1]
        for arm in order:
            stripped = arm != "as_built"
            if stripped:
                for h in handlers:
                    server.remove_waitable(h)
            for _ in range(5):
                executor.spin_once(timeout_sec=0)
            arms[arm].append(block())
            if stripped:
                for h in handlers:
                    server.add_waitable(h)
    ratios = [b / a for a, b in zip(arms["as_built"], arms["without_event_reader_handlers"],
                                    strict=True)]
    out = {
        "code": memory_node.__file__, "spins_per_block": args.spins, "rounds": args.rounds,
        "entities": {"subscriptions": len(list(server.subscriptions)),
                     "services": len(list(server.services)),
                     "timers": len(list(server.timers)),
                     "waitables": len(list(server.waitables)),
                     "event_reader_handlers": len(handlers)},
        "block_median_ms": {k: [round(x, 4) for x in v] for k, v in arms.items()},
        "median_ms": {k: round(statistics.median(v), 4) for k, v in arms.items()},
        "ratio_without_over_as_built_per_pair_median": round(statistics.median(ratios), 3),
        "pairs_lower_without": sum(x < 1 for x in ratios),
    }
    print(json.dumps(out, indent=1))
    if args.out:
        sys.path.insert(0, str(ROOT / "bench"))
        from recall_common import save_result
        print(f"wrote {save_result(args.out, out)}")
    server.destroy_node()
    rclpy.try_shutdown()
    return 0


if __name__ == "__main__":
    sys.exit(main())
