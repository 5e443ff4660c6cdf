"""Shared bits of the task-suite tests (a module, not a conftest: test/sim/conftest.py
belongs to the household world's tests)."""

from __future__ import annotations

from pathlib import Path

import pytest

from memory_node.sim.tasks.floorplans import data_available

FIXTURES = Path(__file__).resolve().parent / "fixtures"

# Floor-plan data ships in alfworld (scripts/setup.sh installs it); without it, say so.
requires_floor_plans = pytest.mark.skipif(
    not data_available(),
    reason="alfworld (floor-plan object lists) is not installed; run scripts/setup.sh")
