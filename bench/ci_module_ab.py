"""A test module's wall time on two checkouts, alternated: this one and `--against DIR`.

A CI cut is kept only when the same tests, run one after the other on both codes in the same
minutes, take clearly less time with it (the machine's load moves by a factor of two within
minutes). Each run is `pytest -p no:dash -q -n 0 --durations=0 FILES` in the checkout's own
directory (with its code on PYTHONPATH), one domain for both (MEMORY_NODE_TEST_DOMAIN from the
caller; the runs never overlap); the result keeps pytest's own seconds, the slowest phases,
the 1-minute load at the end, and per checkout the median and the ratio of medians.

    ROS_AUTOMATIC_DISCOVERY_RANGE=LOCALHOST MEMORY_NODE_TEST_DOMAIN=87 PYTHONPATH=$PWD \\
      .venv/bin/python bench/ci_module_ab.py --against /tmp/base --rounds 3 \\
      --out bench/results/ci_module_ab_r46.json test/ros/test_vlm_state_node.py
"""

from __future__ import annotations

import argparse
import json
import os
import re
import statistics
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

from environment import with_environment

ROOT = Path(__file__).resolve().parents[1]
SUMMARY = re.compile(r"in ([0-9.]+)s")
PHASE = re.compile(r"^([0-9.]+)s (setup|call|teardown)\s+(\S+)$")


def one_run(tree: Path, files: list[str], timeout_s: float) -> dict[str, Any]:
    env = os.environ | {"PYTHONPATH": str(tree)}
    began = time.monotonic()
    done = subprocess.run(
        [str(tree / ".venv" / "bin" / "python"), "-m", "pytest", "-p", "no:dash", "-q", "-n",
         "0", "--durations=0", *files], cwd=tree, env=env, capture_output=True, text=True,
        timeout=timeout_s)
    wall = time.monotonic() - began
    lines = done.stdout.strip().splitlines()
    last = lines[-1] if lines else ""
    seconds = SUMMARY.search(last)
    phases = [{"s": float(m.group(1)), "phase": m.group(2), "test": m.group(3)}
              for m in (PHASE.match(line) for line in lines) if m and float(m.group(1)) >= 0.5]
    return {"tree": str(tree), "rc": done.returncode, "result": last,
            "pytest_s": float(seconds.group(1)) if seconds else None, "wall_s": round(wall, 1),
            "load_1min": os.getloadavg()[0], "phases": phases}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("files", nargs="+", help="test files, relative to each checkout")
    parser.add_argument("--against", type=Path, required=True,
                        help="the other checkout (with its own .venv link)")
    parser.add_argument("--rounds", type=int, default=2)
    parser.add_argument("--timeout-s", type=float, default=1800.0)
    parser.add_argument("--out", type=Path, default=None)
    args = parser.parse_args()
    trees = [args.against.resolve(), ROOT]
    runs = []
    for round_ in range(args.rounds):
        for tree in trees:  # the other code first in every round
            run = one_run(tree, args.files, args.timeout_s) | {"round": round_ + 1}
            runs.append(run)
            print(f"round {round_ + 1} {tree}: {run['result']} (load {run['load_1min']:.1f})",
                  flush=True)
    medians = {}
    for tree in trees:
        times = [r["pytest_s"] for r in runs if r["tree"] == str(tree) and r["rc"] == 0]
        medians[str(tree)] = statistics.median(times) if times else None
    base, this = medians[str(trees[0])], medians[str(trees[1])]
    summary = {"files": args.files, "rounds": args.rounds, "median_pytest_s": medians,
               "ratio_this_to_other": round(this / base, 3) if base and this else None,
               "all_passed": all(r["rc"] == 0 for r in runs)}
    print(json.dumps(summary, indent=2))
    if args.out is not None:
        args.out.write_text(json.dumps(with_environment({"summary": summary, "runs": runs}),
                                       indent=1) + "\n")


if __name__ == "__main__":
    sys.exit(main())
