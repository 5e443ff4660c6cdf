"""Task-suite tests: fixtures and the floor-plan data (alfworld) they may need."""

from __future__ import annotations

from pathlib import Path

import pytest

from memory_node.sim.tasks.floorplans import data_available

FIXTURES = Path(__file__).resolve().parent / "fixtures"


@pytest.fixture(scope="session")
def fixtures_dir() -> Path:
    return FIXTURES


@pytest.fixture(scope="session")
def floor_plans() -> None:
    """Skip when alfworld's floor-plan data is absent (scripts/setup.sh installs it)."""
    if not data_available():
        pytest.skip("alfworld (floor-plan object lists) is not installed; run scripts/setup.sh")
