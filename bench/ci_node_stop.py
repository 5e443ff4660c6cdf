"""SIGINT -> exit of each node process (perception, planner, household world, memory
server), code trees A and B interleaved, on loopback (bench/README_ci.md, round 58).

Each stop: the node started as `python -m <module>` with the shipped configuration, run from
the tree (cwd and PYTHONPATH), until its start line is logged and `--settle` seconds more;
then SIGINT, and the time until the process has exited, and its status. `--loops` busy
loops make load. Prints and writes medians per (node, tree) and every stop.

    MEMORY_NODE_TEST_DOMAIN=16 .venv/bin/python bench/ci_node_stop.py \\
        --tree A=/tmp/flake58/base --tree B=$PWD --stops 5 --out bench/results/x.json

`--while-starting` (round 59): a stop before the constructor returned instead. The node's
main runs under a probe whose constructor sends its process SIGINT as it ends (Python's
SIGINT handler set to the default, not inherited); the time is from that send to the exit,
with whether the interpreter's teardown ran (an exit handler's marker file).
"""

from __future__ import annotations

import argparse
import json
import os
import signal
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

from environment import with_environment

ROOT = Path(__file__).resolve().parents[1]
# module, parameters file, extra parameters, the line the node logs once started
NODES: dict[str, tuple[str, str, list[str], str]] = {
    "perception": ("memory_node.nodes.perception_node", "memory.yaml", [], "perception: "),
    "planner": ("memory_node.planner.nodes.planner_node", "planner.yaml", [], "planner ready"),
    "world": ("memory_node.sim.nodes.world_node", "sim.yaml", ["layout.seed:=3"], "house "),
    "memory_server": ("memory_node.nodes.memory_server", "memory.yaml",
                      ["recall.prefetch_batch:=0"], "memory at"),
}


CLASSES = {"perception": "PerceptionNode", "planner": "PlannerNode", "world": "WorldNode",
           "memory_server": "MemoryServer"}
WHILE_STARTING_PROBE = """
import atexit, importlib, os, signal, sys, threading, time
from pathlib import Path
marker = Path(sys.argv.pop(1))
signal.signal(signal.SIGINT, signal.default_int_handler)
module = importlib.import_module(sys.argv.pop(1))
node_class = getattr(module, sys.argv.pop(1))
atexit.register(lambda: marker.write_text("teardown"))
construct = node_class.__init__
def __init__(self, *args, **kwargs):
    construct(self, *args, **kwargs)
    print(f"SIGINT at {time.monotonic():.4f}", file=sys.stderr, flush=True)
    os.kill(os.getpid(), signal.SIGINT)
    threading.Event().wait(30)
node_class.__init__ = __init__
sys.exit(module.main())
"""


def stop_while_starting(tree: Path, node: str, tmp: Path, env: dict[str, str]
                        ) -> dict[str, Any]:
    module, params_file, params, _ready = NODES[node]
    log, marker = tmp / f"{node}.log", tmp / "teardown"
    command = [sys.executable, "-c", WHILE_STARTING_PROBE, str(marker), module, CLASSES[node],
               "--ros-args", "--params-file", str(tree / "config" / params_file)]
    for p in params + ([f"memory_dir:={tmp / 'mem'}"] if node == "memory_server" else []):
        command += ["-p", p]
    with open(log, "wb") as out:
        proc = subprocess.Popen(command, cwd=tree, stdout=out, stderr=subprocess.STDOUT,
                                env=dict(env, PYTHONPATH=str(tree)))
    try:
        status = proc.wait(timeout=180)
    except subprocess.TimeoutExpired:
        proc.kill()
        status = proc.wait()
    end = time.monotonic()
    text = log.read_text(errors="replace")
    sent = [float(line.split()[-1]) for line in text.splitlines() if line.startswith("SIGINT at")]
    return {"node": node, "stop_s": round(end - sent[0], 3) if sent else None, "status": status,
            "teardown": marker.exists(), "stopped_while_starting": "stopped while starting" in text,
            "traceback": "Traceback" in text, "load": round(os.getloadavg()[0], 1)}


