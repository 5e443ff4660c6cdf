"""The memory as a picture: what the browser view draws of one scene graph, with level of
detail. Pure Python (numpy), no ROS and no viewer: `rerun_view.py` hands the arrays to
rerun, and tests check them directly.

Level of detail (a graph of 10,000 objects must stay responsive in a browser): at most
`max_boxes` objects are drawn as oriented boxes with labels, chosen as the recently
changed ones first, then those nearest the robot; every other object is one point in its
class colour (all objects stay visible, only their detail drops). CONTAINS lines are drawn
only for boxed objects. Colours per class are the rviz markers' (`label_colour`), so
the two views agree.
"""

from __future__ import annotations

import functools
import math
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field

import numpy as np

from memory_node.core.long_term import GraphEdge, GraphNode
from memory_node.core.scene_graph.markers import label_colour, object_text

AREA_COLOUR = (51, 102, 255)
NAV_COLOUR = (230, 230, 50)
LINK_COLOUR = (190, 190, 190)


@dataclass(frozen=True)
class DetailSettings:
    max_boxes: int = 1500  # objects drawn as boxes with labels; the rest as points
    min_extent: float = 0.05  # metres: a flat box would be invisible


@dataclass
class ObjectLayer:
    """Objects of one level of detail, as parallel arrays (ids and labels as lists)."""

    ids: list[str] = field(default_factory=list)
    labels: list[str] = field(default_factory=list)  # the shown text (label, id, state)
    classes: list[str] = field(default_factory=list)
    centres: np.ndarray = field(default_factory=lambda: np.empty((0, 3)))
    half_sizes: np.ndarray = field(default_factory=lambda: np.empty((0, 3)))
    quaternions: np.ndarray = field(default_factory=lambda: np.empty((0, 4)))  # x, y, z, w
    colours: np.ndarray = field(default_factory=lambda: np.empty((0, 3), np.uint8))

    def __len__(self) -> int:
        return len(self.ids)


@dataclass
class SceneBatch:
    """Everything drawn of one graph revision."""

    revision: int
    boxes: ObjectLayer  # detailed objects
    points: ObjectLayer  # objects beyond the detail budget (centres and colours only)
    area_ids: list[str]
    area_centres: np.ndarray
    navigable: np.ndarray  # (n, 2, 3) segments between areas
    contains: np.ndarray  # (n, 2, 3) segments object -> area, boxed objects only
    counts: dict[str, int]


@functools.lru_cache(maxsize=4096)  # a few hundred classes, 10,000 objects per redraw
def _rgb(label: str) -> tuple[int, int, int]:
    r, g, b = label_colour(label)
    return int(round(r * 255)), int(round(g * 255)), int(round(b * 255))


def _layer(nodes: Sequence[GraphNode], min_extent: float) -> ObjectLayer:
    if not nodes:
        return ObjectLayer()
    return ObjectLayer(
        ids=[n.id for n in nodes],
        labels=[object_text(n.label, n.id, n.state) for n in nodes],
        classes=[n.label for n in nodes],
        centres=np.array([n.position for n in nodes], dtype=float),
        half_sizes=np.maximum(np.array([n.box_extent for n in nodes], dtype=float),
                              min_extent) / 2.0,
        quaternions=np.array([_unit(n.box_rotation) for n in nodes], dtype=float),
        colours=np.array([_rgb(n.label) for n in nodes], dtype=np.uint8),
    )


def _unit(q: Sequence[float]) -> tuple[float, ...]:
    norm = math.sqrt(sum(v * v for v in q))
    return tuple(v / norm for v in q) if norm > 1e-9 else (0.0, 0.0, 0.0, 1.0)


