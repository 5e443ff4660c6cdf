"""Reading either format by content, the check command, and what a subtask needs."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from tasks_support import FIXTURES, requires_floor_plans

from memory_node.sim.tasks.build import needed_types
from memory_node.sim.tasks.check import main, read_tasks
from memory_node.sim.tasks.model import SkipReason

SUITE = Path(__file__).resolve().parents[2] / "config" / "tasks" / "karma_style.json"
pytestmark = requires_floor_plans


def test_both_formats_by_content() -> None:
    assert len(read_tasks(SUITE).tasks()) == 65
    assert len(read_tasks(FIXTURES / "alfred_l_quirks.json").tasks()) == 12
    broken = read_tasks(FIXTURES / "alfred_l_broken.json")
    assert broken.skipped[0].reason is SkipReason.BROKEN_FILE


def test_check_command(capsys: pytest.CaptureFixture[str]) -> None:
    assert main([str(SUITE), str(FIXTURES / "alfred_l_bad.json"), "--json"]) == 0
    lines = [json.loads(x) for x in capsys.readouterr().out.splitlines()]
    assert lines[0]["tasks"] == 65 and lines[0]["skipped"] == 0
    bad = lines[1]
    assert bad["tasks"] == 1 and bad["skipped"] == 14
    assert {s["reason"] for s in bad["skips"]} >= {"unknown_predicate", "unknown_floor_plan"}
    assert main([str(FIXTURES / "alfred_l_broken.json")]) == 1
    assert "broken_file" in capsys.readouterr().out


def test_needed_types_include_fixtures() -> None:
    tasks = {t.id: t for t in read_tasks(SUITE).tasks()}
    # Slicing the bread needs the bread and a knife (either kind).
    assert needed_types(tasks["k5c-3"].subtasks[0]) == (
        frozenset({"Bread"}), frozenset({"Knife", "ButterKnife"}))
    # Washing needs a basin and a faucet too; a sliced apple needs the apple.
    washed = needed_types(tasks["k1c-1"].subtasks[0])
    assert frozenset({"Faucet"}) in washed and frozenset({"Apple"}) in washed
    assert needed_types(tasks["k1c-4"].subtasks[0]) == (
        frozenset({"Apple"}), frozenset({"Knife", "ButterKnife"}), frozenset({"Bowl"}))


def test_task_modules_are_pure_python() -> None:
    # The runner is the only part of the benchmark that may speak ROS; suites and metrics
    # are read and computed anywhere (no rclpy, no simulator).
    import ast

    root = Path(__file__).resolve().parents[2] / "memory_node" / "sim" / "tasks"
    for path in root.glob("*.py"):
        tree = ast.parse(path.read_text())
        names = {a.name for n in ast.walk(tree) if isinstance(n, ast.Import) for a in n.names}
        names |= {n.module or "" for n in ast.walk(tree) if isinstance(n, ast.ImportFrom)}
        assert not {m for m in names if m.split(".")[0] in ("rclpy", "mujoco")}, path.name
        if path.name == "inprocess.py":
            continue  # the in-process runner: the world and planner cores, still no ROS
        assert not {m for m in names if m.startswith(("memory_node.sim.core",
                                                      "memory_node.planner"))}, path.name


def test_the_planner_reads_every_goal_we_send() -> None:
    # What ExecuteInstruction.goal_conditions will carry: the planner must parse all of it,
    # and its offline planner must know a skill for every state we ask for.
    from memory_node.planner.core.goals import parse_goals
    from memory_node.planner.core.offline import OfflinePlanner
    from memory_node.sim.tasks.streams import StreamSettings, generate

    tasks = read_tasks(SUITE).tasks()
    for plan in (1, 201, 301, 401):
        tasks += generate(StreamSettings(floor_plan=plan, length=200, seed=5)).tasks()
    states = set(OfflinePlanner().skill_for_state)
    for t in tasks:
        for s in t.subtasks:
            goals = parse_goals(s.planner_conditions)
            assert [str(g) for g in goals] == list(s.planner_conditions)
            assert {g.args[1] for g in goals if g.predicate == "STATE"} <= states, t.id
