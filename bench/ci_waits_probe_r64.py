"""Round 64 (flake65): a pytest plugin that records how long each test-harness wait took
against its own timeout (test/ros's ros_harness, scene_rig, sim_rig, planner_stack,
reliability_rig helpers): one JSON line per call (test id, helper, timeout, elapsed,
exception) into $FLAKE65_WAITS/w<pid>.jsonl. Nothing is changed but the timing around
each call. Loaded by bench/ci_suite_loop_r64.sh (`-p ci_waits_probe_r64` with bench/ on
PYTHONPATH); figures: bench/ci_suite_summary_r64.py. Waits written inline in a test (a
local `_until`, a deadline loop) are not seen. Each file's first line is the environment."""
from __future__ import annotations

import functools
import inspect
import json
import os
import sys
import time
from typing import Any

from environment import with_environment

_OUT = os.environ.get("FLAKE65_WAITS")
_done: set[str] = set()
TARGETS = {
    "ros_harness": ["wait_for_service", "call", "warm_up", "send_goal", "publish_until_heard",
                    "spin_until", "NodeProcess.wait_for_output", "NodeProcess.stop"],
    "scene_rig": ["Watcher.send", "Watcher.applied", "Watcher.wait_counter", "Watcher.graph"],
    "sim_rig": ["SkillClient.result"],
    "planner_stack": ["wait_result"],
    "reliability_rig": ["spin_futures"],
}


def _write(rec: dict) -> None:
    if not _OUT:
        return
    path = os.path.join(_OUT, f"w{os.getpid()}.jsonl")
    first = not os.path.exists(path)
    with open(path, "a") as f:
        if first:   # each worker's file starts with what it ran on (no "fn": not a wait)
            f.write(json.dumps(with_environment({"pid": os.getpid()})) + "\n")
        f.write(json.dumps(rec) + "\n")


def _wrap(modname: str, qual: str, fn):
    sig = inspect.signature(fn)

    @functools.wraps(fn)
    def wrapper(*a, **k):
        timeout = None
        try:
            b = sig.bind(*a, **k)
            b.apply_defaults()
            for name in ("timeout", "timeout_s"):
                if name in b.arguments:
                    timeout = b.arguments[name]
        except Exception:
            pass
        t0 = time.monotonic()
        err = None
        try:
            return fn(*a, **k)
        except BaseException as e:
            err = type(e).__name__
            raise
        finally:
            test = os.environ.get("PYTEST_CURRENT_TEST", "").rsplit(" (", 1)[0]
            _write({"test": test, "fn": f"{modname}.{qual}",
                    "timeout": timeout if isinstance(timeout, (int, float)) else None,
                    "elapsed": round(time.monotonic() - t0, 3), "err": err, "t": time.time()})
    return wrapper


def _patch() -> None:
    for modname, names in TARGETS.items():
        if modname in _done:
            continue
        mod = sys.modules.get(modname)
        if mod is None:
            try:
                mod = __import__(modname)
            except Exception:
                continue
        for qual in names:
            owner: Any = mod
            parts = qual.split(".")
            for p in parts[:-1]:
                owner = getattr(owner, p, None)
            if owner is None or not hasattr(owner, parts[-1]):
                continue
            setattr(owner, parts[-1], _wrap(modname, qual, getattr(owner, parts[-1])))
        _done.add(modname)


def pytest_plugin_registered(plugin, manager):
    if "ros_harness" in sys.modules:
        _patch()


def pytest_pycollect_makemodule(module_path, parent):
    if "ros_harness" in sys.modules:
        _patch()
    return None
