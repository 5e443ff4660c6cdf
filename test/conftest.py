"""Shared test set-up: the repository's location and the order of the modules. (Shared data
is found by `memory_node.core.perception.shared_data.shared_data_dir`.)"""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from traceback_lines import pytest_runtest_makereport  # noqa: F401  (a hook: reports a line-less traceback)

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


def _clean_dead_fastdds_files(config: pytest.Config, when: str) -> None:
    """Fast DDS's segments in /dev/shm whose owner process is dead (the suite kills servers
    on purpose; each leaves 16 MB segments behind), removed by Fast DDS's own rule
    (memory_node.fastdds_shm; dead ports are counted, not removed): a live process's files,
    another run's too, are never touched. Once per run, in the controlling process (not in
    xdist workers), before and after; MEMORY_NODE_KEEP_SHM=1 keeps everything."""
    if hasattr(config, "workerinput") or os.environ.get("MEMORY_NODE_KEEP_SHM"):
        return
    from memory_node.fastdds_shm import clean, count  # noqa: PLC0415

    before = count()
    result = clean()
    reporter = config.pluginmanager.get_plugin("terminalreporter")
    if reporter is not None and (result.files or when == "after"):
        reporter.write_line(f"fastdds shm {when} the run: removed {result.summary()}; "
                            f"fastdds files {before} -> {count()}")


def pytest_sessionstart(session: pytest.Session) -> None:
    _clean_dead_fastdds_files(session.config, "before")


def pytest_unconfigure(config: pytest.Config) -> None:
    # After the session (under xdist, after the workers and their nodes have exited).
    _clean_dead_fastdds_files(config, "after")
