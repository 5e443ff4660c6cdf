"""The task benchmark reuses finished runs only when the code that made them is the same."""

from __future__ import annotations

import importlib.util
import shutil
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def _bench():  # noqa: ANN202 - a module loaded from a path
    path = ROOT / "bench" / "tasks_ablation.py"
    spec = importlib.util.spec_from_file_location("tasks_ablation", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_a_changed_source_or_task_file_changes_the_cache_key(tmp_path: Path) -> None:
    bench = _bench()
    tree = tmp_path / "tree"
    shutil.copytree(ROOT / "memory_node" / "sim" / "core", tree / "memory_node" / "sim" / "core")
    shutil.copytree(ROOT / "config" / "tasks", tree / "config" / "tasks")
    first = bench.code_fingerprint(tree)
    assert bench.code_fingerprint(tree) == first        # stable for the same files

    goals = tree / "memory_node" / "sim" / "core" / "goals.py"
    goals.write_text(goals.read_text() + "\n# another tree's edit\n")
    edited = bench.code_fingerprint(tree)
    assert edited != first

    suite = next((tree / "config" / "tasks").glob("*.json"))
    suite.write_text(suite.read_text() + "\n")
    assert bench.code_fingerprint(tree) not in (first, edited)
    assert bench.CACHE.name == bench.code_fingerprint()   # the live cache is keyed by it
