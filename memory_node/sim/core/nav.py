"""Paths over the navigable grid (networkx shortest paths on the 8-connected free cells)."""

from __future__ import annotations

import math
from collections.abc import Iterable

import networkx as nx
import numpy as np

from memory_node.sim.core.world import GRID, World, WorldObject, in_front_of

REACH = 0.9     # metres from the robot's centre to the nearest face of what the arm touches


class Navigator:
    """The free cells as a graph; built once per layout (furniture does not move)."""

    def __init__(self, free: Iterable[tuple[int, int]]) -> None:
        cells = set(free)
        g = nx.Graph()
        g.add_nodes_from(cells)
        for (i, j) in cells:
            for di, dj in ((1, 0), (0, 1), (1, 1), (1, -1)):
                n = (i + di, j + dj)
                if n not in cells:
                    continue
                # A diagonal step must not cut a corner of an obstacle.
                if di and dj and ((i + di, j) not in cells or (i, j + dj) not in cells):
                    continue
                g.add_edge((i, j), n, weight=GRID * math.hypot(di, dj))
        self.graph = g
        self._xy = np.array([World.cell_xy(c) for c in cells]) if cells else np.zeros((0, 2))
        self._cells = list(cells)

    def nearest_cell(self, x: float, y: float) -> tuple[int, int]:
        if not self._cells:
            raise LookupError("the house has no navigable cell")
        k = int(np.argmin(np.hypot(self._xy[:, 0] - x, self._xy[:, 1] - y)))
        return self._cells[k]

    def nearest_reachable(self, x: float, y: float, start: tuple[float, float]
                          ) -> tuple[int, int] | None:
        """The free cell nearest (x, y) among those a path from `start` reaches (the
        nearest free cell overall can lie on a part of the floor the robot cannot get to).
        None when `start` reaches no cell."""
        reach = self.reachable_from(*start)
        if not reach:
            return None
        nearest = self.nearest_cell(x, y)
        if nearest in reach:
            return nearest
        return min(reach, key=lambda c: (math.dist(World.cell_xy(c), (x, y)), c))

    def distances_from(self, x: float, y: float) -> dict[tuple[int, int], float]:
        start = self.nearest_cell(x, y)
        return nx.single_source_dijkstra_path_length(self.graph, start, weight="weight")

    def reachable_from(self, x: float, y: float) -> set[tuple[int, int]]:
        """The free cells a path from (x, y) reaches (its part of the floor: some floor
        plans' grids are in pieces)."""
        if not self._cells:
            return set()
        return set(nx.node_connected_component(self.graph, self.nearest_cell(x, y)))

    def path(self, x: float, y: float, goal: tuple[int, int]) -> list[tuple[float, float]]:
        """Waypoints from (x, y) to the goal cell; [] when unreachable."""
        start = self.nearest_cell(x, y)
        try:
            cells = nx.astar_path(self.graph, start, goal, heuristic=_euclid, weight="weight")
        except (nx.NetworkXNoPath, nx.NodeNotFound):
            return []
        pts = [(x, y)] + [World.cell_xy(c) for c in cells]
        return _dedupe(pts)

    def cells_near(self, world: World, obj: WorldObject, reach: float = REACH) -> list:
        """Free cells from which the object is within reach, nearest the object first;
        not those with a wall between them and the object's nearest face (the arm does
        not reach through it)."""
        if not self._cells:
            return []
        d = face_distances(obj, self._xy)
        ok = [k for k in np.flatnonzero((d <= reach - 0.05) & (d >= 0.15))
              if not world.walled_off(obj, *self._xy[k])]
        return [self._cells[k] for k in sorted(ok, key=lambda k: (d[k], self._cells[k]))]

    def approach(self, world: World, obj: WorldObject, reach: float = REACH
                 ) -> tuple[tuple[int, int], float] | None:
        """The reachable cell in reach of `obj` with the shortest path, and its length.
        Before an openable receptacle, a cell in front of its opening when one is
        reachable: an arm opens a door from in front of it, and only from there does the
        camera see inside. From a cell beside a fridge the frame after the open showed its
        side panel, and the mug on its shelf was never seen (bench/README_tasks.md round 19)."""
        cands = self.cells_near(world, obj, reach)
        if not cands:
            return None
        dist = self.distances_from(world.robot.x, world.robot.y)
        cands = [c for c in cands if c in dist]
        if obj.kind.openable:
            cands = [c for c in cands if in_front_of(obj, *World.cell_xy(c))] or cands
        best = min(((dist[c], c) for c in cands), default=None)
        return None if best is None else (best[1], best[0])


def path_length(points: list[tuple[float, float]]) -> float:
    return float(sum(math.dist(a, b) for a, b in zip(points, points[1:], strict=False)))


def heading(frm: tuple[float, float], to: tuple[float, float]) -> float:
    return math.atan2(to[1] - frm[1], to[0] - frm[0])


def angle_diff(a: float, b: float) -> float:
    return (b - a + math.pi) % (2 * math.pi) - math.pi


def face_distances(obj: WorldObject, xy: np.ndarray) -> np.ndarray:
    """Horizontal distance from each point to the object's footprint (0 inside)."""
    dx, dy = obj.position[0] - xy[:, 0], obj.position[1] - xy[:, 1]
    c, s = math.cos(-obj.yaw), math.sin(-obj.yaw)
    lx, ly = c * dx - s * dy, s * dx + c * dy
    size = obj.size
    return np.hypot(np.maximum(np.abs(lx) - size[0] / 2, 0.0),
                    np.maximum(np.abs(ly) - size[1] / 2, 0.0))


def _euclid(a: tuple[int, int], b: tuple[int, int]) -> float:
    return GRID * math.hypot(a[0] - b[0], a[1] - b[1])


def _dedupe(pts: list[tuple[float, float]]) -> list[tuple[float, float]]:
    out = [pts[0]]
    for p in pts[1:]:
        if math.dist(p, out[-1]) > 1e-6:
            out.append(p)
    return out
