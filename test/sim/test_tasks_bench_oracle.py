"""The suite bench's oracle bounds (bench/tasks_ablation.py, bench/tasks_oracle.py): memory
told the world's truth before every task (`oracle`), before a sequence's first task
(`oracle_start`) or before all tasks but that one (`oracle_later`). Told where the apple
is, the first task needs no explore; running the bounds first in the same process leaves
`full`'s figures as they are without them."""

from __future__ import annotations

import argparse
import json
from pathlib import Path

import pytest
from tasks_support import FRIDGE_SUITE, load_tasks_bench, requires_floor_plans

from memory_node.core.recall.embedder import Embedder
from memory_node.sim.tasks.metrics import task_outcomes
from memory_node.sim.tasks.records import read_run

pytestmark = [requires_floor_plans, pytest.mark.slow]




def _args(suite: Path, ablations: str) -> argparse.Namespace:
    return argparse.Namespace(suite=str(suite), sequences="", ablations=ablations,
                              capacity=25, seed=0, per_step_recall=True)


def _figures(summary: dict) -> dict:
    """What the table reports of an arm (its meta holds wall times and load)."""
    against = {k: v for k, v in summary["against_baseline"].items() if k != "baseline_meta"}
    return {"tasks": summary["tasks"], "against": against, "steps": summary["steps"],
            "mra": summary["mra"], "by_skill": summary["sim_time_by_skill"]}


def test_oracle_bounds(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    bench = load_tasks_bench("tasks_ablation_oracle_test")
    suite = tmp_path / "oracle_probe.json"
    suite.write_text(json.dumps(FRIDGE_SUITE))
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