def one_stop(tree: Path, node: str, tmp: Path, settle_s: float, env: dict[str, str]
             ) -> dict[str, Any]:
    module, params_file, params, ready = NODES[node]
    log = tmp / f"{node}.log"
    command = [sys.executable, "-m", module, "--ros-args", "--params-file",
               str(tree / "config" / params_file)]
    for p in params + ([f"memory_dir:={tmp / 'mem'}"] if node == "memory_server" else []):
        command += ["-p", p]
    with open(log, "wb") as out:
        proc = subprocess.Popen(command, cwd=tree, stdout=out, stderr=subprocess.STDOUT,
                                env=dict(env, PYTHONPATH=str(tree)))
    started = time.monotonic()
    while ready not in log.read_text(errors="replace"):
        if proc.poll() is not None or time.monotonic() - started > 120:
            proc.kill()
            proc.wait()
            raise RuntimeError(f"{node} did not start:\n{log.read_text()[-2000:]}")
        time.sleep(0.05)
    time.sleep(settle_s)
    t0 = time.monotonic()
    proc.send_signal(signal.SIGINT)
    try:
        status = proc.wait(timeout=60)
    except subprocess.TimeoutExpired:
        proc.kill()
        status = proc.wait()
    return {"node": node, "stop_s": round(time.monotonic() - t0, 3), "status": status,
            "start_s": round(t0 - started - settle_s, 2),
            "load": round(os.getloadavg()[0], 1)}


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--tree", action="append", required=True, help="NAME=path of a checkout")
    ap.add_argument("--node", action="append", choices=sorted(NODES))
    ap.add_argument("--stops", type=int, default=5, help="stops per (node, tree)")
    ap.add_argument("--settle", type=float, default=1.0, help="seconds after the start line")
    ap.add_argument("--loops", type=int, default=0, help="busy loops for load")
    ap.add_argument("--while-starting", action="store_true",
                    help="SIGINT as the constructor ends (a stop while starting)")
    ap.add_argument("--out", type=Path)
    args = ap.parse_args()
    trees = dict(t.split("=", 1) for t in args.tree)
    nodes = args.node or ["perception", "planner", "world"]
    domain = os.environ.get("MEMORY_NODE_TEST_DOMAIN", "16").split("-")[0]
    env = dict(os.environ, ROS_DOMAIN_ID=domain, ROS_AUTOMATIC_DISCOVERY_RANGE="LOCALHOST",
               RCUTILS_LOGGING_BUFFERED_STREAM="0", OMP_NUM_THREADS="1")
    loops = [subprocess.Popen([sys.executable, "-c", "while True: pass"])
             for _ in range(args.loops)]
    rows: list[dict[str, Any]] = []
    try:
        for i in range(args.stops):
            for node in nodes:
                for name, path in (trees.items() if i % 2 == 0 else reversed(trees.items())):
                    with tempfile.TemporaryDirectory(prefix="stop_") as tmp:
                        row = (stop_while_starting(Path(path), node, Path(tmp), env)
                               if args.while_starting else
                               one_stop(Path(path), node, Path(tmp), args.settle, env))
                    row["tree"] = name
                    rows.append(row)
                    print(json.dumps(row), flush=True)
    finally:
        for p in loops:
            p.kill()
            p.wait()
    timed = [r for r in rows if r["stop_s"] is not None]
    summary = {f"{node} {name}": {
        "median_s": statistics.median(r["stop_s"] for r in timed
                                      if r["node"] == node and r["tree"] == name),
        "range_s": [min(r["stop_s"] for r in timed if r["node"] == node and r["tree"] == name),
                    max(r["stop_s"] for r in timed if r["node"] == node and r["tree"] == name)],
        "statuses": sorted({r["status"] for r in rows if r["node"] == node
                            and r["tree"] == name}),
        "teardowns": sum(bool(r.get("teardown")) for r in rows
                         if r["node"] == node and r["tree"] == name),
        "load": [min(r["load"] for r in rows if r["node"] == node and r["tree"] == name),
                 max(r["load"] for r in rows if r["node"] == node and r["tree"] == name)]}
        for node in nodes for name in trees}
    print(json.dumps(summary, indent=1))
    if args.out:
        args.out.write_text(json.dumps(with_environment({
            "command": " ".join(sys.argv), "trees": trees, "settle_s": args.settle,
            "while_starting": args.while_starting,
            "loops": args.loops, "summary": summary, "rows": rows}), indent=1) + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