def build_scene(nodes: Sequence[GraphNode], edges: Iterable[GraphEdge], revision: int,
                recent: Mapping[str, float] | None = None,
                robot: Sequence[float] | None = None,
                settings: DetailSettings | None = None) -> SceneBatch:
    """The picture of one graph. `recent`: object id -> time of its last change (newest
    first in detail); `robot`: its position (nearest next)."""
    settings = settings or DetailSettings()
    recent = recent or {}
    areas = {n.id: n for n in nodes if n.layer == "area"}
    objects = [n for n in nodes if n.layer == "object"]
    if len(objects) > settings.max_boxes:
        here = np.asarray(robot if robot is not None else (0.0, 0.0, 0.0), dtype=float)
        distance = np.linalg.norm(np.array([n.position for n in objects]) - here, axis=1)
        order = sorted(range(len(objects)),
                       key=lambda i: (-recent.get(objects[i].id, -math.inf), distance[i]))
        keep = set(order[:settings.max_boxes])
        boxed = [objects[i] for i in sorted(keep)]
        rest = [objects[i] for i in range(len(objects)) if i not in keep]
    else:
        boxed, rest = objects, []
    navigable, contains = [], []
    for e in edges:
        if e.kind == "navigable" and e.source in areas and e.target in areas:
            navigable.append((areas[e.source].position, areas[e.target].position))
    for n in boxed:
        if n.parent_id in areas:
            contains.append((n.position, areas[n.parent_id].position))
    area_list = sorted(areas.values(), key=lambda n: n.id)
    return SceneBatch(
        revision=revision, boxes=_layer(boxed, settings.min_extent),
        points=_layer(rest, settings.min_extent),
        area_ids=[n.id for n in area_list],
        area_centres=np.array([n.position for n in area_list], dtype=float).reshape(-1, 3),
        navigable=np.array(navigable, dtype=float).reshape(-1, 2, 3),
        contains=np.array(contains, dtype=float).reshape(-1, 2, 3),
        counts={"objects": len(objects), "boxed": len(boxed), "points": len(rest),
                "areas": len(areas), "navigable": len(navigable)},
    )


@dataclass(frozen=True)
class Change:
    """One recent change for the view: what, where from, where to."""

    kind: str  # NEW | MOVED | REMOVED | STATE_CHANGED
    object_id: str
    label: str
    stamp: float
    old: tuple[float, float, float] | None
    new: tuple[float, float, float] | None
    detail: str = ""

    def line(self) -> str:
        where = (f" {_fmt(self.old)} -> {_fmt(self.new)}" if self.kind == "MOVED"
                 else f" at {_fmt(self.new or self.old)}")
        return f"{self.kind} {self.label} ({self.object_id}){where}{self.detail}"


def _fmt(p: Sequence[float] | None) -> str:
    return "?" if p is None else "(" + ", ".join(f"{v:.2f}" for v in p) + ")"


class RecentChanges:
    """The last `window_s` seconds of changes (at most `limit`), newest last."""

    def __init__(self, window_s: float = 120.0, limit: int = 200) -> None:
        self.window_s = window_s
        self.limit = limit
        self.changes: list[Change] = []

    def add(self, change: Change) -> None:
        self.changes.append(change)
        del self.changes[:-self.limit]

    def current(self, now: float) -> list[Change]:
        self.changes = [c for c in self.changes if now - c.stamp <= self.window_s]
        return list(self.changes)

    def last_change_by_object(self) -> dict[str, float]:
        return {c.object_id: c.stamp for c in self.changes}


class RobotPath:
    """The robot's positions, thinned: a new point only after `min_step` metres (a path of
    hours stays small), at most `limit` points (oldest dropped)."""

    def __init__(self, min_step: float = 0.05, limit: int = 20_000) -> None:
        self.min_step = min_step
        self.limit = limit
        self.points: list[tuple[float, float, float]] = []

    def add(self, position: Sequence[float]) -> bool:
        p = tuple(float(v) for v in position)
        if len(p) != 3 or not all(math.isfinite(v) for v in p):
            raise ValueError(f"robot position {position!r} is not a finite 3-vector")
        if self.points and math.dist(self.points[-1], p) < self.min_step:
            return False
        self.points.append(p)
        del self.points[:-self.limit]
        return True
