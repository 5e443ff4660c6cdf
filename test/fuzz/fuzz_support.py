"""What the fuzz files share: hypothesis settings and rclpy's context for a module.

Imported after `confine_to_loopback()` (the middleware must load with the loopback
environment). Not a conftest: the planner tests import theirs as the module `conftest`.
"""

from __future__ import annotations

import os
from collections.abc import Iterator

import pytest
import rclpy
from hypothesis import HealthCheck, settings

SEED = os.environ.get("MEMORY_NODE_FUZZ_SEED")


def fuzz_settings(default_examples: int) -> settings:
    """Examples from MEMORY_NODE_FUZZ_EXAMPLES (else `default_examples`); derandomised
    unless MEMORY_NODE_FUZZ_SEED is set, so CI runs the same examples every time."""
    examples = int(os.environ.get("MEMORY_NODE_FUZZ_EXAMPLES", str(default_examples)))
    return settings(max_examples=examples, deadline=None, database=None,
                    derandomize=SEED is None, print_blob=True,
                    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large,
                                           HealthCheck.function_scoped_fixture])


@pytest.fixture(scope="module", name="ros_context")
def ros_context_fixture() -> Iterator[None]:
    # test/ros's conftest has a session fixture of its own: whichever runs first initialises.
    mine = not rclpy.ok()
    if mine:
        rclpy.init()
    yield
    if mine:
        rclpy.try_shutdown()
