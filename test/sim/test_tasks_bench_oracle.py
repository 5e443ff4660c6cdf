"""The suite bench's oracle bounds (bench/tasks_ablation.py, bench/tasks_oracle.py): memory
told the world's truth before every task (`oracle`), before a sequence's first task
(`oracle_start`) or before all tasks but that one (`oracle_later`). Told where the apple
is, the first task needs no explore; running the bounds first in the same process leaves
`full`'s figures as they are without them."""

from __future__ import annotations

import argparse
import importlib.util
import json
from pathlib import Path

import pytest
from tasks_support import requires_floor_plans

from memory_node.core.recall.embedder import Embedder
from memory_node.sim.tasks.metrics import task_outcomes
from memory_node.sim.tasks.records import read_run

pytestmark = requires_floor_plans

ROOT = Path(__file__).resolve().parents[2]

# Two tasks on kitchen 1; the second needs the apple the first shut in the fridge.
SUITE = {"format": "memory_node-task-suite", "version": 1, "name": "oracle_probe",
         "sequences": [{"id": "k1", "category": "composite", "floor_plan": 1, "tasks": [
             {"id": "store", "instruction": "Put the apple in the fridge and close it.",
              "subtasks": [{"goal_conditions": ["INSIDE(Apple, Fridge)"]},
                           {"goal_conditions": ["CLOSED(Fridge)"]}]},
             {"id": "serve", "instruction": "Put the apple back on the counter.",
              "subtasks": [{"goal_conditions": ["ON(Apple, CounterTop)"]}]}]}]}


def _bench():  # noqa: ANN202 - a module loaded from a path
    path = ROOT / "bench" / "tasks_ablation.py"
    spec = importlib.util.spec_from_file_location("tasks_ablation_oracle_test", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def _args(suite: Path, ablations: str) -> argparse.Namespace:
    return argparse.Namespace(suite=str(suite), sequences="", ablations=ablations,
                              capacity=25, seed=0, per_step_recall=True)


def _figures(summary: dict) -> dict:
    """What the table reports of an arm (its meta holds wall times and load)."""
    against = {k: v for k, v in summary["against_baseline"].items() if k != "baseline_meta"}
    return {"tasks": summary["tasks"], "against": against, "steps": summary["steps"],
            "mra": summary["mra"], "by_skill": summary["sim_time_by_skill"]}


def test_oracle_bounds(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    bench = _bench()
    suite = tmp_path / "oracle_probe.json"
    suite.write_text(json.dumps(SUITE))
    embedder = Embedder()

    monkeypatch.setattr(bench, "CACHE", tmp_path / "alone")
    alone = bench.part_suite(_args(suite, "none,full"), embedder)

    # The bounds run first, in the same process, then none and full beside them.
    monkeypatch.setattr(bench, "CACHE", tmp_path / "beside")
    bench.part_suite(_args(suite, "oracle,oracle_start,oracle_later"), embedder)
    beside = bench.part_suite(_args(suite, "none,full"), embedder)

    split = "tune"   # kitchen 1 is the bench's tuning house
    bounds = {"oracle", "oracle_start", "oracle_later"}
    assert set(beside[split]) == {"none", "full", *bounds}
    assert _figures(beside[split]["full"]) == _figures(alone[split]["full"])
    assert set(beside["bounds"]) == bounds

    runs = {name: read_run(next((tmp_path / "beside").glob(f"*_{name}.jsonl")))
            for name in ("none", *bounds)}
    first = {name: task_outcomes(run)[0] for name, run in runs.items()}
    assert first["oracle"].exploration_attempts == 0
    assert first["oracle_start"].exploration_attempts == 0
    assert first["oracle"].success
    # oracle_later starts the sequence with empty memory, as none does on its first task.
    assert first["oracle_later"] == first["none"]
    # Truth before each of the two tasks, once for the sequence, or before the second.
    assert runs["oracle"].meta["truths_told"] == 2
    assert runs["oracle_start"].meta["truths_told"] == 1
    assert runs["oracle_later"].meta["truths_told"] == 1
    # The bounds are computed against the same no-memory run as full.
    for name in bounds:
        red = beside[split][name]["against_baseline"]["all"]
        assert red["exploration_baseline"] == \
            beside[split]["full"]["against_baseline"]["all"]["exploration_baseline"]
        assert red["exploration_memory"] == sum(
            o.exploration_attempts for o in task_outcomes(runs[name]))
