"""The premap option of the in-process runner (InProcessSettings.premap) and the bench arm
built on it (`full_premapped`, bench/tasks_ablation.py): before a sequence's first task the
robot explores every room once with the planner's explore skill and its own camera; those
calls are kept out of every task's records, and the bench reports their cost apart."""

from __future__ import annotations

import argparse
import json
from pathlib import Path

import pytest
from tasks_support import FRIDGE_SUITE, load_tasks_bench, requires_floor_plans

from memory_node.core.recall.embedder import Embedder
from memory_node.sim.tasks.driver import run_suite
from memory_node.sim.tasks.inprocess import InProcessSettings, InProcessStack
from memory_node.sim.tasks.metrics import task_outcomes
from memory_node.sim.tasks.records import Run, SkillCall
from memory_node.sim.tasks.suite_io import parse_suite

pytestmark = requires_floor_plans


@pytest.fixture(scope="module")
def embedder() -> Embedder:
    return Embedder()


def _run(premap: bool, embedder: Embedder) -> tuple[Run, InProcessStack]:
    stack = InProcessStack(InProcessSettings(ablation="full", premap=premap),
                           embedder=embedder)
    run = Run(meta={})
    run_suite(parse_suite(FRIDGE_SUITE), stack, run)
    stack.end_sequence()
    return run, stack


def test_premap_runs_before_task_one_and_stays_out_of_its_records(embedder: Embedder
                                                                   ) -> None:
    full_run, full_stack = _run(False, embedder)
    run, stack = _run(True, embedder)
    assert full_stack.premap_log == []

    (entry,) = stack.premap_log
    assert entry["sequence"] == "k1"
    rooms = [r.name for r in stack.world.rooms]  # type: ignore[union-attr]
    assert [c["args"] for c in entry["calls"]] == [[r] for r in rooms]
    assert entry["explores"] == len(rooms) and all(c["ok"] for c in entry["calls"])
    assert entry["sim_s"] > 0

    # Not one premap call in the task records: every recorded call belongs to a task,
    # and the tasks' simulated time does not include the premap's.
    calls = [e for e in run.events if isinstance(e, SkillCall)]
    assert {e.task for e in calls} <= {"store", "serve"}
    first = {name: task_outcomes(r)[0] for name, r in (("full", full_run),
                                                        ("premapped", run))}
    assert first["premapped"].sim_time_s < entry["sim_s"] + first["full"].sim_time_s
    # The look-around found the apple: task 1 explores less than with an empty memory.
    assert first["full"].exploration_attempts >= 1
    assert first["premapped"].exploration_attempts < first["full"].exploration_attempts
    assert first["premapped"].success




def test_bench_reports_the_premap_cost_apart(tmp_path: Path, embedder: Embedder,
                                            monkeypatch: pytest.MonkeyPatch) -> None:
    bench = load_tasks_bench("tasks_ablation_premap_test")
    suite = tmp_path / "premap_probe.json"
    suite.write_text(json.dumps(FRIDGE_SUITE))
    monkeypatch.setattr(bench, "CACHE", tmp_path / "cache")
    args = argparse.Namespace(suite=str(suite), sequences="",
                              ablations="none,full_premapped", capacity=25, seed=0,
                              per_step_recall=True)
    res = bench.part_suite(args, embedder)
    arm = res["tune"]["full_premapped"]   # kitchen 1 is the bench's tuning house
    cost = arm["premap"]["all"]
    assert cost["sequences"] == 1 and cost["explores"] >= 1 and cost["sim_s"] > 0
    # Charging the mapping run to the sequence costs RT exactly its seconds.
    red = arm["against_baseline"]["all"]
    assert cost["rt_incl_mapping"] == pytest.approx(
        1 - (red["time_memory_s"] + cost["sim_s"]) / red["time_baseline_s"])
    assert cost["rt_incl_mapping"] < cost["rt"] == red["rt"]
    # The premap's explores are not the task's: the arm's own explores are only its tasks'.
    assert red["exploration_memory"] == sum(
        r["calls"] for r in [arm["sim_time_by_skill"]["all"].get("explore",
                                                                 {"calls": 0})])
    md = bench.suite_markdown({**res, "report": res["tune"]})
    assert "RT incl. mapping" in md
