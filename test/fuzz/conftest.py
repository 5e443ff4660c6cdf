"""The fuzz suite reuses the ROS test harness (real nodes, loopback DDS, own domain id)."""

from __future__ import annotations

import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "ros"))

from ros_harness import confine_to_loopback  # noqa: E402

confine_to_loopback()

import rclpy  # noqa: E402  (the environment must be set before the middleware loads)


@pytest.fixture(scope="session")
def ros_context() -> Iterator[None]:
    # test/ros's conftest has the same session fixture: whichever runs first initialises.
    mine = not rclpy.ok()
    if mine:
        rclpy.init()
    yield
    if mine:
        rclpy.try_shutdown()
