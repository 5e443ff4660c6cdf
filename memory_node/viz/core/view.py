"""What the browser view shows and when it redraws, independent of ROS and of the viewer.

The bridge node hands over plain data as it arrives (the newest graph, events, poses, camera
frames); `MemoryView.tick()` (on a timer) draws what changed since the last tick through a
`ViewSink` (rerun in `rerun_view.py`). Inputs are only stored on arrival: the cost of a
10,000-object graph is paid at most once per tick, never per message, and a graph that did
not change is not redrawn.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Protocol

import numpy as np

from memory_node.core.long_term import GraphEdge, GraphNode
from memory_node.viz.core.scene import (
    Change,
    DetailSettings,
    RecentChanges,
    RobotPath,
    SceneBatch,
    build_scene,
)


class ViewSink(Protocol):
    """Where the picture goes (rerun, or a recorder in tests)."""

    def scene(self, batch: SceneBatch, stamp: float) -> None: ...
    def changes(self, new: Sequence[Change], recent: Sequence[Change], stamp: float) -> None: ...
    def robot(self, path: Sequence[tuple[float, float, float]], stamp: float) -> None: ...
    def image(self, rgb: np.ndarray, stamp: float) -> None: ...
    def status(self, text: str, stamp: float) -> None: ...


@dataclass(frozen=True)
class ViewSettings:
    image_period_s: float = 1.0  # at most one camera picture per this many seconds
    recent_window_s: float = 120.0  # changes shown as "recent" (in the messages' time)
    detail: DetailSettings = DetailSettings()


@dataclass
class _Graph:
    nodes: list[GraphNode]
    edges: list[GraphEdge]
    revision: int
    stamp: float


class MemoryView:
    def __init__(self, sink: ViewSink, settings: ViewSettings | None = None) -> None:
        self.sink = sink
        self.settings = settings or ViewSettings()
        self.recent = RecentChanges(self.settings.recent_window_s)
        self.path = RobotPath()
        self._graph: _Graph | None = None
        self._drawn_revision: int | None = None
        self._new_changes: deque[Change] = deque(maxlen=500)
        self._path_dirty = False
        self._image: tuple[np.ndarray, float] | None = None
        self._shown_image: tuple[np.ndarray, float] | None = None
        self._last_image_stamp = -np.inf
        self.now = 0.0  # newest stamp seen on any input
        self.last_batch: SceneBatch | None = None
        self.drawn = {"scenes": 0, "images": 0, "changes": 0}

    # -- inputs (cheap: stored, drawn on the next tick) ----------------------------------------
    def set_graph(self, nodes: list[GraphNode], edges: list[GraphEdge], revision: int,
                  stamp: float) -> None:
        self._graph = _Graph(nodes, edges, revision, stamp)
        self.now = max(self.now, stamp)

    def add_change(self, change: Change) -> None:
        self._new_changes.append(change)
        self.recent.add(change)
        self.now = max(self.now, change.stamp)

    def set_robot(self, position: Sequence[float], stamp: float) -> None:
        if self.path.add(position):
            self._path_dirty = True
        self.now = max(self.now, stamp)

    def set_image(self, rgb: np.ndarray, stamp: float) -> None:
        """Keep the newest frame; one per `image_period_s` is drawn."""
        self._image = (rgb, stamp)

    def redraw_all(self) -> None:
        """The viewer lost its state (it restarted): send everything again on next tick."""
        self._drawn_revision = None
        self._path_dirty = bool(self.path.points)
        self._last_image_stamp = -np.inf
        # The last picture too: a camera that sent one image before the restart (or one
        # that reached a dead viewer) left the restarted viewer's camera panel empty.
        if self._image is None:
            self._image = self._shown_image

    # -- drawing --------------------------------------------------------------------------------
    def tick(self) -> bool:
        """Draw what changed since the last tick; True when anything was drawn."""
        drew = False
        g = self._graph
        if g is not None and g.revision != self._drawn_revision:
            robot = self.path.points[-1] if self.path.points else None
            batch = build_scene(g.nodes, g.edges, g.revision,
                                self.recent.last_change_by_object(), robot,
                                self.settings.detail)
            self.sink.scene(batch, g.stamp)
            self.sink.status(self.status_text(batch), g.stamp)
            self._drawn_revision = g.revision
            self.last_batch = batch
            self.drawn["scenes"] += 1
            drew = True
        if self._new_changes:
            new = list(self._new_changes)
            self._new_changes.clear()
            self.sink.changes(new, self.recent.current(self.now), self.now)
            self.drawn["changes"] += len(new)
            drew = True
        if self._path_dirty:
            self.sink.robot(self.path.points, self.now)
            self._path_dirty = False
            drew = True
        if self._image is not None:
            rgb, stamp = self._image
            if stamp - self._last_image_stamp >= self.settings.image_period_s:
                self.sink.image(rgb, stamp)
                self._last_image_stamp = stamp
                self._shown_image = (rgb, stamp)
                self.drawn["images"] += 1
                drew = True
            self._image = None
        return drew

    def status_text(self, batch: SceneBatch) -> str:
        c = batch.counts
        detail = (f"{c['boxed']} as boxes, {c['points']} as points (level of detail)"
                  if c["points"] else "all as boxes")
        return (f"# Memory\n\nrevision {batch.revision}: {c['areas']} areas, "
                f"{c['objects']} objects ({detail}), {c['navigable']} navigable edges; "
                f"{len(self.recent.changes)} changes in the last "
                f"{self.settings.recent_window_s:.0f} s; robot path {len(self.path.points)} "
                f"points")
