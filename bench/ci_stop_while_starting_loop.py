"""A node stopped while starting, looped: how often its process dies (bench/README_ci.md, round 62).

Each run does what test_node_stop.py's stopped-while-starting test does with SIGINT not
ignored: the node's constructor runs, then sends its own process SIGINT and waits in the
constructor for the KeyboardInterrupt; the node's main goes on as it does (run_node's stop
while starting, end_process). A run is bad if its status is not 0 or its output holds a
traceback. Code trees run side by side (one worker per tree, at the same time, so under the
same load), each on its own ROS domain of MEMORY_NODE_TEST_DOMAIN's range.

    MEMORY_NODE_TEST_DOMAIN=15-17 .venv/bin/python bench/ci_stop_while_starting_loop.py \\
        --tree A=/tmp/base --tree B=$PWD --runs 100 --out bench/results/x.json

`--mode fork` (default): a worker imports the node's module once and forks a child per run
(~3-6 s a run at load 20-30, most of it the constructor); `--mode spawn`: a fresh interpreter
per run, the test's own way (its imports: ~15-35 s a run at that load). A bad run's output
(with PYTHONFAULTHANDLER's stacks of every Python thread) is kept in `--keep`; `--cores`
lets a crashed child write a core file there (`ulimit -c`; the kernel's core_pattern
decides the name) for gdb.
"""

from __future__ import annotations

import argparse
import faulthandler
import importlib
import json
import os
import resource
import signal
import subprocess
import sys
import threading
import time
from pathlib import Path
from typing import Any

from environment import with_environment

ROOT = Path(__file__).resolve().parents[1]
# node: module, class, parameters file
NODES: dict[str, tuple[str, str, str]] = {
    "planner": ("memory_node.planner.nodes.planner_node", "PlannerNode", "planner.yaml"),
    "perception": ("memory_node.nodes.perception_node", "PerceptionNode", "memory.yaml"),
}


def _bad(status: int, text: str) -> bool:
    return status != 0 or "Traceback" in text or "Exception ignored" in text


def _stop_in_constructor(node_class: Any) -> None:
    construct = node_class.__init__

    def __init__(self: Any, *args: Any, **kwargs: Any) -> None:  # noqa: N807
        construct(self, *args, **kwargs)
        os.kill(os.getpid(), signal.SIGINT)
        while True:   # the KeyboardInterrupt comes here, in the constructor
            threading.Event().wait(0.01)

    node_class.__init__ = __init__


def _fork_runs(tree: Path, node: str, runs: int, keep: Path, tag: str, until: float
               ) -> list[dict[str, Any]]:
    module_name, class_name, params = NODES[node]
    module = importlib.import_module(module_name)
    _stop_in_constructor(getattr(module, class_name))
    if threading.active_count() != 1:
        raise RuntimeError(f"threads before fork: {threading.enumerate()}")
    results = []
    for i in range(runs):
        if time.time() >= until:
            break
        log = keep / f"{tag}_{i}.txt"
        started = time.monotonic()
        pid = os.fork()
        if pid == 0:   # the child: the node's main, as its process runs it
            try:
                fd = os.open(str(log), os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o644)
                os.dup2(fd, 1)
                os.dup2(fd, 2)
                faulthandler.enable(all_threads=True)
                os.environ["ROS_LOG_DIR"] = str(keep / "ros_log")
                signal.signal(signal.SIGINT, signal.default_int_handler)
                sys.argv = [node, "--ros-args", "--params-file", str(tree / "config" / params)]
                status = module.main()
                os._exit(100 + int(status or 0))   # main returned: not the node's way
            except BaseException as exc:  # noqa: BLE001 - reported as the child's status
                print(f"run child: {exc!r}", file=sys.stderr, flush=True)
                os._exit(99)
        _, raw = os.waitpid(pid, 0)
        results.append(_result(tag, i, os.waitstatus_to_exitcode(raw), log, started))
    return results


def _spawn_runs(tree: Path, node: str, runs: int, keep: Path, tag: str, until: float
                ) -> list[dict[str, Any]]:
    module_name, class_name, params = NODES[node]
    probe = f"""
import importlib, os, signal, sys, threading
signal.signal(signal.SIGINT, signal.default_int_handler)
module = importlib.import_module({module_name!r})
node_class = getattr(module, {class_name!r})
construct = node_class.__init__
def __init__(self, *args, **kwargs):
    construct(self, *args, **kwargs)
    os.kill(os.getpid(), signal.SIGINT)
    while True:
        threading.Event().wait(0.01)
node_class.__init__ = __init__
sys.exit(module.main())
"""
    results = []
    for i in range(runs):
        if time.time() >= until:
            break
        log = keep / f"{tag}_{i}.txt"
        started = time.monotonic()
        with open(log, "wb") as out:
            status = subprocess.run(
                [sys.executable, "-c", probe, "--ros-args", "--params-file",
                 str(tree / "config" / params)], stdout=out, stderr=subprocess.STDOUT,
                timeout=300, env=dict(os.environ, ROS_LOG_DIR=str(keep / "ros_log"))).returncode
        results.append(_result(tag, i, status, log, started))
    return results


