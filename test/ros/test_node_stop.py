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
from rcl_interfaces.srv import ListParameters
from rclpy.node import Node
from ros_harness import CALL_TIMEOUT_S, CONFIG, READ_RESEND_S, call

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
# A node's main whose clean-up gets a second SIGINT as it begins, as a terminal's Ctrl-C
# does: it reaches a bringup and each of its nodes, and the bringup sends each a SIGINT too.
SECOND_SIGINT_PROBE = """
import importlib
import os
import signal
import sys

module = importlib.import_module(sys.argv.pop(1))
node_class = getattr(module, sys.argv.pop(1))
clean_up = node_class.destroy_node


def destroy_node(self):
    os.kill(os.getpid(), signal.SIGINT)
    print("second SIGINT sent", file=sys.stderr, flush=True)
    clean_up(self)


node_class.destroy_node = destroy_node
sys.exit(module.main())
"""
# A node's main whose constructor is stopped as it ends (SIGINT after its last statement,
# the start line logged), with an exit handler standing for the interpreter's teardown.
# Python's SIGINT handler is set first (rclpy's chains to it), not inherited: "ignore" is
# a process started in the background by a non-interactive shell (`cmd &`), whose SIGINT
# only shuts the context down (rclpy's handler), without a KeyboardInterrupt.
STOP_WHILE_STARTING_PROBE = """
import atexit
import importlib
import os
import signal
import sys
import threading
from pathlib import Path

marker = Path(sys.argv.pop(1))
ignored = sys.argv.pop(1) == "ignore"
signal.signal(signal.SIGINT, signal.SIG_IGN if ignored else signal.default_int_handler)
module = importlib.import_module(sys.argv.pop(1))
node_class = getattr(module, sys.argv.pop(1))
atexit.register(lambda: marker.write_text("the interpreter's teardown ran"))
construct = node_class.__init__


def __init__(self, *args, **kwargs):
    construct(self, *args, **kwargs)
    os.kill(os.getpid(), signal.SIGINT)
    # the KeyboardInterrupt comes here, in the constructor; ignored, the context is shut down
    while not ignored or self.context.ok():
        threading.Event().wait(0.01)


node_class.__init__ = __init__
sys.exit(module.main())
"""
START_S = 120.0   # a world's start (its renderer) on a loaded host
STOP_S = 30.0
# node: module, parameters file, parameters, the line it logs once started, a line its
# clean-up logs (before the exit), its class, its node name
NODES = {
    "perception": ("memory_node.nodes.perception_node", "memory.yaml", [], "perception: ",
                   "", "PerceptionNode", "perception_node"),
    "planner": ("memory_node.planner.nodes.planner_node", "planner.yaml", [],
                "planner ready", "", "PlannerNode", "planner"),
    "world": ("memory_node.sim.nodes.world_node", "sim.yaml",
              ["layout.seed:=3", "sensors.rate_hz:=2.0"], "house ", "frames published",
              "WorldNode", "household_world"),
}
SERVER = ("memory_node.nodes.memory_server", "memory.yaml", ["recall.prefetch_batch:=0"],
          "memory at", "", "MemoryServer", "memory_server")


def _wait_for(log: Path, text: str, proc: subprocess.Popen, timeout: float) -> None:
    pause = threading.Event()
    waited = 0.0
    while text not in log.read_text(errors="replace"):
        assert proc.poll() is None and waited < timeout, \
            f"{text!r} not logged:\n{log.read_text(errors='replace')[-3000:]}"
        pause.wait(0.05)
        waited += 0.05


def _stop(node: Node, probe: list[str], spec: tuple, tmp_path: Path, extra: list[str]
          ) -> tuple[int, str]:
    """The node started through `probe` (its arguments first), SIGINT once it serves; its
    status and output."""
    _module, params_file, params, started, _cleaned, _cls, name = spec
    args = [sys.executable, "-c", *probe, "--ros-args", "--params-file",
            str(CONFIG / params_file)]
    for p in params + extra:
        args += ["-p", p]
    log = tmp_path / "node.log"
    with open(log, "wb") as out:
        proc = subprocess.Popen(args, stdout=out, stderr=subprocess.STDOUT,
                                env=dict(os.environ, ROS_LOG_DIR=str(tmp_path / "ros_log")))
    try:
        _wait_for(log, started, proc, START_S)
        # Its start line comes at the end of its constructor; a stop before the constructor
        # returned is a stop while starting (status 0, no clean-up: r3 of round 58 met it).
        # A request answered says it spins.
        client = node.create_client(ListParameters, f"/{name}/list_parameters")
        try:
            call(node, client, ListParameters.Request(), timeout=CALL_TIMEOUT_S * 3,
                 resend_after=READ_RESEND_S)
        finally:
            node.destroy_client(client)
        proc.send_signal(signal.SIGINT)
        status = proc.wait(timeout=STOP_S)
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait()
    return status, log.read_text(errors="replace")[-3000:]


