"""Round 65 (flake66): writes the start-at-load variant of test_large_messages_dds into a
tree: the same test with the perception process held (SIGSTOP) for HOLD_S right after its
spawn and let go (SIGCONT) by a timer, as a process that gets no CPU at load. On 3e81fe0d
the 30 s wait for the node's subscriptions, counted from the spawn, runs out; on the branch
the start is waited for on the node's start line (START_TIMEOUT_S), then discovery.

    .venv/bin/python bench/ci_start_variant_r65.py <tree>
    # -> <tree>/test/ros/test_large_messages_variant_r65.py
Run by bench/ci_start_variant_r65.sh. Not a test of the suite (scratch trees only)."""
from __future__ import annotations

import sys
from pathlib import Path

HOLD_S = 35.0
ANCHOR = (' ' * 22 + 'params={"stats_period_s": 0.05, "warn_throttle_s": 0.0})'
          ' as perception:\n')


def main() -> int:
    tree = Path(sys.argv[1])
    src = (tree / "test/ros/test_large_messages_dds.py").read_text()
    assert ANCHOR in src, "the test's node_process line moved"
    held = (f"{' ' * 8}import signal, threading  # noqa: E401  (the variant)\n"
            f"{' ' * 8}os.kill(perception.proc.pid, signal.SIGSTOP)\n"
            f"{' ' * 8}threading.Timer({HOLD_S}, os.kill, "
            f"(perception.proc.pid, signal.SIGCONT)).start()\n")
    src = src.replace(ANCHOR, ANCHOR + held)
    src = src.replace("def test_every_best_effort_camera_frame_arrives(",
                      "def test_variant_start_held_35s(")
    (tree / "test/ros/test_large_messages_variant_r65.py").write_text(src)
    return 0


if __name__ == "__main__":
    sys.exit(main())
