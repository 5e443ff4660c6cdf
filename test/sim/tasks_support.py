"""Shared bits of the task-suite tests (a module, not a conftest: test/sim/conftest.py
belongs to the household world's tests)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import threading
import time
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest
from bench_scripts import load_bench

from memory_node.sim.tasks.floorplans import data_available

FIXTURES = Path(__file__).resolve().parent / "fixtures"
ROOT = Path(__file__).resolve().parents[2]

# Floor-plan data ships in alfworld (scripts/setup.sh installs it); without it, say so.
requires_floor_plans = pytest.mark.skipif(
    not data_available(),
    reason="alfworld (floor-plan object lists) is not installed; run scripts/setup.sh")


# Two tasks on kitchen 1 (the bench's tuning house): the second needs the apple the first
# shut in the fridge.
FRIDGE_SUITE = {
    "format": "memory_node-task-suite", "version": 1, "name": "fridge",
    "sequences": [{"id": "k1", "category": "composite", "floor_plan": 1, "tasks": [
        {"id": "store", "instruction": "Put the apple in the fridge and close it.",
         "subtasks": [{"goal_conditions": ["INSIDE(Apple, Fridge)"]},
                      {"goal_conditions": ["CLOSED(Fridge)"]}]},
        {"id": "serve", "instruction": "Put the apple back on the counter.",
         "subtasks": [{"goal_conditions": ["ON(Apple, CounterTop)"]}]}]}]}


def load_tasks_bench(name: str = "tasks_ablation") -> ModuleType:
    """bench/tasks_ablation.py as a module."""
    return load_bench("tasks_ablation", name)


# A subtask of a stream takes seconds even at load 30; this long with no run reporting one is
# a hang. The time a whole run takes is CPU at the machine's load, not a limit of its own.
PROGRESS_S = 120.0
START_S = 180.0  # before a run's first report: a process start at load (START_TIMEOUT_S)
LAST_RESORT_S = 1200  # a progress-bounded test's pytest-timeout mark: a last resort only


# Code that makes every skill call of an InProcessStack (an arm's robot or a twin's) a line of
# progress, for a run code that starts with it: a task of a stream is many calls, and more
# than 120 s between the driver's reports at load 60 with a third of the CPU (round 66).
REPORT_SKILL_CALLS = """
import sys
from memory_node.sim.tasks.inprocess import InProcessStack

_execute = InProcessStack.execute


def _reported(self, *args, **kwargs):
    print("progress skill", file=sys.stderr, flush=True)
    return _execute(self, *args, **kwargs)


InProcessStack.execute = _reported
"""


def start_reporting_run(code: str, name: str, out: Path, env: dict[str, str] | None = None,
                        args: list[str] | None = None) -> subprocess.Popen[bytes]:
    """`python -c code *args` from the repository's root, its stdout and stderr to
    out/stdout_<name> and out/stderr_<name> (a full pipe would stall it). The code reports
    progress as lines "progress ..." on stderr (`run_suite`'s `progress` callback)."""
    with open(out / f"stdout_{name}", "wb") as stdout, \
            open(out / f"stderr_{name}", "wb") as stderr:
        return subprocess.Popen([sys.executable, "-c", code, *(args or [])], cwd=ROOT,
                                env={**os.environ, **(env or {})}, stdout=stdout,
                                stderr=stderr)


def _progress(out: Path, name: str) -> int:
    text = (out / f"stderr_{name}").read_text(errors="replace")
    return sum(line.startswith("progress ") for line in text.splitlines())


def wait_for_progress(runs: dict[str, subprocess.Popen[bytes]], out: Path,
                      start_s: float = START_S, progress_s: float = PROGRESS_S) -> None:
    """Until every run has exited; AssertionError once no run has reported progress (a
    subtask, a task or a sequence of the driver) for `progress_s` (`start_s` before any
    did)."""
    pause = threading.Event()
    seen = {name: 0 for name in runs}
    since = time.monotonic()
    while any(run.poll() is None for run in runs.values()):
        now = {name: _progress(out, name) for name in runs}
        if now != seen:
            seen, since = now, time.monotonic()
        window = progress_s if any(seen.values()) else start_s
        assert time.monotonic() - since < window, \
            f"no progress in {window} s (progress lines per run: {seen})"
        pause.wait(0.5)


def run_output(run: subprocess.Popen[bytes], name: str, out: Path) -> Any:
    """The JSON on the last line of an exited run's stdout (its stderr's tail if it failed)."""
    assert run.returncode == 0, (out / f"stderr_{name}").read_text()[-3000:]
    return json.loads((out / f"stdout_{name}").read_text().strip().splitlines()[-1])


def run_at_once(code: str, args: dict[str, list[str]], out: Path,
                env: dict[str, dict[str, str]] | None = None) -> dict[str, Any]:
    """`code` run once per entry of `args` (name -> its argv), all at once, bounded by their
    progress (`wait_for_progress`); each run's JSON output by name. A run left when the wait
    fails is killed."""
    runs = {name: start_reporting_run(code, name, out, (env or {}).get(name), argv)
            for name, argv in args.items()}
    try:
        wait_for_progress(runs, out)
        return {name: run_output(run, name, out) for name, run in runs.items()}
    finally:
        for run in runs.values():
            run.kill()
            run.wait()
