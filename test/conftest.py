"""Shared test set-up: the repository's location and the order of the modules. (Shared data
is found by `memory_node.core.perception.shared_data.shared_data_dir`.)"""

from __future__ import annotations

from pathlib import Path

import pytest

REPO_ROOT = Path(__file__).resolve().parents[1]


@pytest.fixture(scope="session")
def repo_root() -> Path:
    return REPO_ROOT


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """Modules holding a test marked slow run first, each module's tests kept together
    and in order (module fixtures are set up once). Under pytest-xdist the workers take
    tests in this order, so the suite ends on short tests instead of one worker running a
    minute-long test while the other has nothing left (two cores, a 15-minute budget)."""
    slow_modules = {item.module for item in items if item.get_closest_marker("slow")}
    items.sort(key=lambda item: item.module not in slow_modules)