@pytest.mark.parametrize("node", sorted(NODES))
def test_a_stopped_node_exits_without_the_interpreters_teardown(
        node: str, client_node: Node, tmp_path: Path) -> None:
    spec = NODES[node]
    marker = tmp_path / "teardown_ran"
    status, output = _stop(client_node, [TEARDOWN_PROBE, str(marker), spec[0]], spec,
                           tmp_path, [])
    assert status == 0, output
    assert not marker.exists(), output
    assert spec[4] in output, output   # its clean-up ran before the exit
    # rcl's log file was flushed before the exit (the context's logging clean-up).
    logged = "".join(f.read_text(errors="replace") for f in (tmp_path / "ros_log").iterdir())
    assert spec[3] in logged, logged[-2000:]


@pytest.mark.parametrize("node", [*sorted(NODES), "memory_server"])
def test_a_second_sigint_during_the_clean_up_is_absorbed(node: str, client_node: Node,
                                                         tmp_path: Path) -> None:
    """Round 58, a bringup stopped by Ctrl-C (its nodes got the terminal's SIGINT and the
    bringup's): KeyboardInterrupt broke the clean-up off part-way, with a traceback (the
    memory server's store close while joining its checkpointer, the world's renderer
    close). Here the second SIGINT comes as the clean-up begins: the clean-up completes,
    status 0."""
    spec = NODES.get(node, SERVER)
    memory_dir = tmp_path / "mem"
    status, output = _stop(client_node, [SECOND_SIGINT_PROBE, spec[0], spec[5]], spec, tmp_path,
                           [f"memory_dir:={memory_dir}"] if node == "memory_server" else [])
    assert "second SIGINT sent" in output, output
    assert status == 0, output
    assert "Traceback" not in output and "KeyboardInterrupt" not in output, output
    assert spec[4] in output, output
    if node == "memory_server":   # its store closed: checkpointed, no WAL left
        assert (memory_dir / "memory.sqlite").exists(), output
        assert not (memory_dir / "memory.sqlite-wal").exists(), output


@pytest.mark.parametrize("sigint", ["interrupt", "ignore"])
@pytest.mark.parametrize("node", [*sorted(NODES), "memory_server"])
def test_a_node_stopped_while_starting_exits_without_the_interpreters_teardown(
        node: str, sigint: str, tmp_path: Path) -> None:
    """Round 59 (the lead's note of round 58): SIGINT before the constructor returned
    ("stopped while starting") returned from run_node and the interpreter's teardown ran,
    0.6-3.8 s at load 10; now the process ends as after any stop: status 0, rcl's log file
    flushed, later stop signals absorbed. With SIGINT ignored by Python the constructor
    completes in a shut-down context: the planner's and the world's executor raised
    RCLError out of run_node (status 1), the others' a traceback ignored in its __del__;
    now that is a stop with the node's clean-up."""
    module, params_file, params, started, cleaned, cls, _name = NODES.get(node, SERVER)
    marker = tmp_path / "teardown_ran"
    args = [sys.executable, "-c", STOP_WHILE_STARTING_PROBE, str(marker), sigint, module, cls,
            "--ros-args", "--params-file", str(CONFIG / params_file)]
    for p in params + ([f"memory_dir:={tmp_path / 'mem'}"] if node == "memory_server" else []):
        args += ["-p", p]
    done = subprocess.run(args, stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                          timeout=START_S + STOP_S,
                          env=dict(os.environ, ROS_LOG_DIR=str(tmp_path / "ros_log")))
    output = done.stdout.decode(errors="replace")[-3000:]
    assert done.returncode == 0, output
    if sigint == "interrupt":
        assert "stopped while starting" in output, output
    else:   # the constructor completed: the node's own clean-up ran
        assert cleaned in output, output
    assert "Traceback" not in output and "Exception ignored" not in output, output
    assert not marker.exists(), output
    logged = "".join(f.read_text(errors="replace") for f in (tmp_path / "ros_log").iterdir())
    assert started in logged, logged[-2000:]
