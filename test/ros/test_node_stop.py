"""The perception, planner and household-world processes exit once stopped, as the memory
server does since round 57 (runner.end_process; test_memory_server.py's teardown test):
after SIGINT each cleans up what it owns (destroy_node: the perception node's frame in
progress, the planner's running instruction cancelled, the world's sensor and clock
threads and its renderer) and exits with status 0 without the interpreter's teardown,
which was most of a stop at load (bench/README_ci.md, round 58: 0.5-1.6 s and more) and
which a launcher's SIGTERM could cut short (status -15, round 57)."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import threading
from pathlib import Path

import pytest
from ros_harness import CONFIG

pytestmark = pytest.mark.ros

# A node's main, with an exit handler standing for the interpreter's teardown.
TEARDOWN_PROBE = """
import atexit
import importlib
import sys
from pathlib import Path

marker = Path(sys.argv.pop(1))
module = sys.argv.pop(1)
atexit.register(lambda: marker.write_text("the interpreter's teardown ran"))
sys.exit(importlib.import_module(module).main())
"""
START_S = 120.0   # a world's start (its renderer) on a loaded host
STOP_S = 30.0
# node: module, parameters file, parameters, the line it logs once started, a line its
# clean-up logs (before the exit)
NODES = {
    "perception": ("memory_node.nodes.perception_node", "memory.yaml", [], "perception: ",
                   ""),
    "planner": ("memory_node.planner.nodes.planner_node", "planner.yaml", [],
                "planner ready", ""),
    "world": ("memory_node.sim.nodes.world_node", "sim.yaml",
              ["layout.seed:=3", "sensors.rate_hz:=2.0"], "house ", "frames published"),
}


def _wait_for(log: Path, text: str, proc: subprocess.Popen, timeout: float) -> None:
    pause = threading.Event()
    waited = 0.0
    while text not in log.read_text(errors="replace"):
        assert proc.poll() is None and waited < timeout, \
            f"{text!r} not logged:\n{log.read_text(errors='replace')[-3000:]}"
        pause.wait(0.05)
        waited += 0.05


@pytest.mark.parametrize("node", sorted(NODES))
def test_a_stopped_node_exits_without_the_interpreters_teardown(node: str,
                                                                tmp_path: Path) -> None:
    module, params_file, params, started, cleaned = NODES[node]
    marker = tmp_path / "teardown_ran"
    args = [sys.executable, "-c", TEARDOWN_PROBE, str(marker), module, "--ros-args",
            "--params-file", str(CONFIG / params_file)]
    for p in params:
        args += ["-p", p]
    log = tmp_path / "node.log"
    with open(log, "wb") as out:
        proc = subprocess.Popen(args, stdout=out, stderr=subprocess.STDOUT,
                                env=dict(os.environ, ROS_LOG_DIR=str(tmp_path / "ros_log")))
    try:
        _wait_for(log, started, proc, START_S)
        proc.send_signal(signal.SIGINT)
        status = proc.wait(timeout=STOP_S)
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait()
    output = log.read_text(errors="replace")[-3000:]
    assert status == 0, output
    assert not marker.exists(), output
    assert cleaned in output, output   # its clean-up ran before the exit
    # rcl's log file was flushed before the exit (the context's logging clean-up).
    logged = "".join(f.read_text(errors="replace") for f in (tmp_path / "ros_log").iterdir())
    assert started in logged, logged[-2000:]
