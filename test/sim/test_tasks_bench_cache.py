"""The task benchmark reuses finished runs only when the code that made them is the same."""

from __future__ import annotations

import shutil
from pathlib import Path

from tasks_support import load_tasks_bench

ROOT = Path(__file__).resolve().parents[2]




def test_a_changed_source_or_task_file_changes_the_cache_key(tmp_path: Path) -> None:
    bench = load_tasks_bench()
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
