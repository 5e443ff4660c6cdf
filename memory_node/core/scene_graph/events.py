"""Changes the scene graph reports after each update."""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import Enum

Vec3 = tuple[float, float, float]


class EventKind(str, Enum):
    NEW = "NEW"
    MOVED = "MOVED"
    REMOVED = "REMOVED"
    STATE_CHANGED = "STATE_CHANGED"


@dataclass(frozen=True)
class SceneGraphEvent:
    """One change to one object: what the memory server publishes on /memory/events."""

    kind: EventKind
    object_id: str
    label: str
    stamp: float
    old_position: Vec3 | None = None
    new_position: Vec3 | None = None
    area_id: str = ""
    old_state: str = ""
    new_state: str = ""
    # A MOVED that joined a NEW node into an older one names the node that was absorbed
    # (it no longer exists); openness bins when the object has openness readings; the
    # confidence in new_state (0 when the event carries none).
    merged_id: str = ""
    old_openness: str = ""
    new_openness: str = ""
    state_confidence: float = 0.0


Edge = tuple[str, str]


def edge_key(a: str, b: str) -> Edge:
    """Undirected edges are stored and reported with their ends sorted."""
    return (a, b) if a <= b else (b, a)


@dataclass
class ChangeSet:
    """Nodes and edges written or deleted by one or more updates.

    Persistence writes exactly these rows; the marker builder redraws exactly these nodes.
    A node both changed and removed counts as removed.
    """

    nodes: set[str] = field(default_factory=set)
    removed_nodes: set[str] = field(default_factory=set)
    edges: set[Edge] = field(default_factory=set)
    removed_edges: set[Edge] = field(default_factory=set)

    def touch(self, node: str) -> None:
        self.nodes.add(node)
        self.removed_nodes.discard(node)

    def remove(self, node: str) -> None:
        self.nodes.discard(node)
        self.removed_nodes.add(node)

    def touch_edge(self, a: str, b: str) -> None:
        key = edge_key(a, b)
        self.edges.add(key)
        self.removed_edges.discard(key)

    def remove_edge(self, a: str, b: str) -> None:
        key = edge_key(a, b)
        self.edges.discard(key)
        self.removed_edges.add(key)

    def merge(self, other: ChangeSet) -> ChangeSet:
        for n in other.nodes:
            self.touch(n)
        for n in other.removed_nodes:
            self.remove(n)
        for e in other.edges:
            self.touch_edge(*e)
        for e in other.removed_edges:
            self.remove_edge(*e)
        return self

    def __bool__(self) -> bool:
        return bool(self.nodes or self.removed_nodes or self.edges or self.removed_edges)


@dataclass
class UpdateResult:
    events: list[SceneGraphEvent]
    changes: ChangeSet
    rejected: list[str] = field(default_factory=list)  # observations refused, with reasons
    refused: str = ""  # why the whole frame was refused (stale); nothing changed then
