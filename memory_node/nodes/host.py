"""What a capability of the memory server may use (the host), and what it implements.

The memory server is a host: it owns the node, the memory facade, the events and stats
topics. A capability (recall, scene graph, later experience) adds services and topics to
it through this small interface only - never through the server's private members - the
way nav2's plugin servers give each plugin a node handle and nothing more. Capabilities are
registered by name (`memory_node.nodes.capabilities`) and the server's `capabilities`
parameter says which run; each is configured once at start-up and cleaned up at shutdown
(the lifecycle of ros2/demos' lifecycle talker, without the transitions: see
docs/architecture.md).
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Callable
from typing import Any, ClassVar, Protocol, TypeVar

from rclpy.node import Node

from memory_node.core.memory import Memory
from memory_node.core.units import ObjectMemoryUnit
from memory_node.msg import MemoryStats, ObjectEvent
from memory_node.nodes.startup import StartupTimes

S = TypeVar("S")
Handler = Callable[[Any, Any], None]


class MemoryHost(Protocol):
    """The server as a capability sees it."""

    @property
    def node(self) -> Node: ...

    @property
    def memory(self) -> Memory: ...

    @property
    def frame_id(self) -> str: ...

    @property
    def startup(self) -> StartupTimes:
        """The server's start-up stages (a capability's background start-up work too)."""

    def serve(self, srv_type: Any, name: str, handler: Handler) -> None:
        """Serve `name` (relative); `handler(request, response)` fills the response or
        raises: the host answers success=false with the error code and message."""

    def declare_settings(self, cls: type[S], prefix: str) -> S:
        """Declare `cls`'s settings as parameters under `prefix` and return their values."""

    def publish_event(self, event: ObjectEvent) -> None:
        """Publish on the memory's events topic (header filled by the caller)."""

    def publish_change(self, before: ObjectMemoryUnit | None, after: ObjectMemoryUnit) -> None:
        """Publish NEW / MOVED / STATE_CHANGED for a stored unit change."""

    def add_stats_contributor(self, contribute: Callable[[MemoryStats], None]) -> None:
        """`contribute(msg)` fills the stats fields the capability owns, every period."""

    def add_reset_listener(self, listener: Callable[[], None]) -> None:
        """Called after the memory was replaced wholesale (CLEAR, LOAD)."""

    def add_event_listener(self, listener: Callable[[ObjectEvent], None]) -> None:
        """`listener(event)` with every event the server publishes, as it publishes it
        (after the write is committed, before the request that made it is answered)."""

    def require_topic_name(self, name: str, what: str) -> str:
        """`name` resolved in the node's namespace; ValueError (exit status 2 at start-up)
        when it is invalid or escapes the namespace the server runs in."""


class Capability(ABC):
    """A part of the memory server: configure once with the host, clean up at the end."""

    name: ClassVar[str]
    # (settings class, parameter prefix) pairs configure declares through the host, so the
    # parameter table lists them without starting a node.
    settings_sections: ClassVar[tuple[tuple[type, str], ...]] = ()

    @abstractmethod
    def configure(self, host: MemoryHost) -> None:
        """Create services, topics and timers on the host; raise ValueError or
        RuntimeError for a configuration that cannot work (the server exits with 2)."""

    def cleanup(self) -> None:  # noqa: B027 - most capabilities own nothing to release
        """Release what configure created beyond the node's own entities."""
