"""The suite bench's oracle bounds (bench/tasks_ablation.py, bench/tasks_oracle.py): memory
told the world's truth before every task (`oracle`), before a sequence's first task
(`oracle_start`) or before all tasks but that one (`oracle_later`). Told where the apple
is, the first task needs no explore; running the bounds first in the same process leaves
`full`'s records as they are without them."""

from __future__ import annotations

import json
from dataclasses import replace
from pathlib import Path

import pytest
from tasks_support import (
    FRIDGE_SUITE,
    LAST_RESORT_S,
    REPORT_SKILL_CALLS,
    requires_floor_plans,
    run_at_once,
)

from memory_node.sim.tasks.metrics import task_outcomes
from memory_node.sim.tasks.records import Record, Run, Usage, read_run

pytestmark = [requires_floor_plans, pytest.mark.slow]

# The arms in a process of their own that reports every skill call: `full` alone, then the
# bounds and `none` and `full` beside them, in one process as the bench runs them. It is CPU
# (six arms of the fridge suite, 6.6 s, and the process's start, 2.3 s); in the test's process
# it took 298 s of pytest-timeout's 300 at load 60 (round 66). The start costs about what the
# alone `none` arm did (1.6-2.3 s), which the alone run no longer needs: `full`'s records are
# compared instead of its figures against `none`.
RUN = REPORT_SKILL_CALLS + """
import argparse
import json
from pathlib import Path

sys.path.insert(0, "bench")
import tasks_ablation as bench

from memory_node.core.recall.embedder import Embedder

out = Path(sys.argv[1])
embedder = Embedder()


def arms(cache, ablations):
    bench.CACHE = out / cache
    return bench.part_suite(argparse.Namespace(
        suite=str(out / "oracle_probe.json"), sequences="", ablations=ablations, capacity=25,
        seed=0, per_step_recall=True), embedder)


arms("alone", "full")
arms("beside", "oracle,oracle_start,oracle_later")
print(json.dumps(arms("beside", "none,full")))
"""


def _arm(tmp_path: Path, cache: str, name: str) -> Run:
    return read_run(next((tmp_path / cache).glob(f"*_{name}.jsonl")))


def _records(run: Run) -> list[Record]:
    """A run's records but the wall time each component took (timing, not behaviour)."""
    return [replace(e, wall_s=0.0) if isinstance(e, Usage) else e for e in run.events]


@pytest.mark.timeout(LAST_RESORT_S)
def test_oracle_bounds(tmp_path: Path) -> None:
    (tmp_path / "oracle_probe.json").write_text(json.dumps(FRIDGE_SUITE))
    beside = run_at_once(RUN, {"arms": [str(tmp_path)]}, tmp_path)["arms"]

    split = "tune"   # kitchen 1 is the bench's tuning house
    bounds = {"oracle", "oracle_start", "oracle_later"}
    assert set(beside[split]) == {"none", "full", *bounds}
    assert set(beside["bounds"]) == bounds
    # The bounds run first leave every record of `full` as it is without them.
    alone, after_bounds = _arm(tmp_path, "alone", "full"), _arm(tmp_path, "beside", "full")
    assert len(alone.events) > 20
    assert _records(after_bounds) == _records(alone)

    runs = {name: _arm(tmp_path, "beside", name) for name in ("none", *bounds)}
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
