"""The way between two points by what memory has walked: the scene graph's areas (spots the
robot stood at, about `area_spacing` apart) and its NAVIGABLE edges (the robot walked
straight from one to the other). The planner holds no map; a straight line through a wall
was its only cost of a walk before (loop43: the main job's far cabinet 1.97 m from the
table, 3.9 s by that cost, 12.4 s walked). Two points whose areas are the same or linked
keep the straight line (the robot has walked between them); otherwise the way is the
shortest chain of walked links between their areas, plus the legs to and from it. Areas
the walks never linked (a pose jump, a map the robot has not crossed) give the straight
line too: memory does not know the way, and guessing a detour would be a made-up cost.
"""

from __future__ import annotations

import heapq
import math
from collections.abc import Iterable, Sequence

from .types import AreaView

Point = Sequence[float]


class TravelGraph:
    """Walked links between memory's areas, with floor-plane lengths between centres."""

    def __init__(self, areas: Iterable[AreaView]) -> None:
        self.xy: dict[str, tuple[float, float]] = {
            a.area_id: (a.position[0], a.position[1]) for a in areas
            if a.position is not None and a.neighbours}
        self.links: dict[str, set[str]] = {a: set() for a in self.xy}
        for a in areas:
            for n in a.neighbours if a.area_id in self.xy else ():
                if n in self.xy and n != a.area_id:   # a link is listed at both ends
                    self.links[a.area_id].add(n)
                    self.links[n].add(a.area_id)
        self._from: dict[str, dict[str, float]] = {}

    def __bool__(self) -> bool:
        return any(self.links.values())

    def area_at(self, point: Point) -> str | None:
        """The linked area nearest `point` (floor plane), None without any."""
        if not self.xy:
            return None
        return min(self.xy, key=lambda a: (math.dist(self.xy[a], point[:2]), a))

    def _lengths(self, start: str) -> dict[str, float]:
        """Shortest chain length from `start` to every area its links reach (Dijkstra)."""
        done = self._from.get(start)
        if done is not None:
            return done
        best = {start: 0.0}
        heap = [(0.0, start)]
        while heap:
            d, a = heapq.heappop(heap)
            if d > best.get(a, math.inf):
                continue
            for n in self.links[a]:
                nd = d + math.dist(self.xy[a], self.xy[n])
                if nd < best.get(n, math.inf):
                    best[n] = nd
                    heapq.heappush(heap, (nd, n))
        self._from[start] = best
        return best

    def way_m(self, origin: Point, target: Point, target_area: str = "") -> float:
        """Metres from `origin` to `target` by the walked links (see the module's text).
        `target_area`: the area memory attached the target to, when it is a linked one."""
        straight = math.dist(origin[:2], target[:2])
        start = self.area_at(origin)
        end = target_area if target_area in self.xy else self.area_at(target)
        if start is None or end is None or end == start or end in self.links[start]:
            return straight
        chain = self._lengths(start).get(end)
        if chain is None:
            return straight
        return max(straight, math.dist(origin[:2], self.xy[start]) + chain
                   + math.dist(self.xy[end], target[:2]))