def _result(tag: str, i: int, status: int, log: Path, started: float) -> dict[str, Any]:
    text = log.read_text(errors="replace")
    bad = _bad(status, text)
    if bad:
        log.rename(log.with_name(f"BAD_{log.stem}_status{status}.txt"))
    else:
        log.unlink()
    row = {"tree": tag, "run": i, "status": status, "bad": bad,
           "s": round(time.monotonic() - started, 2),
           "stopped_while_starting": "stopped while starting" in text}
    print(json.dumps(row), flush=True)
    return row


def _worker(args: argparse.Namespace) -> None:
    sys.path.insert(0, str(ROOT / "test" / "ros"))
    import ros_harness  # the tests' environment: loopback, domain, large-message profile

    ros_harness.confine_to_loopback()
    os.environ.setdefault("PYTHONFAULTHANDLER", "1")
    if args.cores:
        resource.setrlimit(resource.RLIMIT_CORE, (resource.RLIM_INFINITY,
                                                  resource.RLIM_INFINITY))
    keep = Path(args.keep)
    keep.mkdir(parents=True, exist_ok=True)
    os.chdir(keep)   # a core file lands here
    runs = (_fork_runs if args.mode == "fork" else _spawn_runs)(
        Path(args.worker), args.node, args.runs, keep, args.tag, args.until)
    Path(args.worker_out).write_text(json.dumps(runs))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tree", action="append", default=[], help="NAME=PATH (repeat)")
    parser.add_argument("--node", choices=sorted(NODES), default="planner")
    parser.add_argument("--runs", type=int, default=100, help="runs per tree")
    parser.add_argument("--mode", choices=["fork", "spawn"], default="fork")
    parser.add_argument("--keep", default="/tmp/stop_while_starting_loop")
    parser.add_argument("--cores", action="store_true")
    parser.add_argument("--minutes", type=float, default=0.0,
                        help="no run starts after this long (0: no bound)")
    parser.add_argument("--out", required=True)
    parser.add_argument("--worker", help=argparse.SUPPRESS)
    parser.add_argument("--worker-out", help=argparse.SUPPRESS)
    parser.add_argument("--tag", default="run", help=argparse.SUPPRESS)
    parser.add_argument("--until", type=float, default=float("inf"), help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.worker:
        _worker(args)
        return
    trees = dict(t.split("=", 1) for t in args.tree) or {"here": str(ROOT)}
    given = os.environ.get("MEMORY_NODE_TEST_DOMAIN", "").strip()
    if not given:
        raise SystemExit("MEMORY_NODE_TEST_DOMAIN=LO-HI: one domain per tree")
    lo, _, hi = given.partition("-")
    domains = list(range(int(lo), int(hi or lo) + 1))
    if len(domains) < len(trees):
        raise SystemExit(f"{len(trees)} trees need {len(trees)} domains, given {given!r}")
    keep = Path(args.keep)
    until = time.time() + args.minutes * 60 if args.minutes > 0 else float("inf")
    workers = []
    for (name, path), domain in zip(trees.items(), domains, strict=False):
        worker_out = keep / f"{name}.json"
        cmd = [sys.executable, __file__, "--worker", str(Path(path).resolve()), "--node",
               args.node, "--runs", str(args.runs), "--mode", args.mode, "--keep",
               str(keep / name), "--worker-out", str(worker_out), "--tag", name,
               "--out", args.out, "--until", str(until)] + (["--cores"] if args.cores else [])
        env = dict(os.environ, PYTHONPATH=str(Path(path).resolve()),
                   MEMORY_NODE_TEST_DOMAIN=str(domain))
        workers.append((name, worker_out, subprocess.Popen(cmd, env=env, cwd=path)))
    summary: dict[str, Any] = {"node": args.node, "mode": args.mode, "runs_per_tree": args.runs,
                               "load_at_start": os.getloadavg(), "trees": {}}
    for name, worker_out, proc in workers:
        proc.wait()
        rows = json.loads(worker_out.read_text()) if worker_out.exists() else []
        statuses: dict[str, int] = {}
        for r in rows:
            statuses[str(r["status"])] = statuses.get(str(r["status"]), 0) + 1
        seconds = sorted(r["s"] for r in rows)
        summary["trees"][name] = {
            "path": trees[name], "runs": len(rows), "bad": sum(r["bad"] for r in rows),
            "statuses": statuses,
            "median_run_s": seconds[len(seconds) // 2] if seconds else None,
            "worker_status": proc.returncode}
    summary["load_at_end"] = os.getloadavg()
    Path(args.out).write_text(json.dumps(with_environment(summary), indent=1) + "\n")
    print(json.dumps(summary, indent=1))


if __name__ == "__main__":
    main()
