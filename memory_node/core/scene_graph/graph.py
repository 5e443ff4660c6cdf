"""The incremental 3D scene graph: floors -> areas -> objects, areas linked by travel.

`SceneGraph.update(observations, view)` is the one entry point per perception frame: it
records where the robot is (areas, navigability), associates observations with known
objects, detects changes, and returns the events plus the set of rows that changed.
The graph is a networkx.Graph; node attributes are plain JSON-able values so persistence,
serialisation and markers read them directly.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from typing import Any, Protocol

import networkx as nx
import numpy as np

from memory_node.core.perception.camera import matrix_to_quaternion
from memory_node.core.perception.observation import Observation
from memory_node.core.scene_graph.config import SceneGraphConfig
from memory_node.core.scene_graph.events import (
    ChangeSet,
    EventKind,
    SceneGraphEvent,
    UpdateResult,
    Vec3,
)
from memory_node.core.scene_graph.spatial import GridIndex

FLOOR, AREA, OBJECT = "floor", "area", "object"
CONTAINS, NAVIGABLE = "contains", "navigable"


class VisibilityModel(Protocol):
    """What the robot could see in one frame. CameraView (perception) implements it."""

    def bounds(self) -> tuple[np.ndarray, np.ndarray]: ...

    def visible(self, positions: np.ndarray, extents: np.ndarray | None = None) -> np.ndarray: ...


class RegionView:
    """An omnidirectional sensor: everything within `radius` (xy) of `center` is in view.

    For simulators and tests that know what is in range without a camera model.
    """

    def __init__(self, center: Sequence[float], radius: float) -> None:
        self.center = np.asarray(center, dtype=float)
        self.radius = float(radius)

    def bounds(self) -> tuple[np.ndarray, np.ndarray]:
        r = np.array([self.radius, self.radius, self.radius])
        return self.center - r, self.center + r

    def visible(self, positions: np.ndarray, extents: np.ndarray | None = None) -> np.ndarray:
        d = np.linalg.norm(np.atleast_2d(positions)[:, :2] - self.center[:2], axis=1)
        return d <= self.radius


def _vec(v: Iterable[float]) -> Vec3:
    x, y, z = (float(c) for c in v)
    return (x, y, z)


def _dist(a: Sequence[float], b: Sequence[float]) -> float:
    return math.sqrt((a[0] - b[0]) ** 2 + (a[1] - b[1]) ** 2 + (a[2] - b[2]) ** 2)


class SceneGraph:
    def __init__(self, config: SceneGraphConfig | None = None) -> None:
        self.config = config or SceneGraphConfig()
        self.graph = nx.Graph()
        self._objects = GridIndex(self.config.grid_cell)
        self._by_label: dict[str, set[str]] = {}
        self._by_tracker: dict[str, str] = {}
        self._area_ids: list[str] = []
        self._area_xy = np.empty((0, 2))
        self._area_floor = np.empty(0, dtype=int)
        self.counters = {FLOOR: 0, AREA: 0, OBJECT: 0}
        self.current_area: str | None = None
        # Bumped whenever anything an area's text shows changes; the serialiser caches on it.
        self.area_versions: dict[str, int] = {}

    # -- queries --------------------------------------------------------------------------
    def nodes(self, layer: str) -> list[str]:
        return [n for n, d in self.graph.nodes(data=True) if d["layer"] == layer]

    @property
    def object_count(self) -> int:
        return len(self._objects)

    def node(self, node_id: str) -> dict[str, Any]:
        return self.graph.nodes[node_id]

    def objects_in(self, area_id: str) -> list[str]:
        return [n for n in self.graph.neighbors(area_id)
                if self.graph.nodes[n]["layer"] == OBJECT]

    def neighbours(self, area_id: str) -> list[str]:
        return sorted(n for n in self.graph.neighbors(area_id)
                      if self.graph.edges[area_id, n]["kind"] == NAVIGABLE)

    def floor_of(self, z: float) -> int:
        return math.floor((z - self.config.floor_origin) / self.config.floor_height)

    def objects_near(self, position: Sequence[float], radius: float) -> list[str]:
        return [o for o in self._objects.query_radius(position, radius)
                if _dist(self.graph.nodes[o]["position"], position) <= radius]

    # -- areas and floors -----------------------------------------------------------------
    def _new_id(self, layer: str) -> tuple[str, int]:
        uid = self.counters[layer]
        self.counters[layer] += 1
        return f"{layer}_{uid}", uid

    def _touch_area(self, area: str | None, changes: ChangeSet) -> None:
        if area is not None:
            self.area_versions[area] = self.area_versions.get(area, 0) + 1
            changes.touch(area)

    def _floor_node(self, level: int, stamp: float, changes: ChangeSet) -> str:
        node = f"floor_{level}" if level >= 0 else f"floor_m{-level}"
        if node not in self.graph:
            elevation = self.config.floor_origin + (level + 0.5) * self.config.floor_height
            self.graph.add_node(node, layer=FLOOR, uid=level, level=level,
                                position=(0.0, 0.0, elevation), label=f"floor {level}",
                                first_seen=stamp, last_seen=stamp, observation_count=0,
                                confidence=1.0)
            self.counters[FLOOR] = max(self.counters[FLOOR], level + 1)
            changes.touch(node)
        return node

    def _nearest_area(self, xy: Sequence[float], level: int | None) -> tuple[str | None, float]:
        if not self._area_ids:
            return None, math.inf
        d = np.hypot(self._area_xy[:, 0] - xy[0], self._area_xy[:, 1] - xy[1])
        if level is not None:
            d = np.where(self._area_floor == level, d, np.inf)
        i = int(np.argmin(d))
        return (self._area_ids[i], float(d[i])) if math.isfinite(d[i]) else (None, math.inf)

    def _add_area(self, position: Vec3, stamp: float, changes: ChangeSet) -> str:
        level = self.floor_of(position[2])
        floor = self._floor_node(level, stamp, changes)
        area, uid = self._new_id(AREA)
        self.graph.add_node(area, layer=AREA, uid=uid, position=position, floor=floor,
                            level=level, label=area, first_seen=stamp, last_seen=stamp,
                            observation_count=1, confidence=1.0)
        self.graph.add_edge(floor, area, kind=CONTAINS)
        changes.touch_edge(floor, area)
        self._index_area(area, position, level)
        self._touch_area(area, changes)
        return area

    def _index_area(self, area: str, position: Vec3, level: int) -> None:
        self._area_ids.append(area)
        self._area_xy = np.vstack((self._area_xy, [position[:2]]))
        self._area_floor = np.append(self._area_floor, level)

    def visit(self, position: Sequence[float], stamp: float,
              changes: ChangeSet | None = None) -> str:
        """Record the robot at `position`; returns its area (created if none is near)."""
        changes = changes if changes is not None else ChangeSet()
        pos = _vec(position)
        if not all(math.isfinite(c) for c in pos):
            raise ValueError(f"robot position {pos} is not finite")
        level = self.floor_of(pos[2])
        area, dist = self._nearest_area(pos, level)
        if area is None or dist > self.config.area_spacing:
            area = self._add_area(pos, stamp, changes)
        else:
            attrs = self.graph.nodes[area]
            attrs["last_seen"] = stamp
            attrs["observation_count"] += 1
            changes.touch(area)
        previous = self.current_area
        if previous is not None and previous != area:
            if self.graph.has_edge(previous, area):
                self.graph.edges[previous, area]["traversals"] += 1
            else:
                self.graph.add_edge(previous, area, kind=NAVIGABLE, traversals=1)
                self._touch_area(previous, changes)
                self._touch_area(area, changes)
            changes.touch_edge(previous, area)
        self.current_area = area
        return area

    def _attach(self, obj: str, stamp: float, changes: ChangeSet) -> None:
        attrs = self.graph.nodes[obj]
        pos = attrs["position"]
        area, dist = self._nearest_area(pos, self.floor_of(pos[2]))
        if area is None:
            area, dist = self._nearest_area(pos, None)
        if area is None:  # never visited anywhere: the object defines the first area
            area = self._add_area((pos[0], pos[1], pos[2]), stamp, changes)
            dist = 0.0
        attrs["far_from_area"] = dist > self.config.object_area_radius
        old = attrs.get("area")
        if old == area:
            return
        if old is not None and self.graph.has_edge(old, obj):
            self.graph.remove_edge(old, obj)
            changes.remove_edge(old, obj)
            self._touch_area(old, changes)
        attrs["area"] = area
        self.graph.add_edge(area, obj, kind=CONTAINS)
        changes.touch_edge(area, obj)
        self._touch_area(area, changes)

    # -- objects --------------------------------------------------------------------------
    def _add_object(self, obs: Observation, stamp: float, changes: ChangeSet) -> str:
        obj, uid = self._new_id(OBJECT)
        pos = _vec(obs.position)
        cfg = self.config
        self.graph.add_node(
            obj, layer=OBJECT, uid=uid, label=obs.label, position=pos,
            history=[list(pos)], first_seen=stamp, last_seen=stamp, observation_count=1,
            confidence=cfg.initial_confidence, movable=cfg.is_movable(obs.label),
            state=obs.state or "none", last_absent=None, misses=0,
            tracker_id=obs.tracker_id, area=None, far_from_area=False,
        )
        self._set_box(obj, obs)
        self._objects.insert(obj, pos)
        self._by_label.setdefault(cfg.canonical(obs.label), set()).add(obj)
        if obs.tracker_id:
            self._by_tracker[obs.tracker_id] = obj
        self._attach(obj, stamp, changes)
        changes.touch(obj)
        return obj

    def _set_box(self, obj: str, obs: Observation) -> None:
        attrs = self.graph.nodes[obj]
        attrs["box_extent"] = _vec(obs.box_extent)
        attrs["box_rotation"] = matrix_to_quaternion(obs.box_rotation)

    def _remove_object(self, obj: str, changes: ChangeSet) -> None:
        attrs = self.graph.nodes[obj]
        area = attrs.get("area")
        if area is not None:
            changes.remove_edge(area, obj)
            self._touch_area(area, changes)
        self._objects.remove(obj)
        self._by_label.get(self.config.canonical(attrs["label"]), set()).discard(obj)
        if attrs.get("tracker_id"):
            self._by_tracker.pop(attrs["tracker_id"], None)
        self.graph.remove_node(obj)
        changes.remove(obj)

    def _observe(self, obj: str, obs: Observation, stamp: float, changes: ChangeSet,
                 events: list[SceneGraphEvent]) -> None:
        """Merge an associated observation: median over a bounded window of positions,
        so a single wild estimate (bad box, depth edge) does not drag the object."""
        cfg = self.config
        attrs = self.graph.nodes[obj]
        history = attrs["history"]
        history.append(list(_vec(obs.position)))
        del history[:-cfg.position_window]
        new_pos = _vec(np.median(np.asarray(history), axis=0))
        self._move_to(obj, new_pos, stamp, changes)
        self._set_box(obj, obs)
        attrs["last_seen"] = stamp
        attrs["observation_count"] += 1
        attrs["confidence"] += cfg.hit_gain * (1.0 - attrs["confidence"])
        attrs["misses"] = 0
        if obs.tracker_id and attrs.get("tracker_id") != obs.tracker_id:
            attrs["tracker_id"] = obs.tracker_id
            self._by_tracker[obs.tracker_id] = obj
        if obs.state and obs.state != attrs["state"]:
            events.append(SceneGraphEvent(
                EventKind.STATE_CHANGED, obj, attrs["label"], stamp, attrs["position"],
                attrs["position"], attrs["area"], attrs["state"], obs.state))
            attrs["state"] = obs.state
            self._touch_area(attrs["area"], changes)
        changes.touch(obj)

    def _move_to(self, obj: str, pos: Vec3, stamp: float, changes: ChangeSet) -> None:
        attrs = self.graph.nodes[obj]
        attrs["position"] = pos
        self._objects.insert(obj, pos)
        self._attach(obj, stamp, changes)
        self._touch_area(attrs["area"], changes)

    # -- the per-frame update -------------------------------------------------------------
    def update(
        self,
        observations: Sequence[Observation],
        view: VisibilityModel | None = None,
        robot_position: Sequence[float] | None = None,
        stamp: float | None = None,
    ) -> UpdateResult:
        """Apply one frame: robot position, observations, and what should have been seen.

        `view` (a CameraView, or any VisibilityModel) enables change detection: known
        objects it says should be visible but that no observation matched are "missed".
        Without it, objects are only added and merged. The robot position defaults to the
        view's pose (the camera is on the robot).
        """
        changes = ChangeSet()
        events: list[SceneGraphEvent] = []
        rejected: list[str] = []
        if stamp is None:
            stamp = getattr(view, "stamp", None)
        if stamp is None:
            stamp = max((o.stamp for o in observations if isinstance(o, Observation)),
                        default=0.0)
        if robot_position is None and view is not None and hasattr(view, "pose"):
            robot_position = view.pose.position
        if robot_position is not None:
            self.visit(robot_position, stamp, changes)

        valid = []
        for obs in observations:
            reason = _check_observation(obs)
            if reason:
                rejected.append(reason)
            else:
                valid.append(obs)
        matches, unmatched = self._associate(valid)
        for i, obj in matches.items():
            self._observe(obj, valid[i], stamp, changes, events)

        missed = self._missed(view, set(matches.values())) if view is not None else []
        missed_set = set(missed)
        for i in unmatched:
            obs = valid[i]
            obj = self._find_moved(obs, missed_set)
            if obj is None:
                obj = self._add_object(obs, stamp, changes)
                attrs = self.graph.nodes[obj]
                events.append(SceneGraphEvent(EventKind.NEW, obj, obs.label, stamp, None,
                                              attrs["position"], attrs["area"], "",
                                              attrs["state"]))
                continue
            missed_set.discard(obj)
            attrs = self.graph.nodes[obj]
            old = attrs["position"]
            attrs["history"] = []
            self._observe(obj, obs, stamp, changes, events)
            events.append(SceneGraphEvent(EventKind.MOVED, obj, attrs["label"], stamp, old,
                                          attrs["position"], attrs["area"]))
        for obj in missed:
            if obj in missed_set:
                self._miss(obj, stamp, changes, events)
        return UpdateResult(events, changes, rejected)

    def _associate(self, observations: Sequence[Observation]) -> tuple[dict[int, str], list[int]]:
        """Greedy nearest-first assignment of observations to compatible objects in the
        gate; one object takes at most one observation per frame."""
        gate = self.config.gate_distance
        canonical = self.config.canonical
        pairs = []
        for i, obs in enumerate(observations):
            label = canonical(obs.label)
            pos = obs.position
            for obj in self._objects.query_radius(pos, gate):
                attrs = self.graph.nodes[obj]
                if canonical(attrs["label"]) != label:
                    continue
                d = _dist(attrs["position"], pos)
                if d <= gate:
                    pairs.append((d, i, obj))
        pairs.sort()
        matches: dict[int, str] = {}
        taken: set[str] = set()
        for _, i, obj in pairs:
            if i not in matches and obj not in taken:
                matches[i] = obj
                taken.add(obj)
        unmatched = [i for i in range(len(observations)) if i not in matches]
        return matches, unmatched

    def _missed(self, view: VisibilityModel, seen: set[str]) -> list[str]:
        lo, hi = view.bounds()
        candidates = [o for o in self._objects.query_box(lo, hi) if o not in seen]
        if not candidates:
            return []
        nodes = self.graph.nodes
        positions = np.array([nodes[o]["position"] for o in candidates])
        extents = np.array([nodes[o]["box_extent"] for o in candidates])
        visible = view.visible(positions, extents)
        return [o for o, v in zip(candidates, visible, strict=True) if v]

    def _find_moved(self, obs: Observation, missed_now: set[str]) -> str | None:
        """The known object this unmatched observation most plausibly is, relocated:
        the same tracker id anywhere, else the nearest movable object of a compatible
        label that is being missed (this frame or before)."""
        if obs.tracker_id and obs.tracker_id in self._by_tracker:
            obj = self._by_tracker[obs.tracker_id]
            if self.graph.nodes[obj]["movable"]:
                return obj
        cfg = self.config
        if not cfg.is_movable(obs.label):
            return None
        best, best_d = None, math.inf
        for obj in self._by_label.get(cfg.canonical(obs.label), ()):
            attrs = self.graph.nodes[obj]
            if attrs["movable"] and (obj in missed_now or attrs["misses"] > 0):
                d = _dist(attrs["position"], obs.position)
                if d < best_d:
                    best, best_d = obj, d
        return best

    def _miss(self, obj: str, stamp: float, changes: ChangeSet,
              events: list[SceneGraphEvent]) -> None:
        cfg = self.config
        attrs = self.graph.nodes[obj]
        attrs["misses"] += 1
        attrs["last_absent"] = stamp
        attrs["confidence"] = max(0.0, attrs["confidence"] - (
            cfg.miss_penalty if attrs["movable"] else cfg.immovable_miss_penalty))
        changes.touch(obj)
        if attrs["confidence"] < cfg.remove_below and attrs["misses"] >= cfg.min_misses_to_remove:
            events.append(SceneGraphEvent(EventKind.REMOVED, obj, attrs["label"], stamp,
                                          attrs["position"], None, attrs["area"]))
            self._remove_object(obj, changes)

    # -- restore (persistence, JSON) ------------------------------------------------------
    def restore(self, nodes: Iterable[tuple[str, dict[str, Any]]],
                edges: Iterable[tuple[str, str, dict[str, Any]]],
                counters: dict[str, int], current_area: str | None) -> None:
        """Rebuild from stored rows (indices included). The graph must be empty."""
        if len(self.graph):
            raise ValueError("restore into a non-empty scene graph")
        for node, attrs in nodes:
            for key in ("position", "box_extent"):
                if key in attrs:
                    attrs[key] = _vec(attrs[key])
            if "box_rotation" in attrs:
                attrs["box_rotation"] = tuple(float(v) for v in attrs["box_rotation"])
            self.graph.add_node(node, **attrs)
        for a, b, attrs in edges:
            self.graph.add_edge(a, b, **attrs)
        areas = sorted(self.nodes(AREA), key=lambda n: self.graph.nodes[n]["uid"])
        for area in areas:
            attrs = self.graph.nodes[area]
            self._index_area(area, attrs["position"], attrs["level"])
            self.area_versions[area] = 0
        for obj in self.nodes(OBJECT):
            attrs = self.graph.nodes[obj]
            self._objects.insert(obj, attrs["position"])
            self._by_label.setdefault(self.config.canonical(attrs["label"]), set()).add(obj)
            if attrs.get("tracker_id"):
                self._by_tracker[attrs["tracker_id"]] = obj
        self.counters.update(counters)
        self.current_area = current_area


def _check_observation(obs: Observation) -> str:
    """Why an observation cannot be used, or '' when it can."""
    if not isinstance(obs, Observation):
        return f"not an Observation: {type(obs).__name__}"
    if not isinstance(obs.label, str) or not obs.label.strip():
        return "observation with an empty label"
    try:
        pos = _vec(obs.position)
        extent = _vec(obs.box_extent)
    except (TypeError, ValueError):
        return f"observation {obs.label!r}: position/extent are not 3 numbers"
    if not all(math.isfinite(c) for c in (*pos, *extent)):
        return f"observation {obs.label!r}: non-finite position {pos} or extent {extent}"
    if np.asarray(obs.box_rotation).shape != (3, 3):
        return f"observation {obs.label!r}: box rotation is not 3x3"
    return ""
