from __future__ import annotations

from collections.abc import Iterator

import pytest
from ros_harness import confine_to_loopback

confine_to_loopback()

import rclpy  # noqa: E402  (the environment must be set before the middleware loads)
from rclpy.node import Node  # noqa: E402


@pytest.fixture(scope="session")
def ros_context() -> Iterator[None]:
    # test/fuzz's conftest has the same session fixture: whichever runs first initialises.
    mine = not rclpy.ok()
    if mine:
        rclpy.init()
    yield
    if mine:
        rclpy.try_shutdown()


@pytest.fixture()
def client_node(ros_context: None, request: pytest.FixtureRequest) -> Iterator[Node]:
    node = rclpy.create_node(f"test_client_{request.node.name[:40]}".replace("[", "_")
                             .replace("]", "_").replace("-", "_").replace(".", "_"))
    yield node
    node.destroy_node()
