"""Round 65 (flake66): writes the start-at-load variant of test_markers_contract into a tree:
each restarted server is held (SIGSTOP) for HOLD_S once its service is discovered and let go
(SIGCONT) by a timer, as a server that gets no CPU while it starts at load. On 3e81fe0d the
viewer's first read spends _wait_equal's 20 s on the start; on the branch warm_up waits for
the start (START_TIMEOUT_S) and the markers get their 20 s.

    .venv/bin/python bench/ci_markers_variant_r65.py <tree>
    # -> <tree>/test/ros/test_markers_variant_r65.py (scratch trees only)"""
from __future__ import annotations

import sys
from pathlib import Path

HOLD_S = 25.0
ANCHOR = "    wait_for_service(node, get_graph, server)\n    "


def main() -> int:
    tree = Path(sys.argv[1])
    src = (tree / "test/ros/test_markers_contract.py").read_text()
    head, sep, tail = src.rpartition(ANCHOR)   # the last one: _viewer_sees_the_graph's
    assert sep, "the viewer's wait_for_service line moved"
    held = (f"{' ' * 4}wait_for_service(node, get_graph, server)\n"
            f"{' ' * 4}import os, signal, threading  # noqa: E401  (the variant)\n"
            f"{' ' * 4}os.kill(server.proc.pid, signal.SIGSTOP)\n"
            f"{' ' * 4}threading.Timer({HOLD_S}, os.kill, "
            f"(server.proc.pid, signal.SIGCONT)).start()\n    ")
    (tree / "test/ros/test_markers_variant_r65.py").write_text(head + held + tail)
    return 0


if __name__ == "__main__":
    sys.exit(main())
