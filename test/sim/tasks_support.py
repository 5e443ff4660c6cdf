"""Shared bits of the task-suite tests (a module, not a conftest: test/sim/conftest.py
belongs to the household world's tests)."""

from __future__ import annotations

from pathlib import Path
from types import ModuleType

import pytest
from bench_scripts import load_bench

from memory_node.sim.tasks.floorplans import data_available

FIXTURES = Path(__file__).resolve().parent / "fixtures"

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
