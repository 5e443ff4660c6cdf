"""The memory server's own settings: which executor dispatches its callbacks."""

from __future__ import annotations

import pytest

from memory_node.nodes.capabilities import CAPABILITY_NAMES
from memory_node.nodes.memory_server import ServerSettings
from memory_node.nodes.runner import EXECUTORS


def test_the_python_executor_is_the_default_and_events_is_offered() -> None:
    assert ServerSettings().executor == "single"
    assert set(EXECUTORS) == {"single", "events"}
    recall_only = ServerSettings(executor="events", capabilities=("recall", "experience"))
    assert recall_only.executor == "events"


def test_events_is_refused_with_a_capability_that_takes_message_info() -> None:
    # rclpy 9.1's EventsExecutor raises SystemError on a subscription callback taking
    # MessageInfo: the scene graph's frames would never be applied.
    assert "scene_graph" in CAPABILITY_NAMES
    with pytest.raises(ValueError, match="cannot run capability 'scene_graph'"):
        ServerSettings(executor="events")


def test_an_unknown_executor_is_refused() -> None:
    with pytest.raises(ValueError, match="executor"):
        ServerSettings(executor="multi")
