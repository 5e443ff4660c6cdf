"""Round 65 (flake66): writes the start-at-load variant of test_large_messages_dds into a
tree: the same test with the perception process held (SIGSTOP) for HOLD_S right after its
spawn and let go (SIGCONT) by a timer, as a process that gets no CPU at load. On 3e81fe0d
the 30 s wait for the node's subscriptions, counted from the spawn, runs out; on the branch
the start is waited for on the node's start line (START_TIMEOUT_S), then discovery.

    .venv/bin/python bench/ci_start_variant_r65.py <tree>
    # -> <tree>/test/ros/test_large_messages_variant_r65.py
Run by bench/ci_start_variant_r65.sh. Not a test of the suite (scratch trees only).

Round 66 (flake67), ``--restart``: the same for test_scene_graph_live's restart test, the
restarted server held for RESTART_HOLD_S right after its spawn (its start gets no CPU). On
b48ad0a5 the first read of the restarted server (20 s, counted once wait_for_service returns
at once on the old server's entry in the graph) runs out; on the branch the Watcher waits
for the server's start line first.

    .venv/bin/python bench/ci_start_variant_r65.py --restart <tree>
    # -> <tree>/test/ros/test_scene_restart_variant_r66.py

Round 67 (flake68), ``--bridge``: the same for test_view_bridge's drawing test, the bridge held
for BRIDGE_HOLD_S right after its spawn. On f8d8a395 the wait for its start line (the page
URL, 60 s) runs out, as it did at load 55; on the branch that wait is START_TIMEOUT_S.

    .venv/bin/python bench/ci_start_variant_r65.py --bridge <tree>
    # -> <tree>/test/ros/test_view_bridge_variant_r67.py"""
from __future__ import annotations

import sys
from pathlib import Path

HOLD_S = 35.0
RESTART_HOLD_S = 25.0
BRIDGE_HOLD_S = 65.0
BRIDGE_ANCHOR = (" " * 12 + "stdout=out, stderr=subprocess.STDOUT, cwd=REPO_ROOT,"
                 " env=os.environ.copy())\n")
RESTART_ANCHOR = (' ' * 8 + 'with server_process(tmp_path / "mem", tmp_path / "server2.log")'
                  ' as server:\n')


def _held(pid: str, indent: int, hold_s: float) -> str:
    """Lines that stop the process `pid` names now and continue it after `hold_s`."""
    pad = " " * indent
    return (f"{pad}import os, signal, threading  # noqa: E401  (the variant)\n"
            f"{pad}os.kill({pid}, signal.SIGSTOP)\n"
            f"{pad}threading.Timer({hold_s}, os.kill, ({pid}, signal.SIGCONT)).start()\n")


def restart_variant(tree: Path) -> None:
    src = (tree / "test/ros/test_scene_graph_live.py").read_text()
    assert RESTART_ANCHOR in src, "the restart test's second server_process line moved"
    src = src.replace(RESTART_ANCHOR,
                      RESTART_ANCHOR + _held("server.proc.pid", 12, RESTART_HOLD_S))
    (tree / "test/ros/test_scene_restart_variant_r66.py").write_text(src)


def bridge_variant(tree: Path) -> None:
    src = (tree / "test/ros/test_view_bridge.py").read_text()
    assert BRIDGE_ANCHOR in src, "the drawing test's bridge Popen line moved"
    # The test's function uses the module's os before the spawn: no local `import os` here.
    held = (" " * 8 + "import threading  # (the variant)\n"
            + " " * 8 + "os.kill(bridge.pid, signal.SIGSTOP)\n"
            + " " * 8 + f"threading.Timer({BRIDGE_HOLD_S}, os.kill, (bridge.pid, signal.SIGCONT))"
            ".start()\n")
    src = src.replace(BRIDGE_ANCHOR, BRIDGE_ANCHOR + held)
    (tree / "test/ros/test_view_bridge_variant_r67.py").write_text(src)


ANCHOR = (' ' * 22 + 'params={"stats_period_s": 0.05, "warn_throttle_s": 0.0})'
          ' as perception:\n')


def main() -> int:
    if sys.argv[1] == "--restart":
        restart_variant(Path(sys.argv[2]))
        return 0
    if sys.argv[1] == "--bridge":
        bridge_variant(Path(sys.argv[2]))
        return 0
    tree = Path(sys.argv[1])
    src = (tree / "test/ros/test_large_messages_dds.py").read_text()
    assert ANCHOR in src, "the test's node_process line moved"
    src = src.replace(ANCHOR, ANCHOR + _held("perception.proc.pid", 8, HOLD_S))
    src = src.replace("def test_every_best_effort_camera_frame_arrives(",
                      "def test_variant_start_held_35s(")
    (tree / "test/ros/test_large_messages_variant_r65.py").write_text(src)
    return 0


if __name__ == "__main__":
    sys.exit(main())
