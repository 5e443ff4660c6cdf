"""Start the memory_node nodes from a parameter file, each in its own process.

This is what `ros2 launch memory_node memory.launch.py` does on a robot, for machines where
the launch tools are not installed (ROS 2 from PyPI wheels). A node that dies is restarted
(as `respawn=True` in the launch file); Ctrl-C stops them all.

    python -m memory_node.bringup [--params-file config/memory.yaml] [--nodes memory_server]
        [--namespace /robot1] [-p memory_server:memory_dir:=/tmp/mem]
"""

from __future__ import annotations

import argparse
import signal
import subprocess
import sys
import threading
from collections.abc import Callable
from pathlib import Path

from memory_node.transport import large_message_env

NODES = {
    "memory_server": "memory_node.nodes.memory_server",
    "vlm_state": "memory_node.nodes.vlm_state_node",  # optional: only when listed in --nodes
    "perception_node": "memory_node.nodes.perception_node",
}
DEFAULT_PARAMS = Path(__file__).resolve().parents[1] / "config" / "memory.yaml"


class Bringup:
    """The node processes, restarted when they die until stop() is called."""

    def __init__(self, params_file: Path, nodes: list[str],
                 overrides: dict[str, list[str]] | None = None, respawn: bool = True,
                 namespace: str = "") -> None:
        unknown = [n for n in nodes if n not in NODES]
        if unknown:
            raise ValueError(f"unknown node(s) {unknown}; known: {', '.join(NODES)}")
        if not params_file.is_file():
            raise FileNotFoundError(f"parameter file {params_file} not found")
        self.params_file = params_file
        self.nodes = nodes
        self.overrides = overrides or {}
        self.respawn = respawn
        self.namespace = namespace
        self.processes: dict[str, subprocess.Popen] = {}
        self.restarts: dict[str, int] = {}   # restarts after a crash, per node
        # Where each node's output goes (None: this terminal), and whether the nodes get a
        # session of their own (a terminal's Ctrl-C then reaches only the caller, which
        # stops them in order instead of racing its own supervisor).
        self.log_dir: Path | None = None
        self.new_session = False
        self._stopping = threading.Event()
        # Held while the supervisor looks at or replaces a process, so a deliberate
        # restart (restart()) and a crash restart never both start the same node.
        self._lock = threading.RLock()
        self._env: dict[str, str] | None = None

    def env(self) -> dict[str, str]:
        """The nodes' environment: the large-message DDS transport for the camera path when
        /dev/shm can hold a segment per node (checked once, warned about otherwise)."""
        if self._env is None:
            self._env = large_message_env(processes=len(self.nodes) + 1)
        return self._env

    def command(self, name: str) -> list[str]:
        args = [sys.executable, "-m", NODES[name], "--ros-args", "-r", f"__node:={name}",
                "--params-file", str(self.params_file)]
        if self.namespace:  # every name is relative: one robot's nodes under /robot1/...
            args += ["-r", f"__ns:={self.namespace}"]
        for override in self.overrides.get(name, []):
            args += ["-p", override]
        return args

    def spawn(self, name: str) -> subprocess.Popen:
        if self.log_dir is None:
            return subprocess.Popen(self.command(name), start_new_session=self.new_session,
                                    env=self.env())
        self.log_dir.mkdir(parents=True, exist_ok=True)
        with open(self.log_dir / f"{name}.log", "ab") as log:
            return subprocess.Popen(self.command(name), stdout=log, stderr=subprocess.STDOUT,
                                    stdin=subprocess.DEVNULL, env=self.env(),
                                    start_new_session=self.new_session)

    def start(self) -> None:
        for name in self.nodes:
            self.processes[name] = self.spawn(name)

    def supervise(self) -> int:
        """Wait until stopped; restart nodes that die. Returns the exit status."""
        while not self._stopping.wait(0.5):
            with self._lock:
                for name, proc in list(self.processes.items()):
                    code = proc.poll()
                    if code is None or self._stopping.is_set():
                        continue
                    if not self.respawn or code == 2:  # 2: refused to start (bad parameters)
                        print(f"[bringup] {name} exited with {code}", file=sys.stderr)
                        self.stop()
                        return code or 1
                    print(f"[bringup] {name} exited with {code}; restarting", file=sys.stderr)
                    self.restarts[name] = self.restarts.get(name, 0) + 1
                    self.processes[name] = self.spawn(name)
        return 0

    def restart(self, name: str, before_start: Callable[[], None] | None = None) -> None:
        """Stop one node and start it again with its current command (e.g. new
        overrides); `before_start` runs while it is down. Not counted as a crash."""
        with self._lock:
            proc = self.processes.get(name)
            if proc is not None:
                _stop_all([proc])
            if before_start is not None:
                before_start()
            self.processes[name] = self.spawn(name)

    def stop(self) -> None:
        self._stopping.set()
        with self._lock:
            _stop_all(list(self.processes.values()))


def _stop_all(procs: list[subprocess.Popen]) -> None:
    """SIGINT (each node shuts down cleanly), SIGKILL after 10 s."""
    for proc in procs:
        if proc.poll() is None:
            proc.send_signal(signal.SIGINT)
    for proc in procs:
        try:
            proc.wait(timeout=10)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait()


def parse_overrides(items: list[str]) -> dict[str, list[str]]:
    overrides: dict[str, list[str]] = {}
    for item in items:
        node, sep, assignment = item.partition(":")
        if not sep or ":=" not in assignment:
            raise ValueError(f"override {item!r} is not NODE:NAME:=VALUE")
        overrides.setdefault(node, []).append(assignment)
    return overrides


def run_supervised(bringup: Bringup) -> int:
    """Start the processes and supervise them until Ctrl-C or SIGTERM; the exit status."""
    signal.signal(signal.SIGTERM, lambda *_: bringup.stop())
    bringup.start()
    try:
        return bringup.supervise()
    except KeyboardInterrupt:
        bringup.stop()
        return 0


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--params-file", type=Path, default=DEFAULT_PARAMS)
    parser.add_argument("--nodes", default="memory_server",
                        help=f"comma-separated, of: {', '.join(NODES)}")
    parser.add_argument("--namespace", default="",
                        help="start the nodes in this namespace, e.g. /robot1")
    parser.add_argument("-p", dest="overrides", action="append", default=[],
                        metavar="NODE:NAME:=VALUE", help="parameter override")
    args = parser.parse_args(argv)
    try:
        bringup = Bringup(args.params_file, args.nodes.split(","),
                          parse_overrides(args.overrides), namespace=args.namespace)
    except (ValueError, FileNotFoundError) as exc:
        parser.error(str(exc))
    return run_supervised(bringup)


if __name__ == "__main__":
    sys.exit(main())
