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


def test_events_runs_with_every_capability() -> None:
    # Until round 54 the server refused it with the scene graph, whose observation reader
    # takes MessageInfo (rclpy 9.1's EventsExecutor mis-calls such a callback; it is
    # wrapped now: runner.WithMessageInfo).
    assert "scene_graph" in CAPABILITY_NAMES
    every = ServerSettings(executor="events")
    assert every.executor == "events"
    assert set(every.capabilities) == set(CAPABILITY_NAMES)


def test_an_unknown_executor_is_refused() -> None:
    with pytest.raises(ValueError, match="executor"):
        ServerSettings(executor="multi")
