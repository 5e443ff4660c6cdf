"""What the CI benches share (bench/ci_*.py): a memory server process on loopback, busy
loops for load, their stop, and the summary printed and written. Imported after the
bench has set its ROS environment (rclpy reads it at import)."""

from __future__ import annotations

import json
import os
import signal
import statistics
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import rclpy
from environment import with_environment

ROOT = Path(__file__).resolve().parents[1]


def start_server(tmp: Path, log_name: str, *params: str) -> subprocess.Popen:
    """The memory server with the shipped configuration, memory in `tmp`/mem, no prefetch;
    `params` are more `name:=value` overrides."""
    with open(tmp / log_name, "wb") as out:
        command = [sys.executable, "-m", "memory_node.nodes.memory_server", "--ros-args",
                   "--params-file", str(ROOT / "config" / "memory.yaml"),
                   "-p", f"memory_dir:={tmp / 'mem'}", "-p", "recall.prefetch_batch:=0"]
        for param in params:
            command += ["-p", param]
        return subprocess.Popen(command, stdout=out, stderr=subprocess.STDOUT,
                                env=os.environ.copy())


def busy_loops(n: int) -> list[subprocess.Popen]:
    """`n` processes that only spin: load, as a CI machine's other jobs make."""
    return [subprocess.Popen([sys.executable, "-c", "while True: pass"]) for _ in range(n)]


def shut_down(server: subprocess.Popen, loops: list[subprocess.Popen]) -> None:
    """This process's rclpy, then the server, then the busy loops."""
    rclpy.try_shutdown()
    stop(server)
    for p in loops:
        p.kill()
        p.wait()


def stop(server: subprocess.Popen) -> None:
    server.send_signal(signal.SIGINT)
    try:
        server.wait(timeout=30)
    except subprocess.TimeoutExpired:
        server.kill()
        server.wait()


def report(summary: dict[str, Any], rows: list[dict[str, Any]], out: Path | None) -> None:
    """Print the summary; with `out`, write it with the command and the rows."""
    print(json.dumps(summary, indent=1))
    if out:
        out.write_text(json.dumps(with_environment(
            {"command": " ".join(sys.argv), **summary, "rows": rows}), indent=1) + "\n")


def finish_probe(node: Any, out: dict[str, Any], path: Path | None) -> int:
    """A hostile probe's end: its findings printed and, with `path`, written; the probe's
    node and rclpy shut down. The exit code (0: a probe reports, it does not judge)."""
    text = json.dumps(out, indent=1, default=str)
    print(text)
    if path:
        path.write_text(json.dumps(with_environment(out), indent=1, default=str) + "\n")
    node.destroy_node()
    rclpy.try_shutdown()
    return 0


def median_s(fn: Callable[[], object], reps: int) -> float:
    """The median wall time of `reps` calls of `fn`, in seconds."""
    times = []
    for _ in range(reps):
        t0 = time.perf_counter()
        fn()
        times.append(time.perf_counter() - t0)
    return statistics.median(times)
